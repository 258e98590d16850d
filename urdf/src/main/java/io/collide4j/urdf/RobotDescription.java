package io.collide4j.urdf;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A validated robot tree: one root link, every joint's parent and child exist, no link has two
 * parents, no cycles (checked by the parser). Links and joints keep document order.
 * {@code collisionFilters}: link pairs the URDF itself excludes from collision checking (Drake's
 * {@code <drake:collision_filter_group>}), applied like SRDF {@code disable_collisions}.
 * {@code urdfText}: the URDF text the description was parsed from when that is not the content of {@code source}
 * (a {@code .xacro} file expanded in memory), else null; whoever re-reads the URDF's numbers (the verifier) reads
 * it instead of the source.
 */
public record RobotDescription(
        String name,
        URI source,
        String rootLink,
        List<LinkDescription> links,
        List<JointDescription> joints,
        List<SemanticDescription.DisabledCollision> collisionFilters,
        String urdfText) {
    public RobotDescription {
        links = List.copyOf(links);
        joints = List.copyOf(joints);
        collisionFilters = List.copyOf(collisionFilters);
    }

    /** A robot read from the URDF text at {@code source}. */
    public RobotDescription(
            String name,
            URI source,
            String rootLink,
            List<LinkDescription> links,
            List<JointDescription> joints,
            List<SemanticDescription.DisabledCollision> collisionFilters) {
        this(name, source, rootLink, links, joints, collisionFilters, null);
    }

    /** This description, parsed from {@code text} (an expansion of {@code source}) rather than from the source itself. */
    public RobotDescription withUrdfText(String text) {
        return new RobotDescription(name, source, rootLink, links, joints, collisionFilters, text);
    }

    /** A robot without collision filters. */
    public RobotDescription(
            String name, URI source, String rootLink, List<LinkDescription> links, List<JointDescription> joints) {
        this(name, source, rootLink, links, joints, List.of());
    }

    public Optional<LinkDescription> link(String linkName) {
        return links.stream().filter(l -> l.name().equals(linkName)).findFirst();
    }

    public Optional<JointDescription> joint(String jointName) {
        return joints.stream().filter(j -> j.name().equals(jointName)).findFirst();
    }

    /** The joint whose child is {@code linkName}, empty for the root. */
    public Optional<JointDescription> parentJoint(String linkName) {
        return joints.stream().filter(j -> j.child().equals(linkName)).findFirst();
    }

    /** Links by name, in document order. */
    public Map<String, LinkDescription> linksByName() {
        Map<String, LinkDescription> m = new LinkedHashMap<>();
        links.forEach(l -> m.put(l.name(), l));
        return m;
    }
}
