package io.collide4j.planner.bench;

import io.collide4j.checker.narrowphase.DistanceResult;
import io.collide4j.checker.narrowphase.Gjk;
import io.collide4j.planner.Collide4j;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.IntConsumer;
import org.joml.Matrix4d;

/**
 * Builds the configuration sets deterministically from a seed. Every configuration has its own random stream,
 * derived from (seed, pair or robot, scenario, bucket, index), so any subset can be regenerated alone and must come
 * out bit-identical.
 *
 * <p><b>Pairs</b> (the sphere method, seed 003 §5.7.2): draw a lattice point (direction φ_A, θ_A and rotation
 * φ_B, θ_B, ψ_B); start B's reference point on a sphere around A's that both bodies' radii plus the target leave
 * clear; move it along the ray towards A's reference point. The exact oracle ({@link PairOracle}) gives the
 * distance along the ray, which is convex in s and 0 at s = 0 (both reference points lie inside their hulls), so
 * the target distance is reached exactly once. GJK with Newton steps (convexity: no overshoot from outside) proposes
 * s; the oracle's distance there, corrected by at most four Newton steps on the oracle's own values, must be within
 * 1e-12 of the start radius of the target (else the lattice point is redrawn). Scenario II bisects the first contact
 * s_c with the oracle's boolean (to 1e-12 of the start radius, from a bracket 1e-9 of it wide around GJK's guess that
 * the oracle confirms, else the whole ray) and steps back in by the penetration p; a lattice point whose ray has
 * s_c &lt; p is redrawn. Stored targets are the oracle's values at the stored pose.
 *
 * <p><b>Robots</b>: for each clearance bucket, a uniform configuration q0 with clearance above the target and one,
 * q1, below it; bisection on the joint-space segment between them to a configuration whose clearance (the
 * checker's closest-pair distance) is the target to ~1e-12 m, on the free side.
 */
public final class ConfigurationSetGenerator {
    /** The body pairs of configuration-sets-v1: an object against a copy of itself (as in the seed), link–link, link–obstacle. */
    public static final List<String[]> V1_PAIRS = List.of(
            new String[] {"panda/panda_link3", "panda/panda_link3"},
            new String[] {"panda/panda_link5", "panda/panda_hand"},
            new String[] {"panda/panda_link4", "panda/panda_link6"},
            new String[] {"panda/panda_link5", "table_shelf/shelf_side_left"});
    /** Robot sets of configuration-sets-v1: bundled robots in the bundled scene. */
    public static final List<String> V1_ROBOTS = List.of("panda", "ur5e");

    public static final String V1_SCENE = "table_shelf";
    /**
     * Robot clearance buckets (mm): 0, 1, ..., 15 (random Panda and UR5e configurations rarely exceed ~17 mm: self
     * pairs such as link5–link7 stay close).
     */
    public static final int ROBOT_BUCKET_STEP_MM = 1, ROBOT_MAX_MM = 15;

    private static final int MAX_DRAWS = 10_000;

    private final long seed;

    public ConfigurationSetGenerator(long seed) {
        this.seed = seed;
    }

    /** All pair and robot sets: perBucket pair configurations per (pair, scenario, bucket), robotPerBucket per robot bucket. */
    public ConfigurationSets generate(
            List<String[]> bodyPairs,
            int perBucket,
            List<String> robots,
            String scene,
            int robotPerBucket,
            IntConsumer progress) {
        List<PairConfiguration> pairs = new ArrayList<>();
        int done = 0;
        for (int p = 0; p < bodyPairs.size(); p++) {
            BenchBody a = BenchBody.named(bodyPairs.get(p)[0]),
                    b = BenchBody.named(bodyPairs.get(p)[1]);
            PairOracle oracle = new PairOracle();
            for (Scenario sc : Scenario.values()) {
                for (int bucket = 0; bucket <= sc.maxBucket(); bucket++) {
                    for (int i = 0; i < perBucket; i++) {
                        pairs.add(pair(p, a, b, sc, bucket, i, oracle));
                    }
                    progress.accept(++done);
                }
            }
        }
        List<RobotConfiguration> rs = new ArrayList<>();
        for (String robot : robots) {
            for (int mm = 0; mm <= ROBOT_MAX_MM; mm += ROBOT_BUCKET_STEP_MM) {
                for (int i = 0; i < robotPerBucket; i++) {
                    // a fresh checker per configuration: no warm start carries over, so any subset regenerates alone
                    rs.add(robot(robotChecker(robot, scene), robot, scene, mm, i));
                }
                progress.accept(++done);
            }
        }
        return new ConfigurationSets(seed, bodyPairs, pairs, rs);
    }

    /** The checker the robot sets are measured with: bundled robot and scene, margin 0. */
    public static Collide4j robotChecker(String robot, String scene) {
        return Collide4j.builder().robot(robot).sceneName(scene).margin(0).build();
    }

    /** Number of progress steps of {@link #generate}. */
    public static int steps(int pairCount, int robotCount) {
        int perPair = 0;
        for (Scenario sc : Scenario.values()) {
            perPair += sc.maxBucket() + 1;
        }
        return pairCount * perPair + robotCount * (ROBOT_MAX_MM / ROBOT_BUCKET_STEP_MM + 1);
    }

    private SplittableRandom stream(long... keys) {
        long h = seed;
        for (long k : keys) {
            h = mix(h ^ mix(k + 0x9E3779B97F4A7C15L));
        }
        return new SplittableRandom(h);
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** Configuration index i of (pair, scenario, bucket); a pure function of the seed and these keys. */
    public PairConfiguration pair(
            int pairIndex, BenchBody a, BenchBody b, Scenario sc, int bucket, int i, PairOracle oracle) {
        SplittableRandom r = stream(1, pairIndex, sc.ordinal(), bucket, i);
        Lattice l = sc.lattice();
        double value = bucket / 100.0 * a.aabbSize();
        double start = start(a, b, bucket);
        double tol = 1e-12 * start;
        Matrix4d m = new Matrix4d();
        double[] u = new double[3];
        for (int draw = 0; draw < MAX_DRAWS; draw++) {
            int pa = r.nextInt(l.turns()),
                    ta = r.nextInt(l.polar()),
                    pb = r.nextInt(l.turns()),
                    tb = r.nextInt(l.turns()),
                    sb = r.nextInt(l.turns());
            l.direction(pa, ta, u);
            // GJK (fresh per configuration, so no warm start carries over) only proposes s; the oracle decides
            double guess = newton(a, b, l, pa, ta, pb, tb, sb, u, start, sc == Scenario.I ? value : 0, m);
            if (sc == Scenario.I && bucket > 0) {
                // the oracle's distance at GJK's guess, corrected by Newton steps on the oracle's own values
                double s = guess, d = oracle.distance(a, b, l.pose(a, b, pa, ta, pb, tb, sb, s, m));
                for (int it = 0; it < 4 && Math.abs(d - value) > 1e-12 * start && d > 0; it++) {
                    s = Math.max(0, s - (d - value) / Math.max(0.05, slope(a, b, l, pa, ta, pb, tb, sb, u, s, m)));
                    d = oracle.distance(a, b, l.pose(a, b, pa, ta, pb, tb, sb, s, m));
                }
                if (!(Math.abs(d - value) <= 1e-12 * start)) {
                    continue; // no clean approach along this ray: redraw
                }
                return new PairConfiguration(pairIndex, sc, bucket, pa, ta, pb, tb, sb, s, d);
            }
            double sc0 = contact(a, b, l, pa, ta, pb, tb, sb, guess, start, tol, oracle, m);
            if (sc0 < value) {
                continue; // the ray's intersection is shorter than the penetration: redraw
            }
            double s = sc0 - value;
            return new PairConfiguration(pairIndex, sc, bucket, pa, ta, pb, tb, sb, s, sc == Scenario.I ? 0 : sc0 - s);
        }
        throw new IllegalStateException("no lattice point of " + a.name() + " / " + b.name() + " reaches "
                + sc.measure() + " bucket " + bucket + " in " + MAX_DRAWS + " draws");
    }

    /**
     * Newton's method on GJK's distance along the ray, from outside towards {@code target} (the distance is convex in
     * s, so Newton from the far side does not overshoot; the slope is the witness normal's component along the
     * ray), with conservative-advancement steps where the slope is flat. A guess only; a fresh GJK each time.
     */
    private static double newton(
            BenchBody a,
            BenchBody b,
            Lattice l,
            int pa,
            int ta,
            int pb,
            int tb,
            int sb,
            double[] u,
            double start,
            double target,
            Matrix4d m) {
        Gjk gjk = new Gjk();
        DistanceResult dr = new DistanceResult();
        double s = start;
        for (int it = 0; it < 100; it++) {
            gjk.distance(a.shape(), null, b.shape(), l.pose(a, b, pa, ta, pb, tb, sb, s, m), dr);
            double excess = dr.distance - target;
            if (dr.intersecting || !(excess > 1e-13 * start)) {
                break;
            }
            double slope = dr.normal.x * u[0] + dr.normal.y * u[1] + dr.normal.z * u[2];
            s = Math.max(0, s - (slope > 0.05 ? excess / slope : excess));
        }
        return s;
    }

    private static double slope(
            BenchBody a,
            BenchBody b,
            Lattice l,
            int pa,
            int ta,
            int pb,
            int tb,
            int sb,
            double[] u,
            double s,
            Matrix4d m) {
        DistanceResult dr = new DistanceResult();
        new Gjk().distance(a.shape(), null, b.shape(), l.pose(a, b, pa, ta, pb, tb, sb, s, m), dr);
        return dr.normal.x * u[0] + dr.normal.y * u[1] + dr.normal.z * u[2];
    }

    /**
     * First contact along the ray: the largest s (to {@code tol}) at which the solids intersect, by the oracle's
     * boolean bisection: within 1e-9·start of {@code guess} when the oracle confirms that bracket, else between
     * s = 0 (reference points coincide, inside both hulls) and {@code start} (clear of both radii). Returns the
     * intersecting end of the final bracket.
     */
    public static double contact(
            BenchBody a,
            BenchBody b,
            Lattice l,
            int pa,
            int ta,
            int pb,
            int tb,
            int sb,
            double guess,
            double start,
            double tol,
            PairOracle oracle,
            Matrix4d m) {
        double lo = Math.max(0, guess - 1e-9 * start), hi = Math.min(start, guess + 1e-9 * start);
        if (!oracle.intersects(a, b, l.pose(a, b, pa, ta, pb, tb, sb, lo, m))
                || oracle.intersects(a, b, l.pose(a, b, pa, ta, pb, tb, sb, hi, m))) {
            lo = 0;
            hi = start;
        }
        while (hi - lo > tol) {
            double s = (lo + hi) / 2;
            if (s <= lo || s >= hi) {
                break;
            }
            if (oracle.intersects(a, b, l.pose(a, b, pa, ta, pb, tb, sb, s, m))) {
                lo = s;
            } else {
                hi = s;
            }
        }
        return lo;
    }

    /** Start radius the generator uses for a configuration of (a, b) at this bucket. */
    public static double start(BenchBody a, BenchBody b, int bucket) {
        return a.radiusAboutReference()
                + b.radiusAboutReference()
                + bucket / 100.0 * a.aabbSize()
                + 0.01 * a.aabbSize();
    }

    /** Robot configuration index i of a clearance bucket; a pure function of the seed and these keys. */
    public RobotConfiguration robot(Collide4j c, String robot, String scene, int mm, int i) {
        SplittableRandom r = stream(2, robot.hashCode(), scene.hashCode(), mm, i);
        double target = mm / 1000.0;
        int n = c.dimension();
        double[] q0 = null, q1 = null;
        for (int draw = 0; draw < MAX_DRAWS && (q0 == null || q1 == null); draw++) {
            double[] q = new double[n];
            for (int j = 0; j < n; j++) {
                q[j] = c.lowerLimit(j) + r.nextDouble() * (c.upperLimit(j) - c.lowerLimit(j));
            }
            double d = clearance(c, q);
            if (q0 == null && d > target) {
                q0 = q;
            } else if (q1 == null && d < target) {
                q1 = q;
            }
        }
        if (q0 == null || q1 == null) {
            throw new IllegalStateException(
                    robot + " in " + scene + ": no configurations on both sides of " + mm + " mm");
        }
        double lo = 0, hi = 1;
        double[] q = q0.clone();
        double dLo = clearance(c, q0);
        for (int it = 0; it < 200 && dLo - target > 1e-12; it++) {
            double t = (lo + hi) / 2;
            if (t <= lo || t >= hi) {
                break;
            }
            double[] qt = lerp(q0, q1, t);
            double d = clearance(c, qt);
            if (d >= target) {
                lo = t;
                dLo = d;
                q = qt;
            } else {
                hi = t;
            }
        }
        return new RobotConfiguration(robot, scene, mm, dLo, q);
    }

    private static double[] lerp(double[] a, double[] b, double t) {
        double[] q = new double[a.length];
        for (int j = 0; j < q.length; j++) {
            q[j] = a[j] + t * (b[j] - a[j]);
        }
        return q;
    }

    /** The robot sets' clearance: the checker's closest-pair distance estimate (negative when overlapping). */
    public static double clearance(Collide4j c, double[] q) {
        var contact = c.closestPair(q);
        return contact == null ? Double.POSITIVE_INFINITY : contact.distance();
    }
}
