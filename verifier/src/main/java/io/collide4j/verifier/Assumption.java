package io.collide4j.verifier;

import java.util.Objects;

/**
 * Something a certificate relies on that the independent verifier did not prove, listed in its report so the reader
 * can judge it (SOUNDNESS.md, lemma A2): a self pair left unchecked because the caller said so. {@code verify --strict}
 * refuses a certificate with any. Immutable.
 *
 * @param kind   what kind of trust it is
 * @param first  the first body (link or attached object) of the pair, as the certificate names it
 * @param second the second body
 */
public record Assumption(Kind kind, String first, String second) {
    /** Why the pair was not checked. */
    public enum Kind {
        /** The caller allowed the pair (an allow entry, {@code --allow A,B}): its contact is not excluded. */
        CALLER_ALLOWED_PAIR,
        /** An attached object and its parent or touch link: the caller's attachment says they may touch. */
        ATTACHED_CONTACT
    }

    public Assumption {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(first, "first");
        Objects.requireNonNull(second, "second");
    }

    /** One line for the verifier's output, naming the pair and the reason. */
    public String describe() {
        return switch (kind) {
            case CALLER_ALLOWED_PAIR -> "pair " + first + "–" + second + " allowed by the caller (not checked)";
            case ATTACHED_CONTACT -> "pair " + first + "–" + second + " allowed by the caller's attachment (contact of an"
                    + " attached object with its link or a touch link, not checked)";
        };
    }
}
