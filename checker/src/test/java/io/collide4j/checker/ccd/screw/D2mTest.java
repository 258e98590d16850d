package io.collide4j.checker.ccd.screw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.ccd.CcdKind;
import io.collide4j.checker.ccd.MeshCcd;
import io.collide4j.checker.ccd.MeshCcdResult;
import io.collide4j.checker.ccd.RigidTightInclusion;
import io.collide4j.checker.geometry.mesh.MeshBvh;
import io.collide4j.checker.geometry.mesh.MeshQuery;
import io.collide4j.kinematics.ScrewMotion;
import io.collide4j.urdf.TriangleMesh;
import io.collide4j.urdf.mesh.MeshLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.joml.Matrix4d;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * D2M against closed-form contact times (a point on a turning arm hitting a plane, a turning rod hitting a fixed
 * edge), a parallel-edge false root, a pair that never touches, and a small throw sample whose gaps are measured by
 * an independent pose evaluation (JOML quaternions) and the exact mesh distance. The full throw protocol (three pairs,
 * 256 instances per speed per pair) is in the full run ({@code -Pslow}).
 */
class D2mTest {
    private static final double EPS = D2m.DEFAULT_EPS_D;
    private static final Quaterniond IDENTITY = new Quaterniond();

    static TriangleMesh box(double x0, double y0, double z0, double x1, double y1, double z1) {
        double[] v = {x0, y0, z0, x1, y0, z0, x1, y1, z0, x0, y1, z0, x0, y0, z1, x1, y0, z1, x1, y1, z1, x0, y1, z1};
        int[] t = {
            0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4, 1, 2, 6, 1, 6, 5, 2, 3, 7, 2, 7, 6, 3, 0, 4, 3, 4, 7
        };
        return new TriangleMesh(v, t);
    }

    static TriangleMesh tetra(double[] a, double[] b, double[] c, double[] d) {
        double[] v = {a[0], a[1], a[2], b[0], b[1], b[2], c[0], c[1], c[2], d[0], d[1], d[2]};
        return new TriangleMesh(v, new int[] {0, 1, 2, 0, 3, 1, 1, 3, 2, 2, 3, 0});
    }

    static LtlrMotion still() {
        return new LtlrMotion(new double[3], new double[3], new double[] {0, 0, 1}, 0, IDENTITY, new double[3]);
    }

    /**
     * A spike tip at radius r turns about z at ω (p(t) = (r sin ωt, −r cos ωt, z(t))) and meets the face x = h of a
     * fixed box at t* = asin(h/r)/ω; the rest of the spike stays nearer the axis. The second root (π − asin)/ω must
     * not be returned, and the answer must be at most 1e-8 early.
     */
    @Test
    void vertexPlaneAnalytic() {
        double r = 1, h = 0.6, w = 1.2;
        TriangleMesh spike =
                tetra(new double[] {0, -r, 0}, new double[] {0.01, 0, 0}, new double[] {-0.01, 0, 0.01}, new double[] {
                    0, 0, -0.01
                });
        TriangleMesh wall = box(h, -2, -1, h + 1, 2, 1);
        LtlrMotion arm = new LtlrMotion(
                new double[3], new double[] {0, 0, 0.3}, new double[] {0, 0, 1}, w, IDENTITY, new double[3]);
        double tStar = Math.asin(h / r) / w;
        D2m d2m = D2m.defaults();
        D2m.Scratch s = new D2m.Scratch();
        D2mResult full = d2m.solve(ScrewMesh.of(spike), arm, ScrewMesh.of(wall), still(), D2mMode.FULL, s);
        assertTrue(full.hit());
        assertTrue(full.toc() <= tStar, () -> "D2M later than the contact: " + full.toc() + " > " + tStar);
        assertTrue(tStar - full.toc() < 1e-8, () -> "D2M too early: " + full.toc() + " vs " + tStar);
        assertFalse(full.budgetExhausted());
        // independent gap: the tip's x at the answer is below h by about eps_d / (normal speed)
        double x = r * Math.sin(w * full.toc());
        assertTrue(h - x > 0 && h - x < 1e-8, "gap at the answer " + (h - x));
        D2mResult cap = d2m.solve(ScrewMesh.of(spike), arm, ScrewMesh.of(wall), still(), D2mMode.CAPOEIRA, s);
        assertTrue(cap.hit() && cap.toc() <= full.toc());
    }

    /** MeshCcd with the D2M method: the spike tip (input vertex 0) against the wall, at the closed-form time. */
    @Test
    void meshCcdChoosesD2m() {
        double r = 1, h = 0.6, w = 1.2;
        TriangleMesh spike =
                tetra(new double[] {0, -r, 0}, new double[] {0.01, 0, 0}, new double[] {-0.01, 0, 0.01}, new double[] {
                    0, 0, -0.01
                });
        TriangleMesh wall = box(h, -2, -1, h + 1, 2, 1);
        LtlrMotion arm =
                new LtlrMotion(new double[3], new double[3], new double[] {0, 0, 1}, w, IDENTITY, new double[3]);
        MeshCcd ccd = new MeshCcd(RigidTightInclusion.defaults());
        MeshCcdResult res = ccd.solve(spike, arm, wall, still(), MeshCcd.Method.D2M);
        double tStar = Math.asin(h / r) / w;
        assertTrue(res.hit() && res.toi() <= tStar && tStar - res.toi() < 1e-8, () -> res + " vs " + tStar);
        assertEquals(CcdKind.VERTEX_FACE, res.kind());
        assertTrue(res.pointOnA());
        assertEquals(0, res.vertexOrEdgeA());
        ScrewMotion notLtlrm = new ScrewMotion(new Matrix4d(), new Matrix4d().rotateZ(1));
        assertThrows(
                IllegalArgumentException.class, () -> ccd.solve(spike, notLtlrm, wall, still(), MeshCcd.Method.D2M));
    }

    /**
     * A rod from radius 0.1 to 1 on the x axis turns about z at ω while sliding along z; a fixed edge parallel to z at
     * (x0, y0) is met when the rod points at it: t* = atan2(y0, x0)/ω. Feature-level (edge–edge only).
     */
    @Test
    void edgeEdgeAnalytic() {
        double x0 = 0.5, y0 = 0.4, w = 1.3;
        ScrewMesh rod =
                ScrewMesh.of(new TriangleMesh(new double[] {0.1, 0, 0, 1, 0, 0, 0.1, 0.05, 0.5}, new int[] {0, 1, 2}));
        ScrewMesh post = ScrewMesh.of(
                new TriangleMesh(new double[] {x0, y0, -1, x0, y0, 1, x0 + 3, y0 + 3, 0}, new int[] {0, 1, 2}));
        LtlrMotion turn = new LtlrMotion(
                new double[3], new double[] {0, 0, 0.2}, new double[] {0, 0, 1}, w, IDENTITY, new double[3]);
        double tStar = Math.atan2(y0, x0) / w;
        double t = edgeEdge(rod, turn, edgeOf(rod, 0, 1), post, still(), edgeOf(post, 0, 1));
        assertTrue(t <= tStar, () -> "later than the contact: " + t + " > " + tStar);
        assertTrue(tStar - t < 1e-8, () -> "too early: " + t + " vs " + tStar);
    }

    /** Edges that become parallel 0.5 apart: the root function vanishes there, but they never meet. */
    @Test
    void parallelEdgesAreNoContact() {
        double phi = 0.7;
        ScrewMesh rod =
                ScrewMesh.of(new TriangleMesh(new double[] {0.1, 0, 0, 1, 0, 0, 0.1, 0.05, -0.3}, new int[] {0, 1, 2}));
        ScrewMesh other = ScrewMesh.of(new TriangleMesh(
                new double[] {
                    0.2 * Math.cos(phi),
                    0.2 * Math.sin(phi),
                    0.5,
                    0.9 * Math.cos(phi),
                    0.9 * Math.sin(phi),
                    0.5,
                    0,
                    0,
                    2
                },
                new int[] {0, 1, 2}));
        LtlrMotion turn =
                new LtlrMotion(new double[3], new double[3], new double[] {0, 0, 1}, 1.0, IDENTITY, new double[3]);
        double t = edgeEdge(rod, turn, edgeOf(rod, 0, 1), other, still(), edgeOf(other, 0, 1));
        assertEquals(Double.POSITIVE_INFINITY, t);
    }

    /** Two turning cubes passing 3 apart (corner radius √3/2 each) never touch. */
    @Test
    void neverTouching() {
        TriangleMesh cube = box(-0.5, -0.5, -0.5, 0.5, 0.5, 0.5);
        LtlrMotion a = new LtlrMotion(
                new double[] {-5, 0, 0},
                new double[] {10, 0, 0},
                new double[] {1, 1, 0},
                3,
                new Quaterniond().rotateXYZ(0.3, 0.2, 0.1),
                new double[3]);
        LtlrMotion b = new LtlrMotion(
                new double[] {0, 3, 0}, new double[] {0, 0, 1}, new double[] {0, 0, 1}, 2, IDENTITY, new double[3]);
        D2m d2m = D2m.defaults();
        for (D2mMode mode : D2mMode.values()) {
            D2mResult res = d2m.solve(ScrewMesh.of(cube), a, ScrewMesh.of(cube), b, mode, new D2m.Scratch());
            assertFalse(res.hit(), mode + " reported " + res);
        }
    }

    /**
     * A small throw sample (cube vs sphere, 4 and 512 units/s): every instance has a contact; D2M's answer leaves a
     * positive gap (exact mesh distance of the poses evaluated independently), no contact happens before it
     * (certified by conservative advancement with the exact distance), the gap is below 1e-8, and Capoeira's answer
     * is never later.
     */
    @Test
    void throwSample() throws Exception {
        throwProtocol(6, new String[][] {{"cube", "sphere"}});
    }

    @Test
    @Tag("slow")
    void throwProtocolInFull() throws Exception {
        throwProtocol(256, new String[][] {{"cube", "sphere"}, {"defsphere", "torus1"}, {"cube", "cup"}});
    }

    private void throwProtocol(int count, String[][] pairs) throws Exception {
        D2m d2m = D2m.defaults();
        D2m.Scratch s = new D2m.Scratch();
        for (String[] pair : pairs) {
            TriangleMesh ma = ThrowProtocol.normalised(load(pair[0])), mb = ThrowProtocol.normalised(load(pair[1]));
            ScrewMesh sa = ScrewMesh.of(ma), sb = ScrewMesh.of(mb);
            for (double speed : new double[] {4, 512}) {
                List<ThrowProtocol.Instance> inst = ThrowProtocol.instances(speed, count, 20);
                for (ThrowProtocol.Instance in : inst) {
                    D2mResult full = d2m.solve(sa, in.a(), sb, in.b(), D2mMode.FULL, s);
                    D2mResult cap = d2m.solve(sa, in.a(), sb, in.b(), D2mMode.CAPOEIRA, s);
                    String what = pair[0] + "/" + pair[1] + " speed " + speed + " #" + in.index();
                    assertTrue(full.hit(), what + ": the bodies meet at the origin at t = 1");
                    assertTrue(cap.toc() <= full.toc(), what + ": Capoeira later than D2M");
                    double gap = distance(ma, in.a(), mb, in.b(), full.toc());
                    assertTrue(gap > 0, what + ": touching or penetrating at " + full.toc());
                    assertTrue(gap < 1e-8, what + ": gap " + gap + " at " + full.toc());
                    assertTrue(clearUntil(ma, in.a(), mb, in.b(), full.toc()), what + ": a contact before the answer");
                }
            }
        }
    }

    private static TriangleMesh load(String name) throws Exception {
        Path p = Path.of(
                System.getProperty("collide4j.testdata", "../tests/data"), "v-hacd", "app", "meshes", name + ".obj");
        assertTrue(Files.exists(p), "test mesh " + p);
        return MeshLoader.load(p).mesh();
    }

    /** World vertices at t by JOML quaternions: o0 + v t + (q(u, ωt) q0) (x − pivot). */
    static double[] world(TriangleMesh m, LtlrMotion mo, double t) {
        Quaterniond q0 = new Quaterniond()
                .setFromNormalized(new org.joml.Matrix3d(
                        mo.r0[0], mo.r0[3], mo.r0[6], mo.r0[1], mo.r0[4], mo.r0[7], mo.r0[2], mo.r0[5], mo.r0[8]));
        Quaterniond q =
                new Quaterniond().rotateAxis(mo.omega * t, mo.ux, mo.uy, mo.uz).mul(q0);
        double[] out = new double[3 * m.vertexCount()];
        Vector3d p = new Vector3d();
        for (int v = 0; v < m.vertexCount(); v++) {
            p.set(m.vertex(v, 0) - mo.px, m.vertex(v, 1) - mo.py, m.vertex(v, 2) - mo.pz);
            q.transform(p);
            out[3 * v] = p.x + mo.ox + mo.vx * t;
            out[3 * v + 1] = p.y + mo.oy + mo.vy * t;
            out[3 * v + 2] = p.z + mo.oz + mo.vz * t;
        }
        return out;
    }

    static double distance(TriangleMesh a, LtlrMotion ma, TriangleMesh b, LtlrMotion mb, double t) {
        MeshBvh ba = new MeshBvh(world(a, ma, t), a.copyTriangles());
        MeshBvh bb = new MeshBvh(world(b, mb, t), b.copyTriangles());
        return new MeshQuery().distance(ba, null, bb, null);
    }

    /**
     * Conservative advancement with the exact distance: clear on [t, t + d/v) where v bounds the relative speed of
     * any two points (each body: |v| + ω·radius, radius ≤ 1 after normalisation... here from the vertices). Stops
     * just short of tEnd (the last 1e-13 cannot be certified at double resolution of the pose evaluation).
     */
    static boolean clearUntil(TriangleMesh a, LtlrMotion ma, TriangleMesh b, LtlrMotion mb, double tEnd) {
        double v = speedBound(a, ma) + speedBound(b, mb);
        double t = 0;
        for (int i = 0; i < 100_000 && t < tEnd - 1e-13; i++) {
            double d = distance(a, ma, b, mb, t);
            if (!(d > 1e-13)) {
                return false;
            }
            t += 0.999 * (d - 1e-13) / v;
        }
        return t >= tEnd - 1e-13;
    }

    private static double speedBound(TriangleMesh m, LtlrMotion mo) {
        double r = 0;
        for (int v = 0; v < m.vertexCount(); v++) {
            double dx = m.vertex(v, 0) - mo.px, dy = m.vertex(v, 1) - mo.py, dz = m.vertex(v, 2) - mo.pz;
            r = Math.max(r, Math.sqrt(dx * dx + dy * dy + dz * dz));
        }
        return mo.speed() + mo.omega * r;
    }

    private static int edgeOf(ScrewMesh m, int v0, int v1) {
        for (int e = 0; e < m.edges.length / 2; e++) {
            int a = m.edges[2 * e], b = m.edges[2 * e + 1];
            if ((a == v0 && b == v1) || (a == v1 && b == v0)) {
                return e;
            }
        }
        throw new AssertionError("no edge " + v0 + "-" + v1);
    }

    private static double edgeEdge(ScrewMesh a, LtlrMotion ma, int ea, ScrewMesh b, LtlrMotion mb, int eb) {
        BodyState sa = new BodyState(), sb = new BodyState();
        sa.prepare(a, ma);
        sb.prepare(b, mb);
        FeatureSolver fs = new FeatureSolver();
        fs.epsD = EPS;
        fs.budget = 1_000_000;
        fs.minWidth = EPS / (sa.pointSpeed(sa.rhoMax) + sb.pointSpeed(sb.rhoMax));
        return fs.edgeEdge(sa, ea, sb, eb, 0, 1);
    }
}
