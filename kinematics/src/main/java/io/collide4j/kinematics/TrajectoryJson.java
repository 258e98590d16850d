package io.collide4j.kinematics;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import io.collide4j.kinematics.format.InputFormatException;
import io.collide4j.kinematics.format.StrictJson;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * JSON form of a {@link JointTrajectory}, shaped like ROS {@code trajectory_msgs/JointTrajectory}:
 * <pre>{"joint_names": ["a", "b"],
 *  "points": [{"positions": [0, 1], "velocities": [...], "accelerations": [...], "time_from_start": 0.5}]}</pre>
 * {@code time_from_start} is seconds, or a ROS duration object {@code {"sec": s, "nanosec": ns}} (ROS 1
 * {@code secs}/{@code nsecs} too). Every point must carry the same optional fields; {@code header} is
 * accepted and not used. Strict ({@link StrictJson}): unknown or duplicate keys, wrong types and
 * non-finite numbers are errors; every error is a {@link TrajectoryFormatException} naming the source,
 * line, path and what was expected. Round trips are exact. Stateless and thread-safe.
 */
public final class TrajectoryJson {
    private static final Set<String> DURATION_KEYS = Set.of("sec", "nanosec", "secs", "nsecs");

    private TrajectoryJson() {}

    /** The document as written; {@code header} is metadata (stamp, frame) and is not interpreted. */
    record TrajectoryDoc(
            @JsonProperty("joint_names") List<String> jointNames, List<PointDoc> points, JsonNode header) {}

    record PointDoc(
            double[] positions,
            double[] velocities,
            double[] accelerations,
            @JsonProperty("time_from_start") JsonNode timeFromStart) {}

    public static JointTrajectory read(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return read(in, file.toString());
        } catch (NoSuchFileException e) {
            throw new UncheckedIOException("no such trajectory file: " + file, e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    public static JointTrajectory parse(String text) {
        return read(new java.io.ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), "<string>");
    }

    /** Reads one trajectory document from a byte stream (not closed). */
    public static JointTrajectory read(InputStream in, String source) {
        TrajectoryDoc doc;
        try {
            doc = StrictJson.read(in, source, TrajectoryDoc.class);
            StrictJson.require(doc.jointNames(), source, "joint_names");
            StrictJson.require(doc.points(), source, "points");
            for (int k = 0; k < doc.points().size(); k++) {
                if (doc.points().get(k) != null) {
                    StrictJson.require(doc.points().get(k).positions(), source, "points[" + k + "].positions");
                }
            }
        } catch (InputFormatException e) {
            throw new TrajectoryFormatException(
                    source, e.line(), e.column(), (e.path().isEmpty() ? "" : e.path() + ": ") + e.detail(), e);
        }
        List<String> names = doc.jointNames();
        if (names.contains(null)) {
            throw new TrajectoryFormatException(source, 0, "joint_names: expected strings, found null", null);
        }
        List<PointDoc> points = doc.points();
        int w = points.size();
        double[] times = null;
        double[][] q = new double[w][];
        double[][] v = null;
        double[][] a = null;
        for (int k = 0; k < w; k++) {
            PointDoc p = points.get(k);
            String where = "points[" + k + "]";
            if (p == null) {
                throw new TrajectoryFormatException(source, 0, where + ": expected an object, found null", null);
            }
            q[k] = p.positions();
            boolean hasT = p.timeFromStart() != null;
            boolean hasV = p.velocities() != null;
            boolean hasA = p.accelerations() != null;
            if (k == 0) {
                times = hasT ? new double[w] : null;
                v = hasV ? new double[w][] : null;
                a = hasA ? new double[w][] : null;
            } else if (hasT != (times != null) || hasV != (v != null) || hasA != (a != null)) {
                throw new TrajectoryFormatException(
                        source,
                        0,
                        where + " has different optional fields "
                                + "(time_from_start/velocities/accelerations) than points[0]",
                        null);
            }
            if (hasT) {
                times[k] = duration(p.timeFromStart(), source, where + ".time_from_start");
            }
            if (hasV) {
                v[k] = p.velocities();
            }
            if (hasA) {
                a[k] = p.accelerations();
            }
        }
        try {
            return new JointTrajectory(names, times, q, v, a);
        } catch (TrajectoryException e) {
            throw new TrajectoryFormatException(
                    source, 0, (e.waypoint() >= 0 ? "points[" + e.waypoint() + "]: " : "") + e.getMessage(), e);
        }
    }

    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    /** Seconds as a finite number, or a ROS duration {sec, nanosec} with integer parts, 0 <= nanosec < 1e9. */
    private static double duration(JsonNode n, String source, String where) {
        if (n.isNumber() && Double.isFinite(n.doubleValue())) {
            return n.doubleValue();
        }
        if (n.isObject()) {
            Iterator<String> keys = n.fieldNames();
            while (keys.hasNext()) {
                String k = keys.next();
                if (!DURATION_KEYS.contains(k)) {
                    throw new TrajectoryFormatException(
                            source, 0, where + "." + k + ": unknown key; expected sec and nanosec", null);
                }
            }
            if (n.has("sec") && n.has("secs") || n.has("nanosec") && n.has("nsecs")) {
                // ROS 2 and ROS 1 spellings of one field: which one was meant is ambiguous
                throw new TrajectoryFormatException(
                        source,
                        0,
                        where + ": has both " + (n.has("secs") && n.has("sec") ? "sec and secs" : "nanosec and nsecs")
                                + "; expected one spelling (ROS 2: sec, nanosec;"
                                + " ROS 1: secs, nsecs)",
                        null);
            }
            JsonNode sec = n.has("sec") ? n.get("sec") : n.get("secs");
            JsonNode ns = n.has("nanosec") ? n.get("nanosec") : n.get("nsecs");
            if (sec != null
                    && sec.canConvertToLong()
                    && sec.isIntegralNumber()
                    && (ns == null || ns.isIntegralNumber() && ns.canConvertToLong())) {
                long nanos = ns == null ? 0 : ns.longValue();
                if (nanos < 0 || nanos >= NANOS_PER_SECOND) {
                    // ROS durations carry the fraction in [0, 1 s): a negative or overflowing one is a broken writer
                    throw new TrajectoryFormatException(
                            source,
                            0,
                            where + "." + (n.has("nanosec") ? "nanosec" : "nsecs")
                                    + ": " + nanos
                                    + " is out of range; expected an integer from 0 to 999999999 (the fraction of"
                                    + " a second; whole seconds go in sec)",
                            null);
                }
                return sec.longValue() + nanos * 1e-9;
            }
        }
        throw new TrajectoryFormatException(
                source,
                0,
                where + ": expected seconds (a finite number) or "
                        + "{\"sec\": s, \"nanosec\": ns} with integers, found " + n,
                null);
    }

    /** Streams the trajectory as JSON (the writer is flushed, not closed). */
    public static void write(JointTrajectory t, Writer out, boolean pretty) {
        try (JsonGenerator g = StrictJson.mapper().createGenerator(out)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            if (pretty) {
                g.useDefaultPrettyPrinter();
            }
            g.writeStartObject();
            g.writeArrayFieldStart("joint_names");
            for (String n : t.jointNames()) {
                g.writeString(n);
            }
            g.writeEndArray();
            g.writeArrayFieldStart("points");
            for (int k = 0; k < t.waypointCount(); k++) {
                g.writeStartObject();
                writeArray(g, "positions", t.positions(k));
                if (t.hasVelocities()) {
                    writeArray(g, "velocities", t.velocities(k));
                }
                if (t.hasAccelerations()) {
                    writeArray(g, "accelerations", t.accelerations(k));
                }
                if (t.hasTimes()) {
                    g.writeNumberField("time_from_start", t.time(k));
                }
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write trajectory JSON", e);
        }
    }

    private static void writeArray(JsonGenerator g, String key, double[] v) throws IOException {
        g.writeFieldName(key);
        g.writeArray(v, 0, v.length);
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
