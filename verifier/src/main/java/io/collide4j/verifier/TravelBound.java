package io.collide4j.verifier;

import io.collide4j.urdf.JointDescription;
import io.collide4j.urdf.JointType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * How far any point of a robot piece can be from where it is at an anchor configuration, for every configuration in a
 * joint box (lemma M1 in SOUNDNESS.md): D = Σ_k w_k·Δ_k over the moving joints of the piece's chain, Δ_k the largest
 * distance of joint k's box value from its anchor value, w_k = 1 for a prismatic joint and, for a revolute one, a bound
 * R_k on the distance of the piece from the joint's axis point over the box: |C − o_k| + ρ at the anchor (C the centre
 * of a ball of radius ρ about the piece) plus the travel the later joints allow. A plane test then needs frames at one
 * configuration only (thin enclosures) instead of over the whole box, whose interval products grow with every link.
 * Each R_k is also capped by the piece's reach from joint k's axis point whatever the configuration (lemma M1b): over a
 * long step the later joints' Δ_l compound M1's R_k, while the chain's lengths do not change.
 * A piece's ball is {@link PieceBall}'s and its levers at an anchor {@link Levers}; this class caches both and sums them.
 * Not thread-safe (caches per piece and link, scratch arrays for {@link #travel}); one instance per verification.
 */
final class TravelBound {
    private final IntervalKinematics kinematics;
    private final Map<String, String> attachedTo;
    private final Map<String, List<JointDescription>> chains = new HashMap<>();
    private final Map<Piece, double[]> balls = new IdentityHashMap<>();
    private final Map<Piece, double[]> reaches = new IdentityHashMap<>();
    private final Map<Piece, int[]> chainIndices = new IdentityHashMap<>();
    private final Map<Map<String, Frame>, Map<Piece, Levers>> levers = new IdentityHashMap<>(); // per anchor's frames
    // scratch of travel: Δ_k and turn_k per joint of the chain, and dot's result
    private double[] deltas = new double[0];
    private double[] turn = new double[0];
    private double[] turnRate = new double[0];
    private double dotLo;
    private double dotHi;

    TravelBound(IntervalKinematics kinematics, Map<String, String> attachedTo) {
        this.kinematics = kinematics;
        this.attachedTo = attachedTo;
    }

    /** The link whose frame carries the piece (an attached object's parent link). */
    String link(Piece p) {
        return attachedTo.getOrDefault(p.owner(), p.owner());
    }

    /** The moving joints from the root to the piece's link, root first. */
    List<JointDescription> chain(Piece p) {
        return chains.computeIfAbsent(link(p), l -> {
            List<JointDescription> moving = new ArrayList<>();
            for (JointDescription j : kinematics.chain(l)) {
                if (j.type() != JointType.FIXED) {
                    moving.add(j);
                }
            }
            return List.copyOf(moving);
        });
    }

    /** The indices ({@link IntervalKinematics#index}) of {@link #chain}'s joints, root first. */
    int[] chainIndex(Piece p) {
        return chainIndices.computeIfAbsent(
                p,
                q -> chain(q).stream().mapToInt(j -> kinematics.index(j.name())).toArray());
    }

    /**
     * Upper bound of max n·x over the piece for every configuration in {@code box} (every moving joint of the chain,
     * mimic joints included, by joint index, {@link IntervalKinematics#index}), where that is needed to get at most
     * {@code limit}: its support at the anchor configuration (whose link frames {@code anchorFrames} enclose; lemma S3)
     * plus |n| times the travel ({@link #travel}, lemmas M1 and M2, the smaller). Obstacles do not move: their support
     * alone. NaN when a bound is NaN (lemma I2). First the support at the anchor plus lemma M1's bound with every lever at its reach cap (M1b),
     * which needs nothing of the anchor but its joint values ({@code anchorByIndex}, by joint index), and when that is
     * at most limit it is the answer (it is an upper bound too). The full bound's levers are capped by the same reaches,
     * so up to rounding it is never larger: a plane test decides as the full bound would, but most far pieces skip the
     * levers and the joint loop.
     */
    double sup(
            Piece p,
            Map<String, Frame> anchorFrames,
            Map<String, Interval> anchor,
            Interval[] anchorByIndex,
            Interval[] box,
            Interval[] rates,
            double tau,
            double[] n,
            double limit) {
        if (!p.link()) {
            return p.sup(Frame.IDENTITY, n);
        }
        double h = p.sup(anchorFrames.get(p.owner()), n);
        double quick = Interval.up(h + reachTravel(p, anchorByIndex, box, n));
        if (quick <= limit) {
            return quick;
        }
        return Interval.up(h + travel(p, anchorFrames, anchor, box, rates, tau, n));
    }

    /** |n|·Σ_k Δ_k·w_k with w_k the reach cap S_k of a revolute joint (M1b) and 1 for a prismatic one (lemma M1). */
    private double reachTravel(Piece p, Interval[] anchor, Interval[] box, double[] n) {
        int[] index = chainIndex(p);
        List<JointDescription> chain = chain(p);
        double[] fixedReach = reaches.computeIfAbsent(p, this::fixedReach);
        double slides = 0, sum = 0;
        for (int k = index.length - 1; k >= 0; k--) {
            Interval a = anchor[index[k]], b = box[index[k]];
            double d = delta(a.lo(), a.hi(), b.lo(), b.hi());
            if (chain.get(k).type() == JointType.PRISMATIC) {
                sum = Interval.up(sum + d);
                slides = Interval.up(slides
                        + Math.max(
                                Math.max(Math.abs(b.lo()), Math.abs(b.hi())),
                                Math.max(Math.abs(a.lo()), Math.abs(a.hi()))));
            } else {
                sum = Interval.up(sum + Interval.up(d * Interval.up(fixedReach[k] + slides)));
            }
        }
        return Interval.up(Shape.normHi(n[0], n[0], n[1], n[1], n[2], n[2]) * sum);
    }

    /** A name-keyed map of joint intervals as an array by joint index (null where the map has none). */
    Interval[] byIndex(Map<String, Interval> values) {
        Interval[] a = new Interval[kinematics.jointCount()];
        values.forEach((name, v) -> {
            int i = kinematics.index(name);
            if (i >= 0) {
                a[i] = v;
            }
        });
        return a;
    }

    /**
     * An upper bound of n·(x(q) − x(q*)) for every point x of the piece and every q in {@code box}, q* the exact
     * anchor configuration (inside {@code anchor}): Σ_k Δ_k times a bound of |∂(n·x)/∂q_k| over the box (lemma M1), or
     * when {@code rates} (dq/ds over the step, by joint index) is given the smaller of that and lemma M2's: |s − s*| ≤
     * tau times a bound of |d(n·x)/ds| = |Σ_k (n·∂x/∂q_k)·dq_k/ds| over the step, which keeps the cancellation between
     * joints whose motions move the piece in opposite directions along n.
     */
    double travel(
            Piece p,
            Map<String, Frame> anchorFrames,
            Map<String, Interval> anchor,
            Interval[] box,
            Interval[] rates,
            double tau,
            double[] n) {
        // Bound for bound the interval arithmetic of Interval's methods on bare doubles (Interval.addLo & co, the same
        // shortcuts and rounding, lemma I1), so the enclosures are the same doubles and nothing is allocated per call
        Levers lv = levers(p, anchorFrames, anchor);
        double n0 = n[0], n1 = n[1], n2 = n[2];
        double nNorm = Shape.normHi(n0, n0, n1, n1, n2, n2);
        int[] index = lv.index();
        int size = index.length;
        if (deltas.length < size) {
            deltas = new double[size];
            turn = new double[size];
            turnRate = new double[size];
        }
        // Δ_k, and turn[k] = Σ Δ_l over the revolute joints l before k: how far they can turn k's axis and the piece
        // and turnRate[k] = Σ |dq_l/ds| over the same joints: how fast they can turn it (lemma M2)
        double turned = 0, turning = 0;
        for (int k = 0; k < size; k++) {
            Interval b = box[index[k]];
            deltas[k] = delta(lv.anchorLo()[k], lv.anchorHi()[k], b.lo(), b.hi());
            turn[k] = turned;
            turnRate[k] = turning;
            if (lv.revolute()[k]) {
                turned = Interval.up(turned + deltas[k]);
                if (rates != null) {
                    turning = Interval.up(turning + magnitude(rates[index[k]]));
                }
            }
        }
        double[] fixedReach = reaches.computeIfAbsent(p, this::fixedReach);
        double slides = 0; // Σ sup |q_l| over the prismatic joints l after k (over the hull of box and anchor; M1b)
        double later = 0; // Σ w_l Δ_l over the joints after joint k: how far the piece moves relative to k's frame
        double along = 0; // Σ over the joints from k on of Δ_l times the bound of |∂(n·x)/∂q_l|
        // lemma M2: Σ_k rate_k·(n·u_k at C), Σ_k rate_k·ω_k (revolute), Σ_k |rate_k|·|n|·(how far n·∂x/∂q_k moves)
        double linLo = 0, linHi = 0, oxLo = 0, oxHi = 0, oyLo = 0, oyHi = 0, ozLo = 0, ozHi = 0;
        double drift = 0; // Σ_k of the drift's share in the travel (already times tau or tau²/2)
        double laterRate = 0; // Σ w_l·|dq_l/ds| over the joints after joint k: how fast x moves in k's frame
        double half = rates == null ? Double.NaN : Interval.up(Interval.up(tau * tau) * 0.5);
        for (int k = size - 1; k >= 0; k--) {
            double[] axLo = lv.axisLo(), axHi = lv.axisHi();
            int x = 3 * k, y = x + 1, z = x + 2;
            Interval rate = rates == null ? null : rates[index[k]];
            double w; // bound of |∂x/∂q_k| over the box
            double wn; // bound of |∂(n·x)/∂q_k| over the box
            double moved; // how far n·∂x/∂q_k can move over the box, over |n|
            double movedRate; // how fast it can move along the step (times |s − s*| bounds it too), over |n|
            if (lv.revolute()[k]) {
                dot(lv.armLo(), lv.armHi(), x, n0, n1, n2);
            } else {
                dot(axLo, axHi, x, n0, n1, n2);
            } // along0 = n·ω_k (prismatic) or n·u_k (revolute) at the anchor, into dotLo/dotHi
            double at = Math.max(Math.abs(dotLo), Math.abs(dotHi));
            if (!lv.revolute()[k]) {
                // prismatic: ∂x/∂q = ω, the unit axis, which the joints before k turn by at most turn[k] radians, and a
                // unit vector moves by at most 2 however it turns
                w = 1;
                moved = Math.min(turn[k], 2);
                movedRate = turnRate[k];
                wn = Math.min(nNorm, Interval.up(at + Interval.up(nNorm * moved)));
                Interval b = box[index[k]];
                double far = Math.max(
                        Math.max(Math.abs(b.lo()), Math.abs(b.hi())),
                        Math.max(Math.abs(lv.anchorLo()[k]), Math.abs(lv.anchorHi()[k])));
                slides = Interval.up(slides + far);
            } else {
                // revolute: ∂x/∂q = u = ω × d, d = x − o. |u| ≤ |ω × (C − o)| + ρ at the anchor, plus how far the later
                // joints move x; and |u| ≤ |d| ≤ the chain's reach from o (lemma M1b), which does not grow with the
                // box.
                // Along n: n·u = n·(ω × (C − o)) + (x − C)·(n × ω) at the anchor; over the box u moves by at most later
                // (the joints after k) + |u|·turn[k] (the joints before k rotate it), and by at most 2·the reach.
                double cap = Interval.up(fixedReach[k] + slides);
                w = Math.min(Interval.up(lv.reach()[k] + later), cap);
                double nw = crossNorm(n0, n1, n2, axLo[x], axHi[x], axLo[y], axHi[y], axLo[z], axHi[z]);
                at = Interval.up(at + Interval.up(nw * lv.radius()));
                moved = Math.min(Interval.up(later + Interval.up(w * turn[k])), Interval.up(2 * cap));
                movedRate = Interval.up(laterRate + Interval.up(w * turnRate[k]));
                wn = Math.min(Interval.up(nNorm * w), Interval.up(at + Interval.up(nNorm * moved)));
            }
            if (rate != null) {
                double rl = rate.lo(), rh = rate.hi();
                double pl = Interval.mulLo(rl, rh, dotLo, dotHi), ph = Interval.mulHi(rl, rh, dotLo, dotHi);
                double l = Interval.addLo(linLo, linHi, pl, ph);
                linHi = Interval.addHi(linLo, linHi, pl, ph);
                linLo = l;
                if (lv.revolute()[k]) {
                    pl = Interval.mulLo(rl, rh, axLo[x], axHi[x]);
                    ph = Interval.mulHi(rl, rh, axLo[x], axHi[x]);
                    l = Interval.addLo(oxLo, oxHi, pl, ph);
                    oxHi = Interval.addHi(oxLo, oxHi, pl, ph);
                    oxLo = l;
                    pl = Interval.mulLo(rl, rh, axLo[y], axHi[y]);
                    ph = Interval.mulHi(rl, rh, axLo[y], axHi[y]);
                    l = Interval.addLo(oyLo, oyHi, pl, ph);
                    oyHi = Interval.addHi(oyLo, oyHi, pl, ph);
                    oyLo = l;
                    pl = Interval.mulLo(rl, rh, axLo[z], axHi[z]);
                    ph = Interval.mulHi(rl, rh, axLo[z], axHi[z]);
                    l = Interval.addLo(ozLo, ozHi, pl, ph);
                    ozHi = Interval.addHi(ozLo, ozHi, pl, ph);
                    ozLo = l;
                }
                double mag = Math.max(Math.abs(rl), Math.abs(rh));
                // ∫ over |t − s*| ≤ tau of |rate|·|n|·(how far g_k has moved by t): at most the whole box's move
                // times tau, and at most movedRate·|t − s*| integrated, tau²/2 (lemma M2)
                double mn = Interval.up(mag * nNorm);
                drift = Interval.up(drift
                        + Math.min(
                                Interval.up(Interval.up(mn * moved) * tau),
                                Interval.up(Interval.up(mn * movedRate) * half)));
                laterRate = Interval.up(laterRate + Interval.up(w * mag));
            }
            later = Interval.up(later + Interval.up(w * deltas[k]));
            along = Interval.up(along + Interval.up(wn * deltas[k]));
        }
        if (rates == null) {
            return along;
        }
        // (x − C)·(n × Ω) ≤ ρ·|n × Ω| for the ball's points, Ω = Σ rate_k·ω_k
        double spin = crossNorm(n0, n1, n2, oxLo, oxHi, oyLo, oyHi, ozLo, ozHi);
        double linMag = Math.max(Math.abs(linLo), Math.abs(linHi));
        double speed = Interval.up(linMag + Interval.up(lv.radius() * spin));
        double taylor = Interval.up(Interval.up(tau * speed) + drift);
        return Math.min(along, taylor); // both bound the same quantity; NaN in either makes min NaN (lemma I2)
    }

    /** max |r| over the interval r (NaN stays NaN, lemma I2). */
    private static double magnitude(Interval r) {
        return Math.max(Math.abs(r.lo()), Math.abs(r.hi()));
    }

    /**
     * Bounds of v·n, v the bounds at o..o+2 of lo and hi, into {@link #dotLo}/{@link #dotHi}, as
     * {@code v[0].mul(n0).add(v[1].mul(n1)).add(v[2].mul(n2))}.
     */
    private void dot(double[] lo, double[] hi, int o, double n0, double n1, double n2) {
        double al = Interval.scaleLo(lo[o], hi[o], n0), ah = Interval.scaleHi(lo[o], hi[o], n0);
        double bl = Interval.scaleLo(lo[o + 1], hi[o + 1], n1), bh = Interval.scaleHi(lo[o + 1], hi[o + 1], n1);
        double sl = Interval.addLo(al, ah, bl, bh), sh = Interval.addHi(al, ah, bl, bh);
        double cl = Interval.scaleLo(lo[o + 2], hi[o + 2], n2), ch = Interval.scaleHi(lo[o + 2], hi[o + 2], n2);
        dotLo = Interval.addLo(sl, sh, cl, ch);
        dotHi = Interval.addHi(sl, sh, cl, ch);
    }

    /**
     * Upper bound of |n × v| for the point n and the box v, as {@code Shape.norm(ny.mul(vz).sub(nz.mul(vy)),
     * nz.mul(vx).sub(nx.mul(vz)), nx.mul(vy).sub(ny.mul(vx)))} with n's components as point intervals.
     */
    private static double crossNorm(
            double n0, double n1, double n2, double xl, double xh, double yl, double yh, double zl, double zh) {
        double al = Interval.mulLo(n1, n1, zl, zh), ah = Interval.mulHi(n1, n1, zl, zh);
        double bl = Interval.mulLo(n2, n2, yl, yh), bh = Interval.mulHi(n2, n2, yl, yh);
        double cl = Interval.mulLo(n2, n2, xl, xh), ch = Interval.mulHi(n2, n2, xl, xh);
        double dl = Interval.mulLo(n0, n0, zl, zh), dh = Interval.mulHi(n0, n0, zl, zh);
        double el = Interval.mulLo(n0, n0, yl, yh), eh = Interval.mulHi(n0, n0, yl, yh);
        double fl = Interval.mulLo(n1, n1, xl, xh), fh = Interval.mulHi(n1, n1, xl, xh);
        return Shape.normHi(
                Interval.subLo(al, ah, bl, bh),
                Interval.subHi(al, ah, bl, bh),
                Interval.subLo(cl, ch, dl, dh),
                Interval.subHi(cl, ch, dl, dh),
                Interval.subLo(el, eh, fl, fh),
                Interval.subHi(el, eh, fl, fh));
    }

    /** Forgets the levers of earlier anchors (their frames are no longer asked for). */
    void forget() {
        levers.clear();
    }

    private Levers levers(Piece p, Map<String, Frame> anchorFrames, Map<String, Interval> anchor) {
        Map<Piece, Levers> known = levers.computeIfAbsent(anchorFrames, f -> new IdentityHashMap<>());
        Levers lv = known.get(p);
        if (lv != null && lv.anchor() == anchor) {
            return lv;
        }
        double[] ball = balls.computeIfAbsent(p, PieceBall::ball);
        lv = Levers.at(p, ball, chain(p), kinematics, anchorFrames, anchor);
        known.put(p, lv);
        return lv;
    }

    /**
     * Per moving joint k of the piece's chain (root first), an upper bound of |x − o_k| over every point x of the piece
     * and every configuration, the prismatic joints after k left out (the caller adds their sup |q|; lemma M1b): from
     * o_k, the child frame's origin of joint k, to x the chain adds each later joint's origin translation t_l and
     * rotations, which keep lengths, and then the piece's point y in its link's frame, |y| ≤ |O·c + o| + ρ (the ball).
     */
    private double[] fixedReach(Piece p) {
        double[] ball = balls.computeIfAbsent(p, PieceBall::ball);
        Interval[] c = p.origin()
                .apply(new Interval[] {Interval.point(ball[0]), Interval.point(ball[1]), Interval.point(ball[2])});
        double after = Interval.up(Shape.norm(c[0], c[1], c[2]) + ball[3]);
        List<JointDescription> all = kinematics.chain(link(p));
        List<JointDescription> moving = chain(p);
        double[] reach = new double[moving.size()];
        int k = moving.size() - 1;
        for (int f = all.size() - 1; f >= 0 && k >= 0; f--) {
            JointDescription j = all.get(f);
            if (j == moving.get(k)) {
                reach[k--] = after; // o_k lies after joint k's own origin translation: the later ones only
            }
            Frame o = kinematics.numbers().jointOrigin(j.name());
            after = Interval.up(after + Shape.norm(o.t(0), o.t(1), o.t(2)));
        }
        return reach;
    }

    /**
     * Δ = sup |q − a| over q in the hull of the box and the anchor interval and a in the anchor interval (the hull, so
     * the straight path from the anchor to any box value stays where the bounds hold).
     */
    private static double delta(double anchorLo, double anchorHi, double boxLo, double boxHi) {
        double lo = Math.min(anchorLo, boxLo), hi = Math.max(anchorHi, boxHi);
        return Math.max(Interval.up(hi - anchorLo), Interval.up(anchorHi - lo));
    }
}
