package io.collide4j.tests.bench;

import io.collide4j.planner.CertifiedMotionValidator;
import io.collide4j.planner.CertifiedStateValidityChecker;
import io.collide4j.planner.Collide4j;
import io.collide4j.planner.SampledMotionValidator;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The planner-facing adapters on the bundled Panda in the table_shelf scene: certified state checks,
 * certified motion checks (0.3 rad joint-space steps from valid states, as a planner extends its tree)
 * and, for comparison only, the NOT certified sampled motion check at 0.05 rad resolution. Inputs
 * cycle through 1024 fixed-seed samples (states uniform in the joint limits).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class PlannerAdaptersBench {
    private static final int N = 1024;
    private CertifiedStateValidityChecker states;
    private CertifiedMotionValidator motions;
    private SampledMotionValidator sampled;
    private double[][] qs;
    private double[][] from;
    private double[][] to;
    private int i;

    @Setup(Level.Trial)
    public void setUp() {
        Collide4j c = Collide4j.bundled("panda", "table_shelf");
        states = c.stateValidityChecker();
        motions = c.motionValidator();
        sampled = c.sampledMotionValidator(0.05);
        SplittableRandom r = new SplittableRandom(1);
        qs = new double[N][];
        from = new double[N][];
        to = new double[N][];
        for (int k = 0; k < N; k++) {
            qs[k] = random(c, r);
        }
        int made = 0;
        while (made < N) {
            double[] q = random(c, r);
            if (!c.isValid(q)) {
                continue;
            }
            double[] d = new double[q.length];
            double norm = 0;
            for (int j = 0; j < q.length; j++) {
                d[j] = r.nextGaussian();
                norm += d[j] * d[j];
            }
            double[] q1 = new double[q.length];
            for (int j = 0; j < q.length; j++) {
                q1[j] = Math.min(c.upperLimit(j), Math.max(c.lowerLimit(j), q[j] + 0.3 * d[j] / Math.sqrt(norm)));
            }
            from[made] = q;
            to[made] = q1;
            made++;
        }
    }

    private static double[] random(Collide4j c, SplittableRandom r) {
        double[] q = new double[c.dimension()];
        for (int j = 0; j < q.length; j++) {
            q[j] = c.lowerLimit(j) + r.nextDouble() * (c.upperLimit(j) - c.lowerLimit(j));
        }
        return q;
    }

    @Benchmark
    public boolean certifiedState() {
        i = (i + 1) & (N - 1);
        return states.isValid(qs[i]);
    }

    @Benchmark
    public boolean certifiedMotion() {
        i = (i + 1) & (N - 1);
        return motions.checkMotion(from[i], to[i]);
    }

    @Benchmark
    public boolean sampledMotionNotCertified() {
        i = (i + 1) & (N - 1);
        return sampled.checkMotion(from[i], to[i]);
    }
}
