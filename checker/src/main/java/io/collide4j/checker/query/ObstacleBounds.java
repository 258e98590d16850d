package io.collide4j.checker.query;

import io.collide4j.checker.geometry.Aabb;
import io.collide4j.checker.geometry.AffineRows;
import io.collide4j.checker.geometry.BoxShape;
import io.collide4j.checker.geometry.ConvexShape;
import io.collide4j.checker.geometry.CylinderShape;
import io.collide4j.checker.geometry.SphereShape;
import io.collide4j.checker.geometry.TransformedShape;
import org.joml.Matrix4d;

/**
 * Per obstacle piece of a {@link PreparedScene}, a world-frame primitive that answers "how far is this point from the
 * piece, at least" in a few flops: the sphere tier's obstacle side. Boxes, cylinders and spheres (placed rigidly)
 * are measured exactly in their own frame; every other piece by its world bounding box, which contains it.
 *
 * <p>Rounding: the world placement is the obstacle pose times the piece's own placement, recomposed here, and a
 * point is taken into the piece frame by the transposed rotation; each differs from what GJK evaluates by a few
 * units of 2⁻⁵³ of the coordinates' size (rotations rigid to {@link AffineRows#RIGID_DEFECT}). {@link #lowerBound}
 * subtracts 4·10⁻¹² of that size plus 10⁻¹² m, far more. The piece's covering and pose margin
 * ({@link PreparedScene#margin}) is the caller's to subtract, as for GJK. Immutable.
 */
final class ObstacleBounds {
    private static final int BOX = 0, CYLINDER = 1, SPHERE = 2, AABB = 3;

    private final int[] kind;
    /** 12 per piece: rotation rows (world to piece: local = Rᵀ (x − t)) r00..r22, then t (or AABB min / max). */
    private final double[] frame;
    /** 3 per piece: box half extents; cylinder radius, half length; sphere radius. */
    private final double[] size;
    /** Per piece: the slack's size scale (|t| plus the piece's extent). */
    private final double[] scale;

    ObstacleBounds(PreparedScene scene) {
        int slots = scene.scene().slotCount();
        int n = slots == 0 ? 0 : scene.pieceEnd(slots - 1);
        kind = new int[n];
        frame = new double[12 * n];
        size = new double[3 * n];
        scale = new double[n];
        Matrix4d m = new Matrix4d();
        double[] b = new double[6];
        double[] rows = new double[12];
        for (int slot = 0; slot < scene.scene().slotCount(); slot++) {
            for (int k = scene.pieceStart(slot); k < scene.pieceEnd(slot); k++) {
                ConvexShape s = scene.shape(k);
                m.set(scene.pose(slot));
                ConvexShape inner = s;
                if (s instanceof TransformedShape t) {
                    m.mul(t.matrix(new Matrix4d()));
                    inner = t.inner();
                }
                AffineRows.load(m, rows);
                boolean rigid = AffineRows.orthonormalityDefect(rows) <= AffineRows.RIGID_DEFECT;
                double extent;
                if (rigid && inner instanceof BoxShape box) {
                    kind[k] = BOX;
                    size[3 * k] = box.hx();
                    size[3 * k + 1] = box.hy();
                    size[3 * k + 2] = box.hz();
                    extent = box.hx() + box.hy() + box.hz();
                } else if (rigid && inner instanceof CylinderShape c) {
                    kind[k] = CYLINDER;
                    size[3 * k] = c.radius();
                    size[3 * k + 1] = c.halfLength();
                    extent = c.radius() + c.halfLength();
                } else if (rigid && inner instanceof SphereShape sp) {
                    kind[k] = SPHERE;
                    size[3 * k] = sp.radius();
                    extent = sp.radius();
                } else {
                    kind[k] = AABB;
                    s.localBounds(b);
                    worldBox(scene.pose(slot), b, frame, 12 * k);
                    scale[k] = Math.abs(frame[12 * k])
                            + Math.abs(frame[12 * k + 1])
                            + Math.abs(frame[12 * k + 2])
                            + Math.abs(frame[12 * k + 3])
                            + Math.abs(frame[12 * k + 4])
                            + Math.abs(frame[12 * k + 5]);
                    continue;
                }
                System.arraycopy(rows, 0, frame, 12 * k, 12);
                scale[k] = Math.abs(m.m30()) + Math.abs(m.m31()) + Math.abs(m.m32()) + extent;
            }
        }
    }

    /**
     * World AABB of local bounds b under pose p ({@link Aabb#transformed}, already rounded outward), grown by this
     * class's own slack of 10⁻¹² of its size plus 10⁻¹² m, into dest[o..o+5] (min, max).
     */
    private static void worldBox(org.joml.Matrix4dc p, double[] b, double[] dest, int o) {
        Aabb w = new Aabb(b[0], b[1], b[2], b[3], b[4], b[5]).transformed(p);
        double slack = 1e-12
                        * (Math.abs(w.minX())
                                + Math.abs(w.minY())
                                + Math.abs(w.minZ())
                                + Math.abs(w.maxX())
                                + Math.abs(w.maxY())
                                + Math.abs(w.maxZ()))
                + 1e-12;
        dest[o] = w.minX() - slack;
        dest[o + 1] = w.minY() - slack;
        dest[o + 2] = w.minZ() - slack;
        dest[o + 3] = w.maxX() + slack;
        dest[o + 4] = w.maxY() + slack;
        dest[o + 5] = w.maxZ() + slack;
    }

    /**
     * A lower bound on the distance from world point (x, y, z) to obstacle piece k (without the piece's
     * {@link PreparedScene#margin}); 0 or less inside. NaN input gives NaN.
     */
    double lowerBound(int k, double x, double y, double z) {
        int o = 12 * k;
        double slack = 4e-12 * (Math.abs(x) + Math.abs(y) + Math.abs(z) + scale[k]) + 1e-12;
        if (kind[k] == AABB) {
            double dx = Math.max(0, Math.max(frame[o] - x, x - frame[o + 3]));
            double dy = Math.max(0, Math.max(frame[o + 1] - y, y - frame[o + 4]));
            double dz = Math.max(0, Math.max(frame[o + 2] - z, z - frame[o + 5]));
            return Math.sqrt(dx * dx + dy * dy + dz * dz) - slack;
        }
        double px = x - frame[o + 9], py = y - frame[o + 10], pz = z - frame[o + 11];
        // local = Rᵀ p: column c of R dotted with p
        double lx = frame[o] * px + frame[o + 3] * py + frame[o + 6] * pz;
        double ly = frame[o + 1] * px + frame[o + 4] * py + frame[o + 7] * pz;
        double lz = frame[o + 2] * px + frame[o + 5] * py + frame[o + 8] * pz;
        int s = 3 * k;
        double d;
        switch (kind[k]) {
            case BOX -> {
                double dx = Math.max(0, Math.abs(lx) - size[s]);
                double dy = Math.max(0, Math.abs(ly) - size[s + 1]);
                double dz = Math.max(0, Math.abs(lz) - size[s + 2]);
                d = Math.sqrt(dx * dx + dy * dy + dz * dz);
            }
            case CYLINDER -> {
                double dr = Math.max(0, Math.sqrt(lx * lx + ly * ly) - size[s]);
                double dz = Math.max(0, Math.abs(lz) - size[s + 1]);
                d = Math.sqrt(dr * dr + dz * dz);
            }
            default -> d = Math.sqrt(lx * lx + ly * ly + lz * lz) - size[s];
        }
        return d - slack;
    }
}
