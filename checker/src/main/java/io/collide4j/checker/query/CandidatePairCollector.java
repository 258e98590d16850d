package io.collide4j.checker.query;

import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.Obstacle;
import io.collide4j.checker.scene.Scene;
import io.collide4j.kinematics.LinkPoses;
import io.collide4j.kinematics.RobotSegment;
import org.joml.Vector3d;

/**
 * Broad phase of the checker: the candidate pairs of a motion segment (swept bounding spheres against the scene's
 * tree and each other) or of one state, into a {@link CandidatePairs} list. A pair left out is provably farther
 * apart than the reach asked for. Immutable; the lists live in the {@link QueryContext}.
 */
public final class CandidatePairCollector {
    private final RobotCollisionModel model;
    private final PreparedScene prepared;
    private final SpeedGrid grid;

    CandidatePairCollector(RobotCollisionModel model, PreparedScene prepared, SpeedGrid grid) {
        this.model = model;
        this.prepared = prepared;
        this.grid = grid;
    }

    /**
     * Candidate pairs of the context's segment, into {@code c.pairs}: pairs whose swept bounding spheres (sphere at
     * s = 0 grown by the certified path length over [0, 1]) can come within {@code reach}; all others stay farther
     * apart than reach for the whole motion.
     */
    public void collectMotionPairs(QueryContext c, double reach) {
        c.pairs.clear();
        RobotSegment seg = c.segment;
        LinkPoses p0 = seg.posesAt(0);
        Scene scene = prepared.scene();
        for (int body = 0; body < model.bodyCount(); body++) {
            if (!model.meetsEnvironment(body)) {
                continue;
            }
            int link = model.bodyLink(body);
            // The body's swept volume: a sphere about the body sphere's centre that holds every piece's swept sphere.
            Vector3d bc = PairDistance.worldCentre(
                    p0, link, model.bodySphere(body, 0), model.bodySphere(body, 1), model.bodySphere(body, 2), c.v);
            double sweep = 0;
            for (int p = model.pieceStart(body); p < model.pieceEnd(body); p++) {
                Vector3d pc = PairDistance.worldCentre(
                        p0, link, model.pieceSphere(p, 0), model.pieceSphere(p, 1), model.pieceSphere(p, 2), c.w);
                sweep = Math.max(sweep, pc.distance(bc) + grid.pieceSweep(c, p));
            }
            scene.querySphere(bc.x, bc.y, bc.z, sweep * (1 + 1e-12) + reach, c.hits);
            for (int h = 0; h < c.hits.count(); h++) {
                int slot = c.hits.get(h);
                if (!model.checks(body, scene.slot(slot).name())) {
                    continue;
                }
                scene.slotBounds(slot, c.box);
                for (int p = model.pieceStart(body); p < model.pieceEnd(body); p++) {
                    Vector3d pc = PairDistance.worldCentre(
                            p0, link, model.pieceSphere(p, 0), model.pieceSphere(p, 1), model.pieceSphere(p, 2), c.w);
                    if (PairDistance.boxDistance(c.box, pc.x, pc.y, pc.z) - grid.pieceSweep(c, p) > reach) {
                        continue;
                    }
                    for (int k = prepared.pieceStart(slot); k < prepared.pieceEnd(slot); k++) {
                        c.pairs.add(PairKind.ENVIRONMENT, p, k, slot);
                    }
                }
            }
        }
        for (int i = 0; i < model.selfPairCount(); i++) {
            int ba = model.selfPairA(i), bb = model.selfPairB(i);
            int la = model.bodyLink(ba), lb = model.bodyLink(bb);
            for (int p = model.pieceStart(ba); p < model.pieceEnd(ba); p++) {
                for (int r = model.pieceStart(bb); r < model.pieceEnd(bb); r++) {
                    Vector3d pa = PairDistance.worldCentre(
                            p0, la, model.pieceSphere(p, 0), model.pieceSphere(p, 1), model.pieceSphere(p, 2), c.v);
                    Vector3d pb = PairDistance.worldCentre(
                            p0, lb, model.pieceSphere(r, 0), model.pieceSphere(r, 1), model.pieceSphere(r, 2), c.w);
                    double gap = pa.distance(pb) - model.pieceSphere(p, 3) - model.pieceSphere(r, 3);
                    if (grid.selfPairFar(c, p, r, gap, reach)) {
                        continue;
                    }
                    c.pairs.add(PairKind.SELF, p, r, -1);
                }
            }
        }
    }

    /** Every checked pair at the poses whose bounding volumes come within d (d = infinity: all checked pairs), into out. */
    void collectDiscretePairs(LinkPoses poses, double margin, QueryContext c, CandidatePairs out) {
        out.clear();
        Scene scene = prepared.scene();
        for (int body = 0; body < model.bodyCount(); body++) {
            if (!model.meetsEnvironment(body)) {
                continue;
            }
            int link = model.bodyLink(body);
            Vector3d bc = PairDistance.worldCentre(
                    poses, link, model.bodySphere(body, 0), model.bodySphere(body, 1), model.bodySphere(body, 2), c.v);
            if (Double.isInfinite(margin)) {
                for (int slot = 0; slot < scene.slotCount(); slot++) {
                    addEnvPairs(body, slot, out);
                }
            } else {
                scene.querySphere(bc.x, bc.y, bc.z, model.bodySphere(body, 3) + margin, c.hits);
                for (int h = 0; h < c.hits.count(); h++) {
                    addEnvPairs(body, c.hits.get(h), out);
                }
            }
        }
        for (int i = 0; i < model.selfPairCount(); i++) {
            int ba = model.selfPairA(i), bb = model.selfPairB(i);
            for (int p = model.pieceStart(ba); p < model.pieceEnd(ba); p++) {
                for (int r = model.pieceStart(bb); r < model.pieceEnd(bb); r++) {
                    out.add(PairKind.SELF, p, r, -1);
                }
            }
        }
    }

    private void addEnvPairs(int body, int slot, CandidatePairs out) {
        Obstacle o = prepared.scene().slot(slot);
        if (o == null || !model.checks(body, o.name())) {
            return;
        }
        for (int p = model.pieceStart(body); p < model.pieceEnd(body); p++) {
            for (int k = prepared.pieceStart(slot); k < prepared.pieceEnd(slot); k++) {
                out.add(PairKind.ENVIRONMENT, p, k, slot);
            }
        }
    }
}
