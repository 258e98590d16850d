package io.collide4j.planner.cli;

import static io.collide4j.planner.cli.MainTest.cli;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.planner.options.ExitCode;
import io.collide4j.planner.plan.BandProbe;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code plan} with a goal inside the certificate's tolerance band: a 0.1 m cube on two prismatic joints (x, y), a
 * box whose lower face is y = 0.05 + 5e-5, so at (0, 0) the exact clearance is 5e-5 m, half the default 1e-4 m
 * tolerance. At margin 0 that goal is valid, but no path to it can certify; plan says so instead of planning.
 * From (−0.5, −0.3) to (0.5, −0.3) (far under the box) it plans and certifies.
 */
class PlanBandCliTest {
    private static String[] plan(Path dir, String start, String goal) throws Exception {
        Path urdf = BandProbe.writeUrdf(dir);
        Path scene = BandProbe.writeScene(dir);
        return new String[] {
            "plan",
            "--urdf",
            urdf.toString(),
            "--scene",
            scene.toString(),
            "--margin",
            "0",
            "--start",
            start,
            "--goal",
            goal,
            "--quiet"
        };
    }

    @Test
    void aGoalInsideTheToleranceBandIsRefusedWithTheReason(@TempDir Path dir) throws Exception {
        Object[] r = cli(plan(dir, "0,-0.3", "0,0"));
        assertEquals(ExitCode.VIOLATION.status(), r[0], r[1] + " " + r[2]);
        assertTrue(((String) r[1]).contains("goal configuration is within the certificate's tolerance band"), (String)
                r[1]);
    }

    @Test
    void aProblemClearOfTheBandPlansAndCertifies(@TempDir Path dir) throws Exception {
        Object[] r = cli(plan(dir, "-0.5,-0.3", "0.5,-0.3"));
        assertEquals(ExitCode.FREE.status(), r[0], r[1] + " " + r[2]);
        assertTrue(((String) r[1]).contains("path CERTIFIED_FREE"), (String) r[1]);
    }
}
