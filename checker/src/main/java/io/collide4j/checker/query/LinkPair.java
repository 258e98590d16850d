package io.collide4j.checker.query;

/**
 * One checked pair of convex pieces: a robot body piece and either an obstacle piece
 * ({@code environment} true, {@code second} an obstacle name) or another robot body piece.
 */
public record LinkPair(String first, int firstPiece, String second, int secondPiece, boolean environment) {
    /** "body#piece|other#piece" — the key used in certificates and clearance maps. */
    public String key() {
        return first + "#" + firstPiece + "|" + (environment ? "env:" : "") + second + "#" + secondPiece;
    }
}
