package io.collide4j.kinematics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.kinematics.format.VisibleText;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A UTF-8 byte order mark at the start of a CSV (spreadsheet programs write one) is not part of the first column's name;
 * anywhere else, an invisible character in a name is shown escaped in the message that refuses it (the message read
 * "unknown joint(s) time" for a column that was BOM + "time").
 */
class CsvInvisibleCharactersTest {
    @Test
    void aLeadingByteOrderMarkIsNotPartOfTheHeader() {
        JointTrajectory t = TrajectoryCsv.read(new StringReader("\uFEFFtime,a,b\n0,1,2\n1,3,4\n"), "t.csv");
        assertEquals(List.of("a", "b"), t.jointNames());
        assertEquals(1.0, t.time(1));
        JointTrajectory headerless = TrajectoryCsv.read(new StringReader("\uFEFF1,2\n3,4\n"), "h.csv");
        assertEquals(2, headerless.waypointCount());
    }

    @Test
    void invisibleCharactersElsewhereAreShownEscaped() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> JointColumns.check(
                        List.of("a", "\uFEFFb", "c\u200B"), List.of("a", "b", "c"), List.of("a", "b", "c")));
        assertTrue(
                e.getMessage().contains("unknown joint(s) \\ufeffb (did you mean b?), c\\u200b (did you mean c?)"),
                e.getMessage());
        assertTrue(e.getMessage().chars().noneMatch(ch -> ch == 0xFEFF || ch == 0x200B), e.getMessage());
        TrajectoryFormatException row = assertThrows(
                TrajectoryFormatException.class,
                () -> TrajectoryCsv.read(new StringReader("time,a\n0,1\u200B\n"), "r.csv"));
        assertTrue(row.getMessage().contains("is '1\\u200b'"), row.getMessage());
    }

    @Test
    void visibleTextLeavesOrdinaryTextAlone() {
        String s = "panda_joint1 caf\u00e9 \uD83D\uDE00 \u4e2d";
        assertSame(s, VisibleText.of(s));
        assertEquals("a\\u0000b\\ud800c\\u000a", VisibleText.of("a\u0000b\uD800c\n"));
        assertEquals("\\udc00", VisibleText.unpairedSurrogate("x\uD83D\uDE00y\uDC00"));
        assertEquals(null, VisibleText.unpairedSurrogate("x\uD83D\uDE00y"));
    }
}
