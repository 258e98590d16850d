package io.collide4j.checker.scene;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectReader;
import io.collide4j.kinematics.format.InputFormatException;
import io.collide4j.kinematics.format.StrictJson;
import io.collide4j.kinematics.format.Suggestions;
import io.collide4j.urdf.Pose;
import io.collide4j.urdf.TriangleMesh;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads and writes collide4j's own JSON scene format, documented in {@code checker/SCENE_FORMAT.md}.
 * Strict (Jackson, {@link StrictJson}): unknown or duplicate keys, wrong types, non-finite or
 * out-of-range numbers, a missing {@code objects} list and size members that do not belong to the
 * object's type are {@link InputFormatException}s naming the source, the path
 * ({@code objects[2].radius}), line and column. Objects are read one at a time into the scene builder,
 * so a million-object file is never held as a tree. Writing then reading gives back an equal scene
 * (doubles round-trip exactly). Stateless and thread-safe.
 */
public final class SceneJson {
    /** The value of the optional top-level {@code format} member. */
    public static final String FORMAT = "collide4j-scene/1";

    private static final List<String> TOP_KEYS = List.of("format", "name", "objects");
    private static final Map<String, List<String>> SIZE_KEYS = new LinkedHashMap<>();

    static {
        SIZE_KEYS.put("box", List.of("size"));
        SIZE_KEYS.put("sphere", List.of("radius"));
        SIZE_KEYS.put("cylinder", List.of("radius", "length"));
        SIZE_KEYS.put("capsule", List.of("radius", "length"));
        SIZE_KEYS.put("convex", List.of("points"));
        SIZE_KEYS.put("mesh", List.of("vertices", "triangles"));
        SIZE_KEYS.put("mesh_file", List.of("file")); // optional "scale" beside it (SceneMeshFile)
    }

    private static final ObjectReader OBJECT_READER = StrictJson.elementReader(ObjectDoc.class);

    private SceneJson() {}

    /**
     * One element of {@code objects}, as written. Checked against its type in {@link #check} after
     * Jackson has refused unknown keys (Jackson reports those only once the record is built).
     */
    record ObjectDoc(
            String name,
            String type,
            PoseDoc pose,
            double[] size,
            Double radius,
            Double length,
            double[][] points,
            double[][] vertices,
            int[][] triangles,
            String file,
            double[] scale) {

        void check() {
            if (name == null) {
                throw new IllegalArgumentException("missing required key 'name'");
            }
            if (type == null) {
                throw new IllegalArgumentException("missing required key 'type'");
            }
            if (name.isEmpty()) {
                throw new IllegalArgumentException("name: expected a non-empty string");
            }
            if (!SIZE_KEYS.containsKey(type)) {
                throw new IllegalArgumentException("type: unknown type '" + type + "'"
                        + Suggestions.didYouMean(type, SIZE_KEYS.keySet()) + "; expected one of " + SIZE_KEYS.keySet());
            }
            Map<String, Object> given = new LinkedHashMap<>();
            given.put("size", size);
            given.put("radius", radius);
            given.put("length", length);
            given.put("points", points);
            given.put("vertices", vertices);
            given.put("triangles", triangles);
            given.put("file", file);
            if (scale != null && !type.equals("mesh_file")) {
                throw new IllegalArgumentException("scale: not a member of type " + type + " (only of mesh_file)");
            }
            List<String> wanted = SIZE_KEYS.get(type);
            for (Map.Entry<String, Object> e : given.entrySet()) {
                boolean present = e.getValue() != null;
                if (present && !wanted.contains(e.getKey())) {
                    throw new IllegalArgumentException(
                            e.getKey() + ": not a member of type " + type + " (its size members are " + wanted + ")");
                }
                if (!present && wanted.contains(e.getKey())) {
                    throw new IllegalArgumentException("type " + type + " needs member '" + e.getKey() + "'");
                }
            }
        }
    }

    /** {@code pose}: translation and at most one of quaternion (x, y, z, w) and rpy. */
    record PoseDoc(double[] xyz, double[] quaternion, double[] rpy) {

        Pose toPose() {
            requireLength(xyz, 3, "pose.xyz");
            requireLength(quaternion, 4, "pose.quaternion");
            requireLength(rpy, 3, "pose.rpy");
            if (quaternion != null && rpy != null) {
                throw new IllegalArgumentException("pose has both 'quaternion' and 'rpy', give one");
            }
            double[] t = xyz == null ? new double[3] : xyz;
            if (rpy != null) {
                return Pose.fromXyzRpy(t[0], t[1], t[2], rpy[0], rpy[1], rpy[2]);
            }
            double[] q = quaternion == null ? new double[] {0, 0, 0, 1} : quaternion;
            return new Pose(t[0], t[1], t[2], q[0], q[1], q[2], q[3]);
        }
    }

    private static void requireLength(double[] v, int n, String key) {
        if (v != null && v.length != n) {
            throw new IllegalArgumentException(key + ": expected an array of " + n + " numbers, found " + v.length);
        }
    }

    /** Reads a scene file; its {@code mesh_file} objects name meshes in its folder (see SCENE_FORMAT.md). */
    public static Scene read(Path file) {
        try (InputStream in = Files.newInputStream(file);
                JsonParser p = StrictJson.mapper().createParser(in)) {
            return readRoot(p, file.toString(), file.toAbsolutePath().getParent());
        } catch (JacksonException e) {
            throw StrictJson.error(file.toString(), e);
        } catch (NoSuchFileException e) {
            throw new UncheckedIOException("no such scene file: " + file, e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read scene " + file + ": " + e.getMessage(), e);
        }
    }

    public static Scene read(String json, String source) {
        return read(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)), source);
    }

    /** Reads one scene document from a byte stream (not closed). */
    public static Scene read(InputStream in, String source) {
        try (JsonParser p = StrictJson.mapper().createParser(in)) {
            return readRoot(p, source, null);
        } catch (JacksonException e) {
            throw StrictJson.error(source, e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read scene " + source + ": " + e.getMessage(), e);
        }
    }

    private static Scene readRoot(JsonParser p, String source, Path folder) throws IOException {
        JsonToken t = p.nextToken();
        if (t == null) {
            throw at(p, source, "", "empty input, expected a scene object {\"objects\": [...]}");
        }
        if (t != JsonToken.START_OBJECT) {
            throw at(p, source, "", "expected a scene object {\"objects\": [...]}, found " + p.getText());
        }
        SceneBuilder b = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            p.nextToken();
            switch (key) {
                case "format" -> {
                    String f = stringValue(p, source, key);
                    if (!FORMAT.equals(f)) {
                        throw at(p, source, key, "expected \"" + FORMAT + "\", found \"" + f + "\"");
                    }
                }
                case "name" -> stringValue(p, source, key);
                case "objects" -> b = objects(p, source, folder);
                default -> throw at(p, source, key, "unknown key" + hint(key, TOP_KEYS));
            }
        }
        if (p.nextToken() != null) {
            throw at(p, source, "", "trailing content after the scene object");
        }
        if (b == null) {
            throw at(p, source, "", "missing required key 'objects' (an empty scene says so: \"objects\": [])");
        }
        return b.buildAndRelease();
    }

    private static SceneBuilder objects(JsonParser p, String source, Path folder) throws IOException {
        if (p.currentToken() != JsonToken.START_ARRAY) {
            throw at(p, source, "objects", "expected an array of objects, found " + p.getText());
        }
        SceneBuilder b = new SceneBuilder();
        int i = 0;
        while (p.nextToken() != JsonToken.END_ARRAY) {
            String where = "objects[" + i + "]";
            JsonLocation start = p.currentTokenLocation();
            ObjectDoc o;
            try {
                o = OBJECT_READER.readValue(p);
            } catch (JsonMappingException e) {
                // binding errors carry the path inside this element only
                InputFormatException f = StrictJson.error(source, e);
                throw new InputFormatException(
                        source, f.path().isEmpty() ? where : where + "." + f.path(), f.line(), f.column(), f.detail());
            }
            if (o == null) {
                throw new InputFormatException(
                        source, where, start.getLineNr(), start.getColumnNr(), "expected an object, found null");
            }
            if (o.name() != null && b.contains(o.name())) {
                throw new InputFormatException(
                        source,
                        where + ".name",
                        start.getLineNr(),
                        start.getColumnNr(),
                        "duplicate object name '" + o.name() + "'");
            }
            try {
                o.check();
                Obstacle ob = new Obstacle(
                        o.name(),
                        shape(o, folder),
                        o.pose() == null ? Pose.IDENTITY : o.pose().toPose());
                SceneLimits.checkRange(ob);
                b.add(ob);
            } catch (IllegalArgumentException e) {
                throw new InputFormatException(source, where, start.getLineNr(), start.getColumnNr(), e.getMessage());
            }
            i++;
        }
        return b;
    }

    private static ObstacleShape shape(ObjectDoc o, Path folder) {
        return switch (o.type()) {
            case "box" -> {
                if (o.size().length != 3) {
                    throw new IllegalArgumentException(
                            "size: expected [x, y, z], found " + o.size().length + " numbers");
                }
                yield new ObstacleShape.Box(o.size()[0], o.size()[1], o.size()[2]);
            }
            case "sphere" -> new ObstacleShape.Sphere(o.radius());
            case "cylinder" -> new ObstacleShape.Cylinder(o.radius(), o.length());
            case "capsule" -> new ObstacleShape.Capsule(o.radius(), o.length());
            case "convex" -> new ObstacleShape.ConvexHull(flatten(o.points(), "points"));
            case "mesh_file" -> new ObstacleShape.Mesh(SceneMeshFile.load(folder, o.file(), o.scale()));
            default -> {
                double[] v = flatten(o.vertices(), "vertices");
                int[] t = new int[3 * o.triangles().length];
                for (int i = 0; i < o.triangles().length; i++) {
                    int[] tri = o.triangles()[i];
                    if (tri == null || tri.length != 3) {
                        throw new IllegalArgumentException("triangles[" + i + "]: expected [i, j, k]");
                    }
                    for (int k = 0; k < 3; k++) {
                        if (tri[k] < 0 || tri[k] >= v.length / 3) {
                            throw new IllegalArgumentException("triangles[" + i + "] index " + tri[k]
                                    + " is not a vertex index 0.." + (v.length / 3 - 1));
                        }
                        t[3 * i + k] = tri[k];
                    }
                }
                yield new ObstacleShape.Mesh(new TriangleMesh(v, t));
            }
        };
    }

    private static double[] flatten(double[][] triples, String key) {
        if (triples.length == 0) {
            throw new IllegalArgumentException(key + ": expected a non-empty array of [x, y, z] triples");
        }
        double[] d = new double[3 * triples.length];
        for (int i = 0; i < triples.length; i++) {
            if (triples[i] == null || triples[i].length != 3) {
                throw new IllegalArgumentException(key + "[" + i + "]: expected [x, y, z]");
            }
            System.arraycopy(triples[i], 0, d, 3 * i, 3);
        }
        return d;
    }

    private static String stringValue(JsonParser p, String source, String key) throws IOException {
        if (p.currentToken() != JsonToken.VALUE_STRING) {
            throw at(p, source, key, "expected a string, found " + p.getText());
        }
        return p.getText();
    }

    private static String hint(String key, List<String> known) {
        String h = Suggestions.didYouMean(key, known);
        return h.isEmpty() ? "; expected one of " + known : h;
    }

    private static InputFormatException at(JsonParser p, String source, String path, String detail) {
        JsonLocation l = p.currentTokenLocation();
        return new InputFormatException(source, path, Math.max(0, l.getLineNr()), Math.max(0, l.getColumnNr()), detail);
    }

    /** The scene as JSON text in this format (obstacles in slot order). */
    public static String write(Scene scene, String name, boolean pretty) {
        StringWriter w = new StringWriter();
        write(scene, name, pretty, w);
        return w.toString();
    }

    /** Streams the scene as JSON to {@code out} (not closed). */
    public static void write(Scene scene, String name, boolean pretty, Writer out) {
        try (JsonGenerator g = StrictJson.mapper().createGenerator(out)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            if (pretty) {
                g.useDefaultPrettyPrinter();
            }
            g.writeStartObject();
            g.writeStringField("format", FORMAT);
            g.writeStringField("name", name);
            g.writeArrayFieldStart("objects");
            for (Obstacle ob : scene.obstacles()) {
                writeObstacle(g, ob);
            }
            g.writeEndArray();
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write scene JSON", e);
        }
    }

    private static void writeObstacle(JsonGenerator g, Obstacle ob) throws IOException {
        g.writeStartObject();
        g.writeStringField("name", ob.name());
        ObstacleShape s = ob.shape();
        if (s instanceof ObstacleShape.Box b) {
            g.writeStringField("type", "box");
            g.writeFieldName("size");
            g.writeArray(new double[] {b.sizeX(), b.sizeY(), b.sizeZ()}, 0, 3);
        } else if (s instanceof ObstacleShape.Sphere sp) {
            g.writeStringField("type", "sphere");
            g.writeNumberField("radius", sp.radius());
        } else if (s instanceof ObstacleShape.Cylinder c) {
            g.writeStringField("type", "cylinder");
            g.writeNumberField("radius", c.radius());
            g.writeNumberField("length", c.length());
        } else if (s instanceof ObstacleShape.Capsule c) {
            g.writeStringField("type", "capsule");
            g.writeNumberField("radius", c.radius());
            g.writeNumberField("length", c.length());
        } else if (s instanceof ObstacleShape.ConvexHull h) {
            g.writeStringField("type", "convex");
            writeTriples(g, "points", h.copyPoints());
        } else {
            TriangleMesh m = ((ObstacleShape.Mesh) s).mesh();
            g.writeStringField("type", "mesh");
            writeTriples(g, "vertices", m.copyVertices());
            int[] t = m.copyTriangles();
            g.writeArrayFieldStart("triangles");
            for (int i = 0; i < t.length; i += 3) {
                g.writeArray(t, i, 3);
            }
            g.writeEndArray();
        }
        Pose p = ob.pose();
        g.writeObjectFieldStart("pose");
        g.writeFieldName("xyz");
        g.writeArray(new double[] {p.x(), p.y(), p.z()}, 0, 3);
        g.writeFieldName("quaternion");
        g.writeArray(new double[] {p.qx(), p.qy(), p.qz(), p.qw()}, 0, 4);
        g.writeEndObject();
        g.writeEndObject();
    }

    private static void writeTriples(JsonGenerator g, String key, double[] d) throws IOException {
        g.writeArrayFieldStart(key);
        for (int i = 0; i < d.length; i += 3) {
            g.writeArray(d, i, 3);
        }
        g.writeEndArray();
    }
}
