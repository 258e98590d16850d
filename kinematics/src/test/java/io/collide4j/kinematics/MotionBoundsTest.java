package io.collide4j.kinematics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.joml.Matrix4d;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Dense sampling of every motion bound on the Panda and the UR5e: the sampled quantity (computed from
 * plain FK, independently of the bound code) must never exceed the bound. Tightness (bound ÷ sampled
 * maximum) is printed; the sampled maximum is itself a lower estimate (polyline path length over 17
 * time samples, a handful of sphere points), so the printed ratios overstate the looseness slightly.
 *
 * <p>Counts per robot (stated because the issue asks for them): {@value #INTERVALS} sub-intervals of
 * {@value #SEGMENTS} random straight segments, every link each time, 5 sphere points per link per
 * interval (centre, the sphere point that the Jacobian says moves fastest, 3 random surface points), 17
 * time samples each ⇒ ≥ 5·10^4 points per link; {@value #PAIRS} link pairs per interval with 3×3 points;
 * plus {@value #SPLINE_INTERVALS} sub-intervals on cubic/quintic segments.
 */
class MotionBoundsTest {
    static final int SEGMENTS = 500;
    static final int INTERVALS = 12_000;
    static final int PAIRS = 4;
    static final int SPLINE_INTERVALS = 3_000;
    static final int STEPS = 16;

    /** Running tightness statistics of one bound. */
    static final class Stat {
        final String name;
        long checks;
        long ratios;
        double sum;
        double min = Double.POSITIVE_INFINITY;
        double max;

        Stat(String name) {
            this.name = name;
        }

        void add(double bound, double sampled, String where) {
            checks++;
            if (!(sampled <= bound)) {
                fail(name + ": sampled " + sampled + " exceeds bound " + bound + " at " + where);
            }
            if (sampled > 1e-6) {
                double r = bound / sampled;
                if (r > max && System.getenv("C4J_DIAG") != null) {
                    System.out.println("DIAG " + name + " ratio " + r + " bound " + bound + " sampled " + sampled
                            + " at " + where);
                }
                ratios++;
                sum += r;
                min = Math.min(min, r);
                max = Math.max(max, r);
            }
        }

        @Override
        public String toString() {
            return String.format(
                    "%-44s checks %8d  bound/sampled: mean %6.3f  min %6.3f  worst %8.3f",
                    name, checks, sum / ratios, min, max);
        }
    }

    @Test
    void pandaJointInterpolatedBounds() {
        jointInterpolatedBounds(KinematicModel.of(TestRobots.panda()), 11, INTERVALS);
    }

    /** Prismatic fingers with a mimic joint (fewer intervals: the arm is covered above). */
    @Test
    void pandaWithFingersJointInterpolatedBounds() {
        jointInterpolatedBounds(KinematicModel.of(TestRobots.pandaWithFingers()), 13, 3_000);
    }

    @Test
    void ur5eJointInterpolatedBounds() {
        jointInterpolatedBounds(KinematicModel.of(TestRobots.ur5e()), 12, INTERVALS);
    }

    private static void jointInterpolatedBounds(KinematicModel m, long seed, int intervals) {
        Random rnd = new Random(seed);
        int nl = m.linkCount();
        Stat world = new Stat(m.name() + " worldBound (path length)");
        Stat chord = new Stat(m.name() + " chordBound");
        Stat pair = new Stat(m.name() + " pairBound (distance change)");
        Stat pairRel = new Stat(m.name() + " pairBound (rel. path in shared frame)");
        Matrix4d inv = new Matrix4d();
        Vector3d tmp = new Vector3d();
        Stat motion = new Stat(m.name() + " JointInterpolatedMotion.maxDisplacement");
        RobotSegment seg = new RobotSegment(m);
        LinkPoses[] samples = new LinkPoses[STEPS + 1];
        for (int i = 0; i <= STEPS; i++) {
            samples[i] = new LinkPoses(m);
        }
        double[] q = new double[m.variableCount()];
        double[] jac = new double[6 * m.variableCount()];
        double[][] pts = new double[5][3];
        Vector3d[][] path = new Vector3d[5][STEPS + 1];
        Vector3d[][] pathB = new Vector3d[3][STEPS + 1];
        for (Vector3d[] a : path) {
            for (int i = 0; i < a.length; i++) {
                a[i] = new Vector3d();
            }
        }
        for (Vector3d[] a : pathB) {
            for (int i = 0; i < a.length; i++) {
                a[i] = new Vector3d();
            }
        }
        double[] sph = new double[4 * nl];
        double[] q0 = null;
        double[] q1 = null;
        JointPath jp = null;
        for (int it = 0; it < intervals; it++) {
            if (it % (INTERVALS / SEGMENTS) == 0) {
                q0 = TestRobots.randomConfiguration(m, rnd);
                q1 = rnd.nextBoolean() ? TestRobots.randomConfiguration(m, rnd) : local(m, q0, rnd);
                seg.set(q0, q1);
                jp = JointPath.linear(q0, q1);
                for (int l = 0; l < nl; l++) {
                    sph[4 * l] = 0.3 * (rnd.nextDouble() - 0.5);
                    sph[4 * l + 1] = 0.3 * (rnd.nextDouble() - 0.5);
                    sph[4 * l + 2] = 0.3 * (rnd.nextDouble() - 0.5);
                    sph[4 * l + 3] = rnd.nextInt(5) == 0 ? 0 : 0.1 * rnd.nextDouble();
                }
            }
            double s0 = rnd.nextDouble();
            double w = Math.pow(10, -3 * rnd.nextDouble());
            double s1 = Math.min(1, s0 + w);
            if (rnd.nextInt(10) == 0) {
                s0 = 0;
                s1 = 1;
            }
            for (int i = 0; i <= STEPS; i++) {
                double s = s0 + (s1 - s0) * i / STEPS;
                for (int j = 0; j < q.length; j++) {
                    q[j] = q0[j] + s * (q1[j] - q0[j]);
                }
                m.forwardKinematics(q, samples[i]);
            }
            String where = m.name() + " interval " + it + " [" + s0 + ", " + s1 + "]";
            for (int l = 0; l < nl; l++) {
                double cx = sph[4 * l];
                double cy = sph[4 * l + 1];
                double cz = sph[4 * l + 2];
                double r = sph[4 * l + 3];
                spherePoints(m, samples[STEPS / 2], l, cx, cy, cz, r, q0, q1, jac, rnd, pts);
                double maxLen = 0;
                double maxChord = 0;
                for (int p = 0; p < 5; p++) {
                    trace(samples, l, pts[p], path[p]);
                    maxLen = Math.max(maxLen, polyline(path[p]));
                    maxChord = Math.max(maxChord, chordDeviation(path[p]));
                }
                world.add(seg.worldBound(l, s0, s1, cx, cy, cz, r), maxLen, where + " link " + m.linkName(l));
                chord.add(seg.chordBound(l, s0, s1, cx, cy, cz, r), maxChord, where + " link " + m.linkName(l));
                if (l % 3 == it % 3) {
                    motion.add(
                            new JointInterpolatedMotion(m, l, jp).maxDisplacement(s0, s1, cx, cy, cz, r),
                            maxLen,
                            where + " link " + m.linkName(l));
                }
            }
            for (int k = 0; k < PAIRS; k++) {
                int a = rnd.nextInt(nl);
                int b = rnd.nextInt(nl);
                double[] sa = {sph[4 * a], sph[4 * a + 1], sph[4 * a + 2], sph[4 * a + 3]};
                double[] sb = {sph[4 * b], sph[4 * b + 1], sph[4 * b + 2], sph[4 * b + 3]};
                spherePoints(m, samples[STEPS / 2], a, sa[0], sa[1], sa[2], sa[3], q0, q1, jac, rnd, pts);
                for (int p = 0; p < 3; p++) {
                    trace(samples, a, pts[p + 1], path[p]);
                }
                spherePoints(m, samples[STEPS / 2], b, sb[0], sb[1], sb[2], sb[3], q0, q1, jac, rnd, pts);
                for (int p = 0; p < 3; p++) {
                    trace(samples, b, pts[p + 1], pathB[p]);
                }
                double maxChange = 0;
                for (int pa = 0; pa < 3; pa++) {
                    for (int pb = 0; pb < 3; pb++) {
                        double lo = Double.POSITIVE_INFINITY;
                        double hi = 0;
                        for (int i = 0; i <= STEPS; i++) {
                            double dd = path[pa][i].distance(pathB[pb][i]);
                            lo = Math.min(lo, dd);
                            hi = Math.max(hi, dd);
                        }
                        maxChange = Math.max(maxChange, hi - lo);
                    }
                }
                double pb = seg.pairBound(a, sa[0], sa[1], sa[2], sa[3], b, sb[0], sb[1], sb[2], sb[3], s0, s1);
                pair.add(pb, maxChange, where + " links " + m.linkName(a) + "/" + m.linkName(b));
                // the paths of both spheres' points seen from the frame after the last shared joint
                int shared = m.sharedChainLength(a, b);
                int frame = shared == 0
                        ? 0
                        : m.linkIndex(m.description()
                                .joint(m.chainJointNames(a).get(shared - 1))
                                .orElseThrow()
                                .child());
                double relA = 0;
                double relB = 0;
                for (int p = 0; p < 3; p++) {
                    relA = Math.max(relA, relativePath(samples, frame, path[p], inv, tmp));
                    relB = Math.max(relB, relativePath(samples, frame, pathB[p], inv, tmp));
                }
                pairRel.add(pb, relA + relB, where + " links " + m.linkName(a) + "/" + m.linkName(b));
            }
        }
        for (Stat s : List.of(world, chord, pair, pairRel, motion)) {
            System.out.println(s);
            assertTrue(s.checks >= intervals || s == motion, s.name + " checked too few");
        }
    }

    @Test
    void splineSegmentBounds() {
        for (KinematicModel m : List.of(KinematicModel.of(TestRobots.panda()), KinematicModel.of(TestRobots.ur5e()))) {
            Random rnd = new Random(21);
            int n = m.variableCount();
            Stat world = new Stat(m.name() + " spline worldBound");
            Stat chord = new Stat(m.name() + " spline chordBound");
            RobotSegment seg = new RobotSegment(m);
            LinkPoses[] samples = new LinkPoses[STEPS + 1];
            for (int i = 0; i <= STEPS; i++) {
                samples[i] = new LinkPoses(m);
            }
            double[] q = new double[n];
            double[] jac = new double[6 * n];
            double[][] pts = new double[5][3];
            Vector3d[] path = new Vector3d[STEPS + 1];
            for (int i = 0; i < path.length; i++) {
                path[i] = new Vector3d();
            }
            PolynomialJointPath jp = null;
            for (int it = 0; it < SPLINE_INTERVALS; it++) {
                if (it % 30 == 0) {
                    double[] q0 = TestRobots.randomConfiguration(m, rnd);
                    double[] q1 = local(m, q0, rnd);
                    double[] d0 = randomVec(n, rnd, 1.0);
                    double[] d1 = randomVec(n, rnd, 1.0);
                    jp = rnd.nextBoolean()
                            ? PolynomialJointPath.cubicHermite(q0, d0, q1, d1)
                            : PolynomialJointPath.quintic(q0, d0, randomVec(n, rnd, 3), q1, d1, randomVec(n, rnd, 3));
                    seg.set(jp);
                }
                double s0 = rnd.nextDouble();
                double s1 = Math.min(1, s0 + Math.pow(10, -2.5 * rnd.nextDouble()));
                for (int i = 0; i <= STEPS; i++) {
                    jp.positions(s0 + (s1 - s0) * i / STEPS, q);
                    m.forwardKinematics(q, samples[i]);
                }
                double[] qa = new double[n];
                double[] qb = new double[n];
                for (int j = 0; j < n; j++) {
                    double v = jp.velocity(j, 0.5 * (s0 + s1));
                    qb[j] = v;
                }
                for (int l = 0; l < m.linkCount(); l++) {
                    double cx = 0.3 * (rnd.nextDouble() - 0.5);
                    double cy = 0.3 * (rnd.nextDouble() - 0.5);
                    double cz = 0.3 * (rnd.nextDouble() - 0.5);
                    double r = 0.1 * rnd.nextDouble();
                    spherePoints(m, samples[STEPS / 2], l, cx, cy, cz, r, qa, qb, jac, rnd, pts);
                    double maxLen = 0;
                    double maxChord = 0;
                    for (int p = 0; p < 5; p++) {
                        trace(samples, l, pts[p], path);
                        maxLen = Math.max(maxLen, polyline(path));
                        maxChord = Math.max(maxChord, chordDeviation(path));
                    }
                    String where = m.name() + " spline interval " + it + " link " + m.linkName(l);
                    world.add(seg.worldBound(l, s0, s1, cx, cy, cz, r), maxLen, where);
                    chord.add(seg.chordBound(l, s0, s1, cx, cy, cz, r), maxChord, where);
                }
            }
            System.out.println(world);
            System.out.println(chord);
        }
    }

    /**
     * Screw and lerp/slerp motions of each link between its FK poses at the segment ends: their own
     * displacement and chord bounds, and their deviation from the exact joint-interpolated motion.
     */
    @Test
    void screwAndInterpBoundsAndDeviation() {
        for (KinematicModel m : List.of(KinematicModel.of(TestRobots.panda()), KinematicModel.of(TestRobots.ur5e()))) {
            Random rnd = new Random(31);
            Stat screwDisp = new Stat(m.name() + " ScrewMotion.maxDisplacement");
            Stat screwChord = new Stat(m.name() + " ScrewMotion.maxChordDeviation");
            Stat interpDisp = new Stat(m.name() + " InterpMotion.maxDisplacement");
            Stat interpChord = new Stat(m.name() + " InterpMotion.maxChordDeviation");
            Stat devScrew = new Stat(m.name() + " JointInterp.maxDeviationFrom(Screw)");
            Stat devInterp = new Stat(m.name() + " Interp.maxDeviationFrom(JointInterp)");
            Matrix4d a = new Matrix4d();
            Matrix4d b = new Matrix4d();
            Matrix4d[] ps = new Matrix4d[STEPS + 1];
            Matrix4d[] pj = new Matrix4d[STEPS + 1];
            Matrix4d[] pi = new Matrix4d[STEPS + 1];
            for (int i = 0; i <= STEPS; i++) {
                ps[i] = new Matrix4d();
                pj[i] = new Matrix4d();
                pi[i] = new Matrix4d();
            }
            Vector3d[] path = new Vector3d[STEPS + 1];
            Vector3d[] other = new Vector3d[STEPS + 1];
            for (int i = 0; i <= STEPS; i++) {
                path[i] = new Vector3d();
                other[i] = new Vector3d();
            }
            for (int segNo = 0; segNo < 150; segNo++) {
                double[] q0 = TestRobots.randomConfiguration(m, rnd);
                double[] q1 = rnd.nextBoolean() ? TestRobots.randomConfiguration(m, rnd) : local(m, q0, rnd);
                JointPath jp = JointPath.linear(q0, q1);
                for (int l = 0; l < m.linkCount(); l++) {
                    JointInterpolatedMotion ji = new JointInterpolatedMotion(m, l, jp);
                    ScrewMotion sm = new ScrewMotion(ji.pose(0, a), ji.pose(1, b));
                    InterpMotion im = new InterpMotion(a, b);
                    for (int k = 0; k < 6; k++) {
                        double s0 = k == 0 ? 0 : rnd.nextDouble();
                        double s1 = k == 0 ? 1 : Math.min(1, s0 + Math.pow(10, -2 * rnd.nextDouble()));
                        double cx = 0.3 * (rnd.nextDouble() - 0.5);
                        double cy = 0.3 * (rnd.nextDouble() - 0.5);
                        double cz = 0.3 * (rnd.nextDouble() - 0.5);
                        double r = 0.1 * rnd.nextDouble();
                        for (int i = 0; i <= STEPS; i++) {
                            double s = s0 + (s1 - s0) * i / STEPS;
                            sm.pose(s, ps[i]);
                            ji.pose(s, pj[i]);
                            im.pose(s, pi[i]);
                        }
                        double lenS = 0, chS = 0, lenI = 0, chI = 0, devS = 0, devI = 0;
                        for (int p = 0; p < 8; p++) {
                            double[] x = p == 0 ? new double[] {cx, cy, cz} : surface(cx, cy, cz, r, rnd);
                            tracePoses(ps, x, path);
                            lenS = Math.max(lenS, polyline(path));
                            chS = Math.max(chS, chordDeviation(path));
                            tracePoses(pj, x, other);
                            devS = Math.max(devS, maxDistance(path, other));
                            tracePoses(pi, x, path);
                            lenI = Math.max(lenI, polyline(path));
                            chI = Math.max(chI, chordDeviation(path));
                            devI = Math.max(devI, maxDistance(path, other));
                        }
                        String where =
                                m.name() + " segment " + segNo + " link " + m.linkName(l) + " [" + s0 + ", " + s1 + "]";
                        screwDisp.add(sm.maxDisplacement(s0, s1, cx, cy, cz, r), lenS, where);
                        screwChord.add(sm.maxChordDeviation(s0, s1, cx, cy, cz, r), chS, where);
                        interpDisp.add(im.maxDisplacement(s0, s1, cx, cy, cz, r), lenI, where);
                        interpChord.add(im.maxChordDeviation(s0, s1, cx, cy, cz, r), chI, where);
                        devScrew.add(ji.maxDeviationFrom(sm, s0, s1, cx, cy, cz, r), devS, where);
                        devInterp.add(im.maxDeviationFrom(ji, s0, s1, cx, cy, cz, r), devI, where);
                    }
                }
            }
            for (Stat s : List.of(screwDisp, screwChord, interpDisp, interpChord, devScrew, devInterp)) {
                System.out.println(s);
            }
        }
    }

    @Test
    void screwMotionClosedFormsAndSpecialTurns() {
        Random rnd = new Random(41);
        List<Matrix4d[]> cases = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            Matrix4d from = new Matrix4d()
                    .translation(rnd.nextDouble(), rnd.nextDouble(), rnd.nextDouble())
                    .rotate(
                            rnd.nextDouble() * 3,
                            new Vector3d(rnd.nextDouble() - 0.5, rnd.nextDouble(), 0.3).normalize());
            Matrix4d to = new Matrix4d()
                    .translation(rnd.nextDouble(), rnd.nextDouble(), rnd.nextDouble())
                    .rotate(
                            rnd.nextDouble() * 3,
                            new Vector3d(rnd.nextDouble(), 0.2, rnd.nextDouble() - 0.5).normalize());
            cases.add(new Matrix4d[] {from, to});
        }
        Matrix4d base = new Matrix4d().translation(0.3, -0.2, 0.5).rotateY(0.4);
        cases.add(new Matrix4d[] {base, new Matrix4d(base)}); // no motion
        cases.add(new Matrix4d[] {base, new Matrix4d().translation(1, 2, 3).mul(base)}); // pure translation
        cases.add(new Matrix4d[] {base, new Matrix4d().rotationZ(Math.PI).mul(base)}); // 180° about world z
        cases.add(new Matrix4d[] {
            base, new Matrix4d().translation(0, 0, 1).rotateX(Math.PI).mul(base)
        }); // 180° screw
        Matrix4d t = new Matrix4d();
        Vector3d v = new Vector3d();
        Vector3d acc = new Vector3d();
        for (Matrix4d[] c : cases) {
            ScrewMotion sm = new ScrewMotion(c[0], c[1]);
            ForwardKinematicsTest.assertPoseEquals(c[0], sm.pose(0, t), 1e-12, "screw at 0");
            ForwardKinematicsTest.assertPoseEquals(c[1], sm.pose(1, t), 1e-12, "screw at 1");
            InterpMotion im = new InterpMotion(c[0], c[1]);
            ForwardKinematicsTest.assertPoseEquals(c[0], im.pose(0, t), 1e-12, "interp at 0");
            ForwardKinematicsTest.assertPoseEquals(c[1], im.pose(1, t), 1e-12, "interp at 1");
            double s = rnd.nextDouble();
            double h = 1e-4;
            Vector3d p = new Vector3d(0.1, -0.2, 0.3);
            Vector3d plus = sm.pose(s + h, t).transformPosition(p, new Vector3d());
            Vector3d minus = sm.pose(s - h, t).transformPosition(p, new Vector3d());
            Vector3d mid = sm.pose(s, t).transformPosition(p, new Vector3d());
            sm.velocity(s, p.x, p.y, p.z, v);
            assertEquals(0, plus.sub(minus, new Vector3d()).div(2 * h).distance(v), 1e-7, "screw velocity");
            sm.acceleration(s, p.x, p.y, p.z, acc);
            Vector3d fd2 = plus.add(minus, new Vector3d())
                    .sub(mid.mul(2, new Vector3d()))
                    .div(h * h);
            assertEquals(
                    0,
                    fd2.distance(acc),
                    1e-4 * (1 + acc.length()),
                    "screw acceleration " + acc + " fd " + fd2 + " case " + cases.indexOf(c));
            // screw invariant: constant speed along the path
            Vector3d v2 = sm.velocity(rnd.nextDouble(), p.x, p.y, p.z, new Vector3d());
            assertEquals(v.length(), v2.length(), 1e-12, "screw speed is constant");
            // pose stays rigid
            assertEquals(1, sm.pose(s, t).determinant3x3(), 1e-12);
        }
        // 180° about world z: the half-way pose is a 90° turn about z, either way round
        ScrewMotion half = new ScrewMotion(new Matrix4d(), new Matrix4d().rotationZ(Math.PI));
        assertEquals(Math.PI, half.angle(), 1e-12);
        Matrix4d hm = half.pose(0.5, t);
        assertEquals(0, hm.m00(), 1e-12);
        assertEquals(1, Math.abs(hm.m01()), 1e-12);
        assertEquals(1, hm.m22(), 1e-12);
        // pure translation: straight line, zero chord deviation, displacement = length
        ScrewMotion tr = new ScrewMotion(new Matrix4d(), new Matrix4d().translation(3, 4, 0));
        assertEquals(0, tr.angle());
        assertEquals(5, tr.maxDisplacement(0, 1, 1, 1, 1, 0.5), 1e-9);
        assertEquals(0, tr.maxChordDeviation(0, 1, 1, 1, 1, 0.5), 1e-9);
    }

    // ------------------------------------------------------------------ helpers

    static double[] local(KinematicModel m, double[] q0, Random rnd) {
        double[] q = q0.clone();
        for (int i = 0; i < q.length; i++) {
            q[i] += 0.6 * (rnd.nextDouble() - 0.5);
        }
        return q;
    }

    static double[] randomVec(int n, Random rnd, double scale) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = scale * (rnd.nextDouble() - 0.5);
        }
        return v;
    }

    static double[] surface(double cx, double cy, double cz, double r, Random rnd) {
        double x, y, z, n;
        do {
            x = rnd.nextGaussian();
            y = rnd.nextGaussian();
            z = rnd.nextGaussian();
            n = Math.sqrt(x * x + y * y + z * z);
        } while (n < 1e-9);
        return new double[] {cx + r * x / n, cy + r * y / n, cz + r * z / n};
    }

    /**
     * Centre, the surface point that moves fastest at the interval midpoint (from the Jacobian: offset along
     * v × ω so that ω × offset adds to v), and 3 random surface points.
     */
    static void spherePoints(
            KinematicModel m,
            LinkPoses mid,
            int link,
            double cx,
            double cy,
            double cz,
            double r,
            double[] q0,
            double[] q1,
            double[] jac,
            Random rnd,
            double[][] out) {
        int n = m.variableCount();
        m.jacobian(mid, link, cx, cy, cz, jac);
        double[] vw = new double[6];
        for (int row = 0; row < 6; row++) {
            for (int c = 0; c < n; c++) {
                vw[row] += jac[row * n + c] * (q1[c] - q0[c]);
            }
        }
        Vector3d vel = new Vector3d(vw[0], vw[1], vw[2]);
        Vector3d om = new Vector3d(vw[3], vw[4], vw[5]);
        Vector3d dir = vel.cross(om, new Vector3d());
        out[0][0] = cx;
        out[0][1] = cy;
        out[0][2] = cz;
        if (dir.length() > 1e-12) {
            dir.normalize();
            // world direction -> link frame
            Matrix4d inv = new Matrix4d(mid.pose(link)).invertAffine();
            inv.transformDirection(dir);
            out[1][0] = cx + r * dir.x;
            out[1][1] = cy + r * dir.y;
            out[1][2] = cz + r * dir.z;
        } else {
            out[1] = surface(cx, cy, cz, r, rnd);
        }
        for (int i = 2; i < 5; i++) {
            out[i] = surface(cx, cy, cz, r, rnd);
        }
    }

    static void trace(LinkPoses[] samples, int link, double[] x, Vector3d[] out) {
        for (int i = 0; i < samples.length; i++) {
            samples[i].transformPoint(link, x[0], x[1], x[2], out[i]);
        }
    }

    static void tracePoses(Matrix4d[] poses, double[] x, Vector3d[] out) {
        for (int i = 0; i < poses.length; i++) {
            poses[i].transformPosition(x[0], x[1], x[2], out[i]);
        }
    }

    /** Polyline length of world points p seen in the frame of link {@code frame} (which moves with the samples). */
    static double relativePath(LinkPoses[] samples, int frame, Vector3d[] p, Matrix4d inv, Vector3d tmp) {
        double len = 0;
        double px = 0, py = 0, pz = 0;
        for (int i = 0; i < p.length; i++) {
            samples[i].pose(frame, inv).invertAffine().transformPosition(p[i], tmp);
            if (i > 0) {
                len += Math.sqrt(
                        (tmp.x - px) * (tmp.x - px) + (tmp.y - py) * (tmp.y - py) + (tmp.z - pz) * (tmp.z - pz));
            }
            px = tmp.x;
            py = tmp.y;
            pz = tmp.z;
        }
        return len;
    }

    static double polyline(Vector3d[] p) {
        double len = 0;
        for (int i = 1; i < p.length; i++) {
            len += p[i].distance(p[i - 1]);
        }
        return len;
    }

    static double chordDeviation(Vector3d[] p) {
        int n = p.length - 1;
        double max = 0;
        Vector3d c = new Vector3d();
        for (int i = 1; i < n; i++) {
            double u = (double) i / n;
            p[0].lerp(p[n], u, c);
            max = Math.max(max, c.distance(p[i]));
        }
        return max;
    }

    static double maxDistance(Vector3d[] a, Vector3d[] b) {
        double max = 0;
        for (int i = 0; i < a.length; i++) {
            max = Math.max(max, a[i].distance(b[i]));
        }
        return max;
    }
}
