package io.collide4j.checker.query;

import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.kinematics.SeparatingJoints;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.joml.Matrix4dc;

/**
 * A certified tier for the discrete check's close self pairs, in front of the {@link SphereTier} and GJK: per robot piece
 * pair whose links are separated by one or two revolute joints (on the Panda link5–link7 and link5–hand, which
 * reach GJK most often), a table over those joints' values of a lower bound on the pair's distance. The exact
 * relative pose of the two links, hence their distance, depends on those joint values alone ({@link
 * SeparatingJoints}), so a bound computed at one configuration holds at every configuration with the same values.
 *
 * <h2>Bound</h2>
 * Cell (i, j) of the grid over the joints' limits ({@link #CELL} rad wide) holds g, GJK's certified lower bound (the
 * pieces' margins, forward-kinematics slack included, subtracted: {@link PairDistance#lowerBound}) at the
 * cell's centre (c₀, c₁), rounded down to a float. At q in the cell the distance is at least
 * g − L₀|q₀ − c₀| − L₁|q₁ − c₁| − 10⁻¹²: turning joint k by δ moves every point of either piece by at most |δ| times
 * its distance from k's axis, and L_k is the sum of both pieces' bounding spheres' reach from that axis
 * ({@link SeparatingJoints#reach}). The 10⁻¹² m (and the 10⁻¹² relative inflation of the Lipschitz term) covers the
 * rounding of the lookup; the table is used only when that bound exceeds the margin, else GJK decides as before.
 *
 * <p>Cells are filled on first use (one forward kinematics and one GJK distance, EPA when the pieces intersect: about
 * 1.5 µs on the Panda), also where the covering spheres alone would have cleared the pair: a filled cell then answers
 * for one lookup what the spheres decide with every sphere pair (checker/HOT_PATHS.md); the tables of a robot are
 * shared by every checker of the same {@link RobotCollisionModel#contentHash()} (which covers everything that decides
 * collisions), so the scenes of a planning benchmark fill them together.
 *
 * <p>Thread-safe: the arrays are allocated (NaN = not yet filled) before the object is published through a final
 * field or the concurrent cache; a cell is written without locking, and a float write is atomic, so a reader sees
 * NaN (and fills the cell itself) or some thread's value. Values from different threads may differ in the last bits
 * (the shared joints' values differ), and each is a certified bound at the cell's centre.
 */
final class SelfPairTables {
    /** Cell width (rad). 0.05: a cell's centre is within 0.025 rad of its points, about 5 mm of slack on the Panda. */
    static final double CELL = 0.05;
    /**
     * Most cells of one pair's table (a joint with wider limits gets wider cells): 2¹⁴ cells are 128 KiB per pair
     * (Panda: 9,401 cells of 0.05 rad; two ±2π joints get about 0.1 rad).
     */
    static final int MAX_CELLS = 1 << 14;
    /** Robots whose tables are kept (the cache is cleared when a new one would exceed this). */
    private static final int CACHED_ROBOTS = 16;

    private static final Map<String, SelfPairTables> CACHE = new ConcurrentHashMap<>();

    /** Per piece pair [a · pieceCount + b]: its table, or null (not a self pair, or not separated by ≤ 2 joints). */
    private final Table[] tables;

    private final int pieces;

    private SelfPairTables(RobotCollisionModel model) {
        this.pieces = model.pieceCount();
        this.tables = new Table[pieces * pieces];
        for (int i = 0; i < model.selfPairCount(); i++) {
            int ba = model.selfPairA(i), bb = model.selfPairB(i);
            int la = model.bodyLink(ba), lb = model.bodyLink(bb);
            SeparatingJoints joints = SeparatingJoints.of(model.kinematics(), la, lb, 2);
            if (joints == null) {
                continue;
            }
            for (int p = model.pieceStart(ba); p < model.pieceEnd(ba); p++) {
                for (int r = model.pieceStart(bb); r < model.pieceEnd(bb); r++) {
                    tables[p * pieces + r] = new Table(model, joints, la, p, lb, r);
                }
            }
        }
    }

    /** The tables of the model's robot (shared by models of the same content hash). */
    static SelfPairTables of(RobotCollisionModel model) {
        String key = model.contentHash();
        if (key == null) {
            return new SelfPairTables(model);
        }
        SelfPairTables t = CACHE.get(key);
        if (t == null) {
            if (CACHE.size() >= CACHED_ROBOTS) {
                CACHE.clear();
            }
            t = CACHE.computeIfAbsent(key, k -> new SelfPairTables(model));
        }
        return t;
    }

    /** Whether any pair has a table. */
    boolean isEmpty() {
        return Arrays.stream(tables).allMatch(t -> t == null);
    }

    /**
     * What the table says about the self pair (pieces a, b) at the full configuration q for margin: FREE when its
     * certified lower bound exceeds d, COLLIDING when its upper bound is at most d (the pair is within d: a verdict
     * that needs no certificate), else UNKNOWN (no table, q outside the table's limits, or too close to call: GJK
     * decides).
     */
    Verdict verdict(PairDistance distance, QueryContext c, double[] q, int a, int b, double margin) {
        Table t = tables[a * pieces + b];
        return t == null ? Verdict.UNKNOWN : t.verdict(distance, c, q, margin);
    }

    /** A table's answer for one pair and state. */
    enum Verdict {
        FREE,
        COLLIDING,
        UNKNOWN
    }

    /** One piece pair's grid over its one or two separating joints. */
    private static final class Table {
        private final int pieceA, pieceB, linkA, linkB;
        private final int var0, var1; // var1 = -1: one joint
        private final double lo0, step0, lo1, step1;
        private final int n0, n1;
        private final double lip0, lip1;
        private final float[] cells;
        /** Per cell, an estimate of the signed distance (margins subtracted) at the centre, rounded up. */
        private final float[] upper;

        Table(RobotCollisionModel model, SeparatingJoints joints, int linkA, int pieceA, int linkB, int pieceB) {
            this.pieceA = pieceA;
            this.pieceB = pieceB;
            this.linkA = linkA;
            this.linkB = linkB;
            var0 = joints.variable(0);
            var1 = joints.count() > 1 ? joints.variable(1) : -1;
            lo0 = joints.lowerLimit(0);
            lo1 = var1 < 0 ? 0 : joints.lowerLimit(1);
            int w0 = cellsOver(joints.upperLimit(0) - lo0);
            int w1 = var1 < 0 ? 1 : cellsOver(joints.upperLimit(1) - lo1);
            // shrink both axes alike until the table fits
            int scale = 1;
            while ((long) ceilDiv(w0, scale) * ceilDiv(w1, scale) > MAX_CELLS) {
                scale++;
            }
            n0 = ceilDiv(w0, scale);
            n1 = ceilDiv(w1, scale);
            step0 = (joints.upperLimit(0) - lo0) / n0;
            step1 = var1 < 0 ? 1 : (joints.upperLimit(1) - lo1) / n1;
            lip0 = lipschitz(model, joints, 0);
            lip1 = var1 < 0 ? 0 : lipschitz(model, joints, 1);
            cells = new float[n0 * n1];
            upper = new float[n0 * n1];
            Arrays.fill(cells, Float.NaN);
            Arrays.fill(
                    upper, Float.POSITIVE_INFINITY); // an unfilled (or not yet visible) estimate never calls COLLIDING
        }

        private static int cellsOver(double width) {
            return Math.max(1, (int) Math.ceil(width / CELL));
        }

        private static int ceilDiv(int a, int b) {
            return (a + b - 1) / b;
        }

        private double lipschitz(RobotCollisionModel model, SeparatingJoints joints, int k) {
            return joints.reach(
                            k,
                            linkA,
                            model.pieceSphere(pieceA, 0),
                            model.pieceSphere(pieceA, 1),
                            model.pieceSphere(pieceA, 2),
                            model.pieceSphere(pieceA, 3))
                    + joints.reach(
                            k,
                            linkB,
                            model.pieceSphere(pieceB, 0),
                            model.pieceSphere(pieceB, 1),
                            model.pieceSphere(pieceB, 2),
                            model.pieceSphere(pieceB, 3));
        }

        Verdict verdict(PairDistance distance, QueryContext c, double[] q, double margin) {
            double x = q[var0];
            double y = var1 < 0 ? lo1 : q[var1];
            int i = index(x, lo0, step0, n0);
            int j = var1 < 0 ? 0 : index(y, lo1, step1, n1);
            if (i < 0 || j < 0) {
                return Verdict.UNKNOWN;
            }
            // the centre is recomputed the same way at every lookup: the fill used exactly these doubles
            double c0 = lo0 + (i + 0.5) * step0;
            double c1 = lo1 + (j + 0.5) * step1;
            int cell = i * n1 + j;
            float g = cells[cell];
            if (Float.isNaN(g)) {
                g = fill(distance, c, q, c0, c1, cell);
                cells[cell] = g;
            }
            double slide = (lip0 * Math.abs(x - c0) + (var1 < 0 ? 0 : lip1 * Math.abs(y - c1))) * (1 + 1e-12) + 1e-12;
            if (g - slide > margin) {
                return Verdict.FREE;
            }
            return upper[cell] + slide <= margin ? Verdict.COLLIDING : Verdict.UNKNOWN;
        }

        /** The cell of value v, or −1 outside [lo, lo + n·step] (NaN included). */
        private static int index(double v, double lo, double step, int n) {
            double f = (v - lo) / step;
            if (!(f >= 0 && f <= n)) {
                return -1;
            }
            return Math.min(n - 1, (int) f);
        }

        /**
         * At q with the separating joints at the cell's centre: returns GJK's certified lower bound (margins subtracted)
         * rounded down (NaN: −∞), and stores into {@code upper[cell]} an estimate of the signed distance (margins
         * subtracted) rounded up: GJK's distance when apart, else minus EPA's lower bound on the penetration depth. Signed distance
         * is Lipschitz like distance (it is the largest of −h(n) over directions n, h the support function of A ⊖ B,
         * and support functions move no more than the points do), so the estimate plus the slide bounds it at q up to
         * rounding; a pair called COLLIDING on it is within the margin, or within rounding of it.
         */
        private float fill(PairDistance distance, QueryContext c, double[] q, double c0, double c1, int cell) {
            double[] qc = c.tableQ;
            System.arraycopy(q, 0, qc, 0, qc.length);
            qc[var0] = c0;
            if (var1 >= 0) {
                qc[var1] = c1;
            }
            RobotCollisionModel model = distance.model();
            var poses = model.kinematics().forwardKinematics(qc, c.tablePoses);
            Matrix4dc pa = poses.pose(linkA), pb = poses.pose(linkB);
            double lb = distance.lowerBound(c, PairKind.SELF, pieceA, pieceB, -1, pa, pb);
            double margins = model.pieceMargin(pieceA) + model.pieceMargin(pieceB);
            double est;
            if (c.result.intersecting) {
                c.epa.penetration(model.pieceShape(pieceA), pa, model.pieceShape(pieceB), pb, c.penetration);
                est = c.penetration.intersecting ? -c.penetration.depthLower - margins : -margins;
            } else {
                est = c.result.distance - margins;
            }
            if (est == est) { // a NaN estimate leaves +∞: never COLLIDING
                float f = (float) est;
                upper[cell] = f < est ? Math.nextUp(f) : f;
            }
            return Double.isNaN(lb) ? Float.NEGATIVE_INFINITY : lowerOf(lb);
        }

        /** A double rounded down to a float. */
        private static float lowerOf(double v) {
            float f = (float) v;
            return f > v ? Math.nextDown(f) : f;
        }
    }
}
