package io.collide4j.checker.batch;

import io.collide4j.checker.query.PreparedScene;
import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.Obstacle;
import io.collide4j.checker.scene.Scene;
import io.collide4j.kinematics.KinematicModel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The checked pairs of a {@link BatchRobot}, in {@code isFree}'s terms, as primitive tables for the device tiers:
 * every (piece of a body meeting the environment, piece of an obstacle the ACM does not allow for that body), then
 * every piece pair of the model's self pairs. A pair's second side is a robot piece (≥ 0) or an obstacle piece
 * ({@code -1 - index}). Also maps the pair {@code isFree} blocked on back to its index here.
 *
 * <p>Immutable and thread-safe.
 */
final class PairTable {

    final int[] pairA; // robot piece
    final int[] pairB; // robot piece (>= 0) or obstacle piece (-1 - index)
    final double[] pairMargin; // margins of both sides
    final int[] pairShared; // movable joints both chains share (motion tier)
    private final int[] envPair; // pair index of (robot piece, obstacle piece), -1 if unchecked
    private final int[] selfPair; // pair index of (robot piece, robot piece), -1 if unchecked
    private final int pieces;
    private final int obstaclePieces;

    PairTable(
            RobotCollisionModel model,
            PreparedScene scene,
            KinematicModel kinematics,
            int[] pieceLink,
            double[] pieceMargin,
            double[] obstacleMargin) {
        Scene sc = scene.scene();
        int np = pieceLink.length;
        int no = obstacleMargin.length;
        pieces = np;
        obstaclePieces = no;
        List<int[]> pairs = new ArrayList<>();
        envPair = new int[Math.max(1, np * no)];
        selfPair = new int[Math.max(1, np * np)];
        Arrays.fill(envPair, -1);
        Arrays.fill(selfPair, -1);
        for (int body = 0; body < model.bodyCount(); body++) {
            if (!model.meetsEnvironment(body)) {
                continue;
            }
            for (int slot = 0; slot < sc.slotCount(); slot++) {
                Obstacle o = sc.slot(slot);
                if (o == null || !model.checks(body, o.name())) {
                    continue;
                }
                for (int p = model.pieceStart(body); p < model.pieceEnd(body); p++) {
                    for (int k = scene.pieceStart(slot); k < scene.pieceEnd(slot); k++) {
                        envPair[p * no + k] = pairs.size();
                        pairs.add(new int[] {p, -1 - k});
                    }
                }
            }
        }
        for (int i = 0; i < model.selfPairCount(); i++) {
            int ba = model.selfPairA(i), bb = model.selfPairB(i);
            for (int p = model.pieceStart(ba); p < model.pieceEnd(ba); p++) {
                for (int r = model.pieceStart(bb); r < model.pieceEnd(bb); r++) {
                    selfPair[p * np + r] = pairs.size();
                    pairs.add(new int[] {p, r});
                }
            }
        }
        pairA = pairs.stream().mapToInt(x -> x[0]).toArray();
        pairB = pairs.stream().mapToInt(x -> x[1]).toArray();
        pairMargin = new double[pairA.length];
        pairShared = new int[pairA.length];
        for (int p = 0; p < pairA.length; p++) {
            int a = pairA[p], o = pairB[p];
            double mm = pieceMargin[a] + (o >= 0 ? pieceMargin[o] : obstacleMargin[-1 - o]);
            pairMargin[p] = mm * (1 + 1e-12);
            pairShared[p] = o >= 0 ? kinematics.sharedChainLength(pieceLink[a], pieceLink[o]) : 0;
        }
    }

    /** Number of checked pairs. */
    int count() {
        return pairA.length;
    }

    /**
     * Index of the pair of robot piece a and piece b (an obstacle piece when {@code environment}, else a robot
     * piece), or -1 when that pair is not checked.
     */
    int indexOf(boolean environment, int a, int b) {
        return environment ? envPair[a * obstaclePieces + b] : selfPair[a * pieces + b];
    }
}
