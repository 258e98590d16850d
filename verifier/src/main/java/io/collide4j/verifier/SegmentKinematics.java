package io.collide4j.verifier;

import io.collide4j.urdf.JointDescription;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The joint values and link frames of a certificate's segments that {@link IndependentVerifier}'s tests stand on:
 * enclosures over an s-interval (lemmas H1, F3; the unlisted pairs' boxes) and at the anchors of lemma M1 (the plane
 * tests' thin frames), with each anchor computed once per segment and shared by every test that picks the same s. Kept
 * apart from the plane and pair checks because it is the one place that turns the trajectory into frames: the checks
 * only ask it for a segment, an interval and the pieces whose links they need.
 * Not thread-safe (the anchors of the current segment are cached); one instance per verification.
 */
final class SegmentKinematics {
    private final WitnessModel model;
    private final JointMotion motion;
    private final TravelBound travel;
    /** Fraction of a plane test's interval at each end where its anchor is not taken. */
    private static final double ANCHOR_WINDOW = 0.25;

    private int anchorSegment = -1;
    // anchors of segment anchorSegment, keyed by the bits of s times an odd constant: short dyadics differ only in a
    // few high bits, which Double's hash leaves colliding (tree bins); the product is a bijection that spreads them
    private final Map<Long, Anchor> anchors = new HashMap<>();
    private final int[] witnessColumn; // joint index -> its column in the witness's joints, -1 for none
    private final Interval[] held; // joint index -> its held value (lemma H1), null when not held

    SegmentKinematics(WitnessModel model, JointMotion motion, TravelBound travel) {
        this.model = model;
        this.motion = motion;
        this.travel = travel;
        // by joint index what jointValues keys by name: a later column of the same name wins, a held value over both
        IntervalKinematics k = model.kinematics;
        this.witnessColumn = new int[k.jointCount()];
        java.util.Arrays.fill(witnessColumn, -1);
        this.held = new Interval[k.jointCount()];
        List<String> joints = model.witness.joints();
        for (int j = 0; j < joints.size(); j++) {
            int x = k.index(joints.get(j));
            if (x >= 0) {
                witnessColumn[x] = j;
            }
        }
        model.witness.held().forEach((j, v) -> {
            int x = k.index(j);
            if (x >= 0) {
                held[x] = Interval.point(v);
            }
        });
    }

    /** How many joints the robot has: the length of the by-index arrays ({@link IntervalKinematics#index}). */
    int jointCount() {
        return held.length;
    }

    /**
     * Link frames enclosing every configuration of segment i for s in [s0, s1] (held joints constant), each attached
     * object's being its parent link's; for the links of {@code only}'s pieces and their ancestors (null: all links).
     */
    Map<String, Frame> frames(int i, double s0, double s1, Piece[] only) {
        return frames(jointValues(i, s0, s1), only);
    }

    /** The values of every witness joint over s in [s0, s1] of segment i, and of every held joint (lemma H1). */
    private Map<String, Interval> jointValues(int i, double s0, double s1) {
        Map<String, Interval> q = new HashMap<>();
        List<String> joints = model.witness.joints();
        for (int j = 0; j < joints.size(); j++) {
            q.put(joints.get(j), motion.joint(i, j, s0, s1));
        }
        model.witness.held().forEach((j, v) -> q.put(j, Interval.point(v)));
        return q;
    }

    /** Joint values (mimic joints included; by name and by joint index) and every link's frames at one s of a segment. */
    record Anchor(double s, Map<String, Interval> values, Map<String, Frame> frames, Interval[] byIndex) {}

    /**
     * The anchor configuration of lemma M1 for [s0, s1] of segment i, shared by every plane test of the segment whose
     * interval picks the same s ({@link #anchorIn}): computed once for every link.
     */
    Anchor anchor(int i, double s0, double s1) {
        if (i != anchorSegment) {
            anchors.clear();
            travel.forget();
            anchorSegment = i;
        }
        double sm = anchorIn(s0, s1);
        long key = Double.doubleToLongBits(sm) * 0x9E3779B97F4A7C15L;
        Anchor a = anchors.get(key);
        if (a == null) {
            Map<String, Interval> v = model.kinematics.withMimics(jointValues(i, sm, sm), model.kinematics.chain(null));
            a = new Anchor(sm, v, frames(v, null), travel.byIndex(v));
            anchors.put(key, a);
        }
        return a;
    }

    /**
     * The dyadic rational with the fewest bits in the middle half of [s0, s1] (its midpoint when none is found): any
     * point of the interval is a valid anchor (lemma M1 takes the hull), and plane tests of different pairs and steps
     * then meet at the same few points. Away from the middle by at most 1/4 of the width, the step's s lies within 3/4
     * of the width of it instead of 1/2. On bench --verify 10 (one run each, shared machine), the middle quarter, half
     * and three quarters gave 13144, 17471 and 22280 subdivisions and verify/certify x3.10, x2.88 and x2.89.
     */
    static double anchorIn(double s0, double s1) {
        double w = s1 - s0, lo = s0 + w * ANCHOR_WINDOW, hi = s1 - w * ANCHOR_WINDOW;
        for (int k = 0; k < 64; k++) {
            double step = Math.scalb(1.0, -k); // lo / step, its ceiling and the product are exact
            double m = Math.ceil(lo / step) * step;
            if (m <= hi && m >= s0 && m <= s1) {
                return m;
            }
        }
        return s0 / 2 + s1 / 2;
    }

    /**
     * Joint x (by index) over s in [s0, s1] of segment i, or its rate dq/ds: as {@link #jointValues} and
     * {@link IntervalKinematics#withMimics} give it by name, a held value (rate 0), else its witness column's motion
     * (lemma H1), else multiplier · its source (+ offset for a value).
     */
    Interval jointOver(int i, int x, double s0, double s1, boolean rate, int depth) {
        if (held[x] != null) {
            return rate ? Interval.ZERO : held[x];
        }
        if (witnessColumn[x] >= 0) {
            return rate ? motion.rate(i, witnessColumn[x], s0, s1) : motion.joint(i, witnessColumn[x], s0, s1);
        }
        JointDescription j = model.kinematics.joint(x);
        int source = j.mimic() == null ? -1 : model.kinematics.index(j.mimic().joint());
        if (source < 0 || depth > held.length) {
            throw new IllegalArgumentException("no value for joint '" + j.name() + "'"
                    + (j.mimic() == null
                            ? ""
                            : " (mimic joint '" + j.name() + "' follows an unknown joint or a cycle)"));
        }
        Interval[] m = model.kinematics.numbers().mimic(j.name());
        Interval v = m[0].mul(jointOver(i, source, s0, s1, rate, depth + 1));
        return rate ? v : v.add(m[1]);
    }

    /** Link frames for the joint values q, as {@link #frames(int, double, double, Piece[])}. */
    private Map<String, Frame> frames(Map<String, Interval> q, Piece[] only) {
        List<String> links = null;
        if (only != null) { // the pair's links (an attached object's parent) and their ancestors, not the whole tree
            links = new ArrayList<>(2);
            for (Piece p : only) {
                if (p.link()) {
                    links.add(model.attachedTo.getOrDefault(p.owner(), p.owner()));
                }
            }
        }
        Map<String, Frame> frames = model.kinematics.linkFrames(q, links);
        // an attached object moves with its parent link (lemma A1): its piece's origin is the attachment pose
        model.attachedTo.forEach((body, link) -> {
            if (frames.containsKey(link)) {
                frames.put(body, frames.get(link));
            }
        });
        return frames;
    }
}
