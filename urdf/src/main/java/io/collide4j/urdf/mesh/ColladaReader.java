package io.collide4j.urdf.mesh;

import io.collide4j.urdf.DecimalText;
import io.collide4j.urdf.XmlSyntaxException;
import io.collide4j.urdf.XmlTree;
import io.collide4j.urdf.XmlTree.Element;
import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.joml.Matrix4d;
import org.joml.Vector3d;

/**
 * Reads the triangle geometry of a COLLADA 1.4/1.5 document: {@code <triangles>}, {@code <polylist>},
 * {@code <polygons>} (fan-triangulated), {@code <trifans>} and {@code <tristrips>}, placed by the
 * instantiated visual scene's node hierarchy ({@code <matrix>}, {@code <translate>}, {@code <rotate>},
 * {@code <scale>}, {@code instance_geometry}, {@code instance_node}) and scaled by
 * {@code <unit meter>}. Without a visual scene every geometry is taken once, untransformed.
 * {@code up_axis} is honoured only when asked (ROS tools ignore it; see {@link MeshLoader}).
 * Lines and points carry no surface and are skipped; holes, lookat and skew are rejected. Stateless.
 */
final class ColladaReader {
    private ColladaReader() {}

    static void read(byte[] data, String source, boolean applyUpAxis, MeshBuilder out) {
        Element root;
        try {
            root = XmlTree.parse(new ByteArrayInputStream(data), source);
        } catch (XmlSyntaxException e) {
            throw new MeshFormatException(
                    source,
                    e.line(),
                    "malformed COLLADA XML: "
                            + (e.getCause() != null ? e.getCause().getMessage() : e.getMessage()));
        }
        if (!root.name().equals("COLLADA")) {
            throw new MeshFormatException(
                    source, root.line(), "expected a <COLLADA> root element, found <" + root.name() + ">");
        }
        new Doc(root, source).emit(applyUpAxis, out);
    }

    private static final class Doc {
        final String source;
        final Element root;
        final Map<String, Element> byId = new HashMap<>();
        final Map<String, double[]> geometryCache = new HashMap<>();

        Doc(Element root, String source) {
            this.root = root;
            this.source = source;
            index(root);
        }

        private void index(Element e) {
            String id = e.attribute("id");
            if (id != null) {
                byId.putIfAbsent(id, e);
            }
            for (Element c : e.children()) {
                index(c);
            }
        }

        MeshFormatException error(Element at, String message) {
            return new MeshFormatException(source, at.line(), "<" + at.name() + ">: " + message);
        }

        Element ref(Element at, String url, String expectedName) {
            if (url == null || !url.startsWith("#")) {
                throw error(at, "expected a local reference '#id', found " + (url == null ? "none" : "'" + url + "'"));
            }
            Element e = byId.get(url.substring(1));
            if (e == null || !e.name().equals(expectedName)) {
                throw error(at, "reference '" + url + "' does not name a <" + expectedName + ">");
            }
            return e;
        }

        void emit(boolean applyUpAxis, MeshBuilder out) {
            Matrix4d base = new Matrix4d();
            Element asset = root.child("asset");
            if (asset != null) {
                Element unit = asset.child("unit");
                if (unit != null && unit.attribute("meter") != null) {
                    double m = parseDouble(unit, unit.attribute("meter"), "unit meter");
                    if (!(m > 0)) {
                        throw error(unit, "meter must be positive, got " + m);
                    }
                    base.scale(m);
                }
                Element up = asset.child("up_axis");
                if (applyUpAxis && up != null) {
                    String axis = up.text().trim();
                    switch (axis) {
                        case "Z_UP" -> {}
                        // +Y up → +Z up: rotate +90° about x
                        case "Y_UP" -> base.mulLocal(new Matrix4d().rotationX(Math.PI / 2));
                        // +X up → +Z up: rotate -90° about y
                        case "X_UP" -> base.mulLocal(new Matrix4d().rotationY(-Math.PI / 2));
                        default -> throw error(up, "expected X_UP, Y_UP or Z_UP, found '" + axis + "'");
                    }
                }
            }
            Element scene = null;
            Element sceneElement = root.child("scene");
            if (sceneElement != null && sceneElement.child("instance_visual_scene") != null) {
                Element ivs = sceneElement.child("instance_visual_scene");
                scene = ref(ivs, ivs.attribute("url"), "visual_scene");
            } else {
                Element lib = root.child("library_visual_scenes");
                if (lib != null && lib.child("visual_scene") != null) {
                    scene = lib.child("visual_scene");
                }
            }
            if (scene == null) {
                for (Element lib : root.children("library_geometries")) {
                    for (Element g : lib.children("geometry")) {
                        place(geometry(g), base, out);
                    }
                }
                return;
            }
            for (Element node : scene.children("node")) {
                node(node, base, out, 0);
            }
        }

        private void node(Element node, Matrix4d parent, MeshBuilder out, int depth) {
            if (depth > 256) {
                throw error(node, "node hierarchy deeper than 256 (instance_node cycle?)");
            }
            Matrix4d m = new Matrix4d(parent);
            for (Element t : node.children()) {
                switch (t.name()) {
                    case "matrix" -> {
                        double[] a = numbers(t, 16, "matrix");
                        // COLLADA writes matrices row-major; JOML's set(double[]) reads column-major.
                        m.mul(new Matrix4d().set(a).transpose());
                    }
                    case "translate" -> {
                        double[] a = numbers(t, 3, "translate");
                        m.translate(a[0], a[1], a[2]);
                    }
                    case "rotate" -> {
                        double[] a = numbers(t, 4, "rotate");
                        Vector3d axis = new Vector3d(a[0], a[1], a[2]);
                        if (axis.length() == 0) {
                            if (a[3] != 0) {
                                throw error(t, "rotation about a zero axis");
                            }
                        } else {
                            axis.normalize();
                            m.rotate(Math.toRadians(a[3]), axis.x, axis.y, axis.z);
                        }
                    }
                    case "scale" -> {
                        double[] a = numbers(t, 3, "scale");
                        m.scale(a[0], a[1], a[2]);
                    }
                    case "lookat", "skew" -> throw error(t, "<" + t.name() + "> transforms are not supported");
                    default -> {}
                }
            }
            for (Element c : node.children()) {
                switch (c.name()) {
                    case "instance_geometry" -> place(geometry(ref(c, c.attribute("url"), "geometry")), m, out);
                    case "instance_node" -> node(ref(c, c.attribute("url"), "node"), m, out, depth + 1);
                    case "node" -> node(c, m, out, depth + 1);
                    default -> {}
                }
            }
        }

        private void place(double[] soup, Matrix4d m, MeshBuilder out) {
            boolean flip = m.determinant3x3() < 0; // mirrored placement would turn the surface inside out
            Vector3d a = new Vector3d();
            Vector3d b = new Vector3d();
            Vector3d c = new Vector3d();
            for (int i = 0; i < soup.length; i += 9) {
                m.transformPosition(a.set(soup[i], soup[i + 1], soup[i + 2]));
                m.transformPosition(b.set(soup[i + 3], soup[i + 4], soup[i + 5]));
                m.transformPosition(c.set(soup[i + 6], soup[i + 7], soup[i + 8]));
                if (flip) {
                    out.triangle(a.x, a.y, a.z, c.x, c.y, c.z, b.x, b.y, b.z);
                } else {
                    out.triangle(a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z);
                }
            }
        }

        /** The geometry's triangles as a corner soup in its own frame. */
        private double[] geometry(Element g) {
            String key = g.attribute("id") == null ? "@" + g.line() : g.attribute("id");
            double[] cached = geometryCache.get(key);
            if (cached != null) {
                return cached;
            }
            Element mesh = g.child("mesh");
            if (mesh == null) {
                throw error(g, "only <mesh> geometry is supported (found " + describeChildren(g) + ")");
            }
            List<Double> soup = new ArrayList<>();
            for (Element prim : mesh.children()) {
                switch (prim.name()) {
                    case "triangles", "polylist", "polygons", "trifans", "tristrips" -> primitive(mesh, prim, soup);
                    default -> {} // source, vertices, lines, linestrips, extra
                }
            }
            double[] s = new double[soup.size()];
            for (int i = 0; i < s.length; i++) {
                s[i] = soup.get(i);
            }
            geometryCache.put(key, s);
            return s;
        }

        private static String describeChildren(Element e) {
            List<String> names = new ArrayList<>();
            e.children().forEach(c -> names.add("<" + c.name() + ">"));
            return names.isEmpty() ? "nothing" : String.join(", ", names);
        }

        private void primitive(Element mesh, Element prim, List<Double> soup) {
            int stride = 0;
            int vertexOffset = -1;
            double[] positions = null;
            for (Element in : prim.children("input")) {
                int offset = (int) parseLong(in, in.attribute("offset"), "input offset");
                stride = Math.max(stride, offset + 1);
                if ("VERTEX".equals(in.attribute("semantic"))) {
                    vertexOffset = offset;
                    positions = positionsOf(ref(in, in.attribute("source"), "vertices"));
                }
            }
            if (positions == null) {
                throw error(prim, "no <input semantic=\"VERTEX\"> to give corner positions");
            }
            if (prim.child("ph") != null) {
                throw error(prim.child("ph"), "polygons with holes are not supported");
            }
            int nPositions = positions.length / 3;
            List<int[]> polygons = new ArrayList<>(); // each: position indices of one polygon/fan/strip
            List<Element> ps = prim.children("p");
            switch (prim.name()) {
                case "triangles" -> {
                    if (ps.isEmpty()) {
                        return;
                    }
                    int[] idx = positionIndices(ps.get(0), stride, vertexOffset, nPositions);
                    if (idx.length % 3 != 0) {
                        throw error(ps.get(0), idx.length + " corners is not a multiple of 3 for <triangles>");
                    }
                    for (int i = 0; i < idx.length; i += 3) {
                        polygons.add(new int[] {idx[i], idx[i + 1], idx[i + 2]});
                    }
                    checkCount(prim, idx.length / 3);
                }
                case "polylist" -> {
                    Element vc = prim.child("vcount");
                    if (ps.isEmpty()) {
                        return;
                    }
                    int[] idx = positionIndices(ps.get(0), stride, vertexOffset, nPositions);
                    if (vc == null) {
                        throw error(prim, "<polylist> without <vcount>");
                    }
                    long[] counts = longs(vc, "vcount");
                    int k = 0;
                    for (long c : counts) {
                        if (c < 3 || k + c > idx.length) {
                            throw error(
                                    vc,
                                    "polygon of " + c + " corners does not fit: " + idx.length + " corners in <p>, " + k
                                            + " used so far (each polygon needs at least 3)");
                        }
                        polygons.add(java.util.Arrays.copyOfRange(idx, k, k + (int) c));
                        k += (int) c;
                    }
                    if (k != idx.length) {
                        throw error(ps.get(0), "<vcount> covers " + k + " corners but <p> has " + idx.length);
                    }
                    checkCount(prim, counts.length);
                }
                case "polygons", "trifans" -> {
                    for (Element p : ps) {
                        int[] idx = positionIndices(p, stride, vertexOffset, nPositions);
                        if (idx.length < 3) {
                            throw error(p, "a polygon needs at least 3 corners, found " + idx.length);
                        }
                        polygons.add(idx);
                    }
                }
                case "tristrips" -> {
                    for (Element p : ps) {
                        int[] idx = positionIndices(p, stride, vertexOffset, nPositions);
                        if (idx.length < 3) {
                            throw error(p, "a strip needs at least 3 corners, found " + idx.length);
                        }
                        for (int i = 0; i + 2 < idx.length; i++) {
                            // every other strip triangle is reversed to keep a consistent winding
                            polygons.add(
                                    i % 2 == 0
                                            ? new int[] {idx[i], idx[i + 1], idx[i + 2]}
                                            : new int[] {idx[i + 1], idx[i], idx[i + 2]});
                        }
                    }
                }
                default -> throw new IllegalStateException(prim.name());
            }
            for (int[] poly : polygons) {
                for (int k = 1; k + 1 < poly.length; k++) {
                    add(soup, positions, poly[0]);
                    add(soup, positions, poly[k]);
                    add(soup, positions, poly[k + 1]);
                }
            }
        }

        private void checkCount(Element prim, int actual) {
            String count = prim.attribute("count");
            if (count != null && parseLong(prim, count, "count") != actual) {
                throw error(prim, "count=\"" + count + "\" but the data holds " + actual + " primitives");
            }
        }

        private static void add(List<Double> soup, double[] positions, int i) {
            soup.add(positions[3 * i]);
            soup.add(positions[3 * i + 1]);
            soup.add(positions[3 * i + 2]);
        }

        private int[] positionIndices(Element p, int stride, int vertexOffset, int nPositions) {
            long[] all = longs(p, "p");
            if (all.length % stride != 0) {
                throw error(p, all.length + " indices is not a multiple of the input stride " + stride);
            }
            int[] out = new int[all.length / stride];
            for (int i = 0; i < out.length; i++) {
                long v = all[i * stride + vertexOffset];
                if (v < 0 || v >= nPositions) {
                    throw error(p, "corner " + i + " refers to position " + v + ", expected 0.." + (nPositions - 1));
                }
                out[i] = (int) v;
            }
            return out;
        }

        private double[] positionsOf(Element vertices) {
            for (Element in : vertices.children("input")) {
                if ("POSITION".equals(in.attribute("semantic"))) {
                    return floatSource(ref(in, in.attribute("source"), "source"));
                }
            }
            throw error(vertices, "no <input semantic=\"POSITION\">");
        }

        /** x,y,z triples of a {@code <source>} read through its accessor. */
        private double[] floatSource(Element source) {
            Element fa = source.child("float_array");
            if (fa == null) {
                throw error(source, "expected a <float_array>");
            }
            double[] values = numbers(fa, -1, "float_array");
            String declared = fa.attribute("count");
            if (declared != null && parseLong(fa, declared, "count") != values.length) {
                throw error(fa, "count=\"" + declared + "\" but " + values.length + " numbers follow");
            }
            int stride = 3;
            int offset = 0;
            int count = values.length / 3;
            Element tc = source.child("technique_common");
            Element acc = tc == null ? null : tc.child("accessor");
            if (acc != null) {
                stride = acc.attribute("stride") == null ? 1 : (int) parseLong(acc, acc.attribute("stride"), "stride");
                offset = acc.attribute("offset") == null ? 0 : (int) parseLong(acc, acc.attribute("offset"), "offset");
                count = (int) parseLong(acc, acc.attribute("count"), "count");
                if (stride < 3) {
                    throw error(acc, "positions need a stride of at least 3, got " + stride);
                }
                if (offset < 0 || (long) offset + (long) (count - 1) * stride + 3 > values.length && count > 0) {
                    throw error(
                            acc,
                            count + " elements of stride " + stride + " from offset " + offset + " exceed the "
                                    + values.length + " numbers of the array");
                }
            } else if (values.length % 3 != 0) {
                throw error(fa, values.length + " numbers is not a multiple of 3 and no <accessor> says otherwise");
            }
            double[] xyz = new double[3 * count];
            for (int i = 0; i < count; i++) {
                System.arraycopy(values, offset + i * stride, xyz, 3 * i, 3);
            }
            return xyz;
        }

        private double[] numbers(Element e, int expected, String what) {
            String t = e.text().trim();
            String[] tok = t.isEmpty() ? new String[0] : t.split("\\s+");
            if (expected >= 0 && tok.length != expected) {
                throw error(e, what + " needs " + expected + " numbers, found " + tok.length);
            }
            double[] d = new double[tok.length];
            for (int i = 0; i < tok.length; i++) {
                d[i] = parseDouble(e, tok[i], what + " value " + i);
            }
            return d;
        }

        private long[] longs(Element e, String what) {
            String t = e.text().trim();
            String[] tok = t.isEmpty() ? new String[0] : t.split("\\s+");
            long[] d = new long[tok.length];
            for (int i = 0; i < tok.length; i++) {
                d[i] = parseLong(e, tok[i], what + " value " + i);
            }
            return d;
        }

        private double parseDouble(Element e, String s, String what) {
            try {
                double d = DecimalText.parse(s);
                if (Double.isFinite(d)) {
                    return d;
                }
            } catch (NumberFormatException | NullPointerException ignored) {
                // reported below
            }
            throw error(e, "expected a finite number for " + what + ", found '" + s + "'");
        }

        private long parseLong(Element e, String s, String what) {
            try {
                return Long.parseLong(s);
            } catch (NumberFormatException ex) {
                throw error(
                        e, "expected an integer for " + what + ", found " + (s == null ? "nothing" : "'" + s + "'"));
            }
        }
    }
}
