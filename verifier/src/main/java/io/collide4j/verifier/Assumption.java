package io.collide4j.verifier;

import java.util.Objects;

/**
 * Something a certificate relies on that the independent verifier did not prove, listed in its report so the reader
 * can judge it: a self pair left unchecked because the caller said so (SOUNDNESS.md, lemma A2), or a decomposed mesh
 * whose solid is not proven free of other bodies (lemma D2). {@code verify --strict} refuses a certificate with any.
 * Immutable.
 *
 * @param kind   what kind of trust it is
 * @param first  the first body (link or attached object) of the pair, as the certificate names it; the link for
 *               {@link Kind#DECOMPOSED_SOLID} (or the attached object)
 * @param second the second body; "collision element N" (or "attached mesh") for {@link Kind#DECOMPOSED_SOLID}
 */
public record Assumption(Kind kind, String first, String second) {
    /** What was not checked. */
    public enum Kind {
        /** The caller allowed the pair (an allow entry, {@code --allow A,B}): its contact is not excluded. */
        CALLER_ALLOWED_PAIR,
        /** An attached object and its parent or touch link: the caller's attachment says they may touch. */
        ATTACHED_CONTACT,
        /**
         * A mesh covered by decomposition pieces ({@code first} the link or attached object, {@code second} "collision
         * element N" or "attached mesh"): the pieces are proven to hold the mesh's surface (lemma D1); that no other body lies wholly inside the
         * mesh's solid, which the surface alone does not exclude, is assumed (lemma D2).
         */
        DECOMPOSED_SOLID,
        /**
         * An obstacle kept as a closed exact mesh ({@code first} its name, {@code second} "robot piece link#i"): the
         * piece is proven clear of every triangle over its windows (lemma E1); that it is not inside the mesh's solid
         * is assumed, because no plane step of the pair places it outside (lemma E2).
         */
        EXACT_MESH_SOLID
    }

    public Assumption {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(first, "first");
        Objects.requireNonNull(second, "second");
    }

    /** One line for the verifier's output, naming the pair (or the link's element) and the reason. */
    public String describe() {
        return switch (kind) {
            case CALLER_ALLOWED_PAIR -> "pair " + first + "–" + second + " allowed by the caller (not checked)";
            case ATTACHED_CONTACT ->
                "pair " + first + "–" + second + " allowed by the caller's attachment (contact of an"
                        + " attached object with its link or a touch link, not checked)";
            case DECOMPOSED_SOLID ->
                first + " " + second + ": its decomposition pieces are proven to cover the mesh"
                        + " surface; no body wholly inside the mesh's solid (not checked)";
            case EXACT_MESH_SOLID ->
                "exact mesh " + first + ": " + second + " is proven clear of its triangles; not inside"
                        + " the solid they bound (not checked)";
        };
    }
}
