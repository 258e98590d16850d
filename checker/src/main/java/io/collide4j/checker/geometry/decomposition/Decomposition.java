package io.collide4j.checker.geometry.decomposition;

import io.collide4j.checker.geometry.ConvexHull;
import io.collide4j.urdf.TriangleMesh;
import io.collide4j.urdf.mesh.MeshWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * An immutable convex decomposition of a triangle mesh: pieces whose union holds every input triangle:
 * each triangle, or each {@link SubTriangle} patch it is cut into where it straddles pieces, has its
 * three (computed) corners satisfy all face planes of one piece, as computed in double precision, up to
 * the patches' {@link SubTriangle#roundingBound} ({@link PatchAssignment#covers} checks it). Safe to share between threads.
 */
public final class Decomposition {
    private final List<ConvexHull> pieces;
    private final Supplier<DecompositionStats> statsSource;
    // Computed on first use: a robot loading pieces from the cache never asks for the union-volume estimate.
    // Racing threads may both compute it; the result is deterministic and immutable, so either write is right.
    private volatile DecompositionStats stats;
    private final CoverPatches patches; // null when read from a cache (only pieces are stored)

    /** Read from a cache: the stats are computed when first asked for. */
    Decomposition(List<ConvexHull> pieces, Supplier<DecompositionStats> stats) {
        this.pieces = List.copyOf(pieces);
        this.statsSource = stats;
        this.patches = null;
    }

    Decomposition(List<ConvexHull> pieces, DecompositionStats stats, CoverPatches patches) {
        this.pieces = List.copyOf(pieces);
        this.stats = stats;
        this.statsSource = () -> stats;
        this.patches = patches;
        if (patches != null && patches.pieceCount() != pieces.size()) {
            throw new IllegalArgumentException(patches + " for " + pieces.size() + " pieces");
        }
    }

    /**
     * The patches each piece was verified to hold, when this decomposition was computed in this process (empty
     * when read from a {@link DecompositionCache}, which stores pieces only): lets the covering margin be measured
     * without searching for a covering assignment again.
     */
    public Optional<CoverPatches> coverPatches() {
        return Optional.ofNullable(patches);
    }

    /** The convex pieces, in a deterministic order. */
    public List<ConvexHull> pieces() {
        return pieces;
    }

    public DecompositionStats stats() {
        DecompositionStats s = stats;
        if (s == null) {
            s = statsSource.get();
            stats = s;
        }
        return s;
    }

    /** The pieces as triangle meshes (outward counter-clockwise triangles), in piece order. */
    public List<TriangleMesh> pieceMeshes() {
        List<TriangleMesh> out = new ArrayList<>(pieces.size());
        for (ConvexHull h : pieces) {
            out.add(new TriangleMesh(h.copyVertices(), h.copyTriangles()));
        }
        return out;
    }

    /** Writes Wavefront OBJ text with one object ({@code o piece_i}) per piece, faces outward, exact doubles. */
    public void writeObj(Writer out) throws IOException {
        out.write("# collide4j convex decomposition: " + stats() + "\n");
        List<String> names = new ArrayList<>();
        for (int i = 0; i < pieces.size(); i++) {
            names.add("piece_" + i);
        }
        MeshWriter.writeObj(pieceMeshes(), names, out);
    }

    /** {@link #writeObj(Writer)} to a file (UTF-8, replaced if present). */
    public void writeObj(Path file) {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            writeObj(w);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write decomposition to " + file, e);
        }
    }

    @Override
    public String toString() {
        return "Decomposition[" + stats() + "]";
    }
}
