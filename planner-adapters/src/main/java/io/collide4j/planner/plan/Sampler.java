package io.collide4j.planner.plan;

/** How RRT-Connect draws its random configurations ({@link PlanRequest#sampler}). */
public enum Sampler {
    /** Independent uniform samples from the request's seeded random generator. */
    UNIFORM,
    /** The {@link HaltonSequence}, restarted per request from point {@code seed} (as VAMP samples). */
    HALTON
}
