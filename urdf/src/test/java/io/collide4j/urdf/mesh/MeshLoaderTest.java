package io.collide4j.urdf.mesh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.urdf.TriangleMesh;
import java.io.ByteArrayOutputStream;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class MeshLoaderTest {
    /** Unit cube corners, index = x + 2y + 4z. */
    static final double[][] CORNERS = new double[8][];
    /** Six faces as quads, counter-clockwise seen from outside (checked by hand: edge1 × edge2 = outward normal). */
    static final int[][] QUADS = {{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};

    static {
        for (int i = 0; i < 8; i++) {
            CORNERS[i] = new double[] {i & 1, (i >> 1) & 1, (i >> 2) & 1};
        }
    }

    /** The cube's 12 triangles, each quad fanned from its first corner. */
    static List<double[][]> cubeTriangles() {
        List<double[][]> t = new ArrayList<>();
        for (int[] q : QUADS) {
            t.add(new double[][] {CORNERS[q[0]], CORNERS[q[1]], CORNERS[q[2]]});
            t.add(new double[][] {CORNERS[q[0]], CORNERS[q[2]], CORNERS[q[3]]});
        }
        return t;
    }

    static String asciiStl() {
        StringBuilder b = new StringBuilder("solid cube\n");
        for (double[][] t : cubeTriangles()) {
            b.append("  facet normal 0 0 0\n    outer loop\n");
            for (double[] v : t) {
                b.append("      vertex ")
                        .append(v[0])
                        .append(' ')
                        .append(v[1])
                        .append(' ')
                        .append(v[2])
                        .append('\n');
            }
            b.append("    endloop\n  endfacet\n");
        }
        return b.append("endsolid cube\n").toString();
    }

    static byte[] binaryStl(String header) {
        List<double[][]> tris = cubeTriangles();
        ByteBuffer b = ByteBuffer.allocate(84 + 50 * tris.size()).order(ByteOrder.LITTLE_ENDIAN);
        b.put(header.getBytes(StandardCharsets.US_ASCII));
        b.position(80);
        b.putInt(tris.size());
        for (double[][] t : tris) {
            b.putFloat(0).putFloat(0).putFloat(0);
            for (double[] v : t) {
                b.putFloat((float) v[0]).putFloat((float) v[1]).putFloat((float) v[2]);
            }
            b.putShort((short) 0);
        }
        return b.array();
    }

    /** OBJ quads using all corner spellings: plain, v/vt, v//vn, v/vt/vn and negative indices; .mtl missing. */
    static String obj() {
        StringBuilder b = new StringBuilder("# cube\nmtllib missing.mtl\no cube\n");
        for (double[] c : CORNERS) {
            b.append("v ")
                    .append(c[0])
                    .append(' ')
                    .append(c[1])
                    .append(' ')
                    .append(c[2])
                    .append('\n');
        }
        b.append("vt 0 0\nvn 0 0 1\nusemtl nothing\ns off\n");
        String[] forms = {"%d", "%d/1", "%d//1", "%d/1/1", "NEG", "%d"};
        for (int f = 0; f < QUADS.length; f++) {
            b.append('f');
            for (int k : QUADS[f]) {
                b.append(' ').append(forms[f].equals("NEG") ? String.valueOf(k - 8) : String.format(forms[f], k + 1));
            }
            b.append('\n');
        }
        return b.toString();
    }

    /** COLLADA: one polylist of six quads instanced through a visual scene, Z_UP. */
    static String dae(String unit, String upAxis, String positions, String nodeTransforms) {
        StringBuilder p = new StringBuilder();
        for (int[] q : QUADS) {
            for (int k : q) {
                p.append(k).append(' ').append(0).append(' ');
            }
        }
        return "<?xml version=\"1.0\"?>\n"
                + "<COLLADA xmlns=\"http://www.collada.org/2005/11/COLLADASchema\" version=\"1.4.1\">\n"
                + "<asset><unit name=\"u\" meter=\"" + unit + "\"/><up_axis>" + upAxis + "</up_axis></asset>\n"
                + "<library_geometries><geometry id=\"g\"><mesh>\n"
                + "<source id=\"pos\"><float_array id=\"pa\" count=\"24\">" + positions + "</float_array>\n"
                + "<technique_common><accessor source=\"#pa\" count=\"8\" stride=\"3\">"
                + "<param name=\"X\" type=\"float\"/><param name=\"Y\" type=\"float\"/><param name=\"Z\" type=\"float\"/>"
                + "</accessor></technique_common></source>\n"
                + "<source id=\"nrm\"><float_array id=\"na\" count=\"3\">0 0 1</float_array>"
                + "<technique_common><accessor source=\"#na\" count=\"1\" stride=\"3\"/></technique_common></source>\n"
                + "<vertices id=\"v\"><input semantic=\"POSITION\" source=\"#pos\"/></vertices>\n"
                + "<polylist count=\"6\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/>"
                + "<input semantic=\"NORMAL\" source=\"#nrm\" offset=\"1\"/>\n"
                + "<vcount>4 4 4 4 4 4</vcount>\n<p>" + p + "</p></polylist>\n"
                + "</mesh></geometry></library_geometries>\n"
                + "<library_visual_scenes><visual_scene id=\"s\"><node id=\"n\">" + nodeTransforms
                + "<instance_geometry url=\"#g\"/></node></visual_scene></library_visual_scenes>\n"
                + "<scene><instance_visual_scene url=\"#s\"/></scene>\n</COLLADA>\n";
    }

    static String cubePositions(double scale, double offset) {
        StringBuilder b = new StringBuilder();
        for (double[] c : CORNERS) {
            b.append(c[0] * scale + offset)
                    .append(' ')
                    .append(c[1] * scale + offset)
                    .append(' ')
                    .append(c[2] * scale + offset)
                    .append(' ');
        }
        return b.toString();
    }

    static MeshLoadResult load(String text, MeshFormat f) {
        return MeshLoader.load(text.getBytes(StandardCharsets.UTF_8), "cube." + f, f, false);
    }

    /** Triangles as sorted list of coordinate strings, each rotated to start at its smallest corner (orientation kept). */
    static List<String> canonical(TriangleMesh m) {
        List<String> out = new ArrayList<>();
        for (int t = 0; t < m.triangleCount(); t++) {
            String[] c = new String[3];
            for (int k = 0; k < 3; k++) {
                int v = m.index(t, k);
                c[k] = m.vertex(v, 0) + "," + m.vertex(v, 1) + "," + m.vertex(v, 2);
            }
            int first = 0;
            for (int k = 1; k < 3; k++) {
                if (c[k].compareTo(c[first]) < 0) {
                    first = k;
                }
            }
            out.add(c[first] + " " + c[(first + 1) % 3] + " " + c[(first + 2) % 3]);
        }
        out.sort(null);
        return out;
    }

    @Test
    void cubeInEveryFormatLoadsToTheSameMesh() {
        List<MeshLoadResult> all = List.of(
                load(asciiStl(), MeshFormat.STL),
                MeshLoader.load(binaryStl("binary cube"), "cube.stl", MeshFormat.STL, false),
                // a binary STL whose header starts with "solid" is still binary (length rule)
                MeshLoader.load(binaryStl("solid but binary"), "cube.stl", MeshFormat.STL, false),
                load(obj(), MeshFormat.OBJ),
                load(dae("1", "Z_UP", cubePositions(1, 0), ""), MeshFormat.COLLADA));
        TriangleMesh reference = all.get(0).mesh();
        for (MeshLoadResult r : all) {
            assertEquals(new MeshStatistics(12, 36, 8, 0), r.statistics());
            assertEquals(8, r.mesh().vertexCount());
            assertEquals(canonical(reference), canonical(r.mesh()));
            assertArrayEquals(new double[] {0, 0, 0, 1, 1, 1}, r.mesh().bounds());
            // closed and consistently outward: every face normal points away from the centre
            for (int t = 0; t < 12; t++) {
                double[] n = normal(r.mesh(), t);
                int a = r.mesh().index(t, 0);
                double dot = 0;
                for (int k = 0; k < 3; k++) {
                    dot += n[k] * (r.mesh().vertex(a, k) - 0.5);
                }
                assertTrue(dot > 0, "triangle " + t + " faces inward");
            }
        }
    }

    static double[] normal(TriangleMesh m, int t) {
        int a = m.index(t, 0);
        int b = m.index(t, 1);
        int c = m.index(t, 2);
        double[] u = new double[3];
        double[] w = new double[3];
        for (int k = 0; k < 3; k++) {
            u[k] = m.vertex(b, k) - m.vertex(a, k);
            w[k] = m.vertex(c, k) - m.vertex(a, k);
        }
        return new double[] {u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]};
    }

    @Test
    void colladaUnitAndNodeTransformsAreApplied() {
        // cube of side 200 cm offset by -100 cm → side 2 m centred at origin, then translated by (10, 0, 0) m
        // in file units (1000 cm = 10 m)
        MeshLoadResult r = load(
                dae("0.01", "Z_UP", cubePositions(200, -100), "<translate>1000 0 0</translate>"), MeshFormat.COLLADA);
        assertArrayEquals(new double[] {9, -1, -1, 11, 1, 1}, r.mesh().bounds(), 1e-12);
        // rotate 90° about z after translating: (x,y) → (-y,x)
        r = load(
                dae("1", "Z_UP", cubePositions(1, 0), "<rotate>0 0 1 90</rotate><translate>5 0 0</translate>"),
                MeshFormat.COLLADA);
        assertArrayEquals(new double[] {-1, 5, 0, 0, 6, 1}, r.mesh().bounds(), 1e-12);
        // <matrix> is row-major: translation in the last column
        r = load(
                dae("1", "Z_UP", cubePositions(1, 0), "<matrix>2 0 0 1  0 1 0 2  0 0 1 3  0 0 0 1</matrix>"),
                MeshFormat.COLLADA);
        assertArrayEquals(new double[] {1, 2, 3, 3, 3, 4}, r.mesh().bounds(), 1e-12);
        // mirroring scale keeps outward winding
        r = load(dae("1", "Z_UP", cubePositions(1, 0), "<scale>-1 1 1</scale>"), MeshFormat.COLLADA);
        assertArrayEquals(new double[] {-1, 0, 0, 0, 1, 1}, r.mesh().bounds(), 1e-12);
        double[] n = normal(r.mesh(), 0);
        assertTrue(n[2] < 0, "bottom face must still point down");
    }

    @Test
    void colladaUpAxisIgnoredByDefaultAppliedOnRequest() {
        String yUp = dae("1", "Y_UP", cubePositions(1, 0), "<translate>0 5 0</translate>");
        byte[] bytes = yUp.getBytes(StandardCharsets.UTF_8);
        assertArrayEquals(
                new double[] {0, 5, 0, 1, 6, 1},
                MeshLoader.load(bytes, "y.dae", MeshFormat.COLLADA, false)
                        .mesh()
                        .bounds(),
                1e-12);
        // Y up → Z up: (x, y, z) → (x, -z, y)
        assertArrayEquals(
                new double[] {0, -1, 5, 1, 0, 6},
                MeshLoader.load(bytes, "y.dae", MeshFormat.COLLADA, true).mesh().bounds(),
                1e-12);
    }

    @Test
    void colladaTrianglesWithoutSceneAndInstanceNodes() {
        String doc = "<COLLADA><library_geometries><geometry id=\"t\"><mesh>"
                + "<source id=\"p\"><float_array id=\"a\" count=\"9\">0 0 0 1 0 0 0 1 0</float_array></source>"
                + "<vertices id=\"v\"><input semantic=\"POSITION\" source=\"#p\"/></vertices>"
                + "<triangles count=\"1\"><input semantic=\"VERTEX\" source=\"#v\" offset=\"0\"/><p>0 1 2</p></triangles>"
                + "</mesh></geometry></library_geometries></COLLADA>";
        assertEquals(1, load(doc, MeshFormat.COLLADA).mesh().triangleCount());
        String withNodes = doc.replace(
                "</library_geometries>",
                "</library_geometries>"
                        + "<library_nodes><node id=\"shared\"><instance_geometry url=\"#t\"/></node></library_nodes>"
                        + "<library_visual_scenes><visual_scene id=\"s\">"
                        + "<node><translate>0 0 1</translate><instance_node url=\"#shared\"/></node>"
                        + "<node><translate>0 0 2</translate><node><instance_node url=\"#shared\"/></node></node>"
                        + "</visual_scene></library_visual_scenes>");
        MeshLoadResult r = load(withNodes, MeshFormat.COLLADA);
        assertEquals(2, r.mesh().triangleCount());
        assertArrayEquals(new double[] {0, 0, 1, 1, 1, 2}, r.mesh().bounds());
    }

    @Test
    void weldingAndDegenerateTriangles() {
        String stl = "solid s\n"
                + tri("0 0 0", "1 0 0", "0 1 0")
                + tri("0 0 0", "0 1 0", "-0 -0 1") // -0 welds with 0
                + tri("0 0 0", "1 0 0", "1 0 0") // repeated vertex
                + tri("0 0 0", "1 0 0", "2 0 0") // collinear
                + "endsolid s\n";
        MeshLoadResult r = load(stl, MeshFormat.STL);
        assertEquals(new MeshStatistics(4, 12, 5, 2), r.statistics());
        assertEquals(2, r.mesh().triangleCount());
        // vertices of the dropped triangles (2,0,0) are kept so hulls still cover them
        assertEquals(2.0, r.mesh().bounds()[3]);
    }

    private static String tri(String a, String b, String c) {
        return "facet normal 0 0 0\nouter loop\nvertex " + a + "\nvertex " + b + "\nvertex " + c
                + "\nendloop\nendfacet\n";
    }

    @Test
    void objPolygonsAreFanTriangulated() {
        MeshLoadResult r = load("v 0 0 0\nv 1 0 0\nv 2 1 0\nv 1 2 0\nv 0 1 0\nf 1 2 3 4 5\n", MeshFormat.OBJ);
        assertEquals(3, r.mesh().triangleCount());
        assertEquals(
                List.of(0, 1, 2, 0, 2, 3, 0, 3, 4),
                Arrays.stream(r.mesh().copyTriangles()).boxed().toList());
    }

    @Test
    void writersRoundTrip() {
        TriangleMesh cube = load(obj(), MeshFormat.OBJ).mesh();
        StringWriter w = new StringWriter();
        MeshWriter.writeObj(List.of(cube, cube), List.of("a", "b"), w);
        String text = w.toString();
        assertTrue(text.startsWith("o a\n") && text.contains("\no b\n"), text);
        MeshLoadResult both = load(text, MeshFormat.OBJ);
        assertEquals(24, both.statistics().inputTriangles());
        assertEquals(
                canonical(cube),
                canonical(load(text.substring(0, text.indexOf("o b")), MeshFormat.OBJ)
                        .mesh()));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        MeshWriter.writeBinaryStl(cube, bytes);
        assertEquals(
                canonical(cube),
                canonical(MeshLoader.load(bytes.toByteArray(), "w.stl", MeshFormat.STL, false)
                        .mesh()));
    }

    private static MeshFormatException fails(byte[] data, MeshFormat f, String fragment) {
        MeshFormatException e =
                assertThrows(MeshFormatException.class, () -> MeshLoader.load(data, "bad." + f, f, false));
        assertTrue(e.getMessage().startsWith("bad." + f), e.getMessage());
        assertTrue(e.getMessage().contains(fragment), "'" + fragment + "' not in: " + e.getMessage());
        return e;
    }

    private static MeshFormatException fails(String text, MeshFormat f, int line, String fragment) {
        MeshFormatException e = fails(text.getBytes(StandardCharsets.UTF_8), f, fragment);
        assertEquals(line, e.line(), e.getMessage());
        return e;
    }

    @Test
    void malformedStl() {
        byte[] full = binaryStl("binary");
        MeshFormatException e = fails(Arrays.copyOf(full, full.length - 7), MeshFormat.STL, "truncated");
        assertEquals(full.length - 7, e.offset());
        e = fails(Arrays.copyOf(full, 40), MeshFormat.STL, "header alone needs 84");
        assertEquals(40, e.offset());
        byte[] nan = full.clone();
        ByteBuffer.wrap(nan).order(ByteOrder.LITTLE_ENDIAN).putFloat(84 + 50 * 3 + 12 + 4, Float.NaN);
        e = fails(nan, MeshFormat.STL, "facet 3 vertex 0 has a non-finite coordinate");
        assertEquals(84 + 50 * 3 + 12 + 4, e.offset());
        String ascii = asciiStl();
        fails(ascii.replaceFirst("vertex 0.0 1.0 0.0", "vertex 0.0 NaN 0.0"), MeshFormat.STL, 5, "not finite");
        fails(ascii.replaceFirst("vertex 0.0 1.0 0.0", "vertex 0.0 x 0.0"), MeshFormat.STL, 5, "expected a number");
        fails(ascii.replaceFirst("endloop", "endlop"), MeshFormat.STL, 7, "expected 'endloop'");
        fails(ascii.substring(0, ascii.indexOf("endfacet") + 8), MeshFormat.STL, 8, "without 'endsolid'");
        fails(ascii.substring(0, ascii.indexOf("endloop")), MeshFormat.STL, 7, "unexpected end");
    }

    @Test
    void malformedObj() {
        fails("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 4\n", MeshFormat.OBJ, 4, "refers to vertex 4 but only 3");
        fails("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 -4\n", MeshFormat.OBJ, 4, "refers to vertex -4");
        fails("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 0 1 2\n", MeshFormat.OBJ, 4, "refers to vertex 0");
        fails("v 0 0 0\nv 1 NaN 0\n", MeshFormat.OBJ, 2, "not finite");
        fails("v 0 0 0\nv 1 1e999 0\n", MeshFormat.OBJ, 2, "not finite");
        fails("v 0 0 0\nv 1 0\n", MeshFormat.OBJ, 2, "vertex needs x y z");
        fails("v 0 0 0\nv 1 0 0\nf 1 2\n", MeshFormat.OBJ, 3, "at least 3 corners");
        fails("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 a 3\n", MeshFormat.OBJ, 4, "bad face corner 'a'");
    }

    @Test
    void malformedCollada() {
        String good = dae("1", "Z_UP", cubePositions(1, 0), "");
        fails(good.replace("</mesh>", "</mesh"), MeshFormat.COLLADA, 12, "malformed COLLADA XML");
        int pLine = 11; // line of <p> in dae()
        fails(good.replace("<p>0 0", "<p>9 0"), MeshFormat.COLLADA, pLine, "refers to position 9");
        fails(good.replace("<vcount>4 4", "<vcount>4 5"), MeshFormat.COLLADA, 10, "does not fit");
        fails(good.replace("<vcount>4 4", "<vcount>4 3"), MeshFormat.COLLADA, 11, "covers 23 corners but <p> has 24");
        fails(good.replace("0.0 0.0 0.0 1.0", "0.0 NaN 0.0 1.0"), MeshFormat.COLLADA, 5, "finite number");
        fails(good.replace("url=\"#g\"", "url=\"#nope\""), MeshFormat.COLLADA, 13, "'#nope'");
        fails(
                good.replace("<instance_geometry", "<skew>1 0 0 0 1 0 0</skew><instance_geometry"),
                MeshFormat.COLLADA,
                13,
                "not supported");
    }

    @Test
    void unknownExtensionIsRejected() {
        assertThrows(MeshFormatException.class, () -> MeshLoader.formatOf("robot.glb"));
        assertEquals(MeshFormat.COLLADA, MeshLoader.formatOf("a/B.DAE"));
    }
}
