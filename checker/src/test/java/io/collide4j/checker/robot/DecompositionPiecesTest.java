package io.collide4j.checker.robot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.geometry.ConvexHull;
import io.collide4j.checker.geometry.ConvexShape;
import io.collide4j.checker.geometry.HullShape;
import io.collide4j.checker.geometry.decomposition.DecompositionCache;
import io.collide4j.checker.geometry.decomposition.DecompositionParameters;
import io.collide4j.checker.scene.MbmData;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.TriangleMesh;
import io.collide4j.urdf.UrdfParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Decomposition as robot convex pieces: coverage, tightness, cache, precomputed files, per-link builder option. */
class DecompositionPiecesTest {

    private static final DecompositionParameters FAST = DecompositionParameters.builder()
            .resolution(20_000)
            .maxConvexHulls(8)
            .threads(1)
            .build();

    /** An L-shaped prism (closed, outward triangles): the L polygon (0,0)(2,0)(2,1)(1,1)(1,2)(0,2) × [0,1], times s. */
    static TriangleMesh lShape(double s) {
        double[][] poly = {{1, 1}, {1, 2}, {0, 2}, {0, 0}, {2, 0}, {2, 1}}; // counter-clockwise, reflex corner first
        int n = poly.length;
        double[] v = new double[6 * n];
        for (int i = 0; i < n; i++) {
            v[3 * i] = s * poly[i][0];
            v[3 * i + 1] = s * poly[i][1];
            v[3 * (n + i)] = s * poly[i][0];
            v[3 * (n + i) + 1] = s * poly[i][1];
            v[3 * (n + i) + 2] = s;
        }
        int[] t = new int[3 * (2 * (n - 2) + 2 * n)];
        int k = 0;
        for (int i = 1; i + 1 < n; i++) { // fans from the reflex corner, which sees the whole L
            t[k++] = n;
            t[k++] = n + i;
            t[k++] = n + i + 1; // top, counter-clockwise from +z
            t[k++] = 0;
            t[k++] = i + 1;
            t[k++] = i; // bottom, reversed
        }
        for (int i = 0; i < n; i++) {
            int a = i, b = (i + 1) % n;
            t[k++] = a;
            t[k++] = b;
            t[k++] = n + b;
            t[k++] = a;
            t[k++] = n + b;
            t[k++] = n + a;
        }
        return new TriangleMesh(v, t);
    }

    /**
     * Independent containment: some single piece holds all three corners and the centroid of every
     * triangle, or (where a triangle straddles pieces) of each of its midpoint sub-triangles, recursively
     * (the sub-triangles tile the triangle; computed here, not by the code under test).
     */
    private static void assertCovers(ConvexPieceProvider.Pieces p, TriangleMesh mesh) {
        for (int t = 0; t < mesh.triangleCount(); t++) {
            double[] c = new double[9];
            for (int k = 0; k < 3; k++) {
                for (int a = 0; a < 3; a++) {
                    c[3 * k + a] = mesh.vertex(mesh.index(t, k), a);
                }
            }
            assertTrue(held(p, c, 24, 12), "triangle " + t + " is not covered by the pieces");
        }
    }

    /**
     * True if the triangle {@code c} is held by one piece (corners and centroid within the margin), or its
     * parts are: cut along a face plane of a piece holding one of its corners that it straddles and crosses
     * farthest (pieces meeting at a common face), else halved at its edge midpoints.
     */
    private static boolean held(ConvexPieceProvider.Pieces p, double[] c, int cutsLeft, int halvingsLeft) {
        double[] pts = java.util.Arrays.copyOf(c, 12);
        for (int a = 0; a < 3; a++) {
            pts[9 + a] = (c[a] + c[3 + a] + c[6 + a]) / 3;
        }
        for (ConvexShape s : p.shapes()) {
            ConvexHull h = ((HullShape) s).hull();
            boolean all = true;
            for (int i = 0; i < 12 && all; i += 3) {
                all = h.contains(pts[i], pts[i + 1], pts[i + 2], p.margin() + 1e-12);
            }
            if (all) {
                return true;
            }
        }
        double tol = p.margin() + 1e-12;
        double[][] parts = cutsLeft == 0 ? null : cut(p, c, tol);
        if (parts != null) {
            for (double[] part : parts) {
                if (!held(p, part, cutsLeft - 1, halvingsLeft)) {
                    return false;
                }
            }
            return true;
        }
        if (halvingsLeft == 0) {
            return false;
        }
        double[] m = new double[9];
        for (int e = 0; e < 3; e++) {
            for (int a = 0; a < 3; a++) {
                m[3 * e + a] = 0.5 * c[3 * e + a] + 0.5 * c[3 * ((e + 1) % 3) + a];
            }
        }
        int[][] kids = {{0, 3, 5}, {3, 1, 4}, {5, 4, 2}, {3, 4, 5}}; // 0..2 corners, 3..5 midpoints 01, 12, 20
        for (int[] k : kids) {
            double[] sub = new double[9];
            for (int i = 0; i < 3; i++) {
                System.arraycopy(k[i] < 3 ? c : m, 3 * (k[i] % 3), sub, 3 * i, 3);
            }
            if (!held(p, sub, cutsLeft, halvingsLeft - 1)) {
                return false;
            }
        }
        return true;
    }

    /** {@code c} cut along the face (of a piece holding a corner) it straddles beyond {@code tol} and crosses farthest, or null. */
    private static double[][] cut(ConvexPieceProvider.Pieces p, double[] c, double tol) {
        double[] plane = null;
        double farthest = tol;
        for (ConvexShape shape : p.shapes()) {
            ConvexHull h = ((HullShape) shape).hull();
            if (!h.contains(c[0], c[1], c[2], tol)
                    && !h.contains(c[3], c[4], c[5], tol)
                    && !h.contains(c[6], c[7], c[8], tol)) {
                continue;
            }
            for (int f = 0; f < h.triangleCount(); f++) {
                double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
                for (int k = 0; k < 9; k += 3) {
                    double d =
                            h.plane(f, 0) * c[k] + h.plane(f, 1) * c[k + 1] + h.plane(f, 2) * c[k + 2] - h.plane(f, 3);
                    lo = Math.min(lo, d);
                    hi = Math.max(hi, d);
                }
                if (lo < -tol && hi > farthest) {
                    farthest = hi;
                    plane = new double[] {h.plane(f, 0), h.plane(f, 1), h.plane(f, 2), h.plane(f, 3)};
                }
            }
        }
        if (plane == null) {
            return null;
        }
        double[] s = new double[3];
        for (int k = 0; k < 3; k++) {
            s[k] = plane[0] * c[3 * k] + plane[1] * c[3 * k + 1] + plane[2] * c[3 * k + 2] - plane[3];
        }
        int lone = 0;
        for (int k = 0; k < 3; k++) {
            double a = s[(k + 1) % 3], b = s[(k + 2) % 3];
            if ((s[k] > 0 && a <= 0 && b <= 0) || (s[k] < 0 && a >= 0 && b >= 0)) {
                lone = k;
                break;
            }
        }
        int k1 = (lone + 1) % 3, k2 = (lone + 2) % 3;
        double[] m1 = new double[3], m2 = new double[3];
        double t1 = s[lone] / (s[lone] - s[k1]), t2 = s[lone] / (s[lone] - s[k2]);
        for (int a = 0; a < 3; a++) {
            m1[a] = c[3 * lone + a] + t1 * (c[3 * k1 + a] - c[3 * lone + a]);
            m2[a] = c[3 * lone + a] + t2 * (c[3 * k2 + a] - c[3 * lone + a]);
        }
        double[] pl = java.util.Arrays.copyOfRange(c, 3 * lone, 3 * lone + 3);
        double[] q1 = java.util.Arrays.copyOfRange(c, 3 * k1, 3 * k1 + 3),
                q2 = java.util.Arrays.copyOfRange(c, 3 * k2, 3 * k2 + 3);
        return new double[][] {join(pl, m1, m2), join(m1, q1, q2), join(m1, q2, m2)};
    }

    private static double[] join(double[] a, double[] b, double[] c) {
        double[] out = new double[9];
        System.arraycopy(a, 0, out, 0, 3);
        System.arraycopy(b, 0, out, 3, 3);
        System.arraycopy(c, 0, out, 6, 3);
        return out;
    }

    private static boolean inAnyPiece(ConvexPieceProvider.Pieces p, double x, double y, double z) {
        return p.shapes().stream().anyMatch(s -> ((HullShape) s).hull().contains(x, y, z, p.margin()));
    }

    @Test
    void lShapeDecomposesIntoCoveringPiecesThatLeaveTheNotchEmpty(@TempDir Path dir) {
        TriangleMesh l = lShape(0.1);
        ConvexPieceProvider.Pieces p = DecompositionPieces.cached(FAST, dir).pieces(l, "L");
        assertTrue(
                p.shapes().size() >= 2,
                "an L needs two pieces, got " + p.shapes().size());
        assertTrue(p.margin() < 1e-9, "pieces should hold the triangles up to rounding, margin " + p.margin());
        assertCovers(p, l);
        ConvexPieceProvider.Pieces one = ConvexPieceProvider.hull().pieces(l, "L");
        // the notch point (1.4, 1.4) is inside the L's hull but outside the L
        assertTrue(inAnyPiece(one, 0.14, 0.14, 0.05));
        assertTrue(!inAnyPiece(p, 0.14, 0.14, 0.05), "the decomposition should not fill the notch");
    }

    @Test
    void secondLoadComesFromTheCacheWithTheSamePieces(@TempDir Path dir) throws IOException {
        TriangleMesh l = lShape(0.1);
        ConvexPieceProvider.Pieces first = DecompositionPieces.cached(FAST, dir).pieces(l, "L");
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(1, files.filter(f -> f.toString().endsWith(".c4jd")).count());
        }
        assertTrue(new DecompositionCache(dir).contains(l, FAST));
        ConvexPieceProvider.Pieces second =
                DecompositionPieces.cached(FAST, dir).pieces(l, "L");
        assertEquals(first.shapes().size(), second.shapes().size());
        for (int i = 0; i < first.shapes().size(); i++) {
            assertArrayEquals(
                    ((HullShape) first.shapes().get(i)).hull().copyVertices(),
                    ((HullShape) second.shapes().get(i)).hull().copyVertices());
        }
        assertEquals(first.margin(), second.margin());
    }

    /**
     * A warm load skips the cache's own cover check (the cover search measures it anyway): a well-framed,
     * checksummed entry whose two pieces lie far from the mesh must still not reach the model.
     */
    @Test
    void wellFormedCacheEntryThatDoesNotCoverIsNotTrusted(@TempDir Path dir) throws Exception {
        TriangleMesh l = lShape(0.1);
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        java.io.DataOutputStream out = new java.io.DataOutputStream(bytes);
        out.write("C4JDECMP".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        out.writeInt(DecompositionCache.FORMAT_VERSION);
        out.write(java.util.HexFormat.of().parseHex(DecompositionCache.contentKey(l, FAST)));
        out.writeDouble(1.0);
        out.writeBoolean(true);
        out.writeInt(0);
        out.writeDouble(0);
        out.writeInt(2);
        for (double shift : new double[] {50, 60}) {
            out.writeInt(4);
            // a unit tetrahedron, its vertices in lexicographic order (the canonical form the cache expects)
            for (double x : new double[] {0, 0, 0, 0, 0, 1, 0, 1, 0, 1, 0, 0}) {
                out.writeDouble(x + shift);
            }
        }
        out.flush();
        byte[] body = bytes.toByteArray();
        byte[] all = java.util.Arrays.copyOf(body, body.length + 32);
        System.arraycopy(java.security.MessageDigest.getInstance("SHA-256").digest(body), 0, all, body.length, 32);
        DecompositionCache cache = new DecompositionCache(dir);
        Files.createDirectories(dir);
        Files.write(cache.entry(l, FAST), all);
        // the unchecked read does return the planted entry, so what follows exercises the model's own check
        assertEquals(2, cache.decomposeCoverUnchecked(l, FAST).pieces().size());
        assertEquals(
                50.0, cache.decomposeCoverUnchecked(l, FAST).pieces().get(0).copyVertices()[0]);
        ConvexPieceProvider.Pieces p = DecompositionPieces.cached(FAST, dir).pieces(l, "L");
        assertCovers(p, l);
        assertTrue(p.margin() < 1e-9, "margin " + p.margin());
    }

    @Test
    void aMeshIsCoveredOncePerProcessAndCacheFolder(@TempDir Path dir) {
        TriangleMesh l = lShape(0.1);
        ConvexPieceProvider.Pieces first = DecompositionPieces.cached(FAST, dir).pieces(l, "L");
        // another provider on the same folder (a robot built again for the next problem): the same cover, not a new one
        assertSame(first, DecompositionPieces.cached(FAST, dir).pieces(lShape(0.1), "L again"));
        // another folder is filled, not skipped; no cache at all computes every time
        assertNotSame(
                first, DecompositionPieces.cached(FAST, dir.resolve("other")).pieces(l, "L"));
        assertTrue(new DecompositionCache(dir.resolve("other")).contains(l, FAST));
        assertNotSame(
                DecompositionPieces.uncached(FAST).pieces(l, "L"),
                DecompositionPieces.uncached(FAST).pieces(l, "L"));
    }

    @Test
    void convexMeshGetsItsExactHull(@TempDir Path dir) {
        double[] v = {0, 0, 0, 0.1, 0, 0, 0, 0.1, 0, 0, 0, 0.1};
        TriangleMesh tet = new TriangleMesh(v, new int[] {0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3});
        ConvexPieceProvider.Pieces p = DecompositionPieces.cached(FAST, dir).pieces(tet, "tet");
        assertEquals(1, p.shapes().size());
        assertEquals(4, ((HullShape) p.shapes().get(0)).hull().vertexCount());
        assertEquals(0.1 * 0.1 * 0.1 / 6, ((HullShape) p.shapes().get(0)).hull().volume(), 1e-15);
    }

    @Test
    void precomputedFilesRoundTripAndAreVerified(@TempDir Path dir) throws IOException {
        TriangleMesh l = lShape(0.1);
        Path out = dir.resolve("pre");
        PrecomputedPieces.write(Map.of("ell", l), FAST, new DecompositionCache(dir.resolve("cache")), out, "test");
        AtomicInteger fallbacks = new AtomicInteger();
        ConvexPieceProvider fb = (m, what) -> {
            fallbacks.incrementAndGet();
            return ConvexPieceProvider.hull().pieces(m, what);
        };
        PrecomputedPieces pre =
                PrecomputedPieces.load(out.resolve("index.json").toUri().toURL(), fb);
        assertTrue(pre.knows(l));
        ConvexPieceProvider.Pieces p = pre.pieces(l, "L");
        ConvexPieceProvider.Pieces direct =
                DecompositionPieces.cached(FAST, dir.resolve("cache")).pieces(l, "L");
        assertEquals(direct.shapes().size(), p.shapes().size());
        assertCovers(p, l);
        assertEquals(0, fallbacks.get());
        // another mesh (here: the L scaled) is not in the index and goes to the fallback
        TriangleMesh bigger = lShape(0.2);
        assertTrue(!pre.knows(bigger));
        pre.pieces(bigger, "big L");
        assertEquals(1, fallbacks.get());

        // a piece moved away from its triangles: loud failure, never a silent under-cover
        Path obj = out.resolve("ell.obj");
        List<String> lines = Files.readAllLines(obj);
        StringBuilder moved = new StringBuilder();
        boolean firstObject = true;
        int objects = 0;
        for (String line : lines) {
            if (line.startsWith("o ")) {
                objects++;
                firstObject = objects == 1;
            }
            if (line.startsWith("v ") && firstObject) {
                String[] t = line.split(" ");
                line = "v " + (Double.parseDouble(t[1]) + 0.05) + " " + t[2] + " " + t[3];
            }
            moved.append(line).append('\n');
        }
        Files.writeString(obj, moved);
        PrecomputedPieces bad =
                PrecomputedPieces.load(out.resolve("index.json").toUri().toURL(), fb);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> bad.pieces(l, "L"));
        assertTrue(e.getMessage().contains("ell.obj") && e.getMessage().contains("do not cover"), e.getMessage());

        // a missing piece: the count in the index no longer matches
        int cut = moved.lastIndexOf("o ");
        Files.writeString(obj, moved.substring(0, cut));
        IllegalArgumentException c = assertThrows(
                IllegalArgumentException.class,
                () -> PrecomputedPieces.load(out.resolve("index.json").toUri().toURL(), fb));
        assertTrue(c.getMessage().contains("ell.obj") && c.getMessage().contains("objects"), c.getMessage());
    }

    private static RobotDescription panda() {
        Path d = MbmData.testData().resolve("vamp/resources/panda");
        return UrdfParser.create().withPackageRoots(List.of(d)).parse(d.resolve("panda.urdf"));
    }

    @Test
    void perLinkProviderChangesOnlyThatLink() throws IOException {
        RobotDescription d = panda();
        KinematicModel k = KinematicModel.of(d);
        Path root = MbmData.testData().toAbsolutePath().getParent().getParent();
        PrecomputedPieces pre = PrecomputedPieces.load(
                root.resolve("models/src/main/resources/io/collide4j/models/panda/decomposition/index.json")
                        .toUri()
                        .toURL(),
                ConvexPieceProvider.hull());
        RobotCollisionModel plain = RobotCollisionModel.builder(d, k).build();
        RobotCollisionModel one = RobotCollisionModel.builder(d, k)
                .pieces("panda_link6", pre, pre.name())
                .build();
        RobotCollisionModel all =
                RobotCollisionModel.builder(d, k).pieces(pre, pre.name()).build();
        int b6 = plain.bodyIndex("panda_link6");
        int link6Pieces = one.pieceEnd(b6) - one.pieceStart(b6);
        assertTrue(link6Pieces > 1, "link6 should be several pieces");
        assertEquals(plain.pieceCount() - 1 + link6Pieces, one.pieceCount());
        assertEquals(one.pieceCount(), all.pieceCount(), "the other Panda links are convex (one piece) in the index");
        for (int b = 0; b < plain.bodyCount(); b++) {
            if (b != b6) {
                assertEquals(plain.pieceEnd(b) - plain.pieceStart(b), one.pieceEnd(b) - one.pieceStart(b));
            }
        }
        assertNotEquals(plain.contentHash(), one.contentHash());
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> RobotCollisionModel.builder(d, k)
                        .pieces("panda_link66", pre, pre.name())
                        .build());
        assertTrue(e.getMessage().contains("panda_link66"), e.getMessage());
    }
}
