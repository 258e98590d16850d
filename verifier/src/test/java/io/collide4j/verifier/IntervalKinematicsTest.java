package io.collide4j.verifier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.urdf.JointDescription;
import io.collide4j.urdf.JointType;
import io.collide4j.urdf.Pose;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.UrdfParser;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The interval forward kinematics enclose a point forward kinematics written here with different code (quaternions
 * from the description's poses and joint axes, composed as 4×4 products), and a known analytic Panda pose.
 */
class IntervalKinematicsTest {
    /** Rounding of the test's own double-precision FK: far below any geometric tolerance. */
    private static final double TOL = 1e-12;

    static RobotDescription panda() {
        return UrdfParser.create().parse(Path.of("../models/src/main/resources/io/collide4j/models/panda/panda.urdf"));
    }

    static RobotDescription resource(String name) {
        try {
            return UrdfParser.create()
                    .parse(IntervalKinematicsTest.class.getResource(name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Point FK: link name -> {R row-major (9), t (3)}, every rotation a unit quaternion turned into a matrix. */
    static Map<String, double[]> pointFk(RobotDescription robot, Map<String, Double> q) {
        Map<String, double[]> out = new HashMap<>();
        out.put(robot.rootLink(), new double[] {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0});
        boolean progress = true;
        while (progress) {
            progress = false;
            for (JointDescription j : robot.joints()) {
                if (out.containsKey(j.child()) || !out.containsKey(j.parent())) {
                    continue;
                }
                Pose o = j.origin();
                double[] f = product(out.get(j.parent()), matrix(o.qx(), o.qy(), o.qz(), o.qw(), o.x(), o.y(), o.z()));
                if (j.type() != JointType.FIXED) {
                    double v = j.mimic() == null
                            ? q.get(j.name())
                            : j.mimic().multiplier() * q.get(j.mimic().joint())
                                    + j.mimic().offset();
                    if (j.type() == JointType.PRISMATIC) {
                        f = product(f, matrix(0, 0, 0, 1, v * j.axisX(), v * j.axisY(), v * j.axisZ()));
                    } else {
                        double s = Math.sin(v / 2);
                        f = product(f, matrix(s * j.axisX(), s * j.axisY(), s * j.axisZ(), Math.cos(v / 2), 0, 0, 0));
                    }
                }
                out.put(j.child(), f);
                progress = true;
            }
        }
        return out;
    }

    private static double[] matrix(double x, double y, double z, double w, double tx, double ty, double tz) {
        return new double[] {
            1 - 2 * (y * y + z * z),
            2 * (x * y - w * z),
            2 * (x * z + w * y),
            2 * (x * y + w * z),
            1 - 2 * (x * x + z * z),
            2 * (y * z - w * x),
            2 * (x * z - w * y),
            2 * (y * z + w * x),
            1 - 2 * (x * x + y * y),
            tx,
            ty,
            tz
        };
    }

    private static double[] product(double[] a, double[] b) {
        double[] c = new double[12];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                c[3 * i + j] = a[3 * i] * b[j] + a[3 * i + 1] * b[3 + j] + a[3 * i + 2] * b[6 + j];
            }
            c[9 + i] = a[3 * i] * b[9] + a[3 * i + 1] * b[10] + a[3 * i + 2] * b[11] + a[9 + i];
        }
        return c;
    }

    private static void assertEncloses(Frame f, double[] p, String what, double maxWidth) {
        for (int i = 0; i < 12; i++) {
            Interval e = i < 9 ? f.r(i / 3, i % 3) : f.t(i - 9);
            assertTrue(e.lo() - TOL <= p[i] && p[i] <= e.hi() + TOL, what + " entry " + i + ": " + e + " vs " + p[i]);
            assertTrue(e.width() <= maxWidth, what + " entry " + i + " is loose: " + e);
        }
    }

    private static void checkRobot(RobotDescription robot, long seed) {
        IntervalKinematics k = new IntervalKinematics(robot, new UrdfNumbers(robot));
        Random r = new Random(seed);
        for (int t = 0; t < 20; t++) {
            Map<String, Double> q = new HashMap<>();
            Map<String, Interval> point = new HashMap<>(), box = new HashMap<>();
            for (JointDescription j : robot.joints()) {
                if (j.type() != JointType.FIXED && j.mimic() == null) {
                    double v = (r.nextDouble() * 2 - 1) * (j.type() == JointType.PRISMATIC ? 0.4 : 3);
                    q.put(j.name(), v);
                    point.put(j.name(), Interval.point(v));
                    box.put(j.name(), new Interval(v, v + 0.02));
                }
            }
            Map<String, double[]> expected = pointFk(robot, q);
            Map<String, Frame> atPoint = k.linkFrames(point);
            Map<String, Frame> overBox = k.linkFrames(box);
            expected.forEach(
                    (link, p) -> assertEncloses(atPoint.get(link), p, robot.name() + " " + link + " at " + q, 1e-12));
            for (int u = 0; u < 5; u++) { // configurations inside the box
                Map<String, Double> inside = new HashMap<>();
                q.forEach((j, v) -> inside.put(j, v + 0.02 * r.nextDouble()));
                pointFk(robot, inside)
                        .forEach((link, p) -> assertEncloses(overBox.get(link), p, link + " in box", 0.5));
            }
        }
    }

    /**
     * The kinematics are reused for the very description object only: a second parse of the same file is another
     * description (its text could differ below a double), and every joint keeps the index of its place in the tree.
     */
    @Test
    void kinematicsAreReusedForTheSameDescriptionOnly() {
        RobotDescription a = panda(), b = panda();
        IntervalKinematics ka = IntervalKinematics.of(a);
        assertSame(ka, IntervalKinematics.of(a));
        IntervalKinematics kb = IntervalKinematics.of(b);
        assertNotSame(ka, kb);
        assertSame(kb, IntervalKinematics.of(b));
        assertEquals(a.joints().size(), ka.jointCount());
        for (JointDescription j : a.joints()) {
            assertEquals(j.name(), ka.joint(ka.index(j.name())).name());
        }
        assertEquals(-1, ka.index("no_such_joint"));
    }

    /**
     * A rotation about ±x, ±y or ±z composed by its two mixing columns encloses the same product as the general
     * compose with Rodrigues' matrix: for sampled angles of the interval, the product in doubles lies inside it (to the
     * oracle's own rounding), and it is no wider than the general enclosure.
     */
    @Test
    void axisRotationsEncloseTheProduct() {
        Random r = new Random(17);
        for (int trial = 0; trial < 200; trial++) {
            double roll = r.nextDouble() * 6 - 3, pitch = r.nextDouble() * 3 - 1.5, yaw = r.nextDouble() * 6 - 3;
            Frame parent = Frame.origin(
                    new Interval[] {Interval.point(r.nextDouble()), Interval.point(-r.nextDouble()), Interval.point(0.3)
                    },
                    new Interval[] {Interval.point(roll), Interval.point(pitch), Interval.point(yaw)});
            int axis = trial % 3, sign = trial % 2 == 0 ? 1 : -1;
            double lo = r.nextDouble() * 8 - 4, width = trial < 100 ? 0 : r.nextDouble() * 0.3;
            Interval theta = new Interval(lo, lo + width);
            Interval[] k = {Interval.ZERO, Interval.ZERO, Interval.ZERO};
            k[axis] = Interval.point(sign);
            Frame special = parent.composeAxisRotation(axis, sign, theta);
            Frame general = parent.compose(Frame.rotation(k, theta));
            for (int e = 0; e < 12; e++) {
                Interval a = e < 9 ? special.r(e / 3, e % 3) : special.t(e - 9);
                Interval b = e < 9 ? general.r(e / 3, e % 3) : general.t(e - 9);
                assertTrue(a.hi() - a.lo() <= (b.hi() - b.lo()) + 1e-15, "entry " + e + ": " + a + " wider than " + b);
            }
            double[] p = rpy(roll, pitch, yaw);
            for (int u = 0; u <= 10; u++) {
                double t = lo + width * u / 10, c = Math.cos(sign * t), sn = Math.sin(sign * t);
                double[] rot = new double[9]; // Rodrigues for a coordinate axis, written out: I + s·K + (1 − c)·K²
                rot[4 * axis] = 1;
                int b = (axis + 1) % 3, d = (axis + 2) % 3;
                rot[3 * b + b] = c;
                rot[3 * d + d] = c;
                rot[3 * d + b] = sn;
                rot[3 * b + d] = -sn;
                for (int i = 0; i < 3; i++) {
                    for (int j = 0; j < 3; j++) {
                        double x = p[3 * i] * rot[j] + p[3 * i + 1] * rot[3 + j] + p[3 * i + 2] * rot[6 + j];
                        Interval a = special.r(i, j);
                        assertTrue(x >= a.lo() - 1e-14 && x <= a.hi() + 1e-14, "r" + i + j + " " + x + " not in " + a);
                    }
                }
            }
        }
    }

    /** Rz(yaw)·Ry(pitch)·Rx(roll), row-major, written out. */
    private static double[] rpy(double roll, double pitch, double yaw) {
        double cr = Math.cos(roll), sr = Math.sin(roll), cp = Math.cos(pitch), sp = Math.sin(pitch);
        double cy = Math.cos(yaw), sy = Math.sin(yaw);
        return new double[] {
            cy * cp,
            cy * sp * sr - sy * cr,
            cy * sp * cr + sy * sr,
            sy * cp,
            sy * sp * sr + cy * cr,
            sy * sp * cr - cy * sr,
            -sp,
            cp * sr,
            cp * cr
        };
    }

    @Test
    void pandaEnclosesThePointFk() {
        checkRobot(panda(), 1);
    }

    @Test
    void ur5eEnclosesThePointFk() {
        checkRobot(
                UrdfParser.create().parse(Path.of("../models/src/main/resources/io/collide4j/models/ur5e/ur5e.urdf")),
                3);
    }

    @Test
    void everyJointKindEnclosesThePointFk() {
        checkRobot(resource("features.urdf"), 2);
    }

    @Test
    void pandaFlangeAtZeroIsWhereTheDataSheetPutsIt() {
        RobotDescription robot = panda();
        Map<String, Interval> zero = new HashMap<>();
        robot.joints().stream()
                .filter(j -> j.type() != JointType.FIXED && j.mimic() == null)
                .forEach(j -> zero.put(j.name(), Interval.ZERO));
        Frame flange = new IntervalKinematics(robot, new UrdfNumbers(robot))
                .linkFrames(zero)
                .get("panda_link8");
        // 0.088 forward, 0.333 + 0.316 + 0.384 − 0.107 up, pointing down (the URDF's π/2 has 11 digits: 1e-10)
        assertEquals(0.088, flange.t(0).mid(), 1e-9);
        assertEquals(0.0, flange.t(1).mid(), 1e-9);
        assertEquals(0.926, flange.t(2).mid(), 1e-9);
        assertEquals(-1.0, flange.r(2, 2).mid(), 1e-9);
    }

    /**
     * Frames asked for a few links (what a plane test uses) are those links' frames of the whole tree, bit for bit, and
     * come with their ancestors and nothing off their chains.
     */
    @Test
    void framesOfSomeLinksAreThoseOfTheWholeTree() {
        RobotDescription robot = resource("features.urdf");
        Map<String, Interval> q =
                Map.of("ja", new Interval(-0.3, 0.2), "jb", new Interval(0.1, 0.15), "jc", new Interval(2.9, 3.3));
        IntervalKinematics k = new IntervalKinematics(robot, new UrdfNumbers(robot));
        Map<String, Frame> all = k.linkFrames(q);
        Map<String, Frame> some = k.linkFrames(q, java.util.List.of("c"));
        assertEquals(java.util.Set.of("root", "a", "b", "c"), some.keySet());
        for (String l : some.keySet()) {
            for (int i = 0; i < 9; i++) {
                assertEquals(
                        all.get(l).r(i / 3, i % 3).toString(),
                        some.get(l).r(i / 3, i % 3).toString(),
                        l);
            }
            for (int i = 0; i < 3; i++) {
                assertEquals(all.get(l).t(i).toString(), some.get(l).t(i).toString(), l);
            }
        }
        assertEquals(
                java.util.Set.of("root", "a", "b", "c", "d", "e"),
                k.linkFrames(q, java.util.List.of("e", "a")).keySet());
    }
}
