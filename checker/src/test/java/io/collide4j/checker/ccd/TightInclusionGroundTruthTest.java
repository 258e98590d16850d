package io.collide4j.checker.ccd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.ccd.io.CcdDatasets;
import io.collide4j.checker.ccd.io.CcdQuerySet;
import io.collide4j.checker.ccd.testutil.Wxf;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Exact TOI roots (cloth-funnel WXF) and minimal-separation properties on the shared data. */
class TightInclusionGroundTruthTest {

    static final Path DATA = Path.of(System.getProperty("collide4j.testdata"));
    static final Path CLOTH = DATA.resolve("scalable-ccd-sample-data/cloth-funnel");

    @Test
    void reportedToiIsNeverLaterThanTheExactRootAndApproachesItAsDeltaShrinks() throws IOException {
        int compared = 0;
        double worstGap = 0, worstFineGap = 0, sumGap = 0, sumFineGap = 0;
        TightInclusion fineSolver =
                TightInclusion.builder().delta(1e-9).maxChecks(200_000).build();
        for (CcdKind kind : CcdKind.values()) {
            String k = kind == CcdKind.VERTEX_FACE ? "vf" : "ee";
            CcdQuerySet set = CcdDatasets.scalable(CLOTH, "227", kind);
            Map<String, byte[]> roots = Wxf.readTarGz(CLOTH.resolve("roots/227" + k + "_roots.tar.gz"));
            assertEquals(set.positives(), roots.size(), "one roots file per colliding query");
            TightInclusionScratch s = new TightInclusionScratch();
            TightInclusion ti = TightInclusion.defaults();
            for (int i = 0; i < set.size(); i++) {
                byte[] file = roots.get("227" + k + "_q" + i + "_roots.wxf");
                if (!set.groundTruth().get(i)) {
                    assertEquals(null, file, "roots file for a non-colliding query " + i);
                    continue;
                }
                BigDecimal exact = null;
                for (BigDecimal t : Wxf.ruleValues(Wxf.parse(file, k + " q" + i), "t")) {
                    if (t.signum() >= 0
                            && t.compareTo(BigDecimal.ONE) <= 0
                            && (exact == null || t.compareTo(exact) < 0)) {
                        exact = t;
                    }
                }
                assertTrue(exact != null, "no root in [0,1] for query " + i);
                CcdResult r = ti.solve(set.queries().get(i), s);
                assertTrue(r.hit(), k + " query " + i);
                BigDecimal toi = new BigDecimal(r.toi());
                assertTrue(toi.compareTo(exact) <= 0, k + " query " + i + ": toi " + r.toi() + " > exact " + exact);
                // a finer δ moves the answer towards the exact root (never past it)
                CcdResult fine = fineSolver.solve(set.queries().get(i), s);
                assertTrue(new BigDecimal(fine.toi()).compareTo(exact) <= 0, k + " query " + i + " at δ = 1e-9");
                if (!fine.earlyTerminated() && !r.earlyTerminated()) {
                    assertTrue(fine.toi() >= r.toi(), k + " query " + i + ": finer δ gave an earlier toi");
                    assertTrue(fine.tolerance() <= 1e-9, k + " query " + i + ": reached tolerance " + fine.tolerance());
                }
                double gap = exact.subtract(toi).doubleValue();
                double fineGap = exact.subtract(new BigDecimal(fine.toi())).doubleValue();
                worstGap = Math.max(worstGap, gap);
                worstFineGap = Math.max(worstFineGap, fineGap);
                sumGap += gap;
                sumFineGap += fineGap;
                compared++;
            }
        }
        System.out.printf(
                "exact-root comparison: %d queries; exact − toi at δ=1e-6: worst %.3e mean %.3e;"
                        + " at δ=1e-9: worst %.3e mean %.3e%n",
                compared, worstGap, sumGap / compared, worstFineGap, sumFineGap / compared);
        assertEquals(27 + 107, compared);
    }

    static List<CcdQuerySet> allSets() {
        List<CcdQuerySet> sets = new ArrayList<>(CcdDatasets.sampleQueries(DATA.resolve("ccd-sample-queries")));
        sets.add(CcdDatasets.scalable(CLOTH, "227", CcdKind.VERTEX_FACE));
        sets.add(CcdDatasets.scalable(CLOTH, "227", CcdKind.EDGE_EDGE));
        return sets;
    }

    @Test
    void collidingQueriesStayCollidingAndToiIsNonIncreasingInD() {
        double[] ds = {0, 1e-12, 1e-8, 1e-5, 1e-3};
        // m_I = 2e4 keeps the run short; early-terminated answers are still conservative
        TightInclusion base = TightInclusion.builder().maxChecks(20_000).build();
        TightInclusionScratch s = new TightInclusionScratch();
        double[] c = new double[24];
        int positives = 0, monotoneChecked = 0;
        for (CcdQuerySet set : allSets()) {
            for (int i = 0; i < set.size(); i++) {
                boolean truth = set.groundTruth().get(i);
                boolean sample = i % 11 == 0;
                if (!truth && !sample) {
                    continue;
                }
                set.queries().get(i).copyTo(c, 0);
                double prev = Double.POSITIVE_INFINITY;
                boolean anyEarly = false;
                for (double d : ds) {
                    double t = base.toi(set.kind(), c, 0, d, 1.0, s);
                    anyEarly |= s.lastEarlyTerminated();
                    if (truth) {
                        assertTrue(t <= 1, set.name() + " query " + i + " lost its collision at d = " + d);
                    }
                    if (!anyEarly) {
                        assertTrue(
                                t <= prev, set.name() + " query " + i + ": toi " + t + " at d = " + d + " > " + prev);
                    }
                    prev = t;
                }
                if (truth) {
                    positives++;
                }
                if (!anyEarly) {
                    monotoneChecked++;
                }
            }
        }
        System.out.println("separation sweep: " + positives + " colliding queries kept colliding, " + monotoneChecked
                + " queries monotone in d");
        assertEquals(435 + 134, positives);
    }
}
