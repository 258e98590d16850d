package io.collide4j.checker.certificate;

import io.collide4j.checker.geometry.AffineRows;
import io.collide4j.checker.geometry.ConvexShape;
import io.collide4j.checker.geometry.mesh.MeshSurface;
import io.collide4j.checker.geometry.mesh.TriangleShape;
import io.collide4j.checker.narrowphase.DistanceResult;
import io.collide4j.checker.narrowphase.Gjk;
import io.collide4j.checker.query.PreparedScene;
import io.collide4j.checker.query.QueryContext;
import io.collide4j.checker.query.SpeedGrid;
import io.collide4j.checker.robot.RobotCollisionModel;
import java.util.ArrayList;
import java.util.List;
import org.joml.Matrix4dc;
import org.joml.Vector3d;

/**
 * Per-triangle planes for a step of a robot piece against an obstacle kept as an exact mesh (the certificate's
 * {@code windows[k]}, verifier lemma E1): the triangles 0..T−1 in order, grouped in runs of consecutive triangles
 * that one plane separates from the piece over the whole step. A run starts with GJK's direction between the piece
 * and its first triangle at the step's start and takes the next triangles while the same plane still leaves the
 * margin; each run's plane is placed exactly as a step plane (WITNESS.md steps 2–6, {@link WitnessPlanes#place}),
 * the obstacle side bounded over the run's triangles (corners only: a triangle is the hull of its corners), padded
 * by the obstacle's padding. Per-certification scratch: one thread.
 */
final class MeshWindowPlanes {
    private static final double OWN_REL = 1e-13;
    private static final double EPS = 0x1p-53;

    private final RobotCollisionModel model;
    private final PreparedScene prepared;
    private final SpeedGrid grid;
    private final Gjk gjk = new Gjk();
    private final DistanceResult result = new DistanceResult();
    private final TriangleShape triangle = new TriangleShape();
    private final double[] corners = new double[9];
    private final double[] rowsA = new double[12];
    private final double[] rowsB = new double[12];
    private final Vector3d sup = new Vector3d();
    /** Patch sizes (triangles) tried for a run's direction before its first triangle alone. */
    private static final int[] PATCHES = {256, 32};

    private final Patch patch = new Patch(256);

    MeshWindowPlanes(RobotCollisionModel model, PreparedScene prepared, SpeedGrid grid) {
        this.model = model;
        this.prepared = prepared;
        this.grid = grid;
    }

    /**
     * The runs for step [s0, s1] of robot piece a and exact-mesh obstacle piece b (slot), or null when some triangle
     * gets no plane (the pieces touch at s0, or the margin is not left over the step's travel).
     */
    TriangleRun[] runs(QueryContext c, int a, int b, int slot, double s0, double s1, double margin) {
        MeshSurface mesh = prepared.mesh(b);
        Matrix4dc pa = c.segment.posesAt(s0).pose(model.bodyLink(model.pieceBody(a)));
        Matrix4dc pb = prepared.pose(slot);
        AffineRows.load(pa, rowsA);
        AffineRows.load(pb, rowsB);
        ConvexShape sa = model.pieceShape(a);
        double mA = model.pieceMargin(a), mB = prepared.margin(b);
        double dA = grid.pieceTravel(c, a, s0, s1);
        double ta = norm(rowsA), tb = norm(rowsB);
        int count = mesh.triangleCount();
        List<TriangleRun> out = new ArrayList<>();
        int t = 0;
        while (t < count) {
            int first = t;
            TriangleRun run = null;
            // a direction towards a patch of the next triangles first: one plane then tends to hold more of them
            for (int size : PATCHES) {
                if (count - first > size / 2) {
                    patch.load(mesh, first, Math.min(size, count - first));
                    run = grow(sa, pa, pb, mesh, first, count, mA, mB, dA, ta, tb, margin, true, patch);
                    if (run != null) {
                        break;
                    }
                }
            }
            for (boolean shortNormal : new boolean[] {true, false}) {
                if (run != null) {
                    break;
                }
                load(mesh, first);
                run = grow(sa, pa, pb, mesh, first, count, mA, mB, dA, ta, tb, margin, shortNormal, triangle);
            }
            if (run == null) {
                return null;
            }
            out.add(run);
            t = run.last() + 1;
        }
        return out.toArray(new TriangleRun[0]);
    }

    /**
     * The longest run from triangle {@code first} under the plane of GJK's direction from the piece to
     * {@code target} (triangle {@code first} or a patch starting there), or null. The direction only guides: the run's
     * bounds are computed for it over the run's own triangles.
     */
    private TriangleRun grow(
            ConvexShape sa,
            Matrix4dc pa,
            Matrix4dc pb,
            MeshSurface mesh,
            int first,
            int count,
            double mA,
            double mB,
            double dA,
            double ta,
            double tb,
            double margin,
            boolean shortNormal,
            ConvexShape target) {
        gjk.distance(sa, pa, target, pb, result);
        if (result.intersecting || !(result.lowerBound > 0)) {
            return null;
        }
        double nx = shortNormal ? WitnessPlanes.shortDecimal(result.normal.x) : result.normal.x;
        double ny = shortNormal ? WitnessPlanes.shortDecimal(result.normal.y) : result.normal.y;
        double nz = shortNormal ? WitnessPlanes.shortDecimal(result.normal.z) : result.normal.z;
        double nn = Math.sqrt(nx * nx + ny * ny + nz * nz);
        if (!(nn > 0.5)) {
            return null;
        }
        double nUp = nn * (1 + 8 * EPS);
        double hiA0 = upper(sa, rowsA, nx, ny, nz) + nUp * mA + nUp * dA;
        double loB0 = Double.POSITIVE_INFINITY, radius = 0;
        SeparatingPlane plane = null;
        int last = first - 1;
        for (int t = first; t < count; t++) {
            load(mesh, t);
            double lo = Math.min(loB0, -upper(triangle, rowsB, -nx, -ny, -nz) - nUp * mB);
            double r = Math.max(radius, triangle.boundingRadius());
            // own rounding as for a step plane (WITNESS.md step 5), the scale taken over the run's triangles
            double own = OWN_REL * (1 + ta + tb + sa.boundingRadius() + r + mA + mB + dA);
            SeparatingPlane p = WitnessPlanes.place(nx, ny, nz, nUp, hiA0 + own, lo - own, margin, shortNormal);
            if (p == null) {
                break;
            }
            loB0 = lo;
            radius = r;
            plane = p;
            last = t;
        }
        return plane == null ? null : new TriangleRun(first, last, plane);
    }

    /** Upper bound of max u·x over the shape placed by {@code rows} (WitnessPlanes.supportUpper, WITNESS.md step 2). */
    private double upper(ConvexShape shape, double[] rows, double ux, double uy, double uz) {
        double lx = rows[0] * ux + rows[3] * uy + rows[6] * uz;
        double ly = rows[1] * ux + rows[4] * uy + rows[7] * uz;
        double lz = rows[2] * ux + rows[5] * uy + rows[8] * uz;
        shape.support(lx, ly, lz, -1, sup);
        return WitnessPlanes.supportBound(rows, ux, uy, uz, lx, ly, lz, sup, shape.boundingRadius());
    }

    private void load(MeshSurface mesh, int t) {
        for (int k = 0; k < 3; k++) {
            int v = mesh.triangleVertex(t, k);
            for (int axis = 0; axis < 3; axis++) {
                corners[3 * k + axis] = mesh.vertex(v, axis);
            }
        }
        triangle.set(corners, 0);
    }

    /**
     * The corners of up to {@code capacity} consecutive triangles as a convex shape (their hull, by support over the
     * points): only GJK's direction is taken from it. Reloaded per run; owned by one {@link MeshWindowPlanes}.
     */
    private static final class Patch implements ConvexShape {
        private final double[] xyz;
        private int points;
        private double radius;

        Patch(int capacity) {
            xyz = new double[9 * capacity];
        }

        void load(MeshSurface mesh, int first, int triangles) {
            points = 3 * triangles;
            double r = 0;
            for (int i = 0; i < points; i++) {
                int v = mesh.triangleVertex(first + i / 3, i % 3);
                for (int axis = 0; axis < 3; axis++) {
                    xyz[3 * i + axis] = mesh.vertex(v, axis);
                }
                r = Math.max(
                        r, xyz[3 * i] * xyz[3 * i] + xyz[3 * i + 1] * xyz[3 * i + 1] + xyz[3 * i + 2] * xyz[3 * i + 2]);
            }
            radius = Math.sqrt(r) * (1 + 0x1p-50);
        }

        @Override
        public int support(double dx, double dy, double dz, int hint, Vector3d dest) {
            int best = 0;
            double most = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < points; i++) {
                double s = dx * xyz[3 * i] + dy * xyz[3 * i + 1] + dz * xyz[3 * i + 2];
                if (s > most) {
                    most = s;
                    best = i;
                }
            }
            dest.set(xyz[3 * best], xyz[3 * best + 1], xyz[3 * best + 2]);
            return best;
        }

        @Override
        public double boundingRadius() {
            return radius;
        }

        @Override
        public void localBounds(double[] d) {
            java.util.Arrays.fill(d, 0, 3, Double.POSITIVE_INFINITY);
            java.util.Arrays.fill(d, 3, 6, Double.NEGATIVE_INFINITY);
            for (int i = 0; i < points; i++) {
                for (int k = 0; k < 3; k++) {
                    d[k] = Math.min(d[k], xyz[3 * i + k]);
                    d[k + 3] = Math.max(d[k + 3], xyz[3 * i + k]);
                }
            }
        }

        @Override
        public Vector3d center(Vector3d dest) {
            dest.set(0, 0, 0);
            for (int i = 0; i < points; i++) {
                dest.add(xyz[3 * i], xyz[3 * i + 1], xyz[3 * i + 2]);
            }
            return dest.div(points);
        }
    }

    private static double norm(double[] rows) {
        return Math.sqrt(rows[9] * rows[9] + rows[10] * rows[10] + rows[11] * rows[11]);
    }
}
