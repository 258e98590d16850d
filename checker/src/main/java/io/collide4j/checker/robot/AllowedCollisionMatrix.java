package io.collide4j.checker.robot;

import io.collide4j.urdf.JointDescription;
import io.collide4j.urdf.LinkDescription;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.SemanticDescription;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Which pairs of bodies (robot links, attached objects, or a body and the whole environment) are not
 * checked. Immutable and thread-safe. Built by {@link Builder}: entries from the SRDF
 * ({@code disable_collisions}), adjacent links (optional), and user entries; a user
 * {@link Builder#forbid} overrides any earlier allow for that pair.
 *
 * <p>Body names are plain strings; {@link #ENVIRONMENT} stands for every scene obstacle.
 */
public final class AllowedCollisionMatrix {
    /** Pseudo-body meaning "any obstacle of the scene". */
    public static final String ENVIRONMENT = "<environment>";

    private static final AllowedCollisionMatrix EMPTY = new AllowedCollisionMatrix(Map.of(), Set.of());

    private final Map<String, Set<String>> allowed; // symmetric
    private final Set<String> alwaysAllowed; // bodies never checked against anything

    private AllowedCollisionMatrix(Map<String, Set<String>> allowed, Set<String> alwaysAllowed) {
        this.allowed = allowed;
        this.alwaysAllowed = alwaysAllowed;
    }

    public static AllowedCollisionMatrix empty() {
        return EMPTY;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** True when collisions between a and b are not checked (order does not matter). */
    public boolean isAllowed(String a, String b) {
        if (alwaysAllowed.contains(a) || alwaysAllowed.contains(b)) {
            return true;
        }
        Set<String> s = allowed.get(a);
        return s != null && s.contains(b);
    }

    /** Number of explicitly allowed unordered pairs. */
    public int pairCount() {
        int n = 0;
        for (Map.Entry<String, Set<String>> e : allowed.entrySet()) {
            for (String b : e.getValue()) {
                n += e.getKey().compareTo(b) <= 0 ? 1 : 0;
            }
        }
        return n;
    }

    /** A builder starting from this matrix's entries. */
    public Builder toBuilder() {
        Builder b = new Builder();
        allowed.forEach((a, s) -> s.forEach(x -> b.allow(a, x)));
        alwaysAllowed.forEach(b::allowAlways);
        return b;
    }

    /** Mutable, single-threaded builder. */
    public static final class Builder {
        private final Map<String, Set<String>> allowed = new LinkedHashMap<>();
        private final Set<String> always = new HashSet<>();

        /** Stop checking the pair (a, b). */
        public Builder allow(String a, String b) {
            if (a.equals(b)) {
                throw new IllegalArgumentException(
                        "an allowed-collision entry needs two different bodies, got '" + a + "' twice");
            }
            allowed.computeIfAbsent(a, k -> new HashSet<>()).add(b);
            allowed.computeIfAbsent(b, k -> new HashSet<>()).add(a);
            return this;
        }

        /** Check the pair (a, b) again, removing any earlier allow entry for it. */
        public Builder forbid(String a, String b) {
            Set<String> sa = allowed.get(a);
            if (sa != null) {
                sa.remove(b);
            }
            Set<String> sb = allowed.get(b);
            if (sb != null) {
                sb.remove(a);
            }
            return this;
        }

        /** Never check this body against anything. */
        public Builder allowAlways(String body) {
            always.add(body);
            return this;
        }

        /** Adds every SRDF {@code disable_collisions} pair. */
        public Builder srdf(SemanticDescription srdf) {
            srdf.disabledCollisions().forEach(d -> allow(d.link1(), d.link2()));
            return this;
        }

        /**
         * Allows each link with its nearest ancestor link that has collision geometry (MoveIt's
         * notion of adjacent links: links without collision geometry are skipped over).
         */
        public Builder adjacentLinks(RobotDescription robot) {
            Map<String, JointDescription> parentJoint = new HashMap<>();
            robot.joints().forEach(j -> parentJoint.put(j.child(), j));
            Map<String, LinkDescription> links = robot.linksByName();
            for (LinkDescription l : robot.links()) {
                if (l.collisions().isEmpty()) {
                    continue;
                }
                String p = l.name();
                while (parentJoint.containsKey(p)) {
                    p = parentJoint.get(p).parent();
                    if (!links.get(p).collisions().isEmpty()) {
                        allow(l.name(), p);
                        break;
                    }
                }
            }
            return this;
        }

        public AllowedCollisionMatrix build() {
            Map<String, Set<String>> copy = new HashMap<>();
            allowed.forEach((k, v) -> {
                if (!v.isEmpty()) {
                    copy.put(k, Set.copyOf(v));
                }
            });
            return new AllowedCollisionMatrix(Collections.unmodifiableMap(copy), Set.copyOf(always));
        }
    }
}
