package io.collide4j.planner.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.certificate.Certificate;
import io.collide4j.checker.certificate.Verdict;
import io.collide4j.kinematics.JointTrajectory;
import io.collide4j.kinematics.TrajectoryCsv;
import io.collide4j.models.Models;
import io.collide4j.planner.CertificationProgressTest;
import io.collide4j.planner.Collide4j;
import io.collide4j.planner.TrajectoryCertifier;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The one library call that verifies a certificate, on the start of the bundled demo (Panda, table_shelf, a free
 * motion): an honest certificate holds under both verifiers; bound to another trajectory it does not bind; a margin
 * far above any clearance in a scene the robot stands in is not proven, a smaller one is answered.
 */
class CertificateVerificationTest {
    static Collide4j panda;
    static Certificate cert;
    static byte[] text;

    @BeforeAll
    static void certify() {
        panda = Collide4j.builder().robot("panda").sceneName("table_shelf").build();
        // the demo's first three rows: a prefix of a free motion is free, and short enough to verify quickly
        String csv = String.join(
                        "\n",
                        Models.trajectoryCsv("panda_shelf_demo")
                                .lines()
                                .limit(5)
                                .toList()) + "\n";
        JointTrajectory demo = TrajectoryCsv.read(new StringReader(csv), "demo");
        TrajectoryCertifier.Certification c =
                panda.trajectoryCertifier().certify(demo, panda.margin(), TrajectoryCertifier.DEFAULT_BUDGET);
        assertEquals(
                Verdict.CERTIFIED_FREE,
                c.result().verdict(),
                "the demo is free (its documented answer), so its start is");
        text = c.result().certificateJson().getBytes(StandardCharsets.UTF_8);
        cert = Certificate.read(c.result().certificateJson(), "demo certificate");
    }

    private static VerificationResult verify(VerifierChoice which, Double margin, JointTrajectory t) {
        return CertificateVerification.verify(
                panda, cert, text, "demo certificate", new VerificationRequest(which, margin, t, false));
    }

    @Test
    void anHonestCertificateHoldsUnderTheIndependentVerifier() {
        VerificationResult r = verify(null, null, null);
        assertEquals(VerificationOutcome.VALID, r.outcome(), r.problems().toString());
        assertTrue(r.valid());
        assertEquals(
                VerifierChoice.INDEPENDENT, r.verifier(), "a certificate with witnesses goes to the independent one");
        assertEquals(Verdict.CERTIFIED_FREE, r.verdict());
        assertTrue(r.checked() && r.stepsChecked() > 0, "steps checked: " + r.stepsChecked());
        assertFalse(r.provenClearance().isEmpty());
        r.provenClearance().forEach((pair, d) -> assertTrue(d >= cert.margin(), pair + " proven only " + d));
    }

    @Test
    void anHonestCertificateHoldsUnderTheRecomputeVerifier() {
        VerificationResult r = verify(VerifierChoice.RECOMPUTE, null, null);
        assertEquals(VerificationOutcome.VALID, r.outcome(), r.problems().toString());
        assertEquals(VerifierChoice.RECOMPUTE, r.verifier());
        assertEquals(Verdict.CERTIFIED_FREE, r.verdict());
        assertEquals(0, r.stepsChecked(), "plane steps are the independent verifier's");
    }

    @Test
    void boundToAnotherTrajectoryItDoesNotBind() {
        // the same motion resampled at other times: another trajectory, so another hash
        JointTrajectory other =
                TrajectoryCsv.read(new StringReader(CertificationProgressTest.demoResampled(40)), "other");
        VerificationResult r = verify(null, null, other);
        assertEquals(VerificationOutcome.UNBOUND, r.outcome());
        assertFalse(r.problems().isEmpty());
        assertFalse(r.checked(), "no verifier runs on an unbound certificate");
        assertNull(r.verdict());
    }

    @Test
    void aMarginAboveAnyClearanceIsNotProvenASmallerOneIs() {
        // the Panda stands on the table of table_shelf: no link is 10 m from every obstacle
        VerificationResult far = verify(null, 10.0, null);
        assertEquals(VerificationOutcome.MARGIN_NOT_PROVEN_BY_PLANES, far.outcome());
        assertNotNull(far.planesShortBy());
        assertFalse(far.valid());
        // a free certificate for margin m answers every smaller margin
        VerificationResult smaller = verify(null, cert.margin() / 2, null);
        assertEquals(
                VerificationOutcome.VALID, smaller.outcome(), smaller.problems().toString());
        assertFalse(smaller.beyond());
    }

    @Test
    void aNonFiniteMarginIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new VerificationRequest(null, Double.NaN, null, false));
    }
}
