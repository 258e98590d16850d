package io.collide4j.checker.robot;

import io.collide4j.urdf.ModelLimits;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * Per-body padding (Euclidean, metres: every point within {@code padding} of the body belongs to the
 * padded body) and scale (about each collision element's own origin). Only growth is accepted
 * (padding ≥ 0, scale ≥ 1), so a verdict "free" for the inflated model is free for the real one.
 * Immutable and thread-safe.
 */
public final class Inflation {
    private static final Inflation NONE = new Inflation(0, 1, Map.of(), Map.of());

    private final double defaultPadding;
    private final double defaultScale;
    private final Map<String, Double> padding;
    private final Map<String, Double> scale;

    private Inflation(
            double defaultPadding, double defaultScale, Map<String, Double> padding, Map<String, Double> scale) {
        this.defaultPadding = defaultPadding;
        this.defaultScale = defaultScale;
        this.padding = padding;
        this.scale = scale;
    }

    /** No padding, unit scale. */
    public static Inflation none() {
        return NONE;
    }

    public static Builder builder() {
        return new Builder();
    }

    public double padding(String body) {
        return padding.getOrDefault(body, defaultPadding);
    }

    public double scale(String body) {
        return scale.getOrDefault(body, defaultScale);
    }

    /** The bodies given their own padding (their names are checked against the robot when a model is built). */
    public Set<String> paddedBodies() {
        return padding.keySet();
    }

    /** The bodies given their own scale. */
    public Set<String> scaledBodies() {
        return scale.keySet();
    }

    /** Mutable, single-threaded builder. */
    public static final class Builder {
        private double defaultPadding;
        private double defaultScale = 1;
        private final Map<String, Double> padding = new HashMap<>();
        private final Map<String, Double> scale = new HashMap<>();

        public Builder defaultPadding(double p) {
            defaultPadding = checkPadding("default", p);
            return this;
        }

        public Builder defaultScale(double s) {
            defaultScale = checkScale("default", s);
            return this;
        }

        public Builder padding(String body, double p) {
            padding.put(body, checkPadding(body, p));
            return this;
        }

        public Builder scale(String body, double s) {
            scale.put(body, checkScale(body, s));
            return this;
        }

        public Inflation build() {
            return new Inflation(defaultPadding, defaultScale, Map.copyOf(padding), Map.copyOf(scale));
        }

        private static double checkPadding(String body, double p) {
            if (!(p >= 0) || !(p <= ModelLimits.MAX_LENGTH)) {
                throw new IllegalArgumentException("padding of '" + body
                        + "' must be >= 0 (the model may only grow) and at most " + ModelLimits.MAX_LENGTH
                        + " m (ModelLimits: larger sizes overflow in the narrow phase), got " + p);
            }
            return p;
        }

        private static double checkScale(String body, double s) {
            if (!(s >= 1) || !(s <= ModelLimits.MAX_SCALE)) {
                throw new IllegalArgumentException("scale of '" + body
                        + "' must be >= 1 (the model may only grow) and at most "
                        + ModelLimits.MAX_SCALE + " (ModelLimits: a scaled link must stay a size the narrow phase can"
                        + " evaluate), got " + s);
            }
            return s;
        }
    }
}
