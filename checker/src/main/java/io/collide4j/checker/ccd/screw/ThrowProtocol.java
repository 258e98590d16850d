package io.collide4j.checker.ccd.screw;

import io.collide4j.urdf.TriangleMesh;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.joml.Quaterniond;

/**
 * The throw benchmark of seed 000 §7.3, as inputs: each instance flies two bodies, 1 time unit long, towards the
 * origin along a random axis from {@code distance} apart (relative speed = distance per unit time), each turning 90°
 * about its own random axis from a random start rotation. Meshes are first centred on their bounding-box centre
 * and scaled to a bounding radius of 1 ({@link #normalised}); the pivot is that centre. Deterministic for a seed.
 */
public final class ThrowProtocol {
    private ThrowProtocol() {}

    /** One throw: the motions of body A and body B. */
    public record Instance(int index, LtlrMotion a, LtlrMotion b) {}

    /** The mesh centred on its bounding-box centre and scaled so its farthest vertex is at distance 1. */
    public static TriangleMesh normalised(TriangleMesh m) {
        double[] v = m.copyVertices();
        double[] lo = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY};
        double[] hi = {Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (int i = 0; i < v.length; i++) {
            lo[i % 3] = Math.min(lo[i % 3], v[i]);
            hi[i % 3] = Math.max(hi[i % 3], v[i]);
        }
        double r2 = 0;
        for (int i = 0; i < v.length; i += 3) {
            double s = 0;
            for (int k = 0; k < 3; k++) {
                v[i + k] -= 0.5 * (lo[k] + hi[k]);
                s += v[i + k] * v[i + k];
            }
            r2 = Math.max(r2, s);
        }
        double scale = 1 / Math.sqrt(r2);
        for (int i = 0; i < v.length; i++) {
            v[i] *= scale;
        }
        return new TriangleMesh(v, m.copyTriangles());
    }

    /** {@code count} throws from {@code distance} apart, generated from {@code seed}. */
    public static List<Instance> instances(double distance, int count, long seed) {
        if (!(distance > 0) || count < 0) {
            throw new IllegalArgumentException("need distance > 0 and count >= 0");
        }
        SplittableRandom r = new SplittableRandom(seed);
        List<Instance> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            double[] d = unit(r);
            double h = 0.5 * distance;
            LtlrMotion a = new LtlrMotion(
                    new double[] {-h * d[0], -h * d[1], -h * d[2]},
                    new double[] {h * d[0], h * d[1], h * d[2]},
                    unit(r),
                    Math.PI / 2,
                    rotation(r),
                    new double[3]);
            LtlrMotion b = new LtlrMotion(
                    new double[] {h * d[0], h * d[1], h * d[2]},
                    new double[] {-h * d[0], -h * d[1], -h * d[2]},
                    unit(r),
                    Math.PI / 2,
                    rotation(r),
                    new double[3]);
            out.add(new Instance(i, a, b));
        }
        return out;
    }

    private static double[] unit(SplittableRandom r) {
        while (true) {
            double x = r.nextGaussian(), y = r.nextGaussian(), z = r.nextGaussian();
            double n = Math.sqrt(x * x + y * y + z * z);
            if (n > 1e-6) {
                return new double[] {x / n, y / n, z / n};
            }
        }
    }

    private static Quaterniond rotation(SplittableRandom r) {
        while (true) {
            Quaterniond q = new Quaterniond(r.nextGaussian(), r.nextGaussian(), r.nextGaussian(), r.nextGaussian());
            if (q.lengthSquared() > 1e-6) {
                return q.normalize();
            }
        }
    }
}
