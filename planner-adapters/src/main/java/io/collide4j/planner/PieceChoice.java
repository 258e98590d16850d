package io.collide4j.planner;

import io.collide4j.checker.geometry.decomposition.DecompositionParameters;
import io.collide4j.checker.robot.ConcaveLinks;
import io.collide4j.checker.robot.ConvexPieceProvider;
import io.collide4j.checker.robot.DecompositionMode;
import io.collide4j.checker.robot.DecompositionPieces;
import io.collide4j.checker.robot.LinkConvexity;
import io.collide4j.checker.robot.PrecomputedPieces;
import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.models.Models;
import io.collide4j.urdf.RobotDescription;
import java.util.List;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * Which convex pieces cover the robot's and the scene's meshes: hulls, a given provider, the bundled robots'
 * precomputed decompositions, or a decomposition of every mesh or of the concave links only
 * ({@link DecompositionMode}). Stateless.
 *
 * @param scenePieces the provider for the scene's meshes
 * @param concave     the links decomposed by default ({@link DecompositionMode#CONCAVE}), else empty
 */
record PieceChoice(ConvexPieceProvider scenePieces, List<LinkConvexity> concave) {

    /** Chooses the pieces and sets the robot's on {@code mb}; {@code hear} (may be null) hears each mesh decomposed. */
    static PieceChoice apply(
            RobotCollisionModel.Builder mb,
            RobotDescription desc,
            DecompositionMode decomposition,
            @Nullable ConvexPieceProvider pieces,
            @Nullable String piecesName,
            boolean bundledDecomposition,
            @Nullable String bundledRobot,
            @Nullable Consumer<String> hear) {
        ConvexPieceProvider scenePieces = pieces == null ? ConvexPieceProvider.hull() : pieces;
        List<LinkConvexity> concave = List.of();
        if (decomposition == DecompositionMode.ALL) {
            if (pieces != null || bundledDecomposition) {
                throw new IllegalStateException("decompose(true) chooses the pieces itself: not together with"
                        + " pieces(...) or bundledDecomposition(true)");
            }
            DecompositionPieces d = DecompositionPieces.cached(DecompositionParameters.collisionDefaults());
            ConvexPieceProvider heard = heard(d, hear);
            scenePieces = heard;
            if (bundledRobot != null) {
                PrecomputedPieces pre = PrecomputedPieces.load(bundledDecompositionIndex(bundledRobot), d);
                mb.pieces(pre, pre.name());
            } else {
                mb.pieces(heard, d.name()); // the same pieces and name: the robot hash does not change
            }
        } else if (bundledDecomposition) {
            if (bundledRobot == null || pieces != null) {
                throw new IllegalStateException(
                        "bundledDecomposition needs a bundled robot (robot(name)) and no"
                                + " pieces(...) provider; for other robots use pieces(DecompositionPieces.cached(params), name)");
            }
            PrecomputedPieces pre =
                    PrecomputedPieces.load(bundledDecompositionIndex(bundledRobot), ConvexPieceProvider.hull());
            mb.pieces(pre, pre.name());
        } else if (pieces != null) {
            mb.pieces(pieces, piecesName);
        } else if (decomposition == DecompositionMode.CONCAVE) {
            concave = ConcaveLinks.concave(desc, ConcaveLinks.DEFAULT_THRESHOLD);
            if (!concave.isEmpty()) {
                // the same pieces, cache and provider name as decompose(true), link by link: the per-link name
                // enters the content hash, so a certificate binds which links were decomposed
                DecompositionPieces d = DecompositionPieces.cached(DecompositionParameters.collisionDefaults());
                ConvexPieceProvider heard = heard(d, hear);
                ConvexPieceProvider linkPieces = heard;
                String name = d.name();
                if (bundledRobot != null) {
                    PrecomputedPieces pre = PrecomputedPieces.load(bundledDecompositionIndex(bundledRobot), heard);
                    linkPieces = pre;
                    name = pre.name();
                }
                for (LinkConvexity c : concave) {
                    mb.pieces(c.link(), linkPieces, name);
                }
            }
        }
        return new PieceChoice(scenePieces, concave);
    }

    private static ConvexPieceProvider heard(DecompositionPieces d, Consumer<String> hear) {
        return hear == null
                ? d
                : (mesh, what) -> {
                    hear.accept(what);
                    return d.pieces(mesh, what);
                };
    }

    /** The index of a bundled robot's precomputed decompositions ({@code <robot>/decomposition/index.json}). */
    static java.net.URL bundledDecompositionIndex(String robot) {
        try {
            return new java.net.URL(Models.urdf(robot).toURL(), "decomposition/index.json");
        } catch (java.net.MalformedURLException e) {
            throw new IllegalStateException("bad bundled model URL for " + robot, e);
        }
    }
}
