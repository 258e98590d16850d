package io.collide4j.checker.robot;

import io.collide4j.checker.geometry.decomposition.MeshConvexity;
import io.collide4j.urdf.Geometry;
import io.collide4j.urdf.GeometryElement;
import io.collide4j.urdf.LinkDescription;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.TriangleMesh;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * The default choice between one covering hull and a convex decomposition, per link: a link is decomposed when one of
 * its closed collision meshes has a hull more than {@link #DEFAULT_THRESHOLD} times its volume. The ratio is unchanged
 * by a link's scale (any affine map keeps volume ratios), so it is measured once per mesh. Open meshes bound no volume
 * and keep their hull ({@code --decompose} still decomposes them). Stateless and thread-safe (the memo is synchronized).
 */
public final class ConcaveLinks {
    /**
     * Hull volume / mesh volume above which a link is decomposed by default. Chosen on measured false refusals
     * (DECOMPOSITION.md, "Decomposition by default"): the decomposer's pieces themselves add 1–5 % volume on robot
     * links at the default parameters, so below ~1.05 there is nothing to win back; example-robot-data's UR5 has links
     * at 1.058–1.077 (wrists, shoulder), 1.176 (base) and 1.46–1.55 (upper arm, forearm), and the refusals come from
     * the latter. Every convex vendor link measured (Panda, UR5e, Fanuc) is at most 1.0003.
     */
    public static final double DEFAULT_THRESHOLD = 1 + ConcaveLinks.DEFAULT_PERCENT / 100.0;

    /** {@link #DEFAULT_THRESHOLD} as the volume percent one hull adds (for option help texts). */
    public static final int DEFAULT_PERCENT = 10;

    private static final Map<TriangleMesh, MeshConvexity> MEMO = Collections.synchronizedMap(new WeakHashMap<>());

    private ConcaveLinks() {}

    /** Every link with a mesh in its collision geometry, in the description's order, each with its worst mesh. */
    public static List<LinkConvexity> survey(RobotDescription description) {
        List<LinkConvexity> out = new ArrayList<>();
        for (LinkDescription l : description.links()) {
            LinkConvexity worst = null;
            for (GeometryElement e : l.collisions()) {
                if (!(e.geometry() instanceof Geometry.Mesh m) || m.mesh().isEmpty()) {
                    continue;
                }
                LinkConvexity c = new LinkConvexity(
                        l.name(), m.filename(), convexity(m.mesh().get()));
                if (worst == null || worse(c, worst)) {
                    worst = c;
                }
            }
            if (worst != null) {
                out.add(worst);
            }
        }
        return out;
    }

    /** The links of {@code description} decomposed by default at {@code threshold}. */
    public static List<LinkConvexity> concave(RobotDescription description, double threshold) {
        if (!(threshold >= 1) || !Double.isFinite(threshold)) {
            throw new IllegalArgumentException(
                    "concave-link threshold: expected a hull/mesh volume ratio >= 1, got " + threshold);
        }
        return survey(description).stream().filter(c -> c.concave(threshold)).toList();
    }

    // a closed mesh with a measure ranks above an open one; among closed ones the larger excess
    private static boolean worse(LinkConvexity a, LinkConvexity b) {
        if (a.convexity().closed() != b.convexity().closed()) {
            return a.convexity().closed();
        }
        return a.convexity().closed()
                && a.convexity().hullExcess() > b.convexity().hullExcess();
    }

    private static MeshConvexity convexity(TriangleMesh mesh) {
        MeshConvexity c = MEMO.get(mesh);
        if (c == null) {
            c = MeshConvexity.of(mesh);
            MEMO.put(mesh, c);
        }
        return c;
    }
}
