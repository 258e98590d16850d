package io.collide4j.checker.certificate;

import io.collide4j.checker.geometry.AffineRows;
import io.collide4j.checker.geometry.ConvexShape;
import io.collide4j.checker.narrowphase.DistanceResult;
import io.collide4j.checker.narrowphase.Gjk;
import io.collide4j.checker.query.PairKind;
import io.collide4j.checker.query.PreparedScene;
import io.collide4j.checker.query.QueryContext;
import io.collide4j.checker.query.SpeedGrid;
import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.kinematics.LinkPoses;
import java.util.List;
import org.joml.Matrix4dc;
import org.joml.Vector3d;

/**
 * Separating planes for a certificate's advancement steps ({@link CertificateFormat#FORMAT}): for a step
 * [s0, s1] of a pair, a plane (n, c) and gaps gA = gB such that, for every s in the step, every point of piece A
 * (margin included) has n·x ≤ c − gA and every point of B has n·y ≥ c + gB, and gA + gB ≥ margin·|n|. The derivation
 * and its rounding argument are in {@code WITNESS.md} next to this file. Where one plane cannot cover a step (self
 * pairs: the step's bound leaves out joints both pieces share, a world plane cannot), the step is split; each part
 * again meets the step rule the recompute verifier checks. Per-certification scratch: one thread; the advancement's
 * own GJK state and results in the context are not touched (own {@link Gjk}).
 */
final class WitnessPlanes {
    /** Floating-point unit roundoff (2^−53). */
    private static final double EPS = 0x1p-53;
    /** Relative slack charged for this class's own arithmetic on the plane offsets (see WITNESS.md). */
    private static final double OWN_REL = 1e-13;
    /** Narrower sub-steps than this are not tried (the step is then written without a plane). */
    private static final double MIN_WIDTH = 1e-12;
    /** Most parts one step is split into before it is written without a plane. */
    private static final int MAX_PARTS = 10_000;

    private final RobotCollisionModel model;
    private final PreparedScene prepared;
    private final SpeedGrid grid;
    private final Gjk gjk = new Gjk();
    private final DistanceResult result = new DistanceResult();
    private final Vector3d sup = new Vector3d();
    private final double[] rows = new double[12];
    private int hintA = -1, hintB = -1;

    // the plane at the current sub-step start, before motion: A below hiA0, B above loB0 (both along n)
    private double nx, ny, nz, nUp, hiA0, loB0, scale, lbHere;
    private boolean shortNumbers;
    /** Significant digits of a short plane's normal (a certificate of fewer bytes; full precision when that fails). */
    private static final int SHORT_DIGITS = 5;
    /** The short plane's state, kept while the full-precision plane at the same s is tried. */
    private final SavedPlane shortPlane = new SavedPlane();

    /** A copy of the plane state {@link #planeAt} leaves (all but shortNumbers). */
    private static final class SavedPlane {
        private double nx, ny, nz, nUp, hiA0, loB0, scale, lbHere;

        void save(WitnessPlanes w) {
            nx = w.nx;
            ny = w.ny;
            nz = w.nz;
            nUp = w.nUp;
            hiA0 = w.hiA0;
            loB0 = w.loB0;
            scale = w.scale;
            lbHere = w.lbHere;
        }

        void restore(WitnessPlanes w) {
            w.nx = nx;
            w.ny = ny;
            w.nz = nz;
            w.nUp = nUp;
            w.hiA0 = hiA0;
            w.loB0 = loB0;
            w.scale = scale;
            w.lbHere = lbHere;
        }
    }

    WitnessPlanes(RobotCollisionModel model, PreparedScene prepared, SpeedGrid grid) {
        this.model = model;
        this.prepared = prepared;
        this.grid = grid;
    }

    /**
     * Covers the advancement step [s0, s1] of a pair (whose claimed lower bound at s0 is {@code claim}, valid with
     * the step rule over all of [s0, s1]) with planes, appending to ends, lbs and planes: one entry when one plane
     * covers it, more when it had to be split, or the step unchanged with a null plane when no plane was found.
     */
    void cover(
            QueryContext c,
            PairKind kind,
            int a,
            int b,
            int slot,
            double s0,
            double s1,
            double claim,
            double margin,
            double whole,
            List<Double> ends,
            List<Double> lbs,
            List<SeparatingPlane> planes) {
        int mark = ends.size();
        double from = s0;
        double lbFrom = claim;
        boolean first = true;
        for (int part = 0; part < MAX_PARTS; part++) {
            // a short normal first (fewer bytes); full precision when the short one covers less of the step
            // a later part's claim: the GJK lower bound at its start rounded down, which the step rule uses too, so
            // the recompute verifier's own GJK run (another warm start) cannot fall below what was checked here
            double e = planeAt(c, kind, a, b, slot, from, true)
                    ? reach(
                            c,
                            kind,
                            a,
                            b,
                            from,
                            s1,
                            margin,
                            first ? claim : CertificateFormat.roundDown(lbHere, CertificateFormat.CLAIM_DIGITS),
                            first,
                            whole)
                    : Double.NaN;
            if (!(e >= s1)) {
                double shortReach = e;
                shortPlane.save(this);
                double full = planeAt(c, kind, a, b, slot, from, false)
                        ? reach(
                                c,
                                kind,
                                a,
                                b,
                                from,
                                s1,
                                margin,
                                first ? claim : CertificateFormat.roundDown(lbHere, CertificateFormat.CLAIM_DIGITS),
                                first,
                                whole)
                        : Double.NaN;
                if (!(full >= shortReach) && shortReach > from) {
                    // back to the short plane, which reaches farther
                    shortPlane.restore(this);
                    shortNumbers = true;
                    e = shortReach;
                } else {
                    e = full;
                }
            }
            if (!(e > from)) {
                break;
            }
            lbFrom = first ? claim : CertificateFormat.roundDown(lbHere, CertificateFormat.CLAIM_DIGITS);
            SeparatingPlane p = plane(c, a, b, kind, from, e, margin, true);
            if (p == null) {
                break;
            }
            ends.add(e);
            lbs.add(lbFrom);
            planes.add(p);
            if (e >= s1) {
                return;
            }
            from = e;
            first = false;
        }
        // no plane: the step as the certifier made it, which the recompute verifier accepts
        ends.subList(mark, ends.size()).clear();
        lbs.subList(mark, lbs.size()).clear();
        planes.subList(mark, planes.size()).clear();
        ends.add(s1);
        lbs.add(claim);
        planes.add(null);
    }

    /**
     * One plane for the whole step [s0, s1] of robot piece a and obstacle piece b (slot) against b's covering hull,
     * short numbers first, or null: for an exact-mesh obstacle, whose steps are not split (the advancement measured
     * them against the triangles), a plane against the hull holds the surface and the solid (verifier lemma S2).
     */
    SeparatingPlane wholeStep(QueryContext c, int a, int b, int slot, double s0, double s1, double margin) {
        for (boolean shortNormal : new boolean[] {true, false}) {
            if (planeAt(c, PairKind.ENVIRONMENT, a, b, slot, s0, shortNormal)) {
                SeparatingPlane p = plane(c, a, b, PairKind.ENVIRONMENT, s0, s1, margin, true);
                if (p != null) {
                    return p;
                }
            }
        }
        return null;
    }

    /**
     * The farthest end e in (from, s1] (s1 itself, or found by bisection and rounded down to a short decimal) up to
     * which the plane at {@code from} covers the sub-step and it meets the step rule; NaN when none of at least
     * {@link #MIN_WIDTH}.
     */
    private double reach(
            QueryContext c,
            PairKind kind,
            int a,
            int b,
            double from,
            double s1,
            double margin,
            double lbFrom,
            boolean first,
            double whole) {
        if (fits(c, kind, a, b, from, s1, margin, lbFrom, first, whole)) {
            return s1;
        }
        // largest fitting end by bisection (both conditions are monotone in the end)
        double lo = from, hi = s1;
        for (int i = 0; i < 60 && hi - lo > MIN_WIDTH * 0.5; i++) {
            double mid = lo + (hi - lo) / 2;
            if (fits(c, kind, a, b, from, mid, margin, lbFrom, first, whole)) {
                lo = mid;
                if (i >= 12) {
                    break;
                }
            } else {
                hi = mid;
            }
        }
        if (!(lo - from >= MIN_WIDTH)) {
            return Double.NaN;
        }
        double e = CertificateFormat.shortEnd(from, lo);
        return e > from && fits(c, kind, a, b, from, e, margin, lbFrom, first, whole) ? e : lo;
    }

    /**
     * The sub-step [from, e] is covered by the plane at {@code from} and, unless it is the original step's first
     * part (whose claim holds for every end up to s1), meets the step rule with the fresh lower bound at from.
     */
    private boolean fits(
            QueryContext c,
            PairKind kind,
            int a,
            int b,
            double from,
            double e,
            double margin,
            double lbFrom,
            boolean first,
            double whole) {
        if (!first && !(lbFrom - grid.stepBound(c, kind, a, b, from, e, whole) > margin)) {
            return false;
        }
        return plane(c, a, b, kind, from, e, margin) != null;
    }

    /**
     * GJK at s of the pair as the checker measures it, the direction n from A towards B, and certified bounds
     * hiA0 ≥ max n·x over A (margin included), loB0 ≤ min n·y over B (margin included). False when the pieces are
     * not separated there or a number is not finite.
     *
     * <p>With {@code shortNormal}, GJK's normal rounded to {@value #SHORT_DIGITS} significant digits, and the plane's c and
     * g the shortest decimals that keep the claim: any direction gives a valid plane, since the bounds are computed
     * for the direction as written; short numbers only make the certificate smaller.
     */
    private boolean planeAt(QueryContext c, PairKind kind, int a, int b, int slot, double s, boolean shortNormal) {
        this.shortNumbers = shortNormal;
        LinkPoses poses = c.segment.posesAt(s);
        Matrix4dc pa = poses.pose(model.bodyLink(model.pieceBody(a)));
        ConvexShape sa = model.pieceShape(a);
        ConvexShape sb;
        Matrix4dc pb;
        double mA = model.pieceMargin(a), mB;
        if (kind == PairKind.ENVIRONMENT) {
            sb = prepared.shape(b);
            pb = prepared.pose(slot);
            mB = prepared.margin(b);
        } else {
            sb = model.pieceShape(b);
            pb = poses.pose(model.bodyLink(model.pieceBody(b)));
            mB = model.pieceMargin(b);
        }
        gjk.distance(sa, pa, sb, pb, result);
        if (result.intersecting || !(result.lowerBound > 0)) {
            return false;
        }
        lbHere = result.lowerBound - mA - mB;
        nx = shortNormal ? shortDecimal(result.normal.x) : result.normal.x;
        ny = shortNormal ? shortDecimal(result.normal.y) : result.normal.y;
        nz = shortNormal ? shortDecimal(result.normal.z) : result.normal.z;
        double nn = Math.sqrt(nx * nx + ny * ny + nz * nz);
        nUp = nn * (1 + 8 * EPS);
        // upper bound on h_A(n) = max n·x over A, and on h_B(−n) = −min n·y over B
        AffineRows.load(pa, rows);
        double ta = Math.sqrt(rows[9] * rows[9] + rows[10] * rows[10] + rows[11] * rows[11]);
        double hA = supportUpper(sa, nx, ny, nz, true);
        AffineRows.load(pb, rows);
        double tb = Math.sqrt(rows[9] * rows[9] + rows[10] * rows[10] + rows[11] * rows[11]);
        double hB = supportUpper(sb, -nx, -ny, -nz, false);
        scale = ta + tb + sa.boundingRadius() + sb.boundingRadius() + mA + mB;
        hiA0 = hA + nUp * mA;
        loB0 = -hB - nUp * mB;
        return Double.isFinite(hiA0) && Double.isFinite(loB0) && Double.isFinite(scale) && nn > 0.5;
    }

    /**
     * Certified upper bound on h_X(u) = max u·x over the shape placed by the pose in {@link #rows}: h_X(u) = u·t +
     * h_loc(Rᵀu) exactly; with l = fl(Rᵀu), s a support point of the local shape for l, the computed u·t + l·s is
     * within K·ε·(|u|₁·|t| + ρ·(|l|₁ + ‖R‖_F·|u|₁)) of it (the argument of {@code MinkowskiPair}, here with K = 128).
     */
    private double supportUpper(ConvexShape shape, double ux, double uy, double uz, boolean isA) {
        double lx = rows[0] * ux + rows[3] * uy + rows[6] * uz;
        double ly = rows[1] * ux + rows[4] * uy + rows[7] * uz;
        double lz = rows[2] * ux + rows[5] * uy + rows[8] * uz;
        int h = shape.support(lx, ly, lz, isA ? hintA : hintB, sup);
        if (isA) {
            hintA = h;
        } else {
            hintB = h;
        }
        return supportBound(rows, ux, uy, uz, lx, ly, lz, sup, shape.boundingRadius());
    }

    /**
     * The bound of {@link #supportUpper} from its parts: the pose in {@code rows}, u, l = fl(Rᵀu), a support point
     * {@code sup} of the local shape for l and the shape's bounding radius ρ.
     */
    static double supportBound(
            double[] rows, double ux, double uy, double uz, double lx, double ly, double lz, Vector3d sup, double rho) {
        double un = Math.abs(ux) + Math.abs(uy) + Math.abs(uz);
        double fro = 0;
        for (int i = 0; i < 9; i++) {
            fro += rows[i] * rows[i];
        }
        fro = Math.sqrt(fro) * (1 + 4 * EPS);
        double tn = Math.abs(rows[9]) + Math.abs(rows[10]) + Math.abs(rows[11]);
        double value = (ux * rows[9] + uy * rows[10] + uz * rows[11]) + (lx * sup.x + ly * sup.y + lz * sup.z);
        double err = 128 * EPS * (un * tn + rho * (Math.abs(lx) + Math.abs(ly) + Math.abs(lz) + fro * un));
        return value + err;
    }

    /**
     * The plane for [from, e] from the state {@link #planeAt} left, or null when the gap left after both pieces'
     * world travel over [from, e] is less than the margin: (nx, ny, nz, c, g, g) with c mid-gap and
     * 2g = (gap + margin·|n|)/2, at least margin·|n| rounded up: the margin plus half the surplus is claimed, and each
     * side keeps a quarter of the surplus.
     */
    private SeparatingPlane plane(QueryContext c, int a, int b, PairKind kind, double from, double e, double margin) {
        return plane(c, a, b, kind, from, e, margin, false);
    }

    /** As {@link #plane(QueryContext, int, int, PairKind, double, double, double)}; {@code shorten}: the written plane. */
    private SeparatingPlane plane(
            QueryContext c, int a, int b, PairKind kind, double from, double e, double margin, boolean shorten) {
        double dA = grid.pieceTravel(c, a, from, e);
        double dB = kind == PairKind.ENVIRONMENT ? 0 : grid.pieceTravel(c, b, from, e);
        // own arithmetic: a handful of roundings of magnitudes below (scale + travel), charged at 1e-13 relative
        double own = OWN_REL * (1 + scale + dA + dB);
        return place(nx, ny, nz, nUp, hiA0 + nUp * dA + own, loB0 - nUp * dB - own, margin, shortNumbers && shorten);
    }

    /**
     * The plane of normal n (|n| ≤ nUp) between hiA ≥ max n·x over A and loB ≤ min n·y over B (both over the whole
     * step, travel and own rounding included; WITNESS.md steps 2–6), or null when the gap is below the margin:
     * c mid-gap and 2g = (gap + margin·|n|)/2, at least margin·|n| rounded up; with {@code shortNumbers} the
     * shortest decimals that keep the claim.
     */
    static SeparatingPlane place(
            double nx, double ny, double nz, double nUp, double hiA, double loB, double margin, boolean shortNumbers) {
        double gMin = 0.5 * margin * nUp * (1 + 16 * EPS);
        double gap = loB - hiA;
        if (!(gap >= 2 * gMin) || !Double.isFinite(hiA) || !Double.isFinite(loB)) {
            return null;
        }
        // claim the margin and half the surplus (gA + gB = (gap + margin·|n|) / 2): pair clearances stay checkable,
        // and each side keeps a quarter of the surplus for the verifier's enclosures
        double g = Math.max(gMin, 0.25 * (gap + margin * nUp));
        double mid = hiA + (loB - hiA) / 2;
        if (shortNumbers) {
            // the shortest decimals that keep the claim: g in [max(gMin, g/2), g] (positive unless the gap is 0),
            // c in [hiA + g, loB - g]
            double gs = shortestIn(Math.max(gMin, 0.5 * g), g);
            double cs = shortestIn(hiA + gs, loB - gs);
            if (Double.isFinite(gs)
                    && Double.isFinite(cs)
                    && Math.nextDown(cs - gs) >= hiA
                    && Math.nextUp(cs + gs) <= loB) {
                g = gs;
                mid = cs;
            }
        }
        // fl(x) is within half an ulp of x, so nextDown(fl(x)) <= x <= nextUp(fl(x)): the checks hold for exact values
        if (!(Math.nextDown(mid - g) >= hiA) || !(Math.nextUp(mid + g) <= loB) || !(g >= gMin)) {
            return null;
        }
        return new SeparatingPlane(nx, ny, nz, mid, g, g);
    }

    /** x rounded to {@value #SHORT_DIGITS} significant digits (the nearest double to that decimal). */
    static double shortDecimal(double x) {
        if (!Double.isFinite(x) || x == 0) {
            return x;
        }
        return new java.math.BigDecimal(x)
                .round(new java.math.MathContext(SHORT_DIGITS, java.math.RoundingMode.HALF_EVEN))
                .doubleValue();
    }

    /** A double in [lo, hi] that prints with as few digits as possible; NaN when the interval is empty. */
    private static double shortestIn(double lo, double hi) {
        if (!(lo <= hi)) {
            return Double.NaN;
        }
        if (lo <= 0 && hi >= 0) {
            return 0;
        }
        java.math.BigDecimal l = new java.math.BigDecimal(lo);
        for (int digits = 1; digits <= 17; digits++) {
            double v = l.round(new java.math.MathContext(digits, java.math.RoundingMode.CEILING))
                    .doubleValue();
            if (v >= lo && v <= hi) {
                return v;
            }
        }
        return lo;
    }
}
