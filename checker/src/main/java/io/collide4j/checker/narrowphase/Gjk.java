package io.collide4j.checker.narrowphase;

import io.collide4j.checker.geometry.ConvexShape;
import org.joml.Matrix4dc;
import org.joml.Vector3d;

/**
 * GJK (Gilbert, Johnson and Keerthi 1988) for convex shapes given by support maps: boolean intersection with
 * separating-axis early exit, and distance with witness points, the usual upper estimate and a certified lower
 * bound (see {@link MinkowskiPair}: the bound is max over all support directions u tried of −h(u)/|u| with every
 * rounding error bounded, so it never exceeds the true distance). The closest point on the simplex uses Voronoi
 * region tests (Ericson's closest-point-on-triangle; seed 001 §2.4 with its errata applied), not Johnson's
 * cofactors; its face case projects through the cross product, which stays accurate on the sliver triangles GJK
 * builds on curved shapes. GJK runs on the shapes' cores (see {@link ConvexShape#sweptRadius()}: point and segment
 * for sphere and capsule, so those converge finitely) and subtracts the swept radii. The reported normal is the
 * direction of the best certified support plane; a stalled simplex is restarted from the latest support point (at
 * most {@link #MAX_RESTARTS} times). Touching and doubtful cases answer "intersecting": a "separated" answer from
 * {@link #intersects} is certified. Not thread-safe: one instance per thread; no allocation per query.
 */
public final class Gjk {
    /** Iteration cap for the distance loop. */
    public static final int MAX_ITERATIONS = 256;
    /** Relative gap (upper − lower)/upper at which the distance loop stops. */
    public static final double RELATIVE_TOLERANCE = 1e-11;

    final MinkowskiPair pair = new MinkowskiPair();
    // simplex: Minkowski points and the support points of A and B (world)
    // double-buffered: closest() writes the reduced simplex into the spare set and swaps, so the previous simplex
    // survives for restore() without copying
    double[] sw = new double[12], spa = new double[12], spb = new double[12];
    double[] lambda = new double[4];
    private double[] tw = new double[12], ta = new double[12], tb = new double[12], tl = new double[4];
    int ns;
    double vx, vy, vz;
    private final Vector3d tmp = new Vector3d();
    // closest-point sub-result
    private final int[] ri = new int[4];
    private final double[] rl = new double[4];
    private int rn;
    private double rx, ry, rz;
    private final int[] bi = new int[4];
    private final double[] bl = new double[4];

    /** True unless a separating plane is certified (touching or doubtful counts as intersecting). */
    public boolean intersects(ConvexShape a, Matrix4dc poseA, ConvexShape b, Matrix4dc poseB) {
        pair.set(a, poseA, b, poseB, true);
        return run(BOOLEAN, null);
    }

    /**
     * True when a certified lower bound on the distance exceeds {@code threshold} (≥ 0): the boolean question of a
     * discrete check, "farther apart than the margin?". Runs the distance loop (restarts included, so away from the
     * threshold the verdict is the one {@code distance(...).lowerBound > threshold} gives), first support towards the
     * origin rather than away from it, and stops as soon as a support plane certifies more than the threshold, or as
     * soon as the simplex shows the distance to be at most the threshold.
     */
    public boolean separatedBeyond(ConvexShape a, Matrix4dc poseA, ConvexShape b, Matrix4dc poseB, double threshold) {
        return separatedBeyond(a, poseA, b, poseB, threshold, 0, 0, 0);
    }

    /**
     * {@link #separatedBeyond(ConvexShape, Matrix4dc, ConvexShape, Matrix4dc, double)} with a guess (hx, hy, hz) of the
     * direction from B's closest point to A's (e.g. between the closest covering spheres), used for the first support
     * instead of the centres' difference; a zero or non-finite guess is ignored. Only the speed depends on it.
     */
    public boolean separatedBeyond(ConvexShape a, Matrix4dc poseA, ConvexShape b, Matrix4dc poseB, double threshold,
                                   double hx, double hy, double hz) {
        pair.set(a, poseA, b, poseB, true);
        this.threshold = threshold;
        boolean usable = Double.isFinite(hx + hy + hz) && hx * hx + hy * hy + hz * hz > 0;
        this.hintX = usable ? hx : 0;
        this.hintY = usable ? hy : 0;
        this.hintZ = usable ? hz : 0;
        return !run(SEPARATION, null);
    }

    /** Distance query; fills {@code out} and returns it. */
    public DistanceResult distance(ConvexShape a, Matrix4dc poseA, ConvexShape b, Matrix4dc poseB, DistanceResult out) {
        return distance(a, poseA, b, poseB, RELATIVE_TOLERANCE, 0, 0, 0, out);
    }

    /**
     * Distance query that refines only until the gap between the distance estimate and its certified lower bound is
     * within {@code relativeTolerance} (at least {@link #RELATIVE_TOLERANCE}) of the distance, starting from the guess
     * (hx, hy, hz) of the direction from B's closest point to A's (e.g. the previous normal of the same pair, negated;
     * 0 or non-finite: none). For conservative advancement, whose steps need a good bound, not the exact distance:
     * {@code out.lowerBound} is as certified as {@link #distance}'s, only looser by up to that fraction.
     */
    public DistanceResult distance(ConvexShape a, Matrix4dc poseA, ConvexShape b, Matrix4dc poseB,
                                   double relativeTolerance, double hx, double hy, double hz, DistanceResult out) {
        return distance(a, poseA, b, poseB, relativeTolerance, Double.POSITIVE_INFINITY, hx, hy, hz, out);
    }

    /**
     * {@link #distance(ConvexShape, Matrix4dc, ConvexShape, Matrix4dc, double, double, double, double, DistanceResult)}
     * that also stops as soon as the certified lower bound exceeds {@code enough} (+∞: never), for a caller to whom
     * any bound above that is as good (an advancement step that already reaches the end of its motion). The bound
     * and normal are then those of the best support plane found so far; the estimate may be far above the bound.
     */
    public DistanceResult distance(ConvexShape a, Matrix4dc poseA, ConvexShape b, Matrix4dc poseB,
                                   double relativeTolerance, double enough, double hx, double hy, double hz,
                                   DistanceResult out) {
        pair.set(a, poseA, b, poseB, true);
        this.enough = enough;
        boolean usable = Double.isFinite(hx + hy + hz) && hx * hx + hy * hy + hz * hz > 0;
        this.hintX = usable ? hx : 0;
        this.hintY = usable ? hy : 0;
        this.hintZ = usable ? hz : 0;
        this.relTol = relativeTolerance > RELATIVE_TOLERANCE ? relativeTolerance : RELATIVE_TOLERANCE;
        run(DISTANCE, out);
        this.relTol = RELATIVE_TOLERANCE;     // the other entry points run at the default
        this.enough = Double.POSITIVE_INFINITY;
        return out;
    }

    /**
     * Distance query that, unlike {@link #distance}, keeps refining separated cores that lie within the swept radii
     * (EPA reads {@link #coresIntersecting}, {@link #coreDistance} and the core witnesses afterwards).
     */
    void distanceForPenetration(ConvexShape a, Matrix4dc poseA, ConvexShape b, Matrix4dc poseB, DistanceResult out) {
        pair.set(a, poseA, b, poseB, true);
        run(PENETRATION, out);
    }

    static final int BOOLEAN = 0, DISTANCE = 1, PENETRATION = 2, SEPARATION = 3;
    /** The margin of a {@link #SEPARATION} run, and its guess of the separating direction (0: none). */
    private double threshold, hintX, hintY, hintZ;
    /** Relative tolerance of the distance loop: {@link #RELATIVE_TOLERANCE} but inside a looser distance call. */
    private double relTol = RELATIVE_TOLERANCE;
    /** A distance run stops once its certified lower bound exceeds this (+∞ but inside a capped distance call). */
    private double enough = Double.POSITIVE_INFINITY;

    /**
     * Of the last distance run: whether the cores intersect; else their distance (estimate and certified lower
     * bound), witnesses and the unit normal from A towards B.
     */
    boolean coresIntersecting;
    double coreLower, coreDistance, cax, cay, caz, cbx, cby, cbz, cnx, cny, cnz;
    // the last support of the loop (direction −v): a pair of core points and their difference
    private double lwx, lwy, lwz, lax, lay, laz, lbx, lby, lbz;

    /**
     * Runs GJK on the pair already set (on the cores, see {@link MinkowskiPair}); returns the intersection verdict
     * (for {@link #SEPARATION}: whether the distance may be ≤ the threshold).
     */
    boolean run(int mode, DistanceResult out) {
        MinkowskiPair p = pair;
        boolean booleanOnly = mode == BOOLEAN;
        // the verdict is "certified lower bound > cut": boolean and separation runs stop as soon as one is
        boolean stopEarly = booleanOnly || mode == SEPARATION;
        double cut = mode == SEPARATION ? threshold : 0;
        double radius = p.radius;
        p.centerDifference(tmp);
        double dx = tmp.x, dy = tmp.y, dz = tmp.z;
        boolean hinted = hintX != 0 || hintY != 0 || hintZ != 0;
        if (mode == SEPARATION || (mode == DISTANCE && hinted)) {
            // towards the origin: the first support plane can already certify a well separated pair
            dx = hinted ? -hintX : -dx;
            dy = hinted ? -hintY : -dy;
            dz = hinted ? -hintZ : -dz;
        }
        if (dx * dx + dy * dy + dz * dz == 0) {
            dx = 1;
        }
        p.support(dx, dy, dz);
        double lowerCore = p.coreLowerBound(dx, dy, dz);
        double lower = p.shapeBound(lowerCore);
        // direction of the best support plane so far: reported as the normal (on flat contacts −v is tilted by
        // ~ε·scale/|v| and its plane is looser than the simplex-face planes tried at the end)
        bux = dx;
        buy = dy;
        buz = dz;
        int iterations = 1;
        if (stopEarly && lower > cut) {
            return false;
        }
        ns = 1;
        store(0);
        lambda[0] = 1;
        vx = p.wx;
        vy = p.wy;
        vz = p.wz;
        restarts = 0;
        bestD = Double.POSITIVE_INFINITY;
        boolean coresIn = false, touching = false;
        boolean capped = true;
        boolean hasLast = false;
        boolean sufficed = false;     // stopped at a bound above `enough`
        double lastX = Double.NaN, lastY = Double.NaN, lastZ = Double.NaN;
        double absTol = 1e-14 * p.scale;
        double floor = 64 * MinkowskiPair.EPS * p.scale;
        // |v| ≥ dist(cores), so |v| ≤ radius + cut shows dist(shapes) ≤ cut: the full shapes touch (cut 0) or, in a
        // separation run, are not farther apart than the threshold; nothing below could certify more
        double touchSq = mode == PENETRATION ? -1 : (radius + cut) * (radius + cut);
        while (iterations < MAX_ITERATIONS) {
            double vv = vx * vx + vy * vy + vz * vz;
            if (vv <= absTol * absTol) {
                coresIn = true;
                capped = false;
                break;
            }
            if (vv <= touchSq) {
                // dist(cores) ≤ |v| ≤ rA + rB: the full shapes touch or overlap
                touching = true;
                capped = false;
                break;
            }
            if (relTol > RELATIVE_TOLERANCE) {
                // a looser query stops as soon as the certified bound is that close to the estimate |v| − radii (after
                // a warm start often at the first support)
                double est = Math.sqrt(vv) - radius;
                if (est - lower <= relTol * est + floor) {
                    capped = false;
                    break;
                }
            }
            if (lower > enough) {
                capped = false;
                sufficed = true;
                break;
            }
            p.support(-vx, -vy, -vz);
            lastX = -vx;
            lastY = -vy;
            lastZ = -vz;
            iterations++;
            hasLast = true;
            lwx = p.wx;
            lwy = p.wy;
            lwz = p.wz;
            lax = p.pax;
            lay = p.pay;
            laz = p.paz;
            lbx = p.pbx;
            lby = p.pby;
            lbz = p.pbz;
            double lb = p.coreLowerBound(-vx, -vy, -vz);
            if (lb > lowerCore) {
                lowerCore = lb;
                lower = p.shapeBound(lb);
                bux = -vx;
                buy = -vy;
                buz = -vz;
            }
            if (stopEarly && lower > cut) {
                return false;
            }
            double vw = vx * p.wx + vy * p.wy + vz * p.wz;
            double vn = Math.sqrt(vv);
            // stop when the gap between |v| and the plane bound v·w/|v| is small relative to the distance of the
            // full shapes (|v| − radii), not of the cores
            if (vv - vw <= vn * (relTol * Math.abs(vn - radius) + floor)) {
                capped = false;
                break;
            }
            if (inSimplex(p.wx, p.wy, p.wz)) {
                if (!booleanOnly && restart(vn, radius, lower, floor)) {
                    continue;
                }
                capped = false;
                break;
            }
            backup();
            store(ns);
            ns++;
            closest();
            double nvv = vx * vx + vy * vy + vz * vz;
            if (ns == 4) {
                capped = false;
                if (lowerCore > 0) {
                    // a certified separating plane exists, so "origin inside" is a rounding artefact of a flat simplex
                    restore();
                    break;
                }
                coresIn = true;
                break;
            }
            if (nvv >= vv) {
                // no progress: the sub-algorithm hit its rounding floor; the previous simplex is the better answer
                restore();
                if (!booleanOnly && restart(Math.sqrt(vv), radius, lower, floor)) {
                    continue;
                }
                capped = false;
                break;
            }
        }
        extraLower = lowerCore;
        if (!coresIn && !touching) {
            double vn = Math.sqrt(vx * vx + vy * vy + vz * vz);
            // the extra planes below only tighten the certified bound; skip them when it is tight already or when
            // the full shapes overlap (the bound is 0 then)
            boolean loose = !sufficed && vn > radius && (vn - radius) - lower > relTol * (vn - radius) + floor;
            if (loose && (lastX != -vx || lastY != -vy || lastZ != -vz)) {
                // the final closest point was never used as a search direction: its plane gives the tightest bound
                boundAlong(-vx, -vy, -vz);
                iterations++;
            }
            // −v carries an absolute error ~ε·scale, i.e. a tilt ~ε·scale/|v| that a flat contact amplifies;
            // directions computed from the simplex's edges are accurate to ~ε instead
            if (loose && ns == 3) {
                double ax = sw[0], ay = sw[1], az = sw[2];
                double ux = sw[3] - ax, uy = sw[4] - ay, uz = sw[5] - az, wx = sw[6] - ax, wy = sw[7] - ay, wz = sw[8] - az;
                double nx = uy * wz - uz * wy, ny = uz * wx - ux * wz, nz = ux * wy - uy * wx;
                if (nx * ax + ny * ay + nz * az > 0) {
                    nx = -nx;
                    ny = -ny;
                    nz = -nz;
                }
                if (nx != 0 || ny != 0 || nz != 0) {
                    boundAlong(nx, ny, nz);
                    iterations++;
                }
            } else if (loose && ns == 2) {
                double ex = sw[3] - sw[0], ey = sw[4] - sw[1], ez = sw[5] - sw[2];
                double ee = ex * ex + ey * ey + ez * ez;
                if (ee > 0) {
                    double s = (-vx * ex - vy * ey - vz * ez) / ee;
                    double ux = -vx - s * ex, uy = -vy - s * ey, uz = -vz - s * ez;
                    if (ux != 0 || uy != 0 || uz != 0) {
                        boundAlong(ux, uy, uz);
                        iterations++;
                    }
                }
            }
        }
        lowerCore = extraLower;
        lower = p.shapeBound(lowerCore);
        coreLower = lowerCore;
        if (stopEarly) {
            return !(lower > cut);   // without a certified separating plane report a (possible) contact
        }
        out.iterations = iterations;
        out.hitIterationLimit = capped;
        simplexWitnesses();
        double ax = swax, ay = sway, az = swaz, bx = swbx, by = swby, bz = swbz;
        double nx = 0, ny = 0, nz = 0;
        double coreD = 0;
        coresIntersecting = coresIn;
        if (!coresIn) {
            coreD = Math.sqrt((bx - ax) * (bx - ax) + (by - ay) * (by - ay) + (bz - az) * (bz - az));
            double vn = Math.sqrt(vx * vx + vy * vy + vz * vz);
            double bn = Math.sqrt(bux * bux + buy * buy + buz * buz);
            if (lowerCore > 0 && bn > 0) {
                nx = bux / bn;
                ny = buy / bn;
                nz = buz / bn;
            } else if (vn > 0) {
                nx = -vx / vn;
                ny = -vy / vn;
                nz = -vz / vn;
            }
            // the last support pair is itself a pair of core points: on curved cores it can beat the simplex
            if (bestD < coreD) {
                coreD = bestD;
                ax = bax;
                ay = bay;
                az = baz;
                bx = bbx;
                by = bby;
                bz = bbz;
            }
            double lw = hasLast ? Math.sqrt(lwx * lwx + lwy * lwy + lwz * lwz) : Double.POSITIVE_INFINITY;
            if (lw < coreD) {
                coreD = lw;
                ax = lax;
                ay = lay;
                az = laz;
                bx = lbx;
                by = lby;
                bz = lbz;
            }
            coreDistance = coreD;
            cax = ax;
            cay = ay;
            caz = az;
            cbx = bx;
            cby = by;
            cbz = bz;
            cnx = nx;
            cny = ny;
            cnz = nz;
        }
        double ra = p.radiusA, rb = p.radiusB;
        boolean intersecting = coresIn || touching || coreD <= ra + rb;
        out.intersecting = intersecting;
        out.lowerBound = intersecting ? 0 : lower;
        // witnesses on the full shapes: the core witnesses pushed out by the swept radii along their difference
        // (not along the normal: a tilt θ between the two would add ~coreD·r·θ²/(2d) to |wB − wA|)
        double ox = nx, oy = ny, oz = nz;
        if (coreD > 0 && ra + rb > 0) {
            ox = (bx - ax) / coreD;
            oy = (by - ay) / coreD;
            oz = (bz - az) / coreD;
        }
        out.witnessA.set(ax + ra * ox, ay + ra * oy, az + ra * oz);
        out.witnessB.set(bx - rb * ox, by - rb * oy, bz - rb * oz);
        if (intersecting) {
            out.distance = 0;
            out.normal.set(0, 0, 0);
        } else {
            out.distance = Math.max(coreD - (ra + rb), out.lowerBound);
            out.normal.set(nx, ny, nz);
        }
        return intersecting;
    }

    private int bns;
    private double bvx, bvy, bvz;

    /** Remembers the simplex size and v before {@link #closest()} (the points stay in the spare buffers). */
    private void backup() {
        bns = ns;
        bvx = vx;
        bvy = vy;
        bvz = vz;
    }

    /** Undoes the last {@link #closest()}: swaps the buffers back. */
    private void restore() {
        swapBuffers();
        ns = bns;
        vx = bvx;
        vy = bvy;
        vz = bvz;
    }

    private void swapBuffers() {
        double[] t = sw;
        sw = tw;
        tw = t;
        t = spa;
        spa = ta;
        ta = t;
        t = spb;
        spb = tb;
        tb = t;
        t = lambda;
        lambda = tl;
        tl = t;
    }

    /** Witness points of the current simplex (its barycentric combination of support points), see {@link #simplexWitnesses}. */
    private double swax, sway, swaz, swbx, swby, swbz;

    private void simplexWitnesses() {
        double ax = 0, ay = 0, az = 0, bx = 0, by = 0, bz = 0;
        for (int i = 0; i < ns; i++) {
            ax += lambda[i] * spa[3 * i];
            ay += lambda[i] * spa[3 * i + 1];
            az += lambda[i] * spa[3 * i + 2];
            bx += lambda[i] * spb[3 * i];
            by += lambda[i] * spb[3 * i + 1];
            bz += lambda[i] * spb[3 * i + 2];
        }
        swax = ax;
        sway = ay;
        swaz = az;
        swbx = bx;
        swby = by;
        swbz = bz;
    }

    private double extraLower, bux, buy, buz;
    /** Restarts used and the closest witness pair of the simplices abandoned by them. */
    private int restarts;
    private double bestD, bax, bay, baz, bbx, bby, bbz;
    /** Simplex restarts allowed per distance query (see the class comment). */
    public static final int MAX_RESTARTS = 3;

    /**
     * On a stall (the support is already in the simplex, or the sub-algorithm made no progress) with the gap between
     * |v| and the certified bound still open, which happens when a thin simplex on a curved shape loses precision:
     * keeps the simplex's witnesses as a candidate and restarts from the latest support point alone.
     */
    private boolean restart(double vn, double radius, double lower, double floor) {
        double d = vn - radius;
        if (restarts >= MAX_RESTARTS || !(d > 0) || d - lower <= Math.max(1e-10, relTol) * d + floor) {
            return false;
        }
        restarts++;
        simplexWitnesses();
        double ax = swax, ay = sway, az = swaz, bx = swbx, by = swby, bz = swbz;
        double cd = Math.sqrt((bx - ax) * (bx - ax) + (by - ay) * (by - ay) + (bz - az) * (bz - az));
        if (cd < bestD) {
            bestD = cd;
            bax = ax;
            bay = ay;
            baz = az;
            bbx = bx;
            bby = by;
            bbz = bz;
        }
        ns = 1;
        store(0);
        lambda[0] = 1;
        vx = pair.wx;
        vy = pair.wy;
        vz = pair.wz;
        return true;
    }

    /** Raises {@link #extraLower} (and the best direction) by the support plane in direction u; keeps the simplex. */
    private void boundAlong(double ux, double uy, double uz) {
        pair.support(ux, uy, uz);
        double lb = pair.coreLowerBound(ux, uy, uz);
        if (lb > extraLower) {
            extraLower = lb;
            bux = ux;
            buy = uy;
            buz = uz;
        }
    }

    private void store(int i) {
        MinkowskiPair p = pair;
        sw[3 * i] = p.wx;
        sw[3 * i + 1] = p.wy;
        sw[3 * i + 2] = p.wz;
        spa[3 * i] = p.pax;
        spa[3 * i + 1] = p.pay;
        spa[3 * i + 2] = p.paz;
        spb[3 * i] = p.pbx;
        spb[3 * i + 1] = p.pby;
        spb[3 * i + 2] = p.pbz;
    }

    private boolean inSimplex(double x, double y, double z) {
        for (int i = 0; i < ns; i++) {
            if (sw[3 * i] == x && sw[3 * i + 1] == y && sw[3 * i + 2] == z) {
                return true;
            }
        }
        return false;
    }

    /** Closest point of conv(simplex) to the origin; reduces the simplex to the smallest face containing it. */
    void closest() {
        switch (ns) {
            case 2 -> segment(0, 1);
            case 3 -> triangle(0, 1, 2);
            case 4 -> tetrahedron();
            default -> {
                rn = 1;
                ri[0] = 0;
                rl[0] = 1;
                rx = sw[0];
                ry = sw[1];
                rz = sw[2];
            }
        }
        for (int k = 0; k < rn; k++) {
            int i = 3 * ri[k], o = 3 * k;
            tw[o] = sw[i];
            tw[o + 1] = sw[i + 1];
            tw[o + 2] = sw[i + 2];
            ta[o] = spa[i];
            ta[o + 1] = spa[i + 1];
            ta[o + 2] = spa[i + 2];
            tb[o] = spb[i];
            tb[o + 1] = spb[i + 1];
            tb[o + 2] = spb[i + 2];
            tl[k] = rl[k];
        }
        swapBuffers();
        ns = rn;
        if (rn == 4) {
            vx = vy = vz = 0;
        } else {
            vx = rx;
            vy = ry;
            vz = rz;
        }
    }

    private void segment(int i, int j) {
        double axx = sw[3 * i], ay = sw[3 * i + 1], az = sw[3 * i + 2];
        double ex = sw[3 * j] - axx, ey = sw[3 * j + 1] - ay, ez = sw[3 * j + 2] - az;
        double ee = ex * ex + ey * ey + ez * ez;
        double t = ee > 0 ? -(axx * ex + ay * ey + az * ez) / ee : 0;
        if (t <= 0) {
            point(i);
        } else if (t >= 1) {
            point(j);
        } else {
            rn = 2;
            ri[0] = i;
            ri[1] = j;
            rl[0] = 1 - t;
            rl[1] = t;
            rx = axx + t * ex;
            ry = ay + t * ey;
            rz = az + t * ez;
        }
    }

    private void point(int i) {
        rn = 1;
        ri[0] = i;
        rl[0] = 1;
        rx = sw[3 * i];
        ry = sw[3 * i + 1];
        rz = sw[3 * i + 2];
    }

    /** Ericson, Real-Time Collision Detection §5.1.5, with the query point at the origin. */
    private void triangle(int ia, int ib, int ic) {
        double ax = sw[3 * ia], ay = sw[3 * ia + 1], az = sw[3 * ia + 2];
        double bx = sw[3 * ib], by = sw[3 * ib + 1], bz = sw[3 * ib + 2];
        double cx = sw[3 * ic], cy = sw[3 * ic + 1], cz = sw[3 * ic + 2];
        double abx = bx - ax, aby = by - ay, abz = bz - az;
        double acx = cx - ax, acy = cy - ay, acz = cz - az;
        double d1 = -(abx * ax + aby * ay + abz * az), d2 = -(acx * ax + acy * ay + acz * az);
        if (d1 <= 0 && d2 <= 0) {
            point(ia);
            return;
        }
        double d3 = -(abx * bx + aby * by + abz * bz), d4 = -(acx * bx + acy * by + acz * bz);
        if (d3 >= 0 && d4 <= d3) {
            point(ib);
            return;
        }
        double vc = d1 * d4 - d3 * d2;
        if (vc <= 0 && d1 >= 0 && d3 <= 0) {
            double t = d1 / (d1 - d3);
            edge(ia, ib, t, ax + t * abx, ay + t * aby, az + t * abz);
            return;
        }
        double d5 = -(abx * cx + aby * cy + abz * cz), d6 = -(acx * cx + acy * cy + acz * cz);
        if (d6 >= 0 && d5 <= d6) {
            point(ic);
            return;
        }
        double vb = d5 * d2 - d1 * d6;
        if (vb <= 0 && d2 >= 0 && d6 <= 0) {
            double t = d2 / (d2 - d6);
            edge(ia, ic, t, ax + t * acx, ay + t * acy, az + t * acz);
            return;
        }
        double va = d3 * d6 - d5 * d4;
        if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0) {
            double t = (d4 - d3) / ((d4 - d3) + (d5 - d6));
            edge(ib, ic, t, bx + t * (cx - bx), by + t * (cy - by), bz + t * (cz - bz));
            return;
        }
        double sum = va + vb + vc;
        if (!(sum > 0)) {
            // degenerate (collinear) triangle: best of its edges
            bestOfEdges(ia, ib, ic);
            return;
        }
        // face region: project onto the plane through the cross product, whose direction error is ~ε/sin(angle);
        // the Voronoi products va, vb, vc above lose ~ε/sin²(angle) on the slivers GJK builds on curved shapes
        double nx = aby * acz - abz * acy, ny = abz * acx - abx * acz, nz = abx * acy - aby * acx;
        double nn = nx * nx + ny * ny + nz * nz;
        if (!(nn > 0)) {
            bestOfEdges(ia, ib, ic);
            return;
        }
        double t = (nx * ax + ny * ay + nz * az) / nn;
        double px = t * nx, py = t * ny, pz = t * nz;
        double qx = px - ax, qy = py - ay, qz = pz - az;
        // barycentric coordinates as signed sub-areas along n
        double v = (nx * (qy * acz - qz * acy) + ny * (qz * acx - qx * acz) + nz * (qx * acy - qy * acx)) / nn;
        double w = (nx * (aby * qz - abz * qy) + ny * (abz * qx - abx * qz) + nz * (abx * qy - aby * qx)) / nn;
        rn = 3;
        ri[0] = ia;
        ri[1] = ib;
        ri[2] = ic;
        rl[0] = 1 - v - w;
        rl[1] = v;
        rl[2] = w;
        rx = px;
        ry = py;
        rz = pz;
    }

    private void edge(int i, int j, double t, double x, double y, double z) {
        rn = 2;
        ri[0] = i;
        ri[1] = j;
        rl[0] = 1 - t;
        rl[1] = t;
        rx = x;
        ry = y;
        rz = z;
    }

    private void bestOfEdges(int ia, int ib, int ic) {
        double best = Double.POSITIVE_INFINITY;
        int bn = 0;
        double bx = 0, by = 0, bz = 0;
        for (int e = 0; e < 3; e++) {
            segment(e == 2 ? ib : ia, e == 0 ? ib : ic);
            double d = rx * rx + ry * ry + rz * rz;
            if (d < best) {
                best = d;
                bn = rn;
                for (int k = 0; k < rn; k++) {
                    bi[k] = ri[k];
                    bl[k] = rl[k];
                }
                bx = rx;
                by = ry;
                bz = rz;
            }
        }
        rn = bn;
        for (int k = 0; k < bn; k++) {
            ri[k] = bi[k];
            rl[k] = bl[k];
        }
        rx = bx;
        ry = by;
        rz = bz;
    }

    private static final int[][] FACES = {{0, 1, 2, 3}, {0, 3, 1, 2}, {0, 2, 3, 1}, {1, 3, 2, 0}};
    private final int[] fi = new int[4];
    private final double[] fl = new double[4];

    private void tetrahedron() {
        double best = Double.POSITIVE_INFINITY;
        int bn = -1;
        double bx = 0, by = 0, bz = 0;
        boolean anyOutside = false;
        for (int[] f : FACES) {
            int ia = f[0], ib = f[1], ic = f[2], id = f[3];
            double ax = sw[3 * ia], ay = sw[3 * ia + 1], az = sw[3 * ia + 2];
            double ux = sw[3 * ib] - ax, uy = sw[3 * ib + 1] - ay, uz = sw[3 * ib + 2] - az;
            double wx = sw[3 * ic] - ax, wy = sw[3 * ic + 1] - ay, wz = sw[3 * ic + 2] - az;
            double nx = uy * wz - uz * wy, ny = uz * wx - ux * wz, nz = ux * wy - uy * wx;
            double so = -(nx * ax + ny * ay + nz * az);
            double sd = nx * (sw[3 * id] - ax) + ny * (sw[3 * id + 1] - ay) + nz * (sw[3 * id + 2] - az);
            boolean degenerate = Math.abs(sd) <= 1e-12 * Math.sqrt(nx * nx + ny * ny + nz * nz)
                    * Math.max(Math.abs(ax) + Math.abs(ay) + Math.abs(az), 1e-300);
            if (!degenerate && so * sd >= 0) {
                continue;   // origin on the inner side of this face (or on it)
            }
            anyOutside = true;
            triangle(ia, ib, ic);
            double d = rx * rx + ry * ry + rz * rz;
            if (d < best) {
                best = d;
                bn = rn;
                for (int k = 0; k < rn; k++) {
                    fi[k] = ri[k];
                    fl[k] = rl[k];
                }
                bx = rx;
                by = ry;
                bz = rz;
            }
        }
        if (!anyOutside) {
            rn = 4;
            // barycentric coordinates of the origin, for witness points
            barycentricTetra();
            return;
        }
        rn = bn;
        for (int k = 0; k < bn; k++) {
            ri[k] = fi[k];
            rl[k] = fl[k];
        }
        rx = bx;
        ry = by;
        rz = bz;
    }

    private void barycentricTetra() {
        double total = 0;
        rl[0] = signedVolume(-1, 1, 2, 3);
        rl[1] = signedVolume(0, -1, 2, 3);
        rl[2] = signedVolume(0, 1, -1, 3);
        rl[3] = signedVolume(0, 1, 2, -1);
        for (int k = 0; k < 4; k++) {
            total += rl[k];
        }
        for (int k = 0; k < 4; k++) {
            rl[k] = total != 0 ? rl[k] / total : 0.25;
            ri[k] = k;
        }
    }

    /** Volume of the tetrahedron of simplex points with index −1 replaced by the origin. */
    private double signedVolume(int i0, int i1, int i2, int i3) {
        double ax = c(i0, 0), ay = c(i0, 1), az = c(i0, 2);
        double ux = c(i1, 0) - ax, uy = c(i1, 1) - ay, uz = c(i1, 2) - az;
        double vx2 = c(i2, 0) - ax, vy2 = c(i2, 1) - ay, vz2 = c(i2, 2) - az;
        double wx = c(i3, 0) - ax, wy = c(i3, 1) - ay, wz = c(i3, 2) - az;
        return ux * (vy2 * wz - vz2 * wy) + uy * (vz2 * wx - vx2 * wz) + uz * (vx2 * wy - vy2 * wx);
    }

    private double c(int i, int k) {
        return i < 0 ? 0 : sw[3 * i + k];
    }
}
