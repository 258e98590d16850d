package io.collide4j.checker;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Test-only access to the shared robot meshes: a minimal binary STL reader with vertex deduplication. */
public final class TestMeshes {
    private TestMeshes() {}

    /** Indexed mesh: xyz triples and index triples. */
    public record Indexed(String name, double[] vertices, int[] triangles) {}

    public static Path dataDir() {
        return Path.of(System.getProperty("collide4j.testdata", "../tests/data"));
    }

    public static final String PANDA = "example-robot-data/robots/panda_description/meshes/collision/";
    public static final String UR5E = "universal-robot/ur_description/meshes/ur5e/collision/";
    public static final String[] PANDA_LINKS = {
        "link0", "link1", "link2", "link3", "link4", "link5", "link6", "link7", "hand", "finger"
    };
    public static final String[] UR5E_LINKS = {"base", "shoulder", "upperarm", "forearm", "wrist1", "wrist2", "wrist3"};

    public static Indexed panda(String link) {
        return readBinaryStl(dataDir().resolve(PANDA + link + ".stl"));
    }

    public static Indexed ur5e(String link) {
        return readBinaryStl(dataDir().resolve(UR5E + link + ".stl"));
    }

    public static List<Indexed> allRobotMeshes() {
        List<Indexed> out = new ArrayList<>();
        for (String l : PANDA_LINKS) {
            out.add(panda(l));
        }
        for (String l : UR5E_LINKS) {
            out.add(ur5e(l));
        }
        return out;
    }

    public static Indexed readBinaryStl(Path file) {
        try {
            byte[] bytes = Files.readAllBytes(file);
            ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
            int count = b.getInt(80);
            if (84 + 50L * count != bytes.length) {
                throw new IllegalArgumentException(file + ": binary STL size " + bytes.length + " != 84+50*" + count);
            }
            Map<String, Integer> ids = new HashMap<>();
            List<double[]> verts = new ArrayList<>();
            int[] tris = new int[3 * count];
            for (int t = 0; t < count; t++) {
                int off = 84 + 50 * t + 12;
                for (int k = 0; k < 3; k++) {
                    double x = b.getFloat(off + 12 * k),
                            y = b.getFloat(off + 12 * k + 4),
                            z = b.getFloat(off + 12 * k + 8);
                    String key = x + "," + y + "," + z;
                    Integer id = ids.get(key);
                    if (id == null) {
                        id = verts.size();
                        ids.put(key, id);
                        verts.add(new double[] {x, y, z});
                    }
                    tris[3 * t + k] = id;
                }
            }
            double[] v = new double[3 * verts.size()];
            for (int i = 0; i < verts.size(); i++) {
                System.arraycopy(verts.get(i), 0, v, 3 * i, 3);
            }
            return new Indexed(file.getFileName().toString(), v, tris);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
