package io.collide4j.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.robot.RobotCollisionModel;
import org.junit.jupiter.api.Test;

/** The façade's bundled precomputed decompositions: loaded from the models jar/classes, verified, used. */
class BundledDecompositionTest {

    @Test
    void pandaUsesSeveralPiecesForLink6AndOneHullElsewhere() {
        Collide4j hull = Collide4j.bundled("panda", "table_shelf");
        Collide4j dec = Collide4j.builder()
                .robot("panda")
                .sceneName("table_shelf")
                .bundledDecomposition(true)
                .build();
        RobotCollisionModel h = hull.model(), d = dec.model();
        int b6 = d.bodyIndex("panda_link6");
        assertTrue(d.pieceEnd(b6) - d.pieceStart(b6) > 1, "link6 should be decomposed");
        assertEquals(1, h.pieceEnd(b6) - h.pieceStart(b6));
        for (int b = 0; b < d.bodyCount(); b++) {
            if (b != b6) {
                assertEquals(h.pieceEnd(b) - h.pieceStart(b), d.pieceEnd(b) - d.pieceStart(b), d.bodyName(b));
            }
        }
        assertNotEquals(h.contentHash(), d.contentHash());
        // the decomposition's pieces are verified to cover the mesh on load; margins are rounding-sized
        for (int p = d.pieceStart(b6); p < d.pieceEnd(b6); p++) {
            assertTrue(d.pieceMargin(p) < 1e-6, "piece " + p + " margin " + d.pieceMargin(p));
        }
    }

    @Test
    void ur5eLoadsAndNeedsABundledRobot() {
        Collide4j dec = Collide4j.builder()
                .robot("ur5e")
                .sceneName("table_shelf")
                .bundledDecomposition(true)
                .build();
        assertEquals(
                Collide4j.bundled("ur5e", "table_shelf").model().pieceCount(),
                dec.model().pieceCount(),
                "every UR5e collision mesh is convex: one piece each");
        assertThrows(
                IllegalStateException.class,
                () -> Collide4j.builder()
                        .robot(io.collide4j.models.Models.robot("ur5e"), null)
                        .bundledDecomposition(true)
                        .build());
    }
}
