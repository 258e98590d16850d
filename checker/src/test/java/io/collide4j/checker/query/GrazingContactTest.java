package io.collide4j.checker.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.batch.BatchChecker;
import io.collide4j.checker.batch.BatchRobot;
import io.collide4j.checker.batch.EngineChoice;
import io.collide4j.checker.batch.StateBatchResult;
import io.collide4j.checker.batch.StateVerdict;
import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.Obstacle;
import io.collide4j.checker.scene.ObstacleShape;
import io.collide4j.checker.scene.Scene;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.urdf.Geometry;
import io.collide4j.urdf.LinkDescription;
import io.collide4j.urdf.Pose;
import io.collide4j.urdf.TriangleMesh;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

/**
 * Grazing states by construction: a link's collision geometry is brought to its exact first contact with a box by
 * bisecting one joint value down to adjacent doubles, where "exact" is the high-precision FK of
 * {@link ExactKinematics} (the URDF's decimals taken exactly) and an exact point-versus-box test (box corners, mesh
 * vertices, sphere centres with their radius; a point within the margin of the box means the link touches it at
 * that margin). At each contact the states at the two bracketing joint values and 1, 2, 4 ulps beyond each are
 * classified exactly, and every state the exact test finds touching or penetrating must be reported not free by
 * {@link CollisionChecker#isFree}, by the certified lower bound of {@link CollisionChecker#minimumDistance} (not
 * above the margin) and by the batch CPU engine, at margins 0 and 1 mm. (Self pairs are allowed, so only the
 * robot–box pair decides.)
 *
 * <p>Robots: the synthetic 7-DoF arms with rpy = 3.1416, 3.1415926, 3.14159265 and π/2 ± tiny (box links), and every
 * URDF of the test data and bundled models (meshes, spheres). Fast default: a few contacts per robot and margin;
 * the {@code slow} group ({@code mvn verify -Pslow}) runs {@value #FULL_CONTACTS} contacts per robot and margin (2,000
 * states per robot).
 */
class GrazingContactTest {
    static final int FULL_CONTACTS = 125;
    static final double[] MARGINS = {0, 0.001};
    /** Box half extent (a power of two, so the checker's size/2 is exactly this). */
    static final double H = 0x1p-6;
    /** Points decided in double when farther than this from the threshold (double evaluation errs < 1e-12 m). */
    static final double DOUBLE_DECIDES = 1e-9;

    static final int[] ULPS = {1, 2, 4};

    @Test
    void roundedPiArms() {
        for (FkRobots.Robot r : FkRobots.synthetic()) {
            run(r, r.label().endsWith("3.1416") ? 24 : 8);
        }
    }

    @Test
    @Tag("slow")
    void roundedPiArmsInFull() {
        for (FkRobots.Robot r : FkRobots.synthetic()) {
            run(r, FULL_CONTACTS);
        }
    }

    @Test
    void repositoryRobots() {
        for (FkRobots.Robot r : FkRobots.repository()) {
            run(r, 3);
        }
    }

    @Test
    @Tag("slow")
    void repositoryRobotsInFull() {
        for (FkRobots.Robot r : FkRobots.repository()) {
            run(r, FULL_CONTACTS);
        }
    }

    /** Oracle geometry of one link: link-frame points (exact) with radii (0 for vertices). */
    record LinkPoints(int link, String name, BigDecimal[][] exact, double[][] approx, double[] radius) {}

    private static void run(FkRobots.Robot r, int contactsPerMargin) {
        KinematicModel km = r.kinematics();
        RobotCollisionModel.Builder mb = RobotCollisionModel.builder(r.description(), km);
        List<String> bodies = new ArrayList<>();
        for (LinkDescription l : r.description().links()) {
            if (!l.collisions().isEmpty()) {
                bodies.add(l.name());
            }
        }
        for (int i = 0; i < bodies.size(); i++) {
            for (int j = i + 1; j < bodies.size(); j++) {
                mb.allow(bodies.get(i), bodies.get(j));
            }
        }
        RobotCollisionModel model = mb.build();
        ExactKinematics exact = new ExactKinematics(r.text());
        List<LinkPoints> candidates = new ArrayList<>();
        for (int l = 0; l < km.linkCount(); l++) {
            LinkPoints lp = points(r, exact, km, l);
            if (lp != null && km.chainLength(l) > 0) {
                candidates.add(lp);
            }
        }
        assertTrue(!candidates.isEmpty(), r.label() + ": no moving link with point geometry");
        Random rnd = new Random(20261125L ^ r.label().hashCode());
        for (double d : MARGINS) {
            int contacts = 0, attempts = 0, touching = 0, clear = 0, falseFree = 0, clearBlocked = 0;
            while (contacts < contactsPerMargin && attempts < 200 * contactsPerMargin) {
                attempts++;
                Sample s = sample(km, exact, candidates, d, rnd);
                if (s == null) {
                    continue;
                }
                contacts++;
                Scene scene = Scene.of(List.of(new Obstacle(
                        "box",
                        new ObstacleShape.Box(2 * H, 2 * H, 2 * H),
                        new Pose(s.centre[0], s.centre[1], s.centre[2], 0, 0, 0, 1))));
                CollisionChecker checker = CollisionChecker.of(model, scene);
                QueryContext ctx = checker.newContext();
                StateBatchResult batch;
                try (BatchChecker cpu = BatchChecker.builder()
                        .engine(EngineChoice.CPU)
                        .threads(1)
                        .robot(BatchRobot.builder(model, scene).build())
                        .build()) {
                    batch = cpu.checkStates(s.states.toArray(new double[0][]), d);
                }
                for (int i = 0; i < s.states.size(); i++) {
                    double[] q = s.states.get(i);
                    boolean free = checker.isFree(q, d, ctx);
                    double lb = checker.minimumDistance(q, ctx).lowerBound();
                    boolean batchFree = batch.verdict()[i] == StateVerdict.FREE;
                    if (s.touching.get(i)) {
                        touching++;
                        if (free || lb > d || batchFree) {
                            falseFree++;
                            System.out.printf(
                                    Locale.ROOT,
                                    "%s d=%g: exactly touching state reported free (isFree %b,"
                                            + " lower bound %.3e, batch %b), link %s, q=%s%n",
                                    r.label(),
                                    d,
                                    free,
                                    lb,
                                    batchFree,
                                    s.link,
                                    java.util.Arrays.toString(q));
                        }
                    } else {
                        clear++;
                        if (!free) {
                            clearBlocked++;
                        }
                    }
                }
            }
            System.out.printf(
                    Locale.ROOT,
                    "grazing %-36s d=%.3f: %d contacts, %d states exactly touching, %d exactly"
                            + " clear (%d of them reported not free), %d touching reported free%n",
                    r.label(),
                    d,
                    contacts,
                    touching,
                    clear,
                    clearBlocked,
                    falseFree);
            assertEquals(
                    contactsPerMargin, contacts, r.label() + ": contacts constructed in " + attempts + " attempts");
            assertTrue(touching > 0 && clear > 0, r.label() + ": both sides of contact sampled");
            assertEquals(0, falseFree, r.label() + " d=" + d + ": exactly touching states reported free");
        }
    }

    /** A constructed contact: the box, the states around it and their exact classification. */
    record Sample(String link, double[] centre, List<double[]> states, List<Boolean> touching) {}

    private static Sample sample(
            KinematicModel km, ExactKinematics exact, List<LinkPoints> candidates, double d, Random rnd) {
        LinkPoints lp = candidates.get(rnd.nextInt(candidates.size()));
        List<Integer> vars = new ArrayList<>();
        for (String j : km.chainJointNames(lp.link)) {
            int v = km.variableIndex(j);
            if (v >= 0) {
                vars.add(v);
            }
        }
        if (vars.isEmpty()) {
            return null;
        }
        int var = vars.get(rnd.nextInt(vars.size()));
        double[] q = FkRobots.randomConfiguration(km, rnd);
        double t0 = q[var];
        double delta = rnd.nextBoolean() ? 0.02 : -0.02;
        if (!(t0 + delta <= km.upperLimit(var) && t0 + delta >= km.lowerLimit(var))) {
            delta = -delta;
            if (!(t0 + delta <= km.upperLimit(var) && t0 + delta >= km.lowerLimit(var))) {
                return null;
            }
        }
        double t1 = t0 + delta;
        int point = rnd.nextInt(lp.approx.length);
        double[] w0 = worldApprox(exact, km, lp, point, q, var, t0);
        double[] w1 = worldApprox(exact, km, lp, point, q, var, t1);
        int axis = 0;
        for (int k = 1; k < 3; k++) {
            if (Math.abs(w1[k] - w0[k]) > Math.abs(w1[axis] - w0[axis])) {
                axis = k;
            }
        }
        double move = w1[axis] - w0[axis];
        if (Math.abs(move) < 2e-4) {
            return null;
        }
        // the box's margin-grown face halfway along the point's path, the box beyond it
        double[] centre = new double[3];
        for (int k = 0; k < 3; k++) {
            centre[k] = (w0[k] + w1[k]) / 2;
        }
        centre[axis] += Math.signum(move) * (H + d + lp.radius[point]);
        if (touches(exact, km, lp, q, var, t0, centre, d) || !touches(exact, km, lp, q, var, t1, centre, d)) {
            return null;
        }
        // steer in double to 1e-9 rad, confirm exactly, then bisect exactly to adjacent doubles
        double a = t0, b = t1;
        for (int i = 0; i < 60 && Math.abs(b - a) > 1e-9; i++) {
            double m = a + (b - a) / 2;
            if (touchesApprox(exact, km, lp, q, var, m, centre, d)) {
                b = m;
            } else {
                a = m;
            }
        }
        if (touches(exact, km, lp, q, var, a, centre, d) || !touches(exact, km, lp, q, var, b, centre, d)) {
            a = t0;
            b = t1;
        }
        while (true) {
            double m = a + (b - a) / 2;
            if (m == a || m == b) {
                break;
            }
            if (touches(exact, km, lp, q, var, m, centre, d)) {
                b = m;
            } else {
                a = m;
            }
        }
        double dir = Math.signum(b - a);
        List<double[]> states = new ArrayList<>();
        List<Boolean> touching = new ArrayList<>();
        double[] values = new double[2 + 2 * ULPS.length];
        values[0] = a;
        values[1] = b;
        for (int i = 0; i < ULPS.length; i++) {
            values[2 + 2 * i] = a - dir * ULPS[i] * Math.ulp(a);
            values[3 + 2 * i] = b + dir * ULPS[i] * Math.ulp(b);
        }
        for (double t : values) {
            if (!(t <= km.upperLimit(var) && t >= km.lowerLimit(var))) {
                continue;
            }
            double[] qs = q.clone();
            qs[var] = t;
            states.add(qs);
            touching.add(t == b || (t != a && touches(exact, km, lp, q, var, t, centre, d)));
        }
        return new Sample(lp.name, centre, states, touching);
    }

    private static Map<String, BigDecimal> active(KinematicModel km, double[] q, int var, double t) {
        Map<String, BigDecimal> m = new HashMap<>();
        for (int i = 0; i < q.length; i++) {
            m.put(km.variableName(i), new BigDecimal(i == var ? t : q[i]));
        }
        return m;
    }

    private static double[] worldApprox(
            ExactKinematics exact, KinematicModel km, LinkPoints lp, int point, double[] q, int var, double t) {
        Map<String, Double> m = new HashMap<>();
        for (int i = 0; i < q.length; i++) {
            m.put(km.variableName(i), i == var ? t : q[i]);
        }
        double[] p = exact.poseDouble(lp.name, m);
        return apply(p, lp.approx[point]);
    }

    private static double[] apply(double[] p, double[] v) {
        return new double[] {
            p[0] * v[0] + p[1] * v[1] + p[2] * v[2] + p[9],
            p[3] * v[0] + p[4] * v[1] + p[5] * v[2] + p[10],
            p[6] * v[0] + p[7] * v[1] + p[8] * v[2] + p[11]
        };
    }

    private static double boxDistance(double[] w, double[] c) {
        double s = 0;
        for (int k = 0; k < 3; k++) {
            double e = Math.max(0, Math.abs(w[k] - c[k]) - H);
            s += e * e;
        }
        return Math.sqrt(s);
    }

    /** Steering only: some point within d of the box, by the double-precision FK. */
    private static boolean touchesApprox(
            ExactKinematics exact,
            KinematicModel km,
            LinkPoints lp,
            double[] q,
            int var,
            double t,
            double[] c,
            double d) {
        Map<String, Double> m = new HashMap<>();
        for (int i = 0; i < q.length; i++) {
            m.put(km.variableName(i), i == var ? t : q[i]);
        }
        double[] p = exact.poseDouble(lp.name, m);
        for (int i = 0; i < lp.approx.length; i++) {
            if (boxDistance(apply(p, lp.approx[i]), c) - lp.radius[i] <= d) {
                return true;
            }
        }
        return false;
    }

    /**
     * The exact test: some point of the link within d of the box (distance² ≤ (d + radius)² in exact arithmetic of
     * the 40-digit pose; points farther than {@link #DOUBLE_DECIDES} from the threshold are decided in double).
     */
    static boolean touches(
            ExactKinematics exact,
            KinematicModel km,
            LinkPoints lp,
            double[] q,
            int var,
            double t,
            double[] c,
            double d) {
        BigDecimal[] pose = exact.pose(lp.name, active(km, q, var, t), new HashMap<>());
        double[] pd = ExactKinematics.toDouble(pose);
        for (int i = 0; i < lp.approx.length; i++) {
            double gap = boxDistance(apply(pd, lp.approx[i]), c) - lp.radius[i] - d;
            if (gap > DOUBLE_DECIDES) {
                continue;
            }
            if (gap < -DOUBLE_DECIDES) {
                return true;
            }
            BigDecimal[] v = lp.exact[i];
            BigDecimal dist2 = BigDecimal.ZERO;
            for (int k = 0; k < 3; k++) {
                BigDecimal w = pose[3 * k]
                        .multiply(v[0], ExactKinematics.MC)
                        .add(pose[3 * k + 1].multiply(v[1], ExactKinematics.MC), ExactKinematics.MC)
                        .add(pose[3 * k + 2].multiply(v[2], ExactKinematics.MC), ExactKinematics.MC)
                        .add(pose[9 + k], ExactKinematics.MC);
                BigDecimal e = w.subtract(new BigDecimal(c[k])).abs().subtract(new BigDecimal(H));
                if (e.signum() > 0) {
                    dist2 = dist2.add(e.multiply(e));
                }
            }
            BigDecimal reach = new BigDecimal(d).add(new BigDecimal(lp.radius[i]));
            if (dist2.compareTo(reach.multiply(reach)) <= 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * The link's oracle points in its frame, from the URDF text (element origins and box sizes as written) and the
     * loaded meshes (vertices as loaded, scale applied); null when the link has none (no geometry, or cylinders only).
     */
    private static LinkPoints points(FkRobots.Robot r, ExactKinematics exact, KinematicModel km, int link) {
        String name = km.linkName(link);
        LinkDescription ld = r.description().linksByName().get(name);
        Element le = exact.linkElements.get(name);
        if (ld == null || le == null) {
            return null;
        }
        List<Element> cols = ExactKinematics.children(le, "collision");
        if (cols.size() != ld.collisions().size()) {
            return null;
        }
        List<BigDecimal[]> pts = new ArrayList<>();
        List<Double> radii = new ArrayList<>();
        for (int k = 0; k < cols.size(); k++) {
            BigDecimal[] origin = ExactKinematics.transform(ExactKinematics.child(cols.get(k), "origin"));
            Geometry g = ld.collisions().get(k).geometry();
            Element ge = ExactKinematics.child(ExactKinematics.child(cols.get(k), "geometry"), "box");
            List<BigDecimal[]> local = new ArrayList<>();
            double radius = 0;
            if (g instanceof Geometry.Box && ge != null) {
                BigDecimal[] size = ExactKinematics.numbers(ge.getAttribute("size"), 3);
                BigDecimal half = new BigDecimal("0.5");
                for (int c = 0; c < 8; c++) {
                    BigDecimal[] p = new BigDecimal[3];
                    for (int a = 0; a < 3; a++) {
                        p[a] = size[a].multiply(half);
                        if ((c >> a & 1) == 0) {
                            p[a] = p[a].negate();
                        }
                    }
                    local.add(p);
                }
            } else if (g instanceof Geometry.Sphere s) {
                local.add(new BigDecimal[] {BigDecimal.ZERO, BigDecimal.ZERO, BigDecimal.ZERO});
                radius = s.radius();
            } else if (g instanceof Geometry.Mesh m && m.mesh().isPresent()) {
                TriangleMesh t = m.mesh().get();
                for (int v = 0; v < t.vertexCount(); v++) {
                    local.add(new BigDecimal[] {
                        new BigDecimal(t.vertex(v, 0)), new BigDecimal(t.vertex(v, 1)), new BigDecimal(t.vertex(v, 2))
                    });
                }
            }
            for (BigDecimal[] p : local) {
                BigDecimal[] w = new BigDecimal[3];
                for (int a = 0; a < 3; a++) {
                    w[a] = origin[3 * a]
                            .multiply(p[0])
                            .add(origin[3 * a + 1].multiply(p[1]))
                            .add(origin[3 * a + 2].multiply(p[2]))
                            .add(origin[9 + a])
                            .round(ExactKinematics.MC);
                }
                pts.add(w);
                radii.add(radius);
            }
        }
        if (pts.isEmpty()) {
            return null;
        }
        double[][] approx = new double[pts.size()][];
        for (int i = 0; i < approx.length; i++) {
            approx[i] = ExactKinematics.toDouble(pts.get(i));
        }
        return new LinkPoints(
                link,
                name,
                pts.toArray(new BigDecimal[0][]),
                approx,
                radii.stream().mapToDouble(Double::doubleValue).toArray());
    }
}
