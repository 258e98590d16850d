package io.collide4j.planner.verify;

import io.collide4j.checker.certificate.Certificate;
import org.jspecify.annotations.Nullable;

/** Which verifier checks a certificate. */
public enum VerifierChoice {
    /** Module {@code verifier}: its own interval kinematics and plane tests; needs witnesses (format /3). */
    INDEPENDENT,
    /** Re-proves every step with the certifier's own computations; the only one for older formats. */
    RECOMPUTE;

    /**
     * The verifier for {@code cert}: {@code asked}, or when null the independent one if the certificate has witnesses.
     *
     * @throws IllegalArgumentException when the independent verifier is asked for a certificate without witnesses
     */
    public static VerifierChoice resolve(@Nullable VerifierChoice asked, Certificate cert, String source) {
        if (asked == INDEPENDENT && cert.witness() == null) {
            throw new IllegalArgumentException("--verifier=independent needs a certificate with witnesses (format "
                    + "collide4j-certificate/3); " + source + " is " + cert.format() + ", which has none: use"
                    + " --verifier=recompute, or certify again to get witnesses");
        }
        if (asked != null) {
            return asked;
        }
        return cert.witness() != null ? INDEPENDENT : RECOMPUTE;
    }
}
