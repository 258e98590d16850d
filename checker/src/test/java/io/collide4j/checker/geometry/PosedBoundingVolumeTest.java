package io.collide4j.checker.geometry;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.TestMeshes;
import io.collide4j.checker.geometry.mesh.MeshBvh;
import io.collide4j.checker.geometry.mesh.MeshQuery;
import java.util.Random;
import org.joml.Matrix4d;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Bounding volumes carried by rigid poses (sphere, Arvo's AABB update, OBB) and their overlap tests: they contain
 * every transformed vertex, and they never say "apart" where the exact mesh oracle says the meshes touch.
 */
class PosedBoundingVolumeTest {

    private static Matrix4d randomPose(Random r, double spread) {
        Quaterniond q =
                new Quaterniond(r.nextGaussian(), r.nextGaussian(), r.nextGaussian(), r.nextGaussian()).normalize();
        return new Matrix4d()
                .translationRotate(spread * r.nextGaussian(), spread * r.nextGaussian(), spread * r.nextGaussian(), q);
    }

    @Test
    void transformedVolumesContainEveryTransformedVertex() {
        Random r = new Random(11);
        Vector3d v = new Vector3d();
        for (TestMeshes.Indexed m : TestMeshes.allRobotMeshes()) {
            double[] p = m.vertices();
            BoundingSphere s = BoundingSphere.welzl(p);
            Aabb a = Aabb.of(p);
            Obb o = Obb.pca(p);
            for (int k = 0; k < 5; k++) {
                Matrix4d pose = randomPose(r, 3);
                BoundingSphere ws = s.transformed(pose);
                Aabb wa = a.transformed(pose);
                Obb wo = o.transformed(pose);
                for (int i = 0; i < p.length; i += 3) {
                    pose.transformPosition(p[i], p[i + 1], p[i + 2], v);
                    assertTrue(ws.contains(v.x, v.y, v.z), m.name() + " sphere");
                    assertTrue(wa.contains(v.x, v.y, v.z), m.name() + " aabb");
                    assertTrue(wo.contains(v.x, v.y, v.z), m.name() + " obb");
                }
            }
        }
    }

    @Test
    void touchingBoxesIntersectAndSeparatedBoxesDoNot() {
        // analytic: unit cube and a 2×1×0.5 box, face to face along the first cube's rotated x axis, the second box
        // turned about that axis by 30°: touching at gap 0, apart at gap 1e-6
        Quaterniond q = new Quaterniond().rotateAxis(0.7, 1, 2, 3);
        Matrix4d pa = new Matrix4d().translationRotate(0.3, -0.2, 0.1, q);
        Obb a = Obb.pca(box(0.5, 0.5, 0.5)).transformed(pa);
        for (double gap : new double[] {0, 1e-6}) {
            Matrix4d pb = new Matrix4d(pa).translate(0.5 + 1.0 + gap, 0, 0).rotateX(Math.toRadians(30));
            Obb b = Obb.pca(box(1.0, 0.5, 0.25)).transformed(pb);
            if (gap == 0) {
                assertTrue(a.intersects(b) && b.intersects(a), "touching OBBs intersect");
            } else {
                assertFalse(a.intersects(b) || b.intersects(a), "OBBs 1e-6 apart are separated");
            }
        }
        // edge against edge: a cube turned 45° about z and x touches the other cube's top edge
        Obb c = Obb.pca(box(0.5, 0.5, 0.5));
        double lift = 0.5 + 0.5 * Math.sqrt(2);
        Obb d = Obb.pca(box(0.5, 0.5, 0.5))
                .transformed(new Matrix4d().translation(0, 0, lift).rotateX(Math.PI / 4));
        assertTrue(c.intersects(d), "edge-touching OBBs intersect");
        Obb e = Obb.pca(box(0.5, 0.5, 0.5))
                .transformed(new Matrix4d().translation(0, 0, lift + 1e-6).rotateX(Math.PI / 4));
        assertFalse(c.intersects(e), "edge-separated OBBs are apart");
    }

    private static double[] box(double hx, double hy, double hz) {
        double[] v = new double[24];
        for (int c = 0; c < 8; c++) {
            v[3 * c] = (c & 1) == 0 ? -hx : hx;
            v[3 * c + 1] = (c & 2) == 0 ? -hy : hy;
            v[3 * c + 2] = (c & 4) == 0 ? -hz : hz;
        }
        return v;
    }

    @Test
    void volumesNeverSayApartWhereTheExactOracleSaysTouching() {
        Random r = new Random(5);
        MeshQuery oracle = new MeshQuery();
        TestMeshes.Indexed[] meshes = {
            TestMeshes.panda("link3"), TestMeshes.panda("hand"), TestMeshes.ur5e("wrist1"), TestMeshes.panda("link5")
        };
        int touching = 0, apart = 0;
        for (int i = 0; i < meshes.length; i++) {
            for (int j = 0; j < meshes.length; j++) {
                TestMeshes.Indexed ma = meshes[i], mb = meshes[j];
                MeshBvh ba = new MeshBvh(ma.vertices(), ma.triangles()),
                        bb = new MeshBvh(mb.vertices(), mb.triangles());
                BoundingSphere sa = BoundingSphere.welzl(ma.vertices()), sb = BoundingSphere.welzl(mb.vertices());
                Aabb aa = Aabb.of(ma.vertices()), ab = Aabb.of(mb.vertices());
                Obb oa = Obb.pca(ma.vertices()), ob = Obb.pca(mb.vertices());
                for (int k = 0; k < 60; k++) {
                    Matrix4d pa = randomPose(r, 0.08), pb = randomPose(r, 0.08);
                    boolean exact = oracle.intersects(ba, pa, bb, pb);
                    boolean s = sa.transformed(pa).intersects(sb.transformed(pb));
                    boolean a = aa.transformed(pa).overlaps(ab.transformed(pb));
                    boolean o = oa.transformed(pa).intersects(ob.transformed(pb));
                    if (exact) {
                        touching++;
                        assertTrue(
                                s && a && o,
                                ma.name() + " / " + mb.name() + " pose " + k + ": sphere " + s + ", aabb " + a
                                        + ", obb " + o + " while the meshes touch");
                    } else {
                        apart++;
                    }
                }
            }
        }
        assertTrue(
                touching > 100 && apart > 100, "both outcomes sampled: " + touching + " touching, " + apart + " apart");
    }
}
