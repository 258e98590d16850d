package io.collide4j.kinematics;

import java.util.List;

/**
 * A planning group resolved against a {@link KinematicModel}: its movable joints in document order,
 * the configuration indices of those that are independent variables (mimic joints excluded), and its
 * links in the model's link order. Immutable.
 */
public record PlanningGroup(String name, List<String> jointNames, int[] variableIndices, List<String> linkNames) {
    public PlanningGroup {
        jointNames = List.copyOf(jointNames);
        variableIndices = variableIndices.clone();
        linkNames = List.copyOf(linkNames);
    }

    /** Configuration indices of the group's variables, in group order (a copy). */
    @Override
    public int[] variableIndices() {
        return variableIndices.clone();
    }

    /** Number of independent variables of the group. */
    public int variableCount() {
        return variableIndices.length;
    }

    /** Configuration index of the group's {@code i}-th variable. */
    public int variableIndex(int i) {
        return variableIndices[i];
    }
}
