package io.collide4j.checker.ccd.screw;

/**
 * D2M ("Differentiate Twice Method", Buddingh' 2014, seed 000): time of contact of two rigid triangle meshes on
 * linear-translation + linear-rotation motions ({@link LtlrMotion}), by simultaneous descent of their midpoint-cut
 * sphere trees with a continuous sphere test, then the exact vertex–face / edge–edge root finder at leaf pairs.
 * Soundness argument (every rounding on the safe side, the answer never later than the first contact): D2M.md next
 * to this file.
 *
 * <p>Continuous sphere test (§5.4.2): for centres cA(t), cB(t) and s(t) = |cB − cA|² − R², one Taylor–Lagrange
 * parabola from the domain start (s, s' there, s'' ≥ −2|γ|max·A from the motions) gives the earliest time
 * the spheres can touch, and the same from the domain end backwards gives the time after which they stay apart;
 * each end is refined up to 12 steps, until a step gains less than 1e-3 of the domain. Child pairs are visited in order
 * of their earliest time and cut at the best time
 * found so far (§5.4.3). Leaf pairs answer their earliest sphere time in {@link D2mMode#CAPOEIRA}; in
 * {@link D2mMode#FULL} Capoeira runs first and the exact descent starts from its bound.
 *
 * <p>Immutable and thread-safe; each thread passes its own {@link Scratch}. No allocation per root-finder step or
 * sphere test; preparing the bodies allocates only when a mesh is larger than the scratch has seen.
 */
public final class D2m {
    private static final double U = 0x1p-53;
    /** Default ε_d: the gap the answer leaves (length units). */
    public static final double DEFAULT_EPS_D = 1e-10;
    /** Default budget of root-finder steps per query. */
    public static final long DEFAULT_BUDGET = 50_000_000L;

    private static final int MAX_LEVELS = 2 * ScrewMesh.MAX_DEPTH + 4;
    /** Parabola steps per end of a sphere pair's domain (each step is sound; more only tighten). */
    private static final int SPHERE_STEPS = 12;

    private final double epsD;
    private final long budget;

    /**
     * @param epsD   ε_d &gt; 0: the answer is the first time a feature pair can be within about ε_d
     * @param budget root-finder steps per query before the answer is given conservatively (&ge; 1)
     */
    public D2m(double epsD, long budget) {
        if (!(epsD > 0) || !Double.isFinite(epsD)) {
            throw new IllegalArgumentException("epsD must be finite and > 0, got " + epsD);
        }
        if (budget < 1) {
            throw new IllegalArgumentException("budget must be >= 1, got " + budget);
        }
        this.epsD = epsD;
        this.budget = budget;
    }

    /** ε_d = {@value #DEFAULT_EPS_D}, budget {@value #DEFAULT_BUDGET}. */
    public static D2m defaults() {
        return new D2m(DEFAULT_EPS_D, DEFAULT_BUDGET);
    }

    public double epsD() {
        return epsD;
    }

    /** Per-thread working memory. Not thread-safe. */
    public static final class Scratch {
        final BodyState a = new BodyState(), b = new BodyState();
        final FeatureSolver solver = new FeatureSolver();
        final double[] p = new double[12];
        final int[] childA = new int[4 * MAX_LEVELS], childB = new int[4 * MAX_LEVELS];
        final double[] tin = new double[4 * MAX_LEVELS], tout = new double[4 * MAX_LEVELS];
        final double[] dom = new double[2];
        boolean capoeira;
        double best;
        ContactFeature feature;
        int fa, fb;
        long spherePairs, leafPairs, featurePairs;
        double vRelMax;
    }

    /** Time of contact of mesh a on motion ma and mesh b on motion mb over t in [0, 1]. */
    public D2mResult solve(ScrewMesh a, LtlrMotion ma, ScrewMesh b, LtlrMotion mb, D2mMode mode, Scratch s) {
        s.a.prepare(a, ma);
        s.b.prepare(b, mb);
        FeatureSolver fs = s.solver;
        fs.epsD = epsD;
        fs.budget = budget;
        fs.steps = 0;
        fs.exhausted = false;
        s.vRelMax = s.a.pointSpeed(s.a.rhoMax) + s.b.pointSpeed(s.b.rhoMax);
        fs.minWidth = s.vRelMax > 0 ? epsD / s.vRelMax : 1;
        s.spherePairs = 0;
        s.leafPairs = 0;
        s.featurePairs = 0;
        double tc = descend(s, true, 0);
        if (mode == D2mMode.FULL && tc != Double.POSITIVE_INFINITY) {
            descend(s, false, tc);
        }
        boolean hit = s.best != Double.POSITIVE_INFINITY;
        return new D2mResult(
                hit,
                s.best,
                mode,
                hit ? s.feature : null,
                hit ? s.fa : -1,
                hit ? s.fb : -1,
                s.spherePairs,
                s.leafPairs,
                s.featurePairs,
                fs.steps,
                fs.exhausted);
    }

    private double descend(Scratch s, boolean capoeira, double from) {
        s.capoeira = capoeira;
        s.best = Double.POSITIVE_INFINITY;
        s.feature = null;
        if (sphereDomain(s, 0, 0, from, 1)) {
            visit(s, 0, 0, s.dom[0], s.dom[1], 0);
        }
        return s.best;
    }

    private void visit(Scratch s, int na, int nb, double lo, double hi, int level) {
        hi = Math.min(hi, s.best);
        if (!(lo <= hi) || lo >= s.best) {
            return;
        }
        ScrewMesh ma = s.a.mesh, mb = s.b.mesh;
        boolean leafA = ma.nodeLeft[na] < 0, leafB = mb.nodeLeft[nb] < 0;
        if (leafA && leafB) {
            s.leafPairs++;
            if (s.capoeira) {
                s.best = lo;
                s.feature = ContactFeature.LEAF_SPHERES;
                s.fa = na;
                s.fb = nb;
            } else {
                leafFeatures(s, na, nb, lo, hi);
            }
            return;
        }
        if (level >= MAX_LEVELS) {
            throw new IllegalStateException("sphere tree descent deeper than " + MAX_LEVELS);
        }
        int base = 4 * level, n = 0;
        for (int i = 0; i < 2; i++) {
            int ca = leafA ? na : ma.child(na, i);
            for (int j = 0; j < 2; j++) {
                int cb = leafB ? nb : mb.child(nb, j);
                if ((leafA && i == 1) || (leafB && j == 1)) {
                    continue;
                }
                if (sphereDomain(s, ca, cb, lo, hi)) {
                    // insertion by earliest time
                    int k = n++;
                    while (k > 0 && s.tin[base + k - 1] > s.dom[0]) {
                        s.tin[base + k] = s.tin[base + k - 1];
                        s.tout[base + k] = s.tout[base + k - 1];
                        s.childA[base + k] = s.childA[base + k - 1];
                        s.childB[base + k] = s.childB[base + k - 1];
                        k--;
                    }
                    s.tin[base + k] = s.dom[0];
                    s.tout[base + k] = s.dom[1];
                    s.childA[base + k] = ca;
                    s.childB[base + k] = cb;
                }
            }
        }
        for (int k = 0; k < n; k++) {
            if (s.tin[base + k] >= s.best) {
                break;
            }
            visit(s, s.childA[base + k], s.childB[base + k], s.tin[base + k], s.tout[base + k], level + 1);
        }
    }

    private void leafFeatures(Scratch s, int na, int nb, double lo, double hi) {
        FeatureSolver fs = s.solver;
        ScrewMesh ma = s.a.mesh, mb = s.b.mesh;
        for (int side = 0; side < 2; side++) {
            BodyState pb = side == 0 ? s.a : s.b, fb = side == 0 ? s.b : s.a;
            ScrewMesh pm = pb.mesh, fm = fb.mesh;
            int pn = side == 0 ? na : nb, fn = side == 0 ? nb : na;
            for (int i = pm.leafVertStart[pn]; i < pm.leafVertEnd[pn]; i++) {
                int v = pm.leafVerts[i];
                for (int j = fm.leafTriStart[fn]; j < fm.leafTriEnd[fn]; j++) {
                    int t = fm.leafTris[j];
                    double h = Math.min(hi, s.best);
                    if (!(lo <= h)) {
                        return;
                    }
                    s.featurePairs++;
                    double r = fs.vertexFace(pb, v, fb, t, lo, h);
                    if (r < s.best) {
                        s.best = r;
                        s.feature = side == 0 ? ContactFeature.VERTEX_A_FACE_B : ContactFeature.FACE_A_VERTEX_B;
                        s.fa = side == 0 ? v : t;
                        s.fb = side == 0 ? t : v;
                    }
                }
            }
        }
        for (int i = ma.leafEdgeStart[na]; i < ma.leafEdgeEnd[na]; i++) {
            int e = ma.leafEdges[i];
            for (int j = mb.leafEdgeStart[nb]; j < mb.leafEdgeEnd[nb]; j++) {
                int g = mb.leafEdges[j];
                double h = Math.min(hi, s.best);
                if (!(lo <= h)) {
                    return;
                }
                s.featurePairs++;
                double r = fs.edgeEdge(s.a, e, s.b, g, lo, h);
                if (r < s.best) {
                    s.best = r;
                    s.feature = ContactFeature.EDGE_EDGE;
                    s.fa = e;
                    s.fb = g;
                }
            }
        }
    }

    /**
     * Writes into s.dom the part [tin, tout] of [lo, hi] where spheres na (mesh A) and nb (mesh B) may touch; false
     * when they cannot touch in [lo, hi]. Forward parabola steps from lo, backward steps from hi.
     */
    private boolean sphereDomain(Scratch s, int na, int nb, double lo, double hi) {
        s.spherePairs++;
        BodyState a = s.a, b = s.b;
        double rho = a.node[10 * na + 9], rhoB = b.node[10 * nb + 9];
        double r = (a.mesh.nodeRadius[na] + b.mesh.nodeRadius[nb]) * (1 + 16 * U);
        double dvx = a.vx - b.vx, dvy = a.vy - b.vy, dvz = a.vz - b.vz;
        double vc = (Math.sqrt(dvx * dvx + dvy * dvy + dvz * dvz) + a.omega * rho + b.omega * rhoB) * (1 + 16 * U);
        double ac = (a.omega * a.omega * rho + b.omega * b.omega * rhoB) * (1 + 16 * U);
        double pe = (a.posError + b.posError) * 1.01, ve = (a.velError + b.velError) * 1.01;
        double t = lo;
        for (int it = 0; it < SPHERE_STEPS; it++) {
            double sv = sphereEval(s, na, nb, t, r, pe, ve);
            double g = s.p[9], e0 = s.p[10], s1 = s.p[11];
            if (!(sv - e0 > 0)) {
                break;
            }
            // s'' = 2(|γ'|² + γ·γ'') ≥ −2|γ||γ''|: only the curvature towards the axis limits the step
            double mm = 2 * (g + vc * (hi - t)) * ac * (1 + 32 * U);
            double d = FeatureSolver.lowerRootDelta(sv - e0, s1 - s.p[8], mm);
            double t2 = Math.max(t, Math.nextDown(t + d));
            if (t2 >= hi) {
                return false;
            }
            boolean small = t2 - t < 1e-3 * (hi - lo);
            t = t2;
            if (small) {
                break;
            }
        }
        double tin = t, tEnd = hi;
        for (int it = 0; it < SPHERE_STEPS; it++) {
            double sv = sphereEval(s, na, nb, tEnd, r, pe, ve);
            double g = s.p[9], e0 = s.p[10], s1 = s.p[11];
            if (!(sv - e0 > 0)) {
                break;
            }
            double mm = 2 * (g + vc * (tEnd - tin)) * ac * (1 + 32 * U);
            double d = FeatureSolver.lowerRootDelta(sv - e0, -s1 - s.p[8], mm);
            double t2 = Math.min(tEnd, Math.nextUp(tEnd - d));
            if (t2 <= tin) {
                // no touching on [tin, tEnd] unless exactly at tin, which the forward pass left open
                t2 = tin;
                tEnd = t2;
                break;
            }
            boolean small = tEnd - t2 < 1e-3 * (hi - lo);
            tEnd = t2;
            if (small) {
                break;
            }
        }
        s.dom[0] = tin;
        s.dom[1] = tEnd;
        return true;
    }

    /**
     * s(t) = |γ|² − R² for γ = cB − cA at time t; leaves |γ| (rounded up) in p[9], the error of s in p[10], s'(t) in
     * p[11] and its error in p[8].
     */
    private static double sphereEval(Scratch s, int na, int nb, double t, double r, double pe, double ve) {
        BodyState a = s.a, b = s.b;
        a.at(t);
        b.at(t);
        double[] p = s.p;
        a.pos(a.node, na, p, 0);
        b.pos(b.node, nb, p, 3);
        double gx = p[3] - p[0], gy = p[4] - p[1], gz = p[5] - p[2];
        a.vel(a.node, na, p, 0);
        b.vel(b.node, nb, p, 3);
        double hx = p[3] - p[0], hy = p[4] - p[1], hz = p[5] - p[2];
        double gg = gx * gx + gy * gy + gz * gz;
        double g = Math.sqrt(gg) * (1 + 8 * U);
        double hh = Math.sqrt(hx * hx + hy * hy + hz * hz) * (1 + 8 * U);
        double sv = gg - r * r;
        p[9] = g;
        p[10] = 2 * g * pe + pe * pe + 8 * U * (gg + r * r) + Double.MIN_NORMAL;
        p[11] = 2 * (gx * hx + gy * hy + gz * hz);
        p[8] = 2 * (hh * pe + g * ve + pe * ve) + 16 * U * g * hh;
        return sv;
    }
}
