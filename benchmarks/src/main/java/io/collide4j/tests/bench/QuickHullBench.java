package io.collide4j.tests.bench;

import io.collide4j.checker.geometry.ConvexHull;
import io.collide4j.checker.geometry.hull.QuickHull;
import io.collide4j.urdf.mesh.MeshLoader;
import java.nio.file.Path;
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
 * QuickHull construction time by input: 50 Gaussian points, 1000 points on a sphere, the Panda link1 collision
 * mesh, and a lattice set (the corners of a random half of the unit cubes of a 6×6×6 grid, duplicates included).
 * Test data: -Dcollide4j.testdata=tests/data (default).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class QuickHullBench {
    @Param({"gauss50", "sphere1000", "panda", "lattice"})
    public String input;

    private double[] points;

    @Setup(Level.Trial)
    public void setup() {
        Random r = new Random(11);
        switch (input) {
            case "gauss50" -> {
                points = new double[150];
                for (int k = 0; k < points.length; k++) {
                    points[k] = r.nextGaussian();
                }
            }
            case "sphere1000" -> {
                points = new double[3000];
                for (int k = 0; k < 1000; k++) {
                    double x = r.nextGaussian(),
                            y = r.nextGaussian(),
                            z = r.nextGaussian(),
                            l = Math.sqrt(x * x + y * y + z * z);
                    points[3 * k] = x / l;
                    points[3 * k + 1] = y / l;
                    points[3 * k + 2] = z / l;
                }
            }
            case "panda" -> {
                Path dir = Path.of(System.getProperty("collide4j.testdata", "tests/data"))
                        .resolve("example-robot-data/robots/panda_description/meshes/collision");
                points = MeshLoader.load(dir.resolve("link1.stl")).mesh().copyVertices();
            }
            case "lattice" -> points = lattice(r, 6, 0.5);
            default -> throw new IllegalArgumentException("unknown input " + input);
        }
    }

    /** Corners (8 per cube, duplicates kept) of a random subset of the unit cubes of an m×m×m grid. */
    static double[] lattice(Random r, int m, double fill) {
        double[] out = new double[24 * m * m * m];
        int k = 0;
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                for (int l = 0; l < m; l++) {
                    if (r.nextDouble() < fill) {
                        for (int c = 0; c < 8; c++) {
                            out[k++] = i + (c & 1);
                            out[k++] = j + ((c >> 1) & 1);
                            out[k++] = l + ((c >> 2) & 1);
                        }
                    }
                }
            }
        }
        return java.util.Arrays.copyOf(out, k);
    }

    @Benchmark
    public ConvexHull hull() {
        return QuickHull.compute(points);
    }
}
