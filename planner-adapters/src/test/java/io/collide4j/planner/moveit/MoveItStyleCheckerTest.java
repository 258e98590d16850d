package io.collide4j.planner.moveit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.scene.Obstacle;
import io.collide4j.checker.scene.ObstacleShape;
import io.collide4j.checker.scene.Scene;
import io.collide4j.planner.Collide4j;
import io.collide4j.urdf.Pose;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A two-link planar arm (spheres of radius 0.1 at x = 1 on link l1 and at x = 1.8 on l2 when both joints
 * are 0) next to boxes whose distances are set by hand.
 */
class MoveItStyleCheckerTest {
    private static final String URDF = """
            <robot name="planar">
              <link name="base"/>
              <link name="l1"><collision><origin xyz="1 0 0"/><geometry><sphere radius="0.1"/></geometry></collision></link>
              <link name="l2"><collision><origin xyz="0.8 0 0"/><geometry><sphere radius="0.1"/></geometry></collision></link>
              <joint name="j1" type="revolute"><parent link="base"/><child link="l1"/><axis xyz="0 0 1"/>
                <limit lower="-3.1" upper="3.1" effort="1" velocity="1"/></joint>
              <joint name="j2" type="revolute"><parent link="l1"/><child link="l2"/><origin xyz="1 0 0"/><axis xyz="0 0 1"/>
                <limit lower="-3.1" upper="3.1" effort="1" velocity="1"/></joint>
            </robot>
            """;
    private static final String SRDF =
            "<robot name=\"planar\"><group name=\"tip\"><joint name=\"j2\"/></group></robot>";

    private static Collide4j arm(Path dir) throws Exception {
        Path urdf = Files.writeString(dir.resolve("planar.urdf"), URDF);
        Path srdf = Files.writeString(dir.resolve("planar.srdf"), SRDF);
        // "under": sphere of l1 (centre (1,0)) overlaps it by 0.05; "far": 0.3 beyond the tip sphere (centre (1.8,0)).
        Scene scene = Scene.of(List.of(
                new Obstacle("under", new ObstacleShape.Box(0.2, 0.2, 0.2), new Pose(1, -0.15, 0, 0, 0, 0, 1)),
                new Obstacle("far", new ObstacleShape.Box(0.2, 0.2, 0.2), new Pose(2.3, 0, 0, 0, 0, 0, 1))));
        return Collide4j.builder().urdf(urdf).srdf(srdf).scene(scene).build();
    }

    @Test
    void contactsDistanceAndTheCaps(@TempDir Path dir) throws Exception {
        MoveItStyleChecker c = new MoveItStyleChecker(arm(dir));
        double[] q = {0, 0};
        CollisionResult plain = c.checkCollision(CollisionRequest.builder().build(), q);
        assertTrue(plain.collision());
        assertTrue(plain.contacts().isEmpty(), "contacts were not requested");
        assertTrue(Double.isNaN(plain.distance()), "distance was not requested");
        CollisionResult full = c.checkCollision(
                CollisionRequest.builder()
                        .contacts(true)
                        .maxContacts(10)
                        .distance(true)
                        .build(),
                q);
        assertEquals(1, full.contactCount());
        List<CollisionResult.ContactPoint> cps = full.contacts().get(new CollisionResult.BodyPair("l1", "under"));
        assertEquals(1, cps.size());
        // the sphere reaches y = -0.1, the box top is at y = -0.05: 0.05 of overlap
        assertTrue(cps.get(0).lowerBound() <= -0.05 + 1e-9 || cps.get(0).distance() <= 0);
        assertTrue(full.distance() <= 0, "overlapping: certified distance bound must be <= 0, got " + full.distance());
    }

    @Test
    void aclEditsPaddingAndGroupChangeTheAnswer(@TempDir Path dir) throws Exception {
        MoveItStyleChecker c = new MoveItStyleChecker(arm(dir));
        double[] q = {0, 0};
        CollisionRequest allowUnder =
                CollisionRequest.builder().allow("l1", "under").distance(true).build();
        CollisionResult r = c.checkCollision(allowUnder, q);
        assertFalse(r.collision(), "the only overlapping pair is allowed");
        // closest remaining pair: tip sphere (x ≤ 1.9) to "far" (x ≥ 2.2) is 0.3 away
        assertEquals(0.3, r.distance(), 1e-6);
        CollisionRequest padded = CollisionRequest.builder()
                .allow("l1", "under")
                .padding("l2", 0.31)
                .build();
        assertTrue(c.checkCollision(padded, q).collision(), "0.31 of padding closes a 0.3 gap");
        CollisionRequest lessPadded = CollisionRequest.builder()
                .allow("l1", "under")
                .padding("l2", 0.29)
                .build();
        assertFalse(c.checkCollision(lessPadded, q).collision());
        // group "tip" = link l2 only: l1's overlap with "under" is not this group's business
        assertFalse(c.checkCollision(CollisionRequest.builder().group("tip").build(), q)
                .collision());
        assertTrue(
                c.checkCollision(
                                CollisionRequest.builder()
                                        .group("tip")
                                        .scale("l2", 4.5)
                                        .build(),
                                q)
                        .collision(),
                "scaled 4.5x the tip sphere (r 0.45 about x = 1.8) reaches the far box at 2.2");
    }
}
