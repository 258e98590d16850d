package io.collide4j.tests.bench;

import io.collide4j.planner.JointSpace;
import io.collide4j.planner.plan.NearestScan;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * RRT-Connect's nearest-neighbour query (issue 29): {@link NearestScan}'s flat scan against the per-node
 * {@link JointSpace#squaredDistance} scan the planner used before (generic over continuous joints, early exit per
 * joint), on a tree of {@code size} 7-joint configurations uniform in the Panda's limits, 1/16 of them cut off, the
 * targets cycling through 1024 fixed-seed samples. Tree sizes: the median MotionBenchMaker problem grows trees of
 * tens of nodes, the p90 ones hundreds, the hardest a few thousand.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class PlannerNearestBench {
    private static final double[] LOWER = {-2.8973, -1.7628, -2.8973, -3.0718, -2.8973, -0.0175, -2.8973};
    private static final double[] UPPER = {2.8973, 1.7628, 2.8973, -0.0698, 2.8973, 3.7525, 2.8973};

    @Param({"50", "500", "4000"})
    public int size;

    private JointSpace space;
    private double[] rows;
    private boolean[] cut;
    private double[][] targets;
    private int next;

    @Setup(Level.Trial)
    public void setUp() {
        int n = LOWER.length;
        space = JointSpace.bounded(LOWER, UPPER);
        SplittableRandom r = new SplittableRandom(29);
        rows = new double[size * n];
        cut = new boolean[size];
        for (int i = 0; i < size; i++) {
            for (int j = 0; j < n; j++) {
                rows[i * n + j] = LOWER[j] + r.nextDouble() * (UPPER[j] - LOWER[j]);
            }
            cut[i] = i > 0 && r.nextInt(16) == 0;
        }
        targets = new double[1024][n];
        for (double[] t : targets) {
            space.sample(r, t);
        }
    }

    @Benchmark
    public int flatScan() {
        return NearestScan.nearest(rows, LOWER.length, size, cut, targets[next++ & 1023]);
    }

    /** The planner's scan before issue 29 (RrtConnect.Tree.nearest then), kept here as the reference. */
    @Benchmark
    public int jointSpaceScan() {
        double[] target = targets[next++ & 1023];
        int n = LOWER.length;
        int best = 0;
        double bestD = Double.POSITIVE_INFINITY;
        for (int i = 0, o = 0; i < size; i++, o += n) {
            if (cut[i]) {
                continue;
            }
            double d = space.squaredDistance(rows, o, target, bestD);
            if (d < bestD) {
                bestD = d;
                best = i;
            }
        }
        return best;
    }
}
