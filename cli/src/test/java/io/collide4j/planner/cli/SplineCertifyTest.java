package io.collide4j.planner.cli;

import static io.collide4j.planner.cli.MainTest.cli;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.certificate.Verdict;
import io.collide4j.kinematics.JointTrajectory;
import io.collide4j.kinematics.TrajectoryCsv;
import io.collide4j.planner.Collide4j;
import io.collide4j.planner.TrajectoryCertifier;
import io.collide4j.planner.options.ExitCode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Trajectories with velocity columns are certified along the cubic pieces a controller executes: a motion that
 * returns to its start pose is trivially free as straight segments, but its spline swings the arm down into the
 * bundled table. Oracle: the trajectory's own interpolation sampled densely and checked state by state.
 */
class SplineCertifyTest {
    static final String READY = "0,-0.785,0,-2.356,0,1.571,0.785";
    /** CSV header columns: time and the Panda arm's joints, by name (columns map by name). */
    static final String POSITIONS = "time,"
            + String.join(
                    ",",
                    java.util.stream.IntStream.rangeClosed(1, 7)
                            .mapToObj(j -> "panda_joint" + j)
                            .toList());

    static final String VELOCITIES = String.join(
            ",",
            java.util.stream.IntStream.rangeClosed(1, 7)
                    .mapToObj(j -> "panda_joint" + j + ".velocity")
                    .toList());

    @Test
    void velocityColumnsAreCertifiedAsTheExecutedSpline(@TempDir Path dir) throws Exception {
        // start and end at the ready pose; joint 2 leaves and arrives at +4 rad/s, so it pitches forward and back
        String header = POSITIONS + "," + VELOCITIES + "\n";
        String vel = ",0,4,0,0,0,0,0";
        Path swing = Files.writeString(
                dir.resolve("swing.csv"),
                header + "0," + READY + vel + "\n1," + READY + vel + "\n2," + READY + ",0,0,0,0,0,0,0\n");
        JointTrajectory t = TrajectoryCsv.read(swing);
        assertEquals(JointTrajectory.Interpolation.CUBIC, t.interpolation());
        Collide4j c = Collide4j.bundled("panda", "table_shelf");
        // oracle: some sample of the executed motion is not a valid state
        double firstInvalid = Double.NaN;
        double[] q = new double[t.jointCount()];
        for (int i = 0; i <= 4000 && Double.isNaN(firstInvalid); i++) {
            double time = 2.0 * i / 4000;
            t.positionAt(time, q);
            if (c.withinLimits(q) && !c.isValid(q)) {
                firstInvalid = time;
            }
        }
        assertTrue(!Double.isNaN(firstInvalid), "the swing is meant to reach the table");
        TrajectoryCertifier.Certification cert =
                c.trajectoryCertifier().certify(t, 0.0, TrajectoryCertifier.DEFAULT_BUDGET);
        assertEquals(Verdict.VIOLATION, cert.result().verdict());
        assertTrue(cert.result().violation().time() <= firstInvalid + 1e-9);
        assertTrue(
                c.trajectoryCertifier().verify(cert.result().certificateJson()).valid());
        // the same file through the CLI: violation, and the certificate verifies
        Path json = dir.resolve("c.json");
        Object[] r = cli(
                "certify",
                "--trajectory",
                swing.toString(),
                "--certificate",
                json.toString(),
                "--report",
                dir.resolve("r.html").toString());
        assertEquals(ExitCode.VIOLATION.status(), r[0], (String) r[1] + r[2]);
        Object[] v = cli("verify", "--certificate", json.toString());
        assertEquals(ExitCode.VIOLATION.status(), v[0], (String) v[1] + v[2]);
        // without the velocity columns the waypoints are one pose: straight segments that cannot collide
        Path still = Files.writeString(
                dir.resolve("still.csv"), POSITIONS + "\n0," + READY + "\n1," + READY + "\n2," + READY + "\n");
        Object[] s = cli(
                "certify",
                "--trajectory",
                still.toString(),
                "--certificate",
                json.toString(),
                "--report",
                dir.resolve("r.html").toString());
        assertEquals(ExitCode.FREE.status(), s[0], (String) s[1] + s[2]);
    }

    /**
     * Panda joint 1 is limited to ±2.8973 rad. Waypoints at 2.8 rad leaving at +1 rad/s and arriving at −1 rad/s
     * make the cubic q = 2.8 + s − s², which peaks at 3.05 rad at t = 0.5 s: refused as bad input (exit 65) with
     * that joint, value and time, although every waypoint is inside the limits.
     */
    @Test
    void splinesOvershootingAJointLimitBetweenWaypointsAreRefusedWithTheExcursion(@TempDir Path dir) throws Exception {
        String rest = ",-0.785,0,-2.356,0,1.571,0.785";
        Path overshoot = Files.writeString(
                dir.resolve("overshoot.csv"),
                POSITIONS + "," + VELOCITIES + "\n" + "0,2.8" + rest + ",1,0,0,0,0,0,0\n1,2.8" + rest
                        + ",-1,0,0,0,0,0,0\n");
        Object[] r = cli(
                "certify",
                "--trajectory",
                overshoot.toString(),
                "--certificate",
                dir.resolve("c.json").toString(),
                "--report",
                dir.resolve("r.html").toString());
        assertEquals(ExitCode.DATA_ERROR.status(), r[0], (String) r[1] + r[2]);
        String err = (String) r[2];
        assertTrue(err.contains("joint panda_joint1 reaches 3.05") && err.contains("at t = 0.5 s"), err);
        // a straight-segment waypoint outside the limits is refused the same way, at its waypoint's time
        Path outside = Files.writeString(
                dir.resolve("outside.csv"), POSITIONS + "\n0," + READY + "\n1,0,-0.785,0,-3.2,0,1.571,0.785\n");
        r = cli(
                "certify",
                "--trajectory",
                outside.toString(),
                "--certificate",
                dir.resolve("c.json").toString(),
                "--report",
                dir.resolve("r.html").toString());
        assertEquals(ExitCode.DATA_ERROR.status(), r[0], (String) r[1] + r[2]);
        assertTrue(((String) r[2]).contains("joint panda_joint4 reaches -3.2 at t = 1.0 s"), (String) r[2]);
    }
}
