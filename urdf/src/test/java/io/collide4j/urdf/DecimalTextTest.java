package io.collide4j.urdf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The decimal syntax of every text input; Java's other spellings (suffixes, hex, words, control characters) refused. */
class DecimalTextTest {
    @Test
    void decimalsAreReadWithTheirExactDoubleValue() {
        assertEquals(-0.785, DecimalText.parse("-0.785"));
        assertEquals(0.5, DecimalText.parse(".5"));
        assertEquals(2.0, DecimalText.parse("2."));
        assertEquals(1e-3, DecimalText.parse("+1E-3"));
        assertEquals(3.0, DecimalText.parse(" \t3 "));
        assertEquals(Double.POSITIVE_INFINITY, DecimalText.parse("1e999"), "overflow is the caller's to refuse");
        assertEquals(0.1, DecimalText.parse("0.1"), "the same rounding as Double.parseDouble");
    }

    @Test
    void javasOtherSpellingsAreNotNumbers() {
        for (String s : List.of(
                "0.785f",
                "1d",
                "1D",
                "0x1p-2",
                "NaN",
                "Infinity",
                "-Infinity",
                "1\u0007",
                "\u00001",
                "",
                " ",
                ".",
                "-",
                "e5",
                "1e",
                "1e+",
                "1..2",
                "1,5",
                "1 2",
                "１")) {
            assertThrows(NumberFormatException.class, () -> DecimalText.parse(s), "'" + s + "'");
            assertFalse(DecimalText.isDecimal(s), "'" + s + "'");
        }
        assertTrue(DecimalText.isDecimal("-0"));
    }

    @Test
    void aUrdfAttributeWithASuffixIsRefusedNamingIt() throws Exception {
        java.nio.file.Path p = java.nio.file.Files.createTempFile("suffix", ".urdf");
        try {
            java.nio.file.Files.writeString(
                    p,
                    "<robot name=\"r\">\n<link name=\"a\"><collision><geometry>"
                            + "<box size=\"0.1 0.1f 0.1\"/></geometry></collision></link>\n</robot>\n");
            UrdfException e =
                    assertThrows(UrdfException.class, () -> UrdfParser.create().parse(p));
            assertTrue(
                    e.getMessage().contains(":2:") && e.getMessage().contains("size=\"0.1f\"")
                            || e.getMessage().contains("attribute size"),
                    e.getMessage());
        } finally {
            java.nio.file.Files.deleteIfExists(p);
        }
    }
}
