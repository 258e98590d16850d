package io.collide4j.checker.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.certificate.Certificate;
import io.collide4j.checker.certificate.CertificateFormat;
import io.collide4j.checker.certificate.CertificateVerifier;
import io.collide4j.checker.certificate.CertificationResult;
import io.collide4j.checker.certificate.TrajectoryCertifier;
import io.collide4j.checker.certificate.TrajectorySegments;
import io.collide4j.checker.certificate.Verdict;
import io.collide4j.checker.geometry.ConvexShape;
import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.kinematics.LinkPoses;
import org.joml.Matrix4dc;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Witness planes of {@link TrajectoryCertifier}: every step of every listed pair has one, and each holds where it is
 * claimed, checked by dense sampling of the step with the model's own pieces: at each sample the support of piece A
 * along n (plus its margin) stays at most c − gA and that of B at least c + gB (a property of the plane, measured
 * here without the certifier's motion bounds), and gA + gB ≥ margin·|n|.
 */
class WitnessPlanesTest {
    @Test
    void everyStepHasAPlaneThatHoldsAtDenseSamples() {
        CollisionChecker c = CollisionChecker.of(CertificateTest.MODEL, CertificateTest.SCENE);
        double d = 0.01;
        CertificationResult r = new TrajectoryCertifier(c)
                .certify(CertificateTest.freeTrajectory(), CertificateTest.times(20), d, 1_000_000, c.newContext());
        assertEquals(Verdict.CERTIFIED_FREE, r.verdict());
        String json = r.certificateJson();
        Certificate cert = Certificate.read(json, "test");
        assertEquals(CertificateFormat.FORMAT, cert.format());
        assertTrue(new CertificateVerifier(CertificateTest.MODEL, CertificateTest.SCENE)
                .verify(cert)
                .valid());
        TrajectorySegments path =
                new TrajectorySegments(c.model().kinematics(), cert.waypoints(), null, null, cert.times());
        QueryContext ctx = c.newContext();
        long steps = 0;
        for (int i = 0; i < cert.segments().size(); i++) {
            path.start(ctx, i);
            for (Certificate.PairSteps p : cert.segments().get(i)) {
                double prev = 0;
                for (int k = 0; k < p.ends().length; k++) {
                    double[] pl = p.planes()[k];
                    assertNotNull(pl, "segment " + i + " pair " + p.pair() + " step " + k + " has no plane");
                    double nn = Math.sqrt(pl[0] * pl[0] + pl[1] * pl[1] + pl[2] * pl[2]);
                    assertTrue(pl[4] + pl[5] >= d * nn, "gA + gB >= margin |n|");
                    for (int j = 0; j <= 8; j++) {
                        double s = prev + (p.ends()[k] - prev) * j / 8;
                        checkPlane(
                                c,
                                ctx,
                                p.pair(),
                                s,
                                pl,
                                "segment " + i + " pair " + p.pair() + " step " + k + " s " + s);
                    }
                    prev = p.ends()[k];
                    steps++;
                }
            }
        }
        System.out.println("witness steps " + steps + ", bytes " + json.length());
        if (Boolean.getBoolean("witness.dump")) {
            System.out.println(json);
        }
        assertTrue(steps > 0);
    }

    private static void checkPlane(
            CollisionChecker c, QueryContext ctx, LinkPair t, double s, double[] pl, String where) {
        RobotCollisionModel m = c.model();
        LinkPoses poses = ctx.segment.posesAt(s);
        int ba = m.bodyIndex(t.first());
        int a = m.pieceStart(ba) + t.firstPiece();
        double hiA =
                support(m.pieceShape(a), poses.pose(m.bodyLink(ba)), pl[0], pl[1], pl[2]) + m.pieceMargin(a) * norm(pl);
        double loB;
        if (t.environment()) {
            int slot = c.scene().slotOf(t.second());
            int b = c.prepared().pieceStart(slot) + t.secondPiece();
            loB = -support(c.prepared().shape(b), c.prepared().pose(slot), -pl[0], -pl[1], -pl[2])
                    - c.prepared().margin(b) * norm(pl);
        } else {
            int bb = m.bodyIndex(t.second());
            int b = m.pieceStart(bb) + t.secondPiece();
            loB = -support(m.pieceShape(b), poses.pose(m.bodyLink(bb)), -pl[0], -pl[1], -pl[2])
                    - m.pieceMargin(b) * norm(pl);
        }
        assertTrue(hiA <= pl[3] - pl[4], where + ": A reaches " + hiA + " > c - gA = " + (pl[3] - pl[4]));
        assertTrue(loB >= pl[3] + pl[5], where + ": B reaches " + loB + " < c + gB = " + (pl[3] + pl[5]));
    }

    private static double norm(double[] p) {
        return Math.sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]);
    }

    // max over the placed shape of u·x, from a support point (direction pulled back through the pose)
    private static double support(ConvexShape s, Matrix4dc pose, double ux, double uy, double uz) {
        // Rᵀu
        double lx = pose.m00() * ux + pose.m01() * uy + pose.m02() * uz;
        double ly = pose.m10() * ux + pose.m11() * uy + pose.m12() * uz;
        double lz = pose.m20() * ux + pose.m21() * uy + pose.m22() * uz;
        Vector3d p = s.support(lx, ly, lz, new Vector3d());
        Vector3d w = pose.transformPosition(p, new Vector3d());
        return ux * w.x + uy * w.y + uz * w.z;
    }
}
