package io.collide4j.checker.ccd.screw;

/**
 * Outcome of a D2M query between two meshes on {@link LtlrMotion}s over t in [0, 1].
 *
 * @param hit          true when a contact may happen in [0, 1]; false certifies none (up to the start pose, which
 *                     the caller checks: D2M tests surfaces, so a body already inside the other is not seen)
 * @param toc          time of contact: never later than the true first contact; in {@link D2mMode#FULL} the pair is
 *                     still about ε_d apart there. +Infinity when {@code !hit}
 * @param mode         the mode that ran
 * @param feature      what decided {@code toc} (null when {@code !hit})
 * @param featureA     vertex, face or edge index in mesh A (welded ids of {@link ScrewMesh}; for leaf spheres the
 *                     node); -1 when {@code !hit}
 * @param featureB     the same for mesh B
 * @param spherePairs  sphere pairs tested
 * @param leafPairs    leaf pairs reached
 * @param featurePairs feature pairs handed to the root finder
 * @param rootSteps    root finder iterations
 * @param budgetExhausted true when the step budget ran out: {@code toc} is still never later than the contact,
 *                     but may be early by more than ε_d
 */
public record D2mResult(
        boolean hit,
        double toc,
        D2mMode mode,
        ContactFeature feature,
        int featureA,
        int featureB,
        long spherePairs,
        long leafPairs,
        long featurePairs,
        long rootSteps,
        boolean budgetExhausted) {}
