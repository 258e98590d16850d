package io.collide4j.kinematics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JointTrajectoryTest {
    private static final List<String> AB = List.of("a", "b");

    @Test
    void invalidTrajectoriesNameTheIndexAtFault() {
        double[][] q = {{0, 0}, {1, 1}, {2, 2}};
        TrajectoryException time = assertThrows(
                TrajectoryException.class, () -> new JointTrajectory(AB, new double[] {0, 2, 1}, q, null, null));
        assertEquals(2, time.waypoint());
        assertTrue(time.getMessage().contains("increase strictly"), time.getMessage());
        assertEquals(
                1,
                assertThrows(
                                TrajectoryException.class,
                                () -> new JointTrajectory(AB, new double[] {0, 0, 1}, q, null, null))
                        .waypoint());
        TrajectoryException len = assertThrows(
                TrajectoryException.class, () -> JointTrajectory.ofPositions(AB, new double[][] {{0, 0}, {1}}));
        assertEquals(1, len.waypoint());
        assertTrue(len.getMessage().contains("has 1 values, expected 2"), len.getMessage());
        TrajectoryException nan = assertThrows(
                TrajectoryException.class,
                () -> JointTrajectory.ofPositions(AB, new double[][] {{0, 0}, {1, Double.NaN}}));
        assertEquals(1, nan.waypoint());
        assertEquals(1, nan.joint());
        assertEquals(
                2,
                assertThrows(
                                TrajectoryException.class,
                                () -> new JointTrajectory(
                                        AB,
                                        new double[] {0, 1, 2},
                                        q,
                                        new double[][] {{0, 0}, {0, 0}, {0, Double.POSITIVE_INFINITY}},
                                        null))
                        .waypoint());
        assertEquals(
                1,
                assertThrows(
                                TrajectoryException.class,
                                () -> new JointTrajectory(AB, new double[] {0, Double.NaN, 2}, q, null, null))
                        .waypoint());
        assertThrows(TrajectoryException.class, () -> new JointTrajectory(AB, null, q, q, null));
        assertThrows(TrajectoryException.class, () -> new JointTrajectory(AB, new double[] {0, 1, 2}, q, null, q));
        assertThrows(TrajectoryException.class, () -> new JointTrajectory(AB, new double[] {0, 1}, q, null, null));
        assertThrows(TrajectoryException.class, () -> JointTrajectory.ofPositions(List.of("a", "a"), q));
    }

    @Test
    void interpolationReproducesPolynomialsOfItsDegree() {
        Random rnd = new Random(5);
        double[] t = {0.0, 0.7, 1.1, 2.5};
        // joint a: a cubic, joint b: a quintic; sampled with exact derivatives
        double[] ca = {0.3, -1.2, 0.8, 0.25};
        double[] cb = {-0.1, 0.4, 0.9, -0.6, 0.2, -0.05};
        double[][] q = new double[4][2];
        double[][] v = new double[4][2];
        double[][] acc = new double[4][2];
        for (int k = 0; k < 4; k++) {
            q[k][0] = poly(ca, t[k], 0);
            q[k][1] = poly(cb, t[k], 0);
            v[k][0] = poly(ca, t[k], 1);
            v[k][1] = poly(cb, t[k], 1);
            acc[k][0] = poly(ca, t[k], 2);
            acc[k][1] = poly(cb, t[k], 2);
        }
        JointTrajectory cubic = new JointTrajectory(AB, t, q, v, null);
        JointTrajectory quintic = new JointTrajectory(AB, t, q, v, acc);
        JointTrajectory linear = new JointTrajectory(AB, t, q, null, null);
        assertEquals(JointTrajectory.Interpolation.CUBIC, cubic.interpolation());
        double[] out = new double[2];
        for (int i = 0; i < 200; i++) {
            double tt = 2.5 * rnd.nextDouble();
            cubic.positionAt(tt, out);
            assertEquals(poly(ca, tt, 0), out[0], 1e-12, "cubic Hermite reproduces a cubic");
            quintic.positionAt(tt, out);
            assertEquals(poly(ca, tt, 0), out[0], 1e-12, "quintic reproduces a cubic");
            assertEquals(poly(cb, tt, 0), out[1], 1e-12, "quintic reproduces a quintic");
            linear.positionAt(tt, out);
            int k = linear.segmentAt(tt);
            double u = (tt - t[k]) / (t[k + 1] - t[k]);
            assertEquals((1 - u) * q[k][0] + u * q[k + 1][0], out[0], 1e-12, "linear");
        }
        for (int k = 0; k < 4; k++) {
            assertArrayEquals(q[k], linear.positionAt(t[k], out), 1e-12);
        }
        assertEquals(2, linear.segmentAt(2.5));
        assertEquals(0, linear.segmentAt(0));
        assertEquals(1, linear.segmentAt(0.7));
    }

    @Test
    void polynomialDerivativeBoundsCoverDenseSamples() {
        Random rnd = new Random(6);
        double worst = 0;
        for (int trial = 0; trial < 400; trial++) {
            double[] q0 = {rnd.nextGaussian()};
            double[] q1 = {rnd.nextGaussian()};
            double[] d0 = {3 * rnd.nextGaussian()};
            double[] d1 = {3 * rnd.nextGaussian()};
            PolynomialJointPath p = trial % 2 == 0
                    ? PolynomialJointPath.cubicHermite(q0, d0, q1, d1)
                    : PolynomialJointPath.quintic(
                            q0, d0, new double[] {5 * rnd.nextGaussian()}, q1, d1, new double[] {5 * rnd.nextGaussian()
                            });
            double s0 = rnd.nextDouble();
            double s1 = Math.min(1, s0 + rnd.nextDouble());
            double vb = p.maxAbsVelocity(0, s0, s1);
            double ab = p.maxAbsAcceleration(0, s0, s1);
            double jb = p.maxAbsJerk(0, s0, s1);
            double vmax = 0;
            double amax = 0;
            double jmax = 0;
            for (int i = 0; i <= 1000; i++) {
                double s = s0 + (s1 - s0) * i / 1000;
                vmax = Math.max(vmax, Math.abs(p.velocity(0, s)));
                amax = Math.max(amax, Math.abs(p.acceleration(0, s)));
                double h3 = 1e-5;
                jmax = Math.max(jmax, Math.abs((p.acceleration(0, s + h3) - p.acceleration(0, s - h3)) / (2 * h3)));
                // velocity is the derivative of position
                if (i % 100 == 50) {
                    double h = 1e-6;
                    assertEquals((p.position(0, s + h) - p.position(0, s - h)) / (2 * h), p.velocity(0, s), 1e-6);
                }
            }
            assertTrue(vmax <= vb, "velocity bound " + vb + " < sampled " + vmax);
            assertTrue(amax <= ab, "acceleration bound " + ab + " < sampled " + amax);
            assertTrue(jmax <= jb * (1 + 1e-6) + 1e-6, "jerk bound " + jb + " < sampled " + jmax);
            worst = Math.max(worst, vb / vmax);
        }
        assertTrue(worst < 10, "Bernstein velocity bound unexpectedly loose: " + worst);
        // end conditions of the quintic
        PolynomialJointPath qp = PolynomialJointPath.quintic(
                new double[] {1}, new double[] {2}, new double[] {3}, new double[] {4}, new double[] {5}, new double[] {
                    6
                });
        assertEquals(1, qp.position(0, 0), 1e-12);
        assertEquals(2, qp.velocity(0, 0), 1e-12);
        assertEquals(3, qp.acceleration(0, 0), 1e-12);
        assertEquals(4, qp.position(0, 1), 1e-12);
        assertEquals(5, qp.velocity(0, 1), 1e-12);
        assertEquals(6, qp.acceleration(0, 1), 1e-12);
    }

    @Test
    void csvAndJsonRoundTrips(@TempDir Path dir) {
        Random rnd = new Random(7);
        double[] t = {0, 0.1 + rnd.nextDouble(), 2 + rnd.nextDouble()};
        double[][] q = new double[3][2];
        double[][] v = new double[3][2];
        double[][] a = new double[3][2];
        for (int k = 0; k < 3; k++) {
            for (int j = 0; j < 2; j++) {
                q[k][j] = rnd.nextGaussian() / 3;
                v[k][j] = rnd.nextGaussian() * 1e-7;
                a[k][j] = rnd.nextGaussian() * 1e5;
            }
        }
        for (JointTrajectory tr : List.of(
                JointTrajectory.ofPositions(AB, q),
                new JointTrajectory(AB, t, q, null, null),
                new JointTrajectory(AB, t, q, v, null),
                new JointTrajectory(AB, t, q, v, a))) {
            assertEquals(tr, TrajectoryCsv.parse(TrajectoryCsv.toString(tr)));
            assertEquals(tr, TrajectoryJson.parse(TrajectoryJson.toString(tr, false)));
            assertEquals(tr, TrajectoryJson.parse(TrajectoryJson.toString(tr, true)));
            Path csv = dir.resolve("t.csv");
            TrajectoryCsv.write(tr, csv);
            assertEquals(tr, TrajectoryCsv.read(csv));
            Path json = dir.resolve("t.json");
            TrajectoryJson.write(tr, json, true);
            assertEquals(tr, TrajectoryJson.read(json));
        }
        String csv = TrajectoryCsv.toString(new JointTrajectory(AB, t, q, v, null));
        assertTrue(csv.startsWith("time,a,b,a.velocity,b.velocity\n"), csv);
    }

    @Test
    void readersReportLineAndPoint() {
        TrajectoryFormatException time = assertThrows(
                TrajectoryFormatException.class,
                () -> TrajectoryCsv.parse("# comment\ntime,q1,q2\n0,0,0\n\n2,1,1\n1,2,2\n"));
        assertEquals(6, time.line());
        assertTrue(time.getMessage().contains("<string>:6"), time.getMessage());
        TrajectoryFormatException num =
                assertThrows(TrajectoryFormatException.class, () -> TrajectoryCsv.parse("time,q1,q2\n0,0,x\n"));
        assertEquals(2, num.line());
        assertTrue(num.getMessage().contains("column 3 (q2)"), num.getMessage());
        TrajectoryFormatException cols =
                assertThrows(TrajectoryFormatException.class, () -> TrajectoryCsv.parse("time,q1,q2\n0,0\n"));
        assertTrue(cols.getMessage().contains("2 columns"), cols.getMessage());
        TrajectoryFormatException nan =
                assertThrows(TrajectoryFormatException.class, () -> TrajectoryCsv.parse("q1,q2\n0,0\nNaN,1\n"));
        assertEquals(3, nan.line());
        TrajectoryFormatException hdr = assertThrows(
                TrajectoryFormatException.class, () -> TrajectoryCsv.parse("time,q1,q2,q2.velocity,q1.velocity\n"));
        assertTrue(hdr.getMessage().contains("expected 'q1.velocity'"), hdr.getMessage());
        TrajectoryFormatException pt = assertThrows(
                TrajectoryFormatException.class,
                () -> TrajectoryJson.parse(
                        "{\"joint_names\":[\"a\"],\"points\":[{\"positions\":[0],\"time_from_start\":1},"
                                + "{\"positions\":[1],\"time_from_start\":0.5}]}"));
        assertTrue(pt.getMessage().contains("points[1]"), pt.getMessage());
        TrajectoryFormatException mixed = assertThrows(
                TrajectoryFormatException.class,
                () -> TrajectoryJson.parse(
                        "{\"joint_names\":[\"a\"],\"points\":[{\"positions\":[0]},{\"positions\":[1],\"time_from_start\":0.5}]}"));
        assertTrue(mixed.getMessage().contains("points[1] has different optional fields"), mixed.getMessage());
        JointTrajectory ros = TrajectoryJson.parse(
                "{\"joint_names\":[\"a\"],\"points\":[{\"positions\":[0],"
                        + "\"time_from_start\":{\"sec\":1,\"nanosec\":500000000}},{\"positions\":[1],\"time_from_start\":{\"sec\":2}}]}");
        assertEquals(1.5, ros.time(0), 1e-15);
        assertEquals(2, ros.time(1), 1e-15);
    }

    @Test
    void segmentsMapOntoTheModel() {
        KinematicModel m = KinematicModel.of(TestRobots.panda());
        JointTrajectory tr = JointTrajectory.ofPositions(
                List.of("panda_joint6", "panda_joint2"), new double[][] {{1, -0.5}, {2, 0.5}});
        double[] rest = {0.1, 0.2, 0.3, -1, 0.5, 0.6, 0.7};
        JointPath p = tr.segment(0, m, rest);
        double[] q = p.positions(0.25, new double[7]);
        assertArrayEquals(new double[] {0.1, -0.25, 0.3, -1, 0.5, 1.25, 0.7}, q, 1e-15);
        assertEquals(1, p.maxAbsVelocity(5, 0, 1), 1e-9);
        assertEquals(0, p.maxAbsVelocity(0, 0, 1));
        TrajectoryException missing = assertThrows(TrajectoryException.class, () -> tr.segment(0, m, null));
        assertTrue(missing.getMessage().contains("panda_joint1"), missing.getMessage());
        JointTrajectory bad = JointTrajectory.ofPositions(List.of("nope"), new double[][] {{0}, {1}});
        assertTrue(assertThrows(TrajectoryException.class, () -> bad.segment(0, m, rest))
                .getMessage()
                .contains("nope"));
    }

    private static double poly(double[] c, double t, int deriv) {
        double s = 0;
        for (int i = deriv; i < c.length; i++) {
            double f = 1;
            for (int k = 0; k < deriv; k++) {
                f *= i - k;
            }
            s += f * c[i] * Math.pow(t, i - deriv);
        }
        return s;
    }
}
