package io.collide4j.checker.narrowphase;

import io.collide4j.checker.geometry.AffineRows;
import io.collide4j.checker.geometry.ConvexShape;
import org.joml.Matrix4dc;
import org.joml.Vector3d;

/**
 * Support mapping of A ⊖ B for two placed shapes, plus a certified upper bound on the support function.
 * Mutable per-thread scratch (owned by one query object); keeps the hill-climbing hints of both shapes.
 *
 * <p>Certified bound. For a placed shape X = {R·p + t : p ∈ X_loc} and any u, h_X(u) = u·t + h_loc(Rᵀu) exactly.
 * We evaluate d̃ = fl(Rᵀu), a support point s of X_loc for d̃ and fl(u·t + d̃·s). Since h_loc is ρ-Lipschitz
 * (ρ = bounding radius) and s is a support point up to a few rounding units, h_X(u) ≤ fl(u·t + d̃·s) + E with
 * E = K·ε·(|u|·|t| + ρ·(|d̃| + ‖R‖_F·|u|)): each of the at most ~10 roundings contributes at most ε times one of
 * these magnitudes and K = 64 covers them with a wide margin (also the support error of curved shapes and one
 * level of shape nesting).
 *
 * <p>This bounds the distance of the shapes as placed by the <i>computed</i> poses. How far those are from the exact
 * poses of the URDF text (forward-kinematics and pose rounding) is bounded separately, in {@code kinematics/FK_ERROR.md}
 * ({@code FkErrorBound}), and enters every decision as part of the piece margins.
 *
 * <p>Cores. With {@link #set(ConvexShape, Matrix4dc, ConvexShape, Matrix4dc, boolean) cores on}, a shape placed by a
 * rigid pose is replaced by its core (see {@link ConvexShape#sweptRadius()}): the supports are those of
 * core(A) ⊖ core(B), and dist(A, B) = max(0, dist(core(A), core(B)) − rA − rB) exactly. {@link #radius} is rA + rB
 * rounded up, so {@link #lowerBound} (core bound − radius, rounded down) stays certified.
 */
final class MinkowskiPair {
    static final double EPS = 0x1p-53;
    static final double K = 64;

    ConvexShape a, b;
    private ConvexShape lastA, lastB;
    int hintA = -1, hintB = -1;
    // row-major rotation and translation of each pose
    final double[] ra = new double[12], rb = new double[12];
    double rhoA, rhoB, froA, froB, tnA, tnB;
    /** Scale of the problem: bounding radii plus distances of the poses from the origin. */
    double scale;
    /** Swept radii of A and B whose cores the supports use (0 where the full shape is used). */
    double radiusA, radiusB;
    /** Upper bound on radiusA + radiusB (0 without cores). */
    double radius;

    private boolean coreA, coreB;
    private final Vector3d tmp = new Vector3d();

    // outputs of the last support call
    double wx, wy, wz, pax, pay, paz, pbx, pby, pbz;
    /** Certified upper bound on h_{A⊖B}(u) for the last direction u. */
    double upper;

    /** Full shapes (no cores). */
    void set(ConvexShape shapeA, Matrix4dc poseA, ConvexShape shapeB, Matrix4dc poseB) {
        set(shapeA, poseA, shapeB, poseB, false);
    }

    /** Loads the pair; with {@code cores} the supports are those of the cores where a pose is rigid. */
    void set(ConvexShape shapeA, Matrix4dc poseA, ConvexShape shapeB, Matrix4dc poseB, boolean cores) {
        if (shapeA == null || shapeB == null) {
            throw new IllegalArgumentException("both shapes are required");
        }
        if (shapeA != lastA) {
            hintA = -1;
            lastA = shapeA;
        }
        if (shapeB != lastB) {
            hintB = -1;
            lastB = shapeB;
        }
        a = shapeA;
        b = shapeB;
        AffineRows.load(poseA, ra);
        AffineRows.load(poseB, rb);
        rhoA = a.boundingRadius();
        rhoB = b.boundingRadius();
        froA = fro(ra);
        froB = fro(rb);
        tnA = Math.sqrt(ra[9] * ra[9] + ra[10] * ra[10] + ra[11] * ra[11]);
        tnB = Math.sqrt(rb[9] * rb[9] + rb[10] * rb[10] + rb[11] * rb[11]);
        scale = rhoA * froA + rhoB * froB + tnA + tnB;
        if (!Double.isFinite(scale)) {
            throw new IllegalArgumentException("non-finite pose or shape size");
        }
        radiusA = cores ? sweptRadius(a, ra) : 0;
        radiusB = cores ? sweptRadius(b, rb) : 0;
        coreA = radiusA > 0;
        coreB = radiusB > 0;
        radius = (radiusA + radiusB) * (1 + 16 * EPS);
    }

    /** Switches back to the full shapes (keeps poses and hints). */
    void fullShapes() {
        radiusA = radiusB = radius = 0;
        coreA = coreB = false;
    }

    /** The shape's swept radius grown by the pose's deviation from rigid, or 0 when the pose is not rigid. */
    private static double sweptRadius(ConvexShape s, double[] rows) {
        double r = s.sweptRadius();
        if (r == 0) {
            return 0;
        }
        double defect = AffineRows.orthonormalityDefect(rows);
        return defect <= AffineRows.RIGID_DEFECT ? r * (1 + 4 * defect) * (1 + 4 * EPS) : 0;
    }

    private static double fro(double[] r) {
        double s = 0;
        for (int i = 0; i < 9; i++) {
            s += r[i] * r[i];
        }
        return Math.sqrt(s) * (1 + 4 * EPS);
    }

    /**
     * Copies the last support (Minkowski point w, and its points on A and B) to entry i (3 doubles each) of the
     * three arrays: the one way GJK's simplex and EPA's polytope take in a vertex.
     */
    void storeSupport(double[] w, double[] a, double[] b, int i) {
        w[3 * i] = wx;
        w[3 * i + 1] = wy;
        w[3 * i + 2] = wz;
        a[3 * i] = pax;
        a[3 * i + 1] = pay;
        a[3 * i + 2] = paz;
        b[3 * i] = pbx;
        b[3 * i + 1] = pby;
        b[3 * i + 2] = pbz;
    }

    /** World-frame interior points difference: centre(A) − centre(B). */
    void centerDifference(Vector3d dest) {
        a.center(tmp);
        double ax = ra[0] * tmp.x + ra[1] * tmp.y + ra[2] * tmp.z + ra[9];
        double ay = ra[3] * tmp.x + ra[4] * tmp.y + ra[5] * tmp.z + ra[10];
        double az = ra[6] * tmp.x + ra[7] * tmp.y + ra[8] * tmp.z + ra[11];
        b.center(tmp);
        double bx = rb[0] * tmp.x + rb[1] * tmp.y + rb[2] * tmp.z + rb[9];
        double by = rb[3] * tmp.x + rb[4] * tmp.y + rb[5] * tmp.z + rb[10];
        double bz = rb[6] * tmp.x + rb[7] * tmp.y + rb[8] * tmp.z + rb[11];
        dest.set(ax - bx, ay - by, az - bz);
    }

    /** Support of A ⊖ B in world direction u: sets w = pa − pb and the certified {@link #upper}. */
    void support(double ux, double uy, double uz) {
        // L1 norms bound the Euclidean ones from above and keep square roots off the hot path
        double un = Math.abs(ux) + Math.abs(uy) + Math.abs(uz);
        // A in direction u
        double lx = ra[0] * ux + ra[3] * uy + ra[6] * uz;
        double ly = ra[1] * ux + ra[4] * uy + ra[7] * uz;
        double lz = ra[2] * ux + ra[5] * uy + ra[8] * uz;
        hintA = coreA ? a.coreSupport(lx, ly, lz, hintA, tmp) : a.support(lx, ly, lz, hintA, tmp);
        double hA = (ux * ra[9] + uy * ra[10] + uz * ra[11]) + (lx * tmp.x + ly * tmp.y + lz * tmp.z);
        double eA = un * tnA + rhoA * (Math.abs(lx) + Math.abs(ly) + Math.abs(lz) + froA * un);
        pax = ra[0] * tmp.x + ra[1] * tmp.y + ra[2] * tmp.z + ra[9];
        pay = ra[3] * tmp.x + ra[4] * tmp.y + ra[5] * tmp.z + ra[10];
        paz = ra[6] * tmp.x + ra[7] * tmp.y + ra[8] * tmp.z + ra[11];
        // B in direction −u
        lx = -(rb[0] * ux + rb[3] * uy + rb[6] * uz);
        ly = -(rb[1] * ux + rb[4] * uy + rb[7] * uz);
        lz = -(rb[2] * ux + rb[5] * uy + rb[8] * uz);
        hintB = coreB ? b.coreSupport(lx, ly, lz, hintB, tmp) : b.support(lx, ly, lz, hintB, tmp);
        double hB = -(ux * rb[9] + uy * rb[10] + uz * rb[11]) + (lx * tmp.x + ly * tmp.y + lz * tmp.z);
        double eB = un * tnB + rhoB * (Math.abs(lx) + Math.abs(ly) + Math.abs(lz) + froB * un);
        pbx = rb[0] * tmp.x + rb[1] * tmp.y + rb[2] * tmp.z + rb[9];
        pby = rb[3] * tmp.x + rb[4] * tmp.y + rb[5] * tmp.z + rb[10];
        pbz = rb[6] * tmp.x + rb[7] * tmp.y + rb[8] * tmp.z + rb[11];
        wx = pax - pbx;
        wy = pay - pby;
        wz = paz - pbz;
        upper = (hA + hB) + K * EPS * (eA + eB);
    }

    /**
     * Certified lower bound on dist(A, B) from the last support direction u (given its components again):
     * −h(u)/|u| (of the cores, minus {@link #radius}) rounded down, or 0 when that is not positive.
     */
    double lowerBound(double ux, double uy, double uz) {
        return shapeBound(coreLowerBound(ux, uy, uz));
    }

    /** Certified lower bound on the distance of the cores from the last support direction u (0 if not positive). */
    double coreLowerBound(double ux, double uy, double uz) {
        if (!(upper < 0)) {
            return 0;
        }
        double un = Math.sqrt(ux * ux + uy * uy + uz * uz) * (1 + 4 * EPS);
        return (-upper / un) * (1 - 4 * EPS);
    }

    /** Certified lower bound on dist(A, B) from one on the distance of the cores (0 if not positive). */
    double shapeBound(double coreLower) {
        if (radius == 0) {
            return coreLower;
        }
        double d = coreLower - radius;
        return d > 0 ? d * (1 - 2 * EPS) : 0;
    }
}
