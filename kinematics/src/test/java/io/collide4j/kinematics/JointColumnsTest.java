package io.collide4j.kinematics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class JointColumnsTest {
    static final List<String> PLANNING = List.of("a", "b", "c");
    static final Set<String> ROBOT = Set.of("a", "b", "c", "grip");

    @Test
    void namedColumnsMapByNameInAnyOrder() {
        JointTrajectory t = TrajectoryCsv.parse("time,c,a,grip,b\n0,3,1,9,2\n1,6,4,9,5\n");
        JointColumns m = JointColumns.map(t, PLANNING, ROBOT);
        assertFalse(m.positional());
        assertArrayEquals(new int[] {1, 3, 0}, m.columns()); // a is column 1, b column 3, c column 0
        assertEquals(List.of("grip"), m.outsideGroup());
    }

    @Test
    void oneErrorListsUnknownMissingAndDuplicateNames() {
        JointTrajectory swapped = TrajectoryCsv.parse("b,a,cc\n0,1,2\n");
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> JointColumns.map(swapped, List.of("a", "b", "cc_joint"), Set.of("a", "b", "cc_joint")));
        assertTrue(
                e.getMessage().contains("unknown joint(s) cc")
                        && e.getMessage().contains("missing planning joint(s) cc_joint"),
                e.getMessage());
        IllegalArgumentException d = assertThrows(
                IllegalArgumentException.class, () -> JointColumns.check(List.of("a", "a", "x"), PLANNING, ROBOT));
        assertTrue(
                d.getMessage().contains("unknown joint(s) x")
                        && d.getMessage().contains("missing planning joint(s) b, c")
                        && d.getMessage().contains("duplicate column(s) a"),
                d.getMessage());
        // a misspelling close to a joint gets a suggestion
        IllegalArgumentException s = assertThrows(
                IllegalArgumentException.class,
                () -> JointColumns.check(List.of("panda_joint_7"), List.of("panda_joint7"), Set.of("panda_joint7")));
        assertTrue(s.getMessage().contains("panda_joint_7 (did you mean panda_joint7?)"), s.getMessage());
    }

    @Test
    void aHeaderCheckFailsTheCsvWithFileAndLine() {
        TrajectoryFormatException e = assertThrows(
                TrajectoryFormatException.class,
                () -> TrajectoryCsv.read(
                        new java.io.StringReader("# comment\ntime,a,a,b\n0,1,2,3\n"),
                        "t.csv",
                        names -> JointColumns.check(names, PLANNING, ROBOT)));
        assertTrue(
                e.getMessage().contains("t.csv")
                        && e.getMessage().contains("2")
                        && e.getMessage().contains("duplicate"),
                e.getMessage());
    }

    @Test
    void onlyAHeaderlessFileMapsByPosition() {
        JointTrajectory t = TrajectoryCsv.parse("1,2,3\n4,5,6\n");
        assertFalse(t.hasJointNames());
        JointColumns m = JointColumns.map(t, PLANNING, ROBOT);
        assertTrue(m.positional());
        assertArrayEquals(new int[] {0, 1, 2}, m.columns());
        assertArrayEquals(new double[] {4, 5, 6}, t.positions(1));
        assertThrows(IllegalArgumentException.class, () -> JointColumns.map(t, List.of("a", "b"), ROBOT));
        assertThrows(TrajectoryFormatException.class, () -> TrajectoryCsv.parse("1,2,3\n4,5\n"));
        // a header of names that are not joints does not fall back to position
        assertThrows(
                IllegalArgumentException.class,
                () -> JointColumns.map(TrajectoryCsv.parse("q1,q2,q3\n1,2,3\n"), PLANNING, ROBOT));
    }
}
