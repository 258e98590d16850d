package io.collide4j.checker.scene;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.urdf.Pose;
import io.collide4j.urdf.TriangleMesh;
import java.util.List;
import java.util.Random;
import org.joml.Matrix4d;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

class SceneTest {

    @Test
    void copyOnWriteEditsLeaveSnapshotsUnchanged() {
        Obstacle box = new Obstacle("box", new ObstacleShape.Box(1, 1, 1), Pose.IDENTITY);
        Scene s1 = Scene.empty().with(box);
        Scene s2 = s1.with(new Obstacle("ball", new ObstacleShape.Sphere(0.5), new Pose(5, 0, 0, 0, 0, 0, 1)));
        Scene s3 = s2.moved("box", new Pose(0, 10, 0, 0, 0, 0, 1));
        Scene s4 = s3.without("ball");
        assertEquals(1, s1.size());
        assertEquals(2, s2.size());
        assertEquals(Pose.IDENTITY, s2.obstacle("box").orElseThrow().pose());
        assertEquals(10, s3.obstacle("box").orElseThrow().pose().y());
        assertEquals(1, s4.size());
        assertTrue(s4.obstacle("ball").isEmpty());
        DynamicAabbTree.Hits h = new DynamicAabbTree.Hits();
        assertEquals(1, s2.querySphere(0, 0, 0, 0.1, h).count());
        assertEquals(0, s3.querySphere(0, 0, 0, 0.1, h).count());
        assertEquals(1, s3.querySphere(0, 10, 0, 0.1, h).count());
        assertEquals("box", s3.slot(h.get(0)).name());
        assertThrows(IllegalArgumentException.class, () -> s1.with(box));
        assertThrows(IllegalArgumentException.class, () -> s1.without("nope"));
        assertThrows(IllegalArgumentException.class, () -> s1.moved("nope", Pose.IDENTITY));
    }

    @Test
    void contentHashIgnoresEditOrderButNotContent() {
        Obstacle a = new Obstacle("a", new ObstacleShape.Box(1, 2, 3), Pose.IDENTITY);
        Obstacle b = new Obstacle("b", new ObstacleShape.Cylinder(0.1, 0.5), new Pose(1, 2, 3, 0, 0, 0, 1));
        Scene ab = Scene.of(List.of(a, b));
        Scene ba = Scene.of(List.of(b, a));
        assertEquals(ab.contentHash(), ba.contentHash());
        assertNotEquals(
                ab.contentHash(),
                ab.moved("a", new Pose(0, 0, 1e-9, 0, 0, 0, 1)).contentHash());
        assertNotEquals(ab.contentHash(), Scene.of(List.of(a)).contentHash());
    }

    /** World bounds must contain every point of the shape: sample surface points and check. */
    @Test
    void worldBoundsContainSampledPoints() {
        Random rnd = new Random(7);
        TriangleMesh tet = new TriangleMesh(
                new double[] {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1}, new int[] {0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3});
        for (int trial = 0; trial < 60; trial++) {
            Vector3d axis = new Vector3d(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian()).normalize();
            double ang = rnd.nextDouble() * 6;
            org.joml.Quaterniond q = new org.joml.Quaterniond().rotationAxis(ang, axis.x, axis.y, axis.z);
            Pose pose = new Pose(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian(), q.x, q.y, q.z, q.w);
            ObstacleShape[] shapes = {
                new ObstacleShape.Box(0.3, 1.2, 0.7),
                new ObstacleShape.Sphere(0.4),
                new ObstacleShape.Cylinder(0.2, 1.5),
                new ObstacleShape.Capsule(0.1, 0.8),
                new ObstacleShape.ConvexHull(new double[] {0, 0, 0, 1, 2, 3, -1, 0.5, 0, 0, 0, -2}),
                new ObstacleShape.Mesh(tet)
            };
            for (ObstacleShape s : shapes) {
                Obstacle o = new Obstacle("o", s, pose);
                double[] wb = o.worldBounds(new double[6]);
                Matrix4d m = pose.toMatrix(new Matrix4d());
                double tightest = Double.POSITIVE_INFINITY;
                for (int k = 0; k < 400; k++) {
                    Vector3d p = extremePoint(s, rnd);
                    m.transformPosition(p);
                    for (int i = 0; i < 3; i++) {
                        assertTrue(p.get(i) >= wb[i] && p.get(i) <= wb[3 + i], s + " point outside bounds");
                        tightest = Math.min(tightest, Math.min(p.get(i) - wb[i], wb[3 + i] - p.get(i)));
                    }
                }
                if (!(s instanceof ObstacleShape.ConvexHull) && !(s instanceof ObstacleShape.Mesh)) {
                    assertTrue(tightest < 0.05, s + " bounds are loose by " + tightest);
                }
            }
        }
    }

    // Points on the boundary (for the hull and mesh: the vertices), in the shape frame.
    private static Vector3d extremePoint(ObstacleShape s, Random rnd) {
        Vector3d u = new Vector3d(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian()).normalize();
        if (s instanceof ObstacleShape.Box b) {
            return new Vector3d(
                    Math.signum(u.x) * b.sizeX() / 2,
                    Math.signum(u.y) * b.sizeY() / 2,
                    Math.signum(u.z) * b.sizeZ() / 2);
        } else if (s instanceof ObstacleShape.Sphere sp) {
            return u.mul(sp.radius());
        } else if (s instanceof ObstacleShape.Cylinder c) {
            double a = rnd.nextDouble() * 2 * Math.PI;
            return new Vector3d(
                    c.radius() * Math.cos(a),
                    c.radius() * Math.sin(a),
                    rnd.nextBoolean() ? c.length() / 2 : -c.length() / 2);
        } else if (s instanceof ObstacleShape.Capsule c) {
            return u.mul(c.radius()).add(0, 0, u.z > 0 ? c.length() / 2 : -c.length() / 2);
        } else if (s instanceof ObstacleShape.ConvexHull h) {
            int i = rnd.nextInt(h.pointCount());
            return new Vector3d(h.point(i, 0), h.point(i, 1), h.point(i, 2));
        }
        TriangleMesh m = ((ObstacleShape.Mesh) s).mesh();
        int i = rnd.nextInt(m.vertexCount());
        return new Vector3d(m.vertex(i, 0), m.vertex(i, 1), m.vertex(i, 2));
    }

    @Test
    void rejectsBadShapes() {
        assertThrows(IllegalArgumentException.class, () -> new ObstacleShape.Box(0, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> new ObstacleShape.Sphere(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> new ObstacleShape.Capsule(0.1, -1));
        assertThrows(IllegalArgumentException.class, () -> new ObstacleShape.ConvexHull(new double[] {0, 1}));
        assertFalse(new ObstacleShape.ConvexHull(new double[] {0, 0, 0})
                .equals(new ObstacleShape.ConvexHull(new double[] {0, 0, 1})));
    }
}
