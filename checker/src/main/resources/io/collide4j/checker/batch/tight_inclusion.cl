// Tight-Inclusion CCD (Wang, Ferguson, Schneider, Jiang, Attene, Panozzo, ACM TOG 2021), one query per work item.
//
// This is a line-by-line port of io.collide4j.checker.ccd.TightInclusion (solveOnce + the no-zero-TOI retry loop)
// and of TightInclusionScratch (level queue, two-run merge, heap sort). Verdicts, times, tolerances and check
// counts must be bit-identical to the Java code, so:
//  - FP_CONTRACT is OFF (no fused multiply-add), the host never passes -cl-mad-enable / fast-math options;
//  - every expression keeps the Java evaluation order;
//  - jmax/jmin reproduce java.lang.Math.max/min (NaN and signed-zero rules), nextafter(x, +inf) is Math.nextUp.
// The Java queue grows without bound; here it has CAP boxes per buffer. When a level does not fit, the work item
// stops and sets FLAG_UNDECIDED: the host then solves that query on the CPU, so the final answer is the Java one.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL FP_CONTRACT OFF

#define STRIDE 6
#define FLAG_EARLY 1
#define FLAG_UNDECIDED 2 /* queue overflow or invalid input: the host decides on the CPU */
#define FLAG_INSIDE 4

inline double jmax(double a, double b) {
    if (a != a) return a;
    if (a == 0.0 && b == 0.0) return signbit(a) ? b : a;
    return a >= b ? a : b;
}

inline double jmin(double a, double b) {
    if (a != a) return a;
    if (a == 0.0 && b == 0.0) return signbit(a) ? a : b;
    return a <= b ? a : b;
}

inline double next_up(double x) {
    return nextafter(x, (double) INFINITY);
}

// Interleaved queue layout: buffer q (0 = cur, 1 = runA, 2 = runB), box i, field k of work item g lives at
// ((q * cap + i) * STRIDE + k) * W + g, so neighbouring work items touch neighbouring addresses.
#define QI(q, i, k) ((((ulong) (q) * (ulong) cap + (ulong) (i)) * STRIDE + (k)) * (ulong) W + (ulong) g)

inline double bound_of(double k, double gam, double d) {
    double eps = next_up(next_up(next_up(k * 0x1p-52 * gam * gam * gam)));
    return d > 0 ? next_up(eps + d) : eps;
}

inline double f_axis(int vf, const double* c, int a, double t, double u, double v) {
    int b = a;
    double x0 = (c[b + 12] - c[b]) * t + c[b];
    double x1 = (c[b + 15] - c[b + 3]) * t + c[b + 3];
    double x2 = (c[b + 18] - c[b + 6]) * t + c[b + 6];
    double x3 = (c[b + 21] - c[b + 9]) * t + c[b + 9];
    if (vf) {
        return x0 - ((x2 - x1) * u + (x3 - x1) * v + x1);
    }
    return ((x1 - x0) * u + x0) - ((x3 - x2) * v + x2);
}

inline int axis_check(int vf, const double* c, int a, double t0, double t1, double u0, double u1,
                      double v0, double v1, double bnd, double* lo, double* hi) {
    int b = a;
    double s0 = c[b], s1 = c[b + 3], s2 = c[b + 6], s3 = c[b + 9];
    double d0 = c[b + 12] - s0, d1 = c[b + 15] - s1, d2 = c[b + 18] - s2, d3 = c[b + 21] - s3;
    double mn = (double) INFINITY, mx = -(double) INFINITY;
    for (int ti = 0; ti < 2; ti++) {
        double t = ti == 0 ? t0 : t1;
        double x0 = d0 * t + s0, x1 = d1 * t + s1, x2 = d2 * t + s2, x3 = d3 * t + s3;
        double f00, f01, f10, f11;
        if (vf) {
            double e1 = x2 - x1, e2 = x3 - x1;
            f00 = x0 - (e1 * u0 + e2 * v0 + x1);
            f01 = x0 - (e1 * u0 + e2 * v1 + x1);
            f10 = x0 - (e1 * u1 + e2 * v0 + x1);
            f11 = x0 - (e1 * u1 + e2 * v1 + x1);
        } else {
            double ea = x1 - x0, eb = x3 - x2;
            double pa0 = ea * u0 + x0, pa1 = ea * u1 + x0;
            double pb0 = eb * v0 + x2, pb1 = eb * v1 + x2;
            f00 = pa0 - pb0;
            f01 = pa0 - pb1;
            f10 = pa1 - pb0;
            f11 = pa1 - pb1;
        }
        mn = jmin(mn, jmin(jmin(f00, f01), jmin(f10, f11)));
        mx = jmax(mx, jmax(jmax(f00, f01), jmax(f10, f11)));
    }
    lo[a] = mn;
    hi[a] = mx;
    return !(mn > bnd || mx < -bnd);
}

typedef struct {
    int curLen, aLen, bLen, unsorted, overflow;
} queue_state;

inline void push_run(__global double* qm, int cap, ulong W, ulong g, queue_state* s, int run,
                     double t0, double t1, double u0, double u1, double v0, double v1) {
    int len = run == 1 ? s->aLen : s->bLen;
    if (len >= cap) {
        s->overflow = 1;
        return;
    }
    if (len > 0 && t0 < qm[QI(run, len - 1, 0)]) {
        s->unsorted = 1;
    }
    qm[QI(run, len, 0)] = t0;
    qm[QI(run, len, 1)] = t1;
    qm[QI(run, len, 2)] = u0;
    qm[QI(run, len, 3)] = u1;
    qm[QI(run, len, 4)] = v0;
    qm[QI(run, len, 5)] = v1;
    if (run == 1) s->aLen++; else s->bLen++;
}

inline void copy_box(__global double* qm, int cap, ulong W, ulong g, int fromQ, int fromI, int toQ, int toI) {
    for (int k = 0; k < STRIDE; k++) {
        qm[QI(toQ, toI, k)] = qm[QI(fromQ, fromI, k)];
    }
}

inline void swap_box(__global double* qm, int cap, ulong W, ulong g, int i, int j) {
    for (int k = 0; k < STRIDE; k++) {
        double t = qm[QI(0, i, k)];
        qm[QI(0, i, k)] = qm[QI(0, j, k)];
        qm[QI(0, j, k)] = t;
    }
}

inline void sift_down(__global double* qm, int cap, ulong W, ulong g, int i, int n) {
    while (1) {
        int l = 2 * i + 1;
        if (l >= n) return;
        int m = (l + 1 < n && qm[QI(0, l + 1, 0)] > qm[QI(0, l, 0)]) ? l + 1 : l;
        if (qm[QI(0, m, 0)] <= qm[QI(0, i, 0)]) return;
        swap_box(qm, cap, W, g, i, m);
        i = m;
    }
}

// Same merge (ties taken from run A) and same heap sort as TightInclusionScratch.advanceLevel.
inline void advance_level(__global double* qm, int cap, ulong W, ulong g, queue_state* s) {
    int n = s->aLen + s->bLen;
    if (n > cap) {
        s->overflow = 1;
        return;
    }
    int i = 0, j = 0, k = 0;
    while (i < s->aLen && j < s->bLen) {
        if (qm[QI(2, j, 0)] < qm[QI(1, i, 0)]) {
            copy_box(qm, cap, W, g, 2, j++, 0, k++);
        } else {
            copy_box(qm, cap, W, g, 1, i++, 0, k++);
        }
    }
    while (i < s->aLen) copy_box(qm, cap, W, g, 1, i++, 0, k++);
    while (j < s->bLen) copy_box(qm, cap, W, g, 2, j++, 0, k++);
    s->curLen = n;
    if (s->unsorted) {
        for (int h = n / 2 - 1; h >= 0; h--) sift_down(qm, cap, W, g, h, n);
        for (int end = n - 1; end > 0; end--) {
            swap_box(qm, cap, W, g, 0, end);
            sift_down(qm, cap, W, g, 0, end);
        }
    }
    s->aLen = 0;
    s->bLen = 0;
    s->unsorted = 0;
}

// One solve (Alg. 2 with the t_skip fix); writes checks / tolerance / flags like the Java scratch fields.
inline double solve_once(int vf, const double* c, double d, double windowEnd, double delta, long maxChecks,
                         __global double* qm, int cap, ulong W, ulong g,
                         long* outChecks, double* outTol, int* outFlags) {
    double gx = 1, gy = 1, gz = 1;
    for (int r = 0; r < 8; r++) {
        int b = 3 * r;
        if (!isfinite(c[b]) || !isfinite(c[b + 1]) || !isfinite(c[b + 2])) {
            *outChecks = 0;
            *outTol = 0;
            *outFlags = FLAG_UNDECIDED; // the Java solver raises the named error
            return (double) INFINITY;
        }
        gx = jmax(gx, fabs(c[b]));
        gy = jmax(gy, fabs(c[b + 1]));
        gz = jmax(gz, fabs(c[b + 2]));
    }
    if (!(d < jmin(gx, jmin(gy, gz)))) {
        *outChecks = 0;
        *outTol = 0;
        *outFlags = FLAG_UNDECIDED;
        return (double) INFINITY;
    }
    double k = d > 0 ? (vf ? 34 : 32) : (vf ? 30 : 28);
    double bx = bound_of(k, gx, d), by = bound_of(k, gy, d), bz = bound_of(k, gz, d);

    double kt = 0, ku = 0, kv = 0;
    for (int a = 0; a < 3; a++) {
        for (int i = 0; i < 2; i++) {
            for (int j = 0; j < 2; j++) {
                kt = jmax(kt, fabs(f_axis(vf, c, a, 0, i, j) - f_axis(vf, c, a, 1, i, j)));
                ku = jmax(ku, fabs(f_axis(vf, c, a, i, 0, j) - f_axis(vf, c, a, i, 1, j)));
                kv = jmax(kv, fabs(f_axis(vf, c, a, i, j, 0) - f_axis(vf, c, a, i, j, 1)));
            }
        }
    }
    kt *= 3;
    ku *= 3;
    kv *= 3;

    queue_state s;
    qm[QI(0, 0, 0)] = 0;
    qm[QI(0, 0, 1)] = windowEnd;
    qm[QI(0, 0, 2)] = 0;
    qm[QI(0, 0, 3)] = 1;
    qm[QI(0, 0, 4)] = 0;
    qm[QI(0, 0, 5)] = 1;
    s.curLen = 1;
    s.aLen = 0;
    s.bLen = 0;
    s.unsorted = 0;
    s.overflow = 0;
    *outFlags = 0;
    long n = 0;
    double tFirst = (double) INFINITY;
    double tFirstWidth = 0;
    double tSkip = (double) INFINITY;
    double tSkipWidth = 0;
    int tSkipInside = 0;
    double lo[3], hi[3];
    while (1) {
        int levelHasHit = 0;
        int curLen = s.curLen;
        for (int idx = 0; idx < curLen; idx++) {
            if (n >= maxChecks) {
                *outChecks = n;
                *outFlags = FLAG_EARLY;
                if (tSkip < tFirst) {
                    *outTol = tSkipWidth;
                    return tSkip;
                }
                *outTol = tFirstWidth;
                return tFirst;
            }
            double t0 = qm[QI(0, idx, 0)];
            if (t0 >= tSkip) {
                break;
            }
            double t1 = qm[QI(0, idx, 1)], u0 = qm[QI(0, idx, 2)], u1 = qm[QI(0, idx, 3)];
            double v0 = qm[QI(0, idx, 4)], v1 = qm[QI(0, idx, 5)];
            n++;
            if (!axis_check(vf, c, 0, t0, t1, u0, u1, v0, v1, bx, lo, hi)
                    || !axis_check(vf, c, 1, t0, t1, u0, u1, v0, v1, by, lo, hi)
                    || !axis_check(vf, c, 2, t0, t1, u0, u1, v0, v1, bz, lo, hi)) {
                continue;
            }
            double width = jmax(hi[0] - lo[0], jmax(hi[1] - lo[1], hi[2] - lo[2]));
            int first = !levelHasHit;
            if (first) {
                levelHasHit = 1;
                tFirst = t0;
                tFirstWidth = width;
            }
            int inside = -bx <= lo[0] && hi[0] <= bx && -by <= lo[1] && hi[1] <= by
                    && -bz <= lo[2] && hi[2] <= bz;
            int stop = width < delta || inside;
            int dim = -1;
            double mid = 0;
            if (!stop) {
                double ct = (t1 - t0) * kt, cu = (u1 - u0) * ku, cv = (v1 - v0) * kv;
                double cm = jmax(ct, jmax(cu, cv));
                if (cm > 0) {
                    dim = ct == cm ? 0 : cu == cm ? 1 : 2;
                } else {
                    double wt = t1 - t0, wu = u1 - u0, wv = v1 - v0;
                    double wm = jmax(wt, jmax(wu, wv));
                    dim = wt == wm ? 0 : wu == wm ? 1 : 2;
                }
                double a = dim == 0 ? t0 : dim == 1 ? u0 : v0;
                double b = dim == 0 ? t1 : dim == 1 ? u1 : v1;
                mid = (a + b) * 0.5;
                if (!(mid > a && mid < b)) {
                    stop = 1;
                }
            }
            if (stop) {
                if (first) {
                    *outChecks = n;
                    *outTol = width;
                    *outFlags = inside ? FLAG_INSIDE : 0;
                    return t0;
                }
                if (t0 < tSkip) {
                    tSkip = t0;
                    tSkipWidth = width;
                    tSkipInside = inside;
                }
                continue;
            }
            if (dim == 0) {
                push_run(qm, cap, W, g, &s, 1, t0, mid, u0, u1, v0, v1);
                push_run(qm, cap, W, g, &s, 2, mid, t1, u0, u1, v0, v1);
            } else if (dim == 1) {
                push_run(qm, cap, W, g, &s, 1, t0, t1, u0, mid, v0, v1);
                if (!vf || mid + v0 <= 1) {
                    push_run(qm, cap, W, g, &s, 1, t0, t1, mid, u1, v0, v1);
                }
            } else {
                push_run(qm, cap, W, g, &s, 1, t0, t1, u0, u1, v0, mid);
                if (!vf || u0 + mid <= 1) {
                    push_run(qm, cap, W, g, &s, 1, t0, t1, u0, u1, mid, v1);
                }
            }
            if (s.overflow) {
                *outChecks = n;
                *outTol = 0;
                *outFlags = FLAG_UNDECIDED;
                return (double) INFINITY;
            }
        }
        if (s.aLen + s.bLen == 0) {
            break;
        }
        advance_level(qm, cap, W, g, &s);
        if (s.overflow) {
            *outChecks = n;
            *outTol = 0;
            *outFlags = FLAG_UNDECIDED;
            return (double) INFINITY;
        }
    }
    *outChecks = n;
    *outTol = tSkipWidth;
    *outFlags = tSkipInside ? FLAG_INSIDE : 0;
    return tSkip;
}

// count queries starting at `first`; kinds[i] = 0 (vertex-face) or 1 (edge-edge); qm holds W queues.
__kernel void tight_inclusion_batch(__global const double* coords, __global const int* kinds, int first, int count,
                                    double d, double windowEnd, double delta, long maxChecks, int noZeroToi,
                                    int retries, int cap, __global double* qm,
                                    __global double* toiOut, __global double* tolOut, __global long* checksOut,
                                    __global int* flagsOut) {
    ulong g = get_global_id(0);
    ulong W = (ulong) count; // queue stride: the launch is rounded up to whole work-groups, the buffers are not
    if (g >= (ulong) count) {
        return;
    }
    int item = first + (int) g;
    double c[24];
    for (int i = 0; i < 24; i++) {
        c[i] = coords[(ulong) item * 24 + i];
    }
    int vf = kinds[item] == 0;
    long checks = 0;
    double tol = 0;
    int flags = 0;
    double del = delta;
    double t = solve_once(vf, c, d, windowEnd, del, maxChecks, qm, cap, W, g, &checks, &tol, &flags);
    if (noZeroToi && !(flags & FLAG_UNDECIDED)) {
        long total = checks;
        for (int i = 0; i < retries && t == 0.0 && !(flags & (FLAG_EARLY | FLAG_INSIDE)); i++) {
            del *= 0.5;
            t = solve_once(vf, c, d, windowEnd, del, maxChecks, qm, cap, W, g, &checks, &tol, &flags);
            total += checks;
            if (flags & FLAG_UNDECIDED) {
                break;
            }
        }
        checks = total;
    }
    toiOut[item] = t;
    tolOut[item] = tol;
    checksOut[item] = checks;
    flagsOut[item] = flags;
}
