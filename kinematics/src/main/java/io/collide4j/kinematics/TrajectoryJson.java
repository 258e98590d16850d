package io.collide4j.kinematics;

import io.collide4j.urdf.json.Json;
import io.collide4j.urdf.json.JsonWriter;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * JSON form of a {@link JointTrajectory}, shaped like ROS {@code trajectory_msgs/JointTrajectory}:
 * <pre>{"joint_names": ["a", "b"],
 *  "points": [{"positions": [0, 1], "velocities": [...], "accelerations": [...], "time_from_start": 0.5}]}</pre>
 * {@code time_from_start} is seconds, or a ROS duration object {@code {"sec": s, "nanosec": ns}}. Every point
 * must carry the same optional fields. Uses the project's JSON codec; round trips are exact. Errors name
 * the source and point. Stateless and thread-safe.
 */
public final class TrajectoryJson {
    private TrajectoryJson() {
    }

    public static JointTrajectory read(Path file) {
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return read(r, file.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    public static JointTrajectory parse(String text) {
        return read(new StringReader(text), "<string>");
    }

    public static JointTrajectory read(Reader reader, String source) {
        Map<String, Object> root = Json.parseObject(reader, source);
        List<String> names = new ArrayList<>();
        for (Object o : list(root.get("joint_names"), source, "joint_names")) {
            if (!(o instanceof String s)) {
                throw new TrajectoryFormatException(source, 0, "joint_names must hold strings, found " + Json.typeName(o), null);
            }
            names.add(s);
        }
        List<Object> points = list(root.get("points"), source, "points");
        int w = points.size();
        double[] times = null;
        double[][] q = new double[w][];
        double[][] v = null;
        double[][] a = null;
        for (int k = 0; k < w; k++) {
            if (!(points.get(k) instanceof Map<?, ?> p)) {
                throw new TrajectoryFormatException(source, 0, "points[" + k + "] must be an object, found "
                        + Json.typeName(points.get(k)), null);
            }
            String where = "points[" + k + "]";
            q[k] = numbers(p.get("positions"), source, where + ".positions");
            boolean hasT = p.containsKey("time_from_start");
            boolean hasV = p.containsKey("velocities");
            boolean hasA = p.containsKey("accelerations");
            if (k == 0) {
                times = hasT ? new double[w] : null;
                v = hasV ? new double[w][] : null;
                a = hasA ? new double[w][] : null;
            } else if (hasT != (times != null) || hasV != (v != null) || hasA != (a != null)) {
                throw new TrajectoryFormatException(source, 0, where + " has different optional fields "
                        + "(time_from_start/velocities/accelerations) than points[0]", null);
            }
            if (hasT) {
                times[k] = duration(p.get("time_from_start"), source, where + ".time_from_start");
            }
            if (hasV) {
                v[k] = numbers(p.get("velocities"), source, where + ".velocities");
            }
            if (hasA) {
                a[k] = numbers(p.get("accelerations"), source, where + ".accelerations");
            }
        }
        try {
            return new JointTrajectory(names, times, q, v, a);
        } catch (TrajectoryException e) {
            throw new TrajectoryFormatException(source, 0, (e.waypoint() >= 0 ? "points[" + e.waypoint() + "]: " : "")
                    + e.getMessage(), e);
        }
    }

    private static double duration(Object o, String source, String where) {
        if (o instanceof Number n) {
            return n.doubleValue();
        }
        if (o instanceof Map<?, ?> m && m.get("sec") instanceof Number s) {
            Object ns = m.containsKey("nanosec") ? m.get("nanosec") : m.get("nsec");
            double nanos = ns == null ? 0 : ns instanceof Number x ? x.doubleValue() : Double.NaN;
            if (!Double.isNaN(nanos)) {
                return s.doubleValue() + nanos * 1e-9;
            }
        }
        throw new TrajectoryFormatException(source, 0, where + " must be seconds or {\"sec\": s, \"nanosec\": ns}, found "
                + Json.typeName(o), null);
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(Object o, String source, String where) {
        if (!(o instanceof List)) {
            throw new TrajectoryFormatException(source, 0, where + " must be an array, found " + Json.typeName(o), null);
        }
        return (List<Object>) o;
    }

    private static double[] numbers(Object o, String source, String where) {
        List<Object> l = list(o, source, where);
        double[] out = new double[l.size()];
        for (int i = 0; i < out.length; i++) {
            if (!(l.get(i) instanceof Number n)) {
                throw new TrajectoryFormatException(source, 0, where + "[" + i + "] must be a number, found "
                        + Json.typeName(l.get(i)), null);
            }
            out[i] = n.doubleValue();
        }
        return out;
    }

    public static void write(JointTrajectory t, Writer out, boolean pretty) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("joint_names", t.jointNames());
        List<Object> points = new ArrayList<>();
        for (int k = 0; k < t.waypointCount(); k++) {
            Map<String, Object> p = new LinkedHashMap<>();
            p.put("positions", t.positions(k));
            if (t.hasVelocities()) {
                p.put("velocities", t.velocities(k));
            }
            if (t.hasAccelerations()) {
                p.put("accelerations", t.accelerations(k));
            }
            if (t.hasTimes()) {
                p.put("time_from_start", t.time(k));
            }
            points.add(p);
        }
        root.put("points", points);
        JsonWriter w = new JsonWriter(out, pretty);
        w.value(root);
        w.flush();
    }

    public static String toString(JointTrajectory t, boolean pretty) {
        java.io.StringWriter w = new java.io.StringWriter();
        write(t, w, pretty);
        return w.toString();
    }

    public static void write(JointTrajectory t, Path file, boolean pretty) {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            write(t, w, pretty);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
