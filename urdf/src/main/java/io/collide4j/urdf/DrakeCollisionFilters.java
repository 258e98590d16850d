package io.collide4j.urdf;

import io.collide4j.urdf.XmlTree.Element;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Drake's URDF extension {@code <drake:collision_filter_group name="G">} with {@code <drake:member link="L"/>},
 * {@code <drake:member_group name="H"/>} and {@code <drake:ignored_collision_filter_group name="K"/>}: collisions
 * between every member of G and every member of K are not checked (K = G: among G's own members). A group with
 * {@code ignore="true"} is skipped, as Drake does. Turned into disabled link pairs with reason {@value #REASON}.
 * Unknown links or groups, and groups defined twice, are errors naming the element and line. Stateless.
 */
final class DrakeCollisionFilters {
    /** The {@code reason} of pairs disabled by a Drake collision filter group. */
    static final String REASON = "Drake";

    private DrakeCollisionFilters() {}

    private record Group(Element element, List<String> links, List<String> memberGroups, List<String> ignored) {}

    static List<SemanticDescription.DisabledCollision> parse(List<Element> elements, Set<String> links, String src) {
        Map<String, Group> groups = new LinkedHashMap<>();
        for (Element e : elements) {
            String name = e.attribute("name");
            if (name == null || name.isBlank()) {
                throw new UrdfException(src, e.line(), "collision_filter_group", "missing required attribute 'name'");
            }
            String where = "collision_filter_group '" + name + "'";
            if ("true".equals(e.attribute("ignore"))) {
                continue;
            }
            Group g = new Group(e, new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
            for (Element c : e.children()) {
                String ref = c.attribute(c.name().equals("member") ? "link" : "name");
                switch (c.name()) {
                    case "member", "member_group", "ignored_collision_filter_group" -> {
                        if (ref == null || ref.isBlank()) {
                            throw new UrdfException(
                                    src,
                                    c.line(),
                                    where + " / " + c.name(),
                                    "missing required attribute '" + (c.name().equals("member") ? "link" : "name")
                                            + "'");
                        }
                    }
                    default ->
                        throw new UrdfException(
                                src,
                                c.line(),
                                where + " / " + c.name(),
                                "unknown element: expected"
                                        + " <drake:member link>, <drake:member_group name> or <drake:ignored_collision_filter_group name>");
                }
                if (c.name().equals("member")) {
                    if (!links.contains(ref)) {
                        throw new UrdfException(
                                src, c.line(), where + " / member", "link '" + ref + "' is not defined");
                    }
                    g.links.add(ref);
                } else if (c.name().equals("member_group")) {
                    g.memberGroups.add(ref);
                } else {
                    g.ignored.add(ref);
                }
            }
            if (groups.putIfAbsent(name, g) != null) {
                throw new UrdfException(
                        src,
                        e.line(),
                        where,
                        "defined twice (first at line "
                                + groups.get(name).element.line() + ")");
            }
        }
        List<SemanticDescription.DisabledCollision> out = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (Map.Entry<String, Group> a : groups.entrySet()) {
            Set<String> mine = members(a.getKey(), groups, src, new LinkedHashSet<>());
            for (String other : a.getValue().ignored) {
                if (!groups.containsKey(other)) {
                    throw new UrdfException(
                            src,
                            a.getValue().element.line(),
                            "collision_filter_group '" + a.getKey() + "' / ignored_collision_filter_group",
                            "group '" + other + "' is not defined (or has ignore=\"true\")");
                }
                for (String x : mine) {
                    for (String y : members(other, groups, src, new LinkedHashSet<>())) {
                        String key = x.compareTo(y) < 0 ? x + "\0" + y : y + "\0" + x;
                        if (!x.equals(y) && seen.add(key)) {
                            out.add(new SemanticDescription.DisabledCollision(x, y, REASON));
                        }
                    }
                }
            }
        }
        return out;
    }

    /** The links of a group and, recursively, of its member groups ({@code visiting} catches cycles). */
    private static Set<String> members(String name, Map<String, Group> groups, String src, Set<String> visiting) {
        Group g = groups.get(name);
        if (!visiting.add(name)) {
            throw new UrdfException(
                    src,
                    g.element.line(),
                    "collision_filter_group '" + name + "'",
                    "member groups form a cycle through " + visiting);
        }
        Set<String> out = new LinkedHashSet<>(g.links);
        for (String sub : g.memberGroups) {
            if (!groups.containsKey(sub)) {
                throw new UrdfException(
                        src,
                        g.element.line(),
                        "collision_filter_group '" + name + "' / member_group",
                        "group '" + sub + "' is not defined (or has ignore=\"true\")");
            }
            out.addAll(members(sub, groups, src, visiting));
        }
        visiting.remove(name);
        return out;
    }
}
