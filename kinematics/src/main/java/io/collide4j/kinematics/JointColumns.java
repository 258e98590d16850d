package io.collide4j.kinematics;

import io.collide4j.kinematics.format.Suggestions;
import io.collide4j.kinematics.format.VisibleText;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Which trajectory column holds each planning joint. Columns map by name whenever the trajectory names its
 * columns: then every planning joint must appear exactly once and every name must be a joint of the robot;
 * anything else is one error listing the unknown (with did-you-mean), missing and duplicate names. Only a
 * trajectory without names ({@link JointTrajectory#hasJointNames()} false, a header-less file) maps by
 * position, and then it must have exactly one column per planning joint. A wrong order or a misspelt name
 * can therefore never move a value onto another joint.
 *
 * @param columns      for planning joint i, the trajectory column holding it
 * @param positional   true when mapped by position (the trajectory names no columns)
 * @param outsideGroup named columns that are robot joints but not planning joints (the caller decides what
 *                     they mean, e.g. held values), in column order
 */
public record JointColumns(int[] columns, boolean positional, List<String> outsideGroup) {

    public JointColumns {
        columns = columns.clone();
        outsideGroup = List.copyOf(outsideGroup);
    }

    @Override
    public int[] columns() {
        return columns.clone();
    }

    /** Maps the trajectory's columns onto {@code planning}; {@code robotJoints} are every joint name of the robot. */
    public static JointColumns map(JointTrajectory t, List<String> planning, Collection<String> robotJoints) {
        List<String> names = t.jointNames();
        if (!t.hasJointNames()) {
            if (names.size() != planning.size()) {
                throw new IllegalArgumentException(
                        "the file has no header and " + names.size() + " columns, so its columns"
                                + " would map by position onto the " + planning.size() + " planning joints " + planning
                                + "; give one column per planning joint, or a header naming the joints");
            }
            int[] cols = new int[planning.size()];
            for (int i = 0; i < cols.length; i++) {
                cols[i] = i;
            }
            return new JointColumns(cols, true, List.of());
        }
        check(names, planning, robotJoints);
        int[] cols = new int[planning.size()];
        for (int i = 0; i < cols.length; i++) {
            cols[i] = names.indexOf(planning.get(i));
        }
        List<String> outside = new ArrayList<>();
        for (String n : names) {
            if (!planning.contains(n)) {
                outside.add(n);
            }
        }
        return new JointColumns(cols, false, outside);
    }

    /**
     * Checks named columns: every planning joint exactly once, every name a robot joint; else one
     * IllegalArgumentException listing unknown, missing and duplicate names.
     */
    public static void check(List<String> names, List<String> planning, Collection<String> robotJoints) {
        Set<String> seen = new LinkedHashSet<>();
        Set<String> duplicate = new LinkedHashSet<>();
        List<String> unknown = new ArrayList<>();
        for (String n : names) {
            if (!seen.add(n)) {
                duplicate.add(n);
            }
            if (!robotJoints.contains(n) && !unknown.contains(n)) {
                unknown.add(n);
            }
        }
        List<String> missing = new ArrayList<>();
        for (String p : planning) {
            if (!seen.contains(p)) {
                missing.add(p);
            }
        }
        if (unknown.isEmpty() && missing.isEmpty() && duplicate.isEmpty()) {
            return;
        }
        List<String> parts = new ArrayList<>();
        if (!unknown.isEmpty()) {
            List<String> u = new ArrayList<>();
            for (String n : unknown) {
                String close = Suggestions.closest(n, robotJoints);
                u.add(close == null ? VisibleText.of(n) : VisibleText.of(n) + " (did you mean " + close + "?)");
            }
            parts.add("unknown joint(s) " + String.join(", ", u));
        }
        if (!missing.isEmpty()) {
            parts.add("missing planning joint(s) " + String.join(", ", missing));
        }
        if (!duplicate.isEmpty()) {
            parts.add("duplicate column(s) " + VisibleText.of(String.join(", ", duplicate)));
        }
        throw new IllegalArgumentException(
                "columns " + VisibleText.of(names.toString()) + " do not name every planning joint exactly once: "
                        + String.join("; ", parts) + " (columns map by name; planning joints " + planning + ")");
    }
}
