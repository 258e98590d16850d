package io.collide4j.checker.robot;

import io.collide4j.checker.geometry.decomposition.MeshConvexity;
import java.util.Locale;
import org.jspecify.annotations.NullMarked;

/**
 * How far one link's collision meshes are from convex: the worst of its meshes by {@link MeshConvexity#hullExcess()}
 * (hull volume / mesh volume), or an open mesh (no volume, so no measure) when the link has one and no closed mesh
 * worse than the threshold. {@code mesh} is the file of the mesh that decided.
 */
@NullMarked
public record LinkConvexity(String link, String mesh, MeshConvexity convexity) {

    /** Whether the default decomposition ({@link ConcaveLinks}) takes this link at {@code threshold}. */
    public boolean concave(double threshold) {
        return convexity.closed() && convexity.hullExcess() > threshold;
    }

    /** Why the link is (or is not) decomposed by default, for the CLI's note and the server's reply. */
    public String reason() {
        String file = mesh.substring(mesh.lastIndexOf('/') + 1);
        if (!convexity.closed()) {
            return "open mesh " + file + ": no volume, so how far from convex is unknown";
        }
        return String.format(
                Locale.ROOT, "one hull adds %.1f %% volume to %s", 100 * (convexity.hullExcess() - 1), file);
    }
}
