package io.collide4j.urdf;

import io.collide4j.urdf.XmlTree.Element;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The tree rules a parsed URDF must meet before it becomes a {@link RobotDescription}: no mimic cycle, every joint's
 * links defined, one parent per link, no kinematic cycle, exactly one root. Each refusal names the joint or link and
 * its line (a {@link KinematicTreeException} with its {@link KinematicTreeException.Problem}, or a
 * {@link UrdfException} for a mimic cycle).
 */
final class UrdfTreeRules {
    private UrdfTreeRules() {}

    /**
     * A joint that mimics itself, directly or through other mimics, has no value at all (every joint of the cycle
     * waits for the next): refused here, naming the cycle, so that no entry point (info included) accepts it.
     */
    static void refuseMimicCycles(
            UrdfAttributes read, List<JointDescription> joints, Map<String, Element> jointElements) {
        Map<String, String> leaderOf = new HashMap<>();
        for (JointDescription j : joints) {
            if (j.mimic() != null) {
                leaderOf.put(j.name(), j.mimic().joint());
            }
        }
        Set<String> acyclic = new HashSet<>();
        for (JointDescription j : joints) {
            List<String> chain = new ArrayList<>();
            String cur = j.name();
            while (cur != null && !acyclic.contains(cur)) {
                int at = chain.indexOf(cur);
                if (at >= 0) {
                    List<String> cycle = new ArrayList<>(chain.subList(at, chain.size()));
                    cycle.add(cur);
                    Element first = jointElements.get(cycle.get(0));
                    throw read.error(
                            first.child("mimic"),
                            "joint '" + cycle.get(0) + "' / mimic",
                            "attribute joint=\""
                                    + leaderOf.get(cycle.get(0)) + "\": mimic cycle " + String.join(" -> ", cycle)
                                    + "; a mimic chain must end at a joint that mimics nothing");
                }
                chain.add(cur);
                cur = leaderOf.get(cur);
            }
            acyclic.addAll(chain);
        }
    }

    static String validateTree(
            UrdfAttributes read,
            List<LinkDescription> links,
            List<JointDescription> joints,
            Map<String, Element> linkElements,
            Map<String, Element> jointElements) {
        Map<String, JointDescription> parentJoint = new HashMap<>();
        Map<String, List<String>> childrenOf = new HashMap<>();
        for (JointDescription j : joints) {
            Element je = jointElements.get(j.name());
            for (String[] end : new String[][] {{"parent", j.parent()}, {"child", j.child()}}) {
                if (!linkElements.containsKey(end[1])) {
                    throw new KinematicTreeException(
                            read.source(),
                            je.line(),
                            KinematicTreeException.Problem.UNKNOWN_LINK,
                            "joint '" + j.name() + "'",
                            end[0] + " link '" + end[1] + "' is not defined");
                }
            }
            JointDescription previous = parentJoint.putIfAbsent(j.child(), j);
            if (previous != null) {
                throw new KinematicTreeException(
                        read.source(),
                        je.line(),
                        KinematicTreeException.Problem.TWO_PARENTS,
                        "link '" + j.child() + "'",
                        "is the child of joint '" + previous.name() + "' (line "
                                + jointElements.get(previous.name()).line() + ") and of joint '" + j.name() + "'");
            }
            childrenOf.computeIfAbsent(j.parent(), k -> new ArrayList<>()).add(j.child());
        }
        List<String> roots = new ArrayList<>();
        for (LinkDescription l : links) {
            if (!parentJoint.containsKey(l.name())) {
                roots.add(l.name());
            }
        }
        if (links.isEmpty()) {
            throw new KinematicTreeException(
                    read.source(), 0, KinematicTreeException.Problem.NO_ROOT, "robot", "has no links");
        }
        Set<String> reached = new HashSet<>();
        Deque<String> todo = new ArrayDeque<>(roots);
        while (!todo.isEmpty()) {
            String l = todo.pop();
            if (reached.add(l)) {
                todo.addAll(childrenOf.getOrDefault(l, List.of()));
            }
        }
        for (LinkDescription l : links) {
            if (!reached.contains(l.name())) {
                // Walk up parents from an unreached link until a link repeats: that loop is the cycle.
                List<String> path = new ArrayList<>();
                String cur = l.name();
                while (!path.contains(cur)) {
                    path.add(cur);
                    cur = parentJoint.get(cur).parent();
                }
                List<String> cycle = new ArrayList<>(path.subList(path.indexOf(cur), path.size()));
                // report the cycle's last-written joint: the one that closed the loop
                JointDescription closing = parentJoint.get(cycle.get(0));
                for (String c : cycle) {
                    JointDescription j = parentJoint.get(c);
                    if (jointElements.get(j.name()).line()
                            > jointElements.get(closing.name()).line()) {
                        closing = j;
                    }
                }
                throw new KinematicTreeException(
                        read.source(),
                        jointElements.get(closing.name()).line(),
                        KinematicTreeException.Problem.CYCLE,
                        "joint '" + closing.name() + "'",
                        "closes a cycle through links " + cycle);
            }
        }
        if (roots.size() > 1) {
            throw new KinematicTreeException(
                    read.source(),
                    linkElements.get(roots.get(1)).line(),
                    KinematicTreeException.Problem.MULTIPLE_ROOTS,
                    "link '" + roots.get(1) + "'",
                    "has no parent joint, but neither has link '" + roots.get(0)
                            + "': a robot needs exactly one root, found " + roots);
        }
        return roots.get(0);
    }
}
