package io.collide4j.checker.ccd.screw;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.kinematics.ScrewMotion;
import io.collide4j.urdf.TriangleMesh;
import io.collide4j.urdf.mesh.MeshLoader;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.joml.Matrix4d;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** LTLRM against the kinematics module's screw motion and dense sampling; the sphere tree's invariants. */
class LtlrMotionAndTreeTest {

    /** screw(from, to) follows the constant-twist path of kinematics' ScrewMotion (written independently). */
    @Test
    void screwMatchesKinematicsScrewMotion() {
        Matrix4d from = new Matrix4d().translation(0.3, -1, 2).rotateXYZ(0.4, -0.2, 1.1);
        Matrix4d to = new Matrix4d().translation(-1, 0.5, 2.5).rotateXYZ(-0.3, 0.9, 0.2);
        LtlrMotion ltlrm = LtlrMotion.screw(from, to);
        ScrewMotion screw = new ScrewMotion(from, to);
        Matrix4d a = new Matrix4d(), b = new Matrix4d();
        double[] p = new double[3];
        for (double s = 0; s <= 1; s += 0.125) {
            ltlrm.pose(s, a);
            screw.pose(s, b);
            Vector3d x = a.transformPosition(new Vector3d(0.2, -0.7, 0.4));
            Vector3d y = b.transformPosition(new Vector3d(0.2, -0.7, 0.4));
            assertTrue(x.distance(y) < 1e-12, "s = " + s + ": " + x + " vs " + y);
            ltlrm.position(s, 0.2, -0.7, 0.4, p, 0);
            assertTrue(y.distance(p[0], p[1], p[2]) < 1e-12, "position() at s = " + s);
        }
    }

    /** Displacement and chord-deviation bounds hold on dense samples of random motions and points. */
    @Test
    void boundsHoldOnSamples() {
        SplittableRandom r = new SplittableRandom(7);
        double[] p = new double[3], q0 = new double[3], q1 = new double[3];
        for (int k = 0; k < 50; k++) {
            LtlrMotion m = new LtlrMotion(
                    new double[] {r.nextDouble(-2, 2), r.nextDouble(-2, 2), 0},
                    new double[] {r.nextDouble(-5, 5), r.nextDouble(-5, 5), r.nextDouble(-5, 5)},
                    new double[] {r.nextDouble(-1, 1), r.nextDouble(-1, 1), 1},
                    r.nextDouble(0, 4),
                    new Quaterniond().rotateXYZ(r.nextDouble(3), r.nextDouble(3), r.nextDouble(3)),
                    new double[] {r.nextDouble(-1, 1), 0, 0});
            double x = r.nextDouble(-1, 1), y = r.nextDouble(-1, 1), z = r.nextDouble(-1, 1);
            double s0 = r.nextDouble(0, 0.5), s1 = s0 + r.nextDouble(0, 0.5);
            double disp = m.maxDisplacement(s0, s1, x, y, z, 0), dev = m.maxChordDeviation(s0, s1, x, y, z, 0);
            m.position(s0, x, y, z, q0, 0);
            m.position(s1, x, y, z, q1, 0);
            for (int i = 0; i <= 64; i++) {
                double s = s0 + (s1 - s0) * i / 64, f = i / 64.0;
                m.position(s, x, y, z, p, 0);
                double d = Math.sqrt(sq(p[0] - q0[0]) + sq(p[1] - q0[1]) + sq(p[2] - q0[2]));
                double c = Math.sqrt(sq(p[0] - q0[0] - f * (q1[0] - q0[0]))
                        + sq(p[1] - q0[1] - f * (q1[1] - q0[1]))
                        + sq(p[2] - q0[2] - f * (q1[2] - q0[2])));
                assertTrue(d <= disp + 1e-12, "displacement " + d + " > " + disp);
                assertTrue(c <= dev + 1e-12, "chord deviation " + c + " > " + dev);
            }
        }
    }

    /** between(from, to, pivot) starts and ends at the two poses. */
    @Test
    void betweenHitsBothPoses() {
        Matrix4d from = new Matrix4d().translation(1, 2, 3).rotateXYZ(0.1, 0.2, 0.3);
        Matrix4d to = new Matrix4d().translation(-1, 0, 1).rotateXYZ(1.0, -0.5, 2.0);
        LtlrMotion m = LtlrMotion.between(from, to, new double[] {0.5, 0.5, 0});
        double[] p = new double[3];
        for (double[] v : new double[][] {{0, 0, 0}, {1, -2, 0.5}}) {
            m.position(0, v[0], v[1], v[2], p, 0);
            assertTrue(from.transformPosition(new Vector3d(v[0], v[1], v[2])).distance(p[0], p[1], p[2]) < 1e-12);
            m.position(1, v[0], v[1], v[2], p, 0);
            assertTrue(to.transformPosition(new Vector3d(v[0], v[1], v[2])).distance(p[0], p[1], p[2]) < 1e-12);
        }
    }

    /**
     * Covering, the property the descent rests on: every sampled point of every face, every edge and every vertex lies
     * in the sphere of some leaf that lists that face / edge / vertex (pieces are clipped at cuts); depth ≤ 17.
     */
    @Test
    void sphereTreeCoversEveryFeature() throws Exception {
        for (TriangleMesh mesh : new TriangleMesh[] {
            MeshLoader.load(Path.of(
                            System.getProperty("collide4j.testdata", "../tests/data"),
                            "v-hacd",
                            "app",
                            "meshes",
                            "cube-notch.obj"))
                    .mesh(),
            D2mTest.box(-3, -0.5, -0.5, 3, 0.5, 0.5)
        }) {
            ScrewMesh s = ScrewMesh.of(mesh);
            assertTrue(s.depth() <= ScrewMesh.MAX_DEPTH);
            java.util.List<Integer> leaves = new java.util.ArrayList<>();
            for (int n = 0; n < s.nodeCount(); n++) {
                if (s.isLeaf(n)) {
                    leaves.add(n);
                }
            }
            for (int t = 0; t < mesh.triangleCount(); t++) {
                for (int i = 0; i <= 6; i++) {
                    for (int j = 0; i + j <= 6; j++) {
                        double[] p = new double[3];
                        for (int k = 0; k < 3; k++) {
                            p[k] = (s.vertex(s.triangleVertex(t, 0), k) * (6 - i - j)
                                            + s.vertex(s.triangleVertex(t, 1), k) * i
                                            + s.vertex(s.triangleVertex(t, 2), k) * j)
                                    / 6;
                        }
                        final int tt = t;
                        assertTrue(
                                leaves.stream().anyMatch(n -> contains(s.leafTriangles(n), tt) && inside(s, n, p)),
                                "face " + t + " point " + java.util.Arrays.toString(p));
                    }
                }
            }
            for (int e = 0; e < s.edges.length / 2; e++) {
                for (int i = 0; i <= 8; i++) {
                    double[] p = new double[3];
                    for (int k = 0; k < 3; k++) {
                        p[k] = (s.vertex(s.edges[2 * e], k) * (8 - i) + s.vertex(s.edges[2 * e + 1], k) * i) / 8;
                    }
                    final int ee = e;
                    assertTrue(
                            leaves.stream().anyMatch(n -> contains(s.leafEdgeIds(n), ee) && inside(s, n, p)),
                            "edge " + e + " point " + java.util.Arrays.toString(p));
                }
            }
            for (int v = 0; v < s.vertices.length / 3; v++) {
                double[] p = {s.vertex(v, 0), s.vertex(v, 1), s.vertex(v, 2)};
                final int vv = v;
                assertTrue(
                        leaves.stream().anyMatch(n -> contains(s.leafVertices(n), vv) && inside(s, n, p)),
                        "vertex " + v);
            }
        }
    }

    private static boolean contains(int[] a, int x) {
        for (int y : a) {
            if (y == x) {
                return true;
            }
        }
        return false;
    }

    /** Inside with a 1e-12 relative slack for the sample points' own rounding. */
    private static boolean inside(ScrewMesh s, int n, double[] p) {
        double d = Math.sqrt(sq(p[0] - s.center(n, 0)) + sq(p[1] - s.center(n, 1)) + sq(p[2] - s.center(n, 2)));
        return d <= s.radius(n) * (1 + 1e-12) + 1e-15;
    }

    private static double sq(double x) {
        return x * x;
    }
}
