package io.collide4j.checker.ccd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.testutil.ExactDistance;
import io.collide4j.kinematics.RigidMotion;
import io.collide4j.kinematics.ScrewMotion;
import io.collide4j.urdf.TriangleMesh;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.joml.Matrix4d;
import org.junit.jupiter.api.Test;

/** Whole-mesh CCD on ipc-toolkit's two-cubes fixtures. */
class MeshCcdTest {

    static final Path DIR = Path.of(System.getProperty("collide4j.testdata")).resolve("ipc-toolkit-tests-data");

    /** Tiny binary little-endian PLY reader (double x, y, z; uint8 count + int32 indices). */
    static double[][] readPly(Path p, int[][] facesOut) throws IOException {
        byte[] all = Files.readAllBytes(p);
        String head = new String(all, 0, Math.min(all.length, 2000), StandardCharsets.US_ASCII);
        int end = head.indexOf("end_header\n") + "end_header\n".length();
        assertTrue(
                head.contains("binary_little_endian") && head.contains("property double x"),
                p + ": unexpected PLY header");
        int nv = Integer.parseInt(head.replaceAll("(?s).*element vertex (\\d+).*", "$1"));
        int nf = Integer.parseInt(head.replaceAll("(?s).*element face (\\d+).*", "$1"));
        ByteBuffer b = ByteBuffer.wrap(all, end, all.length - end).order(ByteOrder.LITTLE_ENDIAN);
        double[][] v = new double[nv][3];
        for (int i = 0; i < nv; i++) {
            v[i][0] = b.getDouble();
            v[i][1] = b.getDouble();
            v[i][2] = b.getDouble();
        }
        int[] f = new int[3 * nf];
        for (int i = 0; i < nf; i++) {
            int n = b.get() & 0xff;
            assertEquals(3, n, p + ": face " + i + " is not a triangle");
            for (int k = 0; k < 3; k++) {
                f[3 * i + k] = b.getInt();
            }
        }
        facesOut[0] = f;
        return v;
    }

    /** Sub-mesh of the triangles whose vertices all satisfy the group flag (vertex ids remapped). */
    static TriangleMesh subMesh(double[][] v, int[] f, boolean[] group, boolean want) {
        int[] map = new int[v.length];
        Arrays.fill(map, -1);
        double[] verts = new double[3 * v.length];
        int nv = 0;
        int[] tris = new int[f.length];
        int nt = 0;
        for (int t = 0; t < f.length / 3; t++) {
            boolean g = group[f[3 * t]];
            assertTrue(group[f[3 * t + 1]] == g && group[f[3 * t + 2]] == g, "triangle " + t + " spans both cubes");
            if (g != want) {
                continue;
            }
            for (int k = 0; k < 3; k++) {
                int id = f[3 * t + k];
                if (map[id] < 0) {
                    map[id] = nv;
                    System.arraycopy(v[id], 0, verts, 3 * nv, 3);
                    nv++;
                }
                tris[nt++] = map[id];
            }
        }
        return new TriangleMesh(Arrays.copyOf(verts, 3 * nv), Arrays.copyOf(tris, nt));
    }

    static double minDistance(TriangleMesh a, TriangleMesh b, double shiftBx) {
        double best = Double.POSITIVE_INFINITY;
        for (int side = 0; side < 2; side++) {
            TriangleMesh pm = side == 0 ? a : b, fm = side == 0 ? b : a;
            double ps = side == 0 ? 0 : shiftBx, fs = side == 0 ? shiftBx : 0;
            for (int v = 0; v < pm.vertexCount(); v++) {
                double[] p = {pm.vertex(v, 0) + ps, pm.vertex(v, 1), pm.vertex(v, 2)};
                for (int t = 0; t < fm.triangleCount(); t++) {
                    best = Math.min(
                            best,
                            ExactDistance.pointTriangle(
                                    p,
                                    pt(fm, fm.index(t, 0), fs),
                                    pt(fm, fm.index(t, 1), fs),
                                    pt(fm, fm.index(t, 2), fs)));
                }
            }
        }
        int[] ea = MeshCcd.edges(a), eb = MeshCcd.edges(b);
        for (int i = 0; i < ea.length; i += 2) {
            for (int j = 0; j < eb.length; j += 2) {
                best = Math.min(
                        best,
                        ExactDistance.segmentSegment(
                                pt(a, ea[i], 0),
                                pt(a, ea[i + 1], 0),
                                pt(b, eb[j], shiftBx),
                                pt(b, eb[j + 1], shiftBx)));
            }
        }
        return best;
    }

    static double[] pt(TriangleMesh m, int v, double sx) {
        return new double[] {m.vertex(v, 0) + sx, m.vertex(v, 1), m.vertex(v, 2)};
    }

    @Test
    void closeToIntersectingIsNotFreeAndMovingToTheToiIs() throws IOException {
        int[][] fc = new int[1][], fi = new int[1][];
        double[][] close = readPly(DIR.resolve("two-cubes-close.ply"), fc);
        double[][] inter = readPly(DIR.resolve("two-cubes-intersecting.ply"), fi);
        assertTrue(Arrays.equals(fc[0], fi[0]), "same connectivity");
        // the step translates one cube rigidly and keeps the other still: find which vertices moved and by what
        boolean[] moved = new boolean[close.length];
        double[] shift = null;
        for (int v = 0; v < close.length; v++) {
            double[] dv = {inter[v][0] - close[v][0], inter[v][1] - close[v][1], inter[v][2] - close[v][2]};
            if (dv[0] != 0 || dv[1] != 0 || dv[2] != 0) {
                moved[v] = true;
                if (shift == null) {
                    shift = dv;
                }
                assertTrue(
                        Math.abs(dv[0] - shift[0]) < 1e-12
                                && Math.abs(dv[1] - shift[1]) < 1e-12
                                && Math.abs(dv[2] - shift[2]) < 1e-12,
                        "vertex " + v + " moved differently: not rigid");
            }
        }
        assertTrue(shift != null && shift[1] == 0 && shift[2] == 0, "fixture moves one cube along x");
        TriangleMesh still = subMesh(close, fc[0], moved, false);
        TriangleMesh mover = subMesh(close, fc[0], moved, true);
        RigidMotion identity = new ScrewMotion(new Matrix4d(), new Matrix4d());
        RigidMotion slide = new ScrewMotion(new Matrix4d(), new Matrix4d().translation(shift[0], 0, 0));
        MeshCcd ccd = new MeshCcd(RigidTightInclusion.defaults());

        MeshCcdResult r = ccd.solve(still, identity, mover, slide);
        assertTrue(r.hit(), "close -> intersecting is not collision-free");
        assertTrue(r.toi() >= 0 && r.toi() < 1);
        // moving the cube only up to the reported time leaves the meshes apart (exact static distance oracle)
        double gapAtToi = minDistance(still, mover, r.toi() * shift[0]);
        double gapAtStart = minDistance(still, mover, 0);
        System.out.printf(
                "two-cubes: toi %.9f (%s), %d candidates, distance at toi %.3e, at start %.3e%n",
                r.toi(), r.kind(), r.candidates(), gapAtToi, gapAtStart);
        assertTrue(gapAtToi > 0);
        assertTrue(gapAtToi < gapAtStart);
        // static close pair: free
        MeshCcdResult staticPair = ccd.solve(still, identity, mover, identity);
        assertFalse(staticPair.hit());
        // and with a separation larger than the start gap, the contact is immediate
        MeshCcd padded = new MeshCcd(new RigidTightInclusion(
                TightInclusion.builder().margin(gapAtStart * 1.01).build(), 1e-4, 20));
        assertEquals(0.0, padded.solve(still, identity, mover, identity).toi());
    }
}
