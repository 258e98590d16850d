package io.collide4j.checker.query;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.Obstacle;
import io.collide4j.checker.scene.ObstacleShape;
import io.collide4j.checker.scene.Scene;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.urdf.Pose;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.TriangleMesh;
import io.collide4j.urdf.UrdfParser;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An obstacle pose whose own error bound is huge (roll 1e308 rad: the rotation is known only to within ~1e292)
 * must not be culled by the broad phase with bounds that leave that error out. The CLI once printed VALID with a
 * clearance of -8e301 m: the narrow phase subtracted the pose error as a margin, the broad phase (scene tree,
 * slot boxes) did not, so the pair never reached it. The scene is built directly, bypassing SceneLimits, which
 * now refuses such poses at input.
 */
class PoseErrorBroadPhaseTest {
    /** One link with a sphere of radius 0.1 at the origin, on a fixed base: a checker with one environment body. */
    private static final String URDF = """
            <robot name="ball">
              <link name="base"/>
              <link name="b"><collision><geometry><sphere radius="0.1"/></geometry></collision></link>
              <joint name="j" type="prismatic"><parent link="base"/><child link="b"/><axis xyz="0 0 1"/>
                <limit lower="-1" upper="1" effort="1" velocity="1"/></joint>
            </robot>
            """;

    /** The adversarial tester's tetrahedron, 2 m along each axis from the origin. */
    private static final TriangleMesh TETRAHEDRON = new TriangleMesh(
            new double[] {2, 2, 2, 2.1, 2, 2, 2, 2.1, 2, 2, 2, 2.1}, new int[] {0, 1, 2, 0, 1, 3, 0, 2, 3, 1, 2, 3});

    private static CollisionChecker checker(Obstacle o) {
        RobotDescription d = UrdfParser.create()
                .parse(
                        new ByteArrayInputStream(URDF.getBytes(StandardCharsets.UTF_8)),
                        URI.create("file:///ball.urdf"));
        RobotCollisionModel m =
                RobotCollisionModel.builder(d, KinematicModel.of(d)).build();
        return CollisionChecker.of(m, Scene.of(List.of(o)));
    }

    @Test
    void hugeRollIsNotFreeWhileItsOwnLowerBoundIsNegative() {
        Pose roll = Pose.fromXyzRpy(0, 0, 0, 1e308, 0, 0);
        assertTrue(roll.rotationError() > 1e290, "premise: the pose's rotation error is huge");
        CollisionChecker c = checker(new Obstacle("m", new ObstacleShape.Mesh(TETRAHEDRON), roll));
        QueryContext ctx = c.newContext();
        double[] q = {0};
        Contact closest = c.minimumDistance(q, ctx);
        // the checker's own certified bound: the tetrahedron may be anywhere within ~1e292 m of where it is drawn
        assertTrue(
                closest != null && closest.lowerBound() < 0,
                "lower bound " + (closest == null ? null : closest.lowerBound()));
        assertFalse(
                c.isFree(q, 0, ctx), "free although the certified clearance lower bound is " + closest.lowerBound());
        // the motion broad phase reads the same scene bounds
        assertNotEquals(MotionStatus.FREE, c.isMotionFree(q, new double[] {0.5}, 0, ctx));
    }

    @Test
    void unboundedPoseErrorIsNeverCulled() {
        // an error bound that overflowed to infinity: bounds are infinite, and no query may call the pair free
        Pose unknown = Pose.ofMatrix(0, 0, 0, new double[] {1, 0, 0, 0, 1, 0, 0, 0, 1}, Double.POSITIVE_INFINITY, 0);
        CollisionChecker c = checker(new Obstacle("m", new ObstacleShape.Mesh(TETRAHEDRON), unknown));
        QueryContext ctx = c.newContext();
        assertFalse(c.isFree(new double[] {0}, 0, ctx));
        assertNotEquals(MotionStatus.FREE, c.isMotionFree(new double[] {0}, new double[] {0.5}, 0, ctx));
    }

    @Test
    void worldBoundsContainThePosesPlacementError() {
        // identity rotation, but declared accurate only to 0.5 (spectral norm) and 0.25 m: a unit box at the origin
        // may then reach 0.25 + 0.5 * sqrt(3)/2 beyond its half-extent along each axis (|R - R'| |p| <= 0.5 |p|)
        Pose loose = Pose.ofMatrix(0, 0, 0, new double[] {1, 0, 0, 0, 1, 0, 0, 0, 1}, 0.5, 0.25);
        double[] b = new Obstacle("box", new ObstacleShape.Box(1, 1, 1), loose).worldBounds(new double[6]);
        double reach = 0.5 + 0.25 + 0.5 * Math.sqrt(3) / 2;
        for (int i = 0; i < 3; i++) {
            assertTrue(b[i] <= -reach && b[3 + i] >= reach, "axis " + i + ": " + b[i] + " .. " + b[3 + i]);
        }
        // and an exact pose still gives the tight box (within the documented rounding pad)
        double[] t = new Obstacle("box", new ObstacleShape.Box(1, 1, 1), Pose.IDENTITY).worldBounds(new double[6]);
        for (int i = 0; i < 3; i++) {
            assertTrue(t[i] >= -0.5 - 1e-11 && t[3 + i] <= 0.5 + 1e-11, "axis " + i + ": " + t[i] + " .. " + t[3 + i]);
        }
    }
}
