package io.collide4j.checker.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.robot.AttachedObject;
import io.collide4j.checker.robot.Inflation;
import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.Obstacle;
import io.collide4j.checker.scene.ObstacleShape;
import io.collide4j.checker.scene.Scene;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.urdf.Geometry;
import io.collide4j.urdf.GeometryElement;
import io.collide4j.urdf.Pose;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.TriangleMesh;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.joml.Matrix4d;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

class RobotCollisionModelTest {

    /** Every collision-mesh vertex lies in its piece (+ margin): h(u) + margin ≥ u·v for many directions u. */
    @Test
    void piecesCoverEveryMeshVertexAndSpheresCoverPieces() {
        for (RobotDescription d : List.of(TestRobots.pandaDescription(), TestRobots.ur5eDescription())) {
            RobotCollisionModel m =
                    RobotCollisionModel.builder(d, KinematicModel.of(d)).build();
            Random rnd = new Random(3);
            Vector3d s = new Vector3d(), p = new Vector3d();
            for (int b = 0; b < m.bodyCount(); b++) {
                GeometryElement ge =
                        d.link(m.bodyName(b)).orElseThrow().collisions().get(0);
                TriangleMesh mesh = ((Geometry.Mesh) ge.geometry()).mesh().orElseThrow();
                Matrix4d o = ge.origin().toMatrix(new Matrix4d());
                int piece = m.pieceStart(b);
                for (int k = 0; k < 200; k++) {
                    Vector3d u = new Vector3d(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian()).normalize();
                    m.pieceShape(piece).support(u.x, u.y, u.z, s);
                    double h = u.dot(s) + m.pieceMargin(piece);
                    for (int v = 0; v < mesh.vertexCount(); v++) {
                        o.transformPosition(mesh.vertex(v, 0), mesh.vertex(v, 1), mesh.vertex(v, 2), p);
                        assertTrue(
                                u.dot(p) <= h + 1e-12,
                                d.name() + " " + m.bodyName(b) + " vertex " + v + " outside its hull");
                        double dist =
                                p.distance(m.pieceSphere(piece, 0), m.pieceSphere(piece, 1), m.pieceSphere(piece, 2));
                        assertTrue(dist <= m.pieceSphere(piece, 3), "vertex outside the piece sphere");
                    }
                }
            }
        }
    }

    @Test
    void paddingShrinksDistanceByExactlyThePadding() {
        RobotDescription d = TestRobots.pandaDescription();
        KinematicModel k = KinematicModel.of(d);
        Scene scene = Scene.empty()
                .with(new Obstacle("ball", new ObstacleShape.Sphere(0.05), new Pose(0.5, 0, 0.5, 0, 0, 0, 1)));
        RobotCollisionModel plain = RobotCollisionModel.builder(d, k).build();
        RobotCollisionModel padded = RobotCollisionModel.builder(d, k)
                .inflation(Inflation.builder().defaultPadding(0.02).build())
                .build();
        assertNotEquals(plain.contentHash(), padded.contentHash());
        assertEquals(
                plain.contentHash(), RobotCollisionModel.builder(d, k).build().contentHash());
        double[] q = {0, -0.785, 0, -2.356, 0, 1.571, 0.785};
        CollisionChecker a = CollisionChecker.of(plain, scene), b = CollisionChecker.of(padded, scene);
        Contact ca = a.minimumDistance(q, a.newContext()), cb = b.minimumDistance(q, b.newContext());
        assertEquals(ca.pair(), cb.pair());
        double sides = ca.pair().environment() ? 1 : 2; // a self pair has padding on both bodies
        assertEquals(ca.distance() - sides * 0.02, cb.distance(), 1e-9);
        assertTrue(a.isFree(q, ca.lowerBound() - 0.001, a.newContext()));
        assertFalse(b.isFree(q, ca.lowerBound() - 0.001, b.newContext()));
    }

    @Test
    void attachedObjectMovesWithItsLinkAndIgnoresTouchLinks() {
        RobotDescription d = TestRobots.pandaDescription();
        KinematicModel k = KinematicModel.of(d);
        // a 10 cm box held between the fingers, 10 cm below the hand frame along its z axis
        AttachedObject box = new AttachedObject(
                "grasped",
                "panda_hand",
                new ObstacleShape.Box(0.04, 0.04, 0.1),
                new Pose(0, 0, 0.1, 0, 0, 0, 1),
                Set.of("panda_leftfinger", "panda_rightfinger"));
        RobotCollisionModel m = RobotCollisionModel.builder(d, k).attach(box).build();
        int g = m.bodyIndex("grasped");
        assertTrue(m.isAttached(g));
        assertTrue(m.allowedCollisions().isAllowed("grasped", "panda_leftfinger"));
        assertFalse(m.allowedCollisions().isAllowed("grasped", "panda_link5"));
        double[] q = {0, -0.785, 0, -2.356, 0, 1.571, 0.785};
        // where is the box centre in the world?  hand pose · (0,0,0.1)
        var poses = k.forwardKinematics(q, new io.collide4j.kinematics.LinkPoses(k));
        Vector3d c = poses.transformPoint(k.linkIndex("panda_hand"), 0, 0, 0.1, new Vector3d());
        Scene near = Scene.empty()
                .with(new Obstacle("ball", new ObstacleShape.Sphere(0.01), new Pose(c.x, c.y, c.z, 0, 0, 0, 1)));
        CollisionChecker with = CollisionChecker.of(m, near);
        QueryContext ctx = with.newContext();
        assertFalse(with.isFree(q, 0, ctx), "ball inside the grasped box");
        List<Contact> contacts = with.contacts(q, 0, 5, ctx);
        assertNotNull(contacts.stream()
                .filter(x -> x.pair().first().equals("grasped"))
                .findFirst()
                .orElse(null));
        // penetration depth: a 2 cm ball centred 3 cm off the box axis (1 cm outside its 2 cm half width)
        // overlaps the box by exactly 1 cm
        Vector3d side = poses.transformPoint(k.linkIndex("panda_hand"), 0.03, 0, 0.1, new Vector3d());
        Scene pen = Scene.empty()
                .with(new Obstacle(
                        "ball", new ObstacleShape.Sphere(0.02), new Pose(side.x, side.y, side.z, 0, 0, 0, 1)));
        CollisionChecker pc = CollisionChecker.of(m, pen);
        Contact deep = pc.contacts(q, 0, 10, pc.newContext()).stream()
                .filter(x -> x.pair().first().equals("grasped"))
                .findFirst()
                .orElseThrow();
        assertEquals(-0.01, deep.distance(), 1e-6);
        assertTrue(deep.lowerBound() <= deep.distance());
        Vector3d n = new Vector3d(deep.normal());
        Vector3d expectedDir = side.sub(c, new Vector3d()).normalize(); // from the box towards the ball
        assertEquals(1, n.dot(expectedDir), 1e-6);
        CollisionChecker without =
                CollisionChecker.of(RobotCollisionModel.builder(d, k).build(), near);
        assertTrue(without.isFree(q, 0, without.newContext()), "without the object the ball sits between the fingers");
        assertThrows(
                IllegalArgumentException.class,
                () -> RobotCollisionModel.builder(d, k)
                        .attach(new AttachedObject(
                                "panda_hand", "panda_link7", new ObstacleShape.Sphere(0.1), Pose.IDENTITY, Set.of()))
                        .build());
    }
}
