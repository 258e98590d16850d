package io.collide4j.checker.ccd.screw;

/**
 * One mesh under one {@link LtlrMotion}, prepared for evaluation at any t: every vertex, sphere centre and face
 * normal is split into its part along the rotation axis u and the part that turns, so
 * <pre>  p(t) = o0 + v t + w∥ + cos(ωt) w⊥ + sin(ωt) (u × w⊥)
 *  p'(t) = v + ω (cos(ωt) (u × w⊥) − sin(ωt) w⊥)</pre>
 * (directions drop o0 and v). {@code posError}/{@code velError} bound the absolute error of any evaluated
 * coordinate against the motion's exact formula; {@code rho} is each point's distance to the axis, rounded up.
 * Buffers grow and are reused, so preparing a pair of bodies allocates only when a mesh is larger than any seen
 * before. Not thread-safe (lives in a {@link D2m.Scratch}).
 */
final class BodyState {
    private static final double U = 0x1p-53;

    ScrewMesh mesh;
    LtlrMotion motion;
    double ox, oy, oz, vx, vy, vz, omega, speed;
    /** Per vertex: w∥ xyz, w⊥ xyz, u×w⊥ xyz, ρ. */
    double[] vert = new double[0];
    /** Per node centre: same layout. */
    double[] node = new double[0];
    /** Per face normal: same layout (ρ = |n⊥| ≤ 1). */
    double[] norm = new double[0];

    double posError, velError, dirError, dirVelError;
    /** Largest ρ over the vertices (relative speed bounds). */
    double rhoMax;
    // evaluation time cache
    double t = Double.NaN, c, s;

    void prepare(ScrewMesh m, LtlrMotion mo) {
        mesh = m;
        motion = mo;
        ox = mo.ox;
        oy = mo.oy;
        oz = mo.oz;
        vx = mo.vx;
        vy = mo.vy;
        vz = mo.vz;
        omega = mo.omega;
        speed = Math.sqrt(vx * vx + vy * vy + vz * vz) * (1 + 4 * U);
        int nv = m.vertices.length / 3, nn = m.nodeCount, nf = m.triangleCount;
        if (vert.length < 10 * nv) {
            vert = new double[10 * nv];
        }
        if (node.length < 10 * nn) {
            node = new double[10 * nn];
        }
        if (norm.length < 10 * nf) {
            norm = new double[10 * nf];
        }
        double wMax = 0;
        rhoMax = 0;
        for (int v = 0; v < nv; v++) {
            wMax = Math.max(
                    wMax, split(m.vertices[3 * v], m.vertices[3 * v + 1], m.vertices[3 * v + 2], true, vert, 10 * v));
            rhoMax = Math.max(rhoMax, vert[10 * v + 9]);
        }
        for (int k = 0; k < nn; k++) {
            wMax = Math.max(
                    wMax,
                    split(m.nodeCenter[3 * k], m.nodeCenter[3 * k + 1], m.nodeCenter[3 * k + 2], true, node, 10 * k));
        }
        for (int f = 0; f < nf; f++) {
            split(m.normals[3 * f], m.normals[3 * f + 1], m.normals[3 * f + 2], false, norm, 10 * f);
        }
        double oMag = Math.abs(ox) + Math.abs(oy) + Math.abs(oz);
        double vMag = Math.abs(vx) + Math.abs(vy) + Math.abs(vz);
        double pMag = Math.abs(mo.px) + Math.abs(mo.py) + Math.abs(mo.pz);
        // w = R0 (x − pivot) and its split: ~16 u of |x| + |pivot| (R0 orthonormal to a few u); cos, sin within 1 ulp
        // and the angle ωt within u·ωt: ≤ (3 + ω) u of |w⊥|; the final sums: 8 u of the magnitudes summed
        double w = wMax * 1.75 + 1.75 * pMag;
        posError = 64 * U * (oMag + vMag + w * (1 + omega)) + Double.MIN_NORMAL;
        velError = 64 * U * (vMag + omega * w * (2 + omega));
        dirError = 64 * U * (1 + omega);
        dirVelError = 64 * U * omega * (2 + omega);
        t = Double.NaN;
    }

    /** Splits R0 x (point: R0 (x − pivot)) into w∥, w⊥, u × w⊥ and ρ at out[o..o+9]; returns |w|∞·3 (a magnitude). */
    private double split(double x, double y, double z, boolean point, double[] out, int o) {
        LtlrMotion mo = motion;
        double[] r = mo.r0;
        if (point) {
            x -= mo.px;
            y -= mo.py;
            z -= mo.pz;
        }
        double wx = r[0] * x + r[1] * y + r[2] * z;
        double wy = r[3] * x + r[4] * y + r[5] * z;
        double wz = r[6] * x + r[7] * y + r[8] * z;
        double d = mo.ux * wx + mo.uy * wy + mo.uz * wz;
        double ax = d * mo.ux, ay = d * mo.uy, az = d * mo.uz;
        double qx = wx - ax, qy = wy - ay, qz = wz - az;
        out[o] = ax;
        out[o + 1] = ay;
        out[o + 2] = az;
        out[o + 3] = qx;
        out[o + 4] = qy;
        out[o + 5] = qz;
        out[o + 6] = mo.uy * qz - mo.uz * qy;
        out[o + 7] = mo.uz * qx - mo.ux * qz;
        out[o + 8] = mo.ux * qy - mo.uy * qx;
        double mag = Math.abs(wx) + Math.abs(wy) + Math.abs(wz);
        out[o + 9] = Math.sqrt(qx * qx + qy * qy + qz * qz) * (1 + 16 * U) + 16 * U * mag;
        return mag;
    }

    void at(double time) {
        if (time != t) {
            t = time;
            double a = omega * time;
            c = Math.cos(a);
            s = Math.sin(a);
        }
    }

    /** Position at the cached time of a prepared point (array vert or node, index i) into d[o..o+2]. */
    void pos(double[] src, int i, double[] d, int o) {
        int b = 10 * i;
        d[o] = ox + vx * t + src[b] + c * src[b + 3] + s * src[b + 6];
        d[o + 1] = oy + vy * t + src[b + 1] + c * src[b + 4] + s * src[b + 7];
        d[o + 2] = oz + vz * t + src[b + 2] + c * src[b + 5] + s * src[b + 8];
    }

    /** Velocity at the cached time of a prepared point into d[o..o+2]. */
    void vel(double[] src, int i, double[] d, int o) {
        int b = 10 * i;
        d[o] = vx + omega * (c * src[b + 6] - s * src[b + 3]);
        d[o + 1] = vy + omega * (c * src[b + 7] - s * src[b + 4]);
        d[o + 2] = vz + omega * (c * src[b + 8] - s * src[b + 5]);
    }

    /** Direction (face normal f) at the cached time into d[o..o+2]. */
    void dir(int f, double[] d, int o) {
        int b = 10 * f;
        double[] src = norm;
        d[o] = src[b] + c * src[b + 3] + s * src[b + 6];
        d[o + 1] = src[b + 1] + c * src[b + 4] + s * src[b + 7];
        d[o + 2] = src[b + 2] + c * src[b + 5] + s * src[b + 8];
    }

    /** Rate of change of the direction of face f at the cached time into d[o..o+2]. */
    void dirVel(int f, double[] d, int o) {
        int b = 10 * f;
        double[] src = norm;
        d[o] = omega * (c * src[b + 6] - s * src[b + 3]);
        d[o + 1] = omega * (c * src[b + 7] - s * src[b + 4]);
        d[o + 2] = omega * (c * src[b + 8] - s * src[b + 5]);
    }

    /** Bound on the speed of a body point at axis distance rho. */
    double pointSpeed(double rho) {
        return (speed + omega * rho) * (1 + 8 * U);
    }
}
