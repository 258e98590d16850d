package io.collide4j.checker.ccd;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.collide4j.checker.ccd.io.CcdDatasets;
import io.collide4j.checker.ccd.io.CcdQuerySet;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Every query of the shared CCD sets against its exact (Mathematica) ground truth: no false negative, ever. */
class TightInclusionDatasetTest {

    static final Path DATA = Path.of(System.getProperty("collide4j.testdata"));
    static List<CcdQuerySet> handcrafted;
    static List<CcdQuerySet> simulation;

    @BeforeAll
    static void load() {
        handcrafted = CcdDatasets.sampleQueries(DATA.resolve("ccd-sample-queries"));
        Path cloth = DATA.resolve("scalable-ccd-sample-data/cloth-funnel");
        simulation = new ArrayList<>(List.of(
                CcdDatasets.scalable(cloth, "227", CcdKind.VERTEX_FACE),
                CcdDatasets.scalable(cloth, "227", CcdKind.EDGE_EDGE),
                CcdDatasets.queryIo(DATA.resolve("ccd-query-io"))));
    }

    record Counts(int queries, int positives, int fp, int fn, int early, long checks) {}

    static Counts run(CcdQuerySet set, TightInclusion ti) {
        TightInclusionScratch s = new TightInclusionScratch();
        double[] c = new double[24];
        int fp = 0, fn = 0, early = 0;
        long checks = 0;
        for (int i = 0; i < set.size(); i++) {
            set.queries().get(i).copyTo(c, 0);
            double t = ti.toi(set.kind(), c, 0, s);
            boolean hit = t != Double.POSITIVE_INFINITY;
            boolean truth = set.groundTruth().get(i);
            if (hit && !truth) {
                fp++;
            }
            if (!hit && truth) {
                fn++;
                System.out.println("FALSE NEGATIVE " + set.name() + " query " + i);
            }
            if (s.lastEarlyTerminated()) {
                early++;
            }
            checks += s.lastChecks();
        }
        return new Counts(set.size(), set.positives(), fp, fn, early, checks);
    }

    static void report(String title, List<CcdQuerySet> sets, TightInclusion ti) {
        int fnTotal = 0;
        int[] fp = new int[2];
        int[] n = new int[2];
        for (CcdQuerySet set : sets) {
            long t0 = System.nanoTime();
            Counts c = run(set, ti);
            long ms = (System.nanoTime() - t0) / 1_000_000;
            System.out.printf(
                    "%s d=%g %-40s n=%5d pos=%4d FP=%4d FN=%d early=%d checks=%d (%d ms)%n",
                    title, ti.margin(), set.name(), c.queries, c.positives, c.fp, c.fn, c.early, c.checks, ms);
            fnTotal += c.fn;
            fp[set.kind().ordinal()] += c.fp;
            n[set.kind().ordinal()] += c.queries;
        }
        System.out.printf(
                "%s d=%g TOTAL VF: FP=%d of %d, EE: FP=%d of %d, FN=%d%n",
                title, ti.margin(), fp[0], n[0], fp[1], n[1], fnTotal);
        assertEquals(0, fnTotal, "false negatives");
    }

    @Test
    void handcraftedSetsHaveNoFalseNegative() {
        report("handcrafted", handcrafted, TightInclusion.defaults());
    }

    @Test
    void simulationSetsHaveNoFalseNegative() {
        report("simulation", simulation, TightInclusion.defaults());
    }
}
