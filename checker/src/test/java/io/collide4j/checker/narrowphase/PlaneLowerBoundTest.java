package io.collide4j.checker.narrowphase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.geometry.ConvexShape;
import io.collide4j.checker.geometry.Shapes;
import java.util.Random;
import org.joml.Matrix4d;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * {@link Gjk#planeLowerBound}, the one-plane bound the boolean advancement re-checks a pair's last separating plane
 * with, against analytic support functions: for a unit direction n from B towards A, the plane bound of two convex
 * sets is max(0, min over A of n·a − max over B of n·b), which for spheres is (c_A − c_B)·n − r_A − r_B and for boxes
 * (c_A − c_B)·n − Σ_i |n·e_i| h_i over both boxes' axes e_i and half extents h_i. Never above the true distance; equal
 * to it along the true separating direction.
 */
class PlaneLowerBoundTest {
    private static final double TOL = 1e-12;

    @Test
    void spheresAlongRandomDirectionsMatchTheAnalyticPlane() {
        Random r = new Random(3);
        Gjk gjk = new Gjk();
        for (int i = 0; i < 2000; i++) {
            double ra = 0.05 + 0.3 * r.nextDouble(), rb = 0.05 + 0.3 * r.nextDouble();
            Vector3d ca = randomPoint(r, 1.5), cb = randomPoint(r, 1.5);
            Vector3d n = randomUnit(r);
            ConvexShape a = Shapes.sphere(ra), b = Shapes.sphere(rb);
            Matrix4d pa = new Matrix4d().translation(ca), pb = new Matrix4d().translation(cb);
            double got = gjk.planeLowerBound(a, pa, b, pb, n.x, n.y, n.z);
            double plane = Math.max(0, new Vector3d(ca).sub(cb).dot(n) - ra - rb);
            double exact = Math.max(0, ca.distance(cb) - ra - rb);
            assertTrue(got <= exact + TOL, "above the distance: " + got + " > " + exact);
            assertEquals(plane, got, TOL, "sphere pair " + i);
            // any positive multiple of the direction is the same plane
            assertEquals(got, gjk.planeLowerBound(a, pa, b, pb, 7 * n.x, 7 * n.y, 7 * n.z), TOL);
        }
    }

    @Test
    void spheresAlongTheCentreLineGiveTheDistance() {
        Gjk gjk = new Gjk();
        Matrix4d pa = new Matrix4d().translation(1.0, 0.5, -0.25), pb = new Matrix4d().translation(-0.2, 0.1, 0.3);
        Vector3d d = new Vector3d(1.2, 0.4, -0.55);
        double got = gjk.planeLowerBound(Shapes.sphere(0.2), pa, Shapes.sphere(0.3), pb, d.x, d.y, d.z);
        assertEquals(d.length() - 0.5, got, TOL);
    }

    @Test
    void rotatedBoxesMatchTheAnalyticPlaneAndStayBelowTheDistance() {
        Random r = new Random(5);
        Gjk gjk = new Gjk();
        DistanceResult full = new DistanceResult();
        int separated = 0;
        for (int i = 0; i < 2000; i++) {
            double[] ha = {0.05 + 0.3 * r.nextDouble(), 0.05 + 0.3 * r.nextDouble(), 0.05 + 0.3 * r.nextDouble()};
            double[] hb = {0.05 + 0.3 * r.nextDouble(), 0.05 + 0.3 * r.nextDouble(), 0.05 + 0.3 * r.nextDouble()};
            Matrix4d pa = new Matrix4d().translationRotate(randomPoint(r, 1.5), randomRotation(r));
            Matrix4d pb = new Matrix4d().translationRotate(randomPoint(r, 1.5), randomRotation(r));
            ConvexShape a = Shapes.box(ha[0], ha[1], ha[2]), b = Shapes.box(hb[0], hb[1], hb[2]);
            Vector3d n = randomUnit(r);
            double got = gjk.planeLowerBound(a, pa, b, pb, n.x, n.y, n.z);
            double plane = pa.getTranslation(new Vector3d())
                            .sub(pb.getTranslation(new Vector3d()))
                            .dot(n)
                    - boxExtent(pa, ha, n)
                    - boxExtent(pb, hb, n);
            assertEquals(Math.max(0, plane), got, 1e-9, "box pair " + i);
            gjk.distance(a, pa, b, pb, full);
            if (full.distance > 0) {
                separated++;
                // the plane bound is a lower bound on the distance (GJK's estimate is an upper bound on it)
                assertTrue(got <= full.distance + 1e-9, "above the distance: " + got + " > " + full.distance);
                // along GJK's own normal (from A towards B, so negated) the plane gives about the distance
                double along = gjk.planeLowerBound(a, pa, b, pb, -full.normal.x, -full.normal.y, -full.normal.z);
                assertEquals(full.distance, along, 1e-6 * Math.max(1, full.distance), "box pair " + i);
            }
        }
        assertTrue(separated > 200, "too few separated pairs to test: " + separated);
    }

    @Test
    void zeroOrNonFiniteDirectionsCertifyNothing() {
        Gjk gjk = new Gjk();
        Matrix4d pa = new Matrix4d().translation(2, 0, 0), pb = new Matrix4d();
        ConvexShape s = Shapes.sphere(0.5);
        assertEquals(0, gjk.planeLowerBound(s, pa, s, pb, 0, 0, 0));
        assertEquals(0, gjk.planeLowerBound(s, pa, s, pb, Double.NaN, 1, 0));
        assertEquals(0, gjk.planeLowerBound(s, pa, s, pb, Double.POSITIVE_INFINITY, 0, 0));
        // pointing the wrong way (from A towards B): that plane separates nothing
        assertEquals(0, gjk.planeLowerBound(s, pa, s, pb, -1, 0, 0));
        assertEquals(1, gjk.planeLowerBound(s, pa, s, pb, 1, 0, 0), TOL);
    }

    /** Half-width of the placed box along unit n: Σ_i |n·(R e_i)| h_i. */
    private static double boxExtent(Matrix4d pose, double[] h, Vector3d n) {
        double sum = 0;
        for (int i = 0; i < 3; i++) {
            Vector3d axis = pose.getColumn(i, new Vector3d());
            sum += Math.abs(axis.dot(n)) * h[i];
        }
        return sum;
    }

    private static Vector3d randomPoint(Random r, double size) {
        return new Vector3d(
                size * (2 * r.nextDouble() - 1), size * (2 * r.nextDouble() - 1), size * (2 * r.nextDouble() - 1));
    }

    private static Vector3d randomUnit(Random r) {
        Vector3d v = new Vector3d(r.nextGaussian(), r.nextGaussian(), r.nextGaussian());
        return v.normalize();
    }

    private static Quaterniond randomRotation(Random r) {
        return new Quaterniond(r.nextGaussian(), r.nextGaussian(), r.nextGaussian(), r.nextGaussian()).normalize();
    }
}
