package io.collide4j.planner;

/**
 * <b>NOT certified</b> — the classic sampled motion check, kept only to compare against
 * {@link CertifiedMotionValidator}: states are checked every {@code resolution} (joint-space Euclidean
 * distance) along q0 → q1, endpoints included, and anything between the samples is never looked at,
 * so a thin obstacle or a fast-moving link can pass between two samples and a colliding motion can be
 * reported valid. Each sampled state is certified by {@link Collide4j#isValid}. Thread-safe; counts
 * into the façade's {@link ValidityCounters} as one motion.
 */
public final class SampledMotionValidator implements MotionValidator {
    private final Collide4j c;
    private final double resolution;

    SampledMotionValidator(Collide4j c, double resolution) {
        if (!(resolution > 0) || !Double.isFinite(resolution)) {
            throw new IllegalArgumentException("resolution must be finite and > 0, got " + resolution);
        }
        this.c = c;
        this.resolution = resolution;
    }

    public double resolution() {
        return resolution;
    }

    @Override
    public boolean checkMotion(double[] q0, double[] q1) {
        return checkMotionWithLastValid(q0, q1).valid();
    }

    /** The last sample that passed (fraction of the segment); states between samples are unchecked. */
    @Override
    public MotionCheck checkMotionWithLastValid(double[] q0, double[] q1) {
        long t0 = System.nanoTime();
        double len = 0;
        for (int i = 0; i < q0.length; i++) {
            len += (q1[i] - q0[i]) * (q1[i] - q0[i]);
        }
        int steps = Math.max(1, (int) Math.ceil(Math.sqrt(len) / resolution));
        double last = -1;
        boolean ok = true;
        double[] q = new double[q0.length];
        for (int k = 0; k <= steps; k++) {
            double f = (double) k / steps;
            for (int i = 0; i < q.length; i++) {
                q[i] = k == steps ? q1[i] : q0[i] + f * (q1[i] - q0[i]);
            }
            if (!c.isValid(q)) {
                ok = false;
                break;
            }
            last = f;
        }
        c.counters().motion(ok, false, System.nanoTime() - t0, 0);
        return new MotionCheck(ok, Math.max(last, 0), CertifiedMotionValidator.interpolate(q0, q1, Math.max(last, 0)));
    }
}
