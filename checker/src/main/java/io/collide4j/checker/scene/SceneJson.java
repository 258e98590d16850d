package io.collide4j.checker.scene;

import io.collide4j.urdf.Pose;
import io.collide4j.urdf.TriangleMesh;
import io.collide4j.urdf.json.Json;
import io.collide4j.urdf.json.JsonWriter;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads and writes collide4j's own JSON scene format, documented in {@code checker/SCENE_FORMAT.md}.
 * Strict: unknown members, wrong types and bad sizes are errors naming the source, the object index
 * and name, and the member. Writing then reading gives back an equal scene (doubles round-trip
 * exactly). Stateless and thread-safe.
 */
public final class SceneJson {
    /** The value of the optional top-level {@code format} member. */
    public static final String FORMAT = "collide4j-scene/1";

    private SceneJson() {
    }

    /** Bad scene content (valid JSON, wrong structure); the message names source, object and member. */
    public static final class SceneFormatException extends IllegalArgumentException {
        public SceneFormatException(String message) {
            super(message);
        }
    }

    public static Scene read(Path file) {
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return read(r, file.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read scene " + file, e);
        }
    }

    public static Scene read(String json, String source) {
        return read(new StringReader(json), source);
    }

    public static Scene read(Reader reader, String source) {
        Map<String, Object> root = Json.parseObject(reader, source);
        checkKeys(root, Set.of("format", "name", "objects"), source);
        Object format = root.get("format");
        if (format != null && !FORMAT.equals(format)) {
            throw new SceneFormatException(source + ": format must be \"" + FORMAT + "\", found " + format);
        }
        Object objs = root.get("objects");
        if (!(objs instanceof List<?> list)) {
            throw new SceneFormatException(source + ": expected member 'objects' (array), found " + Json.typeName(objs));
        }
        SceneBuilder b = new SceneBuilder();
        for (int i = 0; i < list.size(); i++) {
            String where = source + ": objects[" + i + "]";
            if (!(list.get(i) instanceof Map<?, ?> m)) {
                throw new SceneFormatException(where + ": expected an object, found " + Json.typeName(list.get(i)));
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> o = (Map<String, Object>) m;
            Object nameV = o.get("name");
            if (!(nameV instanceof String name) || name.isEmpty()) {
                throw new SceneFormatException(where + ": expected member 'name' (non-empty string)");
            }
            where = where + " '" + name + "'";
            if (b.contains(name)) {
                throw new SceneFormatException(where + ": duplicate object name");
            }
            try {
                b.add(new Obstacle(name, shape(o, where), pose(o.get("pose"), where)));
            } catch (SceneFormatException e) {
                throw e;
            } catch (IllegalArgumentException e) {
                throw new SceneFormatException(where + ": " + e.getMessage());
            }
        }
        return b.build();
    }

    private static ObstacleShape shape(Map<String, Object> o, String where) {
        Object typeV = o.get("type");
        if (!(typeV instanceof String type)) {
            throw new SceneFormatException(where + ": expected member 'type' (string)");
        }
        switch (type) {
            case "box" -> {
                checkKeys(o, Set.of("name", "type", "pose", "size"), where);
                double[] s = numbers(o.get("size"), 3, where + ": member 'size'");
                return new ObstacleShape.Box(s[0], s[1], s[2]);
            }
            case "sphere" -> {
                checkKeys(o, Set.of("name", "type", "pose", "radius"), where);
                return new ObstacleShape.Sphere(number(o.get("radius"), where + ": member 'radius'"));
            }
            case "cylinder" -> {
                checkKeys(o, Set.of("name", "type", "pose", "radius", "length"), where);
                return new ObstacleShape.Cylinder(number(o.get("radius"), where + ": member 'radius'"),
                        number(o.get("length"), where + ": member 'length'"));
            }
            case "capsule" -> {
                checkKeys(o, Set.of("name", "type", "pose", "radius", "length"), where);
                return new ObstacleShape.Capsule(number(o.get("radius"), where + ": member 'radius'"),
                        number(o.get("length"), where + ": member 'length'"));
            }
            case "convex" -> {
                checkKeys(o, Set.of("name", "type", "pose", "points"), where);
                return new ObstacleShape.ConvexHull(triples(o.get("points"), where + ": member 'points'"));
            }
            case "mesh" -> {
                checkKeys(o, Set.of("name", "type", "pose", "vertices", "triangles"), where);
                double[] v = triples(o.get("vertices"), where + ": member 'vertices'");
                double[] tf = triples(o.get("triangles"), where + ": member 'triangles'");
                int[] t = new int[tf.length];
                for (int i = 0; i < t.length; i++) {
                    if (tf[i] != Math.rint(tf[i]) || tf[i] < 0 || tf[i] >= v.length / 3) {
                        throw new SceneFormatException(where + ": triangles[" + i / 3 + "] index " + tf[i]
                                + " is not a vertex index 0.." + (v.length / 3 - 1));
                    }
                    t[i] = (int) tf[i];
                }
                return new ObstacleShape.Mesh(new TriangleMesh(v, t));
            }
            default -> throw new SceneFormatException(where + ": unknown type '" + type
                    + "', expected box, sphere, cylinder, capsule, convex or mesh");
        }
    }

    private static Pose pose(Object p, String where) {
        if (p == null) {
            return Pose.IDENTITY;
        }
        if (!(p instanceof Map<?, ?> m)) {
            throw new SceneFormatException(where + ": member 'pose' must be an object");
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> pm = (Map<String, Object>) m;
        checkKeys(pm, Set.of("xyz", "quaternion", "rpy"), where + ": pose");
        double[] t = pm.containsKey("xyz") ? numbers(pm.get("xyz"), 3, where + ": pose.xyz") : new double[3];
        if (pm.containsKey("quaternion") && pm.containsKey("rpy")) {
            throw new SceneFormatException(where + ": pose has both 'quaternion' and 'rpy', give one");
        }
        if (pm.containsKey("rpy")) {
            double[] r = numbers(pm.get("rpy"), 3, where + ": pose.rpy");
            return Pose.fromXyzRpy(t[0], t[1], t[2], r[0], r[1], r[2]);
        }
        double[] q = pm.containsKey("quaternion") ? numbers(pm.get("quaternion"), 4, where + ": pose.quaternion")
                : new double[]{0, 0, 0, 1};
        try {
            return new Pose(t[0], t[1], t[2], q[0], q[1], q[2], q[3]);
        } catch (IllegalArgumentException e) {
            throw new SceneFormatException(where + ": " + e.getMessage());
        }
    }

    private static void checkKeys(Map<String, Object> m, Set<String> allowed, String where) {
        for (String k : m.keySet()) {
            if (!allowed.contains(k)) {
                throw new SceneFormatException(where + ": unknown member '" + k + "', expected one of " + allowed);
            }
        }
    }

    private static double number(Object v, String what) {
        if (!(v instanceof Number n)) {
            throw new SceneFormatException(what + ": expected a number, found " + Json.typeName(v));
        }
        return n.doubleValue();
    }

    private static double[] numbers(Object v, int n, String what) {
        if (!(v instanceof List<?> l) || l.size() != n) {
            throw new SceneFormatException(what + ": expected an array of " + n + " numbers, found "
                    + (v instanceof List<?> l2 ? l2.size() + " elements" : Json.typeName(v)));
        }
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
            d[i] = number(l.get(i), what + "[" + i + "]");
        }
        return d;
    }

    private static double[] triples(Object v, String what) {
        if (!(v instanceof List<?> l) || l.isEmpty()) {
            throw new SceneFormatException(what + ": expected a non-empty array of [x, y, z] triples");
        }
        double[] d = new double[3 * l.size()];
        for (int i = 0; i < l.size(); i++) {
            System.arraycopy(numbers(l.get(i), 3, what + "[" + i + "]"), 0, d, 3 * i, 3);
        }
        return d;
    }

    /** The scene as JSON text in this format (obstacles in slot order). */
    public static String write(Scene scene, String name, boolean pretty) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("format", FORMAT);
        root.put("name", name);
        List<Object> objects = new ArrayList<>();
        for (Obstacle ob : scene.obstacles()) {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("name", ob.name());
            ObstacleShape s = ob.shape();
            if (s instanceof ObstacleShape.Box b) {
                o.put("type", "box");
                o.put("size", List.of(b.sizeX(), b.sizeY(), b.sizeZ()));
            } else if (s instanceof ObstacleShape.Sphere sp) {
                o.put("type", "sphere");
                o.put("radius", sp.radius());
            } else if (s instanceof ObstacleShape.Cylinder c) {
                o.put("type", "cylinder");
                o.put("radius", c.radius());
                o.put("length", c.length());
            } else if (s instanceof ObstacleShape.Capsule c) {
                o.put("type", "capsule");
                o.put("radius", c.radius());
                o.put("length", c.length());
            } else if (s instanceof ObstacleShape.ConvexHull h) {
                o.put("type", "convex");
                o.put("points", triplesOf(h.copyPoints()));
            } else {
                TriangleMesh m = ((ObstacleShape.Mesh) s).mesh();
                o.put("type", "mesh");
                o.put("vertices", triplesOf(m.copyVertices()));
                List<Object> tris = new ArrayList<>();
                int[] t = m.copyTriangles();
                for (int i = 0; i < t.length; i += 3) {
                    tris.add(List.of((long) t[i], (long) t[i + 1], (long) t[i + 2]));
                }
                o.put("triangles", tris);
            }
            Pose p = ob.pose();
            Map<String, Object> pose = new LinkedHashMap<>();
            pose.put("xyz", List.of(p.x(), p.y(), p.z()));
            pose.put("quaternion", List.of(p.qx(), p.qy(), p.qz(), p.qw()));
            o.put("pose", pose);
            objects.add(o);
        }
        root.put("objects", objects);
        return JsonWriter.write(root, pretty);
    }

    private static List<Object> triplesOf(double[] d) {
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < d.length; i += 3) {
            out.add(List.of(d[i], d[i + 1], d[i + 2]));
        }
        return out;
    }
}
