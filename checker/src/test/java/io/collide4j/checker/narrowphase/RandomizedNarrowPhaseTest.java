package io.collide4j.checker.narrowphase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.geometry.ConvexHull;
import io.collide4j.checker.geometry.ConvexShape;
import io.collide4j.checker.geometry.Shapes;
import io.collide4j.checker.geometry.hull.QuickHull;
import java.util.Random;
import org.joml.Matrix4d;
import org.joml.Matrix4dc;
import org.joml.Quaterniond;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Seed 001's randomized benchmark as a test: random pose pairs for all 21 pairings of sphere, box, capsule,
 * cylinder, cone and hull, GJK / MPR / EPA against independent oracles (analytic for sphere/capsule pairs, brute
 * force feature pairs and SAT for polytopes, and inscribed 16-gon tessellations with their exact Hausdorff error
 * r(1 − cos π/16) for cylinders and cones). 10^5 pose pairs per pairing (the count) in the
 * default run. Counts are printed; hard invariants must have zero
 * failures: no false "separated", lower bound never above the truth, boolean agreement outside the 1e-9 band,
 * distances inside the oracle's interval, exact-oracle distances within 1e-9 relative to max(d, 1e-3) (column d>1e9),
 * and for every separated pair a duality-gap check that needs no oracle (columns gap, wit): the witnesses lie in
 * their shapes by test-side analytic membership, and |wA − wB| exceeds the independent lower bound −h_{A⊖B}(n) of
 * GJK's normal n (test-side analytic support functions) by at most 1e-9·max(d, 1e-3). That check is what holds
 * cylinders and cones, whose tessellated oracle is only 6.7e-3 wide: there gaps beyond 1e-9 are counted and 1e-8 is
 * the hard limit (GJK's sliver simplices on curved cores leave a few 1e-12 absolute in ~1 of 10^4 pairs).
 */
class RandomizedNarrowPhaseTest {
    static final String[] NAMES = {"sphere", "box", "capsule", "cylinder", "cone", "hull"};
    static final int TESS = 16;

    /** Oracle representation of a placed shape: a point, a segment, or a polytope with Hausdorff error. */
    record Placed(int kind, double[] a, double[] b, double r, BruteForce.Poly poly, double delta) {}

    private static final ConvexHull HULL;
    private static final ConvexHull CYL_IN, CONE_IN;
    private static final ConvexHull BOX;

    static {
        Random r = new Random(99);
        double[] p = new double[3 * 14];
        for (int i = 0; i < 14; i++) {
            double x = r.nextGaussian(),
                    y = r.nextGaussian(),
                    z = r.nextGaussian(),
                    l = Math.sqrt(x * x + y * y + z * z);
            p[3 * i] = 0.5 * x / l;
            p[3 * i + 1] = 0.35 * y / l;
            p[3 * i + 2] = 0.45 * z / l;
        }
        HULL = QuickHull.compute(p);
        double[] c = new double[3 * 2 * TESS], k = new double[3 * (TESS + 1)];
        for (int i = 0; i < TESS; i++) {
            double t = 2 * Math.PI * i / TESS;
            c[6 * i] = 0.35 * Math.cos(t);
            c[6 * i + 1] = 0.35 * Math.sin(t);
            c[6 * i + 2] = -0.45;
            c[6 * i + 3] = 0.35 * Math.cos(t);
            c[6 * i + 4] = 0.35 * Math.sin(t);
            c[6 * i + 5] = 0.45;
            k[3 * i] = 0.45 * Math.cos(t);
            k[3 * i + 1] = 0.45 * Math.sin(t);
            k[3 * i + 2] = -0.5;
        }
        k[3 * TESS + 2] = 0.5;
        CYL_IN = QuickHull.compute(c);
        CONE_IN = QuickHull.compute(k);
        BOX = QuickHull.compute(new double[] {
            -.4, -.3, -.5, .4, -.3, -.5, -.4, .3, -.5, .4, .3, -.5, -.4, -.3, .5, .4, -.3, .5, -.4, .3, .5, .4, .3, .5
        });
    }

    static ConvexShape shape(int kind) {
        return switch (kind) {
            case 0 -> Shapes.sphere(0.5);
            case 1 -> Shapes.box(0.4, 0.3, 0.5);
            case 2 -> Shapes.capsule(0.3, 0.4);
            case 3 -> Shapes.cylinder(0.35, 0.45);
            case 4 -> Shapes.cone(0.45, 1.0);
            default -> Shapes.hull(HULL);
        };
    }

    static Placed place(int kind, double[] m) {
        return switch (kind) {
            case 0 -> new Placed(0, new double[] {m[9], m[10], m[11]}, null, 0.5, null, 0);
            case 2 ->
                new Placed(
                        1,
                        new double[] {m[9] - 0.4 * m[2], m[10] - 0.4 * m[5], m[11] - 0.4 * m[8]},
                        new double[] {m[9] + 0.4 * m[2], m[10] + 0.4 * m[5], m[11] + 0.4 * m[8]},
                        0.3,
                        null,
                        0);
            case 1 -> new Placed(2, null, null, 0, BruteForce.Poly.of(BOX, m), 0);
            case 3 ->
                new Placed(2, null, null, 0, BruteForce.Poly.of(CYL_IN, m), 0.35 * (1 - Math.cos(Math.PI / TESS)));
            case 4 ->
                new Placed(2, null, null, 0, BruteForce.Poly.of(CONE_IN, m), 0.45 * (1 - Math.cos(Math.PI / TESS)));
            default -> new Placed(2, null, null, 0, BruteForce.Poly.of(HULL, m), 0);
        };
    }

    /** Oracle: {lo, hi} bounds on the distance (0 = touching/intersecting) and exact depth or NaN. */
    static double[] oracle(Placed p, Placed q) {
        if (p.kind > q.kind) {
            return oracle(q, p);
        }
        double d, depth = Double.NaN, delta = p.delta + q.delta;
        if (p.kind == 0 && q.kind == 0) {
            d = Math.sqrt(BruteForce.d2(p.a[0], p.a[1], p.a[2], q.a[0], q.a[1], q.a[2])) - p.r - q.r;
            depth = -d;
        } else if (p.kind == 0 && q.kind == 1) {
            d = Math.sqrt(BruteForce.pointSeg2(p.a, q.a, q.b)) - p.r - q.r;
            depth = -d;
        } else if (p.kind == 1 && q.kind == 1) {
            double s = Math.sqrt(BruteForce.segSeg2(p.a, p.b, q.a, q.b));
            d = s - p.r - q.r;
            if (s > 0) {
                depth = -d;
            }
        } else if (p.kind == 0) {
            double sd = q.poly.signedDistance(p.a[0], p.a[1], p.a[2]);
            d = sd - p.r;
            if (delta == 0) {
                depth = -d;
            }
        } else if (p.kind == 1) {
            d = BruteForce.distance(p.a, p.b, q.poly) - p.r;
        } else {
            d = BruteForce.distance(p.poly, q.poly);
            if (d == 0 && delta == 0) {
                depth = BruteForce.satDepth(p.poly, q.poly);
            }
        }
        // the true shapes contain the inscribed polytopes and lie within delta of them
        double hi = Math.max(d, 0), lo = d > 0 ? d - delta : Double.NEGATIVE_INFINITY;
        if (delta > 0 && d <= 0) {
            hi = 0;
        }
        return new double[] {lo, hi, depth, delta};
    }

    static Matrix4d randomPose(Random r, double box) {
        Quaterniond q =
                new Quaterniond(r.nextGaussian(), r.nextGaussian(), r.nextGaussian(), r.nextGaussian()).normalize();
        return new Matrix4d()
                .translationRotate(
                        (r.nextDouble() - 0.5) * box, (r.nextDouble() - 0.5) * box, (r.nextDouble() - 0.5) * box, q);
    }

    static double[] rows(Matrix4d m) {
        return new double[] {
            m.m00(), m.m10(), m.m20(), m.m01(), m.m11(), m.m21(), m.m02(), m.m12(), m.m22(), m.m30(), m.m31(), m.m32()
        };
    }

    @Test
    void allPairingsAgainstOracles() {
        int perPairing = 100_000;
        Gjk gjk = new Gjk();
        Epa epa = new Epa();
        Mpr mpr = new Mpr();
        DistanceResult dr = new DistanceResult();
        PenetrationResult er = new PenetrationResult(), mr = new PenetrationResult();
        long hardFailures = 0;
        long t0 = System.nanoTime();
        StringBuilder report = new StringBuilder();
        report.append(String.format(
                "%-18s %7s %6s %5s %5s %5s %5s %9s %9s %5s %5s %5s %9s %6s %9s %9s %6s %6s%n",
                "pairing",
                "n",
                "hits",
                "gjkB",
                "mprB",
                "lbBad",
                "d>1e9",
                "maxDistE",
                "maxLbOver",
                "gap9",
                "gap8",
                "wit",
                "maxGap",
                "epaN",
                "maxEpaE",
                "mprOverMx",
                "mprUnd",
                "sec"));
        for (int i = 0; i < 6; i++) {
            for (int j = i; j < 6; j++) {
                Random r = new Random(1000L * i + j);
                ConvexShape sa = shape(i), sb = shape(j);
                int hits = 0,
                        gjkBool = 0,
                        mprBool = 0,
                        lbBad = 0,
                        distBad = 0,
                        epaN = 0,
                        mprUnder = 0,
                        gapBad = 0,
                        gap8 = 0,
                        witBad = 0;
                long tp = System.nanoTime();
                double maxDistErr = 0, maxLbOver = 0, maxEpaErr = 0, maxMprOver = 0, maxGap = 0;
                for (int n = 0; n < perPairing; n++) {
                    Matrix4d pa = randomPose(r, 1.6), pb = randomPose(r, 1.6);
                    double[] ma = rows(pa), mb = rows(pb);
                    Placed qa = place(i, ma), qb = place(j, mb);
                    double[] o = oracle(qa, qb);
                    double lo = o[0], hi = o[1], depth = o[2], delta = o[3];
                    double scale = 2;
                    double band = 1e-9 * scale;
                    boolean gi = gjk.intersects(sa, pa, sb, pb);
                    boolean mi = mpr.intersects(sa, pa, sb, pb);
                    gjk.distance(sa, pa, sb, pb, dr);
                    if (hi <= 0) {
                        hits++;
                    }
                    // boolean agreement outside the band; "separated" is never allowed for touching/intersecting
                    if (hi <= 0 && !gi || lo > band && gi) {
                        gjkBool++;
                    }
                    if (hi <= 0 && !mi || lo > band && mi) {
                        mprBool++;
                    }
                    // certified lower bound never above the truth (oracle rounding allowance 1e-13)
                    if (dr.lowerBound > hi + 1e-13) {
                        lbBad++;
                    }
                    maxLbOver = Math.max(maxLbOver, dr.lowerBound - hi);
                    if (lo > band) {
                        double err;
                        if (delta == 0) {
                            err = Math.abs(dr.distance - hi) / Math.max(hi, 1e-3);
                            if (err > 1e-9) {
                                distBad++;
                            }
                        } else {
                            err = Math.max(0, Math.max(lo - dr.distance, dr.distance - hi));
                            if (err > 1e-9) {
                                distBad++;
                            }
                        }
                        maxDistErr = Math.max(maxDistErr, err);
                        // oracle-free duality gap: witnesses inside their shapes, |wA − wB| close to −h_{A⊖B}(n)
                        double tol = 1e-12 * scale;
                        if (dr.intersecting
                                || !Analytic.contains(i, ma, qa, dr.witnessA, tol)
                                || !Analytic.contains(j, mb, qb, dr.witnessB, tol)) {
                            witBad++;
                        }
                        double nx = dr.normal.x, ny = dr.normal.y, nz = dr.normal.z;
                        double nn = Math.sqrt(nx * nx + ny * ny + nz * nz);
                        double up = dr.witnessA.distance(dr.witnessB);
                        double low = nn > 0
                                ? -(Analytic.support(i, ma, qa, nx, ny, nz)
                                                + Analytic.support(j, mb, qb, -nx, -ny, -nz))
                                        / nn
                                : 0;
                        double gap = (up - low) / Math.max(up, 1e-3);
                        maxGap = Math.max(maxGap, gap);
                        if (!(gap <= 1e-9)) {
                            gapBad++;
                        }
                        if (!(gap <= 1e-8)) {
                            gap8++;
                        }
                    }
                    if (!Double.isNaN(depth) && depth > band) {
                        epa.penetration(sa, pa, sb, pb, er);
                        epaN++;
                        maxEpaErr = Math.max(maxEpaErr, Math.abs(er.depth - depth) / Math.max(depth, 1e-3));
                        mpr.penetration(sa, pa, sb, pb, mr);
                        if (mr.depth < depth - 1e-9) {
                            mprUnder++;
                        }
                        maxMprOver = Math.max(maxMprOver, (mr.depth - depth) / Math.max(depth, 1e-3));
                    }
                }
                // curved cores (cylinder, cone): GJK's sliver simplices leave a residual gap of a few 1e-12 absolute in
                // rare cases, so the 1e-9 count is reported and 1e-8 is the hard limit there
                boolean curved = i == 3 || i == 4 || j == 3 || j == 4;
                hardFailures += gjkBool + mprBool + lbBad + distBad + witBad + (curved ? gap8 : gapBad);
                report.append(String.format(
                        "%-18s %7d %6d %5d %5d %5d %5d %9.2e %9.2e %5d %5d %5d %9.2e %6d %9.2e %9.2e %6d %6.1f%n",
                        NAMES[i] + "-" + NAMES[j],
                        perPairing,
                        hits,
                        gjkBool,
                        mprBool,
                        lbBad,
                        distBad,
                        maxDistErr,
                        maxLbOver,
                        gapBad,
                        gap8,
                        witBad,
                        maxGap,
                        epaN,
                        maxEpaErr,
                        maxMprOver,
                        mprUnder,
                        (System.nanoTime() - tp) / 1e9));
            }
        }
        report.append(String.format("total %.1f s%n", (System.nanoTime() - t0) / 1e9));
        System.out.print(report);
        assertEquals(0, hardFailures, "hard failures; see the table above\n" + report);
    }

    /**
     * {@link Gjk#separatedBeyond}, the boolean "farther apart than t?" of discrete checks, on random pose pairs of all
     * pairings with thresholds both spread over [0, 0.6] and within 10⁻⁹…10⁻³ of the oracle's distance: it never
     * answers true where the oracle's upper bound on the distance is ≤ t, and it gives the verdict of the full distance
     * query's certified bound ({@code lowerBound > t}) everywhere, with or without a start direction. 3,000 pairs per pairing, ten times as
     * many in the full run ({@code -Pslow}).
     */
    @Test
    void separationVerdictIsTheDistanceBoundsVerdict() {
        separationVerdicts(3_000);
    }

    @Test
    @Tag("slow")
    void separationVerdictIsTheDistanceBoundsVerdictInFull() {
        separationVerdicts(30_000);
    }

    private void separationVerdicts(int perPairing) {
        Gjk gjk = new Gjk();
        DistanceResult dr = new DistanceResult();
        int falseSeparated = 0, disagree = 0, separated = 0, checked = 0;
        StringBuilder firstBad = new StringBuilder();
        for (int i = 0; i < 6; i++) {
            for (int j = i; j < 6; j++) {
                Random r = new Random(7000L * i + j);
                ConvexShape sa = shape(i), sb = shape(j);
                for (int n = 0; n < perPairing; n++) {
                    Matrix4d pa = randomPose(r, 1.6), pb = randomPose(r, 1.6);
                    double[] o = oracle(place(i, rows(pa)), place(j, rows(pb)));
                    double hi = o[1];
                    double t = switch (n % 3) {
                        case 0 -> 0.6 * r.nextDouble();
                        case 1 -> Math.max(0, hi + Math.pow(10, -3 - 6 * r.nextDouble()));
                        default -> Math.max(0, hi - Math.pow(10, -3 - 6 * r.nextDouble()));
                    };
                    // every other query with a start direction: a random one (the guess only changes the speed)
                    boolean sep = n % 2 == 0
                            ? gjk.separatedBeyond(sa, pa, sb, pb, t)
                            : gjk.separatedBeyond(
                                    sa, pa, sb, pb, t, r.nextGaussian(), r.nextGaussian(), r.nextGaussian());
                    boolean byDistance = gjk.distance(sa, pa, sb, pb, dr).lowerBound > t;
                    checked++;
                    separated += sep ? 1 : 0;
                    if (sep && hi <= t) {
                        falseSeparated++;
                    }
                    if (sep != byDistance) {
                        disagree++;
                        if (firstBad.isEmpty()) {
                            firstBad.append(NAMES[i])
                                    .append('-')
                                    .append(NAMES[j])
                                    .append(" pair ")
                                    .append(n)
                                    .append(": t ")
                                    .append(t)
                                    .append(", lower bound ")
                                    .append(dr.lowerBound)
                                    .append(", separatedBeyond ")
                                    .append(sep);
                        }
                    }
                }
            }
        }
        System.out.printf(
                "separatedBeyond: %d queries, %d separated, %d false, %d disagree with the distance bound%n",
                checked, separated, falseSeparated, disagree);
        assertEquals(0, falseSeparated, "separatedBeyond true although the oracle distance is <= t");
        assertEquals(0, disagree, "first: " + firstBad);
        // both verdicts occur often enough for the comparison to mean something
        assertTrue(
                separated > checked / 10 && separated < checked * 9 / 10, separated + " of " + checked + " separated");
    }

    /**
     * {@link Gjk#distance(ConvexShape, Matrix4dc, ConvexShape, Matrix4dc, double, double, double, double, DistanceResult)},
     * the advancement's looser distance query, on random pose pairs of all pairings, with and without a start
     * direction (random, or the exact query's own normal as a warm start would give it), at relative tolerances 1 %,
     * 10 % and 20 %, and for a quarter of the pairs capped at a bound that is "enough" (half the oracle's distance, or
     * a random fraction of it up to 1.2): its certified bound never exceeds the oracle's upper bound on the distance,
     * and on separated pairs it exceeds the cap or stays within twice the tolerance (plus the polytope oracles'
     * Hausdorff error) of the oracle's lower bound.
     * 1,000 pairs per pairing, ten times as many in the full run ({@code -Pslow}).
     */
    @Test
    void looseDistanceBoundIsCertifiedAndNearTheDistance() {
        looseBounds(1_000);
    }

    @Test
    @Tag("slow")
    void looseDistanceBoundIsCertifiedAndNearTheDistanceInFull() {
        looseBounds(10_000);
    }

    private void looseBounds(int perPairing) {
        Gjk gjk = new Gjk();
        DistanceResult exact = new DistanceResult(), loose = new DistanceResult();
        int over = 0, far = 0, separated = 0;
        StringBuilder firstBad = new StringBuilder();
        for (int i = 0; i < 6; i++) {
            for (int j = i; j < 6; j++) {
                Random r = new Random(9100L * i + j);
                ConvexShape sa = shape(i), sb = shape(j);
                for (int n = 0; n < perPairing; n++) {
                    Matrix4d pa = randomPose(r, 1.6), pb = randomPose(r, 1.6);
                    double[] o = oracle(place(i, rows(pa)), place(j, rows(pb)));
                    double tol = n % 3 == 0 ? 0.01 : n % 3 == 1 ? 0.1 : 0.2;
                    double enough =
                            n % 4 != 3 ? Double.POSITIVE_INFINITY : o[0] * (n % 8 == 3 ? 0.5 : 1.2 * r.nextDouble());
                    gjk.distance(sa, pa, sb, pb, exact);
                    double hx = 0, hy = 0, hz = 0;
                    if (n % 3 == 1) {
                        hx = r.nextGaussian();
                        hy = r.nextGaussian();
                        hz = r.nextGaussian();
                    } else if (n % 3 == 2) {
                        hx = -exact.normal.x;
                        hy = -exact.normal.y;
                        hz = -exact.normal.z;
                    }
                    double lb = Double.isInfinite(enough)
                            ? gjk.distance(sa, pa, sb, pb, tol, hx, hy, hz, loose).lowerBound
                            : gjk.distance(sa, pa, sb, pb, tol, enough, hx, hy, hz, loose).lowerBound;
                    boolean bad = lb > o[1];
                    over += bad ? 1 : 0;
                    if (o[0] > 0) {
                        separated++;
                        if (!(lb > enough) && lb < (1 - 2 * tol) * o[0] - 1e-9) {
                            far++;
                            bad = true;
                        }
                    }
                    if (bad && firstBad.isEmpty()) {
                        firstBad.append(NAMES[i])
                                .append('-')
                                .append(NAMES[j])
                                .append(" pair ")
                                .append(n)
                                .append(": tol ")
                                .append(tol)
                                .append(", enough ")
                                .append(enough)
                                .append(", bound ")
                                .append(lb)
                                .append(", oracle [")
                                .append(o[0])
                                .append(", ")
                                .append(o[1])
                                .append(']');
                    }
                }
            }
        }
        System.out.printf(
                "loose distance: %d separated pairs, %d bounds above the oracle, %d too loose%n", separated, over, far);
        assertEquals(0, over, "certified bound above the oracle's distance; first: " + firstBad);
        assertEquals(0, far, "bound looser than twice the tolerance and not above the cap; first: " + firstBad);
        assertTrue(separated > 1000, separated + " separated pairs");
    }

    /**
     * Test-side support functions and membership of the placed test shapes, written from their definitions (sizes
     * as in {@link #shape}); independent of the production support code. Polytopes use the oracle's world-frame
     * vertices and face planes.
     */
    static final class Analytic {
        private Analytic() {}

        /** h(n) = max over the placed shape of n·p. */
        static double support(int kind, double[] m, Placed q, double nx, double ny, double nz) {
            if (kind == 1 || kind == 5) {
                double[] v = q.poly().v();
                double best = Double.NEGATIVE_INFINITY;
                for (int k = 0; k < v.length; k += 3) {
                    best = Math.max(best, nx * v[k] + ny * v[k + 1] + nz * v[k + 2]);
                }
                return best;
            }
            // local direction Rᵀn
            double lx = m[0] * nx + m[3] * ny + m[6] * nz,
                    ly = m[1] * nx + m[4] * ny + m[7] * nz,
                    lz = m[2] * nx + m[5] * ny + m[8] * nz;
            double t = nx * m[9] + ny * m[10] + nz * m[11];
            double radial = Math.sqrt(lx * lx + ly * ly);
            return t
                    + switch (kind) {
                        case 0 -> 0.5 * Math.sqrt(lx * lx + ly * ly + lz * lz);
                        case 2 -> 0.4 * Math.abs(lz) + 0.3 * Math.sqrt(lx * lx + ly * ly + lz * lz);
                        case 3 -> 0.45 * Math.abs(lz) + 0.35 * radial;
                        default -> Math.max(0.5 * lz, -0.5 * lz + 0.45 * radial); // cone: apex or base rim
                    };
        }

        /** Whether the point lies in the placed shape, within tol. */
        static boolean contains(int kind, double[] m, Placed q, org.joml.Vector3d p, double tol) {
            if (kind == 1 || kind == 5) {
                double[] pl = q.poly().planes();
                for (int f = 0; f < pl.length; f += 4) {
                    double len = Math.sqrt(pl[f] * pl[f] + pl[f + 1] * pl[f + 1] + pl[f + 2] * pl[f + 2]);
                    if ((pl[f] * p.x + pl[f + 1] * p.y + pl[f + 2] * p.z - pl[f + 3]) / len > tol) {
                        return false;
                    }
                }
                return true;
            }
            double dx = p.x - m[9], dy = p.y - m[10], dz = p.z - m[11];
            double x = m[0] * dx + m[3] * dy + m[6] * dz,
                    y = m[1] * dx + m[4] * dy + m[7] * dz,
                    z = m[2] * dx + m[5] * dy + m[8] * dz;
            double radial = Math.sqrt(x * x + y * y);
            return switch (kind) {
                case 0 -> Math.sqrt(x * x + y * y + z * z) <= 0.5 + tol;
                case 2 -> {
                    double cz = Math.max(-0.4, Math.min(0.4, z));
                    yield Math.sqrt(x * x + y * y + (z - cz) * (z - cz)) <= 0.3 + tol;
                }
                case 3 -> Math.abs(z) <= 0.45 + tol && radial <= 0.35 + tol;
                // cone: base z = −0.5 radius 0.45, apex z = 0.5; distance to the slanted side ≤ tol
                default ->
                    z >= -0.5 - tol && z <= 0.5 + tol && (radial - 0.45 * (0.5 - z)) / Math.hypot(1, 0.45) <= tol;
            };
        }
    }
}
