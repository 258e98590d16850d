package io.collide4j.planner.bench;

import org.joml.Matrix4d;

/**
 * One stored pair configuration: pair index, scenario, bucket (percent of A's AABB size), the lattice indices of
 * the sphere method's pose (see {@link Lattice}), the distance s of B's reference point from A's along the ray, and
 * the target: for Scenario I the exact distance between the solids, for II the penetration along the approach ray
 * (both in metres; exact-oracle values at this very pose).
 */
public record PairConfiguration(
        int pair,
        Scenario scenario,
        int bucket,
        int iPhiA,
        int iThetaA,
        int iPhiB,
        int iThetaB,
        int iPsiB,
        double s,
        double target) {

    /** Pose of B in A's frame. */
    public Matrix4d pose(BenchBody a, BenchBody b, Matrix4d dest) {
        return scenario.lattice().pose(a, b, iPhiA, iThetaA, iPhiB, iThetaB, iPsiB, s, dest);
    }
}
