// Sphere tier of batch state checking, one configuration per work item. A statement-by-statement port of
// io.collide4j.checker.batch.BatchRobot.forwardKinematics / sphereCentre / pairTierFree: the host supplies the
// cosines and sines of the joint values, everything here is +, x and comparisons in the Java order with
// contraction OFF, so the tier answers are bit-identical to the Java ones.
// verdict: 0 = every pair tier-free (the configuration is FREE), 1 = some pair unsure (the CPU decides exactly);
// unsure[g] = the first unsure pair (or -1).
// Compile-time: NL (links), TIER_MARGIN and FW_ITERATIONS (the Java constants of BatchRobot).
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL FP_CONTRACT OFF




inline void place(const double* pose, int k, __global const double* src, int s, double* w) {
    double x = src[s], y = src[s + 1], z = src[s + 2];
    w[0] = pose[k] * x + pose[k + 1] * y + pose[k + 2] * z + pose[k + 3];
    w[1] = pose[k + 4] * x + pose[k + 5] * y + pose[k + 6] * z + pose[k + 7];
    w[2] = pose[k + 8] * x + pose[k + 9] * y + pose[k + 10] * z + pose[k + 11];
}

inline void vertex_b(const double* pose, int b, int lb, int ob, int i, __global const double* pieceVertex,
                     __global const double* obstacleCorner, double* w) {
    if (b >= 0) {
        place(pose, lb, pieceVertex, 3 * i, w);
    } else {
        w[0] = obstacleCorner[ob + 3 * i];
        w[1] = obstacleCorner[ob + 3 * i + 1];
        w[2] = obstacleCorner[ob + 3 * i + 2];
    }
}

// Port of BatchRobot.pairSeparated (Frank-Wolfe separating direction, certified by the margin).
inline int pair_separated(const double* pose, int a, int b, int pieceLinkA, int pieceLinkB,
                          __global const int* pieceVertexStart, __global const double* pieceVertex,
                          __global const double* obstacleCorner) {
    int a0 = pieceVertexStart[a], a1 = pieceVertexStart[a + 1];
    if (a0 == a1 || (b >= 0 && pieceVertexStart[b] == pieceVertexStart[b + 1])) {
        return 0;
    }
    int la = 12 * pieceLinkA;
    int lb = b >= 0 ? 12 * pieceLinkB : 0;
    int b0 = b >= 0 ? pieceVertexStart[b] : 0, b1 = b >= 0 ? pieceVertexStart[b + 1] : 8;
    int ob = b >= 0 ? 0 : 24 * (-1 - b);
    double wa[3], wb[3];
    place(pose, la, pieceVertex, 3 * a0, wa);
    vertex_b(pose, b, lb, ob, b0, pieceVertex, obstacleCorner, wb);
    double vx = wa[0] - wb[0], vy = wa[1] - wb[1], vz = wa[2] - wb[2];
    for (int it = 0; it < FW_ITERATIONS; it++) {
        double best = (double) INFINITY;
        double sax = 0, say = 0, saz = 0;
        for (int i = a0; i < a1; i++) {
            place(pose, la, pieceVertex, 3 * i, wa);
            double dot = vx * wa[0] + vy * wa[1] + vz * wa[2];
            if (dot < best) {
                best = dot;
                sax = wa[0];
                say = wa[1];
                saz = wa[2];
            }
        }
        double worst = -(double) INFINITY;
        double sbx = 0, sby = 0, sbz = 0;
        for (int i = b0; i < b1; i++) {
            vertex_b(pose, b, lb, ob, i, pieceVertex, obstacleCorner, wb);
            double dot = vx * wb[0] + vy * wb[1] + vz * wb[2];
            if (dot > worst) {
                worst = dot;
                sbx = wb[0];
                sby = wb[1];
                sbz = wb[2];
            }
        }
        double sx = sax - sbx, sy = say - sby, sz = saz - sbz;
        double vs = vx * sx + vy * sy + vz * sz;
        double vv = vx * vx + vy * vy + vz * vz;
        if (vs > 0 && vs * vs > TIER_MARGIN * TIER_MARGIN * vv) {
            return 1;
        }
        double ex = vx - sx, ey = vy - sy, ez = vz - sz;
        double ee = ex * ex + ey * ey + ez * ez;
        double num = vv - vs;
        if (!(ee > 0) || !(num > 0)) {
            return 0;
        }
        double lambda = num / ee;
        if (lambda > 1) {
            lambda = 1;
        }
        vx = vx - lambda * ex;
        vy = vy - lambda * ey;
        vz = vz - lambda * ez;
    }
    return 0;
}

inline double excess(double x, double h) {
    return x < -h ? x + h : x > h ? x - h : 0;
}

__kernel void states_tier(__global const double* trig, int trigLen, int count,
                          __global const int* linkParent, __global const int* linkJoint, __global const int* linkSlot,
                          __global const double* linkOrigin, __global const double* linkAxis,
                          __global const double* sphere, __global const int* sphereLink,
                          __global const int* pieceSphereStart, __global const double* obb,
                          __global const int* pairA, __global const int* pairB,
                          __global const int* pieceLink, __global const int* pieceVertexStart,
                          __global const double* pieceVertex, __global const double* obstacleCorner, int pairCount,
                          __global uchar* verdict, __global int* unsure) {
    int g = get_global_id(0);
    if (g >= count) {
        return;
    }
    __global const double* tr = trig + (ulong) g * trigLen;
    double pose[12 * NL];
    for (int l = 0; l < NL; l++) {
        int k = 12 * l;
        int p = linkParent[l];
        if (p < 0) {
            for (int i = 0; i < 12; i++) pose[k + i] = linkOrigin[k + i];
        } else {
            int ak = 12 * p;
            for (int row = 0; row < 3; row++) {
                double x = pose[ak + 4 * row], y = pose[ak + 4 * row + 1], z = pose[ak + 4 * row + 2];
                double t = pose[ak + 4 * row + 3];
                pose[k + 4 * row] = x * linkOrigin[k] + y * linkOrigin[k + 4] + z * linkOrigin[k + 8];
                pose[k + 4 * row + 1] = x * linkOrigin[k + 1] + y * linkOrigin[k + 5] + z * linkOrigin[k + 9];
                pose[k + 4 * row + 2] = x * linkOrigin[k + 2] + y * linkOrigin[k + 6] + z * linkOrigin[k + 10];
                pose[k + 4 * row + 3] = x * linkOrigin[k + 3] + y * linkOrigin[k + 7] + z * linkOrigin[k + 11] + t;
            }
        }
        int s = linkSlot[l];
        if (s < 0) {
            continue;
        }
        double ax = linkAxis[3 * l], ay = linkAxis[3 * l + 1], az = linkAxis[3 * l + 2];
        double c0 = tr[2 * s], s0 = tr[2 * s + 1];
        if (linkJoint[l] == 2) {
            double tx = ax * c0, ty = ay * c0, tz = az * c0;
            pose[k + 3] = pose[k] * tx + pose[k + 1] * ty + pose[k + 2] * tz + pose[k + 3];
            pose[k + 7] = pose[k + 4] * tx + pose[k + 5] * ty + pose[k + 6] * tz + pose[k + 7];
            pose[k + 11] = pose[k + 8] * tx + pose[k + 9] * ty + pose[k + 10] * tz + pose[k + 11];
        } else {
            double cc = 1 - c0;
            double r00 = c0 + ax * ax * cc, r01 = ax * ay * cc - az * s0, r02 = ax * az * cc + ay * s0;
            double r10 = ay * ax * cc + az * s0, r11 = c0 + ay * ay * cc, r12 = ay * az * cc - ax * s0;
            double r20 = az * ax * cc - ay * s0, r21 = az * ay * cc + ax * s0, r22 = c0 + az * az * cc;
            for (int row = 0; row < 3; row++) {
                int b = k + 4 * row;
                double x = pose[b], y = pose[b + 1], z = pose[b + 2];
                pose[b] = x * r00 + y * r10 + z * r20;
                pose[b + 1] = x * r01 + y * r11 + z * r21;
                pose[b + 2] = x * r02 + y * r12 + z * r22;
            }
        }
    }
    for (int p = 0; p < pairCount; p++) {
        int a = pairA[p], b = pairB[p];
        int free = 1;
        for (int s = pieceSphereStart[a]; s < pieceSphereStart[a + 1] && free; s++) {
            int k = 12 * sphereLink[s];
            double x = sphere[4 * s], y = sphere[4 * s + 1], z = sphere[4 * s + 2];
            double wa0 = pose[k] * x + pose[k + 1] * y + pose[k + 2] * z + pose[k + 3];
            double wa1 = pose[k + 4] * x + pose[k + 5] * y + pose[k + 6] * z + pose[k + 7];
            double wa2 = pose[k + 8] * x + pose[k + 9] * y + pose[k + 10] * z + pose[k + 11];
            double ra = sphere[4 * s + 3];
            if (b < 0) {
                int o = 15 * (-1 - b);
                double dx = wa0 - obb[o + 9], dy = wa1 - obb[o + 10], dz = wa2 - obb[o + 11];
                double lx = obb[o] * dx + obb[o + 3] * dy + obb[o + 6] * dz;
                double ly = obb[o + 1] * dx + obb[o + 4] * dy + obb[o + 7] * dz;
                double lz = obb[o + 2] * dx + obb[o + 5] * dy + obb[o + 8] * dz;
                double ex = excess(lx, obb[o + 12]), ey = excess(ly, obb[o + 13]), ez = excess(lz, obb[o + 14]);
                if (!(ex * ex + ey * ey + ez * ez > ra * ra)) {
                    free = 0;
                }
            } else {
                for (int t = pieceSphereStart[b]; t < pieceSphereStart[b + 1]; t++) {
                    int kb = 12 * sphereLink[t];
                    double xb = sphere[4 * t], yb = sphere[4 * t + 1], zb = sphere[4 * t + 2];
                    double wb0 = pose[kb] * xb + pose[kb + 1] * yb + pose[kb + 2] * zb + pose[kb + 3];
                    double wb1 = pose[kb + 4] * xb + pose[kb + 5] * yb + pose[kb + 6] * zb + pose[kb + 7];
                    double wb2 = pose[kb + 8] * xb + pose[kb + 9] * yb + pose[kb + 10] * zb + pose[kb + 11];
                    double dx = wa0 - wb0, dy = wa1 - wb1, dz = wa2 - wb2;
                    double rs = ra + sphere[4 * t + 3];
                    if (!(dx * dx + dy * dy + dz * dz > rs * rs)) {
                        free = 0;
                        break;
                    }
                }
            }
        }
        if (!free) {
            free = pair_separated(pose, a, b, pieceLink[a], b >= 0 ? pieceLink[b] : 0, pieceVertexStart, pieceVertex,
                                  obstacleCorner);
        }
        if (!free) {
            verdict[g] = 1;
            unsure[g] = p;
            return;
        }
    }
    verdict[g] = 0;
    unsure[g] = -1;
}
