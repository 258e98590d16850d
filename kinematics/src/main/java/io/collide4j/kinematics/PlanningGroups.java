package io.collide4j.kinematics;

import io.collide4j.urdf.JointDescription;
import io.collide4j.urdf.SemanticDescription;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Resolving an SRDF planning group against a {@link KinematicModel} ({@link KinematicModel#planningGroup}): listed
 * joints, the parent joint of each listed link, every joint on each chain from base to tip, and sub-groups,
 * recursively. Stateless; reads the immutable model only.
 */
final class PlanningGroups {
    private PlanningGroups() {}

    static PlanningGroup resolve(KinematicModel km, SemanticDescription srdf, String groupName) {
        Map<String, SemanticDescription.Group> groups = new HashMap<>();
        srdf.groups().forEach(g -> groups.put(g.name(), g));
        Set<String> joints = new HashSet<>();
        collect(km, groupName, groups, joints, new ArrayDeque<>());
        List<String> jointNames = new ArrayList<>();
        List<Integer> vars = new ArrayList<>();
        BitSet linkSet = new BitSet();
        for (JointDescription j : km.description().joints()) {
            if (joints.contains(j.name())) {
                linkSet.set(km.linkIndex(j.child()));
                if (j.type().isMovable()) {
                    jointNames.add(j.name());
                    int v = km.variableIndex(j.name());
                    if (v >= 0) {
                        vars.add(v);
                    }
                }
            }
        }
        // listed links are members even when they are the root
        collectLinks(km, groupName, groups, linkSet, new ArrayDeque<>());
        List<String> linkNamesOut = new ArrayList<>();
        for (int l = linkSet.nextSetBit(0); l >= 0; l = linkSet.nextSetBit(l + 1)) {
            linkNamesOut.add(km.linkName(l));
        }
        return new PlanningGroup(
                groupName, jointNames, vars.stream().mapToInt(Integer::intValue).toArray(), linkNamesOut);
    }

    private static void collect(
            KinematicModel km,
            String groupName,
            Map<String, SemanticDescription.Group> groups,
            Set<String> joints,
            ArrayDeque<String> path) {
        SemanticDescription.Group g = groups.get(groupName);
        if (g == null) {
            throw new IllegalArgumentException(
                    "SRDF: no group " + groupName + (path.isEmpty() ? "" : " (sub-group of " + path.peek() + ")"));
        }
        if (path.contains(groupName)) {
            throw new IllegalArgumentException("SRDF: group " + groupName + " contains itself via " + path);
        }
        path.push(groupName);
        for (String j : g.joints()) {
            if (km.description().joint(j).isEmpty()) {
                throw new IllegalArgumentException("SRDF group " + groupName + ": no joint " + j);
            }
            joints.add(j);
        }
        for (String l : g.links()) {
            if (km.findLink(l) < 0) {
                throw new IllegalArgumentException("SRDF group " + groupName + ": no link " + l);
            }
            km.description().parentJoint(l).ifPresent(pj -> joints.add(pj.name()));
        }
        for (SemanticDescription.Chain c : g.chains()) {
            if (km.findLink(c.baseLink()) < 0 || km.findLink(c.tipLink()) < 0) {
                throw new IllegalArgumentException("SRDF group " + groupName + ": chain " + c.baseLink() + " -> "
                        + c.tipLink() + " names an unknown link");
            }
            String cur = c.tipLink();
            List<String> found = new ArrayList<>();
            while (!cur.equals(c.baseLink())) {
                JointDescription pj = km.description().parentJoint(cur).orElse(null);
                if (pj == null) {
                    throw new IllegalArgumentException("SRDF group " + groupName + ": chain base " + c.baseLink()
                            + " is not an ancestor of tip " + c.tipLink());
                }
                found.add(pj.name());
                cur = pj.parent();
            }
            joints.addAll(found);
        }
        for (String sub : g.subgroups()) {
            collect(km, sub, groups, joints, path);
        }
        path.pop();
    }

    private static void collectLinks(
            KinematicModel km,
            String groupName,
            Map<String, SemanticDescription.Group> groups,
            BitSet links,
            ArrayDeque<String> path) {
        SemanticDescription.Group g = groups.get(groupName);
        path.push(groupName);
        for (String l : g.links()) {
            links.set(km.findLink(l));
        }
        for (SemanticDescription.Chain c : g.chains()) {
            links.set(km.findLink(c.baseLink()));
        }
        for (String sub : g.subgroups()) {
            collectLinks(km, sub, groups, links, path);
        }
        path.pop();
    }
}
