package io.collide4j.checker.narrowphase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.geometry.ConvexShape;
import io.collide4j.checker.geometry.Shapes;
import org.joml.Matrix4d;
import org.junit.jupiter.api.Test;

/** Classic degenerate and touching contacts (issue 4), each with an analytic answer. */
class NarrowPhaseReproducerTest {
    private final Gjk gjk = new Gjk();
    private final Epa epa = new Epa();
    private final Mpr mpr = new Mpr();
    private final DistanceResult dr = new DistanceResult();
    private final PenetrationResult pr = new PenetrationResult();

    private static Matrix4d at(double x, double y, double z) {
        return new Matrix4d().translation(x, y, z);
    }

    /** Checks all algorithms against a signed distance s (negative = penetration depth) known analytically. */
    private void check(
            ConvexShape a,
            Matrix4d pa,
            ConvexShape b,
            Matrix4d pb,
            double signedDistance,
            double tol,
            boolean mprDepthExact) {
        gjk.distance(a, pa, b, pb, dr);
        assertTrue(
                dr.lowerBound <= Math.max(signedDistance, 0),
                "lower bound " + dr.lowerBound + " above " + signedDistance);
        boolean intersects = gjk.intersects(a, pa, b, pb);
        boolean mprHit = mpr.intersects(a, pa, b, pb);
        if (signedDistance <= 0) {
            assertTrue(intersects, "GJK boolean missed a contact");
            assertTrue(mprHit, "MPR missed a contact");
            assertEquals(0, dr.lowerBound);
        }
        if (signedDistance > tol) {
            assertFalse(intersects, "GJK boolean: separated by " + signedDistance);
            assertFalse(mprHit, "MPR: separated by " + signedDistance);
            assertEquals(signedDistance, dr.distance, tol);
            assertTrue(dr.lowerBound >= signedDistance - tol, "lower bound not tight: " + dr.lowerBound);
        }
        if (signedDistance < -tol) {
            epa.penetration(a, pa, b, pb, pr);
            assertTrue(pr.intersecting);
            assertEquals(-signedDistance, pr.depth, tol, "EPA depth");
            assertTrue(pr.depthLower <= -signedDistance + tol && pr.depthUpper >= -signedDistance - tol);
            mpr.penetration(a, pa, b, pb, pr);
            assertTrue(pr.intersecting);
            if (mprDepthExact) {
                assertEquals(-signedDistance, pr.depth, tol, "MPR depth");
            } else {
                assertTrue(pr.depth >= -signedDistance - tol, "MPR depth below the minimal translation");
            }
        }
        if (Math.abs(signedDistance) <= tol) {
            epa.penetration(a, pa, b, pb, pr);
            assertTrue(pr.depth <= tol + 1e-12, "touching contact with depth " + pr.depth);
            assertTrue(Double.isFinite(pr.normal.x + pr.normal.y + pr.normal.z), "NaN normal");
        }
    }

    @Test
    void stackedIdenticalCubesFaceToFace() {
        ConvexShape cube = Shapes.box(0.5, 0.5, 0.5);
        check(cube, at(0, 0, 0), cube, at(0, 0, 1), 0, 1e-12, true);
        check(cube, at(0, 0, 0), cube, at(0, 0, 1 + 1e-9), 1e-9, 1e-13, true);
        check(cube, at(0, 0, 0), cube, at(0, 0, 1 - 1e-9), -1e-9, 1e-13, true);
        check(cube, at(0, 0, 0), cube, at(0.3, -0.2, 1 - 1e-3), -1e-3, 1e-12, false);
        check(cube, at(0, 0, 0), cube, at(0, 0, 1.25), 0.25, 1e-12, true);
    }

    @Test
    void boxCylinderTouching() {
        ConvexShape box = Shapes.box(1, 1, 0.5), cyl = Shapes.cylinder(0.5, 0.5);
        check(box, at(0, 0, 0), cyl, at(0.2, 0.1, 1.0), 0, 1e-12, true); // standing on the top face
        check(box, at(0, 0, 0), cyl, at(0.2, 0.1, 1.0 + 1e-8), 1e-8, 1e-12, true);
        Matrix4d lying = new Matrix4d().translation(0, 0, 1.0).rotateX(Math.PI / 2);
        check(box, at(0, 0, 0), cyl, lying, 0, 1e-12, true); // lying on it, line contact
        check(
                box,
                at(0, 0, 0),
                cyl,
                new Matrix4d().translation(0, 0, 1.0 - 1e-4).rotateX(Math.PI / 2),
                -1e-4,
                1e-9,
                false);
        check(box, at(0, 0, 0), cyl, new Matrix4d(lying).translateLocal(0, 0, 0.1), 0.1, 1e-9, true);
    }

    @Test
    void sphereInsideBoxAndCoincidentCentres() {
        ConvexShape box = Shapes.box(1, 1, 1), ball = Shapes.sphere(0.2);
        check(box, at(0, 0, 0), ball, at(0.1, 0, 0), -1.1, 1e-9, true); // deepest along +x: 0.2 + 0.9
        check(box, at(0, 0, 0), ball, at(0, 0, 0), -1.2, 1e-9, false); // coincident centres
        check(ball, at(1, 2, 3), Shapes.sphere(0.3), at(1, 2, 3), -0.5, 1e-9, true);
        ConvexShape cube = Shapes.box(0.5, 0.5, 0.5);
        check(cube, at(0, 0, 0), cube, at(0, 0, 0), -1.0, 1e-9, false);
    }

    @Test
    void veryThinBoxes() {
        ConvexShape thin = Shapes.box(1, 1, 1e-6);
        check(thin, at(0, 0, 0), thin, at(0.5, 0.5, 2e-6 + 1e-7), 1e-7, 1e-12, true);
        check(thin, at(0, 0, 0), thin, at(0.5, 0.5, 2e-6 - 1e-7), -1e-7, 1e-12, false);
        // crossing at right angles through each other
        Matrix4d crossed = new Matrix4d().rotateX(Math.PI / 2);
        check(
                thin,
                at(0, 0, 0),
                thin,
                crossed,
                -(1 + 1e-6),
                1e-11,
                false); // A ⊖ B has half extents (2, 1+1e-6, 1+1e-6)
    }

    @Test
    void scalesFrom1em4To1e3() {
        for (double s : new double[] {1e-4, 1e-2, 1, 1e2, 1e3}) {
            ConvexShape a = Shapes.sphere(s), b = Shapes.box(s, 2 * s, 0.5 * s), c = Shapes.capsule(0.5 * s, s);
            check(a, at(s * 10, 0, 0), a, at(s * 10, 3 * s, 0), s, 1e-9 * s, true);
            check(a, at(0, 0, 0), b, at(0, 0, 2 * s), 0.5 * s, 1e-9 * s, true);
            check(a, at(0, 0, 0), b, at(0, 0, 1.25 * s), -0.25 * s, 1e-9 * s, true);
            check(c, at(0, 0, 0), c, at(0.75 * s, 0, 0), -0.25 * s, 1e-9 * s, false);
            check(c, at(0, 0, 0), c, at(s * 1.5, 0, 0), 0.5 * s, 1e-9 * s, true);
        }
    }
}
