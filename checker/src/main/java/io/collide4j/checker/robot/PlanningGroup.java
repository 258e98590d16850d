package io.collide4j.checker.robot;

import io.collide4j.urdf.JointDescription;
import io.collide4j.urdf.RobotDescription;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An SRDF planning group given as a kinematic chain ({@code <group name><chain base_link tip_link/></group>}): the
 * joints from {@code baseLink} down to {@code tipLink}. {@link #chains} proposes one per tip of a robot, so that
 * {@code --group} works on a robot that came without an SRDF. Immutable.
 *
 * @param name     the group's name
 * @param baseLink the link the chain starts from (an ancestor of the tip)
 * @param tipLink  the link it ends at
 */
public record PlanningGroup(String name, String baseLink, String tipLink) {

    /**
     * A group from user input, checked against the robot: both links exist and the tip lies below the base with at
     * least one movable joint between them; otherwise an IllegalArgumentException naming the group and the link.
     */
    public static PlanningGroup of(RobotDescription robot, String name, String baseLink, String tipLink) {
        Map<String, JointDescription> parentJoint = parentJoints(robot);
        for (String link : List.of(baseLink, tipLink)) {
            if (robot.link(link).isEmpty()) {
                throw new IllegalArgumentException(
                        "group " + name + ": robot '" + robot.name() + "' has no link '" + link + "'"
                                + io.collide4j.kinematics.format.Suggestions.didYouMean(
                                        link, robot.linksByName().keySet()));
            }
        }
        if (movableBetween(parentJoint, baseLink, tipLink) < 1) {
            throw new IllegalArgumentException("group " + name + ": link '" + tipLink + "' is not below '" + baseLink
                    + "' with a movable joint between them");
        }
        return new PlanningGroup(name, baseLink, tipLink);
    }

    /**
     * One chain from the root to each tip: each leaf link, and each link where the tree branches (a hand whose
     * fingers are leaves is the tip of the arm), when the chain holds a movable joint. Named after the tip link, in
     * the URDF's link order.
     */
    public static List<PlanningGroup> chains(RobotDescription robot) {
        Map<String, JointDescription> parentJoint = parentJoints(robot);
        Map<String, Integer> children = new HashMap<>();
        robot.joints().forEach(j -> children.merge(j.parent(), 1, Integer::sum));
        Set<String> tips = new LinkedHashSet<>();
        robot.links().forEach(l -> {
            int n = children.getOrDefault(l.name(), 0);
            if (n == 0 || n >= 2) {
                tips.add(l.name());
            }
        });
        List<PlanningGroup> out = new ArrayList<>();
        for (String tip : tips) {
            if (!tip.equals(robot.rootLink()) && movableBetween(parentJoint, robot.rootLink(), tip) >= 1) {
                out.add(new PlanningGroup(tip, robot.rootLink(), tip));
            }
        }
        return out;
    }

    /** The group as SRDF XML (one line, two-space indent). */
    public String toSrdf() {
        return "  <group name=\"" + xml(name) + "\"><chain base_link=\"" + xml(baseLink) + "\" tip_link=\""
                + xml(tipLink) + "\"/></group>\n";
    }

    private static Map<String, JointDescription> parentJoints(RobotDescription robot) {
        Map<String, JointDescription> m = new HashMap<>();
        robot.joints().forEach(j -> m.put(j.child(), j));
        return m;
    }

    /** Movable joints on the way up from tip to base; -1 when base is not an ancestor of tip. */
    private static int movableBetween(Map<String, JointDescription> parentJoint, String base, String tip) {
        int movable = 0;
        String link = tip;
        Set<String> seen = new java.util.HashSet<>();
        while (!link.equals(base)) {
            JointDescription j = parentJoint.get(link);
            if (j == null || !seen.add(link)) {
                return -1;
            }
            movable += j.type().isMovable() ? 1 : 0;
            link = j.parent();
        }
        return movable;
    }

    private static String xml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
