package io.collide4j.checker.geometry.decomposition;

import io.collide4j.checker.geometry.ConvexHull;
import io.collide4j.urdf.TriangleMesh;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * A directory of decompositions keyed by SHA-256 of the mesh content (vertex bits and triangle
 * indices) and the result-affecting parameters. An entry is trusted only if its magic, format
 * version, key and SHA-256 trailer match, its pieces rebuild to the stored vertex counts, and every
 * triangle of the mesh lies inside one of its pieces, whole or as sub-triangles ({@link SubTriangle}); otherwise it is recomputed and rewritten, so
 * a damaged or stale cache can cost time but never give a wrong answer. Writes are atomic (temporary
 * file, then rename). Thread-safe; concurrent writers of one key write identical content.
 */
public final class DecompositionCache {
    /** Bump when the entry layout changes (the algorithm has {@link Decomposer#ALGORITHM_VERSION}, also in the key). */
    public static final int FORMAT_VERSION = 1;

    private static final byte[] MAGIC = "C4JDECMP".getBytes(StandardCharsets.US_ASCII);

    private final Path directory;

    public DecompositionCache(Path directory) {
        this.directory = directory;
    }

    /** System property naming the cache folder; it wins over {@link #ENV}. */
    public static final String PROPERTY = "collide4j.cacheDir";
    /** Environment variable naming the cache folder (for the command line: no JVM option needed). */
    public static final String ENV = "COLLIDE4J_CACHE_DIR";

    /** The cache in {@link #defaultDirectory()}. */
    public static DecompositionCache defaultCache() {
        return new DecompositionCache(defaultDirectory());
    }

    /**
     * The cache folder: the system property {@value #PROPERTY}, else the environment variable {@value #ENV}, else
     * {@code $XDG_CACHE_HOME/collide4j/decomposition}, else {@code ~/.cache/collide4j/decomposition}. A blank
     * property or variable is an error naming it (a typo must not silently move the cache).
     */
    public static Path defaultDirectory() {
        String chosen = System.getProperty(PROPERTY);
        String name = "-D" + PROPERTY;
        if (chosen == null) {
            chosen = System.getenv(ENV);
            name = ENV;
        }
        if (chosen != null) {
            if (chosen.isBlank()) {
                throw new IllegalArgumentException(name + " is empty; give the decomposition cache folder or unset it");
            }
            return Path.of(chosen);
        }
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()
                ? Path.of(xdg)
                : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("collide4j").resolve("decomposition");
    }

    public Path directory() {
        return directory;
    }

    /** The cached decomposition of {@code mesh} for {@code params}, computing and storing it on a miss. */
    public Decomposition decompose(TriangleMesh mesh, DecompositionParameters params) {
        return decompose(mesh, params, null);
    }

    /**
     * As {@link #decompose(TriangleMesh, DecompositionParameters)}; a miss reports to {@code stepsDone} as
     * {@link Decomposer#decompose(TriangleMesh, DecompositionParameters, LongConsumer)} does, a hit does not.
     */
    public Decomposition decompose(TriangleMesh mesh, DecompositionParameters params, LongConsumer stepsDone) {
        return decompose(mesh, params, stepsDone, true);
    }

    /**
     * As {@link #decompose(TriangleMesh, DecompositionParameters)}, but an intact entry (checksum, key, canonical
     * pieces) is returned without checking that its pieces cover {@code mesh}: for a caller that measures the cover
     * itself and decomposes again where that fails ({@code robot.DecompositionPieces}), so a warm load does not
     * search the same covering twice. Anything else must use {@link #decompose}, which never returns an entry that
     * does not cover.
     */
    public Decomposition decomposeCoverUnchecked(TriangleMesh mesh, DecompositionParameters params) {
        return decompose(mesh, params, null, false);
    }

    /** The cached entry (its cover checked against {@code mesh} when {@code checkCover}), else a fresh one, stored. */
    private Decomposition decompose(
            TriangleMesh mesh, DecompositionParameters params, LongConsumer stepsDone, boolean checkCover) {
        byte[] key = key(mesh, params);
        Path file = fileFor(key);
        Decomposition cached = load(file, key, mesh, checkCover);
        if (cached != null) {
            return cached;
        }
        Decomposition d = Decomposer.decompose(mesh, params, stepsDone);
        store(file, key, d);
        return d;
    }

    /** Whether a valid entry exists for this mesh and parameters (validates like {@link #decompose}). */
    public boolean contains(TriangleMesh mesh, DecompositionParameters params) {
        byte[] key = key(mesh, params);
        return load(fileFor(key), key, mesh, true) != null;
    }

    /** The entry file for this mesh and parameters (it need not exist). */
    public Path entry(TriangleMesh mesh, DecompositionParameters params) {
        return fileFor(key(mesh, params));
    }

    private Path fileFor(byte[] key) {
        return directory.resolve(HexFormat.of().formatHex(key) + ".c4jd");
    }

    /**
     * The key of a mesh's decomposition with these parameters, in hex: SHA-256 of the format and algorithm versions,
     * the canonical parameters and the mesh content (equal keys, equal decompositions).
     */
    public static String contentKey(TriangleMesh mesh, DecompositionParameters params) {
        return HexFormat.of().formatHex(key(mesh, params));
    }

    /** SHA-256 of the format and algorithm versions, the canonical parameters and the mesh content. */
    static byte[] key(TriangleMesh mesh, DecompositionParameters params) {
        MessageDigest md = sha256();
        md.update(("collide4j-decomposition v" + FORMAT_VERSION + " algorithm " + Decomposer.ALGORITHM_VERSION + "\n"
                        + params.canonicalKey() + "\n")
                .getBytes(StandardCharsets.UTF_8));
        ByteBuffer b = ByteBuffer.allocate(8 * 3 * Math.max(1, mesh.vertexCount()) + 8);
        b.putInt(mesh.vertexCount());
        for (int v = 0; v < mesh.vertexCount(); v++) {
            for (int a = 0; a < 3; a++) {
                b.putLong(Double.doubleToLongBits(mesh.vertex(v, a)));
            }
        }
        md.update(b.array(), 0, b.position());
        b = ByteBuffer.allocate(4 * 3 * mesh.triangleCount() + 4);
        b.putInt(mesh.triangleCount());
        for (int t = 0; t < mesh.triangleCount(); t++) {
            for (int c = 0; c < 3; c++) {
                b.putInt(mesh.index(t, c));
            }
        }
        md.update(b.array(), 0, b.position());
        return md.digest();
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK lacks SHA-256", e);
        }
    }

    private static void store(Path file, byte[] key, Decomposition d) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(bytes);
            out.write(MAGIC);
            out.writeInt(FORMAT_VERSION);
            out.write(key);
            DecompositionStats s = d.stats();
            out.writeDouble(s.meshVolume());
            out.writeBoolean(s.meshClosed());
            out.writeInt(s.voxels());
            out.writeDouble(s.computeMillis());
            out.writeInt(d.pieces().size());
            for (ConvexHull h : d.pieces()) {
                double[] v = Hulls.sortedTriples(h); // pieces are hulls of their sorted vertices: exact rebuild
                out.writeInt(v.length / 3);
                for (double x : v) {
                    out.writeDouble(x);
                }
            }
            out.flush();
            byte[] body = bytes.toByteArray();
            byte[] all = Arrays.copyOf(body, body.length + 32);
            System.arraycopy(sha256().digest(body), 0, all, body.length, 32);
            Files.createDirectories(file.getParent());
            Path tmp = Files.createTempFile(file.getParent(), file.getFileName().toString(), ".tmp");
            try {
                Files.write(tmp, all);
                try {
                    Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write decomposition cache entry " + file, e);
        }
    }

    /** The entry's decomposition if it is intact and (unless {@code checkCover} is false) covers {@code mesh}, else null. */
    private static Decomposition load(Path file, byte[] key, TriangleMesh mesh, boolean checkCover) {
        byte[] all;
        try {
            all = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read decomposition cache entry " + file, e);
        }
        if (all.length < MAGIC.length + 4 + 32 + 32) {
            return null;
        }
        byte[] body = Arrays.copyOf(all, all.length - 32);
        if (!Arrays.equals(sha256().digest(body), Arrays.copyOfRange(all, body.length, all.length))) {
            return null;
        }
        try (DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(body))) {
            byte[] magic = in.readNBytes(MAGIC.length);
            if (!Arrays.equals(magic, MAGIC)
                    || in.readInt() != FORMAT_VERSION
                    || !Arrays.equals(in.readNBytes(32), key)) {
                return null;
            }
            double meshVolume = in.readDouble();
            boolean closed = in.readBoolean();
            int voxels = in.readInt();
            double millis = in.readDouble();
            int n = in.readInt();
            if (n < 1 || n > 1_000_000) {
                return null;
            }
            List<ConvexHull> pieces = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                int nv = in.readInt();
                if (nv < 4 || nv > 10_000_000 / 3) {
                    return null;
                }
                double[] v = new double[3 * nv];
                for (int k = 0; k < v.length; k++) {
                    v[k] = in.readDouble();
                    if (!Double.isFinite(v[k])) {
                        return null;
                    }
                }
                ConvexHull h = Hulls.of(v);
                if (!Arrays.equals(Hulls.sortedTriples(h), v)) {
                    return null;
                }
                pieces.add(h);
            }
            if (in.available() != 0 || (checkCover && !covers(pieces, mesh))) {
                return null;
            }
            return new Decomposition(pieces, () -> DecompositionStats.of(pieces, meshVolume, closed, voxels, millis));
        } catch (IOException | RuntimeException e) {
            return null; // truncated or unreadable: recompute
        }
    }

    /** True if the pieces hold every triangle exactly, whole or by sub-triangles ({@link PatchAssignment#covers}). */
    static boolean covers(List<ConvexHull> pieces, TriangleMesh mesh) {
        return PatchAssignment.covers(pieces, mesh);
    }
}
