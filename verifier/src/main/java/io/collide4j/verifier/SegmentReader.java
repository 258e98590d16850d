package io.collide4j.verifier;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import io.collide4j.verifier.Certificate.PairSteps;
import io.collide4j.verifier.CertificateReader.FormatException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Reads a certificate's {@code segments} member (the step arrays, nearly all of its bytes) straight from Jackson's
 * token stream instead of a tree, because building the tree was the largest single cost of independent verification.
 *
 * <p>It refuses exactly what {@link CertificateReader}'s tree code refused, with the same message: the document is
 * always read to its end (so a syntax error or duplicate key anywhere still wins over any content problem, as when
 * the whole tree was built first), the first content problem is kept and raised by {@link Result#segments()} at the
 * point of the checks where the tree reader raised it, and inside one pair's object the problems are reported in the
 * tree reader's order (unknown key, missing key, planes, pair, ends, lb, windows), not in document order. The small
 * members whose checks are not in document order ({@code pair}, {@code windows}) and unknown members are read as
 * trees and checked by the tree code. Stateless.
 */
final class SegmentReader {
    static final Set<String> REQUIRED = Set.of("pair", "ends", "lb", "planes");
    static final Set<String> OPTIONAL = Set.of("windows");

    private SegmentReader() {}

    /** The segments read, or the first content problem found in them (raised when the segments are asked for). */
    record Result(List<List<PairSteps>> value, FormatException problem) {
        List<List<PairSteps>> segments() {
            if (problem != null) {
                throw problem;
            }
            return value;
        }
    }

    /** Reads the value at the parser's current token (the one after the {@code segments} name) to its last token. */
    static Result read(JsonParser p) throws IOException {
        JsonStreamContext owner =
                p.currentToken().isStructStart() ? p.getParsingContext().getParent() : p.getParsingContext();
        try {
            if (p.currentToken() != JsonToken.START_ARRAY) {
                throw new FormatException("segments: expected an array");
            }
            List<List<PairSteps>> segments = new ArrayList<>();
            for (int i = 0; p.nextToken() != JsonToken.END_ARRAY; i++) {
                if (p.currentToken() != JsonToken.START_ARRAY) {
                    throw new FormatException("segments[" + i + "]: expected an array");
                }
                List<PairSteps> seg = new ArrayList<>();
                for (int k = 0; p.nextToken() != JsonToken.END_ARRAY; k++) {
                    seg.add(pairSteps(p, i, k));
                }
                segments.add(seg);
            }
            return new Result(segments, null);
        } catch (FormatException e) {
            skipTo(p, owner);
            return new Result(null, e);
        }
    }

    /** One {@code {pair, ends, lb, planes[, windows]}} object, checked in the tree reader's order. */
    private static PairSteps pairSteps(JsonParser p, int segment, int index) throws IOException {
        String at = "segments[" + segment + "][" + index + "]";
        if (p.currentToken() != JsonToken.START_OBJECT) {
            throw new FormatException(at + ": expected an object");
        }
        JsonStreamContext object = p.getParsingContext();
        String unknown = null;
        JsonNode pair = null, windows = null;
        double[] ends = null, lb = null;
        double[][] planes = null;
        FormatException endsProblem = null, lbProblem = null, planesProblem = null;
        boolean hasPair = false, hasEnds = false, hasLb = false, hasPlanes = false, hasWindows = false;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            p.nextToken();
            switch (name) {
                case "pair" -> {
                    hasPair = true;
                    pair = CertificateReader.subtree(p);
                }
                case "windows" -> {
                    hasWindows = true;
                    windows = CertificateReader.subtree(p);
                }
                case "ends" -> {
                    hasEnds = true;
                    try {
                        ends = numbers(p, at, ".ends");
                    } catch (FormatException e) {
                        endsProblem = e;
                        skipTo(p, object);
                    }
                }
                case "lb" -> {
                    hasLb = true;
                    try {
                        lb = numbers(p, at, ".lb");
                    } catch (FormatException e) {
                        lbProblem = e;
                        skipTo(p, object);
                    }
                }
                case "planes" -> {
                    hasPlanes = true;
                    try {
                        planes = planes(p, at);
                    } catch (FormatException e) {
                        planesProblem = e;
                        skipTo(p, object);
                    }
                }
                default -> {
                    if (unknown == null) {
                        unknown = name;
                    }
                    CertificateReader.subtree(p); // read (not just skipped) as the tree reader did
                }
            }
        }
        if (unknown != null) {
            throw new FormatException(at + "." + unknown + ": unknown key");
        }
        for (String k : REQUIRED) {
            boolean has = switch (k) {
                case "pair" -> hasPair;
                case "ends" -> hasEnds;
                case "lb" -> hasLb;
                default -> hasPlanes;
            };
            if (!has) {
                throw new FormatException(at + "." + k + ": missing");
            }
        }
        if (planesProblem != null) {
            throw planesProblem;
        }
        var tuple = CertificateReader.pair(pair, at + ".pair");
        if (endsProblem != null) {
            throw endsProblem;
        }
        if (lbProblem != null) {
            throw lbProblem;
        }
        return new PairSteps(
                tuple, ends, lb, planes, hasWindows ? CertificateReader.windows(windows, at + ".windows") : null);
    }

    /** {@code planes}: per step null or [nx, ny, nz, c, gA, gB]. */
    private static double[][] planes(JsonParser p, String at) throws IOException {
        if (p.currentToken() != JsonToken.START_ARRAY) {
            throw new FormatException(at + ".planes: expected an array");
        }
        List<double[]> out = new ArrayList<>();
        for (int k = 0; p.nextToken() != JsonToken.END_ARRAY; k++) {
            if (p.currentToken() == JsonToken.VALUE_NULL) {
                out.add(null);
                continue;
            }
            if (p.currentToken() != JsonToken.START_ARRAY) {
                throw new FormatException(at + ".planes[" + k + "]: expected an array");
            }
            double[] plane = new double[6];
            int n = 0;
            while (p.nextToken() != JsonToken.END_ARRAY) {
                double d = number(p, at, ".planes[" + k + "]", n);
                if (n < 6) {
                    plane[n] = d;
                }
                n++;
            }
            if (n != 6) {
                throw new FormatException(at + ".planes[" + k + "]: expected [nx, ny, nz, c, gA, gB] or null");
            }
            out.add(plane);
        }
        return out.toArray(new double[0][]);
    }

    /** An array of finite numbers, grown in place (no boxing). */
    private static double[] numbers(JsonParser p, String at, String member) throws IOException {
        if (p.currentToken() != JsonToken.START_ARRAY) {
            throw new FormatException(at + member + ": expected an array");
        }
        double[] d = new double[16];
        int n = 0;
        while (p.nextToken() != JsonToken.END_ARRAY) {
            if (n == d.length) {
                d = java.util.Arrays.copyOf(d, 2 * n);
            }
            d[n] = number(p, at, member, n);
            n++;
        }
        return java.util.Arrays.copyOf(d, n);
    }

    /**
     * The current token as the double the tree reader's node gave ({@code JsonNode.doubleValue()} of the int, long,
     * big-integer or double node Jackson builds for it); anything else, or a non-finite value, is refused.
     */
    private static double number(JsonParser p, String at, String member, int index) throws IOException {
        JsonToken t = p.currentToken();
        double d;
        if (t == JsonToken.VALUE_NUMBER_FLOAT) {
            d = p.getDoubleValue();
        } else if (t == JsonToken.VALUE_NUMBER_INT) {
            d = switch (p.getNumberType()) {
                case INT -> p.getIntValue();
                case LONG -> (double) p.getLongValue();
                default -> p.getBigIntegerValue().doubleValue();
            };
        } else {
            d = Double.NaN;
        }
        if (!Double.isFinite(d)) {
            throw new FormatException(at + member + "[" + index + "]: expected a finite number");
        }
        return d;
    }

    /**
     * Reads on to the end of the value that holds the problem, until the parser is back in {@code context}; every
     * string and number is decoded, so Jackson's length limits refuse the same documents as when a tree was built.
     */
    private static void skipTo(JsonParser p, JsonStreamContext context) throws IOException {
        JsonToken t = p.currentToken();
        while (true) {
            if (t == JsonToken.VALUE_STRING) {
                p.getText();
            } else if (t == JsonToken.VALUE_NUMBER_INT || t == JsonToken.VALUE_NUMBER_FLOAT) {
                p.getNumberValue();
            }
            if (p.getParsingContext() == context || t == null) {
                return;
            }
            t = p.nextToken();
        }
    }
}
