package io.collide4j.checker.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.collide4j.checker.ccd.CcdQuery;
import io.collide4j.checker.ccd.TightInclusion;
import io.collide4j.checker.ccd.TightInclusionScratch;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * CCD batches on every shared query: the CPU engine equals the single-query solver, the OpenCL (POCL) engine equals
 * the CPU engine field by field, and neither misses a ground-truth collision.
 */
class CcdBatchTest {

    static final double D = 1e-3;
    /**
     * m_I = 1e5 instead of the default 1e6 keeps the module fast (the default cap spends ~12 M checks on a dozen
     * hopeless queries); engine identity does not depend on m_I and an early stop still answers "hit", so the zero
     * false-negative assertion keeps its force. TightInclusionDatasetTest covers the default m_I.
     */
    static final TightInclusion SOLVER =
            TightInclusion.builder().maxChecks(100_000).build();

    static SharedCcdData data;
    static BatchChecker cpu;
    static BatchChecker openCl; // null when no OpenCL platform exists
    /**
     * The d = 1e-3 runs use every SEP_STRIDE-th query (with minimal separation the deep queries cost several times
     * the d = 0 ones, and POCL runs them on the two CI cores); d = 0 runs on every query.
     */
    static final int SEP_STRIDE = 3;

    static int[] sep; // indices of the d = 1e-3 subset
    static double[] sepCoords;
    static io.collide4j.checker.ccd.CcdKind[] sepKinds;
    static CcdBatchResult cpuZero, cpuSep;

    @BeforeAll
    static void setUp() {
        data = SharedCcdData.load();
        cpu = BatchChecker.builder().engine(EngineChoice.CPU).ccdSolver(SOLVER).build();
        cpuZero = cpu.ccdQueries(data.coords, data.kinds, 0);
        sep = java.util.stream.IntStream.range(0, data.size())
                .filter(i -> i % SEP_STRIDE == 0)
                .toArray();
        sepCoords = new double[sep.length * CcdQuery.SIZE];
        sepKinds = new io.collide4j.checker.ccd.CcdKind[sep.length];
        for (int k = 0; k < sep.length; k++) {
            System.arraycopy(data.coords, CcdQuery.SIZE * sep[k], sepCoords, CcdQuery.SIZE * k, CcdQuery.SIZE);
            sepKinds[k] = data.kinds[sep[k]];
        }
        cpuSep = cpu.ccdQueries(sepCoords, sepKinds, D);
        if (OpenClDevice.find(OpenClDevice.Preference.GPU_FIRST)
                .map(dev -> {
                    dev.close();
                    return true;
                })
                .orElse(false)) {
            openCl = BatchChecker.builder()
                    .engine(EngineChoice.OPENCL)
                    .ccdSolver(SOLVER)
                    .build();
        }
    }

    @AfterAll
    static void tearDown() {
        cpu.close();
        if (openCl != null) {
            openCl.close();
        }
    }

    static void assumeOpenCl() {
        assumeTrue(
                openCl != null,
                "no OpenCL platform on this machine (" + OpenClDevice.lastProbeFailure()
                        + "); install pocl-opencl-icd (CPU OpenCL) or a GPU driver to run the OpenCL engine tests");
    }

    /** r holds the queries idx[k] (idx null: all) at index k. */
    static void assertNoFalseNegative(CcdBatchResult r, int[] idx, String what) {
        int fn = 0;
        for (int k = 0; k < r.size(); k++) {
            int i = idx == null ? k : idx[k];
            if (data.truth[i] && !r.hit()[k]) {
                fn++;
                System.out.println("FALSE NEGATIVE " + what + " " + data.setOf[i]);
            }
        }
        assertEquals(0, fn, what + ": false negatives");
    }

    static void assertIdentical(CcdBatchResult expected, CcdBatchResult actual, int[] idx, String what) {
        assertEquals(expected.size(), actual.size());
        for (int i = 0; i < expected.size(); i++) {
            int q = idx == null ? i : idx[i];
            String at = what + " query " + q + " (" + data.setOf[q] + ")";
            assertEquals(expected.hit()[i], actual.hit()[i], at + " verdict");
            assertEquals(
                    Double.doubleToLongBits(expected.toi()[i]),
                    Double.doubleToLongBits(actual.toi()[i]),
                    at + " toi " + expected.toi()[i] + " vs " + actual.toi()[i]);
            assertEquals(
                    Double.doubleToLongBits(expected.tolerance()[i]),
                    Double.doubleToLongBits(actual.tolerance()[i]),
                    at + " tolerance");
            assertEquals(expected.checks()[i], actual.checks()[i], at + " checks");
            assertEquals(expected.earlyTerminated()[i], actual.earlyTerminated()[i], at + " early termination");
        }
    }

    @Test
    void cpuBatchEqualsSingleQuerySolverAndMissesNothing() {
        TightInclusion ti = cpu.ccdSolver();
        TightInclusionScratch s = new TightInclusionScratch();
        for (int i = 0; i < data.size(); i++) {
            double t = ti.toi(data.kinds[i], data.coords, CcdQuery.SIZE * i, 0, ti.tMax(), s);
            assertEquals(Double.doubleToLongBits(t), Double.doubleToLongBits(cpuZero.toi()[i]), "query " + i);
            assertEquals(s.lastChecks(), cpuZero.checks()[i], "checks of query " + i);
        }
        assertEquals(EngineKind.CPU, cpuZero.engine().kind());
        assertNoFalseNegative(cpuZero, null, "CPU d=0");
        assertNoFalseNegative(cpuSep, sep, "CPU d=" + D);
        // a separation only adds contacts: every d = 0 hit stays a hit, no later
        for (int k = 0; k < sep.length; k++) {
            int i = sep[k];
            if (cpuZero.hit()[i]) {
                assertTrue(
                        cpuSep.hit()[k] && cpuSep.toi()[k] <= cpuZero.toi()[i] || cpuSep.earlyTerminated()[k],
                        "separation lost or delayed the hit of query " + i);
            }
        }
        System.out.printf(
                "CCD batch CPU: %d queries, hits d=0: %d; %d queries at d=%g: %d hits%n",
                data.size(), cpuZero.hits(), sep.length, D, cpuSep.hits());
    }

    @Test
    void openClEqualsCpuAtZeroSeparation() {
        assumeOpenCl();
        CcdBatchResult r = openCl.ccdQueries(data.coords, data.kinds, 0);
        assertEquals(EngineKind.OPENCL, r.engine().kind());
        assertEquals(EngineInfo.FP64, r.engine().precision());
        System.out.printf(
                "CCD batch OpenCL d=0 on %s: %d queries, %d decided on CPU (queue overflow)%n",
                r.engine(), r.size(), r.decidedOnCpu());
        assertIdentical(cpuZero, r, null, "d=0");
        assertNoFalseNegative(r, null, "OpenCL d=0");
    }

    @Test
    void openClEqualsCpuWithMinimalSeparation() {
        assumeOpenCl();
        CcdBatchResult r = openCl.ccdQueries(sepCoords, sepKinds, D);
        System.out.printf("CCD batch OpenCL d=%g: %d decided on CPU%n", D, r.decidedOnCpu());
        assertIdentical(cpuSep, r, sep, "d=" + D);
        assertNoFalseNegative(r, sep, "OpenCL d=" + D);
    }

    @Test
    void tinyDeviceQueueHandsOverflowsToCpuWithSameAnswers() {
        assumeOpenCl();
        // 16 boxes per buffer overflow on the deeper queries: they must come back undecided and be solved on the CPU
        int[] pick = java.util.stream.IntStream.range(0, data.size())
                .filter(i -> i % 5 == 0)
                .toArray();
        double[] c = new double[pick.length * CcdQuery.SIZE];
        var kinds = new io.collide4j.checker.ccd.CcdKind[pick.length];
        for (int k = 0; k < pick.length; k++) {
            System.arraycopy(data.coords, CcdQuery.SIZE * pick[k], c, CcdQuery.SIZE * k, CcdQuery.SIZE);
            kinds[k] = data.kinds[pick[k]];
        }
        try (BatchChecker small = BatchChecker.builder()
                .engine(EngineChoice.OPENCL)
                .ccdSolver(SOLVER)
                .openClQueueCapacity(16)
                .openClMaxChunk(500)
                .build()) {
            CcdBatchResult r = small.ccdQueries(c, kinds, 0);
            assertTrue(r.decidedOnCpu() > 0, "a 16-box queue should overflow on some query");
            for (int k = 0; k < pick.length; k++) {
                int i = pick[k];
                assertEquals(cpuZero.hit()[i], r.hit()[k], "verdict of query " + i);
                assertEquals(
                        Double.doubleToLongBits(cpuZero.toi()[i]),
                        Double.doubleToLongBits(r.toi()[k]),
                        "toi of query " + i);
                assertEquals(cpuZero.checks()[i], r.checks()[k], "checks of query " + i);
            }
            System.out.printf(
                    "CCD batch OpenCL, 16-box queues, chunks of %d: %d of %d decided on CPU%n",
                    small.deviceChunk(), r.decidedOnCpu(), r.size());
        }
    }

    @Test
    void badInputNamesTheQuery() {
        double[] c = new double[2 * CcdQuery.SIZE];
        System.arraycopy(data.coords, 0, c, 0, 2 * CcdQuery.SIZE);
        c[CcdQuery.SIZE + 5] = Double.NaN;
        var kinds = new io.collide4j.checker.ccd.CcdKind[] {data.kinds[0], data.kinds[1]};
        for (BatchChecker b : openCl == null ? new BatchChecker[] {cpu} : new BatchChecker[] {cpu, openCl}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> b.ccdQueries(c, kinds, 0));
            assertTrue(e.getMessage().contains("query 1"), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> cpu.ccdQueries(new double[25], kinds, 0));
        assertThrows(IllegalArgumentException.class, () -> cpu.ccdQueries(c, kinds, -1));
    }
}
