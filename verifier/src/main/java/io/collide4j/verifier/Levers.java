package io.collide4j.verifier;

import io.collide4j.urdf.JointDescription;
import io.collide4j.urdf.JointType;
import java.util.List;
import java.util.Map;

/**
 * What lemma M1 needs of a piece at an anchor, whatever the normal and the box: per moving joint k of its chain
 * (root first) the world axis ω_k, for a revolute joint the arm u_k = ω_k × (C − o_k) (revolute false, no arm, for a
 * prismatic one) and |u_k| + ρ rounded up; ρ the piece's ball radius. Also the joints' indices ({@link IntervalKinematics#index}) and
 * anchor values by chain index, so the per-call loop looks nothing up ({@code anchor}: the values map they were read
 * from).
 * Kept apart from {@link TravelBound}, which caches one per piece and anchor and sums them for a normal and a box,
 * because this is the anchor kinematics (world axes and arms from the anchor frames) that the sums only read.
 * Immutable once made (the arrays are filled here and never written after), so it may be shared.
 */
record Levers(
        double[] axisLo,
        double[] axisHi,
        double[] armLo,
        double[] armHi,
        boolean[] revolute,
        double[] reach,
        double radius,
        int[] index,
        double[] anchorLo,
        double[] anchorHi,
        Map<String, Interval> anchor) {

    /**
     * The levers of piece {@code p} at the anchor whose link frames {@code anchorFrames} enclose and whose joint values
     * {@code anchor} holds by name; {@code ball} is the piece's ball ({@link PieceBall#ball}) and {@code chain} its
     * moving joints, root first ({@link TravelBound#chain}).
     */
    static Levers at(
            Piece p,
            double[] ball,
            List<JointDescription> chain,
            IntervalKinematics kinematics,
            Map<String, Frame> anchorFrames,
            Map<String, Interval> anchor) {
        Interval[] c0 = {Interval.point(ball[0]), Interval.point(ball[1]), Interval.point(ball[2])};
        Interval[] centre = anchorFrames.get(p.owner()).apply(p.origin().apply(c0));
        int size = chain.size();
        // per joint k at 3k..3k+2: bounds of ω_k and of u_k, computed on bare bounds with Interval.subLo & co, the
        // same shortcuts and rounding as the Interval methods (lemma I1), so no record per product
        double[] axisLo = new double[3 * size], axisHi = new double[3 * size];
        double[] armLo = new double[3 * size], armHi = new double[3 * size];
        boolean[] revolute = new boolean[size];
        double[] reach = new double[size];
        int[] index = new int[size];
        double[] anchorLo = new double[size], anchorHi = new double[size];
        for (int k = 0; k < size; k++) {
            JointDescription j = chain.get(k);
            index[k] = kinematics.index(j.name());
            Interval a = anchor.get(j.name());
            anchorLo[k] = a.lo();
            anchorHi[k] = a.hi();
            // o: the child frame's origin, on the axis (the motion rotates about it); ω = R_child·k, since the
            // rotation about k leaves k fixed
            Frame f = anchorFrames.get(j.child());
            f.rotate(kinematics.numbers().jointAxis(j.name()), axisLo, axisHi, 3 * k);
            if (j.type() != JointType.PRISMATIC) {
                revolute[k] = true;
                double vxl = Interval.subLo(centre[0].lo(), centre[0].hi(), f.tLo(0), f.tHi(0)),
                        vxh = Interval.subHi(centre[0].lo(), centre[0].hi(), f.tLo(0), f.tHi(0));
                double vyl = Interval.subLo(centre[1].lo(), centre[1].hi(), f.tLo(1), f.tHi(1)),
                        vyh = Interval.subHi(centre[1].lo(), centre[1].hi(), f.tLo(1), f.tHi(1));
                double vzl = Interval.subLo(centre[2].lo(), centre[2].hi(), f.tLo(2), f.tHi(2)),
                        vzh = Interval.subHi(centre[2].lo(), centre[2].hi(), f.tLo(2), f.tHi(2));
                int x = 3 * k, y = x + 1, z = x + 2;
                // u = ω × v
                cross(axisLo[y], axisHi[y], vzl, vzh, axisLo[z], axisHi[z], vyl, vyh, armLo, armHi, x);
                cross(axisLo[z], axisHi[z], vxl, vxh, axisLo[x], axisHi[x], vzl, vzh, armLo, armHi, y);
                cross(axisLo[x], axisHi[x], vyl, vyh, axisLo[y], axisHi[y], vxl, vxh, armLo, armHi, z);
                reach[k] =
                        Interval.up(Shape.normHi(armLo[x], armHi[x], armLo[y], armHi[y], armLo[z], armHi[z]) + ball[3]);
            }
        }
        return new Levers(axisLo, axisHi, armLo, armHi, revolute, reach, ball[3], index, anchorLo, anchorHi, anchor);
    }

    /** Bounds of a·b − c·d into lo[o], hi[o], as {@code a.mul(b).sub(c.mul(d))}. */
    private static void cross(
            double al,
            double ah,
            double bl,
            double bh,
            double cl,
            double ch,
            double dl,
            double dh,
            double[] lo,
            double[] hi,
            int o) {
        double pl = Interval.mulLo(al, ah, bl, bh), ph = Interval.mulHi(al, ah, bl, bh);
        double ql = Interval.mulLo(cl, ch, dl, dh), qh = Interval.mulHi(cl, ch, dl, dh);
        lo[o] = Interval.subLo(pl, ph, ql, qh);
        hi[o] = Interval.subHi(pl, ph, ql, qh);
    }
}
