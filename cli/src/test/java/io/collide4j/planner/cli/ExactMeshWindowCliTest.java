package io.collide4j.planner.cli;

import static io.collide4j.planner.cli.MainTest.cli;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.collide4j.planner.options.ExitCode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code certify --exact-meshes} then {@code verify} through the independent verifier, no fallback (issue 31): an
 * obstacle kept as an exact mesh, two open plates on either side of the Panda (4 triangles; the robot is inside
 * their hull, so no plane against the hull exists and the steps need per-triangle runs, verifier lemma E1). The
 * margin is put 50 µm below the certified clearance of panda_link5 to the near plate (found by bisection with
 * {@code check}), inside the tolerance band (100 µm), so the certifier settles the motion with Tight-Inclusion and the
 * window step carries triangle runs. A run dropped or a plane moved is refused, naming the step and the triangles; a
 * run of 7 numbers, a run past the last triangle, and a plane beside runs are refused too.
 */
class ExactMeshWindowCliTest {
    private static final String Q0 = "0.0,-0.785,0.0,-2.356,0.0,1.571,0.785";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void anExactMeshWindowVerifiesIndependentlyAndTamperingIsRefused() throws Exception {
        // plate "near" in y = 0.135 (about 5 mm from panda_link5 at Q0), plate "far" in y = -0.6: both 2 m squares,
        // x and z in [-0.5, 1.5], so every link lies between them
        StringBuilder stl = new StringBuilder("solid plates\n");
        for (double y : new double[] {0.135, -0.6}) {
            double[][] v = {{-0.5, y, -0.5}, {1.5, y, -0.5}, {1.5, y, 1.5}, {-0.5, y, 1.5}};
            for (int[] t : new int[][] {{0, 1, 2}, {0, 2, 3}}) {
                stl.append("facet normal 0 0 0\nouter loop\n");
                for (int k : t) {
                    stl.append(String.format(Locale.ROOT, "vertex %s %s %s%n", v[k][0], v[k][1], v[k][2]));
                }
                stl.append("endloop\nendfacet\n");
            }
        }
        Files.writeString(
                dir.resolve("plates.stl"), stl.append("endsolid plates\n").toString());
        String scene = Files.writeString(
                        dir.resolve("scene.json"),
                        "{\"format\": \"collide4j-scene/1\", \"name\": \"plates\","
                                + " \"objects\": [{\"name\": \"plates\", \"type\": \"mesh_file\", \"file\": \"plates.stl\","
                                + " \"pose\": {\"xyz\": [0, 0, 0], \"quaternion\": [0, 0, 0, 1]}}]}")
                .toString();
        // joint 1 turns 1e-7 rad: link5 moves about 5e-8 m, far less than the 50 µm the window leaves
        String trajectory = Files.writeString(
                        dir.resolve("t.csv"),
                        "time,panda_joint1,panda_joint2,panda_joint3,"
                                + "panda_joint4,panda_joint5,panda_joint6,panda_joint7\n0.0," + Q0 + "\n1.0,0.0000001"
                                + Q0.substring(3)
                                + "\n")
                .toString();

        // the certified clearance at Q0, to 5 µm: check is VALID exactly when it exceeds the margin
        double lo = 0, hi = 0.02;
        while (hi - lo > 5e-6) {
            double m = (lo + hi) / 2;
            Object[] r =
                    cli("check", "-q", "--q", Q0, "--scene", scene, "--exact-meshes", "--margin", Double.toString(m));
            if ((int) r[0] == ExitCode.FREE.status()) {
                lo = m;
            } else {
                hi = m;
            }
        }
        assertTrue(lo > 0.001 && hi < 0.01, "the near plate is a few mm from the arm: " + lo);
        String margin = String.format(Locale.ROOT, "%.6f", lo - 5e-5);

        String cert = dir.resolve("c.json").toString();
        Object[] c = cli(
                "certify",
                "--robot",
                "panda",
                "--scene",
                scene,
                "--trajectory",
                trajectory,
                "--exact-meshes",
                "--margin",
                margin,
                "--certificate",
                cert,
                "--report",
                dir.resolve("r.html").toString());
        assertEquals(ExitCode.FREE.status(), c[0], (String) c[1] + c[2]);
        JsonNode doc = JSON.readTree(Path.of(cert).toFile());
        JsonNode plates = doc.get("witness").get("obstacles").get(0);
        assertEquals("mesh", plates.get("shape").asText());
        assertEquals(4, plates.get("triangles").size());
        assertEquals(8, plates.get("vertices").size());
        // the Tight-Inclusion window (lb -1) of panda_link5 and the plates carries runs tiling triangles 0..3
        ObjectNode window = null;
        for (JsonNode pair : doc.get("segments").get(0)) {
            if (pair.get("pair").get(0).asText().equals("panda_link5")
                    && pair.get("pair").get(2).asText().equals("plates")) {
                window = (ObjectNode) pair;
            }
        }
        assertNotNull(window, doc.get("segments").toString());
        assertEquals(-1.0, window.get("lb").get(0).asDouble(), window.toString());
        assertTrue(window.get("planes").get(0).isNull(), window.toString());
        ArrayNode runs = (ArrayNode) window.get("windows").get(0);
        int next = 0;
        for (JsonNode r : runs) {
            assertEquals(next, r.get(0).asInt(), runs.toString());
            next = r.get(1).asInt() + 1;
        }
        assertEquals(4, next, runs.toString());
        assertTrue(runs.size() >= 2, "the plates are on opposite sides: one plane cannot hold both " + runs);

        // the independent verifier proves it (open plates: no solid, nothing assumed); the recompute verifier agrees
        Object[] v = cli(
                "verify", "--certificate", cert, "--robot", "panda", "--scene", scene, "--exact-meshes", "--strict");
        assertEquals(ExitCode.FREE.status(), v[0], (String) v[1] + v[2]);
        assertTrue(((String) v[1]).contains(VerifyCommand.INDEPENDENT), (String) v[1]);
        Object[] rv = cli(
                "verify",
                "--certificate",
                cert,
                "--robot",
                "panda",
                "--scene",
                scene,
                "--exact-meshes",
                "--verifier",
                "recompute");
        assertEquals(ExitCode.FREE.status(), rv[0], (String) rv[1] + rv[2]);

        // a run dropped: its triangles have no plane
        ObjectNode dropped = doc.deepCopy();
        ArrayNode droppedRuns = (ArrayNode) find(dropped).get("windows").get(0);
        JsonNode lastRun = droppedRuns.remove(droppedRuns.size() - 1);
        String refused = refusal(dropped, scene);
        assertTrue(
                refused.contains("segment 0 pair")
                        && refused.contains("step 0")
                        && refused.contains(
                                "triangle " + lastRun.get(0).asInt() + " of exact mesh 'plates' has no plane"),
                refused);

        // the first run's plane moved so that a corner of its triangles lies 1 mm inside the band n·y < c + gB
        ObjectNode moved = doc.deepCopy();
        ArrayNode movedRuns = (ArrayNode) find(moved).get("windows").get(0);
        ArrayNode near = null;
        for (JsonNode r : movedRuns) {
            if (r.get(0).asInt() == 0) {
                near = (ArrayNode) r;
            }
        }
        assertNotNull(near, movedRuns.toString());
        double least = Double.POSITIVE_INFINITY;
        for (int t = 0; t <= near.get(1).asInt(); t++) {
            for (JsonNode corner : plates.get("triangles").get(t)) {
                JsonNode xyz = plates.get("vertices").get(corner.asInt());
                double dot = 0;
                for (int k = 0; k < 3; k++) {
                    dot += near.get(2 + k).asDouble() * xyz.get(k).asDouble();
                }
                least = Math.min(least, dot);
            }
        }
        double norm = Math.sqrt(Math.pow(near.get(2).asDouble(), 2)
                + Math.pow(near.get(3).asDouble(), 2)
                + Math.pow(near.get(4).asDouble(), 2));
        near.set(5, least - near.get(7).asDouble() + 0.001 * norm);
        refused = refusal(moved, scene);
        assertTrue(
                refused.contains("step 0")
                        && refused.contains("triangles 0.." + near.get(1).asInt() + " of exact mesh 'plates'"),
                refused);
        structureRefusals((ObjectNode) doc, e -> refusal(e, scene));
    }

    /** Malformed or contradictory windows are refused by the strict readers, naming the field. */
    static void structureRefusals(ObjectNode doc, java.util.function.Function<ObjectNode, String> refusal) {
        // a run of 7 numbers
        ObjectNode shortRun = doc.deepCopy();
        ((ArrayNode) find(shortRun).get("windows").get(0).get(0)).remove(7);
        String refused = refusal.apply(shortRun);
        assertTrue(refused.contains("windows[0][0]") && refused.contains("firstTriangle"), refused);
        // a run that ends past the last triangle
        ObjectNode past = doc.deepCopy();
        ArrayNode runs = (ArrayNode) find(past).get("windows").get(0);
        ((ArrayNode) runs.get(runs.size() - 1)).set(1, 4);
        refused = refusal.apply(past);
        assertTrue(refused.contains("step 0") && refused.contains("runs must cover 0..3"), refused);
        // a plane and runs on the same step
        ObjectNode both = doc.deepCopy();
        ((ArrayNode) find(both).get("planes"))
                .set(
                        0,
                        JSON.createArrayNode()
                                .add(0)
                                .add(1)
                                .add(0)
                                .add(0.2)
                                .add(0.01)
                                .add(0.01));
        refused = refusal.apply(both);
        assertTrue(refused.contains("one proof per step"), refused);
    }

    private static ObjectNode find(ObjectNode doc) {
        for (JsonNode pair : doc.get("segments").get(0)) {
            if (pair.get("pair").get(0).asText().equals("panda_link5")
                    && pair.get("pair").get(2).asText().equals("plates")) {
                return (ObjectNode) pair;
            }
        }
        throw new AssertionError("no panda_link5 / plates pair");
    }

    /** What {@code verify} (independent verifier) prints refusing the edited certificate; exit 65 asserted. */
    private String refusal(ObjectNode edited, String scene) {
        Path f = dir.resolve("edited.json");
        try {
            JSON.writeValue(f.toFile(), edited);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        Object[] r =
                cli("verify", "--certificate", f.toString(), "--robot", "panda", "--scene", scene, "--exact-meshes");
        assertEquals(ExitCode.DATA_ERROR.status(), r[0], (String) r[1] + r[2]);
        return (String) r[1] + r[2];
    }
}
