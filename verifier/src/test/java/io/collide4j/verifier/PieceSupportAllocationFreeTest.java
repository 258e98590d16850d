package io.collide4j.verifier;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link Piece#sup} on bare bounds in per-thread scratch gives, bit for bit, the bound it gave when it was written
 * with {@link Interval} records (the formula below, kept here as the oracle, including the hull's support as lemma
 * S2a states it): frames with exact 0 and 1 entries (add's and mul's shortcuts), turned and composed frames (wide
 * enclosures), normals with zero and negative components, slack and scale.
 */
class PieceSupportAllocationFreeTest {

    @Test
    void supportEqualsTheIntervalFormulaBitForBit() {
        Random random = new Random(31);
        int compared = 0;
        for (int trial = 0; trial < 3000; trial++) {
            Frame owner = frame(random);
            Frame origin = frame(random);
            double[] xyz = new double[3 * (1 + random.nextInt(12))];
            for (int i = 0; i < xyz.length; i++) {
                xyz[i] = random.nextGaussian() * 0.2;
            }
            Shape.Points shape = new Shape.Points(xyz, random.nextBoolean() ? 0 : 1e-9 * random.nextInt(5));
            double scale = random.nextBoolean() ? 1 : 1 + random.nextDouble() * 0.1;
            double padding = random.nextBoolean() ? 0 : random.nextDouble() * 0.01;
            Piece p = new Piece("l", true, 0, origin, shape, scale, padding);
            double[] n = normal(random);
            assertEquals(
                    Double.doubleToRawLongBits(oracle(p, owner, n)),
                    Double.doubleToRawLongBits(p.sup(owner, n)),
                    () -> "trial with normal " + java.util.Arrays.toString(n));
            compared++;
        }
        assertEquals(3000, compared);
    }

    private static Frame frame(Random random) {
        Interval[] xyz = {point(random, 0.3), point(random, 0.3), point(random, 0.3)};
        Frame f = switch (random.nextInt(4)) {
            case 0 -> Frame.IDENTITY;
            case 1 -> Frame.origin(xyz, new Interval[] {Interval.ZERO, Interval.ZERO, Interval.ZERO});
            case 2 -> Frame.origin(xyz, new Interval[] {point(random, 3), point(random, 3), point(random, 3)});
            default -> Frame.origin(xyz, new Interval[] {Interval.ZERO, Interval.ZERO, point(random, 3)});
        };
        if (random.nextInt(3) == 0) { // an enclosure wider than one ulp, as the kinematics makes
            Interval[] axis = {Interval.ZERO, Interval.ZERO, Interval.ONE};
            f = f.compose(Frame.rotation(axis, new Interval(0.3, 0.3 + random.nextDouble() * 0.01)));
        }
        return f;
    }

    private static Interval point(Random random, double size) {
        return Interval.point((random.nextDouble() * 2 - 1) * size);
    }

    private static double[] normal(Random random) {
        double[] n = new double[3];
        if (random.nextInt(3) == 0) {
            n[random.nextInt(3)] = random.nextBoolean() ? 1 : -1;
            return n;
        }
        for (int i = 0; i < 3; i++) {
            n[i] = random.nextInt(5) == 0 ? 0 : random.nextGaussian();
        }
        return n;
    }

    /** The bound as Piece.sup computed it with Interval records (before the scratch arrays). */
    private static double oracle(Piece p, Frame ownerFrame, double[] n) {
        Interval[] dir = {Interval.point(n[0]), Interval.point(n[1]), Interval.point(n[2])};
        Interval[] w = ownerFrame.toLocal(dir);
        Interval offset = ownerFrame
                .t(0)
                .mul(n[0])
                .add(ownerFrame.t(1).mul(n[1]))
                .add(ownerFrame.t(2).mul(n[2]))
                .add(p.origin().t(0).mul(w[0]))
                .add(p.origin().t(1).mul(w[1]))
                .add(p.origin().t(2).mul(w[2]));
        double h = hullSupport((Shape.Points) p.shape(), p.origin().toLocal(w));
        double hs = Math.max(h, Interval.up(p.scale() * h));
        double pad = Interval.up(p.padding() * Shape.norm(dir[0], dir[1], dir[2]));
        return Interval.up(Interval.up(offset.hi() + hs) + pad);
    }

    /** Lemma S2a's bound on Interval records, as Shape.Points computed it. */
    private static double hullSupport(Shape.Points pts, Interval[] w) {
        double ax = w[0].lo(), bx = w[0].hi(), ay = w[1].lo(), by = w[1].hi(), az = w[2].lo(), bz = w[2].hi();
        double best = Double.NEGATIVE_INFINITY;
        double[] v = pts.xyz();
        double mx = 0, my = 0, mz = 0;
        for (int i = 0; i < v.length; i += 3) {
            double x = v[i], y = v[i + 1], z = v[i + 2];
            best = Math.max(best, Math.max(ax * x, bx * x) + Math.max(ay * y, by * y) + Math.max(az * z, bz * z));
            mx = Math.max(mx, Math.abs(x));
            my = Math.max(my, Math.abs(y));
            mz = Math.max(mz, Math.abs(z));
        }
        double scale = Interval.up(Interval.up(Interval.up(w[0].mag() * mx) + Interval.up(w[1].mag() * my))
                + Interval.up(w[2].mag() * mz));
        double rounding = Interval.up(Interval.up(0x1p-51 * scale) + 3 * Double.MIN_VALUE);
        best = Interval.up(best + rounding);
        if (pts.slack() == 0) {
            return best;
        }
        double l1 = Interval.up(Interval.up(w[0].mag() + w[1].mag()) + w[2].mag());
        return Interval.up(best + Interval.up(pts.slack() * l1));
    }
}
