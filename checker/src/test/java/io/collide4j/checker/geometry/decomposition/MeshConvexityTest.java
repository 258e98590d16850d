package io.collide4j.checker.geometry.decomposition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.urdf.TriangleMesh;
import org.junit.jupiter.api.Test;

/** Convexity and hull excess against volumes worked out by hand. */
class MeshConvexityTest {
    @Test
    void boxIsConvexWithNoExcess() {
        MeshConvexity c = MeshConvexity.of(DecomposerTest.box(2, 3, 4));
        assertTrue(c.closed() && c.convex());
        assertEquals(24, c.meshVolume(), 1e-12);
        assertEquals(1, c.hullExcess(), 1e-12);
    }

    @Test
    void dentedCubeHasTheHandComputedExcess() {
        // unit cube with corner (1,1,1) pushed to the centre: the hull loses the corner tetrahedron under the plane
        // x+y+z = 2 (volume 1/6) -> 5/6; the mesh also loses the dent tetrahedron (1,1,0),(1,0,1),(0,1,1),(½,½,½)
        // (volume 1/12) -> 3/4; excess (5/6)/(3/4) = 10/9
        TriangleMesh box = DecomposerTest.box(1, 1, 1);
        double[] v = box.copyVertices();
        v[21] = v[22] = v[23] = 0.5;
        MeshConvexity c = MeshConvexity.of(new TriangleMesh(v, box.copyTriangles()));
        assertTrue(c.closed());
        assertFalse(c.convex());
        assertEquals(0.75, c.meshVolume(), 1e-12);
        assertEquals(5.0 / 6, c.hullVolume(), 1e-12);
        assertEquals(10.0 / 9, c.hullExcess(), 1e-12);
    }

    @Test
    void openMeshHasNoVolume() {
        TriangleMesh box = DecomposerTest.box(1, 1, 1);
        int[] t = java.util.Arrays.copyOf(box.copyTriangles(), 33); // one triangle dropped
        MeshConvexity c = MeshConvexity.of(new TriangleMesh(box.copyVertices(), t));
        assertFalse(c.closed() || c.convex());
        assertTrue(Double.isNaN(c.hullExcess()));
    }
}
