package io.collide4j.planner.cli;

import static io.collide4j.planner.cli.MainTest.cli;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.query.MotionResult;
import io.collide4j.checker.query.MotionStatus;
import io.collide4j.checker.scene.Scene;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.planner.Collide4j;
import io.collide4j.planner.options.ExitCode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 13 from the user's side: a robot with continuous joints, through the façade ({@link Collide4j#isValid},
 * {@link Collide4j#checkMotion}) and the CLI ({@code certify}, {@code check}). Overflowing motions are refused with
 * exit code 65 and a message naming the joint (they used to be FREE, or to fail with "JSON cannot represent NaN").
 *
 * <p>The robot: two continuous joints about z at the origin; the base carries a sphere (radius 0.1) at (1, 0, 0),
 * link l2 one at (0, 1, 0) (l1's small sphere on the axis keeps base and l2 from counting as adjacent, so their pair is
 * checked). Exact clearance at q: 2|sin(φ/2)| − 0.2 with φ = q1 + q2 + π/2 (closed form).
 */
public class ExtremeInputCliTest {
    public static final String URDF = """
            <robot name="spin">
              <link name="base"><collision><origin xyz="1 0 0"/><geometry><sphere radius="0.1"/></geometry></collision></link>
              <link name="l1"><collision><origin xyz="0 0 0.5"/><geometry><sphere radius="0.05"/></geometry></collision></link>
              <link name="l2"><collision><origin xyz="0 1 0"/><geometry><sphere radius="0.1"/></geometry></collision></link>
              <joint name="j1" type="continuous"><parent link="base"/><child link="l1"/><axis xyz="0 0 1"/></joint>
              <joint name="j2" type="continuous"><parent link="l1"/><child link="l2"/><axis xyz="0 0 1"/></joint>
            </robot>
            """;

    /** Exact clearance of the base–l2 pair; angles reduced through sin and cos (exact argument reduction). */
    static double clearance(double q1, double q2) {
        double phi = Math.atan2(Math.sin(q1), Math.cos(q1)) + Math.atan2(Math.sin(q2), Math.cos(q2)) + Math.PI / 2;
        return 2 * Math.abs(Math.sin(phi / 2)) - 0.2;
    }

    @Test
    void facadeNeverCallsAnUnprovenStateFreeAndRefusesUnboundedMotions(@TempDir Path dir) throws Exception {
        Path urdf = Files.writeString(dir.resolve("spin.urdf"), URDF);
        Collide4j c = Collide4j.builder().urdf(urdf).scene(Scene.empty()).build();
        Random r = new Random(1313);
        int free = 0, colliding = 0;
        for (int i = 0; i < 2000; i++) {
            double q1 = r.nextBoolean()
                    ? Math.scalb(r.nextDouble(), r.nextInt(1024)) * (r.nextBoolean() ? 1 : -1)
                    : 2 * Math.PI * (2 * r.nextDouble() - 1);
            double q2 = 2 * Math.PI * (2 * r.nextDouble() - 1);
            if (c.isValid(new double[] {q1, q2})) {
                free++;
                assertTrue(
                        clearance(q1, q2) > 0,
                        "valid at q = (" + q1 + ", " + q2 + ") but the exact clearance is " + clearance(q1, q2));
            } else {
                colliding++;
            }
        }
        assertTrue(free > 0 && colliding > 0, free + " valid, " + colliding + " not");
        // the reproducer: the self-collision swept by a huge turn of j1
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> c.checkMotion(new double[] {0, 0}, new double[] {1e154, 0}));
        assertTrue(e.getMessage().contains("j1"), e.getMessage());
        MotionResult m = c.checkMotion(new double[] {0, 0}, new double[] {KinematicModel.MAX_SEGMENT_TURN, 0});
        assertEquals(MotionStatus.COLLISION, m.status(), "a full turn sweeps through the base sphere");
    }

    @Test
    void certifyRefusesOverflowNamingTheJoint(@TempDir Path dir) throws Exception {
        Path urdf = Files.writeString(dir.resolve("spin.urdf"), URDF);
        Path cert = dir.resolve("c.json"), html = dir.resolve("r.html");
        String[][] cases = {
            {"time,j1,j2\n0,0,0\n1,1e154,0\n", "j1"},
            {"time,j1,j2\n0,0,0\n1,1e300,0\n", "j1"},
            {"time,j1,j2\n0,0,0.5\n1,0,1e308\n", "j2"},
            {"time,j1,j2,j1.velocity,j2.velocity\n0,0,0,0,0\n1e300,0.1,0.1,0,1e10\n", "j2"},
            {"time,j1,j2,j1.velocity,j2.velocity\n-1e308,0,0,0,0\n1e308,0.1,0.1,0,1\n", "duration overflows"},
            // straight segments: a violation's time inside this segment would be NaN (it passes the base sphere)
            {"time,j1,j2\n-1e308,0,0\n1e308,0,-3\n", "duration overflows"},
        };
        for (String[] k : cases) {
            Path traj = Files.writeString(dir.resolve("t.csv"), k[0]);
            Object[] res = cli(
                    "certify",
                    "--urdf",
                    urdf.toString(),
                    "--scene",
                    "none",
                    "--trajectory",
                    traj.toString(),
                    "--certificate",
                    cert.toString(),
                    "--report",
                    html.toString());
            String err = (String) res[2];
            assertEquals(ExitCode.DATA_ERROR.status(), res[0], k[0] + ": " + res[1] + err);
            // one error line (after the no-SRDF warning this robot gets)
            assertTrue(
                    err.contains(k[1])
                            && err.lines()
                                            .filter(l -> !l.startsWith("warning:"))
                                            .count()
                                    == 1,
                    k[0] + ": " + err);
            assertFalse(err.contains("JSON cannot represent"), err);
        }
        // within the caps the same robot certifies: j2 turns 1.5 rad, l2's sphere stays ≥ 1.21 m from the base's
        Path ok = Files.writeString(dir.resolve("ok.csv"), "time,j1,j2\n0,0,0\n1,0,1.5\n");
        Object[] res = cli(
                "certify",
                "--urdf",
                urdf.toString(),
                "--scene",
                "none",
                "--trajectory",
                ok.toString(),
                "--certificate",
                cert.toString(),
                "--report",
                html.toString());
        assertEquals(ExitCode.FREE.status(), res[0], res[1] + "" + res[2]);
    }
}
