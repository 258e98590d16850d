package io.collide4j.checker.robot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.urdf.Geometry;
import io.collide4j.urdf.GeometryElement;
import io.collide4j.urdf.JointDescription;
import io.collide4j.urdf.JointLimits;
import io.collide4j.urdf.JointType;
import io.collide4j.urdf.LinkDescription;
import io.collide4j.urdf.Pose;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.SemanticDescription;
import java.util.List;
import org.junit.jupiter.api.Test;

class AllowedCollisionMatrixTest {

    static LinkDescription link(String name, boolean geometry) {
        List<GeometryElement> g =
                geometry ? List.of(new GeometryElement("", Pose.IDENTITY, new Geometry.Sphere(0.1))) : List.of();
        return new LinkDescription(name, g, List.of());
    }

    static JointDescription joint(String name, String parent, String child) {
        return new JointDescription(
                name, JointType.REVOLUTE, parent, child, Pose.IDENTITY, 0, 0, 1, new JointLimits(-1, 1, 1, 1), null);
    }

    // base - a - (empty) - b, and base - c : adjacency skips the geometry-less link.
    static RobotDescription robot() {
        return new RobotDescription(
                "r",
                null,
                "base",
                List.of(link("base", true), link("a", true), link("empty", false), link("b", true), link("c", true)),
                List.of(
                        joint("j1", "base", "a"),
                        joint("j2", "a", "empty"),
                        joint("j3", "empty", "b"),
                        joint("j4", "base", "c")));
    }

    @Test
    void adjacentLinksSkipLinksWithoutGeometry() {
        AllowedCollisionMatrix acm =
                AllowedCollisionMatrix.builder().adjacentLinks(robot()).build();
        assertTrue(acm.isAllowed("base", "a"));
        assertTrue(acm.isAllowed("a", "b"));
        assertTrue(acm.isAllowed("b", "a"));
        assertTrue(acm.isAllowed("c", "base"));
        assertFalse(acm.isAllowed("base", "b"));
        assertFalse(acm.isAllowed("a", "c"));
        assertEquals(3, acm.pairCount());
    }

    @Test
    void srdfUserEntriesAndOverrides() {
        SemanticDescription srdf = new SemanticDescription(
                "r",
                List.of(),
                List.of(new SemanticDescription.DisabledCollision("a", "c", "Never")),
                List.of(),
                List.of());
        AllowedCollisionMatrix acm = AllowedCollisionMatrix.builder()
                .srdf(srdf)
                .adjacentLinks(robot())
                .allow("b", AllowedCollisionMatrix.ENVIRONMENT)
                .forbid("base", "a")
                .allowAlways("c")
                .build();
        assertTrue(acm.isAllowed("c", "a"));
        assertTrue(acm.isAllowed("c", "b")); // always allowed
        assertFalse(acm.isAllowed("base", "a")); // forbid overrides adjacency
        assertTrue(acm.isAllowed(AllowedCollisionMatrix.ENVIRONMENT, "b"));
        assertFalse(acm.isAllowed("a", AllowedCollisionMatrix.ENVIRONMENT));
        AllowedCollisionMatrix again = acm.toBuilder().build();
        assertEquals(acm.pairCount(), again.pairCount());
        assertTrue(again.isAllowed("c", "b"));
        assertThrows(
                IllegalArgumentException.class,
                () -> AllowedCollisionMatrix.builder().allow("a", "a"));
    }

    @Test
    void inflationOnlyGrows() {
        Inflation inf = Inflation.builder()
                .defaultPadding(0.01)
                .padding("hand", 0.02)
                .scale("hand", 1.1)
                .build();
        assertEquals(0.01, inf.padding("a"));
        assertEquals(0.02, inf.padding("hand"));
        assertEquals(1.1, inf.scale("hand"));
        assertEquals(1.0, inf.scale("a"));
        assertThrows(IllegalArgumentException.class, () -> Inflation.builder().padding("x", -0.1));
        assertThrows(IllegalArgumentException.class, () -> Inflation.builder().scale("x", 0.9));
        assertThrows(IllegalArgumentException.class, () -> Inflation.builder().defaultPadding(Double.NaN));
    }
}
