package io.collide4j.tests.bench;

import io.collide4j.checker.geometry.HullShape;
import io.collide4j.checker.geometry.hull.QuickHull;
import java.util.Random;
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
 * Hull support: linear scan vs hill climbing (cold start from the axis extremes, and warm start from the previous
 * answer with slowly rotating directions as inside GJK), by hull vertex count. Sets HullShape.LINEAR_SCAN_MAX_VERTICES.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class HullSupportBench {
    @Param({"8", "16", "24", "32", "64", "256"})
    public int vertices;

    private HullShape hull;
    private final double[] dirs = new double[3 * 1024];
    private int i, hint = -1;

    @Setup(Level.Trial)
    public void setup() {
        Random r = new Random(3);
        double[] p = new double[3 * vertices];
        for (int k = 0; k < vertices; k++) {
            double x = r.nextGaussian(),
                    y = r.nextGaussian(),
                    z = r.nextGaussian(),
                    l = Math.sqrt(x * x + y * y + z * z);
            p[3 * k] = x / l;
            p[3 * k + 1] = y / l;
            p[3 * k + 2] = z / l;
        }
        hull = new HullShape(QuickHull.compute(p));
        double x = 1, y = 0, z = 0;
        for (int k = 0; k < 1024; k++) {
            // a slowly drifting direction (GJK's successive directions are correlated)
            x += 0.3 * r.nextGaussian();
            y += 0.3 * r.nextGaussian();
            z += 0.3 * r.nextGaussian();
            double l = Math.sqrt(x * x + y * y + z * z);
            x /= l;
            y /= l;
            z /= l;
            dirs[3 * k] = x;
            dirs[3 * k + 1] = y;
            dirs[3 * k + 2] = z;
        }
    }

    @Benchmark
    public int scan() {
        int o = 3 * (i = (i + 1) & 1023);
        return hull.scan(dirs[o], dirs[o + 1], dirs[o + 2]);
    }

    @Benchmark
    public int climbCold() {
        int o = 3 * (i = (i + 1) & 1023);
        return hull.climb(dirs[o], dirs[o + 1], dirs[o + 2], -1);
    }

    @Benchmark
    public int climbWarm() {
        int o = 3 * (i = (i + 1) & 1023);
        hint = hull.climb(dirs[o], dirs[o + 1], dirs[o + 2], hint);
        return hint;
    }
}
