package io.collide4j.checker.query;

import io.collide4j.checker.ccd.CcdKind;
import io.collide4j.checker.ccd.MeshCcd;
import io.collide4j.checker.ccd.TightInclusion;
import io.collide4j.checker.geometry.BoxShape;
import io.collide4j.checker.geometry.ConvexHull;
import io.collide4j.checker.geometry.ConvexShape;
import io.collide4j.checker.geometry.HullShape;
import io.collide4j.checker.geometry.TransformedShape;
import io.collide4j.checker.geometry.mesh.MeshBvh;
import io.collide4j.checker.geometry.mesh.MeshQuery;
import io.collide4j.checker.geometry.mesh.MeshSurface;
import io.collide4j.checker.narrowphase.DistanceResult;
import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.kinematics.RobotSegment;
import java.util.Arrays;
import org.joml.Matrix4d;
import org.joml.Matrix4dc;
import org.joml.Vector3d;

/**
 * Robot pieces (convex, link frame) against mesh obstacles kept exact ({@link MeshMode#EXACT}).
 *
 * <p><b>Distance.</b> The obstacle is its triangle surface and, when the surface is closed
 * ({@link MeshSurface#isClosed()}), the solid it bounds; an open mesh is only its surface. The certified lower
 * bound is {@link MeshQuery}'s mesh–convex bound (GJK's certified bound per candidate triangle, box gaps for the
 * pruned rest). A convex piece that touches no triangle lies wholly inside or wholly outside a closed surface, so
 * one of its points decides: an exact ray-parity test ({@link MeshQuery#insideClosed}); inside means distance 0.
 * Below {@link #CONTAINMENT_EPS} the bound is taken as 0 (the tested point is a rounded image of the piece).
 *
 * <p><b>Motions.</b> Conservative advancement uses that bound unchanged (the obstacle is static). When it stops a
 * pair with d &lt; lb ≤ d + tol, {@link #clearUntil} runs Tight-Inclusion (vertex–face both ways and edge–edge)
 * between the piece's boundary triangles and the obstacle triangles near its swept box, over a window of at most
 * {@link #WINDOW} of travel. The link's rigid motion is linearised on time pieces whose chord-deviation bound is at
 * most {@link #MAX_DEVIATION} (bisected; the bound plus a rounding allowance is added to the minimal separation),
 * as in {@link io.collide4j.checker.ccd.RigidTightInclusion}. The piece starts outside the solid and farther than d;
 * its distance first reaches d at a vertex–face or edge–edge pair of the two surfaces, where the Euclidean distance
 * d bounds the L∞ one, so "no contact" from Tight-Inclusion proves the window clear and a contact time is never
 * later than the true one. Only hull and box pieces have a boundary triangulation; other primitives keep the
 * conservative advancement answer. For d &gt; 0 the L∞ test is weaker than the Euclidean margin (a contact may
 * be reported up to √3·d away), still conservative.
 *
 * <p>Immutable and thread-safe; per-thread state lives in {@link ExactMeshScratch}, one per {@link QueryContext}.
 */
final class ExactMeshPairs {
    /** Lower bounds at or below this (m) count as touching: the containment test could not be trusted there. */
    static final double CONTAINMENT_EPS = 1e-9;
    /** Largest chord-deviation allowance (m) of one linearised time piece. */
    static final double MAX_DEVIATION = 2e-6;
    /** Deepest time bisection of one window. */
    static final int MAX_DEPTH = 24;
    /** Longest travel (m) of the piece covered by one Tight-Inclusion window before advancement resumes. */
    static final double WINDOW = 0.02;

    private final RobotCollisionModel model;
    private final PreparedScene prepared;
    /** Check cap m_I per primitive query: a query that needs more stops early with a conservative (earlier) time. */
    static final long MAX_CHECKS = 20_000;

    private final TightInclusion ti =
            TightInclusion.builder().maxChecks(MAX_CHECKS).build();
    // Per robot piece: boundary vertices (link frame, xyz), triangles and unique edges; null when not polyhedral.
    private final double[][] bVerts;
    private final int[][] bTris;
    private final int[][] bEdges;
    private final int maxVerts;

    ExactMeshPairs(RobotCollisionModel model, PreparedScene prepared) {
        this.model = model;
        this.prepared = prepared;
        int n = model.pieceCount();
        bVerts = new double[n][];
        bTris = new int[n][];
        bEdges = new int[n][];
        int mv = 0;
        for (int p = 0; p < n; p++) {
            boundary(model.pieceShape(p), p);
            if (bVerts[p] != null) {
                mv = Math.max(mv, bVerts[p].length / 3);
            }
        }
        maxVerts = mv;
    }

    /** Whether robot piece p has a boundary triangulation (hull or box), so motions can be refined with TI. */
    boolean refinable(int piece) {
        return bVerts[piece] != null;
    }

    private void boundary(ConvexShape s, int p) {
        Matrix4d m = null;
        if (s instanceof TransformedShape t) {
            m = t.matrix(new Matrix4d());
            s = t.inner();
        }
        double[] v;
        int[] tri;
        if (s instanceof HullShape h && h.hull().dimension() == 3) {
            ConvexHull hull = h.hull();
            v = hull.copyVertices();
            tri = hull.copyTriangles();
        } else if (s instanceof BoxShape b) {
            v = new double[24];
            for (int c = 0; c < 8; c++) {
                v[3 * c] = (c & 1) == 0 ? -b.hx() : b.hx();
                v[3 * c + 1] = (c & 2) == 0 ? -b.hy() : b.hy();
                v[3 * c + 2] = (c & 4) == 0 ? -b.hz() : b.hz();
            }
            tri = new int[] {
                0, 1, 3, 0, 3, 2, 4, 6, 7, 4, 7, 5, 0, 4, 5, 0, 5, 1, 2, 3, 7, 2, 7, 6, 0, 2, 6, 0, 6, 4, 1, 5, 7, 1, 7,
                3
            };
        } else {
            return;
        }
        if (m != null) {
            Vector3d x = new Vector3d();
            for (int i = 0; i < v.length; i += 3) {
                m.transformPosition(v[i], v[i + 1], v[i + 2], x);
                v[i] = x.x;
                v[i + 1] = x.y;
                v[i + 2] = x.z;
            }
        }
        int[] e = MeshCcd.edges(tri);
        bVerts[p] = v;
        bTris[p] = tri;
        bEdges[p] = e;
    }

    private ExactMeshScratch scratch(QueryContext c) {
        ExactMeshScratch x = c.exactMeshScratch();
        if (x.stackDepth.length == 0) {
            x.stackS0 = new double[2 * MAX_DEPTH + 4];
            x.stackS1 = new double[2 * MAX_DEPTH + 4];
            x.stackDepth = new int[2 * MAX_DEPTH + 4];
        }
        if (x.x0.length < 3 * maxVerts) {
            x.x0 = new double[3 * maxVerts];
            x.x1 = new double[3 * maxVerts];
            x.vbox = new double[6 * maxVerts];
            x.vNear = new boolean[maxVerts];
        }
        return x;
    }

    /**
     * Certified lower bound on the distance between robot piece a at poseA and mesh piece k of the slot, its
     * margin subtracted; fills c.result (witness on the piece first, then on the mesh).
     */
    double lowerBound(QueryContext c, int a, int k, int slot, Matrix4dc poseA) {
        ExactMeshScratch x = scratch(c);
        MeshSurface ms = prepared.mesh(k);
        MeshQuery q = x.query;
        ConvexShape shape = model.pieceShape(a);
        double est = q.distance(ms.bvh(), prepared.pose(slot), shape, poseA);
        double lb = q.lastLowerBound;
        DistanceResult r = c.result;
        r.witnessA.set(q.lastWitnessB);
        r.witnessB.set(q.lastWitnessA);
        boolean inside = false;
        if (ms.isClosed() && lb > 0) {
            if (lb <= CONTAINMENT_EPS) {
                inside = true;
            } else {
                shape.support(1, 0, 0, 0, x.v);
                poseA.transformPosition(x.v);
                prepared.inversePose(slot).transformPosition(x.v);
                inside = q.insideClosed(ms.bvh(), x.v.x, x.v.y, x.v.z);
            }
        }
        if (inside) {
            lb = 0;
            est = 0;
        }
        r.intersecting = est <= 0;
        r.distance = Math.max(est, 0);
        r.lowerBound = Math.max(Math.min(lb, r.distance), 0);
        r.normal.set(r.witnessB).sub(r.witnessA);
        double len = r.normal.length();
        if (len > 0) {
            r.normal.div(len);
        } else {
            r.normal.set(0, 0, 1);
        }
        return r.lowerBound - model.pieceMargin(a) - prepared.poseSlack(k);
    }

    /**
     * Tight-Inclusion refinement of robot piece a (on link la, moving along the context's segment) against mesh
     * piece k from s0, where the piece is certified outside the obstacle and farther than d: returns t such that
     * the pair stays farther than d on [s0, t). Sets {@link ExactMeshScratch#hit}: true when t is a possible contact (never
     * later than the true first one), false when t ends a window proven clear (t = sEnd or the end of a window of
     * {@link #WINDOW} travel). Counts one evaluation per time piece in c.evaluations.
     */
    double clearUntil(QueryContext c, int a, int k, int slot, int la, double s0, double sEnd, double margin) {
        ExactMeshScratch x = scratch(c);
        x.hit = true;
        x.pieces = 0;
        if (bVerts[a] == null) {
            return s0;
        }
        RobotSegment seg = c.segment;
        double cx = model.pieceSphere(a, 0),
                cy = model.pieceSphere(a, 1),
                cz = model.pieceSphere(a, 2),
                cr = model.pieceSphere(a, 3);
        double sW = sEnd;
        for (int i = 0; i < 60 && seg.worldBound(la, s0, sW, cx, cy, cz, cr) > WINDOW; i++) {
            sW = s0 + 0.5 * (sW - s0);
        }
        if (!(sW > s0)) {
            return s0;
        }
        double dTotal = margin + model.pieceMargin(a) + prepared.poseSlack(k);
        int top = 1;
        x.stackS0[0] = s0;
        x.stackS1[0] = sW;
        x.stackDepth[0] = 0;
        while (top > 0) {
            top--;
            double t0 = x.stackS0[top], t1 = x.stackS1[top];
            int depth = x.stackDepth[top];
            double dev = seg.chordBound(la, t0, t1, cx, cy, cz, cr);
            if (!(dev >= 0)) {
                throw new IllegalStateException("kinematics returned an invalid chord-deviation bound " + dev);
            }
            if (dev > MAX_DEVIATION && depth < MAX_DEPTH) {
                double mid = 0.5 * (t0 + t1);
                // later half below, earlier half on top: pieces come off the stack in time order
                x.stackS0[top] = mid;
                x.stackS1[top] = t1;
                x.stackDepth[top] = depth + 1;
                x.stackS0[top + 1] = t0;
                x.stackS1[top + 1] = mid;
                x.stackDepth[top + 1] = depth + 1;
                top += 2;
                continue;
            }
            x.pieces++;
            c.evaluations++;
            double tau = pieceToi(c, x, a, k, slot, la, t0, t1, dTotal, dev);
            if (tau != Double.POSITIVE_INFINITY) {
                return tau <= 0 ? t0 : Math.max(t0, Math.nextDown(t0 + tau * (t1 - t0)));
            }
        }
        x.hit = false;
        return sW;
    }

    // Earliest contact parameter in [0, 1] of the linearised time piece [t0, t1], or +Infinity.
    private double pieceToi(
            QueryContext c,
            ExactMeshScratch x,
            int a,
            int k,
            int slot,
            int la,
            double t0,
            double t1,
            double dTotal,
            double dev) {
        RobotSegment seg = c.segment;
        Matrix4dc inv = prepared.inversePose(slot);
        x.m0.set(inv).mulAffine(seg.linkPose(la, t0, x.link)); // link frame -> obstacle frame at t0
        x.m1.set(inv).mulAffine(seg.linkPose(la, t1, x.link)); // and at t1
        double[] lv = bVerts[a];
        int nv = lv.length / 3;
        double mag = 1;
        double[] ub = x.box;
        ub[0] = ub[1] = ub[2] = Double.POSITIVE_INFINITY;
        ub[3] = ub[4] = ub[5] = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < nv; i++) {
            mag = Math.max(mag, place(x.m0, lv, i, x.x0));
            mag = Math.max(mag, place(x.m1, lv, i, x.x1));
            for (int q = 0; q < 3; q++) {
                double lo = Math.min(x.x0[3 * i + q], x.x1[3 * i + q]), hi = Math.max(x.x0[3 * i + q], x.x1[3 * i + q]);
                x.vbox[6 * i + q] = lo;
                x.vbox[6 * i + q + 3] = hi;
                ub[q] = Math.min(ub[q], lo);
                ub[q + 3] = Math.max(ub[q + 3], hi);
            }
        }
        // rounding of the composed pose and of the placed vertices: a few ulps of the magnitudes involved
        double dPiece = dTotal + dev + 64 * Math.ulp(mag) + 1e-12;
        if (!(dPiece < 1)) {
            return 0; // beyond the linear solver's filter range (γ ≥ 1): report the piece start
        }
        MeshSurface ms = prepared.mesh(k);
        MeshBvh bvh = ms.bvh();
        MeshQuery q = x.query;
        int nt = q.trianglesNear(bvh, ub, dPiece);
        if (nt == 0) {
            return Double.POSITIVE_INFINITY;
        }
        double[] cb = x.cand;
        cb[0] = cb[1] = cb[2] = Double.POSITIVE_INFINITY;
        cb[3] = cb[4] = cb[5] = Double.NEGATIVE_INFINITY;
        for (int j = 0; j < nt; j++) {
            bvh.triangle(q.near(j), x.tri, 0);
            for (int p = 0; p < 9; p++) {
                cb[p % 3] = Math.min(cb[p % 3], x.tri[p]);
                cb[p % 3 + 3] = Math.max(cb[p % 3 + 3], x.tri[p]);
            }
        }
        for (int i = 0; i < nv; i++) {
            x.vNear[i] = overlaps(x.vbox, 6 * i, cb, 0, dPiece);
        }
        if (x.vStamp.length < ms.vertexCount()) {
            x.vStamp = new int[ms.vertexCount()];
        }
        if (x.eStamp.length < ms.edgeCount()) {
            x.eStamp = new int[ms.edgeCount()];
        }
        if (++x.stamp == Integer.MAX_VALUE) {
            Arrays.fill(x.vStamp, 0);
            Arrays.fill(x.eStamp, 0);
            x.stamp = 1;
        }
        int[] tris = bTris[a], edges = bEdges[a];
        double best = 1;
        boolean any = false;
        for (int j = 0; j < nt && best > 0; j++) {
            int tt = q.near(j);
            bvh.triangle(tt, x.tri, 0);
            double[] tb = x.tbox;
            triangleBox(x.tri, tb);
            // robot vertex against obstacle triangle
            for (int i = 0; i < nv && best > 0; i++) {
                if (!x.vNear[i] || !overlaps(x.vbox, 6 * i, tb, 0, dPiece)) {
                    continue;
                }
                double[] co = x.coords;
                copy3(x.x0, 3 * i, co, 0);
                copy3(x.x1, 3 * i, co, 12);
                for (int cc = 0; cc < 3; cc++) {
                    System.arraycopy(x.tri, 3 * cc, co, 3 + 3 * cc, 3);
                    System.arraycopy(x.tri, 3 * cc, co, 15 + 3 * cc, 3);
                }
                double tau = ti.toi(CcdKind.VERTEX_FACE, co, 0, dPiece, best, x.ti);
                if (tau != Double.POSITIVE_INFINITY) {
                    best = Math.min(best, tau);
                    any = true;
                }
            }
            int orig = bvh.originalTriangle(tt);
            for (int cc = 0; cc < 3 && best > 0; cc++) {
                // obstacle vertex against robot triangle
                int mv = ms.triangleVertex(orig, cc);
                if (x.vStamp[mv] != x.stamp) {
                    x.vStamp[mv] = x.stamp;
                    double px = ms.vertex(mv, 0), py = ms.vertex(mv, 1), pz = ms.vertex(mv, 2);
                    for (int r = 0; r < tris.length && best > 0; r += 3) {
                        int i0 = tris[r], i1 = tris[r + 1], i2 = tris[r + 2];
                        if (!(x.vNear[i0] || x.vNear[i1] || x.vNear[i2])
                                || !pointNear(x.vbox, i0, i1, i2, px, py, pz, dPiece)) {
                            continue;
                        }
                        double[] co = x.coords;
                        co[0] = co[12] = px;
                        co[1] = co[13] = py;
                        co[2] = co[14] = pz;
                        copy3(x.x0, 3 * i0, co, 3);
                        copy3(x.x0, 3 * i1, co, 6);
                        copy3(x.x0, 3 * i2, co, 9);
                        copy3(x.x1, 3 * i0, co, 15);
                        copy3(x.x1, 3 * i1, co, 18);
                        copy3(x.x1, 3 * i2, co, 21);
                        double tau = ti.toi(CcdKind.VERTEX_FACE, co, 0, dPiece, best, x.ti);
                        if (tau != Double.POSITIVE_INFINITY) {
                            best = Math.min(best, tau);
                            any = true;
                        }
                    }
                }
                // robot edge against obstacle edge
                int me = ms.triangleEdge(orig, cc);
                if (x.eStamp[me] != x.stamp) {
                    x.eStamp[me] = x.stamp;
                    int e0 = ms.edgeVertex(me, 0), e1 = ms.edgeVertex(me, 1);
                    double[] eb = x.ebox;
                    for (int q3 = 0; q3 < 3; q3++) {
                        eb[q3] = Math.min(ms.vertex(e0, q3), ms.vertex(e1, q3));
                        eb[q3 + 3] = Math.max(ms.vertex(e0, q3), ms.vertex(e1, q3));
                    }
                    for (int r = 0; r < edges.length && best > 0; r += 2) {
                        int i0 = edges[r], i1 = edges[r + 1];
                        if (!(x.vNear[i0] || x.vNear[i1]) || !edgeBoxNear(x.vbox, i0, i1, eb, dPiece)) {
                            continue;
                        }
                        double[] co = x.coords;
                        copy3(x.x0, 3 * i0, co, 0);
                        copy3(x.x0, 3 * i1, co, 3);
                        copy3(x.x1, 3 * i0, co, 12);
                        copy3(x.x1, 3 * i1, co, 15);
                        for (int q3 = 0; q3 < 3; q3++) {
                            co[6 + q3] = co[18 + q3] = ms.vertex(e0, q3);
                            co[9 + q3] = co[21 + q3] = ms.vertex(e1, q3);
                        }
                        double tau = ti.toi(CcdKind.EDGE_EDGE, co, 0, dPiece, best, x.ti);
                        if (tau != Double.POSITIVE_INFINITY) {
                            best = Math.min(best, tau);
                            any = true;
                        }
                    }
                }
            }
        }
        return any ? best : Double.POSITIVE_INFINITY;
    }

    // Places boundary vertex i by m into dest; returns the largest magnitude involved.
    private static double place(Matrix4d m, double[] lv, int i, double[] dest) {
        double x = lv[3 * i], y = lv[3 * i + 1], z = lv[3 * i + 2];
        double rx = m.m00() * x + m.m10() * y + m.m20() * z + m.m30();
        double ry = m.m01() * x + m.m11() * y + m.m21() * z + m.m31();
        double rz = m.m02() * x + m.m12() * y + m.m22() * z + m.m32();
        dest[3 * i] = rx;
        dest[3 * i + 1] = ry;
        dest[3 * i + 2] = rz;
        return Math.max(
                Math.max(Math.abs(rx), Math.abs(ry)),
                Math.max(
                        Math.abs(rz),
                        Math.abs(x)
                                + Math.abs(y)
                                + Math.abs(z)
                                + Math.abs(m.m30())
                                + Math.abs(m.m31())
                                + Math.abs(m.m32())));
    }

    private static void copy3(double[] src, int o, double[] dest, int p) {
        dest[p] = src[o];
        dest[p + 1] = src[o + 1];
        dest[p + 2] = src[o + 2];
    }

    private static void triangleBox(double[] t, double[] b) {
        for (int q = 0; q < 3; q++) {
            b[q] = Math.min(t[q], Math.min(t[q + 3], t[q + 6]));
            b[q + 3] = Math.max(t[q], Math.max(t[q + 3], t[q + 6]));
        }
    }

    // Whether box a (at ao) and box b (at bo) come within g of each other per axis.
    private static boolean overlaps(double[] a, int ao, double[] b, int bo, double g) {
        for (int q = 0; q < 3; q++) {
            if (a[ao + q] > b[bo + q + 3] + g || b[bo + q] > a[ao + q + 3] + g) {
                return false;
            }
        }
        return true;
    }

    // Whether the point comes within g (per axis) of the union of three vertex boxes.
    private static boolean pointNear(double[] vb, int i0, int i1, int i2, double px, double py, double pz, double g) {
        for (int q = 0; q < 3; q++) {
            double c = q == 0 ? px : q == 1 ? py : pz;
            double lo = Math.min(vb[6 * i0 + q], Math.min(vb[6 * i1 + q], vb[6 * i2 + q]));
            double hi = Math.max(vb[6 * i0 + q + 3], Math.max(vb[6 * i1 + q + 3], vb[6 * i2 + q + 3]));
            if (c < lo - g || c > hi + g) {
                return false;
            }
        }
        return true;
    }

    // Whether the union of two vertex boxes comes within g of box b.
    private static boolean edgeBoxNear(double[] vb, int i0, int i1, double[] b, double g) {
        for (int q = 0; q < 3; q++) {
            double lo = Math.min(vb[6 * i0 + q], vb[6 * i1 + q]);
            double hi = Math.max(vb[6 * i0 + q + 3], vb[6 * i1 + q + 3]);
            if (lo > b[q + 3] + g || b[q] > hi + g) {
                return false;
            }
        }
        return true;
    }
}
