package io.collide4j.checker.ccd.screw;

/**
 * D2M's exact feature test (seed 000 §5.2, App. B, G): the vertex–face and edge–edge root functions and the hybrid
 * root finder, with every bound rounded the safe way. Not thread-safe (one per {@link D2m.Scratch}); allocates
 * nothing per call.
 *
 * <p><b>Root functions.</b> Vertex–face: f = (p − a0)·n with n the face's unit normal (signed point–plane distance).
 * Edge–edge: f = (δ1 × δ2)·(b0 − a0), δ1 = a1 − a0, δ2 = b1 − b0 (not normalised). Both are evaluated with f' at
 * the start t0 of a time domain [t0, t1]; |f''| on the domain is bounded from the motions' constants (|γ'|, |γ''|
 * and the turn rates, and |γ| grown over the domain), not by interval arithmetic of f'' (see D2M.md).
 *
 * <p><b>Level.</b> Instead of the root f = 0 and the printed first-order step back, the finder looks for the first
 * time the feature pair can come within ε_d: |f| ≤ c with c = ε_d (vertex–face) or ε_d·|δ1 × δ2| (edge–edge). Every
 * true contact has |f| ≤ rounding ≤ c, so the answer is never later than the contact, and the gap left at the
 * answer is about ε_d however grazing the approach.
 *
 * <p><b>Hybrid finder</b> on a domain [a, b]: (1) fused inclusion test: a certified lower bound on the feature
 * distance at the midpoint (separating axes) minus how far the features can move in half the domain; above the
 * acceptance margin the domain is dropped. (2) Outside the band, the Taylor–Lagrange parabola on the approaching
 * side (f(a) ∓ f'(a)(t − a) ∓ M/2 (t − a)², with the band and rounding subtracted) cannot reach the band before its
 * first root: the domain start moves there (rounded down). (3) In the band and not excluded at a: answer a.
 * (4) Poor progress: bisect, earlier half first. Domains narrower than ε_t = ε_d / v_rel are answered by their
 * start. The other parabola (root existence) is not needed for a lower bound and is left out.
 */
final class FeatureSolver {
    private static final double U = 0x1p-53;
    private static final int STACK = 256;

    double epsD;
    double minWidth;
    long budget;
    long steps;
    boolean exhausted;

    private final double[] st0 = new double[STACK], st1 = new double[STACK];
    private final double[] x = new double[48];
    private final double[] ax = new double[3];

    // current feature pair
    private boolean vf;
    private BodyState bp, bf; // VF: point body, face body; EE: edge A body, edge B body
    private int pv, fa0, fa1, fa2, tri;
    private int ea0, ea1, eb0, eb1;
    private double l1, l2;
    private double rhoP, rhoF0, nuF, rhoFMax, dispP, dispF; // VF constants (EE: rhoP = ρ(a0), rhoF0 = ρ(b0))
    private double vRel, vGamma, aGamma, planeErr;
    // evaluation results
    private double f, f1, e0, e1, m, level, accept;

    /** First conservative time in [lo, hi] that vertex v of body p may come within ε_d of face t of body fb. */
    double vertexFace(BodyState p, int v, BodyState fb, int t, double lo, double hi) {
        if (Double.isNaN(fb.mesh.normals[3 * t])) {
            return Double.POSITIVE_INFINITY; // degenerate face: its edges carry its contacts
        }
        vf = true;
        bp = p;
        bf = fb;
        pv = v;
        tri = t;
        int[] tr = fb.mesh.triangles;
        fa0 = tr[3 * t];
        fa1 = tr[3 * t + 1];
        fa2 = tr[3 * t + 2];
        rhoP = p.vert[10 * v + 9];
        rhoF0 = fb.vert[10 * fa0 + 9];
        rhoFMax = Math.max(rhoF0, Math.max(fb.vert[10 * fa1 + 9], fb.vert[10 * fa2 + 9]));
        nuF = fb.norm[10 * t + 9];
        planeErr = fb.mesh.planeError[t];
        relativeConstants(p, fb, rhoP, rhoF0);
        dispP = p.pointSpeed(rhoP);
        dispF = fb.pointSpeed(rhoFMax);
        return solve(lo, hi);
    }

    /** First conservative time in [lo, hi] that edge e of body a may come within ε_d of edge g of body b. */
    double edgeEdge(BodyState a, int e, BodyState b, int g, double lo, double hi) {
        vf = false;
        bp = a;
        bf = b;
        ea0 = a.mesh.edges[2 * e];
        ea1 = a.mesh.edges[2 * e + 1];
        eb0 = b.mesh.edges[2 * g];
        eb1 = b.mesh.edges[2 * g + 1];
        l1 = a.mesh.edgeLength[e];
        l2 = b.mesh.edgeLength[g];
        rhoP = a.vert[10 * ea0 + 9];
        rhoF0 = b.vert[10 * eb0 + 9];
        relativeConstants(a, b, rhoP, rhoF0);
        dispP = a.pointSpeed(Math.max(rhoP, a.vert[10 * ea1 + 9]));
        dispF = b.pointSpeed(Math.max(rhoF0, b.vert[10 * eb1 + 9]));
        return solve(lo, hi);
    }

    private void relativeConstants(BodyState a, BodyState b, double ra, double rb) {
        double dx = a.vx - b.vx, dy = a.vy - b.vy, dz = a.vz - b.vz;
        vRel = Math.sqrt(dx * dx + dy * dy + dz * dz) * (1 + 8 * U);
        vGamma = (vRel + a.omega * ra + b.omega * rb) * (1 + 16 * U);
        aGamma = (a.omega * a.omega * ra + b.omega * b.omega * rb) * (1 + 16 * U);
    }

    private double solve(double lo, double hi) {
        if (!(lo <= hi)) {
            return Double.POSITIVE_INFINITY;
        }
        int top = 0;
        st0[top] = lo;
        st1[top] = hi;
        top++;
        while (top > 0) {
            top--;
            double a = st0[top], b = st1[top];
            while (true) {
                if (++steps > budget) {
                    exhausted = true;
                    return a;
                }
                if (excluded(a, b)) {
                    break;
                }
                evaluate(a, b);
                double delta;
                if (f - e0 > level + accept) {
                    delta = lowerRootDelta(f - e0 - level, f1 - e1, m);
                } else if (-f - e0 > level + accept) {
                    delta = lowerRootDelta(-f - e0 - level, -f1 - e1, m);
                } else {
                    if (!excluded(a, a)) {
                        return a;
                    }
                    delta = 0;
                }
                double a2 = delta > 0 ? Math.max(a, Math.nextDown(a + delta)) : a;
                if (a2 >= b) {
                    break; // the band is out of reach on [a, b]
                }
                if (a2 - a > 0.25 * (b - a)) {
                    a = a2;
                    continue;
                }
                if (b - a2 <= minWidth || top + 1 >= STACK) {
                    return a2;
                }
                double mid = a2 + 0.5 * (b - a2);
                if (!(mid > a2 && mid < b)) {
                    return a2;
                }
                st0[top] = mid;
                st1[top] = b;
                top++;
                a = a2;
                b = mid;
            }
        }
        return Double.POSITIVE_INFINITY;
    }

    /**
     * Positive root of g + s·δ − (M/2)·δ² (g &gt; 0, M ≥ −g'' on the domain), rounded down; +∞ when it never comes down. Any δ' below
     * the answer has the parabola, hence every function it bounds from below, still positive.
     */
    static double lowerRootDelta(double g, double s, double mm) {
        if (!(g > 0)) {
            return 0;
        }
        double r;
        if (!(mm > 0)) {
            if (s >= 0) {
                return Double.POSITIVE_INFINITY;
            }
            r = g / -s;
        } else {
            double d = s * s + 2 * mm * g;
            if (!(d < Double.POSITIVE_INFINITY)) {
                return 0;
            }
            double q = Math.sqrt(d);
            r = s >= 0 ? (s + q) / mm : 2 * g / (q - s);
        }
        r *= 1 - 32 * U;
        return r >= 0 ? r : 0;
    }

    private void evaluate(double a, double b) {
        bp.at(a);
        bf.at(a);
        double[] p = x;
        if (vf) {
            bp.pos(bp.vert, pv, p, 0);
            bp.vel(bp.vert, pv, p, 3);
            bf.pos(bf.vert, fa0, p, 6);
            bf.vel(bf.vert, fa0, p, 9);
            bf.dir(tri, p, 12);
            bf.dirVel(tri, p, 15);
            double gx = p[0] - p[6], gy = p[1] - p[7], gz = p[2] - p[8];
            double hx = p[3] - p[9], hy = p[4] - p[10], hz = p[5] - p[11];
            f = gx * p[12] + gy * p[13] + gz * p[14];
            f1 = hx * p[12] + hy * p[13] + hz * p[14] + gx * p[15] + gy * p[16] + gz * p[17];
            double g = Math.sqrt(gx * gx + gy * gy + gz * gz) * (1 + 8 * U);
            double wf = bf.omega;
            double gMax = g + vGamma * (b - a);
            m = (aGamma + 2 * vGamma * wf * nuF + gMax * wf * wf * nuF) * (1 + 32 * U);
            double pe = bp.posError + bf.posError, ve = bp.velError + bf.velError;
            e0 = 1.5 * (pe * 1.01 + g * bf.dirError + 8 * U * g) + planeErr;
            e1 = 1.5 * (ve * 1.01 + vGamma * bf.dirError + g * bf.dirVelError + pe * wf + 8 * U * (vGamma + g * wf));
            level = epsD;
            accept = 0.25 * epsD;
        } else {
            bp.pos(bp.vert, ea0, p, 0);
            bp.pos(bp.vert, ea1, p, 3);
            bf.pos(bf.vert, eb0, p, 6);
            bf.pos(bf.vert, eb1, p, 9);
            bp.vel(bp.vert, ea0, p, 12);
            bp.vel(bp.vert, ea1, p, 15);
            bf.vel(bf.vert, eb0, p, 18);
            bf.vel(bf.vert, eb1, p, 21);
            double d1x = p[3] - p[0], d1y = p[4] - p[1], d1z = p[5] - p[2];
            double d2x = p[9] - p[6], d2y = p[10] - p[7], d2z = p[11] - p[8];
            double q1x = p[15] - p[12], q1y = p[16] - p[13], q1z = p[17] - p[14];
            double q2x = p[21] - p[18], q2y = p[22] - p[19], q2z = p[23] - p[20];
            double nx = d1y * d2z - d1z * d2y, ny = d1z * d2x - d1x * d2z, nz = d1x * d2y - d1y * d2x;
            // n' = δ1' × δ2 + δ1 × δ2'
            double mx = q1y * d2z - q1z * d2y + d1y * q2z - d1z * q2y;
            double my = q1z * d2x - q1x * d2z + d1z * q2x - d1x * q2z;
            double mz = q1x * d2y - q1y * d2x + d1x * q2y - d1y * q2x;
            double gx = p[6] - p[0], gy = p[7] - p[1], gz = p[8] - p[2];
            double hx = p[18] - p[12], hy = p[19] - p[13], hz = p[20] - p[14];
            f = nx * gx + ny * gy + nz * gz;
            f1 = mx * gx + my * gy + mz * gz + nx * hx + ny * hy + nz * hz;
            double g = Math.sqrt(gx * gx + gy * gy + gz * gz) * (1 + 8 * U);
            double wa = bp.omega, wb = bf.omega;
            double n0 = l1 * l2, n1 = (wa + wb) * n0, n2 = (wa + wb) * n1;
            double gMax = g + vGamma * (b - a);
            m = (n2 * gMax + 2 * n1 * vGamma + n0 * aGamma) * (1 + 32 * U);
            double pa = bp.posError, pb = bf.posError, va = bp.velError, vb = bf.velError;
            double nErr = 2 * pa * l2 + 2 * pb * l1 + 4 * pa * pb + 8 * U * n0;
            double n1Err = 2 * va * l2
                    + 2 * wa * l1 * pb
                    + 2 * pa * wb * l2
                    + 2 * l1 * vb
                    + 8 * U * n1
                    + 4 * (va * pb + pa * vb);
            e0 = 1.5 * (nErr * g + n0 * (pa + pb) * 1.01 + 8 * U * n0 * g);
            e1 = 1.5
                    * (n1Err * g
                            + n1 * (pa + pb) * 1.01
                            + nErr * vGamma
                            + n0 * (va + vb) * 1.01
                            + 8 * U * (n1 * g + n0 * vGamma));
            double nn = Math.sqrt(nx * nx + ny * ny + nz * nz);
            level = epsD * nn;
            accept = 0.25 * epsD * nn;
        }
        if (!(m >= 0)) {
            m = Double.POSITIVE_INFINITY;
        }
    }

    /**
     * Whether the feature pair certainly stays farther apart than the acceptance margin 1.5·ε_d (above the band
     * 1.25·ε_d, so an accepted state passes) during [a, b]: a
     * separating-axis lower bound on its distance at the midpoint, less rounding, less the most its points can move
     * in half the domain (a set distance changes by at most the sum of the two sets' displacements).
     */
    private boolean excluded(double a, double b) {
        double tm = a == b ? a : a + 0.5 * (b - a);
        double hw = Math.max(b - tm, tm - a);
        bp.at(tm);
        bf.at(tm);
        double[] p = x;
        double slack = (dispP + dispF) * hw * (1 + 8 * U);
        double err = (bp.posError + bf.posError) * 1.01;
        double best;
        if (vf) {
            bp.pos(bp.vert, pv, p, 0);
            bf.pos(bf.vert, fa0, p, 3);
            bf.pos(bf.vert, fa1, p, 6);
            bf.pos(bf.vert, fa2, p, 9);
            bf.dir(tri, p, 12);
            best = axisGap(p[12], p[13], p[14], 0, 1, 3, 3, p);
            for (int i = 0; i < 3; i++) {
                int ai = 3 + 3 * i, bi = 3 + 3 * ((i + 1) % 3);
                double ex = p[bi] - p[ai], ey = p[bi + 1] - p[ai + 1], ez = p[bi + 2] - p[ai + 2];
                double kx = p[13] * ez - p[14] * ey, ky = p[14] * ex - p[12] * ez, kz = p[12] * ey - p[13] * ex;
                best = Math.max(best, axisGap(kx, ky, kz, 0, 1, 3, 3, p));
            }
        } else {
            bp.pos(bp.vert, ea0, p, 0);
            bp.pos(bp.vert, ea1, p, 3);
            bf.pos(bf.vert, eb0, p, 6);
            bf.pos(bf.vert, eb1, p, 9);
            double d1x = p[3] - p[0], d1y = p[4] - p[1], d1z = p[5] - p[2];
            double d2x = p[9] - p[6], d2y = p[10] - p[7], d2z = p[11] - p[8];
            double nx = d1y * d2z - d1z * d2y, ny = d1z * d2x - d1x * d2z, nz = d1x * d2y - d1y * d2x;
            best = axisGap(nx, ny, nz, 0, 2, 6, 2, p);
            best = Math.max(
                    best, axisGap(ny * d1z - nz * d1y, nz * d1x - nx * d1z, nx * d1y - ny * d1x, 0, 2, 6, 2, p));
            best = Math.max(
                    best, axisGap(ny * d2z - nz * d2y, nz * d2x - nx * d2z, nx * d2y - ny * d2x, 0, 2, 6, 2, p));
            best = Math.max(best, axisGap(d1x, d1y, d1z, 0, 2, 6, 2, p));
            best = Math.max(best, axisGap(d2x, d2y, d2z, 0, 2, 6, 2, p));
            // from line 1 towards the midpoint of edge 2, and back: separates parallel edges
            double cx = 0.5 * (p[6] + p[9]) - p[0], cy = 0.5 * (p[7] + p[10]) - p[1], cz = 0.5 * (p[8] + p[11]) - p[2];
            perpendicular(d1x, d1y, d1z, cx, cy, cz);
            best = Math.max(best, axisGap(ax[0], ax[1], ax[2], 0, 2, 6, 2, p));
            cx = 0.5 * (p[0] + p[3]) - p[6];
            cy = 0.5 * (p[1] + p[4]) - p[7];
            cz = 0.5 * (p[2] + p[5]) - p[8];
            perpendicular(d2x, d2y, d2z, cx, cy, cz);
            best = Math.max(best, axisGap(ax[0], ax[1], ax[2], 0, 2, 6, 2, p));
        }
        return best - err - slack > 1.5 * epsD;
    }

    /** ax := c − (c·d / d·d) d (the part of c across d); zero when d is. */
    private void perpendicular(double dx, double dy, double dz, double cx, double cy, double cz) {
        double dd = dx * dx + dy * dy + dz * dz;
        double k = dd > 0 ? (cx * dx + cy * dy + cz * dz) / dd : 0;
        ax[0] = cx - k * dx;
        ax[1] = cy - k * dy;
        ax[2] = cz - k * dz;
    }

    /**
     * Gap between the projections of two point sets on axis k, in length units, rounded down (a lower bound on
     * their hulls' distance, valid for any fixed k): set 1 has n1 points at p[o1..], set 2 n2 points at p[o2..].
     * Projections are taken relative to the first point so rounding scales with the sets' span. −∞ for a zero axis.
     */
    private static double axisGap(double kx, double ky, double kz, int o1, int n1, int o2, int n2, double[] p) {
        double kk = Math.sqrt(kx * kx + ky * ky + kz * kz);
        if (!(kk > 0) || !(kk < Double.POSITIVE_INFINITY)) {
            return Double.NEGATIVE_INFINITY;
        }
        double rx = p[o1], ry = p[o1 + 1], rz = p[o1 + 2];
        double lo1 = Double.POSITIVE_INFINITY, hi1 = Double.NEGATIVE_INFINITY;
        double lo2 = Double.POSITIVE_INFINITY, hi2 = Double.NEGATIVE_INFINITY;
        double span = 0;
        for (int i = 0; i < n1 + n2; i++) {
            int o = i < n1 ? o1 + 3 * i : o2 + 3 * (i - n1);
            double dx = p[o] - rx, dy = p[o + 1] - ry, dz = p[o + 2] - rz;
            double v = dx * kx + dy * ky + dz * kz;
            span = Math.max(span, Math.abs(dx) + Math.abs(dy) + Math.abs(dz));
            if (i < n1) {
                lo1 = Math.min(lo1, v);
                hi1 = Math.max(hi1, v);
            } else {
                lo2 = Math.min(lo2, v);
                hi2 = Math.max(hi2, v);
            }
        }
        double gap = Math.max(lo2 - hi1, lo1 - hi2);
        // each projection: the difference (u of span) and the dot (3 u of span·|k|); the division and |k| ~ 4 u
        return gap / (kk * (1 + 16 * U)) - 16 * U * span;
    }
}
