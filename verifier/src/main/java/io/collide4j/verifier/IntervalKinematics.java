package io.collide4j.verifier;

import io.collide4j.urdf.JointDescription;
import io.collide4j.urdf.JointType;
import io.collide4j.urdf.RobotDescription;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Forward kinematics over joint intervals (lemma F3): a link's frame encloses parent frame ∘ joint origin ∘ joint
 * motion for every joint value inside the given intervals, so a point of a link, transformed by the enclosure,
 * lies inside the result for every configuration of the box. Tree structure (parents, types, mimic sources) from
 * the description records; every number from {@link UrdfNumbers}. Immutable; thread-safe.
 */
final class IntervalKinematics {
    private final String root;
    private final List<JointDescription> order = new ArrayList<>(); // parents before children
    private final Map<String, JointDescription> parentJoint = new HashMap<>();
    private final Map<String, Integer> index = new HashMap<>(); // joint name -> its position in order
    private final UrdfNumbers numbers;
    /**
     * The kinematics of the description last asked for, by identity: a planner verifies many certificates against one
     * description, and re-reading its URDF text each time cost about 6 % of a verification. Only the very object
     * whose records the numbers were checked against may reuse them (two descriptions with equal records may come
     * from texts whose decimals differ below a double), and the reference is weak so the cache keeps no robot alive.
     */
    private static volatile Last last;

    private record Last(java.lang.ref.WeakReference<RobotDescription> robot, IntervalKinematics kinematics) {}

    /**
     * The kinematics of {@code robot} with its URDF text's numbers ({@link UrdfNumbers}), reused when the same
     * description object was the last one asked for. Thread-safe (both are immutable; the holder is published whole).
     */
    static IntervalKinematics of(RobotDescription robot) {
        Last l = last;
        if (l != null && l.robot.get() == robot) {
            return l.kinematics;
        }
        IntervalKinematics k = new IntervalKinematics(robot, new UrdfNumbers(robot));
        last = new Last(new java.lang.ref.WeakReference<>(robot), k);
        return k;
    }

    IntervalKinematics(RobotDescription robot, UrdfNumbers numbers) {
        this.root = robot.rootLink();
        this.numbers = numbers;
        Map<String, List<JointDescription>> children = new HashMap<>();
        for (JointDescription j : robot.joints()) {
            children.computeIfAbsent(j.parent(), k -> new ArrayList<>()).add(j);
        }
        Deque<String> queue = new ArrayDeque<>(List.of(root));
        while (!queue.isEmpty()) {
            for (JointDescription j : children.getOrDefault(queue.poll(), List.of())) {
                index.put(j.name(), order.size());
                order.add(j);
                parentJoint.put(j.child(), j);
                queue.add(j.child());
            }
        }
    }

    UrdfNumbers numbers() {
        return numbers;
    }

    /** How many joints the tree has: joint indices run from 0 to this, exclusive. */
    int jointCount() {
        return order.size();
    }

    /** The joint's index (parents before children), or -1 for a name the tree does not have. */
    int index(String joint) {
        Integer i = index.get(joint);
        return i == null ? -1 : i;
    }

    /** The joint of an index. */
    JointDescription joint(int index) {
        return order.get(index);
    }

    /**
     * Frames of every link for joint values inside {@code values} (every non-fixed, non-mimic joint by name);
     * mimic joints follow their source as multiplier · value + offset.
     */
    Map<String, Frame> linkFrames(Map<String, Interval> values) {
        return linkFrames(values, null);
    }

    /**
     * As {@link #linkFrames(Map)}, but only for {@code links} and their ancestors (null: every link): a plane test needs
     * the two links of its pair, and each frame is the same enclosure whichever others are computed beside it.
     */
    Map<String, Frame> linkFrames(Map<String, Interval> values, java.util.Collection<String> links) {
        java.util.Set<String> needed = null;
        if (links != null) {
            needed = new java.util.HashSet<>();
            for (String l : links) {
                for (String x = l; x != null && needed.add(x); ) {
                    JointDescription j = parentJoint.get(x);
                    x = j == null ? null : j.parent();
                }
            }
        }
        Map<String, Interval> all = new HashMap<>(values);
        Map<String, Frame> frames = new HashMap<>();
        frames.put(root, Frame.IDENTITY);
        for (JointDescription j : order) {
            if (needed != null && !needed.contains(j.child())) {
                continue;
            }
            Frame f = frames.get(j.parent()).compose(numbers.jointOrigin(j.name()));
            if (j.type() != JointType.FIXED) {
                Interval q = value(j, all, 0);
                Interval[] k = numbers.jointAxis(j.name());
                int along = j.type() == JointType.PRISMATIC ? -1 : coordinateAxis(k);
                if (along >= 0) { // a coordinate axis (every Panda and UR joint): two columns mix, nothing else
                    f = f.composeAxisRotation(along, k[along].lo() > 0 ? 1 : -1, q);
                } else {
                    f = f.compose(
                            j.type() == JointType.PRISMATIC
                                    ? Frame.translation(new Interval[] {k[0].mul(q), k[1].mul(q), k[2].mul(q)})
                                    : Frame.rotation(k, q));
                }
            }
            frames.put(j.child(), f);
        }
        return frames;
    }

    /** The coordinate axis k is exactly ±1 along (two exact zeros), or -1. */
    private static int coordinateAxis(Interval[] k) {
        for (int a = 0; a < 3; a++) {
            Interval x = k[a], y = k[(a + 1) % 3], z = k[(a + 2) % 3];
            if (x.lo() == x.hi() && Math.abs(x.lo()) == 1 && y.lo() == 0 && y.hi() == 0 && z.lo() == 0 && z.hi() == 0) {
                return a;
            }
        }
        return -1;
    }

    /**
     * The joints from the root to {@code link}, root first, fixed ones included (empty for the root or an unknown link;
     * every joint, parents first, for null).
     */
    List<JointDescription> chain(String link) {
        if (link == null) {
            return order;
        }
        List<JointDescription> c = new ArrayList<>();
        for (JointDescription j = parentJoint.get(link); j != null; j = parentJoint.get(j.parent())) {
            c.add(0, j);
        }
        return c;
    }

    /** {@code values} and every mimic joint's value (multiplier · source + offset), for the joints {@code chain} names. */
    Map<String, Interval> withMimics(Map<String, Interval> values, List<JointDescription> chain) {
        return withMimics(values, chain, false);
    }

    /**
     * As {@link #withMimics(Map, List)} for rates dq/ds (rates = false: values): a mimic joint's rate is multiplier ·
     * the source's rate, the offset being constant.
     */
    Map<String, Interval> withMimics(Map<String, Interval> values, List<JointDescription> chain, boolean rates) {
        Map<String, Interval> all = new HashMap<>(values);
        for (JointDescription j : chain) {
            if (j.type() != JointType.FIXED) {
                value(j, all, 0, rates);
            }
        }
        return all;
    }

    private Interval value(JointDescription j, Map<String, Interval> all, int depth) {
        return value(j, all, depth, false);
    }

    private Interval value(JointDescription j, Map<String, Interval> all, int depth, boolean rate) {
        Interval v = all.get(j.name());
        if (v != null) {
            return v;
        }
        if (j.mimic() == null || depth > order.size()) {
            throw new IllegalArgumentException("no value for joint '" + j.name() + "'");
        }
        JointDescription source = order.stream()
                .filter(o -> o.name().equals(j.mimic().joint()))
                .findFirst()
                .orElseThrow(
                        () -> new IllegalArgumentException("mimic joint '" + j.name() + "' follows an unknown joint"));
        Interval[] m = numbers.mimic(j.name());
        v = m[0].mul(value(source, all, depth + 1, rate));
        v = rate ? v : v.add(m[1]);
        all.put(j.name(), v);
        return v;
    }
}
