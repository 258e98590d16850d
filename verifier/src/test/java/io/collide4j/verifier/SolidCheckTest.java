package io.collide4j.verifier;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Lemma D2's interior test: four points off one plane make a full-dimensional hull, coplanar ones do not. */
class SolidCheckTest {
    @Test
    void aTetrahedronHasInteriorPointsAFlatSetDoesNot() {
        assertTrue(SolidCheck.fullDimensional(new double[] {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1}));
        // a square and its centre, all at z = 0.3: flat, whatever the order
        assertFalse(
                SolidCheck.fullDimensional(new double[] {0, 0, 0.3, 1, 0, 0.3, 1, 1, 0.3, 0, 1, 0.3, 0.5, 0.5, 0.3}));
        // a tilted plane x + y + z = 1 through non-dyadic points: the interval determinant may not exclude 0, never
        // claims a volume that is not there
        assertFalse(SolidCheck.fullDimensional(new double[] {1, 0, 0, 0, 1, 0, 0, 0, 1, 0.1, 0.2, 0.7, 0.3, 0.3, 0.4}));
        // three points: no volume
        assertFalse(SolidCheck.fullDimensional(new double[] {0, 0, 0, 1, 0, 0, 0, 1, 0}));
        // a thin but real slab: 1e-9 thick
        assertTrue(SolidCheck.fullDimensional(new double[] {0, 0, 0, 1, 0, 0, 0, 1, 0, 0.2, 0.2, 1e-9}));
    }
}
