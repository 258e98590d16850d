package io.collide4j.tests.bench;

import io.collide4j.checker.ccd.CcdKind;
import io.collide4j.checker.ccd.CcdQuery;
import io.collide4j.checker.ccd.TightInclusion;
import io.collide4j.checker.ccd.TightInclusionScratch;
import io.collide4j.checker.ccd.io.CcdDatasets;
import io.collide4j.checker.ccd.io.CcdQuerySet;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Tight-Inclusion time per primitive query (one query per invocation, cycling through the whole set), so JMH's
 * sample mode reports mean and median µs per query. Sets: handcrafted = all ccd-sample-queries folders,
 * cloth = scalable-ccd cloth-funnel step 227. Data: -Dcollide4j.testdata=... (default tests/data).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class TightInclusionBench {

    @Param({"handcrafted-vf", "handcrafted-ee", "cloth-vf", "cloth-ee"})
    public String set;

    @Param({"0", "1e-8"})
    public double d;

    private double[] coords;
    private int n;
    private CcdKind kind;
    private int next;
    private TightInclusion solver;
    private final TightInclusionScratch scratch = new TightInclusionScratch();

    @Setup
    public void load() {
        Path data = Path.of(System.getProperty("collide4j.testdata", "tests/data"));
        kind = set.endsWith("vf") ? CcdKind.VERTEX_FACE : CcdKind.EDGE_EDGE;
        List<CcdQuery> qs = new ArrayList<>();
        if (set.startsWith("handcrafted")) {
            for (CcdQuerySet s : CcdDatasets.sampleQueries(data.resolve("ccd-sample-queries"))) {
                if (s.kind() == kind) {
                    qs.addAll(s.queries());
                }
            }
        } else {
            qs.addAll(CcdDatasets.scalable(data.resolve("scalable-ccd-sample-data/cloth-funnel"), "227", kind)
                    .queries());
        }
        n = qs.size();
        coords = new double[CcdQuery.SIZE * n];
        for (int i = 0; i < n; i++) {
            qs.get(i).copyTo(coords, CcdQuery.SIZE * i);
        }
        solver = TightInclusion.builder().margin(d).build();
    }

    @Benchmark
    public double query() {
        int i = next;
        next = i + 1 == n ? 0 : i + 1;
        return solver.toi(kind, coords, CcdQuery.SIZE * i, scratch);
    }
}
