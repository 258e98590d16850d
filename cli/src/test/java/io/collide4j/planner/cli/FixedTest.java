package io.collide4j.planner.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class FixedTest {
    @Test
    void fixedNotationWithFourSignificantDigits() {
        assertEquals("0.07323", Fixed.of(0.07323299999999999));
        assertEquals("0.7499", Fixed.of(7.499E-1));
        assertEquals("0.0000008786", Fixed.of(8.786e-7));
        assertEquals("12350", Fixed.of(12345.678));
        assertEquals("7.5", Fixed.of(7.5));
        assertEquals("-0.01309", Fixed.of(-0.013094));
        assertEquals("0", Fixed.of(0));
        assertEquals("inf", Fixed.of(Double.POSITIVE_INFINITY));
        assertEquals("NaN", Fixed.of(Double.NaN));
        assertEquals("[0.1, -2.356, 0.0000001]", Fixed.vector(0.1, -2.356, 1e-7));
        assertEquals("0.01", Fixed.exact(0.01));
        assertEquals("0.0000009", Fixed.exact(9e-7));
        assertEquals("0.0051", Fixed.below(0.005163999, 2));
        assertEquals("0.000000000001", Fixed.upperBound(1e-12));
        assertEquals("0.02501", Fixed.upperBound(0.0250001));
    }

    /** A printed lower bound, read back as a double (as verify --margin reads it), is never above the bound. */
    @Test
    void aPrintedLowerBoundReadsBackAsNoMoreThanTheBound() {
        SplittableRandom r = new SplittableRandom(33);
        for (int i = 0; i < 100_000; i++) {
            double x = (r.nextDouble() - 0.3) * Math.pow(10, r.nextInt(-9, 4));
            String s = Fixed.lowerBound(x);
            assertTrue(Double.parseDouble(s) <= x, x + " printed as " + s);
            assertTrue(!s.contains("E") && !s.contains("e"), s);
        }
    }
}
