package io.collide4j.urdf.mesh;

import io.collide4j.urdf.DecimalText;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Reads binary and ASCII STL. A file is binary when its length is exactly 84 + 50·n for the
 * facet count n in its header (so binary files whose 80-byte header starts with "solid" are read
 * correctly); otherwise it must be ASCII starting with "solid". Facet normals are ignored (the
 * corner order defines orientation). Stateless.
 */
final class StlReader {
    private StlReader() {}

    static void read(byte[] data, String source, MeshBuilder out) {
        if (looksBinary(data)) {
            readBinary(data, source, out);
        } else if (startsWithSolid(data)) {
            readAscii(new String(data, StandardCharsets.US_ASCII), source, out);
        } else if (data.length < 84) {
            throw new MeshFormatException(
                    source,
                    data.length,
                    "truncated binary STL: " + data.length + " bytes, the header alone needs 84",
                    true);
        } else {
            long n = Integer.toUnsignedLong(
                    ByteBuffer.wrap(data, 80, 4).order(ByteOrder.LITTLE_ENDIAN).getInt());
            long expected = 84 + 50 * n;
            throw new MeshFormatException(
                    source,
                    Math.min(expected, data.length),
                    "binary STL header declares " + n + " facets (" + expected + " bytes) but the file has "
                            + data.length + " bytes" + (data.length < expected ? " (truncated)" : " (trailing data)"),
                    true);
        }
    }

    private static boolean looksBinary(byte[] data) {
        if (data.length < 84) {
            return false;
        }
        long n = Integer.toUnsignedLong(
                ByteBuffer.wrap(data, 80, 4).order(ByteOrder.LITTLE_ENDIAN).getInt());
        return 84 + 50 * n == data.length;
    }

    private static boolean startsWithSolid(byte[] data) {
        int i = 0;
        while (i < data.length && Character.isWhitespace(data[i])) {
            i++;
        }
        return data.length - i >= 5 && new String(data, i, 5, StandardCharsets.US_ASCII).equals("solid");
    }

    private static void readBinary(byte[] data, String source, MeshBuilder out) {
        ByteBuffer b = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
        int n = b.getInt(80);
        double[] c = new double[9];
        for (int f = 0; f < n; f++) {
            int base = 84 + 50 * f + 12; // skip the normal
            for (int k = 0; k < 9; k++) {
                float v = b.getFloat(base + 4 * k);
                if (!Float.isFinite(v)) {
                    throw new MeshFormatException(
                            source,
                            base + 4L * k,
                            "facet " + f + " vertex " + k / 3 + " has a non-finite coordinate " + v,
                            true);
                }
                c[k] = v;
            }
            out.triangle(c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8]);
        }
    }

    /** ASCII STL: solid name / facet normal n n n / outer loop / vertex x y z ×3 / endloop / endfacet / endsolid. */
    private static void readAscii(String text, String source, MeshBuilder out) {
        Tokens t = new Tokens(text, source);
        t.expect("solid");
        t.restOfLine();
        double[] c = new double[9];
        int facet = 0;
        boolean ended = false;
        while (t.hasNext()) {
            String w = t.next();
            if (w.equals("endsolid")) {
                t.restOfLine();
                ended = true;
                // Some exporters concatenate several solids in one file.
                if (t.hasNext()) {
                    t.expect("solid");
                    t.restOfLine();
                    ended = false;
                }
                continue;
            }
            if (!w.equals("facet")) {
                throw new MeshFormatException(source, t.line(), "expected 'facet' or 'endsolid', found '" + w + "'");
            }
            t.expect("normal");
            for (int k = 0; k < 3; k++) {
                t.number("normal component"); // parsed for validation, not used
            }
            t.expect("outer");
            t.expect("loop");
            for (int k = 0; k < 3; k++) {
                t.expect("vertex");
                for (int a = 0; a < 3; a++) {
                    c[3 * k + a] = t.number("coordinate " + "xyz".charAt(a) + " of facet " + facet + " vertex " + k);
                }
            }
            t.expect("endloop");
            t.expect("endfacet");
            out.triangle(c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8]);
            facet++;
        }
        if (!ended) {
            throw new MeshFormatException(source, t.line(), "ASCII STL ends without 'endsolid' (truncated?)");
        }
    }

    /** Whitespace tokenizer that tracks line numbers. */
    private static final class Tokens {
        private final String s;
        private final String source;
        private int pos;
        private int line = 1;

        Tokens(String s, String source) {
            this.s = s;
            this.source = source;
        }

        private void skipSpace() {
            while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) {
                if (s.charAt(pos) == '\n') {
                    line++;
                }
                pos++;
            }
        }

        boolean hasNext() {
            skipSpace();
            return pos < s.length();
        }

        int line() {
            return line;
        }

        String next() {
            skipSpace();
            if (pos >= s.length()) {
                throw new MeshFormatException(source, line, "unexpected end of ASCII STL (truncated?)");
            }
            int start = pos;
            while (pos < s.length() && !Character.isWhitespace(s.charAt(pos))) {
                pos++;
            }
            return s.substring(start, pos);
        }

        void restOfLine() {
            while (pos < s.length() && s.charAt(pos) != '\n') {
                pos++;
            }
        }

        void expect(String word) {
            String w = next();
            if (!w.equals(word)) {
                throw new MeshFormatException(source, line, "expected '" + word + "', found '" + w + "'");
            }
        }

        double number(String what) {
            String w = next();
            double d;
            try {
                d = DecimalText.parse(w);
            } catch (NumberFormatException e) {
                if (!DecimalText.isNonFiniteWord(w)) {
                    throw new MeshFormatException(
                            source, line, "expected a number for " + what + ", found '" + w + "'");
                }
                d = Double.NaN; // a word for a non-finite value: refused below as such
            }
            if (!Double.isFinite(d)) {
                throw new MeshFormatException(source, line, what + " is not finite: '" + w + "'");
            }
            return d;
        }
    }
}
