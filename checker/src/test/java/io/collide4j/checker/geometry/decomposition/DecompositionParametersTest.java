package io.collide4j.checker.geometry.decomposition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class DecompositionParametersTest {
    @Test
    void defaultsAreVhacdDefaults() {
        DecompositionParameters p = DecompositionParameters.defaults();
        assertEquals(64, p.maxConvexHulls());
        assertEquals(400_000, p.resolution());
        assertEquals(1.0, p.minimumVolumePercentErrorAllowed());
        assertEquals(10, p.maxRecursionDepth());
        assertEquals(64, p.maxNumVerticesPerCH());
        assertTrue(p.shrinkWrap());
        assertEquals(2, p.minEdgeLength());
        assertEquals(0.0, p.maxVolumeExcess());
        assertEquals(p, p.toBuilder().build());
    }

    @Test
    void invalidValuesNameTheParameter() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> DecompositionParameters.builder().maxNumVerticesPerCH(3).build());
        assertTrue(
                e.getMessage().contains("maxNumVerticesPerCH") && e.getMessage().contains("3"), e.getMessage());
        e = assertThrows(
                IllegalArgumentException.class,
                () -> DecompositionParameters.builder()
                        .minimumVolumePercentErrorAllowed(Double.NaN)
                        .build());
        assertTrue(e.getMessage().contains("minimumVolumePercentErrorAllowed"), e.getMessage());
        assertThrows(
                IllegalArgumentException.class,
                () -> DecompositionParameters.builder().maxConvexHulls(0).build());
        assertThrows(
                IllegalArgumentException.class,
                () -> DecompositionParameters.builder().resolution(10).build());
        assertThrows(
                IllegalArgumentException.class,
                () -> DecompositionParameters.builder().threads(0).build());
        for (double bad : new double[] {-0.01, 10.5, Double.NaN, Double.POSITIVE_INFINITY}) {
            e = assertThrows(
                    IllegalArgumentException.class,
                    () -> DecompositionParameters.builder().maxVolumeExcess(bad).build());
            assertTrue(
                    e.getMessage().contains("maxVolumeExcess") && e.getMessage().contains("0..10"), e.getMessage());
        }
        assertEquals(
                10.0,
                DecompositionParameters.builder().maxVolumeExcess(10).build().maxVolumeExcess());
    }

    @Test
    void canonicalKeyIgnoresThreadsOnly() {
        DecompositionParameters p = DecompositionParameters.defaults();
        assertEquals(p.canonicalKey(), p.toBuilder().threads(1).build().canonicalKey());
        assertNotEquals(p.canonicalKey(), p.toBuilder().minEdgeLength(3).build().canonicalKey());
        assertNotEquals(
                p.canonicalKey(),
                p.toBuilder().minimumVolumePercentErrorAllowed(1.5).build().canonicalKey());
        assertNotEquals(
                p.canonicalKey(), p.toBuilder().maxVolumeExcess(0.1).build().canonicalKey());
    }
}
