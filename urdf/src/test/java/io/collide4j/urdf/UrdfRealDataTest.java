package io.collide4j.urdf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.joml.Quaterniond;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every robot URDF in the shared test data parses; counts and values are read off the files by hand. */
class UrdfRealDataTest {
    static final Path DATA = Path.of(System.getProperty("collide4j.testdata"));

    /** Package roots as tests/data/README.md prescribes. */
    static UrdfParser parser() {
        return UrdfParser.create().withPackageRoots(List.of(DATA, DATA.resolve("universal-robot")));
    }

    /** path, links, revolute, prismatic, fixed, collision elements, of which meshes (counted with grep in the files). */
    static Stream<Object[]> robots() {
        return Stream.of(
                new Object[] {"example-robot-data/robots/panda_description/urdf/panda.urdf", 13, 7, 2, 3, 17, 9},
                new Object[] {
                    "example-robot-data/robots/panda_description/urdf/panda_collision.urdf", 13, 7, 2, 3, 39, 0
                },
                new Object[] {"example-robot-data/robots/ur_description/urdf/ur5_robot.urdf", 11, 6, 0, 4, 8, 7},
                new Object[] {
                    "example-robot-data/robots/ur_description/urdf/ur5_joint_limited_robot.urdf", 11, 6, 0, 4, 8, 7
                },
                new Object[] {"universal-robot/ur_description/urdf/ur5e.urdf", 11, 6, 0, 4, 7, 7},
                new Object[] {
                    "curobo/curobo/content/assets/robot/franka_description/franka_panda.urdf", 15, 7, 2, 5, 11, 11
                },
                new Object[] {"vamp/resources/panda/panda.urdf", 13, 7, 0, 5, 11, 11},
                // collide4j's fixture: joints 1 and 7 continuous (not counted as revolute)
                new Object[] {"vamp/resources/panda/panda_continuous.urdf", 13, 5, 0, 5, 11, 11},
                new Object[] {"vamp/resources/panda/panda_spherized.urdf", 13, 7, 0, 5, 59, 0});
    }

    @Test
    void everyRobotUrdfInTheDataIsCovered() throws Exception {
        List<String> listed = robots().map(o -> (String) o[0]).sorted().collect(Collectors.toList());
        List<String> found;
        try (Stream<Path> s = Stream.of("example-robot-data", "universal-robot", "curobo", "vamp")
                .flatMap(d -> {
                    try {
                        return Files.walk(DATA.resolve(d));
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                })) {
            found = s.filter(p -> p.toString().endsWith(".urdf"))
                    .map(p -> DATA.relativize(p).toString().replace('\\', '/'))
                    .sorted()
                    .collect(Collectors.toList());
        }
        assertEquals(found, listed);
    }

    @ParameterizedTest
    @MethodSource("robots")
    void parsesWithCountsFromTheFile(
            String rel, int links, int revolute, int prismatic, int fixed, int collisions, int meshes) {
        RobotDescription r = parser().parse(DATA.resolve(rel));
        assertEquals(links, r.links().size());
        assertEquals(
                revolute,
                r.joints().stream().filter(j -> j.type() == JointType.REVOLUTE).count());
        assertEquals(
                prismatic,
                r.joints().stream().filter(j -> j.type() == JointType.PRISMATIC).count());
        assertEquals(
                fixed,
                r.joints().stream().filter(j -> j.type() == JointType.FIXED).count());
        assertEquals(links - 1, r.joints().size());
        assertEquals(
                collisions,
                r.links().stream().mapToInt(l -> l.collisions().size()).sum());
        List<Geometry.Mesh> ms = r.links().stream()
                .flatMap(l -> l.collisions().stream())
                .map(GeometryElement::geometry)
                .filter(g -> g instanceof Geometry.Mesh)
                .map(g -> (Geometry.Mesh) g)
                .toList();
        assertEquals(meshes, ms.size());
        for (Geometry.Mesh m : ms) {
            assertTrue(m.mesh().isPresent(), m.filename());
            assertTrue(m.mesh().get().triangleCount() >= 12, m.filename());
        }
    }

    @Test
    void pandaJointLimitsAndMimicMatchTheFile() {
        RobotDescription r =
                parser().parse(DATA.resolve("example-robot-data/robots/panda_description/urdf/panda.urdf"));
        assertEquals("panda_link0", r.rootLink());
        // <limit effort="87.0" lower="-3.0718" upper="-0.0698" velocity="2.175"/>
        JointDescription j4 = r.joint("panda_joint4").orElseThrow();
        assertEquals(new JointLimits(-3.0718, -0.0698, 2.175, 87.0), j4.limits());
        assertEquals(0.0825, j4.origin().x());
        // rpy="1.5707963267948966 0 0" is a quarter turn about x: quaternion (sin(pi/4), 0, 0, cos(pi/4))
        assertEquals(Math.sqrt(0.5), j4.origin().qx(), 1e-15);
        assertEquals(Math.sqrt(0.5), j4.origin().qw(), 1e-15);
        JointDescription f2 = r.joint("panda_finger_joint2").orElseThrow();
        assertEquals(JointType.PRISMATIC, f2.type());
        assertEquals(new JointLimits(0.0, 0.04, 0.2, 100), f2.limits());
        assertEquals(-1.0, f2.axisY());
        assertEquals(new Mimic("panda_finger_joint1", 1, 0), f2.mimic());
        // Left finger: screw mount box 22e-3 15e-3 20e-3 at xyz 0 18.5e-3 11e-3
        GeometryElement mount =
                r.link("panda_leftfinger").orElseThrow().collisions().get(0);
        assertEquals(new Geometry.Box(22e-3, 15e-3, 20e-3), mount.geometry());
        assertEquals(18.5e-3, mount.origin().y());
        assertEquals(11e-3, mount.origin().z());
        // visual .dae meshes were left out of the data set: parsed, but empty
        Geometry.Mesh visual = (Geometry.Mesh)
                r.link("panda_leftfinger").orElseThrow().visuals().get(0).geometry();
        assertFalse(visual.mesh().isPresent());
        assertTrue(visual.filename().endsWith("finger.dae"));
    }

    @Test
    void ur5eJointOriginsMatchTheFile() {
        RobotDescription r = parser().parse(DATA.resolve("universal-robot/ur_description/urdf/ur5e.urdf"));
        assertEquals("ur5e_robot", r.name());
        assertEquals("base_link", r.rootLink());
        Map<String, double[]> xyz = Map.of(
                "shoulder_pan_joint", new double[] {0, 0, 0.1625},
                "elbow_joint", new double[] {-0.425, 0, 0},
                "wrist_1_joint", new double[] {-0.3922, 0, 0.1333},
                "wrist_2_joint", new double[] {0, -0.0997, -2.044881182297852e-11},
                "wrist_3_joint", new double[] {0, 0.0996, -2.042830148012698e-11});
        xyz.forEach((name, p) -> {
            Pose o = r.joint(name).orElseThrow().origin();
            assertEquals(p[0], o.x(), name);
            assertEquals(p[1], o.y(), name);
            assertEquals(p[2], o.z(), name);
        });
        // base_link-base_link_inertia: rpy 0 0 pi → half turn about z, quaternion (0,0,±1,0)
        Pose b = r.joint("base_link-base_link_inertia").orElseThrow().origin();
        assertEquals(1.0, Math.abs(b.qz()), 1e-15);
        // elbow limits ±pi, others ±2pi
        assertEquals(Math.PI, r.joint("elbow_joint").orElseThrow().limits().upper());
        assertEquals(
                2 * Math.PI, r.joint("wrist_3_joint").orElseThrow().limits().upper());
        // wrist_3 rpy "1.570796326589793 pi pi" equals, as a rotation, R = Rz(pi)·Ry(pi)·Rx(a) = Rx(-a)·... check
        // against an independent composition of elementary rotations.
        Pose w3 = r.joint("wrist_3_joint").orElseThrow().origin();
        Quaterniond expected =
                new Quaterniond().rotateZ(Math.PI).rotateY(Math.PI).rotateX(1.570796326589793);
        Quaterniond got = w3.rotation(new Quaterniond());
        assertEquals(1.0, Math.abs(expected.dot(got)), 1e-12);
        // shoulder collision mesh origin rpy 0 0 pi
        assertEquals(
                1.0,
                Math.abs(r.link("shoulder_link")
                        .orElseThrow()
                        .collisions()
                        .get(0)
                        .origin()
                        .qz()),
                1e-15);
    }

    @Test
    void vampPackageUrisResolveNextToTheUrdfAndSharedMeshesLoadOnce() {
        RobotDescription r = UrdfParser.create().parse(DATA.resolve("vamp/resources/panda/panda.urdf"));
        LinkDescription l0 = r.link("panda_link0").orElseThrow();
        Geometry.Mesh c = (Geometry.Mesh) l0.collisions().get(0).geometry();
        Geometry.Mesh v = (Geometry.Mesh) l0.visuals().get(0).geometry();
        assertTrue(
                c.resolved().toString().endsWith("vamp/resources/panda/meshes/collision/link0.obj"),
                c.resolved().toString());
        assertTrue(c.mesh().get() == v.mesh().get(), "one file, one loaded mesh");
        // panda_link1 visual is meshes/visual/link1.obj, absent from the data set
        assertFalse(((Geometry.Mesh)
                        r.link("panda_link1").orElseThrow().visuals().get(0).geometry())
                .mesh()
                .isPresent());
        // fingers are fixed joints in this variant
        assertEquals(
                JointType.FIXED, r.joint("panda_finger_joint1").orElseThrow().type());
    }
}
