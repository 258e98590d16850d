package io.collide4j.urdf;

import io.collide4j.urdf.XmlTree.Element;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Parses a MoveIt SRDF against its {@link RobotDescription}: groups (joints, links, chains,
 * sub-groups), {@code disable_collisions} with reason, group states and end effectors.
 * Every referenced link, joint and group must exist, chain tips must descend from their base,
 * group-state values must be finite; all problems are collected and thrown together as one
 * {@link SrdfException}. {@code virtual_joint} and {@code passive_joint} (also inside a group) are
 * checked (their links/joints must exist) but not represented: collide4j places the robot base
 * through the scene, and passive joints move only when their group state says so.
 * A robot name that differs from the URDF's is allowed (common in practice). Stateless, thread-safe.
 */
public final class SrdfParser {
    private SrdfParser() {}

    public static SemanticDescription parse(Path srdf, RobotDescription robot) {
        return parse(srdf.toAbsolutePath().normalize().toUri(), robot);
    }

    /**
     * As {@link #parse(Path, RobotDescription)}; a {@code *.xacro} file ({@code robot.srdf.xacro}) is expanded first
     * with {@code xacro}'s arguments and package resolution ({@link UrdfParser#expandXacro}).
     */
    public static SemanticDescription parse(Path srdf, RobotDescription robot, UrdfParser xacro) {
        if (io.collide4j.urdf.xacro.Xacro.isXacro(srdf)) {
            String xml = xacro.expandXacro(srdf);
            return parse(
                    new java.io.ByteArrayInputStream(xml.getBytes(java.nio.charset.StandardCharsets.UTF_8)),
                    srdf.toAbsolutePath().normalize().toUri() + " (expanded by xacro)",
                    robot);
        }
        return parse(srdf, robot);
    }

    /** Parses the SRDF at a local URI; a {@code file:} URI of a {@code *.xacro} file is expanded first (no arguments). */
    public static SemanticDescription parse(URI srdf, RobotDescription robot) {
        ResourceResolver.requireLocal(srdf, "SRDF");
        if ("file".equals(srdf.getScheme()) && io.collide4j.urdf.xacro.Xacro.isXacro(Path.of(srdf))) {
            return parse(Path.of(srdf), robot, UrdfParser.create());
        }
        try (InputStream in = srdf.toURL().openStream()) {
            return parse(in, srdf.toString(), robot);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read SRDF " + srdf, e);
        }
    }

    public static SemanticDescription parse(InputStream in, String source, RobotDescription robot) {
        Element root = XmlTree.parse(in, source);
        List<SrdfException.Problem> problems = new ArrayList<>();
        if (!root.name().equals("robot")) {
            problems.add(
                    new SrdfException.Problem(root.line(), "<" + root.name() + ">", "expected a <robot> root element"));
            throw new SrdfException(source, problems);
        }
        Checker c = new Checker(robot, problems);
        Set<String> groupNames = new HashSet<>();
        Set<String> virtualJoints = new HashSet<>();
        for (Element e : root.children()) {
            if (e.name().equals("group")) {
                String n = c.attr(e, "group", "name");
                if (n != null && !groupNames.add(n)) {
                    c.problem(e, "group '" + n + "'", "defined twice");
                }
            } else if (e.name().equals("virtual_joint")) {
                String n = c.attr(e, "virtual_joint", "name");
                if (n != null) {
                    virtualJoints.add(n);
                }
            }
        }
        List<SemanticDescription.Group> groups = new ArrayList<>();
        List<SemanticDescription.DisabledCollision> disabled = new ArrayList<>();
        List<SemanticDescription.GroupState> states = new ArrayList<>();
        List<SemanticDescription.EndEffector> effectors = new ArrayList<>();
        for (Element e : root.children()) {
            switch (e.name()) {
                case "group" -> {
                    String name = e.attribute("name");
                    String where = "group '" + name + "'";
                    List<String> joints = new ArrayList<>();
                    List<String> links = new ArrayList<>();
                    List<SemanticDescription.Chain> chains = new ArrayList<>();
                    List<String> subgroups = new ArrayList<>();
                    for (Element m : e.children()) {
                        switch (m.name()) {
                            case "joint" -> {
                                String j = c.attr(m, where + " / joint", "name");
                                if (j != null && (c.joint(m, where + " / joint", j) || virtualJoints.contains(j))) {
                                    joints.add(j);
                                }
                            }
                            case "link" -> {
                                String l = c.attr(m, where + " / link", "name");
                                if (l != null && c.link(m, where + " / link", l)) {
                                    links.add(l);
                                }
                            }
                            case "chain" -> {
                                String b = c.attr(m, where + " / chain", "base_link");
                                String t = c.attr(m, where + " / chain", "tip_link");
                                if (b != null
                                        && t != null
                                        && c.link(m, where + " / chain", b) & c.link(m, where + " / chain", t)) {
                                    if (!c.descends(t, b)) {
                                        c.problem(
                                                m,
                                                where + " / chain",
                                                "tip_link '" + t + "' is not below base_link '" + b + "'");
                                    } else {
                                        chains.add(new SemanticDescription.Chain(b, t));
                                    }
                                }
                            }
                            case "group" -> {
                                String g = c.attr(m, where + " / group", "name");
                                if (g != null) {
                                    if (!groupNames.contains(g)) {
                                        c.problem(m, where + " / group", "unknown group '" + g + "'");
                                    } else if (g.equals(name)) {
                                        c.problem(m, where + " / group", "a group cannot contain itself");
                                    } else {
                                        subgroups.add(g);
                                    }
                                }
                            }
                            case "passive_joint" -> {
                                // seen in VAMP's panda.srdf; srdfdom ignores it inside groups, we only check the name
                                String j = c.attr(m, where + " / passive_joint", "name");
                                if (j != null) {
                                    c.joint(m, where + " / passive_joint", j);
                                }
                            }
                            default ->
                                c.problem(
                                        m,
                                        where,
                                        "unexpected <" + m.name() + ">: expected joint, link, chain or group");
                        }
                    }
                    if (name != null) {
                        groups.add(new SemanticDescription.Group(name, joints, links, chains, subgroups));
                    }
                }
                case "disable_collisions" -> {
                    String a = c.attr(e, "disable_collisions", "link1");
                    String b = c.attr(e, "disable_collisions", "link2");
                    String where = "disable_collisions '" + a + "'/'" + b + "'";
                    if (a != null && b != null && c.link(e, where, a) & c.link(e, where, b)) {
                        String reason = e.attribute("reason");
                        disabled.add(new SemanticDescription.DisabledCollision(a, b, reason == null ? "" : reason));
                    }
                }
                case "group_state" -> {
                    String name = c.attr(e, "group_state", "name");
                    String group = c.attr(e, "group_state", "group");
                    String where = "group_state '" + name + "'";
                    if (group != null && !groupNames.contains(group)) {
                        c.problem(e, where, "unknown group '" + group + "'");
                    }
                    Map<String, Double> values = new LinkedHashMap<>();
                    for (Element j : e.children("joint")) {
                        String jn = c.attr(j, where + " / joint", "name");
                        String v = c.attr(j, where + " / joint '" + jn + "'", "value");
                        // virtual joints are multi-DOF placements of the base, not arm coordinates
                        if (jn == null
                                || v == null
                                || virtualJoints.contains(jn)
                                || !c.joint(j, where + " / joint", jn)) {
                            continue;
                        }
                        try {
                            double d = DecimalText.parse(v);
                            if (!Double.isFinite(d)) {
                                throw new NumberFormatException();
                            }
                            if (values.put(jn, d) != null) {
                                c.problem(j, where + " / joint '" + jn + "'", "value given twice");
                            }
                        } catch (NumberFormatException ex) {
                            c.problem(
                                    j,
                                    where + " / joint '" + jn + "'",
                                    "value=\"" + v + "\": expected one finite number");
                        }
                    }
                    if (name != null && group != null) {
                        states.add(new SemanticDescription.GroupState(name, group, values));
                    }
                }
                case "end_effector" -> {
                    String name = c.attr(e, "end_effector", "name");
                    String where = "end_effector '" + name + "'";
                    String parentLink = c.attr(e, where, "parent_link");
                    String group = c.attr(e, where, "group");
                    String parentGroup = e.attribute("parent_group");
                    boolean ok = parentLink != null && c.link(e, where, parentLink);
                    if (group != null && !groupNames.contains(group)) {
                        c.problem(e, where, "unknown group '" + group + "'");
                        ok = false;
                    }
                    if (parentGroup != null && !groupNames.contains(parentGroup)) {
                        c.problem(e, where, "unknown parent_group '" + parentGroup + "'");
                        ok = false;
                    }
                    if (ok && name != null && group != null) {
                        effectors.add(new SemanticDescription.EndEffector(name, parentLink, group, parentGroup));
                    }
                }
                case "virtual_joint" -> {
                    String child = c.attr(e, "virtual_joint", "child_link");
                    if (child != null) {
                        c.link(e, "virtual_joint '" + e.attribute("name") + "'", child);
                    }
                }
                case "passive_joint" -> {
                    String j = c.attr(e, "passive_joint", "name");
                    if (j != null && !virtualJoints.contains(j)) {
                        c.joint(e, "passive_joint", j);
                    }
                }
                default -> {} // enable_collisions, link_sphere_approximation, ...: not used by collide4j
            }
        }
        if (!problems.isEmpty()) {
            throw new SrdfException(source, problems);
        }
        return new SemanticDescription(root.attribute("name"), groups, disabled, states, effectors);
    }

    private static final class Checker {
        final RobotDescription robot;
        final List<SrdfException.Problem> problems;
        final Set<String> links = new HashSet<>();
        final Set<String> joints = new HashSet<>();
        final Map<String, String> parentLink = new HashMap<>();

        Checker(RobotDescription robot, List<SrdfException.Problem> problems) {
            this.robot = robot;
            this.problems = problems;
            robot.links().forEach(l -> links.add(l.name()));
            robot.joints().forEach(j -> {
                joints.add(j.name());
                parentLink.put(j.child(), j.parent());
            });
        }

        void problem(Element e, String where, String message) {
            problems.add(new SrdfException.Problem(e.line(), where, message));
        }

        String attr(Element e, String where, String name) {
            String v = e.attribute(name);
            if (v == null || v.isBlank()) {
                problem(e, where, "missing required attribute '" + name + "'");
                return null;
            }
            return v;
        }

        boolean link(Element e, String where, String name) {
            if (!links.contains(name)) {
                problem(e, where, "unknown link '" + name + "' (robot '" + robot.name() + "')");
                return false;
            }
            return true;
        }

        boolean joint(Element e, String where, String name) {
            if (!joints.contains(name)) {
                problem(e, where, "unknown joint '" + name + "' (robot '" + robot.name() + "')");
                return false;
            }
            return true;
        }

        /** True when {@code tip} is {@code base} or lies below it in the tree. */
        boolean descends(String tip, String base) {
            for (String l = tip; l != null; l = parentLink.get(l)) {
                if (l.equals(base)) {
                    return true;
                }
            }
            return false;
        }
    }
}
