package io.collide4j.urdf.xacro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Python's repr(float), from values Python 3 prints, and two properties (round trip, nothing shorter round-trips). */
class PyFloatsTest {
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "1e-5,1e-05",
        "0.0001,0.0001",
        "1e16,1e+16",
        "1e15,1000000000000000.0",
        "123456789012345678,1.2345678901234568e+17",
        "0.1,0.1",
        "4.9e-324,5e-324",
        "1.7976931348623157e308,1.7976931348623157e+308",
        "-0.0,-0.0",
        "2,2.0",
        "100,100.0",
        "1.5,1.5",
        "-2.5e-7,-2.5e-07",
        "9007199254740993,9007199254740992.0",
        "0.30000000000000004,0.30000000000000004",
        "1e22,1e+22",
        "1e23,1e+23",
        "5e-324,5e-324",
        "2.2250738585072014e-308,2.2250738585072014e-308",
        "1.0E-4,0.0001",
        "0.00012345,0.00012345",
        "12345.678,12345.678"
    })
    void printsAsPython(double value, String python) {
        assertEquals(python, PyFloats.repr(value));
    }

    @Test
    void specialValues() {
        assertEquals("inf", PyFloats.repr(Double.POSITIVE_INFINITY));
        assertEquals("-inf", PyFloats.repr(Double.NEGATIVE_INFINITY));
        assertEquals("nan", PyFloats.repr(Double.NaN));
    }

    /** Random bit patterns: the text reads back as the same double and has no more digits than Java's own. */
    @Test
    void roundTripsAndIsNoLongerThanJava() {
        SplittableRandom r = new SplittableRandom(28);
        for (int i = 0; i < 3_000; i++) {
            double d = Double.longBitsToDouble(r.nextLong());
            if (!Double.isFinite(d)) {
                continue;
            }
            String s = PyFloats.repr(d);
            assertEquals(d, Double.parseDouble(s), s);
            assertTrue(digits(s) <= digits(Double.toString(d)), s + " vs " + d);
        }
    }

    private static int digits(String s) {
        String mantissa = s.toLowerCase().split("e")[0].replace("-", "").replace(".", "");
        return mantissa.replaceAll("^0+", "").replaceAll("0+$", "").length();
    }
}
