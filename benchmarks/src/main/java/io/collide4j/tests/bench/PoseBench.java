package io.collide4j.tests.bench;

import io.collide4j.urdf.Pose;
import java.util.concurrent.TimeUnit;
import org.joml.Matrix4d;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** Baseline: converting a URDF pose to a matrix (the unit every FK step pays). */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class PoseBench {
    private final Pose pose = Pose.fromXyzRpy(0.1, -0.2, 0.3, 0.4, -0.5, 0.6);
    private final Matrix4d dest = new Matrix4d();

    @Benchmark
    public Matrix4d poseToMatrix() {
        return pose.toMatrix(dest);
    }
}
