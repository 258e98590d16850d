package io.collide4j.planner;

import io.collide4j.checker.query.CollisionChecker;
import io.collide4j.checker.query.Contact;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.SemanticDescription;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** What a user must be told about a robot loaded without SRDF ({@link Collide4j#warnings()}). Stateless. */
final class RobotWarnings {
    private RobotWarnings() {}

    /**
     * Only adjacent links and the URDF's own filters are excluded (and how to generate an SRDF), and which pairs
     * collide at its zero configuration {@code rest}; nothing when there is an SRDF.
     */
    static List<String> of(
            RobotDescription desc,
            @Nullable SemanticDescription sem,
            CollisionChecker checker,
            double[] rest,
            @Nullable Path urdfPath,
            List<Path> packageRoots) {
        List<String> out = new ArrayList<>();
        String file = urdfPath != null
                ? urdfPath.toString()
                : desc.source() == null ? desc.name() + ".urdf" : desc.source().toString();
        // the command must work as printed: the same package roots, each path quoted for a POSIX shell if needed
        StringBuilder roots = new StringBuilder();
        packageRoots.forEach(r -> roots.append(" --package-path ").append(shellWord(r.toString())));
        if (sem == null) {
            out.add("robot '" + desc.name() + "' has no SRDF: only adjacent links"
                    + (desc.collisionFilters().isEmpty() ? "" : " and the URDF's Drake collision filters")
                    + " are excluded from self-collision checking, so links that touch by design are reported in"
                    + " collision; generate one with: collide4j srdf --urdf " + shellWord(file) + roots + " --out "
                    + shellWord(file.replaceAll("\\.urdf$", "") + ".srdf")
                    + "  (then give --srdf; Java: SrdfGenerator)");
        }
        if (sem != null) {
            return List.copyOf(out); // the SRDF's author decided which pairs touch by design
        }
        List<String> pairs = new ArrayList<>();
        for (Contact c : checker.contacts(rest, 0, Integer.MAX_VALUE, checker.newContext())) {
            String p = c.pair().first() + "/" + c.pair().second();
            if (!c.pair().environment() && !pairs.contains(p)) {
                pairs.add(p);
            }
        }
        if (!pairs.isEmpty()) {
            out.add("robot '" + desc.name() + "' collides with itself at its zero configuration (every joint at 0"
                    + " clamped into its limits, held values applied): " + String.join(", ", pairs)
                    + "; if these links touch by design, an SRDF from 'collide4j srdf' disables them");
        }
        return List.copyOf(out);
    }

    /** A POSIX shell word for {@code s}: as is when it is plain, else in single quotes. */
    private static String shellWord(String s) {
        return s.matches("[A-Za-z0-9_./:@%+=,-]+") ? s : "'" + s.replace("'", "'\\''") + "'";
    }
}
