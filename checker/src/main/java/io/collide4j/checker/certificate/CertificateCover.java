package io.collide4j.checker.certificate;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.collide4j.checker.geometry.ConvexHull;
import io.collide4j.checker.geometry.HullShape;
import io.collide4j.checker.geometry.decomposition.CoverTree;
import io.collide4j.checker.robot.AttachedObject;
import io.collide4j.checker.robot.ConvexConversion;
import io.collide4j.checker.robot.PieceOrigin;
import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.ObstacleShape;
import io.collide4j.urdf.Geometry;
import io.collide4j.urdf.TriangleMesh;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * The {@code cover} section of a {@link CertificateFormat#FORMAT} certificate: for every mesh element a link (or an
 * attached mesh, element 0) covers with {@link PieceOrigin.Kind#DECOMPOSED} pieces, a {@link CoverTree} saying which of
 * those pieces holds which part of each mesh triangle. It is proof data, like the planes, not a statement of the inputs: the independent verifier
 * checks it against the mesh file (lemma D1 of verifier/SOUNDNESS.md), so it is not part of the bound witness. One
 * section per model, computed once (a walk over the mesh like the decomposer's cover check) and kept while the model
 * lives (two threads may both compute one, with equal results); thread-safe.
 */
public final class CertificateCover {
    /** One decomposed element: the link, the index of its collision element, the tree text. */
    @JsonPropertyOrder({"link", "element", "tree"})
    public record Entry(String link, int element, String tree) {}

    private static final Map<RobotCollisionModel, List<Entry>> MEMO = Collections.synchronizedMap(new WeakHashMap<>());

    private CertificateCover() {}

    /** The entries for {@code model}'s decomposed elements, in body and element order (empty if it has none). */
    static List<Entry> of(RobotCollisionModel model) {
        List<Entry> known = MEMO.get(model);
        if (known != null) {
            return known;
        }
        List<Entry> out = new ArrayList<>();
        for (int body = 0; body < model.bodyCount(); body++) {
            String link = model.bodyName(body);
            int p = model.pieceStart(body);
            while (p < model.pieceEnd(body)) {
                PieceOrigin o = model.pieceOrigin(p);
                int end = p;
                List<ConvexHull> hulls = new ArrayList<>();
                while (end < model.pieceEnd(body)
                        && model.pieceOrigin(end).kind() == PieceOrigin.Kind.DECOMPOSED
                        && model.pieceOrigin(end).element() == o.element()) {
                    hulls.add(((HullShape) model.pieceElementShape(end)).hull());
                    end++;
                }
                if (hulls.isEmpty()) {
                    p++;
                    continue;
                }
                TriangleMesh mesh = model.isAttached(body)
                        ? attachedMesh(model, link)
                        : ((Geometry.Mesh) model.kinematics()
                                        .description()
                                        .link(link)
                                        .orElseThrow()
                                        .collisions()
                                        .get(o.element())
                                        .geometry())
                                .mesh()
                                .orElseThrow();
                out.add(new Entry(
                        link, o.element(), CoverTree.encode(ConvexConversion.scaled(mesh, o.scale()), hulls)));
                p = end;
            }
        }
        List<Entry> result = List.copyOf(out);
        MEMO.put(model, result);
        return result;
    }

    /** The mesh of attached object {@code name} (its pieces are DECOMPOSED only when it is a mesh). */
    private static TriangleMesh attachedMesh(RobotCollisionModel model, String name) {
        for (AttachedObject a : model.attachedObjects()) {
            if (a.name().equals(name)) {
                return ((ObstacleShape.Mesh) a.shape()).mesh();
            }
        }
        throw new IllegalStateException("no attached object '" + name + "'");
    }
}
