package io.collide4j.checker.ccd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.testutil.ExactDistance;
import io.collide4j.kinematics.RigidMotion;
import io.collide4j.kinematics.ScrewMotion;
import java.util.Random;
import org.joml.Matrix4d;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** Rigid-motion primitive CCD against dense sampling with an exact static distance oracle. */
class RigidTightInclusionTest {

    static Matrix4d randomPose(Random rnd, double spread) {
        Vector3d axis = new Vector3d(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian()).normalize();
        return new Matrix4d()
                .translation(
                        spread * (rnd.nextDouble() - 0.5),
                        spread * (rnd.nextDouble() - 0.5),
                        spread * (rnd.nextDouble() - 0.5))
                .rotate(rnd.nextDouble() * Math.PI, axis);
    }

    static double[] world(Matrix4d m, double[] local, int v) {
        Vector3d p = m.transformPosition(local[3 * v], local[3 * v + 1], local[3 * v + 2], new Vector3d());
        return new double[] {p.x, p.y, p.z};
    }

    static double staticDistance(
            CcdKind kind, RigidMotion a, RigidMotion b, double[] local, double s, Matrix4d ma, Matrix4d mb) {
        a.pose(s, ma);
        b.pose(s, mb);
        if (kind == CcdKind.VERTEX_FACE) {
            return ExactDistance.pointTriangle(
                    world(ma, local, 0), world(mb, local, 1), world(mb, local, 2), world(mb, local, 3));
        }
        return ExactDistance.segmentSegment(
                world(ma, local, 0), world(ma, local, 1), world(mb, local, 2), world(mb, local, 3));
    }

    @Test
    void neverLaterThanTheFirstSampledContact() {
        Random rnd = new Random(2024);
        double d = 0.02;
        RigidTightInclusion solver =
                new RigidTightInclusion(TightInclusion.builder().margin(d).build(), 1e-3, 16);
        RigidTightInclusion.Scratch scratch = new RigidTightInclusion.Scratch();
        Matrix4d ma = new Matrix4d(), mb = new Matrix4d();
        int samples = 1500, contacts = 0, reported = 0, queries = 300;
        for (int q = 0; q < queries; q++) {
            CcdKind kind = q % 2 == 0 ? CcdKind.VERTEX_FACE : CcdKind.EDGE_EDGE;
            RigidMotion a = new ScrewMotion(randomPose(rnd, 0.6), randomPose(rnd, 0.6));
            RigidMotion b = new ScrewMotion(randomPose(rnd, 0.6), randomPose(rnd, 0.6));
            double[] local = new double[12];
            for (int i = 0; i < 12; i++) {
                local[i] = 0.4 * (rnd.nextDouble() * 2 - 1);
            }
            RigidCcdResult r = solver.solve(kind, a, b, local, scratch);
            double firstContact = Double.POSITIVE_INFINITY;
            for (int k = 0; k <= samples; k++) {
                double s = (double) k / samples;
                // Euclidean distance below d implies L∞ distance below d: a contact the solver must report
                if (staticDistance(kind, a, b, local, s, ma, mb) < d * (1 - 1e-9)) {
                    firstContact = s;
                    break;
                }
            }
            if (firstContact != Double.POSITIVE_INFINITY) {
                contacts++;
                assertTrue(
                        r.hit() && r.toi() <= firstContact,
                        "query " + q + " " + kind + ": toi " + r.toi() + " after sampled contact at " + firstContact);
            }
            if (r.hit()) {
                reported++;
            }
        }
        System.out.printf(
                "rigid CCD: %d queries, %d with a sampled contact (all caught), %d reported%n",
                queries, contacts, reported);
        assertTrue(contacts > 30, "too few contacts to be a meaningful test: " + contacts);
    }

    @Test
    void rotatingPointSweepsThroughATriangleOnlyOnItsCircle() {
        // Body A spins a full half-turn about z; its point at radius 1 sweeps a half circle in z = 0 and crosses the
        // static triangle below the x-axis-aligned chord. The linear chord (radius 1 to -1 through the origin) would
        // hit a triangle at the origin, the true path never does.
        RigidMotion spin = new ScrewMotion(new Matrix4d(), new Matrix4d().rotationZ(Math.PI * 0.999));
        RigidMotion still = new ScrewMotion(new Matrix4d(), new Matrix4d());
        double[] local = {
            1, 0, 0, /* triangle around the origin, in the z = 0.0 plane tilted to contain z-axis */ -0.1, 0, -0.1, 0.1,
            0, -0.1, 0, 0, 0.1
        };
        RigidCcdResult miss = RigidTightInclusion.defaults()
                .solve(CcdKind.VERTEX_FACE, spin, still, local, new RigidTightInclusion.Scratch());
        assertFalse(miss.hit(), "the point stays at radius 1, far from the triangle at the origin");
        // a triangle on the circle, crossing the path at angle π/2 (point (0, 1, 0))
        double[] onCircle = {1, 0, 0, -0.1, 1, -0.1, 0.1, 1, -0.1, 0, 1, 0.1};
        RigidCcdResult hit = RigidTightInclusion.defaults()
                .solve(CcdKind.VERTEX_FACE, spin, still, onCircle, new RigidTightInclusion.Scratch());
        assertTrue(hit.hit());
        double exact = 0.5 / 0.999; // angle π/2 reached at s = 0.5 / 0.999
        assertTrue(hit.toi() <= exact && hit.toi() > exact - 0.01, "toi " + hit.toi());
        assertTrue(hit.pieces() > 1);
        assertFalse(hit.inconclusive());
    }

    @Test
    void linearMotionsReduceToTheLinearSolver() {
        // pure translations have zero chord deviation: one piece, same answer as the linear query
        Matrix4d from = new Matrix4d(), to = new Matrix4d().translation(0, 0, -2);
        RigidMotion down = new ScrewMotion(from, to);
        RigidMotion still = new ScrewMotion(new Matrix4d(), new Matrix4d());
        double[] local = {-1, 0, 1, 1, 0, 1, 0, -1, 0, 0, 1, 0};
        RigidCcdResult r = RigidTightInclusion.defaults()
                .solve(CcdKind.EDGE_EDGE, down, still, local, new RigidTightInclusion.Scratch());
        assertTrue(r.hit());
        assertEquals(1, r.pieces());
        assertTrue(r.toi() <= 0.5 && r.toi() > 0.5 - 1e-5, "toi " + r.toi());
    }
}
