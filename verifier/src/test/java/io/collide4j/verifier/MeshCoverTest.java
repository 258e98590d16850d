package io.collide4j.verifier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.urdf.TriangleMesh;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The cover tree's reading (lemma D1) on the unit right triangle (0,0,0), (1,0,0), (0,1,0) and a second triangle
 * (0,0,1), (2,0,1), (0,2,1) (its own piece): each split's pieces have the supports the split's geometry gives by hand, and every
 * malformed tree is refused naming the triangle and the token.
 */
class MeshCoverTest {
    static final TriangleMesh TWO = new TriangleMesh(
            new double[] {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 2, 0, 1, 0, 2, 1}, new int[] {0, 1, 2, 3, 4, 5});

    static MeshCover read(String tree, int pieces, List<String> problems) {
        return MeshCover.read(TWO, tree, pieces, "cover[0]", problems);
    }

    /** Upper bound of max w·x over piece j for the exact direction w. */
    static double support(MeshCover c, int j, double x, double y, double z) {
        return c.shape(j, 0).support(new Interval[] {Interval.point(x), Interval.point(y), Interval.point(z)});
    }

    @Test
    void aCutThroughACornerGivesEachHalfItsSide() {
        // e 0 0.5: M = P1 + 0.5(P2 - P1) = (0.5, 0.5); children (P0, P1, M) and (P0, M, P2)
        MeshCover c = read("e 0 0.5 0 1 2", 3, new ArrayList<>());
        assertNotNull(c);
        near(1, support(c, 0, 1, 0, 0));
        near(0.5, support(c, 0, 0, 1, 0));
        near(0.5, support(c, 1, 1, 0, 0));
        near(1, support(c, 1, 0, 1, 0));
        // the second triangle, whole in piece 2, at z = 1
        near(1, support(c, 2, 0, 0, 1));
        near(0, support(c, 0, 0, 0, 1));
        near(2, support(c, 2, 1, 1, 0));
    }

    @Test
    void aCornerCutAndAMidpointSplitPlaceTheirPoints() {
        // c 0 0.5 0.5: M = (0.5, 0), N = (0, 0.5); (P0, M, N) to piece 0, the rest to piece 1
        MeshCover c = read("c 0 0.5 0.5 0 1 1 2", 3, new ArrayList<>());
        near(0.5, support(c, 0, 1, 1, 0));
        near(-0.5, support(c, 1, -1, -1, 0));
        near(1, support(c, 1, 1, 1, 0));
        // m: corner children hold half-size copies; the corner-0 child is (0,0), (0.5,0), (0,0.5)
        c = read("m 0 1 1 1 2", 3, new ArrayList<>());
        near(0.5, support(c, 0, 1, 1, 0));
        near(0, support(c, 0, -1, -1, 0));
        near(-0.5, support(c, 1, -1, -1, 0));
        // a cut at T = 0.3 (not a dyadic number): the point is enclosed, its enclosure's slack is tiny
        c = read("e 0 0.3 0 1 2", 3, new ArrayList<>());
        near(0.3, support(c, 0, 0, 1, 0));
    }

    /** An upper bound (lemma D1 encloses the corners outward) within 1e-14 of the exact support. */
    static void near(double exact, double bound) {
        assertTrue(bound >= exact && bound <= exact + 1e-14, bound + " bounds " + exact);
    }

    @Test
    void malformedTreesAreRefusedNamingTheTriangle() {
        refused("0", "cover[0] triangle 1: has no patches: the tree ends after 1 of the mesh's 2 triangles");
        refused("0 1 1", "cover[0] triangle 1: the tree goes on after the mesh's 2 triangles, at token 2 '1'");
        refused("0*3", "cover[0] triangle 0: a run of 3 triangles passes the mesh's last triangle 1");
        refused("m 0 1 1", "cover[0] triangle 0: the tree ends inside the triangle's splits");
        refused("e 3 0.5 0 1 1", "cover[0] triangle 0: token 1 '3': a cut's corner must be 0, 1 or 2");
        refused(
                "e 0 -0.5 0 1 1",
                "cover[0] triangle 0: token 2 '-0.5': a cut's parameter must be a plain decimal in [0, 1]");
        refused(
                "e 0 NaN 0 1 1",
                "cover[0] triangle 0: token 2 'NaN': a cut's parameter must be a plain decimal in [0, 1]");
        refused(
                "e 0 0x1p-1 0 1 1",
                "cover[0] triangle 0: token 2 '0x1p-1': a cut's parameter must be a plain decimal in" + " [0, 1]");
        refused("2 1", "cover[0] triangle 0: piece 2 is not one of the element's 2 DECOMPOSED pieces");
        refused(
                "m 0*2 1 1 1 1",
                "cover[0] triangle 0: token 1 '0*2' is not a piece number, m, c or e (a run only stands"
                        + " for whole triangles)");
        refused("0  1", "cover[0] triangle 1: token 1 '' is not a piece number, m, c or e");
        refused("01 1", "cover[0] triangle 0: token 0 '01' is not a piece number, m, c or e");
        refused(
                "m ".repeat(MeshCover.MAX_DEPTH + 1) + "0",
                "cover[0] triangle 0: splits deeper than " + MeshCover.MAX_DEPTH);
    }

    private static void refused(String tree, String message) {
        List<String> problems = new ArrayList<>();
        assertNull(read(tree, 2, problems), tree);
        assertEquals(List.of(message), problems, tree);
    }
}
