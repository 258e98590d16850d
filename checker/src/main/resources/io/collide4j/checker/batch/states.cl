// Device tiers of batch robot checking (io.collide4j.checker.batch.BatchRobot) and the compaction of undecided
// items (count -> prefix sum -> fill).
//
// states_tier: one configuration per work item; a statement-by-statement port of ChainLayout.forwardKinematics /
// pairSpheresClear / pairSeparated. The host supplies the cosines and sines of the joint values, everything here is
// +, x, one division and comparisons in the Java order with contraction OFF, so the answers are bit-identical to
// BatchRobot.firstUnclearPair. flag: 0 = every pair clear (certified free), 1 = the CPU decides with isFree.
//
// motions_tier: one motion q0 -> q1 per work item; conservative advancement of the whole robot with sphere distances
// and the configuration-independent reach tables. flag: 0 = certified free for margin clear, 1 = unknown.
//
// Compile-time: NL (links), NSLOT (moving joints), DOF, FW_ITERATIONS, WG (work-group size, a power of two).
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

// Port of BatchRobot.pairSeparated (Frank-Wolfe separating direction, certified by margins + c).
inline int pair_separated(const double* pose, int a, int b, int pieceLinkA, int pieceLinkB, double tm,
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
        if (vs > 0 && vs * vs > tm * tm * vv) {
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

// Certified lower bound on the distance between the pair's vertex sets (robot hull vertices placed by FK; an obstacle
// piece's box corners): max over Frank-Wolfe iterates v of (v.s)/|v|, s the support of A - B opposite v; stops once
// the bound is within 10 % of |v| (an upper bound). -INFINITY when a side has no vertices.
inline double pair_fw_lower(const double* pose, int a, int b, int pieceLinkA, int pieceLinkB,
                            __global const int* pieceVertexStart, __global const double* pieceVertex,
                            __global const double* obstacleCorner) {
    double lower = -(double) INFINITY;
    int a0 = pieceVertexStart[a], a1 = pieceVertexStart[a + 1];
    if (a0 == a1 || (b >= 0 && pieceVertexStart[b] == pieceVertexStart[b + 1])) {
        return lower;
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
        double vn = sqrt(vv);
        if (vs > 0 && vn > 0) {
            lower = fmax(lower, vs / vn);
            if (lower >= 0.9 * vn) {
                return lower;
            }
        }
        double ex = vx - sx, ey = vy - sy, ez = vz - sz;
        double ee = ex * ex + ey * ey + ez * ez;
        double num = vv - vs;
        if (!(ee > 0) || !(num > 0)) {
            return lower;
        }
        double lambda = num / ee;
        if (lambda > 1) {
            lambda = 1;
        }
        vx = vx - lambda * ex;
        vy = vy - lambda * ey;
        vz = vz - lambda * ez;
    }
    return lower;
}

inline double excess(double x, double h) {
    return x < -h ? x + h : x > h ? x - h : 0;
}

// Port of ChainLayout.forwardKinematics.
inline void fk(const double* tr, double* pose, __global const int* linkParent, __global const int* linkJoint,
               __global const int* linkSlot, __global const double* linkOrigin, __global const double* linkAxis) {
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
}

inline void centre(const double* pose, __global const double* sphere, __global const int* sphereLink, int s,
                   double* w) {
    int k = 12 * sphereLink[s];
    double x = sphere[4 * s], y = sphere[4 * s + 1], z = sphere[4 * s + 2];
    w[0] = pose[k] * x + pose[k + 1] * y + pose[k + 2] * z + pose[k + 3];
    w[1] = pose[k + 4] * x + pose[k + 5] * y + pose[k + 6] * z + pose[k + 7];
    w[2] = pose[k + 8] * x + pose[k + 9] * y + pose[k + 10] * z + pose[k + 11];
}

// (robot side, obstacle box) local excess vector length squared, as BatchRobot.pairSpheresClear
inline double box_excess2(const double* w, __global const double* obb, int ko) {
    int o = 15 * ko;
    double dx = w[0] - obb[o + 9], dy = w[1] - obb[o + 10], dz = w[2] - obb[o + 11];
    double lx = obb[o] * dx + obb[o + 3] * dy + obb[o + 6] * dz;
    double ly = obb[o + 1] * dx + obb[o + 4] * dy + obb[o + 7] * dz;
    double lz = obb[o + 2] * dx + obb[o + 5] * dy + obb[o + 8] * dz;
    double ex = excess(lx, obb[o + 12]), ey = excess(ly, obb[o + 13]), ez = excess(lz, obb[o + 14]);
    return ex * ex + ey * ey + ez * ez;
}

#define ROBOT_TABLES __global const int* linkParent, __global const int* linkJoint, __global const int* linkSlot, \
    __global const double* linkOrigin, __global const double* linkAxis, \
    __global const double* sphere, __global const int* sphereLink, __global const int* pieceSphereStart, \
    __global const double* obb, __global const double* obstacleMargin, \
    __global const int* pairA, __global const int* pairB, __global const double* pairMargin, \
    __global const int* pieceLink, __global const int* pieceVertexStart, \
    __global const double* pieceVertex, __global const double* obstacleCorner, int pairCount

__kernel void states_tier(__global const double* trig, int trigLen, int count, double c, ROBOT_TABLES,
                          __global uchar* flag) {
    int g = get_global_id(0);
    if (g >= count) {
        return;
    }
    double tr[2 * NSLOT + 1];
    for (int i = 0; i < trigLen; i++) tr[i] = trig[(ulong) g * trigLen + i];
    double pose[12 * NL];
    fk(tr, pose, linkParent, linkJoint, linkSlot, linkOrigin, linkAxis);
    for (int p = 0; p < pairCount; p++) {
        int a = pairA[p], b = pairB[p];
        int clear = 1;
        for (int s = pieceSphereStart[a]; s < pieceSphereStart[a + 1] && clear; s++) {
            double wa[3];
            centre(pose, sphere, sphereLink, s, wa);
            double ra = sphere[4 * s + 3];
            if (b < 0) {
                int ko = -1 - b;
                double t = ra + obstacleMargin[ko] + c;
                if (!(box_excess2(wa, obb, ko) > t * t)) {
                    clear = 0;
                }
            } else {
                for (int u = pieceSphereStart[b]; u < pieceSphereStart[b + 1]; u++) {
                    double wb[3];
                    centre(pose, sphere, sphereLink, u, wb);
                    double dx = wa[0] - wb[0], dy = wa[1] - wb[1], dz = wa[2] - wb[2];
                    double rs = ra + sphere[4 * u + 3] + c;
                    if (!(dx * dx + dy * dy + dz * dz > rs * rs)) {
                        clear = 0;
                        break;
                    }
                }
            }
        }
        if (!clear) {
            clear = pair_separated(pose, a, b, pieceLink[a], b >= 0 ? pieceLink[b] : 0, pairMargin[p] + c,
                                   pieceVertexStart, pieceVertex, obstacleCorner);
        }
        if (!clear) {
            flag[g] = 1;
            return;
        }
    }
    flag[g] = 0;
}

// Upper bound on the speed (per unit of the segment parameter) of any point of sphere s relative to the frame after
// the first `skip` movable joints of its chain.
inline double sphere_rate(const double* adq, int s, int skip, __global const int* sphereChainStart,
                          __global const int* chainVar, __global const double* chainWeight) {
    double rate = 0;
    for (int i = sphereChainStart[s] + skip; i < sphereChainStart[s + 1]; i++) {
        double a = adq[chainVar[i]];
        if (a != 0) {
            rate += a * chainWeight[i];
        }
    }
    return rate;
}

__kernel void motions_tier(__global const double* q0s, __global const double* q1s, int count, double c,
                           int maxSteps, ROBOT_TABLES,
                           __global const int* slotVar, __global const double* slotMul, __global const double* slotOff,
                           __global const int* slotRevolute, __global const int* pairShared,
                           __global const int* sphereChainStart, __global const int* chainVar,
                           __global const double* chainWeight, __global uchar* flag) {
    int g = get_global_id(0);
    if (g >= count) {
        return;
    }
    __global const double* q0 = q0s + (ulong) g * DOF;
    __global const double* q1 = q1s + (ulong) g * DOF;
    double adq[DOF + 1];
    for (int j = 0; j < DOF; j++) {
        adq[j] = fabs(q1[j] - q0[j]) * (1 + 1e-12);
        // a travel that overflows (or NaN) would make a rate NaN, and fmin/fmax drop NaN operands: leave the motion
        // to the CPU (the host refuses such inputs before this kernel runs; this guard keeps the kernel sound alone)
        if (!(adq[j] <= DBL_MAX)) {
            flag[g] = 1;
            return;
        }
    }
    double tr[2 * NSLOT + 1];
    double pose[12 * NL];
    double s = 0;
    for (int step = 0; step < maxSteps; step++) {
        for (int k = 0; k < NSLOT; k++) {
            int j = slotVar[k];
            double v = slotMul[k] * (q0[j] + s * (q1[j] - q0[j])) + slotOff[k];
            if (slotRevolute[k]) {
                tr[2 * k] = cos(v);
                tr[2 * k + 1] = sin(v);
            } else {
                tr[2 * k] = v;
                tr[2 * k + 1] = 0;
            }
        }
        fk(tr, pose, linkParent, linkJoint, linkSlot, linkOrigin, linkAxis);
        // largest certified step: every sphere pair keeps its distance above c until s + ds
        double ds = (double) INFINITY;
        for (int p = 0; p < pairCount; p++) {
            int a = pairA[p], b = pairB[p];
            int skip = pairShared[p];
            double pairDs = (double) INFINITY;
            double maxRateA = 0, maxRateB = 0;
            int spheresOk = 1;
            for (int sa = pieceSphereStart[a]; sa < pieceSphereStart[a + 1]; sa++) {
                double wa[3];
                centre(pose, sphere, sphereLink, sa, wa);
                double ra = sphere[4 * sa + 3];
                double rateA = sphere_rate(adq, sa, skip, sphereChainStart, chainVar, chainWeight);
                maxRateA = fmax(maxRateA, rateA);
                if (b < 0) {
                    int ko = -1 - b;
                    double gap = sqrt(box_excess2(wa, obb, ko)) - ra - obstacleMargin[ko] - c;
                    if (!(gap > 0)) {
                        spheresOk = 0;
                    } else if (rateA > 0) {
                        pairDs = fmin(pairDs, gap / rateA);
                    }
                } else {
                    for (int u = pieceSphereStart[b]; u < pieceSphereStart[b + 1]; u++) {
                        double wb[3];
                        centre(pose, sphere, sphereLink, u, wb);
                        double dx = wa[0] - wb[0], dy = wa[1] - wb[1], dz = wa[2] - wb[2];
                        double gap = sqrt(dx * dx + dy * dy + dz * dz) - ra - sphere[4 * u + 3] - c;
                        double rateB = sphere_rate(adq, u, skip, sphereChainStart, chainVar, chainWeight);
                        maxRateB = fmax(maxRateB, rateB);
                        if (!(gap > 0)) {
                            spheresOk = 0;
                        } else if (rateA + rateB > 0) {
                            pairDs = fmin(pairDs, gap / (rateA + rateB));
                        }
                    }
                }
            }
            if (!spheresOk) {
                // the spheres overlap: a separating direction of the pieces bounds their distance instead; every
                // point of a piece lies in one of its spheres, so the fastest sphere bounds the piece's speed
                double gap = pair_fw_lower(pose, a, b, pieceLink[a], b >= 0 ? pieceLink[b] : 0, pieceVertexStart,
                                           pieceVertex, obstacleCorner) - pairMargin[p] - c;
                if (!(gap > 0)) {
                    flag[g] = 1;
                    return;
                }
                double rate = maxRateA + maxRateB;
                pairDs = rate > 0 ? gap / rate : (double) INFINITY;
            }
            ds = fmin(ds, pairDs);
        }
        ds = ds * (1 - 1e-9);
        if (s + ds >= 1) {
            flag[g] = 0;
            return;
        }
        s = s + ds;
    }
    flag[g] = 1;
}

// ---- compaction of undecided items: count per work-group, exclusive prefix sum, fill (stable: ascending order)

__kernel void count_flags(__global const uchar* flag, int n, __global int* counts) {
    __local int sum[WG];
    int g = get_global_id(0), l = get_local_id(0);
    sum[l] = g < n && flag[g] != 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int off = WG / 2; off > 0; off >>= 1) {
        if (l < off) {
            sum[l] += sum[l + off];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0) {
        counts[get_group_id(0)] = sum[0];
    }
}

// One work-group: offsets[i] = counts[0] + ... + counts[i-1] for i < nb, offsets[nb] = total.
__kernel void scan_counts(__global const int* counts, int nb, __global int* offsets) {
    __local int part[WG];
    int l = get_local_id(0);
    int per = (nb + WG - 1) / WG;
    int from = min(nb, l * per), to = min(nb, from + per);
    int sum = 0;
    for (int i = from; i < to; i++) {
        sum += counts[i];
    }
    part[l] = sum;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l == 0) {
        int run = 0;
        for (int i = 0; i < WG; i++) {
            int t = part[i];
            part[i] = run;
            run += t;
        }
        offsets[nb] = run;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    int run = part[l];
    for (int i = from; i < to; i++) {
        offsets[i] = run;
        run += counts[i];
    }
}

__kernel void fill_indices(__global const uchar* flag, int n, __global const int* offsets, int first,
                           __global int* list) {
    __local int pre[WG];
    int g = get_global_id(0), l = get_local_id(0);
    int f = g < n && flag[g] != 0;
    pre[l] = f;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int off = 1; off < WG; off <<= 1) {
        int t = l >= off ? pre[l - off] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        pre[l] += t;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (f) {
        list[offsets[get_group_id(0)] + pre[l] - 1] = first + g;
    }
}
