package io.collide4j.checker.batch;

import io.collide4j.checker.query.PreparedScene;
import io.collide4j.checker.scene.Scene;
import org.joml.Matrix4dc;
import org.joml.Vector3d;

/**
 * The obstacle pieces of a {@link PreparedScene} as primitive tables for the device tiers, indexed by the prepared
 * scene's piece index: each piece's oriented bounding box (world), its 8 world corners (which contain the piece,
 * for the separating-direction tier), its margin and its scene slot. Boxes are grown by a relative hair because
 * their centre and rotation are themselves rounded.
 *
 * <p>Immutable and thread-safe.
 */
final class ObstacleBoxes {

    final double[] obb; // 15 per piece: R row-major (world <- box), centre (world), half extents
    final double[] obstacleCorner; // 24 per piece: the 8 world corners of its box
    final double[] obstacleMargin;
    final int[] obstacleSlot;

    ObstacleBoxes(PreparedScene scene) {
        Scene sc = scene.scene();
        int no = sc.slotCount() == 0 ? 0 : scene.pieceEnd(sc.slotCount() - 1);
        obb = new double[15 * no];
        obstacleCorner = new double[24 * no];
        obstacleMargin = new double[no];
        obstacleSlot = new int[no];
        double[] bounds = new double[6];
        for (int slot = 0; slot < sc.slotCount(); slot++) {
            if (sc.slot(slot) == null) {
                continue;
            }
            Matrix4dc pose = scene.pose(slot);
            for (int k = scene.pieceStart(slot); k < scene.pieceEnd(slot); k++) {
                obstacleSlot[k] = slot;
                obstacleMargin[k] = scene.margin(k);
                scene.shape(k).localBounds(bounds);
                putBox(pose, bounds, k);
            }
        }
    }

    /** Number of obstacle pieces. */
    int count() {
        return obstacleMargin.length;
    }

    private void putBox(Matrix4dc p, double[] bounds, int k) {
        double cx = (bounds[0] + bounds[3]) / 2, cy = (bounds[1] + bounds[4]) / 2, cz = (bounds[2] + bounds[5]) / 2;
        Vector3d c = p.transformPosition(new Vector3d(cx, cy, cz));
        int o = 15 * k;
        obb[o] = p.m00();
        obb[o + 1] = p.m10();
        obb[o + 2] = p.m20();
        obb[o + 3] = p.m01();
        obb[o + 4] = p.m11();
        obb[o + 5] = p.m21();
        obb[o + 6] = p.m02();
        obb[o + 7] = p.m12();
        obb[o + 8] = p.m22();
        obb[o + 9] = c.x;
        obb[o + 10] = c.y;
        obb[o + 11] = c.z;
        // half extents grown by a relative hair: the box centre and rotation are themselves rounded
        double grow = 1e-12 * (Math.abs(c.x) + Math.abs(c.y) + Math.abs(c.z) + 1);
        obb[o + 12] = (bounds[3] - bounds[0]) / 2 + grow;
        obb[o + 13] = (bounds[4] - bounds[1]) / 2 + grow;
        obb[o + 14] = (bounds[5] - bounds[2]) / 2 + grow;
        for (int corner = 0; corner < 8; corner++) {
            Vector3d w = p.transformPosition(new Vector3d(
                    (corner & 1) == 0 ? bounds[0] - grow : bounds[3] + grow,
                    (corner & 2) == 0 ? bounds[1] - grow : bounds[4] + grow,
                    (corner & 4) == 0 ? bounds[2] - grow : bounds[5] + grow));
            obstacleCorner[24 * k + 3 * corner] = w.x;
            obstacleCorner[24 * k + 3 * corner + 1] = w.y;
            obstacleCorner[24 * k + 3 * corner + 2] = w.z;
        }
    }
}
