package io.collide4j.checker.geometry.decomposition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.geometry.ConvexHull;
import io.collide4j.urdf.TriangleMesh;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DecompositionCacheTest {
    private static final DecompositionParameters P = DecomposerTest.TEST;

    @TempDir
    Path dir;

    private static TriangleMesh mesh() {
        return TestMeshes.read(TestMeshes.vhacd("box-thick.obj"));
    }

    @Test
    void missComputesAndStoresHitReturnsTheSamePieces() {
        DecompositionCache cache = new DecompositionCache(dir);
        TriangleMesh m = mesh();
        assertFalse(cache.contains(m, P));
        Decomposition first = cache.decompose(m, P);
        assertTrue(Files.isRegularFile(cache.entry(m, P)));
        assertTrue(cache.contains(m, P));
        Decomposition second = cache.decompose(m, P);
        assertEquals(first.pieces(), second.pieces());
        assertEquals(Decomposer.decompose(m, P).pieces(), second.pieces());
        assertEquals(first.stats().meshVolume(), second.stats().meshVolume());
    }

    @Test
    void keyDependsOnMeshContentAndResultAffectingParametersOnly() {
        TriangleMesh m = mesh();
        byte[] k = DecompositionCache.key(m, P);
        assertTrue(Arrays.equals(
                k, DecompositionCache.key(m, P.toBuilder().threads(1).build())));
        assertFalse(Arrays.equals(
                k,
                DecompositionCache.key(
                        m, P.toBuilder().resolution(P.resolution() + 1).build())));
        assertFalse(Arrays.equals(
                k,
                DecompositionCache.key(
                        m, P.toBuilder().shrinkWrap(!P.shrinkWrap()).build())));
        double[] v = m.copyVertices();
        v[0] = Math.nextUp(v[0]);
        assertFalse(Arrays.equals(k, DecompositionCache.key(new TriangleMesh(v, m.copyTriangles()), P)));
        int[] t = m.copyTriangles();
        int swap = t[0];
        t[0] = t[1];
        t[1] = swap;
        assertFalse(Arrays.equals(k, DecompositionCache.key(new TriangleMesh(m.copyVertices(), t), P)));
    }

    @Test
    void corruptedOrTruncatedEntriesAreRecomputed() throws Exception {
        DecompositionCache cache = new DecompositionCache(dir);
        TriangleMesh m = mesh();
        List<ConvexHull> expected = cache.decompose(m, P).pieces();
        Path entry = cache.entry(m, P);
        byte[] good = Files.readAllBytes(entry);
        for (int variant = 0; variant < 4; variant++) {
            byte[] bad = good.clone();
            switch (variant) {
                case 0 -> bad[bad.length / 2] ^= 0x10; // flipped bit in a coordinate
                case 1 -> bad = Arrays.copyOf(good, good.length / 3); // truncated
                case 2 -> bad[3] ^= 1; // magic
                default -> bad = new byte[0];
            }
            Files.write(entry, bad);
            assertFalse(cache.contains(m, P), "variant " + variant);
            assertEquals(expected, cache.decompose(m, P).pieces(), "variant " + variant);
            assertTrue(cache.contains(m, P), "entry rewritten, variant " + variant);
            assertEquals(expected, cache.decompose(m, P).pieces(), "variant " + variant);
        }
    }

    @Test
    void wellFormedEntryThatDoesNotCoverTheMeshIsRejected() throws Exception {
        DecompositionCache cache = new DecompositionCache(dir);
        TriangleMesh m = mesh();
        // A correctly framed and checksummed entry (format written here independently) holding one
        // small tetrahedron: it cannot contain the mesh's triangles, so it must not be trusted.
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.write("C4JDECMP".getBytes(StandardCharsets.US_ASCII));
        out.writeInt(DecompositionCache.FORMAT_VERSION);
        out.write(DecompositionCache.key(m, P));
        out.writeDouble(1.0);
        out.writeBoolean(true);
        out.writeInt(0);
        out.writeDouble(0);
        out.writeInt(1);
        out.writeInt(4);
        for (double x : new double[] {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1}) {
            out.writeDouble(x + 370);
        }
        out.flush();
        byte[] body = bytes.toByteArray();
        byte[] all = Arrays.copyOf(body, body.length + 32);
        System.arraycopy(MessageDigest.getInstance("SHA-256").digest(body), 0, all, body.length, 32);
        Files.createDirectories(dir);
        Files.write(cache.entry(m, P), all);
        assertFalse(cache.contains(m, P));
        Decomposition d = cache.decompose(m, P);
        assertNotEquals(1, d.pieces().size() == 1 && d.pieces().get(0).vertexCount() == 4 ? 1 : 0);
        assertEquals(-1, PieceChecks.firstUncovered(m, d.pieces(), 1e-9 * PieceChecks.diagonal(m)));
        assertTrue(cache.contains(m, P));
    }

    @Test
    void entryOfAnotherMeshUnderThisKeyIsRejected() throws Exception {
        DecompositionCache cache = new DecompositionCache(dir);
        TriangleMesh a = mesh();
        TriangleMesh b = TestMeshes.read(TestMeshes.vhacd("cube-notch.obj"));
        cache.decompose(b, P);
        Files.copy(cache.entry(b, P), cache.entry(a, P));
        assertFalse(cache.contains(a, P)); // the key stored inside names mesh b
        assertEquals(Decomposer.decompose(a, P).pieces(), cache.decompose(a, P).pieces());
    }

    @Test
    void defaultDirectoryIsUnderTheUserCache() {
        assertEquals(
                Path.of(System.getProperty("user.home"), ".cache", "collide4j", "decomposition"),
                DecompositionCache.defaultDirectory());
    }
    /** -Dcollide4j.cacheDir chooses the folder (CLI users: COLLIDE4J_CACHE_DIR); blank is refused, not ignored. */
    @Test
    void theCacheFolderIsSettable(@TempDir Path dir) {
        String before = System.getProperty(DecompositionCache.PROPERTY);
        try {
            System.setProperty(DecompositionCache.PROPERTY, dir.resolve("c").toString());
            assertEquals(dir.resolve("c"), DecompositionCache.defaultDirectory());
            assertEquals(dir.resolve("c"), DecompositionCache.defaultCache().directory());
            System.setProperty(DecompositionCache.PROPERTY, " ");
            IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
                    IllegalArgumentException.class, DecompositionCache::defaultDirectory);
            assertTrue(e.getMessage().contains(DecompositionCache.PROPERTY), e.getMessage());
            System.clearProperty(DecompositionCache.PROPERTY);
            if (System.getenv(DecompositionCache.ENV) == null && System.getenv("XDG_CACHE_HOME") == null) {
                assertEquals(
                        Path.of(System.getProperty("user.home"), ".cache", "collide4j", "decomposition"),
                        DecompositionCache.defaultDirectory());
            }
        } finally {
            if (before == null) {
                System.clearProperty(DecompositionCache.PROPERTY);
            } else {
                System.setProperty(DecompositionCache.PROPERTY, before);
            }
        }
    }
}
