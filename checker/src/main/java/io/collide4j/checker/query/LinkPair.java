package io.collide4j.checker.query;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * One checked pair of convex pieces, by name: a robot body's piece and either an obstacle's piece
 * ({@code environment} true, {@code second} an obstacle name) or another robot body's piece. The one link-pair type
 * of the checker: contacts and certification results name pairs with it, and certificates write and read it as the
 * array {@code [first, firstPiece, second, secondPiece, environment]} (the independent verifier keeps its own copy
 * on purpose: it shares no code with the checker).
 *
 * @param first       the robot body (link or attached object)
 * @param firstPiece  the piece within {@code first}, from 0
 * @param second      the obstacle ({@code environment}) or the other robot body
 * @param secondPiece the piece within {@code second}, from 0
 * @param environment whether {@code second} is an obstacle of the scene
 */
@JsonFormat(shape = JsonFormat.Shape.ARRAY)
@JsonPropertyOrder({"first", "firstPiece", "second", "secondPiece", "environment"})
public record LinkPair(String first, int firstPiece, String second, int secondPiece, boolean environment) {
    /** "body#piece|other#piece" — the key used in certificates and clearance maps. */
    public String key() {
        return first + "#" + firstPiece + "|" + (environment ? "env:" : "") + second + "#" + secondPiece;
    }

    /** The pair as a certificate writes it: {@code [first, firstPiece, second, secondPiece, environment]}. */
    @Override
    public String toString() {
        return "[" + first + ", " + firstPiece + ", " + second + ", " + secondPiece + ", " + environment + "]";
    }
}
