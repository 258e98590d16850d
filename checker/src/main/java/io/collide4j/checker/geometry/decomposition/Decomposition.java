package io.collide4j.checker.geometry.decomposition;

import io.collide4j.checker.geometry.ConvexHull;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * An immutable convex decomposition of a triangle mesh: pieces such that every input triangle lies
 * inside at least one piece (each triangle's three vertices satisfy all face planes of one piece
 * exactly, as computed in double precision). Safe to share between threads.
 */
public final class Decomposition {
    private final List<ConvexHull> pieces;
    private final DecompositionStats stats;

    Decomposition(List<ConvexHull> pieces, DecompositionStats stats) {
        this.pieces = List.copyOf(pieces);
        this.stats = stats;
    }

    /** The convex pieces, in a deterministic order. */
    public List<ConvexHull> pieces() {
        return pieces;
    }

    public DecompositionStats stats() {
        return stats;
    }

    /** Writes Wavefront OBJ text with one object ({@code o piece_i}) per piece, faces outward. */
    public void writeObj(Writer out) throws IOException {
        out.write("# collide4j convex decomposition: " + stats + "\n");
        int base = 1;
        for (int i = 0; i < pieces.size(); i++) {
            ConvexHull h = pieces.get(i);
            double[] v = Hulls.vertices(h);
            int[] f = Hulls.faces(h);
            out.write("o piece_" + i + "\n");
            for (int k = 0; k < v.length; k += 3) {
                // shortest round-tripping decimal form keeps the file exact
                out.write("v " + Double.toString(v[k]) + " " + Double.toString(v[k + 1]) + " " + Double.toString(v[k + 2]) + "\n");
            }
            for (int k = 0; k < f.length; k += 3) {
                out.write(String.format(Locale.ROOT, "f %d %d %d%n", base + f[k], base + f[k + 1], base + f[k + 2]));
            }
            base += v.length / 3;
        }
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
        return "Decomposition[" + stats + "]";
    }
}
