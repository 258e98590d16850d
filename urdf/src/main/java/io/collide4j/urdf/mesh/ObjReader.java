package io.collide4j.urdf.mesh;

import io.collide4j.urdf.DecimalText;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads Wavefront OBJ geometry: {@code v} positions and {@code f} polygons (fan-triangulated from
 * their first corner; {@code v}, {@code v/vt}, {@code v//vn}, {@code v/vt/vn} corners; negative
 * indices count back from the latest vertex). Materials, texture coordinates, normals, groups,
 * smoothing, lines and points carry no surface and are skipped; a missing .mtl is never opened.
 * Stateless.
 */
final class ObjReader {
    private ObjReader() {}

    static void read(byte[] data, String source, MeshBuilder out) {
        String text = new String(data, StandardCharsets.UTF_8);
        double[] v = new double[3 * 256];
        int nv = 0;
        int[] poly = new int[16];
        int lineNo = 0;
        int pos = 0;
        while (pos < text.length()) {
            int end = text.indexOf('\n', pos);
            if (end < 0) {
                end = text.length();
            }
            lineNo++;
            String line = text.substring(pos, end);
            pos = end + 1;
            int hash = line.indexOf('#');
            if (hash >= 0) {
                line = line.substring(0, hash);
            }
            String[] tok = line.trim().split("\\s+");
            if (tok.length == 0 || tok[0].isEmpty()) {
                continue;
            }
            switch (tok[0]) {
                case "v" -> {
                    if (tok.length < 4) {
                        throw new MeshFormatException(
                                source, lineNo, "vertex needs x y z, found '" + line.trim() + "'");
                    }
                    if (3 * nv + 3 > v.length) {
                        v = Arrays.copyOf(v, v.length * 2);
                    }
                    for (int a = 0; a < 3; a++) {
                        v[3 * nv + a] =
                                number(tok[a + 1], source, lineNo, "vertex " + (nv + 1) + " " + "xyz".charAt(a));
                    }
                    nv++;
                }
                case "f" -> {
                    int corners = tok.length - 1;
                    if (corners < 3) {
                        throw new MeshFormatException(
                                source, lineNo, "face needs at least 3 corners, found " + corners);
                    }
                    if (corners > poly.length) {
                        poly = new int[corners];
                    }
                    for (int k = 0; k < corners; k++) {
                        poly[k] = index(tok[k + 1], nv, source, lineNo);
                    }
                    for (int k = 1; k + 1 < corners; k++) {
                        int a = 3 * poly[0];
                        int b = 3 * poly[k];
                        int c = 3 * poly[k + 1];
                        out.triangle(v[a], v[a + 1], v[a + 2], v[b], v[b + 1], v[b + 2], v[c], v[c + 1], v[c + 2]);
                    }
                }
                default -> {
                    // vt, vn, vp, o, g, s, usemtl, mtllib, l, p, curves: not triangle geometry
                }
            }
        }
    }

    private static double number(String s, String source, int line, String what) {
        double d;
        try {
            d = DecimalText.parse(s);
        } catch (NumberFormatException e) {
            if (!DecimalText.isNonFiniteWord(s)) {
                throw new MeshFormatException(source, line, "expected a number for " + what + ", found '" + s + "'");
            }
            d = Double.NaN; // a word for a non-finite value: refused below as such
        }
        if (!Double.isFinite(d)) {
            throw new MeshFormatException(source, line, what + " is not finite: '" + s + "'");
        }
        return d;
    }

    /** Converts one face corner to a 0-based vertex index. */
    private static int index(String corner, int nv, String source, int line) {
        int slash = corner.indexOf('/');
        String s = slash >= 0 ? corner.substring(0, slash) : corner;
        int i;
        try {
            i = Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw new MeshFormatException(source, line, "bad face corner '" + corner + "': expected a vertex index");
        }
        int idx = i > 0 ? i - 1 : nv + i;
        if (i == 0 || idx < 0 || idx >= nv) {
            throw new MeshFormatException(
                    source,
                    line,
                    "face corner '" + corner + "' refers to vertex " + i + " but only " + nv
                            + " vertices are defined so far (valid: 1.." + nv + " or -1..-" + nv + ")");
        }
        return idx;
    }
}
