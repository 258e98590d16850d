package io.collide4j.checker.certificate;

import com.fasterxml.jackson.core.JsonGenerator;
import io.collide4j.checker.query.LinkPair;
import io.collide4j.checker.query.MeshMode;
import io.collide4j.kinematics.format.StrictJson;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.List;
import java.util.Map;
import org.joml.Vector3dc;

/**
 * Streams a certificate ({@link CertificateFormat#FORMAT}) as compact JSON while the certifier runs: the
 * header and the trajectory first, then each segment's pairs as soon as the segment is done, then the
 * verdict, the violation and the per-pair clearances, which are known only at the end. Memory is one
 * segment's steps, whatever the trajectory's length. Single use, single thread.
 */
final class CertificateWriter {
    private final JsonGenerator g;

    CertificateWriter(Writer out) {
        try {
            g = StrictJson.mapper().createGenerator(out);
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the certificate", e);
        }
    }

    /** One listed pair of a segment: its id and its steps (and per step its plane or null, with witnesses). */
    /** {@code windows}: per step null or an exact-mesh step's triangle runs; null when no step has runs (not written). */
    record PairRecord(LinkPair id, double[] ends, double[] lb, SeparatingPlane[] planes, TriangleRun[][] windows) {}

    void header(
            double margin,
            double tolerance,
            MeshMode meshMode,
            String robotHash,
            String sceneHash,
            TrajectorySegments path,
            double[] times,
            Provenance provenance,
            CertificateWitness witness,
            List<CertificateCover.Entry> cover) {
        try {
            boolean withProvenance = provenance != null && (provenance.robot() != null || provenance.scene() != null);
            g.writeStartObject();
            // without witness and provenance the document is exactly a /2 certificate, which every reader of /2 accepts
            g.writeStringField(
                    "format",
                    witness != null
                            ? CertificateFormat.FORMAT
                            : withProvenance ? CertificateFormat.FORMAT_2_1 : CertificateFormat.FORMAT_2);
            g.writeNumberField("margin", margin);
            g.writeNumberField("tolerance", tolerance);
            g.writeStringField("meshMode", meshMode.name());
            g.writeStringField("robotHash", robotHash);
            g.writeStringField("sceneHash", sceneHash);
            g.writeStringField("trajectoryHash", path.hash());
            if (withProvenance) {
                g.writeFieldName("provenance");
                StrictJson.mapper().writeValue(g, provenance);
            }
            g.writeStringField("interpolation", path.interpolation().name());
            rows("waypoints", path.waypoints());
            if (path.velocities() != null) {
                rows("velocities", path.velocities());
            }
            if (path.accelerations() != null) {
                rows("accelerations", path.accelerations());
            }
            g.writeFieldName("times");
            g.writeArray(times, 0, times.length);
            if (witness != null) {
                g.writeFieldName("witness");
                StrictJson.mapper().writeValue(g, witness);
            }
            if (cover != null && !cover.isEmpty()) {
                g.writeFieldName("cover");
                StrictJson.mapper().writeValue(g, cover);
            }
            g.writeArrayFieldStart("segments");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the certificate", e);
        }
    }

    void segment(List<PairRecord> pairs) {
        try {
            g.writeStartArray();
            for (PairRecord p : pairs) {
                g.writeStartObject();
                g.writeFieldName("pair");
                pair(p.id());
                g.writeFieldName("ends");
                g.writeArray(p.ends(), 0, p.ends().length);
                g.writeFieldName("lb");
                g.writeArray(p.lb(), 0, p.lb().length);
                if (p.planes() != null) {
                    g.writeArrayFieldStart("planes");
                    for (SeparatingPlane pl : p.planes()) {
                        if (pl == null) {
                            g.writeNull();
                        } else {
                            plane(pl);
                        }
                    }
                    g.writeEndArray();
                }
                if (p.windows() != null) {
                    windows(p.windows());
                }
                g.writeEndObject();
            }
            g.writeEndArray();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the certificate", e);
        }
    }

    /** Closes {@code segments} and the document; {@code claimed} is written in its iteration order. */
    void finish(Verdict verdict, Violation violation, Map<String, Double> claimed) {
        try {
            g.writeEndArray();
            g.writeStringField("verdict", verdict.name());
            if (violation == null) {
                g.writeNullField("violation");
            } else {
                g.writeObjectFieldStart("violation");
                g.writeNumberField("segment", violation.segment());
                g.writeNumberField("fraction", violation.fraction());
                g.writeNumberField("time", violation.time());
                g.writeFieldName("configuration");
                g.writeArray(violation.configuration(), 0, violation.configuration().length);
                g.writeFieldName("pair");
                pair(violation.contact().pair());
                g.writeNumberField("lowerBound", violation.contact().lowerBound());
                g.writeNumberField("distance", violation.contact().distance());
                xyz("pointOnFirst", violation.contact().pointOnFirst());
                xyz("pointOnSecond", violation.contact().pointOnSecond());
                g.writeEndObject();
            }
            g.writeObjectFieldStart("pairClearance");
            for (Map.Entry<String, Double> e : claimed.entrySet()) {
                g.writeNumberField(e.getKey(), e.getValue());
            }
            g.writeEndObject();
            g.writeEndObject();
            g.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the certificate", e);
        }
    }

    private void pair(LinkPair id) throws IOException {
        g.writeStartArray();
        g.writeString(id.first());
        g.writeNumber(id.firstPiece());
        g.writeString(id.second());
        g.writeNumber(id.secondPiece());
        g.writeBoolean(id.environment());
        g.writeEndArray();
    }

    /** {@code windows}: per step null or its runs, each {@code [first, last, nx, ny, nz, c, gA, gB]}. */
    private void windows(TriangleRun[][] windows) throws IOException {
        g.writeArrayFieldStart("windows");
        for (TriangleRun[] runs : windows) {
            if (runs == null) {
                g.writeNull();
                continue;
            }
            g.writeStartArray();
            for (TriangleRun r : runs) {
                g.writeStartArray();
                g.writeNumber(r.first());
                g.writeNumber(r.last());
                planeNumbers(r.plane());
                g.writeEndArray();
            }
            g.writeEndArray();
        }
        g.writeEndArray();
    }

    /** A plane as the format's {@code [nx, ny, nz, c, gA, gB]}. */
    private void plane(SeparatingPlane p) throws IOException {
        g.writeStartArray();
        planeNumbers(p);
        g.writeEndArray();
    }

    /** The plane's six numbers in the format's order, inside an array the caller opened (a step's or a run's). */
    private void planeNumbers(SeparatingPlane p) throws IOException {
        g.writeNumber(p.nx());
        g.writeNumber(p.ny());
        g.writeNumber(p.nz());
        g.writeNumber(p.c());
        g.writeNumber(p.gA());
        g.writeNumber(p.gB());
    }

    private void rows(String key, double[][] m) throws IOException {
        g.writeArrayFieldStart(key);
        for (double[] r : m) {
            g.writeArray(r, 0, r.length);
        }
        g.writeEndArray();
    }

    private void xyz(String key, Vector3dc v) throws IOException {
        g.writeFieldName(key);
        g.writeArray(new double[] {v.x(), v.y(), v.z()}, 0, 3);
    }
}
