package io.collide4j.planner.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class TicksTest {
    @Test
    void knownAxes() {
        assertEquals(List.of("0", "2", "4", "6"), labels(0, 7.5, 5));
        assertEquals(List.of("0", "0.01", "0.02", "0.03", "0.04"), labels(-0.001, 0.046, 5));
        assertEquals(List.of("0.1", "0.2", "0.3"), labels(0.1, 0.3, 2));
    }

    /**
     * On random ranges: every tick lies in [lo, hi], consecutive ticks are one step apart, the step is 1, 2 or 5 times
     * a power of ten, the labels are the values, and there are between 2 and 2.5 x target + 1 of them.
     */
    @Test
    void randomRangesGiveRoundEvenlySpacedTicksInside() {
        SplittableRandom r = new SplittableRandom(7);
        for (int i = 0; i < 20_000; i++) {
            double scale = Math.pow(10, r.nextInt(-6, 4));
            double lo = (r.nextDouble() - 0.5) * scale, hi = lo + (0.01 + r.nextDouble()) * scale;
            int target = r.nextInt(3, 8);
            List<Ticks.Tick> t = Ticks.between(lo, hi, target);
            assertTrue(t.size() >= 2 && t.size() <= 2.5 * target + 1, lo + ".." + hi + ": " + t);
            BigDecimal step = new BigDecimal(t.get(1).label())
                    .subtract(new BigDecimal(t.get(0).label()));
            BigDecimal mantissa =
                    step.stripTrailingZeros().unscaledValue().abs().equals(java.math.BigInteger.ONE)
                            ? BigDecimal.ONE
                            : new BigDecimal(step.stripTrailingZeros().unscaledValue());
            assertTrue(List.of("1", "2", "5").contains(mantissa.toPlainString()), "step " + step);
            for (int k = 0; k < t.size(); k++) {
                Ticks.Tick tk = t.get(k);
                assertEquals(Double.parseDouble(tk.label()), tk.value(), 0.0, tk.label());
                assertTrue(
                        tk.value() >= lo - 1e-12 * scale && tk.value() <= hi + 1e-12 * scale,
                        lo + ".." + hi + ": " + tk);
                if (k > 0) {
                    assertEquals(
                            0,
                            new BigDecimal(tk.label())
                                    .subtract(new BigDecimal(t.get(k - 1).label()))
                                    .compareTo(step));
                }
            }
        }
    }

    private static List<String> labels(double lo, double hi, int target) {
        return Ticks.between(lo, hi, target).stream().map(Ticks.Tick::label).toList();
    }
}
