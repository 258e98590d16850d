package io.collide4j.checker.robot;

import io.collide4j.checker.narrowphase.DistanceResult;
import io.collide4j.checker.narrowphase.Gjk;
import io.collide4j.kinematics.JointBoxMotion;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.kinematics.LinkPoses;
import java.util.Arrays;
import org.joml.Matrix4d;

/**
 * A proof that two links of a robot cannot touch anywhere in the joint ranges between them (what an SRDF's
 * "Never" should mean): the joint space of the variables that move one link relative to the other is cut into
 * boxes, and a box is settled when the links' convex pieces are certified farther apart at its centre (GJK's
 * certified lower bound, margins and forward-kinematics error included) than the two links can move within it
 * ({@link JointBoxMotion}: certified, from the links' distances to the joint axes at the centre, capped by
 * configuration-independent reach bounds). Boxes not settled are halved along the variable that moves the links most,
 * depth first with the nearer half first, until every box is settled (PROVEN), the pieces cannot be certified apart
 * at a box centre (TOUCHING: the links may well touch there), or the budget of boxes runs out (BUDGET). Only PROVEN is
 * a proof; the other two say nothing either way. Branch-and-bound over joint-space boxes
 * with Lipschitz bounds, as in the interval/subdivision collision proofs of Schwarzer, Saha &amp; Latombe (2005).
 * Before any subdivision, each link's reach about a point fixed in the frame the two chains share bounds it to a sphere
 * over the whole ranges ({@link JointBoxMotion#anchoredReach}); spheres apart prove the pair at the first box (two arms
 * mounted apart, whose many joints no feasible subdivision settles).
 *
 * <p>Ranges: a joint's limits; a continuous joint one turn [−π, π] (its poses repeat); a variable with an infinite
 * limit otherwise (a prismatic joint without limits) cannot be boxed and the pair is UNBOUNDED.
 *
 * <p>Thread-safe: {@link #prove} keeps its scratch per call, and one instance may prove several pairs at once.
 */
public final class LinkPairProof {
    /**
     * Boxes per pair before giving up, by default: a few µs a box with one hull per link (machine shared), and the
     * Panda's hardest proven pair (link 0 and link 4) needs 124,299.
     */
    public static final long DEFAULT_BUDGET = 1_000_000;

    /** How a proof attempt ended. */
    public enum Outcome {
        /** Every box settled: the links cannot touch anywhere in the ranges. */
        PROVEN,
        /** At some box centre the pieces could not be certified apart. */
        TOUCHING,
        /** The box budget ran out first. */
        BUDGET,
        /** A variable moving one link relative to the other has an infinite range. */
        UNBOUNDED
    }

    /** The outcome and the number of boxes examined. */
    public record Result(Outcome outcome, long boxes) {
        public boolean proven() {
            return outcome == Outcome.PROVEN;
        }
    }

    private final RobotCollisionModel model;
    private final KinematicModel km;
    private final long budget;

    /** A prover over the model's convex pieces (its allowed pairs play no part), at most {@code budget} boxes a pair. */
    public LinkPairProof(RobotCollisionModel model, long budget) {
        if (budget < 1) {
            throw new IllegalArgumentException("budget must be >= 1, got " + budget);
        }
        this.model = model;
        this.km = model.kinematics();
        this.budget = budget;
    }

    /** Tries to prove that the collision bodies of links a and b never touch. */
    public Result prove(String linkA, String linkB) {
        int ba = model.bodyIndex(linkA);
        int bb = model.bodyIndex(linkB);
        int la = model.bodyLink(ba);
        int lb = model.bodyLink(bb);
        int skip = km.sharedChainLength(la, lb);
        int[] vars = Arrays.stream(
                        new int[][] {JointBoxMotion.variables(km, la, skip), JointBoxMotion.variables(km, lb, skip)})
                .flatMapToInt(Arrays::stream)
                .distinct()
                .toArray();
        int k = vars.length;
        double[] lo = new double[k];
        double[] hi = new double[k];
        for (int i = 0; i < k; i++) {
            boolean turn = km.isContinuous(vars[i]);
            lo[i] = turn ? -Math.PI : km.lowerLimit(vars[i]);
            hi[i] = turn ? Math.PI : km.upperLimit(vars[i]);
            if (!Double.isFinite(lo[i]) || !Double.isFinite(hi[i])) {
                return new Result(Outcome.UNBOUNDED, 0);
            }
        }
        return new Search(ba, bb, la, lb, skip, vars).run(lo, hi);
    }

    private enum Verdict {
        SETTLED,
        SPLIT,
        TOUCHING
    }

    /** One proof's scratch and state. */
    private final class Search {
        final int ba, bb, la, lb, skip;
        final int[] vars;
        final double[] lever; // per box variable: how much a unit half-width moves the two links
        final double[] center; // full configuration at the box centre
        final double[] half; // full half-widths (0 outside the box variables)
        final LinkPoses poses = new LinkPoses(km);
        final Gjk gjk = new Gjk();
        final DistanceResult dist = new DistanceResult();
        double hintX, hintY, hintZ; // the last separating direction (B towards A): GJK's first guess
        final Matrix4d pa = new Matrix4d();
        final Matrix4d pb = new Matrix4d();
        final double[] sphereA = new double[4]; // placed spheres: centre (world), radius
        final double[] sphereBody = new double[4];
        final double[] sphereB; // body B's pieces, 4 each
        final Sphere bodySpheres = model::bodySphere;
        final Sphere pieceSpheres = model::pieceSphere;
        double[] stack; // boxes as lo[0..k) hi[0..k), depth first
        int top;
        int pending; // boxes on the stack, each one to split
        double nearest; // the last verdict's smallest distance bound (for the search order)

        Search(int ba, int bb, int la, int lb, int skip, int[] vars) {
            this.ba = ba;
            this.bb = bb;
            this.la = la;
            this.lb = lb;
            this.skip = skip;
            this.vars = vars;
            this.lever = new double[vars.length];
            double[] q = new double[km.variableCount()];
            for (int i = 0; i < q.length; i++) { // variables outside the box move neither link relative to the other
                q[i] = Math.min(Math.max(0, km.lowerLimit(i)), km.upperLimit(i));
            }
            this.center = q;
            this.half = new double[q.length];
            this.stack = new double[64 * Math.max(1, 2 * vars.length)];
            this.sphereB = new double[4 * (model.pieceEnd(bb) - model.pieceStart(bb))];
        }

        Result run(double[] lo, double[] hi) {
            int k = vars.length;
            // levers for the split choice only (soundness never depends on them): each variable's unit contribution
            for (int i = 0; i < k; i++) {
                setBox(lo, 0, hi, 0);
                Arrays.fill(half, 0);
                half[vars[i]] = 1;
                lever[i] = motion();
            }
            long[] boxes = {0};
            if (anchorsApart(lo, hi)) {
                return new Result(Outcome.PROVEN, 1);
            }
            Verdict root = evaluate(lo, hi, boxes);
            if (root != Verdict.SPLIT || k == 0) { // without variables there is nothing to split
                return new Result(root == Verdict.SETTLED ? Outcome.PROVEN : Outcome.TOUCHING, boxes[0]);
            }
            push(lo, hi);
            double[] blo = new double[k];
            double[] bhi = new double[k];
            double[] clo = new double[k];
            double[] chi = new double[k];
            while (pending > 0) {
                pending--;
                top -= 2 * k;
                System.arraycopy(stack, top, blo, 0, k);
                System.arraycopy(stack, top + k, bhi, 0, k);
                int split = 0;
                double best = -1;
                for (int i = 0; i < k; i++) {
                    double w = (bhi[i] - blo[i]) * lever[i];
                    if (w > best) {
                        best = w;
                        split = i;
                    }
                }
                double mid = 0.5 * (blo[split] + bhi[split]);
                // both halves are evaluated as they are made; the one whose centre is nearer is explored first, so
                // that a pair which does touch is found touching before the rest of its joint space is settled
                System.arraycopy(blo, 0, clo, 0, k);
                System.arraycopy(bhi, 0, chi, 0, k);
                chi[split] = mid;
                blo[split] = mid;
                if (boxes[0] + 2 > budget) {
                    return new Result(Outcome.BUDGET, boxes[0]);
                }
                Verdict lower = evaluate(clo, chi, boxes);
                double lowerGap = nearest;
                if (lower == Verdict.TOUCHING) {
                    return new Result(Outcome.TOUCHING, boxes[0]);
                }
                Verdict upper = evaluate(blo, bhi, boxes);
                if (upper == Verdict.TOUCHING) {
                    return new Result(Outcome.TOUCHING, boxes[0]);
                }
                boolean lowerFirst = lowerGap <= nearest;
                if (upper == Verdict.SPLIT && lowerFirst) {
                    push(blo, bhi);
                }
                if (lower == Verdict.SPLIT) {
                    push(clo, chi);
                }
                if (upper == Verdict.SPLIT && !lowerFirst) {
                    push(blo, bhi);
                }
            }
            return new Result(Outcome.PROVEN, boxes[0]);
        }

        /** Poses the centre of box [lo, hi], counts it, and settles it, finds it touching, or says to split it. */
        private Verdict evaluate(double[] lo, double[] hi, long[] boxes) {
            boxes[0]++;
            setBox(lo, 0, hi, 0);
            km.forwardKinematics(center, poses);
            return verdict(motionFromCentre());
        }

        private void setBox(double[] lo, int lo0, double[] hi, int hi0) {
            for (int i = 0; i < vars.length; i++) {
                double a = lo[lo0 + i], b = hi[hi0 + i];
                double c = 0.5 * (a + b);
                center[vars[i]] = c;
                // rounded up: the box [a, b] lies within c ± half
                half[vars[i]] = Math.nextUp(Math.max(b - c, c - a));
            }
        }

        /**
         * Whether each link stays, over the whole box, in a sphere about a point fixed in the frame the two chains
         * share ({@link JointBoxMotion#anchoredReach}), and the two spheres are apart: then no configuration of the box
         * brings the links (margins included, as in the body spheres) together. This settles at once what subdividing
         * cannot within any budget once many joints move: two arms mounted apart, whose first-order motion bound over
         * whole joint ranges (half-widths near π for up to 14 joints) exceeds the gap at every box of a feasible
         * depth. 1e-9 m is added to the gap for the forward kinematics' rounding of the two anchors, as in
         * {@link JointBoxMotion}.
         */
        private boolean anchorsApart(double[] lo, double[] hi) {
            setBox(lo, 0, hi, 0);
            km.forwardKinematics(center, poses);
            sphereA[3] = JointBoxMotion.anchoredReach(
                    km,
                    poses,
                    la,
                    skip,
                    center,
                    half,
                    model.bodySphere(ba, 0),
                    model.bodySphere(ba, 1),
                    model.bodySphere(ba, 2),
                    model.bodySphere(ba, 3),
                    sphereA);
            sphereBody[3] = JointBoxMotion.anchoredReach(
                    km,
                    poses,
                    lb,
                    skip,
                    center,
                    half,
                    model.bodySphere(bb, 0),
                    model.bodySphere(bb, 1),
                    model.bodySphere(bb, 2),
                    model.bodySphere(bb, 3),
                    sphereBody);
            return apart(sphereA, 0, sphereBody, 0, 1e-9);
        }

        /** How far the two links can move relative to each other within the current box (reach bounds only). */
        private double motion() {
            return JointBoxMotion.displacement(
                            km,
                            la,
                            skip,
                            center,
                            half,
                            model.bodySphere(ba, 0),
                            model.bodySphere(ba, 1),
                            model.bodySphere(ba, 2),
                            model.bodySphere(ba, 3))
                    + JointBoxMotion.displacement(
                            km,
                            lb,
                            skip,
                            center,
                            half,
                            model.bodySphere(bb, 0),
                            model.bodySphere(bb, 1),
                            model.bodySphere(bb, 2),
                            model.bodySphere(bb, 3));
        }

        /** {@link #motion} tightened with the links' distances from the joint axes at the posed centre. */
        private double motionFromCentre() {
            return JointBoxMotion.displacement(
                            km,
                            poses,
                            la,
                            skip,
                            center,
                            half,
                            model.bodySphere(ba, 0),
                            model.bodySphere(ba, 1),
                            model.bodySphere(ba, 2),
                            model.bodySphere(ba, 3))
                    + JointBoxMotion.displacement(
                            km,
                            poses,
                            lb,
                            skip,
                            center,
                            half,
                            model.bodySphere(bb, 0),
                            model.bodySphere(bb, 1),
                            model.bodySphere(bb, 2),
                            model.bodySphere(bb, 3));
        }

        /**
         * At the posed centre: SETTLED when every piece pair of the two links is certified farther apart than
         * {@code reach} (margins added), TOUCHING when some pair cannot be certified apart at all, SPLIT otherwise.
         * One GJK distance per piece pair, refined only to 0.1 % (its lower bound stays certified) and no further than
         * the motion needs.
         */
        private Verdict verdict(double reach) {
            poses.pose(la, pa);
            poses.pose(lb, pb);
            Verdict v = Verdict.SETTLED;
            nearest = Double.POSITIVE_INFINITY;
            if (spheresApart(pa, ba, pb, bb, reach, bodySpheres)) {
                return v; // the two bodies' spheres already settle every piece pair
            }
            int b0 = model.pieceStart(bb), nb = model.pieceEnd(bb) - b0;
            for (int b = 0; b < nb; b++) {
                placeSphere(pb, b0 + b, pieceSpheres, sphereB, 4 * b);
            }
            for (int a = model.pieceStart(ba); a < model.pieceEnd(ba); a++) {
                placeSphere(pa, a, pieceSpheres, sphereA, 0);
                if (apart(sphereA, 0, sphereBody, 0, reach)) { // sphereBody: body B's, placed by spheresApart
                    continue;
                }
                for (int b = model.pieceStart(bb); b < model.pieceEnd(bb); b++) {
                    if (apart(sphereA, 0, sphereB, 4 * (b - b0), reach)) {
                        continue; // settled by the pieces' spheres: no GJK (decomposed links have thousands of pairs)
                    }
                    double margins = model.pieceMargin(a) + model.pieceMargin(b);
                    // thresholds rounded up (a sum of three non-negative doubles is within two ulps)
                    double apart = Math.nextUp(Math.nextUp(margins));
                    double far = Math.nextUp(Math.nextUp(reach + margins));
                    gjk.distance(
                            model.pieceShape(a), pa, model.pieceShape(b), pb, 1e-3, far, hintX, hintY, hintZ, dist);
                    if (!(dist.lowerBound > apart)) {
                        return Verdict.TOUCHING;
                    }
                    if (!(dist.lowerBound > far)) {
                        v = Verdict.SPLIT;
                    }
                    nearest = Math.min(nearest, dist.lowerBound - margins);
                    hintX = -dist.normal.x;
                    hintY = -dist.normal.y;
                    hintZ = -dist.normal.z;
                }
            }
            return v;
        }

        /** A sphere of the model (k = 0..2 its centre in the link frame, 3 its radius, margins included). */
        private interface Sphere {
            double get(int index, int k);
        }

        /** Writes sphere {@code index}'s centre placed by {@code pose}, and its radius, to out[at..at+4); returns out. */
        private double[] placeSphere(Matrix4d pose, int index, Sphere sphere, double[] out, int at) {
            double x = sphere.get(index, 0), y = sphere.get(index, 1), z = sphere.get(index, 2);
            out[at] = pose.m00() * x + pose.m10() * y + pose.m20() * z + pose.m30();
            out[at + 1] = pose.m01() * x + pose.m11() * y + pose.m21() * z + pose.m31();
            out[at + 2] = pose.m02() * x + pose.m12() * y + pose.m22() * z + pose.m32();
            out[at + 3] = sphere.get(index, 3);
            return out;
        }

        private boolean spheresApart(Matrix4d poseA, int a, Matrix4d poseB, int b, double reach, Sphere sphere) {
            return apart(
                    placeSphere(poseA, a, sphere, sphereA, 0),
                    0,
                    placeSphere(poseB, b, sphere, sphereBody, 0),
                    0,
                    reach);
        }

        /**
         * Whether two placed spheres (radii with margins) are more than {@code reach} apart, so the shapes they hold,
         * margins included, are too: what GJK's {@code lowerBound > reach + margins} settles. The centres and the
         * gap are rounded, a few ulps of the coordinates; the gap must clear reach by 2^-40 of their size, far more.
         */
        private static boolean apart(double[] p, int i, double[] q, int j, double reach) {
            double dx = p[i] - q[j], dy = p[i + 1] - q[j + 1], dz = p[i + 2] - q[j + 2];
            double size = Math.abs(p[i])
                    + Math.abs(p[i + 1])
                    + Math.abs(p[i + 2])
                    + Math.abs(q[j])
                    + Math.abs(q[j + 1])
                    + Math.abs(q[j + 2])
                    + p[i + 3]
                    + q[j + 3]
                    + reach;
            double gap = Math.sqrt(dx * dx + dy * dy + dz * dz) - p[i + 3] - q[j + 3];
            return gap - 0x1p-40 * size > reach;
        }

        private void push(double[] lo, double[] hi) {
            int k = vars.length;
            if (top + 2 * k > stack.length) {
                stack = Arrays.copyOf(stack, stack.length * 2);
            }
            System.arraycopy(lo, 0, stack, top, k);
            System.arraycopy(hi, 0, stack, top + k, k);
            top += 2 * k;
            pending++;
        }
    }
}
