package io.collide4j.urdf;

import java.util.List;
import java.util.Map;

/** SRDF content, validated against its robot: every named link and joint exists. */
public record SemanticDescription(
        String robotName,
        List<Group> groups,
        List<DisabledCollision> disabledCollisions,
        List<GroupState> groupStates,
        List<EndEffector> endEffectors) {
    public SemanticDescription {
        groups = List.copyOf(groups);
        disabledCollisions = List.copyOf(disabledCollisions);
        groupStates = List.copyOf(groupStates);
        endEffectors = List.copyOf(endEffectors);
    }

    /** A planning group as written: explicit joints, links, chains (base, tip) and sub-groups. */
    public record Group(
            String name, List<String> joints, List<String> links, List<Chain> chains, List<String> subgroups) {
        public Group {
            joints = List.copyOf(joints);
            links = List.copyOf(links);
            chains = List.copyOf(chains);
            subgroups = List.copyOf(subgroups);
        }
    }

    public record Chain(String baseLink, String tipLink) {}

    /** A pair of links whose collisions are never checked, with the SRDF's reason (may be empty). */
    public record DisabledCollision(String link1, String link2, String reason) {}

    /** A named joint configuration of a group (joint name → value, in document order). */
    public record GroupState(String name, String group, Map<String, Double> values) {
        public GroupState {
            values = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(values));
        }
    }

    public record EndEffector(String name, String parentLink, String group, String parentGroup) {}
}
