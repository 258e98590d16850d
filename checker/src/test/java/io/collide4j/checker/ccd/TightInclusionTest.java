package io.collide4j.checker.ccd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** Hand-built cases with analytic answers (seed-002 appendix cases, minimal separation, options). */
class TightInclusionTest {

    static double[] v(double x, double y, double z) {
        return new double[] {x, y, z};
    }

    static final TightInclusion DEFAULT = TightInclusion.defaults();

    static CcdResult solve(TightInclusion ti, CcdQuery q) {
        return ti.solve(q, new TightInclusionScratch());
    }

    /** Static VF: point p above/beside a static triangle. */
    static CcdQuery staticVf(double[] p, double[] a, double[] b, double[] c) {
        return CcdQuery.vertexFace(p, a, b, c, p, a, b, c);
    }

    @Test
    void hourglassIsFoundJustBeforeTheExactRoot() {
        // App. B eq. (9): exact root t = 0.9, u = v = 0.1; the triangle degenerates at t = 0.5.
        CcdQuery q = CcdQuery.vertexFace(
                v(0.1, 0.1, 0.1),
                v(0, 0, 1),
                v(1, 0, 1),
                v(0, 1, 1),
                v(0.1, 0.1, 0.1),
                v(0, 0, 0),
                v(0, 1, 0),
                v(1, 0, 0));
        CcdResult r = solve(DEFAULT, q);
        assertTrue(r.hit());
        assertTrue(r.toi() <= 0.9 && r.toi() >= 0.9 - 1e-3, "toi " + r.toi());
        assertTrue(r.tolerance() < 1e-6);
        assertFalse(r.earlyTerminated());
    }

    @Test
    void inflectionCaseHasNoCollision() {
        // App. C1: coplanar times 0.088, 0.400 have u + v > 1, so no contact.
        CcdQuery q = CcdQuery.vertexFace(
                v(1, 1, 0), v(0, 0, 5), v(2, 0, 2), v(0, 1, 0), v(1, 1, 0), v(0, 0, -1), v(0, 0, -2), v(0, 7, 0));
        CcdResult r = solve(DEFAULT, q);
        assertFalse(r.hit());
        assertEquals(Double.POSITIVE_INFINITY, r.toi());
    }

    @Test
    void coplanarSlidingContactHitsTheCheckCapAndStaysConservative() {
        // App. C2: coplanar motion, the point reaches edge f1–f2 at t* = (0.57 − 0.5)/(0.57 − 0.28) (exact in the
        // doubles).
        CcdQuery q = CcdQuery.vertexFace(
                v(1, 0.5, 1),
                v(0, 0.57, 1),
                v(1, 0.57, 1),
                v(1, 1.57, 1),
                v(1, 0.5, 1),
                v(0, 0.28, 1),
                v(1, 0.28, 1),
                v(1, 1.28, 1));
        BigDecimal tStar = new BigDecimal(0.57)
                .subtract(new BigDecimal(0.5))
                .divide(new BigDecimal(0.57).subtract(new BigDecimal(0.28)), MathContext.DECIMAL128);
        CcdResult r = solve(TightInclusion.builder().maxChecks(20_000).build(), q);
        assertTrue(r.hit());
        assertTrue(r.earlyTerminated());
        assertTrue(r.checks() <= 20_000);
        assertTrue(new BigDecimal(r.toi()).compareTo(tStar) <= 0, "toi " + r.toi() + " > " + tStar);
        assertTrue(r.toi() > 0.2, "toi " + r.toi());
    }

    @Test
    void crossingEdgesAndParallelGap() {
        // x-edge moving from z = 1 to z = −1 over a static y-edge: contact at t = 0.5 exactly.
        CcdQuery crossing = CcdQuery.edgeEdge(
                v(-1, 0, 1), v(1, 0, 1), v(0, -1, 0), v(0, 1, 0), v(-1, 0, -1), v(1, 0, -1), v(0, -1, 0), v(0, 1, 0));
        CcdResult r = solve(DEFAULT, crossing);
        assertTrue(r.hit());
        assertTrue(r.toi() <= 0.5 && r.toi() > 0.5 - 1e-5, "toi " + r.toi());
        // window shorter than the contact time: no contact; longer: contact
        assertFalse(solve(DEFAULT.toBuilder().tMax(0.45).build(), crossing).hit());
        assertTrue(solve(DEFAULT.toBuilder().tMax(0.55).build(), crossing).toi() <= 0.5);
        // static parallel edges 1e-3 apart never touch
        CcdQuery gap = CcdQuery.edgeEdge(
                v(0, 0, 0),
                v(1, 0, 0),
                v(0, 1e-3, 0),
                v(1, 1e-3, 0),
                v(0, 0, 0),
                v(1, 0, 0),
                v(0, 1e-3, 0),
                v(1, 1e-3, 0));
        CcdResult g = solve(DEFAULT, gap);
        assertFalse(g.hit());
        assertTrue(g.checks() < 100, "checks " + g.checks());
    }

    @Test
    void smallColliddingBoxThatIsNotFirstOfItsLevelIsNotDropped() {
        // seed-002 §4.10 regression: the literal Alg. 2 returns "no collision"; the true root is t ≈ 0.2308207.
        CcdQuery q = CcdQuery.vertexFace(
                v(-0.4871008505142362, 0.4663466173821862, -0.20315702089952012),
                v(0.23875608501006507, 0.3114303993647946, -0.45748773552265914),
                v(-2.3302026580511033, 1.8214545944530212, -0.542105874741489),
                v(0.017518806615282375, 0.011987965310595703, 0.02127501101369166),
                v(-0.49519985892543744, 0.4526216323922437, -0.21057610675706567),
                v(-0.07555798339083787, 0.07503190721789188, 0.01628549636755657),
                v(0.19777926853612326, 0.2926039020865138, -0.8334322967266513),
                v(0.0008388334229029383, 0.014632831203231517, -0.022455366887298583));
        CcdResult r = solve(TightInclusion.builder().delta(0.035769955503177374).build(), q);
        assertTrue(r.hit());
        assertTrue(r.toi() <= 0.2308207, "toi " + r.toi());
        assertTrue(solve(DEFAULT, q).toi() <= 0.2308207);
    }

    @Test
    void staticPairWithinMinimalSeparationReportsZeroQuickly() {
        double d = 1e-3;
        TightInclusion ti = TightInclusion.builder().margin(d).build();
        double[] a = v(0, 0, 0), b = v(1, 0, 0), c = v(0, 1, 0);
        CcdResult above = solve(ti, staticVf(v(0.2, 0.2, 0.9 * d), a, b, c));
        assertTrue(above.hit());
        assertEquals(0.0, above.toi());
        assertTrue(above.checks() < 200, "checks " + above.checks());
        assertFalse(solve(ti, staticVf(v(0.2, 0.2, 1.1 * d), a, b, c)).hit());
        // L∞ semantics: L2 distance 1.27·d but L∞ distance 0.9·d from the corner → contact
        assertTrue(solve(ti, staticVf(v(-0.9 * d, -0.9 * d, 0), a, b, c)).hit());
        // edges crossing at L∞ distance 0.9·d (z gap)
        CcdQuery ee = CcdQuery.edgeEdge(
                v(-1, 0, 0.9 * d),
                v(1, 0, 0.9 * d),
                v(0, -1, 0),
                v(0, 1, 0),
                v(-1, 0, 0.9 * d),
                v(1, 0, 0.9 * d),
                v(0, -1, 0),
                v(0, 1, 0));
        CcdResult e = solve(ti, ee);
        assertEquals(0.0, e.toi());
        assertTrue(e.checks() < 200, "checks " + e.checks());
        // same pair without separation: no contact
        assertFalse(solve(DEFAULT, ee).hit());
    }

    @Test
    void separationMustStayBelowGamma() {
        CcdQuery q = staticVf(v(0.2, 0.2, 0.5), v(0, 0, 0), v(1, 0, 0), v(0, 1, 0));
        TightInclusion big = TightInclusion.builder().margin(1.0).build();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> solve(big, q));
        assertTrue(e.getMessage().contains("γ"), e.getMessage());
        // with coordinates up to 10 on every axis γ = 10 and d = 1 is allowed
        CcdQuery far = staticVf(v(10, 10, 10), v(-10, -10, -10), v(-9, -10, -10), v(-10, -9, -10));
        assertFalse(solve(big, far).hit());
        assertThrows(
                IllegalArgumentException.class, () -> TightInclusion.builder().margin(-1));
        assertThrows(
                IllegalArgumentException.class, () -> TightInclusion.builder().delta(0));
        assertThrows(
                IllegalArgumentException.class, () -> TightInclusion.builder().tMax(1.5));
        double[] bad = q.coords();
        bad[7] = Double.NaN;
        IllegalArgumentException nan =
                assertThrows(IllegalArgumentException.class, () -> CcdQuery.of(CcdKind.VERTEX_FACE, bad));
        assertTrue(nan.getMessage().contains("coordinate 7"), nan.getMessage());
        IllegalArgumentException raw = assertThrows(
                IllegalArgumentException.class,
                () -> DEFAULT.toi(CcdKind.VERTEX_FACE, bad, 0, new TightInclusionScratch()));
        assertTrue(raw.getMessage().contains("row 2"), raw.getMessage());
    }

    @Test
    void noZeroToiRefinesSpuriousZeroButKeepsRealContact() {
        // skew edges 1e-6 apart at t = 0 along the diagonal n = (1,1,1)/√3 (not separated along any single axis),
        // then moving apart along n: closer than δ = 1e-4 at t = 0, never touching
        TightInclusion coarse = TightInclusion.builder().delta(1e-4).build();
        double h = 1e-6, r3 = Math.sqrt(3), r2 = Math.sqrt(2), r6 = Math.sqrt(6);
        double[] n = {h / r3, h / r3, h / r3};
        double[] a = {1 / r2, -1 / r2, 0};
        double[] b = {1 / r6, 1 / r6, -2 / r6};
        double[] n1 = {(h + 1) / r3, (h + 1) / r3, (h + 1) / r3};
        // closest points at the non-dyadic parameters u = 0.35, v = 0.3 (so boxes straddle them)
        double[] a0 = v(-0.7 * a[0], -0.7 * a[1], -0.7 * a[2]), a1 = v(1.3 * a[0], 1.3 * a[1], 1.3 * a[2]);
        CcdQuery hover = CcdQuery.edgeEdge(
                a0,
                a1,
                v(n[0] - 0.6 * b[0], n[1] - 0.6 * b[1], n[2] - 0.6 * b[2]),
                v(n[0] + 1.4 * b[0], n[1] + 1.4 * b[1], n[2] + 1.4 * b[2]),
                a0,
                a1,
                v(n1[0] - 0.6 * b[0], n1[1] - 0.6 * b[1], n1[2] - 0.6 * b[2]),
                v(n1[0] + 1.4 * b[0], n1[1] + 1.4 * b[1], n1[2] + 1.4 * b[2]));
        CcdResult plain = solve(coarse, hover);
        assertTrue(plain.hit()); // a false positive at δ = 1e-4, by design
        assertEquals(0.0, plain.toi());
        CcdResult refined = solve(coarse.toBuilder().noZeroToi(true).build(), hover);
        assertFalse(refined.hit(), "toi " + refined.toi());
        // touching at t = 0 stays t = 0
        CcdQuery touching = CcdQuery.vertexFace(
                v(0.1, 0.1, 0), v(0, 0, 0), v(1, 0, 0), v(0, 1, 0), v(0.1, 0.1, 1), v(0, 0, 0), v(1, 0, 0), v(0, 1, 0));
        assertEquals(
                0.0,
                solve(DEFAULT.toBuilder().noZeroToi(true).build(), touching).toi());
    }

    @Test
    void concurrentUseWithPerThreadScratchGivesIdenticalAnswers() throws Exception {
        java.util.Random rnd = new java.util.Random(5);
        List<CcdQuery> qs = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            double[] c = new double[24];
            for (int k = 0; k < 24; k++) {
                c[k] = rnd.nextDouble();
            }
            qs.add(CcdQuery.of(i % 2 == 0 ? CcdKind.VERTEX_FACE : CcdKind.EDGE_EDGE, c));
        }
        double[] expected = new double[qs.size()];
        TightInclusionScratch s = new TightInclusionScratch();
        for (int i = 0; i < qs.size(); i++) {
            expected[i] = DEFAULT.solve(qs.get(i), s).toi();
        }
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<double[]>> fs = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                fs.add(pool.submit(() -> {
                    TightInclusionScratch mine = new TightInclusionScratch(16);
                    double[] out = new double[qs.size()];
                    for (int i = qs.size() - 1; i >= 0; i--) {
                        out[i] = DEFAULT.solve(qs.get(i), mine).toi();
                    }
                    return out;
                }));
            }
            for (Future<double[]> f : fs) {
                assertTrue(java.util.Arrays.equals(expected, f.get()));
            }
        } finally {
            pool.shutdown();
        }
    }
}
