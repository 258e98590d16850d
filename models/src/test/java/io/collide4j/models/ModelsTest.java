package io.collide4j.models;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.collide4j.kinematics.format.StrictJson;
import io.collide4j.urdf.Geometry;
import io.collide4j.urdf.GeometryElement;
import io.collide4j.urdf.JointDescription;
import io.collide4j.urdf.LinkDescription;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.SemanticDescription;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ModelsTest {

    @Test
    void bundledNames() {
        assertEquals(List.of("panda", "ur5e"), Models.names());
        assertEquals(List.of("table_shelf"), Models.sceneNames());
        assertEquals(List.of("panda_shelf_demo"), Models.trajectoryNames());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Models.robot("pr2"));
        assertTrue(e.getMessage().contains("[panda, ur5e]"), e.getMessage());
    }

    @Test
    void pandaIsTheMotionBenchMakerModel() {
        RobotDescription r = Models.robot("panda");
        assertEquals(13, r.links().size());
        assertEquals(7, r.joints().stream().filter(j -> j.type().isMovable()).count());
        long meshes = r.links().stream()
                .flatMap(l -> l.collisions().stream())
                .filter(c -> c.geometry() instanceof Geometry.Mesh m && m.mesh().isPresent())
                .count();
        assertEquals(11, meshes);
        assertTrue(Models.robot("panda") == r, "cached");
        SemanticDescription s = Models.semantics("panda");
        assertEquals(34, s.disabledCollisions().size());
    }

    /** Link pairs with collision geometry joined by one joint, skipping links without geometry. */
    static Set<Set<String>> adjacentPairs(RobotDescription r) {
        Set<Set<String>> pairs = new HashSet<>();
        for (LinkDescription l : r.links()) {
            if (l.collisions().isEmpty()) {
                continue;
            }
            String up = l.name();
            while (true) {
                String cur = up;
                JointDescription j = r.parentJoint(cur).orElse(null);
                if (j == null) {
                    break;
                }
                up = j.parent();
                if (!r.link(up).orElseThrow().collisions().isEmpty()) {
                    pairs.add(Set.of(l.name(), up));
                    break;
                }
            }
        }
        return pairs;
    }

    @Test
    void ur5eSrdfDisablesExactlyTheAdjacentPairs() {
        RobotDescription r = Models.robot("ur5e");
        assertEquals(11, r.links().size());
        assertEquals(6, r.joints().stream().filter(j -> j.type().isMovable()).count());
        SemanticDescription s = Models.semantics("ur5e");
        Set<Set<String>> disabled = new HashSet<>();
        s.disabledCollisions().forEach(d -> disabled.add(Set.of(d.link1(), d.link2())));
        assertEquals(adjacentPairs(r), disabled);
        assertEquals(6, disabled.size());
        assertEquals(
                List.of(new SemanticDescription.Chain("base_link", "tool0")),
                s.groups().get(0).chains());
        for (SemanticDescription.GroupState g : s.groupStates()) {
            g.values()
                    .forEach((j, v) ->
                            assertTrue(r.joint(j).orElseThrow().limits().contains(v), j));
        }
    }

    /** Structure per checker/SCENE_FORMAT.md (models cannot depend on the checker, so checked here directly). */
    @Test
    void sceneFollowsTheDocumentedFormat() throws Exception {
        JsonNode scene = StrictJson.mapper().readTree(Models.sceneJson("table_shelf"));
        assertEquals(Set.of("format", "name", "objects"), keys(scene));
        assertEquals("collide4j-scene/1", scene.get("format").textValue());
        JsonNode objects = scene.get("objects");
        assertEquals(12, objects.size());
        Map<String, Set<String>> members = Map.of(
                "box",
                Set.of("size"),
                "sphere",
                Set.of("radius"),
                "cylinder",
                Set.of("radius", "length"),
                "capsule",
                Set.of("radius", "length"));
        Set<String> names = new HashSet<>();
        for (JsonNode m : objects) {
            assertTrue(names.add(m.get("name").textValue()), "unique names");
            Set<String> expected = new HashSet<>(members.get(m.get("type").textValue()));
            expected.addAll(Set.of("name", "type", "pose"));
            assertEquals(expected, keys(m), m.toString());
            if (m.has("size")) {
                assertEquals(3, m.get("size").size());
                m.get("size").forEach(v -> assertTrue(v.isNumber() && v.doubleValue() > 0));
            } else {
                assertTrue(m.get("radius").isNumber() && m.get("radius").doubleValue() > 0);
            }
            JsonNode pose = m.get("pose");
            assertEquals(Set.of("xyz", "quaternion"), keys(pose));
            assertEquals(3, pose.get("xyz").size());
            double n = 0;
            for (JsonNode q : pose.get("quaternion")) {
                n += q.doubleValue() * q.doubleValue();
            }
            assertEquals(1.0, n, 1e-12, "unit quaternion");
        }
    }

    private static Set<String> keys(JsonNode n) {
        Set<String> out = new HashSet<>();
        n.fieldNames().forEachRemaining(out::add);
        return out;
    }

    @Test
    void demoTrajectoryStartsAtReadyAndRespectsLimits() {
        RobotDescription r = Models.robot("panda");
        List<double[]> rows = new ArrayList<>();
        String[] header = null;
        for (String line : Models.trajectoryCsv("panda_shelf_demo").split("\n")) {
            if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            if (header == null) {
                header = line.split(",");
                continue;
            }
            rows.add(Stream.of(line.split(",")).mapToDouble(Double::parseDouble).toArray());
        }
        assertEquals(
                List.of(
                        "time",
                        "panda_joint1",
                        "panda_joint2",
                        "panda_joint3",
                        "panda_joint4",
                        "panda_joint5",
                        "panda_joint6",
                        "panda_joint7"),
                List.of(header));
        Map<String, Double> ready = Models.semantics("panda").groupStates().stream()
                .filter(g -> g.name().equals("ready"))
                .findFirst()
                .orElseThrow()
                .values();
        for (int j = 0; j < 7; j++) {
            assertEquals(ready.get("panda_joint" + (j + 1)), rows.get(0)[j + 1]);
            assertEquals(ready.get("panda_joint" + (j + 1)), rows.get(rows.size() - 1)[j + 1]);
        }
        for (int i = 0; i < rows.size(); i++) {
            if (i > 0) {
                assertTrue(rows.get(i)[0] > rows.get(i - 1)[0], "time increases");
            }
            for (int j = 0; j < 7; j++) {
                JointDescription jd = r.joint("panda_joint" + (j + 1)).orElseThrow();
                assertTrue(jd.limits().contains(rows.get(i)[j + 1]), "row " + i + " joint " + (j + 1));
            }
        }
        assertEquals("panda", Models.library().trajectoryRobot("panda_shelf_demo"));
        assertEquals("table_shelf", Models.library().trajectoryScene("panda_shelf_demo"));
    }

    @TempDir
    Path dir;

    @Test
    void loadsFromAJar() throws IOException {
        Path classes = Path.of(Models.urdf("panda")).getParent().getParent(); // .../io/collide4j/models
        Path base = classes.getParent().getParent().getParent();
        Path jar = dir.resolve("models.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
                Stream<Path> files = Files.walk(classes)) {
            for (Path p : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                out.putNextEntry(new JarEntry(base.relativize(p).toString().replace('\\', '/')));
                out.write(Files.readAllBytes(p));
                out.closeEntry();
            }
        }
        ModelLibrary lib = new ModelLibrary(URI.create("jar:" + jar.toUri() + "!/io/collide4j/models/"));
        for (String name : lib.robotNames()) {
            RobotDescription r = lib.robot(name);
            RobotDescription fromFolder = Models.robot(name);
            assertEquals(fromFolder.links().size(), r.links().size());
            for (LinkDescription l : r.links()) {
                for (GeometryElement c : l.collisions()) {
                    if (c.geometry() instanceof Geometry.Mesh m) {
                        assertTrue(
                                m.resolved().toString().startsWith("jar:"),
                                m.resolved().toString());
                        Geometry.Mesh f = (Geometry.Mesh) fromFolder
                                .link(l.name())
                                .orElseThrow()
                                .collisions()
                                .get(l.collisions().indexOf(c))
                                .geometry();
                        assertEquals(f.mesh().orElseThrow(), m.mesh().orElseThrow());
                    }
                }
            }
            assertEquals(Models.semantics(name), lib.semantics(name));
        }
        assertEquals(Models.sceneJson("table_shelf"), ModelLibrary.text(lib.scene("table_shelf")));
    }
}
