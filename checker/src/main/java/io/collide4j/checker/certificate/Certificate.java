package io.collide4j.checker.certificate;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import io.collide4j.checker.query.LinkPair;
import io.collide4j.checker.query.MeshMode;
import io.collide4j.kinematics.format.InputFormatException;
import io.collide4j.kinematics.format.StrictJson;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A trajectory certificate as read back (the schema of {@link CertificateFormat#FORMAT}, of
 * {@link CertificateFormat#FORMAT_2_1}, which has no {@code witness} section and no per-step {@code planes}, and of
 * {@link CertificateFormat#FORMAT_2}, which has no {@code provenance} either), read strictly through
 * {@link StrictJson}: unknown or duplicate keys, wrong types, non-finite numbers, missing members are
 * {@link InputFormatException}s with their path. What the numbers prove is {@link CertificateVerifier}'s business;
 * {@code cover} (format /3, only with decomposed meshes: {@link CertificateCover}) is proof data for the independent
 * verifier, which the recompute verifier does not need (it rebuilds the pieces from the model); so are a step's
 * {@code windows} (exact-mesh triangle runs, {@link MeshWindowPlanes}), of which the recompute verifier only compares
 * what they show with the step's claim and the margin.
 */
public record Certificate(
        String format,
        Verdict verdict,
        Double margin,
        Double tolerance,
        MeshMode meshMode,
        String robotHash,
        String sceneHash,
        String trajectoryHash,
        Provenance provenance,
        String interpolation,
        double[][] waypoints,
        double[][] velocities,
        double[][] accelerations,
        double[] times,
        List<List<PairSteps>> segments,
        ViolationRecord violation,
        Map<String, Double> pairClearance,
        CertificateWitness witness,
        List<CertificateCover.Entry> cover) {

    /**
     * One pair's advancement steps on one segment: step k spans [ends[k−1], ends[k]] and claims lb[k]; in format
     * {@value CertificateFormat#FORMAT} also its separating plane {@code planes[k] = [nx, ny, nz, c, gA, gB]} (null
     * for a step without one); null in older formats.
     */
    public record PairSteps(
            LinkPair pair,
            double[] ends,
            double[] lb,
            @JsonDeserialize(using = PlanesReader.class) double[][] planes,
            @JsonDeserialize(using = WindowsReader.class) double[][][] windows) {}

    /**
     * Reads {@code windows} (format /3, exact-mesh steps only): per step null or the step's triangle runs, each
     * {@code [first, last, nx, ny, nz, c, gA, gB]} (proof data for the independent verifier, verifier lemma E1).
     */
    static final class WindowsReader extends JsonDeserializer<double[][][]> {
        @Override
        public double[][][] deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (!p.isExpectedStartArrayToken()) {
                throw MismatchedInputException.from(
                        p, double[][][].class, "expected an array of triangle runs (or nulls)");
            }
            List<double[][]> out = new ArrayList<>();
            while (p.nextToken() != JsonToken.END_ARRAY) {
                if (p.currentToken() == JsonToken.VALUE_NULL) {
                    out.add(null);
                    continue;
                }
                try {
                    out.add(ctxt.readValue(p, double[][].class));
                } catch (JsonMappingException e) {
                    throw JsonMappingException.wrapWithPath(e, out, out.size());
                }
            }
            return out.toArray(new double[0][][]);
        }

        @Override
        public Object getAbsentValue(DeserializationContext ctxt) {
            return null;
        }

        @Override
        public double[][][] getNullValue(DeserializationContext ctxt) throws JsonMappingException {
            throw MismatchedInputException.from(
                    ctxt.getParser(), double[][][].class, "expected an array of triangle runs, found null");
        }
    }

    /** Reads {@code planes}: an array whose elements are null (a step without a plane) or arrays of finite numbers. */
    static final class PlanesReader extends JsonDeserializer<double[][]> {
        @Override
        public double[][] deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (!p.isExpectedStartArrayToken()) {
                throw MismatchedInputException.from(p, double[][].class, "expected an array of planes (or nulls)");
            }
            List<double[]> out = new ArrayList<>();
            while (p.nextToken() != JsonToken.END_ARRAY) {
                if (p.currentToken() == JsonToken.VALUE_NULL) {
                    out.add(null);
                    continue;
                }
                try {
                    out.add(ctxt.readValue(p, double[].class));
                } catch (JsonMappingException e) {
                    throw JsonMappingException.wrapWithPath(e, out, out.size());
                }
            }
            return out.toArray(new double[0][]);
        }

        @Override
        public Object getAbsentValue(DeserializationContext ctxt) {
            return null;
        }

        @Override
        public double[][] getNullValue(DeserializationContext ctxt) throws JsonMappingException {
            throw MismatchedInputException.from(
                    ctxt.getParser(), double[][].class, "expected an array of planes, found null");
        }
    }

    /** The first violation: where (segment, fraction, time, configuration), which pair, how close. */
    public record ViolationRecord(
            Integer segment,
            Double fraction,
            Double time,
            double[] configuration,
            LinkPair pair,
            Double lowerBound,
            Double distance,
            double[] pointOnFirst,
            double[] pointOnSecond) {}

    /** Reads and checks the structure (not the proof) of a certificate; {@code source} names it in errors. */
    public static Certificate read(String json, String source) {
        return read(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)), source);
    }

    public static Certificate read(InputStream in, String source) {
        Certificate c = StrictJson.read(in, source, Certificate.class);
        c.checkStructure(source);
        return c;
    }

    private void checkStructure(String source) {
        StrictJson.require(format, source, "format");
        boolean withWitness = CertificateFormat.FORMAT.equals(format);
        if (!withWitness
                && !CertificateFormat.FORMAT_2_1.equals(format)
                && !CertificateFormat.FORMAT_2.equals(format)) {
            throw new InputFormatException(
                    source,
                    "format",
                    0,
                    0,
                    "expected \"" + CertificateFormat.FORMAT
                            + "\" (or the older \"" + CertificateFormat.FORMAT_2_1 + "\" or \""
                            + CertificateFormat.FORMAT_2
                            + "\"), found \"" + format + "\"");
        }
        if (withWitness) {
            StrictJson.require(witness, source, "witness");
            StrictJson.require(witness.joints(), source, "witness.joints");
            StrictJson.require(witness.held(), source, "witness.held");
            StrictJson.require(witness.allowed(), source, "witness.allowed");
            StrictJson.require(witness.pieces(), source, "witness.pieces");
            StrictJson.require(witness.obstacles(), source, "witness.obstacles");
        } else if (witness != null || cover != null) {
            throw new InputFormatException(
                    source, witness != null ? "witness" : "cover", 0, 0, "not a member of format " + format);
        }
        if (provenance != null && CertificateFormat.FORMAT_2.equals(format)) {
            throw new InputFormatException(source, "provenance", 0, 0, "not a member of format " + format);
        }
        StrictJson.require(verdict, source, "verdict");
        StrictJson.require(margin, source, "margin");
        StrictJson.require(tolerance, source, "tolerance");
        StrictJson.require(robotHash, source, "robotHash");
        StrictJson.require(sceneHash, source, "sceneHash");
        StrictJson.require(trajectoryHash, source, "trajectoryHash");
        StrictJson.require(waypoints, source, "waypoints");
        StrictJson.require(times, source, "times");
        StrictJson.require(segments, source, "segments");
        StrictJson.require(pairClearance, source, "pairClearance");
        for (int i = 0; i < segments.size(); i++) {
            List<PairSteps> seg = StrictJson.require(segments.get(i), source, "segments[" + i + "]");
            for (int p = 0; p < seg.size(); p++) {
                String at = "segments[" + i + "][" + p + "]";
                PairSteps s = StrictJson.require(seg.get(p), source, at);
                StrictJson.require(s.pair(), source, at + ".pair");
                StrictJson.require(s.ends(), source, at + ".ends");
                StrictJson.require(s.lb(), source, at + ".lb");
                if (withWitness) {
                    StrictJson.require(s.planes(), source, at + ".planes");
                    if (s.planes().length != s.ends().length) {
                        throw new InputFormatException(
                                source,
                                at + ".planes",
                                0,
                                0,
                                "expected one plane (or null) per step: " + s.ends().length + " ends but "
                                        + s.planes().length + " planes");
                    }
                    for (int k = 0; k < s.planes().length; k++) {
                        if (s.planes()[k] != null && s.planes()[k].length != 6) {
                            throw new InputFormatException(
                                    source,
                                    at + ".planes[" + k + "]",
                                    0,
                                    0,
                                    "expected [nx, ny, nz, c, gA, gB], found " + s.planes()[k].length + " numbers");
                        }
                    }
                    checkWindows(s, source, at);
                } else if (s.planes() != null || s.windows() != null) {
                    throw new InputFormatException(
                            source,
                            at + (s.planes() != null ? ".planes" : ".windows"),
                            0,
                            0,
                            "not a member of format " + format);
                }
            }
        }
        if (violation != null) {
            StrictJson.require(violation.segment(), source, "violation.segment");
            StrictJson.require(violation.fraction(), source, "violation.fraction");
            StrictJson.require(violation.pair(), source, "violation.pair");
        }
    }

    /** {@code windows}: one entry per step, runs of 8 numbers with integral triangle numbers, only on planeless steps. */
    private static void checkWindows(PairSteps s, String source, String at) {
        if (s.windows() == null) {
            return;
        }
        if (s.windows().length != s.ends().length) {
            throw new InputFormatException(
                    source,
                    at + ".windows",
                    0,
                    0,
                    "expected one entry (runs or null) per step: " + s.ends().length + " ends but " + s.windows().length
                            + " entries");
        }
        for (int k = 0; k < s.windows().length; k++) {
            double[][] runs = s.windows()[k];
            if (runs == null) {
                continue;
            }
            if (s.planes()[k] != null) {
                throw new InputFormatException(
                        source,
                        at + ".windows[" + k + "]",
                        0,
                        0,
                        "a step with a plane cannot also have triangle runs; one proof per step");
            }
            for (int r = 0; r < runs.length; r++) {
                double[] run = runs[r];
                String here = at + ".windows[" + k + "][" + r + "]";
                if (run == null || run.length != 8) {
                    throw new InputFormatException(
                            source, here, 0, 0, "expected [firstTriangle, lastTriangle, nx, ny, nz, c, gA, gB]");
                }
                for (int i = 0; i < 2; i++) {
                    if (!(run[i] >= 0 && run[i] <= Integer.MAX_VALUE && run[i] == Math.rint(run[i]))) {
                        throw new InputFormatException(
                                source,
                                here + "[" + i + "]",
                                0,
                                0,
                                "expected a triangle number (an integer >= 0), found " + run[i]);
                    }
                }
            }
        }
    }

    /** The mesh mode its lower bounds were computed in; certificates without the field were made with hulls. */
    public MeshMode meshModeOrDefault() {
        return meshMode == null ? MeshMode.HULL : meshMode;
    }
}
