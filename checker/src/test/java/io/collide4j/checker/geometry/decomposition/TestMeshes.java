package io.collide4j.checker.geometry.decomposition;

import io.collide4j.urdf.TriangleMesh;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Test-only OBJ/STL reader (polygons fan-triangulated) and the list of test meshes. */
final class TestMeshes {
    private TestMeshes() {
    }

    static Path data() {
        return Path.of(System.getProperty("collide4j.testdata", "../tests/data"));
    }

    static Path vhacd(String name) {
        return data().resolve("v-hacd/app/meshes").resolve(name);
    }

    /** All V-HACD example meshes and the Panda and UR5e collision link meshes, sorted. */
    static List<Path> all() {
        List<Path> out = new ArrayList<>();
        for (Path dir : List.of(data().resolve("v-hacd/app/meshes"), data().resolve("vamp/resources/panda/meshes/collision"),
                data().resolve("universal-robot/ur_description/meshes/ur5e/collision"))) {
            try (Stream<Path> s = Files.list(dir)) {
                s.filter(p -> p.toString().endsWith(".obj") || p.toString().endsWith(".stl")).sorted().forEach(out::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return out;
    }

    static String label(Path p) {
        return p.getParent().getFileName() + "/" + p.getFileName();
    }

    static TriangleMesh read(Path p) {
        try {
            return p.toString().endsWith(".stl") ? readStl(Files.readAllBytes(p)) : readObj(Files.readAllLines(p));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static TriangleMesh readObj(List<String> lines) {
        List<Double> v = new ArrayList<>();
        List<Integer> f = new ArrayList<>();
        for (String line : lines) {
            String[] t = line.trim().split("\\s+");
            if (t[0].equals("v")) {
                for (int i = 1; i <= 3; i++) {
                    v.add(Double.parseDouble(t[i]));
                }
            } else if (t[0].equals("f")) {
                int[] idx = new int[t.length - 1];
                for (int i = 1; i < t.length; i++) {
                    int k = Integer.parseInt(t[i].split("/")[0]);
                    idx[i - 1] = k > 0 ? k - 1 : v.size() / 3 + k;
                }
                for (int i = 1; i + 1 < idx.length; i++) {
                    f.add(idx[0]);
                    f.add(idx[i]);
                    f.add(idx[i + 1]);
                }
            }
        }
        return new TriangleMesh(v.stream().mapToDouble(Double::doubleValue).toArray(),
                f.stream().mapToInt(Integer::intValue).toArray());
    }

    static TriangleMesh readStl(byte[] bytes) {
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        if (bytes.length >= 84 && 84L + 50L * Integer.toUnsignedLong(b.getInt(80)) == bytes.length) {
            int n = b.getInt(80);
            double[] v = new double[9 * n];
            int[] f = new int[3 * n];
            for (int t = 0; t < n; t++) {
                int base = 84 + 50 * t + 12;
                for (int k = 0; k < 9; k++) {
                    v[9 * t + k] = b.getFloat(base + 4 * k);
                }
                f[3 * t] = 3 * t;
                f[3 * t + 1] = 3 * t + 1;
                f[3 * t + 2] = 3 * t + 2;
            }
            return new TriangleMesh(v, f);
        }
        List<Double> v = new ArrayList<>();
        for (String line : new String(bytes, StandardCharsets.US_ASCII).split("\n")) {
            String[] t = line.trim().split("\\s+");
            if (t[0].equals("vertex")) {
                for (int i = 1; i <= 3; i++) {
                    v.add(Double.parseDouble(t[i]));
                }
            }
        }
        int[] f = new int[v.size() / 3];
        for (int i = 0; i < f.length; i++) {
            f[i] = i;
        }
        return new TriangleMesh(v.stream().mapToDouble(Double::doubleValue).toArray(), f);
    }
}
