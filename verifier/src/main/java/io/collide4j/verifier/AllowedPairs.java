package io.collide4j.verifier;

import io.collide4j.urdf.LinkDescription;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.SemanticDescription;
import io.collide4j.urdf.SemanticDescription.DisabledCollision;
import io.collide4j.verifier.Certificate.Allowed;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The witness's allowed pairs checked against the reason each gives (lemma C2): "Adjacent", "SRDF" and "Drake" are
 * re-derived from the URDF tree, the SRDF and the URDF's collision filter groups; "Attached" and "User" cannot be, so
 * they are honoured as assumptions (lemma A2). Kept apart from {@link WitnessModel} because it is the one rule that
 * decides which pairs the verifier skips, and it reads only the robot, the SRDF and the attached objects' parents.
 * One instance per binding, writing into the model's sets and lists; not thread-safe.
 */
final class AllowedPairs {
    private final Certificate.Witness witness;
    private final Map<String, String> attachedTo;
    private final Set<String> allowed;
    private final List<Assumption> assumptions;
    private final List<String> problems;

    private AllowedPairs(
            Certificate.Witness witness,
            Map<String, String> attachedTo,
            Set<String> allowed,
            List<Assumption> assumptions,
            List<String> problems) {
        this.witness = witness;
        this.attachedTo = attachedTo;
        this.allowed = allowed;
        this.assumptions = assumptions;
        this.problems = problems;
    }

    /**
     * Adds each justified entry's pair key ({@link WitnessModel#pairKey}) to {@code allowed}, an assumption for each
     * "Attached" or "User" one, and a problem for each other.
     */
    static void bind(
            RobotDescription robot,
            SemanticDescription srdf,
            Certificate.Witness witness,
            Map<String, String> attachedTo,
            Set<String> allowed,
            List<Assumption> assumptions,
            List<String> problems) {
        new AllowedPairs(witness, attachedTo, allowed, assumptions, problems).bindAllowed(robot, srdf);
    }

    /** Each allowed entry must hold for the reason it gives; only justified ones are skipped (lemma C2). */
    private void bindAllowed(RobotDescription robot, SemanticDescription srdf) {
        Map<String, String> adjacent = new HashMap<>(); // link with geometry -> nearest ancestor with geometry
        Map<String, LinkDescription> byName = robot.linksByName();
        for (LinkDescription l : robot.links()) {
            String p = l.name();
            while (!l.collisions().isEmpty() && robot.parentJoint(p).isPresent()) {
                p = robot.parentJoint(p).get().parent();
                if (!byName.get(p).collisions().isEmpty()) {
                    adjacent.put(l.name(), p);
                    break;
                }
            }
        }
        Set<String> srdfPairs = keys(srdf == null ? List.of() : srdf.disabledCollisions());
        Set<String> drakePairs = keys(robot.collisionFilters());
        for (Allowed a : witness.allowed()) {
            String key = WitnessModel.pairKey(a.linkA(), a.linkB());
            boolean bodies = body(robot, a.linkA()) && body(robot, a.linkB());
            boolean attachment = attachedTo.containsKey(a.linkA()) || attachedTo.containsKey(a.linkB());
            boolean holds = !a.linkA().equals(a.linkB())
                    && switch (a.reason()) {
                        case "Adjacent" ->
                            a.linkB().equals(adjacent.get(a.linkA()))
                                    || a.linkA().equals(adjacent.get(a.linkB()));
                        case "SRDF" -> srdfPairs.contains(key);
                        case "Drake" -> drakePairs.contains(key);
                        // not derivable from the URDF: granted, but reported (lemma A2); the names must still be bodies
                        case "Attached" -> bodies && attachment;
                        case "User" -> bodies;
                        default -> false;
                    };
            if (holds) {
                allowed.add(key);
                if (a.reason().equals("Attached") || a.reason().equals("User")) {
                    assumptions.add(new Assumption(
                            a.reason().equals("User")
                                    ? Assumption.Kind.CALLER_ALLOWED_PAIR
                                    : Assumption.Kind.ATTACHED_CONTACT,
                            a.linkA(),
                            a.linkB()));
                }
            } else if (a.reason().equals("Attached") || a.reason().equals("User")) {
                problems.add(a.path() + ": allowed pair [" + a.linkA() + ", " + a.linkB() + ", " + a.reason()
                        + "] does not"
                        + " name two different bodies (links of robot " + robot.name() + " or attached objects of"
                        + " witness.attached)"
                        + (a.reason().equals("Attached") ? ", one of them an attached object" : ""));
            } else {
                problems.add(a.path() + ": allowed pair [" + a.linkA() + ", " + a.linkB() + ", " + a.reason()
                        + "] is not justified: the verifier does not derive it from the "
                        + (a.reason().equals("SRDF")
                                ? "SRDF"
                                : a.reason().equals("Drake")
                                        ? "URDF's collision filter groups"
                                        : "URDF tree (nearest ancestors with collision geometry)"));
            }
        }
    }

    private boolean body(RobotDescription robot, String name) {
        return robot.link(name).isPresent() || attachedTo.containsKey(name);
    }

    private static Set<String> keys(List<DisabledCollision> pairs) {
        Set<String> s = new HashSet<>();
        pairs.forEach(d -> s.add(WitnessModel.pairKey(d.link1(), d.link2())));
        return s;
    }
}
