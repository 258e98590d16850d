package io.collide4j.planner.cli;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * Axis ticks at round values: the multiples of a step of 1, 2 or 5 times a power of ten that fall in [lo, hi], the
 * step chosen so that about {@code target} ticks fit (the usual "nice numbers" rule for plot axes, after Heckbert,
 * Graphics Gems, 1990). Labels are exact decimals (0.3, never 0.30000000000000004); stateless.
 */
final class Ticks {
    /** One tick: where it goes and what it says. */
    record Tick(double value, String label) {}

    private Ticks() {}

    /** Round ticks in [lo, hi] (lo < hi, both finite), at least two, about {@code target}. */
    static List<Tick> between(double lo, double hi, int target) {
        double raw = (hi - lo) / Math.max(1, target);
        int exponent = (int) Math.floor(Math.log10(raw));
        double base = Math.pow(10, exponent);
        int m = raw <= base ? 1 : raw <= 2 * base ? 2 : raw <= 5 * base ? 5 : 10;
        List<Tick> out = ticks(lo, hi, BigDecimal.valueOf(m).scaleByPowerOfTen(exponent));
        // a range just wider than one step can hold a single multiple: the next smaller round step holds two
        while (out.size() < 2) {
            exponent -= m == 1 ? 1 : 0; // 10, 5, 2, 1 times 10^e, then 5 times 10^(e-1)
            m = m == 10 ? 5 : m == 5 ? 2 : m == 2 ? 1 : 5;
            out = ticks(lo, hi, BigDecimal.valueOf(m).scaleByPowerOfTen(exponent));
        }
        return out;
    }

    private static List<Tick> ticks(double lo, double hi, BigDecimal step) {
        double s = step.doubleValue();
        List<Tick> out = new ArrayList<>();
        for (long k = (long) Math.ceil(lo / s); k * s <= hi * (1 + 1e-12) + 1e-300; k++) {
            BigDecimal v = step.multiply(BigDecimal.valueOf(k));
            out.add(new Tick(v.doubleValue(), v.stripTrailingZeros().toPlainString()));
        }
        return out;
    }
}
