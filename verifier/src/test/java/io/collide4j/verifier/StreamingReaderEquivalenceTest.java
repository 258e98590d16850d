package io.collide4j.verifier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The streaming reader ({@link CertificateReader} with {@link SegmentReader}) refuses exactly the documents the tree
 * reader it replaced refused, with the same message, and reads the same certificate from every other one. The oracle
 * is the tree reader as it was ({@link TreeCertificateReader}); the documents are a certificate using every member
 * (planes with nulls, exact-mesh windows, a violation, attached body, obstacles) and thousands of token-level
 * mutants of it: each token deleted, replaced by a value of another type, a non-finite or out-of-range number, or a
 * key that is unknown, duplicated or another member's, and random pairs of such edits (several problems at once, so
 * that the order in which problems are reported is compared too).
 */
class StreamingReaderEquivalenceTest {
    private static final String BASE = """
            {"format": "collide4j-certificate/3", "margin": 0.01, "tolerance": 0.001,
             "robotHash": "r", "sceneHash": "s", "trajectoryHash": "t", "interpolation": "CUBIC",
             "meshMode": "EXACT", "provenance": {"robot": {"bundled": "panda"}, "scene": {"file": "a.yaml"}},
             "waypoints": [[0, 1], [0.5, -1e-3]], "velocities": [[0, 0], [1, 2]], "times": [0, 2],
             "witness": {"joints": ["j1", "j2"], "held": {"h": 0.5}, "allowed": [["a", "b", "SRDF"]],
               "pieces": {"a": [{"element": 0, "kind": "HULL", "padding": 0, "scale": 1}]},
               "obstacles": [null, {"name": "wall", "shape": "box", "size": [1, 2, 3],
                 "pose": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], "padding": 0.0}],
               "attached": [{"name": "part", "link": "b", "shape": "sphere", "radius": 0.05,
                 "pose": [0, 0, 0.1, 0, 0, 0, 1]}]},
             "segments": [
               [{"pair": ["a", 0, "wall", 0, true], "ends": [0.5, 1], "lb": [0, 0.25],
                 "planes": [[1, 0, 0, 1.3, 0.1, 0.1], null]},
                {"pair": ["a", 0, "b", 1, false], "ends": [1], "lb": [0.125], "planes": [null],
                 "windows": [[[0, 11, 0, 0, 1, -0.5, 0.02, 0.03]]]}],
               [{"planes": [[0, 1, 0, 2.5e-1, 0, 0]], "lb": [1E-2], "ends": [1], "pair": ["b", 1, "wall", 0, true],
                 "windows": [null]}]],
             "verdict": "VIOLATION",
             "violation": {"segment": 1, "fraction": 0.5, "pair": ["b", 1, "wall", 0, true], "time": 3,
               "configuration": [0.25, 0.5]},
             "pairClearance": {"a#0|env:wall#0": 0.19},
             "cover": [{"link": "a", "element": 0, "tree": "T"}]}
            """;

    private static final Pattern TOKEN =
            Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"|-?[0-9][0-9.eE+-]*|true|false|null|[\\[\\]{}:,]");

    private static final List<String> REPLACEMENTS = List.of(
            "null",
            "true",
            "0",
            "-0",
            "7",
            "2.5",
            "1e400",
            "-1e400",
            "2147483648",
            "123456789012345678901234567890",
            "\"x\"",
            "[]",
            "{}",
            "[1, 2, 3, 4, 5, 6]",
            "[null]",
            "\"pair\"",
            "\"lb\"",
            "\"planes\"",
            "\"windows\"",
            "\"segments\"",
            "\"extra\"",
            "\"ends\"",
            "}",
            "]",
            ",");

    @Test
    void everyMutantIsRefusedOrReadAsTheTreeReaderDid() {
        List<String> tokens = tokens(BASE);
        Outcome base = compare(BASE);
        assertTrue(base.accepted(), "the base certificate reads: " + base.text());
        int refused = 0, accepted = 0;
        List<String> mutants = new ArrayList<>();
        for (int i = 0; i < tokens.size(); i++) {
            mutants.add(edit(tokens, i, ""));
            for (String r : REPLACEMENTS) {
                mutants.add(edit(tokens, i, r));
            }
            mutants.add(edit(tokens, i, tokens.get(i) + " " + tokens.get(i))); // duplicated token
        }
        Random random = new Random(31);
        for (int n = 0; n < 1000; n++) { // two edits at once: which problem is named first must agree too
            int i = random.nextInt(tokens.size()), j = random.nextInt(tokens.size());
            List<String> t = new ArrayList<>(tokens);
            t.set(i, REPLACEMENTS.get(random.nextInt(REPLACEMENTS.size())));
            t.set(j, REPLACEMENTS.get(random.nextInt(REPLACEMENTS.size())));
            mutants.add(String.join(" ", t));
        }
        mutants.add(BASE + " {}");
        mutants.add(BASE + " 5");
        mutants.add(BASE + " x");
        mutants.add("");
        mutants.add("   ");
        mutants.add("[]");
        mutants.add("null");
        mutants.add(BASE.replace("\"lb\": [0, 0.25],", "\"lb\": [0, 0.25], \"lb\": [0, 0.25],"));
        mutants.add(BASE.replace("\"segments\": [", "\"segments\": [], \"segments\": ["));
        for (String m : mutants) {
            if (compare(m).accepted()) {
                accepted++;
            } else {
                refused++;
            }
        }
        // both kinds occur many times, so the comparison covers acceptance and refusal
        assertTrue(refused > 5000 && accepted > 300, refused + " refused, " + accepted + " accepted");
    }

    /**
     * The streaming reader parses numbers with Jackson's fast parser, the tree reader with the JDK's: random doubles
     * of every magnitude, written shortest, with 17 digits, exactly (long decimal expansions) and with exponents,
     * read to the same bits (both correctly rounded).
     */
    @Test
    void numbersReadToTheSameDoublesAsTheTreeReader() {
        Random random = new Random(3131);
        StringBuilder planes = new StringBuilder("[");
        for (int k = 0; k < 400; k++) {
            planes.append(k == 0 ? "[" : ", [");
            for (int i = 0; i < 6; i++) {
                double d;
                do {
                    d = Double.longBitsToDouble(random.nextLong());
                } while (!Double.isFinite(d));
                if (k % 4 == 1) {
                    d = random.nextGaussian(); // the usual magnitudes
                }
                String text = switch ((k + i) % 4) {
                    case 0 -> Double.toString(d);
                    case 1 -> String.format(java.util.Locale.ROOT, "%.17e", d);
                    case 2 -> new java.math.BigDecimal(d).toString();
                    default -> new java.math.BigDecimal(d).toPlainString();
                };
                if (text.length() > 900) { // past Jackson's number length limit, which both readers enforce
                    text = Double.toString(d);
                }
                planes.append(i == 0 ? "" : ", ").append(text);
            }
            planes.append(']');
        }
        planes.append(']');
        String doc = BASE.replace("\"planes\": [[1, 0, 0, 1.3, 0.1, 0.1], null]", "\"planes\": " + planes)
                .replace("\"ends\": [0.5, 1], \"lb\": [0, 0.25]", "\"ends\": " + ones(400) + ", \"lb\": " + ones(400));
        Outcome o = compare(doc);
        assertTrue(o.accepted(), o.text());
    }

    private static String ones(int n) {
        return "[" + String.join(", ", java.util.Collections.nCopies(n, "1")) + "]";
    }

    /** Both readers on one document: equal messages, or equal certificates. */
    private static Outcome compare(String doc) {
        Outcome tree = outcome(doc, true), stream = outcome(doc, false);
        assertEquals(tree, stream, () -> "document: " + doc);
        return stream;
    }

    private record Outcome(boolean accepted, String text) {}

    private static Outcome outcome(String doc, boolean tree) {
        var in = new ByteArrayInputStream(doc.getBytes(StandardCharsets.UTF_8));
        try {
            Certificate c = tree ? TreeCertificateReader.read(in, "c.json") : CertificateReader.read(in, "c.json");
            return new Outcome(true, describe(c));
        } catch (IllegalArgumentException e) {
            return new Outcome(false, e.getMessage());
        }
    }

    private static List<String> tokens(String text) {
        List<String> out = new ArrayList<>();
        Matcher m = TOKEN.matcher(text);
        while (m.find()) {
            out.add(m.group());
        }
        return out;
    }

    private static String edit(List<String> tokens, int at, String replacement) {
        List<String> t = new ArrayList<>(tokens);
        t.set(at, replacement);
        return String.join(" ", t);
    }

    /** A deep rendering of records, arrays, lists and maps, so that two certificates compare by content. */
    private static String describe(Object o) {
        if (o == null) {
            return "null";
        }
        if (o instanceof double[] d) {
            StringBuilder b = new StringBuilder("[");
            for (double x : d) {
                b.append(Double.doubleToRawLongBits(x)).append(',');
            }
            return b.append(']').toString();
        }
        if (o instanceof int[] d) {
            return java.util.Arrays.toString(d);
        }
        if (o instanceof Object[] a) {
            StringBuilder b = new StringBuilder("[");
            for (Object x : a) {
                b.append(describe(x)).append(',');
            }
            return b.append(']').toString();
        }
        if (o instanceof Collection<?> c) {
            return describe(c.toArray());
        }
        if (o instanceof Map<?, ?> m) {
            StringBuilder b = new StringBuilder("{");
            m.forEach((k, v) -> b.append(k).append('=').append(describe(v)).append(','));
            return b.append('}').toString();
        }
        if (o instanceof Double d) {
            return Long.toString(Double.doubleToRawLongBits(d));
        }
        if (o.getClass().isRecord()) {
            StringBuilder b = new StringBuilder(o.getClass().getSimpleName()).append('(');
            for (RecordComponent rc : o.getClass().getRecordComponents()) {
                try {
                    b.append(rc.getName())
                            .append('=')
                            .append(describe(rc.getAccessor().invoke(o)))
                            .append(';');
                } catch (ReflectiveOperationException e) {
                    throw new AssertionError(e);
                }
            }
            return b.append(')').toString();
        }
        return o.toString();
    }
}
