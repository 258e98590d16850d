package io.collide4j.checker.narrowphase;

import io.collide4j.checker.geometry.ConvexShape;
import org.joml.Matrix4dc;
import org.joml.Vector3d;

/**
 * GJK (Gilbert, Johnson and Keerthi 1988) for convex shapes given by support maps: boolean intersection with
 * separating-axis early exit, and distance with witness points, the usual upper estimate and a certified lower
 * bound (see {@link MinkowskiPair}: the bound is max over all support directions u tried of −h(u)/|u| with every
 * rounding error bounded, so it never exceeds the true distance). The simplex and its closest point to the origin
 * are a {@link Simplex}. GJK runs on the shapes' cores (see {@link ConvexShape#sweptRadius()}: point and segment
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
    /** The current simplex and its closest point to the origin (GJK's sub-algorithm). */
    final Simplex simplex = new Simplex();

    private final Vector3d tmp = new Vector3d();

    /** True unless a separating plane is certified (touching or doubtful counts as intersecting). */
    public boolean intersects(ConvexShape a, Matrix4dc poseA, ConvexShape b, Matrix4dc poseB) {
        pair.set(a, poseA, b, poseB, true);
        return run(Mode.BOOLEAN, null);
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
    public boolean separatedBeyond(
            ConvexShape a,
            Matrix4dc poseA,
            ConvexShape b,
            Matrix4dc poseB,
            double threshold,
            double hx,
            double hy,
            double hz) {
        pair.set(a, poseA, b, poseB, true);
        this.threshold = threshold;
        boolean usable = Double.isFinite(hx + hy + hz) && hx * hx + hy * hy + hz * hz > 0;
        this.hintX = usable ? hx : 0;
        this.hintY = usable ? hy : 0;
        this.hintZ = usable ? hz : 0;
        return !run(Mode.SEPARATION, null);
    }

    /**
     * Certified lower bound on the distance of the placed shapes from one support plane, without the GJK loop: the
     * plane normal to the guess (hx, hy, hz) of the direction from B's closest point to A's (e.g. a previous
     * distance run's normal, negated), as the first support of a warm-started {@link #distance} run evaluates it
     * (one support of each shape, the same rounding bound). 0 when the plane separates nothing, the guess is zero
     * or not finite. For an advancement that re-checks the last separating plane of a pair after a short step and
     * runs GJK only when it has become loose. Leaves {@link DistanceResult}s untouched.
     */
    public double planeLowerBound(
            ConvexShape a, Matrix4dc poseA, ConvexShape b, Matrix4dc poseB, double hx, double hy, double hz) {
        if (!(Double.isFinite(hx + hy + hz) && hx * hx + hy * hy + hz * hz > 0)) {
            return 0;
        }
        pair.set(a, poseA, b, poseB, true);
        pair.support(-hx, -hy, -hz);
        return pair.shapeBound(pair.coreLowerBound(-hx, -hy, -hz));
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
    public DistanceResult distance(
            ConvexShape a,
            Matrix4dc poseA,
            ConvexShape b,
            Matrix4dc poseB,
            double relativeTolerance,
            double hx,
            double hy,
            double hz,
            DistanceResult out) {
        return distance(a, poseA, b, poseB, relativeTolerance, Double.POSITIVE_INFINITY, hx, hy, hz, out);
    }

    /**
     * {@link #distance(ConvexShape, Matrix4dc, ConvexShape, Matrix4dc, double, double, double, double, DistanceResult)}
     * that also stops as soon as the certified lower bound exceeds {@code enough} (+∞: never), for a caller to whom
     * any bound above that is as good (an advancement step that already reaches the end of its motion). The bound
     * and normal are then those of the best support plane found so far; the estimate may be far above the bound.
     */
    public DistanceResult distance(
            ConvexShape a,
            Matrix4dc poseA,
            ConvexShape b,
            Matrix4dc poseB,
            double relativeTolerance,
            double enough,
            double hx,
            double hy,
            double hz,
            DistanceResult out) {
        pair.set(a, poseA, b, poseB, true);
        this.enough = enough;
        boolean usable = Double.isFinite(hx + hy + hz) && hx * hx + hy * hy + hz * hz > 0;
        this.hintX = usable ? hx : 0;
        this.hintY = usable ? hy : 0;
        this.hintZ = usable ? hz : 0;
        this.relTol = relativeTolerance > RELATIVE_TOLERANCE ? relativeTolerance : RELATIVE_TOLERANCE;
        run(Mode.DISTANCE, out);
        this.relTol = RELATIVE_TOLERANCE; // the other entry points run at the default
        this.enough = Double.POSITIVE_INFINITY;
        return out;
    }

    /**
     * Distance query that, unlike {@link #distance}, keeps refining separated cores that lie within the swept radii
     * (EPA reads {@link #coresIntersecting}, {@link #coreDistance} and the core witnesses afterwards).
     */
    void distanceForPenetration(ConvexShape a, Matrix4dc poseA, ConvexShape b, Matrix4dc poseB, DistanceResult out) {
        pair.set(a, poseA, b, poseB, true);
        run(Mode.PENETRATION, out);
    }

    /** What a run answers: intersection only, distance, distance refined for EPA, or "farther than a threshold". */
    private enum Mode {
        BOOLEAN,
        DISTANCE,
        PENETRATION,
        SEPARATION
    }

    /** The margin of a {@code Mode.SEPARATION} run, and its guess of the separating direction (0: none). */
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
     * (for {@code Mode.SEPARATION}: whether the distance may be ≤ the threshold).
     */
    private boolean run(Mode mode, DistanceResult out) {
        MinkowskiPair p = pair;
        boolean booleanOnly = mode == Mode.BOOLEAN;
        // the verdict is "certified lower bound > cut": boolean and separation runs stop as soon as one is
        boolean stopEarly = booleanOnly || mode == Mode.SEPARATION;
        double cut = mode == Mode.SEPARATION ? threshold : 0;
        double radius = p.radius;
        p.centerDifference(tmp);
        double dx = tmp.x, dy = tmp.y, dz = tmp.z;
        boolean hinted = hintX != 0 || hintY != 0 || hintZ != 0;
        if (mode == Mode.SEPARATION || (mode == Mode.DISTANCE && hinted)) {
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
        simplex.startAt(pair);
        restarts = 0;
        bestD = Double.POSITIVE_INFINITY;
        boolean coresIn = false, touching = false;
        boolean capped = true;
        boolean hasLast = false;
        boolean sufficed = false; // stopped at a bound above `enough`
        double lastX = Double.NaN, lastY = Double.NaN, lastZ = Double.NaN;
        double absTol = 1e-14 * p.scale;
        double floor = 64 * MinkowskiPair.EPS * p.scale;
        // |v| ≥ dist(cores), so |v| ≤ radius + cut shows dist(shapes) ≤ cut: the full shapes touch (cut 0) or, in a
        // separation run, are not farther apart than the threshold; nothing below could certify more
        double touchSq = mode == Mode.PENETRATION ? -1 : (radius + cut) * (radius + cut);
        while (iterations < MAX_ITERATIONS) {
            double vv = simplex.vSquared();
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
            p.support(-simplex.vx, -simplex.vy, -simplex.vz);
            lastX = -simplex.vx;
            lastY = -simplex.vy;
            lastZ = -simplex.vz;
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
            double lb = p.coreLowerBound(-simplex.vx, -simplex.vy, -simplex.vz);
            if (lb > lowerCore) {
                lowerCore = lb;
                lower = p.shapeBound(lb);
                bux = -simplex.vx;
                buy = -simplex.vy;
                buz = -simplex.vz;
            }
            if (stopEarly && lower > cut) {
                return false;
            }
            double vw = simplex.vx * p.wx + simplex.vy * p.wy + simplex.vz * p.wz;
            double vn = Math.sqrt(vv);
            // stop when the gap between |v| and the plane bound v·w/|v| is small relative to the distance of the
            // full shapes (|v| − radii), not of the cores
            if (vv - vw <= vn * (relTol * Math.abs(vn - radius) + floor)) {
                capped = false;
                break;
            }
            if (simplex.contains(p.wx, p.wy, p.wz)) {
                if (!booleanOnly && restart(vn, radius, lower, floor)) {
                    continue;
                }
                capped = false;
                break;
            }
            simplex.backup();
            simplex.store(simplex.ns, pair);
            simplex.ns++;
            simplex.closest();
            double nvv = simplex.vSquared();
            if (simplex.ns == 4) {
                capped = false;
                if (lowerCore > 0) {
                    // a certified separating plane exists, so "origin inside" is a rounding artefact of a flat simplex
                    simplex.restore();
                    break;
                }
                coresIn = true;
                break;
            }
            if (nvv >= vv) {
                // no progress: the sub-algorithm hit its rounding floor; the previous simplex is the better answer
                simplex.restore();
                if (!booleanOnly && restart(Math.sqrt(vv), radius, lower, floor)) {
                    continue;
                }
                capped = false;
                break;
            }
        }
        extraLower = lowerCore;
        if (!coresIn && !touching) {
            double vn = Math.sqrt(simplex.vSquared());
            // the extra planes below only tighten the certified bound; skip them when it is tight already or when
            // the full shapes overlap (the bound is 0 then)
            boolean loose = !sufficed && vn > radius && (vn - radius) - lower > relTol * (vn - radius) + floor;
            if (loose && (lastX != -simplex.vx || lastY != -simplex.vy || lastZ != -simplex.vz)) {
                // the final closest point was never used as a search direction: its plane gives the tightest bound
                boundAlong(-simplex.vx, -simplex.vy, -simplex.vz);
                iterations++;
            }
            // −v carries an absolute error ~ε·scale, i.e. a tilt ~ε·scale/|v| that a flat contact amplifies;
            // directions computed from the simplex's edges are accurate to ~ε instead
            if (loose && simplex.ns == 3) {
                double[] sw = simplex.sw;
                double ax = sw[0], ay = sw[1], az = sw[2];
                double ux = sw[3] - ax,
                        uy = sw[4] - ay,
                        uz = sw[5] - az,
                        wx = sw[6] - ax,
                        wy = sw[7] - ay,
                        wz = sw[8] - az;
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
            } else if (loose && simplex.ns == 2) {
                double[] sw = simplex.sw;
                double ex = sw[3] - sw[0], ey = sw[4] - sw[1], ez = sw[5] - sw[2];
                double ee = ex * ex + ey * ey + ez * ez;
                if (ee > 0) {
                    double s = (-simplex.vx * ex - simplex.vy * ey - simplex.vz * ez) / ee;
                    double ux = -simplex.vx - s * ex, uy = -simplex.vy - s * ey, uz = -simplex.vz - s * ez;
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
            return !(lower > cut); // without a certified separating plane report a (possible) contact
        }
        out.iterations = iterations;
        out.hitIterationLimit = capped;
        simplex.witnesses();
        double ax = simplex.swax,
                ay = simplex.sway,
                az = simplex.swaz,
                bx = simplex.swbx,
                by = simplex.swby,
                bz = simplex.swbz;
        double nx = 0, ny = 0, nz = 0;
        double coreD = 0;
        coresIntersecting = coresIn;
        if (!coresIn) {
            coreD = Math.sqrt((bx - ax) * (bx - ax) + (by - ay) * (by - ay) + (bz - az) * (bz - az));
            double vn = Math.sqrt(simplex.vSquared());
            double bn = Math.sqrt(bux * bux + buy * buy + buz * buz);
            if (lowerCore > 0 && bn > 0) {
                nx = bux / bn;
                ny = buy / bn;
                nz = buz / bn;
            } else if (vn > 0) {
                nx = -simplex.vx / vn;
                ny = -simplex.vy / vn;
                nz = -simplex.vz / vn;
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
        simplex.witnesses();
        double ax = simplex.swax,
                ay = simplex.sway,
                az = simplex.swaz,
                bx = simplex.swbx,
                by = simplex.swby,
                bz = simplex.swbz;
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
        simplex.startAt(pair);
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
}
