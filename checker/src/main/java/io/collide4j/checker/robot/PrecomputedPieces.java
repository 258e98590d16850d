package io.collide4j.checker.robot;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import io.collide4j.checker.geometry.ConvexHull;
import io.collide4j.checker.geometry.decomposition.Decomposition;
import io.collide4j.checker.geometry.decomposition.DecompositionCache;
import io.collide4j.checker.geometry.decomposition.DecompositionParameters;
import io.collide4j.checker.geometry.hull.QuickHull;
import io.collide4j.checker.scene.ContentDigest;
import io.collide4j.kinematics.format.InputFormatException;
import io.collide4j.kinematics.format.StrictJson;
import io.collide4j.urdf.TriangleMesh;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Convex decompositions shipped as files (e.g. bundled with a robot), used without recomputation.
 * An {@code index.json} lists meshes by content hash ({@link #meshDigest}) with their piece count and,
 * for more than one piece, an OBJ file holding one object ({@code o}) per piece; pieces are rebuilt as
 * the QuickHull of each object's vertices. Each mesh's pieces are <b>verified</b> against the mesh
 * when first used: the covering margin is measured ({@link PieceCover}) and a gap above
 * {@link #MAX_GAP} throws naming the file, so a corrupt or mismatched file fails loudly instead of
 * under-covering. A mesh not in the index (another robot, or scaled by inflation) goes to the
 * fallback provider; a one-piece entry becomes the plain hull of the mesh. Immutable after loading,
 * thread-safe (verified pieces are memoised in a concurrent map).
 */
public final class PrecomputedPieces implements ConvexPieceProvider {
    /** Largest covering gap (m) accepted from a file; the measured gap is still added as margin. */
    public static final double MAX_GAP = 1e-6;
    /** Index format name and version written by {@link #write} and accepted by {@link #load}. */
    public static final String FORMAT = "collide4j-precomputed-decomposition";

    public static final int VERSION = 1;

    private record Entry(String name, int count, String file, List<double[]> objects) {}

    private final String source;
    private final Map<String, Entry> byDigest;
    private final ConvexPieceProvider fallback;
    private final String name;
    private final Map<String, Pieces> verified = new ConcurrentHashMap<>();

    /** index.json as written by {@link #write}; {@code generator} and {@code parameters} are provenance. */
    @JsonPropertyOrder({"format", "version", "generator", "parameters", "meshes"})
    record IndexDoc(String format, Integer version, String generator, String parameters, Map<String, MeshDoc> meshes) {}

    /** One mesh: its content hash, piece count, the OBJ holding the pieces (when more than one), and a statistic. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"sha256", "pieces", "file", "unionExcessPercent"})
    record MeshDoc(String sha256, Integer pieces, String file, Double unionExcessPercent) {}

    private PrecomputedPieces(String source, Map<String, Entry> byDigest, ConvexPieceProvider fallback, String name) {
        this.source = source;
        this.byDigest = byDigest;
        this.fallback = fallback;
        this.name = name;
    }

    /**
     * Reads {@code index} and every OBJ file it names (resolved relative to it; works inside jars).
     * Malformed content throws naming the file and line; coverage is checked per mesh on first use.
     */
    public static PrecomputedPieces load(URL index, ConvexPieceProvider fallback) {
        byte[] indexBytes = read(index);
        String indexText = new String(indexBytes, StandardCharsets.UTF_8);
        String src = index.toString();
        IndexDoc root = StrictJson.read(new ByteArrayInputStream(indexBytes), src, IndexDoc.class);
        if (!FORMAT.equals(root.format()) || root.version() == null || root.version() != VERSION) {
            throw new InputFormatException(
                    src,
                    "format",
                    0,
                    0,
                    "expected \"format\": \"" + FORMAT + "\" and \"version\": " + VERSION + ", found " + root.format()
                            + " version " + root.version());
        }
        StrictJson.require(root.meshes(), src, "meshes");
        ContentDigest all = new ContentDigest().add(FORMAT).add(indexText);
        Map<String, Entry> byDigest = new LinkedHashMap<>();
        for (Map.Entry<String, MeshDoc> e : root.meshes().entrySet()) {
            String mesh = e.getKey();
            MeshDoc m = e.getValue();
            String sha = StrictJson.require(m == null ? null : m.sha256(), src, "meshes." + mesh + ".sha256");
            Integer n = StrictJson.require(m.pieces(), src, "meshes." + mesh + ".pieces");
            if (n < 1) {
                throw new InputFormatException(
                        src, "meshes." + mesh + ".pieces", 0, 0, "expected an integer >= 1, found " + n);
            }
            int count = n;
            String file = m.file();
            List<double[]> objects = List.of();
            if (count > 1) {
                if (file == null) {
                    throw new IllegalArgumentException(
                            index + ": mesh \"" + mesh + "\" has " + count + " pieces but no \"file\"");
                }
                URL url = resolve(index, file);
                byte[] obj = read(url);
                all.add(file).add(new String(obj, StandardCharsets.UTF_8));
                objects = parseObjects(obj, url.toString());
                if (objects.size() != count) {
                    throw new IllegalArgumentException(url + ": expected " + count + " objects (pieces of mesh \""
                            + mesh + "\" per " + index + "), found " + objects.size());
                }
            }
            if (byDigest.put(
                            sha,
                            new Entry(
                                    mesh,
                                    count,
                                    file == null ? null : resolve(index, file).toString(),
                                    objects))
                    != null) {
                throw new IllegalArgumentException(index + ": mesh hash " + sha + " listed twice");
            }
        }
        return new PrecomputedPieces(index.toString(), byDigest, fallback, "precomputed(" + all.hex() + ")");
    }

    /** Name for {@link RobotCollisionModel.Builder#pieces}: a hash of the index and all piece files. */
    public String name() {
        return name;
    }

    /** Names of the meshes in the index, in index order. */
    public List<String> meshNames() {
        return byDigest.values().stream().map(Entry::name).toList();
    }

    /** Whether the index holds pieces for exactly this mesh content. */
    public boolean knows(TriangleMesh mesh) {
        return byDigest.containsKey(meshDigest(mesh));
    }

    @Override
    public Pieces pieces(TriangleMesh mesh, String what) {
        String digest = meshDigest(mesh);
        Entry e = byDigest.get(digest);
        if (e == null) {
            return fallback.pieces(mesh, what);
        }
        if (e.count == 1) {
            return ConvexPieceProvider.hull().pieces(mesh, what);
        }
        return verified.computeIfAbsent(digest, k -> verify(e, mesh, what));
    }

    private static Pieces verify(Entry e, TriangleMesh mesh, String what) {
        List<ConvexHull> hulls = new ArrayList<>(e.objects.size());
        for (int i = 0; i < e.objects.size(); i++) {
            ConvexHull h = QuickHull.compute(e.objects.get(i));
            if (h.dimension() != 3) {
                throw new IllegalStateException(e.file + ": piece " + i + " of mesh \"" + e.name
                        + "\" spans no volume (dimension " + h.dimension() + ")");
            }
            hulls.add(h);
        }
        Pieces p = PieceCover.of(hulls, mesh);
        if (p.margin() > MAX_GAP) {
            throw new IllegalStateException(e.file + ": its " + hulls.size() + " pieces do not cover " + what
                    + " (mesh \"" + e.name + "\"): a triangle corner lies " + p.margin() + " m outside, more than "
                    + MAX_GAP + " m; regenerate the decomposition");
        }
        return p;
    }

    /** Content hash of a mesh (exact vertex bits and triangle indices) used as the index key. */
    public static String meshDigest(TriangleMesh mesh) {
        return new ContentDigest()
                .add("collide4j-mesh")
                .add(mesh.copyVertices())
                .add(mesh.copyTriangles())
                .hex();
    }

    /**
     * Decomposes each mesh (through {@code cache}) and writes {@code directory/index.json} plus one
     * {@code <name>.obj} per mesh with more than one piece; {@code names} are file-name-safe mesh names.
     * Returns the decompositions by name.
     */
    public static Map<String, Decomposition> write(
            Map<String, TriangleMesh> meshes,
            DecompositionParameters params,
            DecompositionCache cache,
            Path directory,
            String generator) {
        Map<String, Decomposition> out = new LinkedHashMap<>();
        Map<String, MeshDoc> entries = new LinkedHashMap<>();
        try {
            Files.createDirectories(directory);
            for (Map.Entry<String, TriangleMesh> e : meshes.entrySet()) {
                if (!e.getKey().matches("[A-Za-z0-9_.-]+")) {
                    throw new IllegalArgumentException("mesh name '" + e.getKey() + "' is not file-name safe");
                }
                Decomposition d = cache.decompose(e.getValue(), params);
                out.put(e.getKey(), d);
                String file = null;
                if (d.pieces().size() > 1) {
                    file = e.getKey() + ".obj";
                    d.writeObj(directory.resolve(file));
                }
                entries.put(
                        e.getKey(),
                        new MeshDoc(
                                meshDigest(e.getValue()),
                                d.pieces().size(),
                                file,
                                Math.round(d.stats().unionExcessPercent() * 10) / 10.0));
            }
            IndexDoc root = new IndexDoc(FORMAT, VERSION, generator, params.canonicalKey(), entries);
            String text = StrictJson.mapper()
                    .writer(new DefaultPrettyPrinter()
                            .withSeparators(Separators.createDefaultInstance()
                                    .withObjectFieldValueSpacing(Separators.Spacing.AFTER)))
                    .writeValueAsString(root);
            Files.writeString(directory.resolve("index.json"), text + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write precomputed decompositions to " + directory, e);
        }
        return out;
    }

    /** One vertex list per {@code o} object; faces are ignored (pieces are hulls of their vertices). */
    static List<double[]> parseObjects(byte[] data, String source) {
        List<double[]> out = new ArrayList<>();
        double[] cur = null;
        int n = 0;
        String[] lines = new String(data, StandardCharsets.UTF_8).split("\n", -1);
        for (int ln = 0; ln < lines.length; ln++) {
            String line = lines[ln].strip();
            if (line.startsWith("o ") || line.equals("o")) {
                if (cur != null) {
                    out.add(Arrays.copyOf(cur, n));
                }
                cur = new double[48];
                n = 0;
            } else if (line.startsWith("v ")) {
                if (cur == null) {
                    throw new IllegalArgumentException(
                            source + " line " + (ln + 1) + ": vertex before the first 'o' object");
                }
                String[] t = line.split("\\s+");
                if (t.length != 4) {
                    throw new IllegalArgumentException(
                            source + " line " + (ln + 1) + ": expected 'v x y z', found '" + line + "'");
                }
                if (n + 3 > cur.length) {
                    cur = Arrays.copyOf(cur, 2 * cur.length);
                }
                for (int a = 1; a <= 3; a++) {
                    double x;
                    try {
                        x = Double.parseDouble(t[a]);
                    } catch (NumberFormatException ex) {
                        throw new IllegalArgumentException(
                                source + " line " + (ln + 1) + ": bad coordinate '" + t[a] + "'");
                    }
                    if (!Double.isFinite(x)) {
                        throw new IllegalArgumentException(
                                source + " line " + (ln + 1) + ": non-finite coordinate '" + t[a] + "'");
                    }
                    cur[n++] = x;
                }
            }
        }
        if (cur != null) {
            out.add(Arrays.copyOf(cur, n));
        }
        for (int i = 0; i < out.size(); i++) {
            if (out.get(i).length < 12) {
                throw new IllegalArgumentException(source + ": object " + i + " has " + out.get(i).length / 3
                        + " vertices, a convex piece needs at least 4");
            }
        }
        return out;
    }

    private static URL resolve(URL index, String file) {
        try {
            return new URL(index, file);
        } catch (java.net.MalformedURLException e) {
            throw new IllegalArgumentException(index + ": bad file name '" + file + "'", e);
        }
    }

    private static byte[] read(URL url) {
        try (InputStream in = url.openStream()) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + url, e);
        }
    }

    @Override
    public String toString() {
        return "PrecomputedPieces[" + source + ", " + byDigest.size() + " meshes]";
    }
}
