package io.collide4j.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.certificate.Verdict;
import io.collide4j.checker.query.Contact;
import io.collide4j.checker.query.MeshMode;
import io.collide4j.kinematics.InvalidConfigurationException;
import io.collide4j.kinematics.JointTrajectory;
import io.collide4j.kinematics.TrajectoryCsv;
import io.collide4j.verifier.IndependentVerifier;
import io.collide4j.verifier.VerificationReport;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A mimic joint following a continuous joint (found while writing issue 31's held-out robot): its FK error bound
 * was unbounded, so the follower's box was grown by 4 × its radius (0.35 m here) and free states read "collision".
 *
 * <p>The robot, in the plane z = 0: continuous joint {@code lead} about z at the root; 0.5 m along the rotated x
 * axis the joint {@code fol} (mimic of lead, multiplier 0.5, about z) carrying a 0.1 m cube centred on it. At lead =
 * q the cube's centre is (0.5 cos q, 0.5 sin q) and it is turned by 1.5 q, so its top is at
 * y = 0.5 sin q + 0.05 (|sin 1.5q| + |cos 1.5q|). The scene is one wall, x ∈ [−1, 1], whose face is the plane
 * y = {@link #FACE}, wider than the cube's reach: whenever the cube is below the face, the clearance is exactly
 * FACE − top (computed in {@link #clearance}, independently of the checker). q and q + 2πk give the same geometry
 * (the follower turns by a multiple of π; a cube is symmetric under that).
 */
class MimicOfContinuousJointTest {
    static final double FACE = 0.533;
    static final double MARGIN = 0.01;
    static final String SCENE = """
            {"format": "collide4j-scene/1", "name": "wall", "objects": [
              {"name": "wall", "type": "box", "size": [2, 0.1, 1], "pose": {"xyz": [0, 0.583, 0], "quaternion": [0, 0, 0, 1]}}
            ]}""";

    @TempDir
    static Path dir;

    static Collide4j robot(String followerType) throws IOException {
        String limit = followerType.equals("revolute")
                ? "<limit lower=\"-3.14\" upper=\"3.14\" effort=\"1\" velocity=\"1\"/>"
                : "";
        String urdf = """
                <robot name="mimic_probe">
                  <link name="base"/>
                  <link name="arm"/>
                  <link name="cube"><collision><geometry><box size="0.1 0.1 0.1"/></geometry></collision></link>
                  <joint name="lead" type="continuous"><parent link="base"/><child link="arm"/><axis xyz="0 0 1"/></joint>
                  <joint name="fol" type="%s"><parent link="arm"/><child link="cube"/><origin xyz="0.5 0 0"/>
                    <axis xyz="0 0 1"/>%s<mimic joint="lead" multiplier="0.5"/></joint>
                </robot>""".formatted(followerType, limit);
        Path file = dir.resolve("mimic_" + followerType + ".urdf");
        Files.writeString(file, urdf, StandardCharsets.UTF_8);
        return Collide4j.builder()
                .urdf(file)
                .sceneJson(SCENE, "wall-scene")
                .margin(MARGIN)
                .build();
    }

    /** Exact clearance of the cube below the wall's face at lead = q (analytic, see the class comment). */
    static double clearance(double q) {
        double a = 1.5 * q;
        return FACE - (0.5 * Math.sin(q) + 0.05 * (Math.abs(Math.sin(a)) + Math.abs(Math.cos(a))));
    }

    @ParameterizedTest
    @ValueSource(strings = {"revolute", "continuous"})
    void aStateFiveCentimetresAwayIsFreeAndAPenetratingOneIsNot(String followerType) throws IOException {
        Collide4j r = robot(followerType);
        double q = Math.PI / 3; // cube axis-aligned, top at 0.5·sin 60° + 0.05
        double exact = clearance(q);
        assertEquals(0.0499873, exact, 1e-6);
        Contact c = r.closestObstacle(new double[] {q});
        assertTrue(c.lowerBound() <= exact, "certified bound " + c.lowerBound() + " above the exact " + exact);
        assertTrue(c.lowerBound() > exact - 1e-6, "bound " + c.lowerBound() + " far below the exact " + exact);
        assertTrue(r.isValid(new double[] {q}), "a state 5 cm from the wall, margin 1 cm");

        double into = Math.PI / 2; // cube turned 45°, top at 0.5 + 0.0707: 3.8 cm inside the wall
        assertTrue(clearance(into) < -0.03);
        assertFalse(r.isValid(new double[] {into}));
    }

    /**
     * Brute-force oracle over the continuous leader's whole circle and far turns of it (|q| up to ~950 rad): a free
     * answer only where the exact clearance exceeds the margin, and every state with 1 mm to spare answered free.
     */
    @Test
    void freeExactlyWhereTheExactClearanceExceedsTheMargin() throws IOException {
        Collide4j r = robot("continuous");
        int free = 0;
        for (int k : new int[] {0, 1, -1, 37, -151}) {
            for (int i = 0; i < 120; i++) {
                double base = -Math.PI + i * (2 * Math.PI / 120);
                double q = base + 2 * Math.PI * k;
                double exact = clearance(base);
                boolean valid = r.isValid(new double[] {q});
                if (valid) {
                    free++;
                    assertTrue(exact > MARGIN, "q = " + q + " answered free with exact clearance " + exact);
                } else {
                    assertFalse(exact > MARGIN + 1e-3, "q = " + q + " refused with exact clearance " + exact);
                }
            }
        }
        assertTrue(free > 300, free + " free states of 600");
    }

    /** Beyond {@code KinematicModel.MAX_MIMIC_SOURCE_VALUE} (1e3) the FK error bound no longer holds: refused. */
    @Test
    void aMimicSourceBeyondTheCapIsRefusedNamingTheJoints() throws IOException {
        Collide4j r = robot("continuous");
        assertTrue(clearance(999) > 0.03); // 999 rad is −0.0292 rad plus 159 turns: free, inside the cap
        assertTrue(r.isValid(new double[] {999}));
        assertFalse(r.isValid(new double[] {1000.5}), "the planner facade answers not valid");
        InvalidConfigurationException e = assertThrows(
                InvalidConfigurationException.class,
                () -> r.model().kinematics().checkConfiguration(new double[] {1000.5}));
        assertTrue(
                e.getMessage().contains("lead")
                        && e.getMessage().contains("fol")
                        && e.getMessage().contains("1000.5"),
                e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"revolute", "continuous"})
    void aMotionIsCertifiedAndVerifiedIndependently(String followerType) throws IOException {
        Collide4j r = robot(followerType);
        // along lead ∈ [0, 1] the top stays below 0.5 sin 1 + 0.0707 = 0.4914: 4 cm from the face
        JointTrajectory t = TrajectoryCsv.read(new StringReader("time,lead\n0,0\n1,0.8\n2,1.0\n"), "mimic-motion");
        TrajectoryCertifier.Certification c =
                r.trajectoryCertifier().certify(t, r.margin(), TrajectoryCertifier.DEFAULT_BUDGET);
        assertEquals(
                Verdict.CERTIFIED_FREE,
                c.result().verdict(),
                String.valueOf(c.result().violation()));
        VerificationReport v = IndependentVerifier.verify(
                r.model().kinematics().description(),
                r.semantics(),
                c.result().certificateJson().getBytes(StandardCharsets.UTF_8),
                "mimic.json",
                CertificateInputs.of(r, MeshMode.HULL, null));
        assertTrue(v.valid(), v.problems().toString());
    }
}
