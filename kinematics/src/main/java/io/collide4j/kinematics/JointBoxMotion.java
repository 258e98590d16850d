package io.collide4j.kinematics;

import org.joml.Matrix4d;

/**
 * How far a ball carried by a link can be from where it is at the centre of a <i>box</i> of joint values (every
 * variable v within center[v] ± halfWidth[v]), relative to the frame after the first {@code skip} movable joints of
 * the link's chain: the bound a subdivision proof over joint space needs (a pair of links whose distance at the box
 * centre exceeds the two links' bounds cannot touch anywhere in the box). Stateless, allocation-free, thread-safe.
 *
 * <p>Derivation (the first-order bound of {@link ChainBounds} with its configuration-independent reach caps): along
 * the straight joint-space path from the centre to any q of the box, a ball point P moves with
 * |P'| ≤ Σ_j |q_j'| ρ_j over the chain's revolute joints j (ρ_j: distance from P to axis j) plus Σ |q_j'| over its
 * prismatic ones. ρ_j is at most the distance from P to joint j's frame origin, which lies on the axis; expressed
 * through the constant joint offsets, that distance is at most reach_j = Σ_{i after j} (|offset_i| + slide_i) +
 * |link offset| + |ball centre| + radius in every configuration of the box (slide_i: the largest |value| of a
 * prismatic joint i over the box). Integrating, the displacement is at most Σ_j |mul_j| halfWidth_j reach_j
 * (revolute) + Σ_j |mul_j| halfWidth_j (prismatic), mimic multipliers included. The sum is rounded up.
 */
public final class JointBoxMotion {
    private JointBoxMotion() {}

    /**
     * The bound described above; +∞ when any input it uses is not finite (a box that cannot be bounded proves
     * nothing). {@code center} and {@code halfWidth} are full configuration vectors (halfWidth ≥ 0); the ball is
     * given in the link's frame.
     */
    public static double displacement(
            KinematicModel m,
            int link,
            int skip,
            double[] center,
            double[] halfWidth,
            double cx,
            double cy,
            double cz,
            double r) {
        int[] chain = m.linkChain[link];
        double reach = ballReach(m, link, cx, cy, cz, r);
        double disp = 0;
        for (int k = chain.length - 1; k >= skip; k--) {
            int b = chain[k];
            int v = m.bodyVar[b];
            double mul = Math.abs(m.bodyMul[b]);
            double h = mul * halfWidth[v];
            if (m.bodyPrismatic[b]) {
                disp += h;
                reach += slideReach(m, b, mul, center[v], halfWidth[v]);
            } else {
                disp += h * reach;
            }
            reach += m.bodyPreLength[b];
        }
        // a sum and products of non-negative doubles: relative rounding far below 1e-12 for any real chain
        double bound = disp * (1 + 1e-12);
        return bound >= 0 && bound < Double.POSITIVE_INFINITY ? bound : Double.POSITIVE_INFINITY;
    }

    /**
     * {@link #displacement} tightened with the forward kinematics at the box centre ({@code atCentre}, filled for
     * {@code center}): a revolute joint j moves the ball by at most halfWidth_j times its largest distance from axis j
     * over the box, and that distance changes only through the joints after j (joint j turns about its own axis, the
     * joints before it move axis and ball alike), so it is at most the distance of the ball centre from the axis at
     * the box centre, plus the radius, plus what the later joints can move the ball (their own terms of this sum,
     * accumulated from the tip): the D_j of {@link ChainBounds}. Each D_j is also capped by the reach bound. 1e-9 m
     * plus 1e-12 of the distance is added for the rounding of the forward kinematics at the centre (far below a
     * nanometre for any arm within the checker's 1 km). Never larger than {@link #displacement}; +∞ on bad input.
     */
    public static double displacement(
            KinematicModel m,
            LinkPoses atCentre,
            int link,
            int skip,
            double[] center,
            double[] halfWidth,
            double cx,
            double cy,
            double cz,
            double r) {
        int[] chain = m.linkChain[link];
        Matrix4d l = atCentre.links[link];
        double px = l.m00() * cx + l.m10() * cy + l.m20() * cz + l.m30();
        double py = l.m01() * cx + l.m11() * cy + l.m21() * cz + l.m31();
        double pz = l.m02() * cx + l.m12() * cy + l.m22() * cz + l.m32();
        double reach = ballReach(m, link, cx, cy, cz, r);
        double disp = 0;
        for (int k = chain.length - 1; k >= skip; k--) {
            int b = chain[k];
            int v = m.bodyVar[b];
            double mul = Math.abs(m.bodyMul[b]);
            double h = mul * halfWidth[v];
            double u;
            if (m.bodyPrismatic[b]) {
                u = h;
                reach += slideReach(m, b, mul, center[v], halfWidth[v]);
            } else {
                Matrix4d f = atCentre.bodies[b]; // its origin lies on the axis, which keeps its body-frame direction
                double ax = m.axis[3 * b], ay = m.axis[3 * b + 1], az = m.axis[3 * b + 2];
                double zx = f.m00() * ax + f.m10() * ay + f.m20() * az;
                double zy = f.m01() * ax + f.m11() * ay + f.m21() * az;
                double zz = f.m02() * ax + f.m12() * ay + f.m22() * az;
                double dx = px - f.m30(), dy = py - f.m31(), dz = pz - f.m32();
                double cxz = dy * zz - dz * zy, cyz = dz * zx - dx * zz, czz = dx * zy - dy * zx;
                double toAxis = Math.sqrt(cxz * cxz + cyz * cyz + czz * czz) / Math.sqrt(zx * zx + zy * zy + zz * zz);
                double slack = 1e-9 + 1e-12 * norm(dx, dy, dz);
                u = h * Math.min(reach, toAxis + slack + r + disp); // disp: what the joints after this one add
            }
            disp += u;
            reach += m.bodyPreLength[b];
        }
        double bound = disp * (1 + 1e-12);
        return bound >= 0 && bound < Double.POSITIVE_INFINITY ? bound : Double.POSITIVE_INFINITY;
    }

    /**
     * A bound without a box centre to move from: in every configuration of the box, every point of the ball lies
     * within the returned distance of one point fixed in the frame after the first {@code skip} movable joints of the
     * link's chain (the frame two links sharing those joints move in alike), whose place at the box centre
     * ({@code atCentre}, filled for {@code center}) is written to {@code anchor}. The point: the ball centre when no
     * joint follows the first {@code skip} (the link rides on that frame; the bound is r); else the origin of the
     * first joint after them when it is revolute (it lies on that joint's axis, so no joint of the box moves it); else
     * (prismatic) that joint's parent origin. The bound adds the same constant terms as reach_j above: the joint
     * offsets after the anchor, each prismatic slide's largest value over the box, the link offset, the ball centre
     * and r; rounded up. So the ball stays in a fixed sphere, and two links whose spheres are apart (both anchors
     * are fixed in the frame they share) cannot touch anywhere in the box, however wide: the chord bound that the
     * first-order displacement, growing with the half-widths, cannot give for whole joint ranges. +∞ on bad input.
     */
    public static double anchoredReach(
            KinematicModel m,
            LinkPoses atCentre,
            int link,
            int skip,
            double[] center,
            double[] halfWidth,
            double cx,
            double cy,
            double cz,
            double r,
            double[] anchor) {
        int[] chain = m.linkChain[link];
        Matrix4d f;
        double reach;
        if (chain.length <= skip) {
            f = atCentre.links[link];
            anchor[0] = f.m00() * cx + f.m10() * cy + f.m20() * cz + f.m30();
            anchor[1] = f.m01() * cx + f.m11() * cy + f.m21() * cz + f.m31();
            anchor[2] = f.m02() * cx + f.m12() * cy + f.m22() * cz + f.m32();
            reach = r;
        } else {
            reach = ballReach(m, link, cx, cy, cz, r);
            for (int k = chain.length - 1; k > skip; k--) {
                int b = chain[k];
                if (m.bodyPrismatic[b]) {
                    int v = m.bodyVar[b];
                    reach += slideReach(m, b, Math.abs(m.bodyMul[b]), center[v], halfWidth[v]);
                }
                reach += m.bodyPreLength[b];
            }
            int first = chain[skip];
            if (m.bodyPrismatic[first]) {
                int v = m.bodyVar[first];
                reach += slideReach(m, first, Math.abs(m.bodyMul[first]), center[v], halfWidth[v])
                        + m.bodyPreLength[first];
                f = atCentre.bodies[m.bodyParent[first]];
            } else {
                f = atCentre.bodies[first];
            }
            anchor[0] = f.m30();
            anchor[1] = f.m31();
            anchor[2] = f.m32();
        }
        double bound = reach * (1 + 1e-12);
        return bound >= 0 && bound < Double.POSITIVE_INFINITY ? bound : Double.POSITIVE_INFINITY;
    }

    /** The variables that drive the link's chain after its first {@code skip} movable joints (distinct, root first). */
    public static int[] variables(KinematicModel m, int link, int skip) {
        int[] chain = m.linkChain[link];
        return java.util.Arrays.stream(chain, Math.min(skip, chain.length), chain.length)
                .map(b -> m.bodyVar[b])
                .distinct()
                .toArray();
    }

    /** |(x, y, z)| rounded up. */
    private static double norm(double x, double y, double z) {
        return Math.sqrt(x * x + y * y + z * z) * (1 + 1e-15);
    }

    /** The ball's farthest reach from the link's parent joint frame: the link offset, the centre, the radius. */
    private static double ballReach(KinematicModel m, int link, double cx, double cy, double cz, double r) {
        Matrix4d o = m.linkOffset[link];
        return norm(o.m30(), o.m31(), o.m32()) + norm(cx, cy, cz) + r;
    }

    /**
     * What a prismatic body adds to the reach: the slide shifts every point of the body in its joint frame by at most
     * the largest |value| over the box ({@code mul} = |multiplier|), plus its offset.
     */
    private static double slideReach(KinematicModel m, int b, double mul, double center, double halfWidth) {
        return mul * Math.max(Math.abs(center - halfWidth), Math.abs(center + halfWidth)) + Math.abs(m.bodyOff[b]);
    }
}
