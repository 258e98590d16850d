package io.collide4j.checker.query;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.collide4j.kinematics.format.InputFormatException;
import io.collide4j.kinematics.format.StrictJson;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * A trajectory certificate as read back (the schema of {@link TrajectoryCertifier#FORMAT} and of the older
 * {@link TrajectoryCertifier#FORMAT_2}, which has no {@code provenance}), read strictly through
 * {@link StrictJson}: unknown or duplicate keys, wrong types, non-finite numbers, missing members are
 * {@link InputFormatException}s with their path. What the numbers prove is {@link CertificateVerifier}'s business.
 */
public record Certificate(String format, Verdict verdict, Double margin, Double tolerance, MeshMode meshMode,
                          String robotHash, String sceneHash, String trajectoryHash, Provenance provenance,
                          String interpolation, double[][] waypoints, double[][] velocities,
                          double[][] accelerations, double[] times, List<List<PairSteps>> segments,
                          ViolationRecord violation, Map<String, Double> pairClearance) {

    /** A pair as written: {@code [first, firstPiece, second, secondPiece, environment]}. */
    @JsonFormat(shape = JsonFormat.Shape.ARRAY)
    @JsonPropertyOrder({"first", "firstPiece", "second", "secondPiece", "environment"})
    public record PairTuple(String first, int firstPiece, String second, int secondPiece, boolean environment) {
        @Override
        public String toString() {
            return "[" + first + ", " + firstPiece + ", " + second + ", " + secondPiece + ", " + environment + "]";
        }
    }

    /** One pair's advancement steps on one segment: step k spans [ends[k−1], ends[k]] and claims lb[k]. */
    public record PairSteps(PairTuple pair, double[] ends, double[] lb) {
    }

    /** The first violation: where (segment, fraction, time, configuration), which pair, how close. */
    public record ViolationRecord(Integer segment, Double fraction, Double time, double[] configuration, PairTuple pair,
                                  Double lowerBound, Double distance, double[] pointOnFirst, double[] pointOnSecond) {
    }

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
        if (!TrajectoryCertifier.FORMAT.equals(format) && !TrajectoryCertifier.FORMAT_2.equals(format)) {
            throw new InputFormatException(source, "format", 0, 0, "expected \"" + TrajectoryCertifier.FORMAT
                    + "\" (or the older \"" + TrajectoryCertifier.FORMAT_2 + "\"), found \"" + format + "\"");
        }
        if (provenance != null && TrajectoryCertifier.FORMAT_2.equals(format)) {
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
            }
        }
        if (violation != null) {
            StrictJson.require(violation.segment(), source, "violation.segment");
            StrictJson.require(violation.fraction(), source, "violation.fraction");
            StrictJson.require(violation.pair(), source, "violation.pair");
        }
    }

    /** The mesh mode its lower bounds were computed in; certificates without the field were made with hulls. */
    public MeshMode meshModeOrDefault() {
        return meshMode == null ? MeshMode.HULL : meshMode;
    }
}
