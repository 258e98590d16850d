package io.collide4j.verifier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.urdf.JointDescription;
import io.collide4j.urdf.JointType;
import io.collide4j.urdf.Pose;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.UrdfParser;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Lemma M1: the support of a moving piece over a joint box is at most its support at the anchor configuration plus
 * {@link TravelBound#travel}. The oracle is brute force: the test's own point forward kinematics
 * ({@link IntervalKinematicsTest#pointFk}: quaternion products, other code) at the box's corners and random inside
 * points, every vertex of the piece (scaled and unscaled) placed by its own rotation from rpy, plus padding·|n|.
 * Robots: Panda, UR5e, and the synthetic one with a skew revolute, a prismatic, a continuous and a mimic joint.
 */
class TravelBoundTest {
    /** The oracle's own double rounding, far below any bound the test could confuse it with. */
    private static final double TOL = 1e-12;

    @Test
    void pandaPiecesStayWithinTheirTravel() {
        check(IntervalKinematicsTest.panda(), 11, 0.05);
    }

    @Test
    void ur5ePiecesStayWithinTheirTravel() {
        check(
                UrdfParser.create().parse(Path.of("../models/src/main/resources/io/collide4j/models/ur5e/ur5e.urdf")),
                12,
                0.1);
    }

    @Test
    void everyJointKindStaysWithinItsTravel() {
        check(IntervalKinematicsTest.resource("features.urdf"), 13, 0.2);
    }

    /** The bound is first order in the box: a thousand times narrower box, about a thousand times less travel. */
    @Test
    void travelShrinksWithTheBox() {
        RobotDescription robot = IntervalKinematicsTest.panda();
        IntervalKinematics k = new IntervalKinematics(robot, new UrdfNumbers(robot));
        TravelBound t = new TravelBound(k, Map.of());
        Piece p = piece("panda_hand", new Random(5));
        double[] n = {0.3, -0.8, 0.5};
        double wide = travelAt(k, t, p, n, 1e-2), narrow = travelAt(k, t, p, n, 1e-5);
        assertTrue(wide > 0 && narrow > 0 && narrow < wide * 2e-3, wide + " vs " + narrow);
        assertTrue(wide < 0.1, "a 0.01 rad box moves the hand less than 0.1 m: " + wide);
    }

    /**
     * Lemma M2 (with M1, the smaller): along a cubic Hermite motion, the piece's support at every sampled s of the step
     * is at most the bound from the anchor s*; the motion evaluated here in the Hermite basis (not the verifier's
     * power basis), the placement by the test's own point FK.
     */
    @Test
    void piecesAlongACubicMotionStayWithinTheTaylorBound() {
        alongCubicMotions(1, 0.2, 21);
    }

    /**
     * Long steps (joints swinging up to 1.5 rad between the waypoints, steps up to 0.6 of the segment): where the
     * drift terms of lemma M2 (integrated as tau²/2) and the reach caps of M1b take over, the bound still holds at
     * every sampled s.
     */
    @Test
    void piecesAlongLongStepsStayWithinTheTaylorBound() {
        alongCubicMotions(3, 0.6, 23);
    }

    /**
     * Lemma M1b: however wide the box, each joint's lever is at most the piece's reach from the joint's axis point, so
     * the bound is at most Σ_k Δ_k·(Σ of the later joints' origin distances + |sphere centre| + its radius), here
     * computed from the URDF records (a sphere piece, scale 1, so its ball is itself); M1 alone compounds the later
     * joints' travel into every lever and exceeds this for boxes this wide. The oracle check keeps the bound sound.
     */
    @Test
    void wideBoxesMoveAPieceAtMostItsReachPerRadian() {
        RobotDescription robot = IntervalKinematicsTest.panda();
        IntervalKinematics k = new IntervalKinematics(robot, new UrdfNumbers(robot));
        TravelBound t = new TravelBound(k, Map.of());
        Random r = new Random(31);
        double r0 = 0.04, ox = 0.02, oy = -0.03, oz = 0.1;
        Frame origin = Frame.translation(new Interval[] {Interval.point(ox), Interval.point(oy), Interval.point(oz)});
        for (String link : List.of("panda_link7", "panda_hand", "panda_link5")) {
            Piece p = new Piece(link, true, 0, origin, new Shape.Sphere(r0), 1, 0);
            List<JointDescription> chain = k.chain(link);
            Map<String, Interval> anchor = new HashMap<>(), box = new HashMap<>();
            Map<String, double[]> range = new HashMap<>();
            double capped = 0, after = Math.sqrt(ox * ox + oy * oy + oz * oz) + r0;
            for (int f = chain.size() - 1; f >= 0; f--) {
                JointDescription j = chain.get(f);
                if (j.type() != JointType.FIXED) {
                    double a = r.nextDouble() * 2 - 1, lo = a - 1.5, hi = a + 1.5;
                    anchor.put(j.name(), Interval.point(a));
                    box.put(j.name(), new Interval(lo, hi));
                    range.put(j.name(), new double[] {lo, hi, a});
                    capped += 1.5 * after;
                }
                Pose o = j.origin();
                after += Math.sqrt(o.x() * o.x() + o.y() * o.y() + o.z() * o.z());
            }
            for (JointDescription j : robot.joints()) { // joints off the chain: anywhere, they do not move the piece
                if (j.type() != JointType.FIXED && j.mimic() == null && !anchor.containsKey(j.name())) {
                    anchor.put(j.name(), Interval.point(0.01));
                    box.put(j.name(), Interval.point(0.01));
                    range.put(j.name(), new double[] {0.01, 0.01, 0.01});
                }
            }
            Map<String, Frame> frames = k.linkFrames(anchor);
            for (int trial = 0; trial < 10; trial++) {
                double[] n = {r.nextGaussian(), r.nextGaussian(), r.nextGaussian()};
                double nn = Math.sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
                double travel = travel(t, p, frames, anchor, box, n);
                assertTrue(travel <= capped * nn * (1 + 1e-9), link + ": travel " + travel + " > " + capped * nn);
                double bound = full(t, p, frames, anchor, box, null, Double.NaN, n);
                for (int sample = 0; sample < 100; sample++) {
                    Map<String, Double> q = new HashMap<>();
                    for (Map.Entry<String, double[]> e : range.entrySet()) {
                        double[] lh = e.getValue();
                        q.put(e.getKey(), sample == 0 ? lh[2] : lh[0] + (lh[1] - lh[0]) * r.nextDouble());
                    }
                    double[] f = IntervalKinematicsTest.pointFk(robot, q).get(link);
                    double cn = 0;
                    for (int a = 0; a < 3; a++) {
                        cn += n[a] * (f[3 * a] * ox + f[3 * a + 1] * oy + f[3 * a + 2] * oz + f[9 + a]);
                    }
                    assertTrue(cn + r0 * nn <= bound + TOL, link + " at " + q + ": " + (cn + r0 * nn) + " > " + bound);
                }
            }
        }
    }

    /** Random cubic Hermite motions: waypoints up to spread/2 rad apart per joint, steps up to {@code width} of s. */
    private static void alongCubicMotions(double spread, double width, long seed) {
        for (RobotDescription robot :
                List.of(IntervalKinematicsTest.panda(), IntervalKinematicsTest.resource("features.urdf"))) {
            IntervalKinematics k = new IntervalKinematics(robot, new UrdfNumbers(robot));
            TravelBound t = new TravelBound(k, Map.of());
            Random r = new Random(seed);
            List<String> joints = robot.joints().stream()
                    .filter(j -> j.type() != JointType.FIXED && j.mimic() == null)
                    .map(JointDescription::name)
                    .toList();
            List<String> links = robot.links().stream()
                    .map(l -> l.name())
                    .filter(l -> !k.chain(l).isEmpty())
                    .toList();
            for (int trial = 0; trial < 40; trial++) {
                int m = joints.size();
                double[][] w = new double[2][m], v = new double[2][m];
                for (int j = 0; j < m; j++) {
                    w[0][j] = r.nextDouble() * 2 - 1;
                    w[1][j] = w[0][j] + spread * (r.nextDouble() - 0.5);
                    v[0][j] = r.nextGaussian() * 0.5;
                    v[1][j] = r.nextGaussian() * 0.5;
                }
                JointMotion motion = new JointMotion(w, v, null, new double[] {0, 1});
                double s0 = r.nextDouble() * (1 - width),
                        s1 = s0 + width * r.nextDouble(),
                        sa = s0 + (s1 - s0) * r.nextDouble();
                Map<String, Interval> box = new HashMap<>(), anchor = new HashMap<>(), rates = new HashMap<>();
                for (int j = 0; j < m; j++) {
                    box.put(joints.get(j), motion.joint(0, j, s0, s1));
                    anchor.put(joints.get(j), motion.joint(0, j, sa, sa));
                    rates.put(joints.get(j), motion.rate(0, j, s0, s1));
                }
                String link = links.get(r.nextInt(links.size()));
                Piece p = piece(link, r);
                List<JointDescription> chain = k.chain(link);
                Map<String, Interval> anchorAll = k.withMimics(anchor, chain);
                Map<String, Frame> frames = k.linkFrames(anchorAll);
                double[] n = {r.nextGaussian(), r.nextGaussian(), r.nextGaussian()};
                double tau = Math.max(Interval.up(s1 - sa), Interval.up(sa - s0));
                Map<String, Interval> boxAll = k.withMimics(box, chain), ratesAll = k.withMimics(rates, chain, true);
                double bound = full(t, p, frames, anchorAll, boxAll, ratesAll, tau, n);
                // with a limit: the reach-capped bound (M1b) when that is within the limit, else the full one
                Interval[] anchorIx = t.byIndex(anchorAll), boxIx = t.byIndex(boxAll), ratesIx = t.byIndex(ratesAll);
                double quick = t.sup(p, frames, anchorAll, anchorIx, boxIx, ratesIx, tau, n, Double.POSITIVE_INFINITY);
                assertEquals(quick, t.sup(p, frames, anchorAll, anchorIx, boxIx, ratesIx, tau, n, quick));
                assertTrue(quick >= bound * (1 - 1e-12) - 1e-12, quick + " < " + bound);
                for (int u = 0; u <= 50; u++) {
                    double s = s0 + (s1 - s0) * u / 50;
                    Map<String, Double> q = new HashMap<>();
                    for (int j = 0; j < m; j++) {
                        double s2 = s * s, s3 = s2 * s;
                        q.put(
                                joints.get(j),
                                w[0][j] * (2 * s3 - 3 * s2 + 1)
                                        + v[0][j] * (s3 - 2 * s2 + s)
                                        + w[1][j] * (-2 * s3 + 3 * s2)
                                        + v[1][j] * (s3 - s2));
                    }
                    double actual =
                            support(p, IntervalKinematicsTest.pointFk(robot, q).get(link), n);
                    assertTrue(
                            actual <= bound + TOL,
                            robot.name() + " " + link + " s=" + s + ": " + actual + " > " + bound);
                    assertTrue(
                            actual <= quick + TOL,
                            robot.name() + " " + link + " s=" + s + ": " + actual + " > " + quick);
                }
            }
        }
    }

    /** The shared anchors lie in the middle half of the interval (so every s is within 3/4 of it) and are short dyadics. */
    @Test
    void anchorsAreShortDyadicsNearTheMiddle() {
        Random r = new Random(7);
        for (int t = 0; t < 10_000; t++) {
            double s0 = r.nextDouble(), s1 = Math.min(1, s0 + r.nextDouble() * Math.pow(10, -r.nextInt(12)));
            if (!(s1 > s0)) {
                continue;
            }
            double a = SegmentKinematics.anchorIn(s0, s1);
            java.math.BigDecimal w = new java.math.BigDecimal(s1).subtract(new java.math.BigDecimal(s0));
            java.math.BigDecimal offMiddle = new java.math.BigDecimal(a)
                    .subtract(new java.math.BigDecimal(s0).add(w.divide(java.math.BigDecimal.valueOf(2))))
                    .abs();
            assertTrue(
                    a >= s0 && a <= s1 && offMiddle.compareTo(w.multiply(new java.math.BigDecimal("0.2500001"))) <= 0,
                    s0 + ", " + s1 + " -> " + a);
        }
        assertEquals(0.5, SegmentKinematics.anchorIn(0.3, 0.8));
        assertEquals(0.25, SegmentKinematics.anchorIn(0.2, 0.3));
        assertEquals(0.375, SegmentKinematics.anchorIn(0.3, 0.45));
    }

    /** Lemma M1's travel for name-keyed maps (the verifier itself passes arrays by joint index). */
    private static double travel(
            TravelBound t,
            Piece p,
            Map<String, Frame> frames,
            Map<String, Interval> anchor,
            Map<String, Interval> box,
            double[] n) {
        return t.travel(p, frames, anchor, t.byIndex(box), null, Double.NaN, n);
    }

    /**
     * The full bound (support at the anchor plus the travel, M2 too when rates are given): a limit of −∞ is never met
     * by the reach-capped first try, so sup computes the full one.
     */
    private static double full(
            TravelBound t,
            Piece p,
            Map<String, Frame> frames,
            Map<String, Interval> anchor,
            Map<String, Interval> box,
            Map<String, Interval> rates,
            double tau,
            double[] n) {
        return t.sup(
                p,
                frames,
                anchor,
                t.byIndex(anchor),
                t.byIndex(box),
                rates == null ? null : t.byIndex(rates),
                tau,
                n,
                Double.NEGATIVE_INFINITY);
    }

    private static double travelAt(IntervalKinematics k, TravelBound t, Piece p, double[] n, double width) {
        Map<String, Interval> anchor = new HashMap<>(), box = new HashMap<>();
        for (JointDescription j : t.chain(p)) {
            anchor.put(j.name(), Interval.point(0.4));
            box.put(j.name(), new Interval(0.4 - width / 2, 0.4 + width / 2));
        }
        return travel(t, p, k.linkFrames(anchor), anchor, box, n);
    }

    private static void check(RobotDescription robot, long seed, double width) {
        IntervalKinematics k = new IntervalKinematics(robot, new UrdfNumbers(robot));
        TravelBound t = new TravelBound(k, Map.of());
        Random r = new Random(seed);
        List<String> links = robot.links().stream()
                .map(l -> l.name())
                .filter(l -> !k.chain(l).isEmpty())
                .toList();
        for (int trial = 0; trial < 12; trial++) {
            String link = links.get(r.nextInt(links.size()));
            Piece p = piece(link, r);
            Map<String, Double> q = new HashMap<>();
            Map<String, Interval> anchor = new HashMap<>(), box = new HashMap<>();
            Map<String, double[]> range = new HashMap<>();
            for (JointDescription j : robot.joints()) {
                if (j.type() != JointType.FIXED && j.mimic() == null) {
                    double lo = (r.nextDouble() * 2 - 1) * (j.type() == JointType.PRISMATIC ? 0.3 : 2.5);
                    double a = lo + width * r.nextDouble(); // the anchor inside the box
                    q.put(j.name(), a);
                    anchor.put(j.name(), Interval.point(a));
                    box.put(j.name(), new Interval(lo, lo + width));
                    range.put(j.name(), new double[] {lo, lo + width});
                }
            }
            List<JointDescription> chain = k.chain(link);
            Map<String, Interval> anchorAll = k.withMimics(anchor, chain), boxAll = k.withMimics(box, chain);
            Map<String, Frame> frames = k.linkFrames(anchorAll);
            double[] n = {r.nextGaussian(), r.nextGaussian(), r.nextGaussian()};
            double bound = full(t, p, frames, anchorAll, boxAll, null, Double.NaN, n);
            double atAnchor = p.sup(frames.get(link), n);
            assertTrue(bound >= atAnchor && bound < atAnchor + 10, robot.name() + " " + link + ": " + bound);
            List<String> names = List.copyOf(range.keySet());
            for (int s = 0; s < 64 + (1 << Math.min(names.size(), 9)); s++) {
                Map<String, Double> inside = new HashMap<>();
                for (int i = 0; i < names.size(); i++) {
                    double[] lh = range.get(names.get(i));
                    // first the corners (as many as fit), then random points
                    double u = s < (1 << Math.min(names.size(), 9)) && i < 9 ? (s >> i) & 1 : r.nextDouble();
                    inside.put(names.get(i), lh[0] + u * (lh[1] - lh[0]));
                }
                double actual =
                        support(p, IntervalKinematicsTest.pointFk(robot, inside).get(link), n);
                assertTrue(
                        actual <= bound + TOL,
                        robot.name() + " " + link + " at " + inside + ": support " + actual + " > bound " + bound
                                + " (anchor " + q + ")");
            }
        }
    }

    /** A hull piece of random vertices, placed by a non-trivial origin, scaled by 1.2 and padded by 0.01. */
    private static Piece piece(String link, Random r) {
        double[] v = new double[3 * 8];
        for (int i = 0; i < v.length; i++) {
            v[i] = (r.nextDouble() - 0.3) * 0.2;
        }
        Frame origin = Frame.origin(
                new Interval[] {Interval.point(0.03), Interval.point(-0.05), Interval.point(0.07)},
                new Interval[] {Interval.point(0.4), Interval.point(-0.3), Interval.point(1.2)});
        return new Piece(link, true, 0, origin, new Shape.Points(v, 0), 1.2, 0.01);
    }

    /** max n·x over the piece with its link at frame f (R row-major, t), every vertex at scale 1 and 1.2, + padding. */
    private static double support(Piece p, double[] f, double[] n) {
        double[] o = rpy(0.4, -0.3, 1.2);
        double[] v = ((Shape.Points) p.shape()).xyz();
        double best = Double.NEGATIVE_INFINITY;
        for (double scale : new double[] {1, p.scale()}) {
            for (int i = 0; i < v.length; i += 3) {
                double[] y = new double[3];
                for (int a = 0; a < 3; a++) {
                    y[a] = o[3 * a] * v[i] * scale
                            + o[3 * a + 1] * v[i + 1] * scale
                            + o[3 * a + 2] * v[i + 2] * scale
                            + new double[] {0.03, -0.05, 0.07}[a];
                }
                double dot = 0;
                for (int a = 0; a < 3; a++) {
                    dot += n[a] * (f[3 * a] * y[0] + f[3 * a + 1] * y[1] + f[3 * a + 2] * y[2] + f[9 + a]);
                }
                best = Math.max(best, dot);
            }
        }
        return best + p.padding() * Math.sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
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
}
