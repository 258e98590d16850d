package io.collide4j.planner;

import io.collide4j.kinematics.JointColumns;
import io.collide4j.kinematics.JointTrajectory;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.kinematics.LimitPolicy;
import io.collide4j.kinematics.PlanningGroup;
import io.collide4j.kinematics.format.Suggestions;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.SemanticDescription;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * How a {@link Collide4j}'s planning configurations (the group's variables, in the group's order) map onto the
 * robot's full configuration: which variables the group moves, the held values of the others, and the group's joint
 * limits. Immutable and thread-safe; {@link #withinLimits} takes the caller's scratch for the mimic check.
 */
final class GroupMapping {
    /** The SRDF group's name, or "" for every variable. */
    final String groupName;
    /** Full-configuration index of each planning variable. */
    final int[] vars;
    /** The full configuration of held values (every joint at 0 clamped into its limits, then {@code hold}). */
    final double[] rest;

    final double[] lower;
    final double[] upper;
    final JointSpace space;
    final List<String> variableNames;
    /** The robot has a movable mimic joint: its own limits are checked on the full configuration too. */
    final boolean mimics;
    /** Every joint of the description, for checking names a user gives. */
    final Set<String> robotJoints;

    private GroupMapping(KinematicModel km, String groupName, int[] vars, double[] rest, Set<String> robotJoints) {
        this.groupName = groupName;
        this.vars = vars;
        this.rest = rest;
        this.robotJoints = Set.copyOf(robotJoints);
        this.lower = new double[vars.length];
        this.upper = new double[vars.length];
        List<String> names = new ArrayList<>();
        boolean[] continuous = new boolean[vars.length];
        for (int i = 0; i < vars.length; i++) {
            lower[i] = km.lowerLimit(vars[i]);
            upper[i] = km.upperLimit(vars[i]);
            continuous[i] = km.isContinuous(vars[i]);
            names.add(km.variableName(vars[i]));
        }
        this.space = new JointSpace(lower, upper, continuous);
        this.variableNames = List.copyOf(names);
        this.mimics = km.description().joints().stream()
                .anyMatch(j -> j.mimic() != null && j.type().isMovable());
    }

    /**
     * The mapping a builder asked for: {@code group} (null: a bundled robot's first SRDF group, else every variable;
     * blank is refused), with the {@code hold} values applied (a joint in {@code explicitHold} that has no value of
     * its own is refused; mimic and fixed joints of a recorded state are skipped, FK derives them).
     */
    static GroupMapping resolve(
            RobotDescription desc,
            KinematicModel km,
            @Nullable SemanticDescription sem,
            @Nullable String group,
            boolean bundled,
            Map<String, Double> hold,
            Set<String> explicitHold) {
        String gName = group;
        if (gName != null && gName.isBlank()) {
            // "" means "every variable" below; an empty --group or "group": "" is a mistake, not that request
            throw new IllegalArgumentException("group: expected an SRDF group name, got '" + gName + "'"
                    + (sem == null
                            ? ""
                            : " (SRDF groups "
                                    + sem.groups().stream().map(g -> g.name()).toList() + ")"));
        }
        if (gName == null && bundled && sem != null && !sem.groups().isEmpty()) {
            gName = sem.groups().get(0).name();
        }
        int[] vars;
        if (gName == null || gName.isEmpty()) {
            gName = "";
            vars = new int[km.variableCount()];
            Arrays.setAll(vars, i -> i);
        } else {
            if (sem == null) {
                throw new IllegalArgumentException("group '" + gName + "' needs an SRDF");
            }
            List<String> groups = sem.groups().stream().map(g -> g.name()).toList();
            if (!groups.contains(gName)) {
                throw new IllegalArgumentException("group: unknown group " + gName
                        + Suggestions.didYouMean(gName, groups) + " (SRDF groups " + groups + ")");
            }
            PlanningGroup pg = km.planningGroup(sem, gName);
            vars = pg.variableIndices();
            if (vars.length == 0) {
                throw new IllegalArgumentException("SRDF group '" + gName + "' has no movable joints");
            }
        }
        double[] rest = new double[km.variableCount()];
        for (int i = 0; i < rest.length; i++) {
            rest[i] = Math.min(Math.max(0, km.lowerLimit(i)), km.upperLimit(i));
        }
        for (Map.Entry<String, Double> h : hold.entrySet()) {
            int v = km.variableIndex(h.getKey());
            if (v < 0 && explicitHold.contains(h.getKey())) {
                throw new IllegalArgumentException("hold: joint " + h.getKey() + " of robot '" + desc.name()
                        + "' is fixed or mimics another joint: it has no value of its own to hold");
            }
            if (v >= 0) { // mimic and fixed joints of a recorded state are derived by FK
                rest[v] = h.getValue();
            }
        }
        Set<String> joints = new LinkedHashSet<>();
        desc.joints().forEach(j -> joints.add(j.name()));
        return new GroupMapping(km, gName, vars, rest, joints);
    }

    int dimension() {
        return vars.length;
    }

    /** The full robot configuration for group values q (other variables at their held values). */
    double[] fullConfiguration(double[] q) {
        double[] out = rest.clone();
        toFull(q, out);
        return out;
    }

    /** A group velocity or acceleration as a full robot vector: every joint outside the group stands still (0). */
    double[] fullDerivative(double[] groupRate) {
        double[] out = new double[rest.length];
        toFull(groupRate, out);
        return out;
    }

    /** The group values of a full robot configuration. */
    double[] groupConfiguration(double[] full) {
        if (full.length != rest.length) {
            throw new IllegalArgumentException(
                    "full configuration has " + full.length + " entries, expected " + rest.length);
        }
        double[] q = new double[vars.length];
        for (int i = 0; i < q.length; i++) {
            q[i] = full[vars[i]];
        }
        return q;
    }

    /** Writes group values q into their slots of dest (a full configuration); the other slots are left alone. */
    void toFull(double[] q, double[] dest) {
        if (q.length != vars.length) {
            throw new IllegalArgumentException(
                    "configuration has " + q.length + " entries, expected " + vars.length + " " + variableNames);
        }
        for (int i = 0; i < q.length; i++) {
            dest[vars[i]] = q[i];
        }
    }

    /** See {@link Collide4j#jointColumns}. */
    JointColumns jointColumns(JointTrajectory t, KinematicModel km) {
        JointColumns m = JointColumns.map(t, variableNames, robotJoints);
        for (String name : m.outsideGroup()) {
            int v = km.variableIndex(name);
            int col = t.jointNames().indexOf(name);
            if (v < 0) {
                throw new IllegalArgumentException(
                        "column " + name + " is a mimic or fixed joint (its value is derived);" + " leave it out");
            }
            for (int k = 0; k < t.waypointCount(); k++) {
                double value = t.positions(k)[col];
                if (value != rest[v]) {
                    throw new IllegalArgumentException("column " + name + " is not in the planning group "
                            + (groupName.isEmpty() ? "" : "'" + groupName + "' ") + "and waypoint " + k + " gives it "
                            + value
                            + ", but it is held at " + rest[v]
                            + "; hold it at that value or plan a group that includes it");
                }
            }
        }
        return m;
    }

    /** See {@link Collide4j#withinLimits}; {@code full} is the caller's scratch, overwritten. Allocation-free. */
    boolean withinLimits(double[] q, double[] full, KinematicModel km) {
        if (q.length != vars.length) {
            throw new IllegalArgumentException(
                    "configuration has " + q.length + " entries, expected " + vars.length + " " + variableNames);
        }
        for (int i = 0; i < q.length; i++) {
            if (!(q[i] >= lower[i] && q[i] <= upper[i])) {
                return false;
            }
        }
        if (!mimics) {
            return true;
        }
        toFull(q, full);
        try {
            return km.validate(full, LimitPolicy.REPORT).isEmpty();
        } catch (IllegalArgumentException e) { // a mimic value beyond what certified bounds support
            return false;
        }
    }
}
