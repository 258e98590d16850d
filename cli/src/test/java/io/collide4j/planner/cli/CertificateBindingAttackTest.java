package io.collide4j.planner.cli;

import static io.collide4j.planner.cli.MainTest.cli;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.collide4j.planner.options.ExitCode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The six classes of forged certificates of issue 34, each refused by both verifiers through the binding stage (the
 * held joints also against a robot hash taken from the forged-for robot). The robot is arm3 (test resources
 * binding/): with the block of arm3_scene.json across link1 when j1 = 0, {@code certify} itself refutes the claim a
 * forgery makes (exit 1, VIOLATION), which is the independent fact that the forged claim is false; with j1 = -0.5
 * the sweep of j2 is free (exit 0).
 */
class CertificateBindingAttackTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path dir;

    static Path urdf, srdf, scene, sweep;

    @BeforeAll
    static void inputs() throws IOException {
        urdf = copy("arm3.urdf");
        srdf = copy("arm3.srdf");
        scene = copy("arm3_scene.json");
        sweep = copy("arm3_sweep.csv");
    }

    static Path copy(String name) throws IOException {
        try (InputStream in = CertificateBindingAttackTest.class.getResourceAsStream("/binding/" + name)) {
            Path p = dir.resolve(name);
            Files.copy(in, p, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            return p;
        }
    }

    /** The robot and scene options of arm3 plus {@code extra}. */
    static List<String> options(String... extra) {
        List<String> o = new ArrayList<>(List.of(
                "--urdf",
                urdf.toString(),
                "--srdf",
                srdf.toString(),
                "--group",
                "arm",
                "--scene",
                scene.toString(),
                "--margin",
                "0.05"));
        o.addAll(List.of(extra));
        return o;
    }

    /** certify with the options; the certificate as a tree, after checking the exit code. */
    static ObjectNode certify(String name, int expectedExit, String... extra) throws IOException {
        Path cert = dir.resolve(name + ".json");
        List<String> argv = new ArrayList<>(List.of(
                "certify",
                "--trajectory",
                sweep.toString(),
                "--certificate",
                cert.toString(),
                "--report",
                dir.resolve(name + ".html").toString()));
        argv.addAll(options(extra));
        Object[] r = cli(argv.toArray(String[]::new));
        assertEquals(expectedExit, r[0], name + ": " + r[1] + r[2]);
        return (ObjectNode) JSON.readTree(cert.toFile());
    }

    /** verify with both verifiers; each must refuse with exit 65 and say {@code expected} on stdout. */
    static void refusedByBoth(ObjectNode forged, String name, String expected, String... extra) throws IOException {
        Path f = dir.resolve(name + "-forged.json");
        JSON.writeValue(f.toFile(), forged);
        for (String which : List.of("independent", "recompute")) {
            List<String> argv = new ArrayList<>(List.of("verify", "--certificate", f.toString(), "--verifier", which));
            argv.addAll(options(extra));
            Object[] r = cli(argv.toArray(String[]::new));
            assertEquals(ExitCode.DATA_ERROR.status(), r[0], name + " (" + which + "): " + r[1] + r[2]);
            assertTrue(
                    ((String) r[1]).contains(expected),
                    name + " (" + which + ") should say '" + expected + "': " + r[1]);
            assertTrue(!((String) r[1]).contains("(VALID certificate"), (String) r[1]);
        }
    }

    /** verify with both verifiers: each must accept (exit 0). */
    static void validForBoth(ObjectNode cert, String name, String... extra) throws IOException {
        Path f = dir.resolve(name + "-honest.json");
        JSON.writeValue(f.toFile(), cert);
        for (String which : List.of("independent", "recompute")) {
            List<String> argv = new ArrayList<>(List.of("verify", "--certificate", f.toString(), "--verifier", which));
            argv.addAll(options(extra));
            Object[] r = cli(argv.toArray(String[]::new));
            assertEquals(ExitCode.FREE.status(), r[0], name + " (" + which + "): " + r[1] + r[2]);
            assertTrue(
                    ((String) r[1])
                            .contains(
                                    List.of(extra).contains("--trajectory")
                                            ? "(bound to "
                                            : "(the certificate's own; --trajectory FILE binds it to a file)"),
                    (String) r[1]);
        }
    }

    @Test
    void heldJointsAreBoundToTheHoldGiven() throws IOException {
        ObjectNode free = certify("hold-free", ExitCode.FREE.status(), "--hold", "j1=-0.5");
        ObjectNode colliding = certify("hold-zero", ExitCode.VIOLATION.status(), "--hold", "j1=0");
        validForBoth(free, "hold-free", "--hold", "j1=-0.5");
        ObjectNode forged = free.deepCopy();
        forged.put("robotHash", colliding.get("robotHash").textValue());
        refusedByBoth(forged, "hold", "joint j1 is outside the planning group and held at 0.0", "--hold", "j1=0");
        // the default hold (0, no --hold) is bound the same way
        refusedByBoth(forged, "hold-default", "held at 0.0");
        // moving the held value into witness.held instead of the column is no way round
        ObjectNode moved = free.deepCopy();
        ((ObjectNode) moved.get("witness")).putObject("held").put("j1", 0.0);
        refusedByBoth(moved, "held-section", "witness.held", "--hold", "j1=-0.5");
    }

    @Test
    void paddingAndScaleAreBoundToTheOptions() throws IOException {
        ObjectNode plain = certify("plain", ExitCode.FREE.status(), "--hold", "j1=-0.5");
        ObjectNode padded =
                certify("padded", ExitCode.VIOLATION.status(), "--hold", "j1=-0.5", "--padding", "link1=0.2");
        ObjectNode scaled = certify("scaled", ExitCode.VIOLATION.status(), "--hold", "j1=-0.5", "--scale", "link1=4");
        ObjectNode forged = plain.deepCopy();
        forged.put("robotHash", padded.get("robotHash").textValue());
        refusedByBoth(
                forged, "padding", "witness.pieces.link1[0].padding", "--hold", "j1=-0.5", "--padding", "link1=0.2");
        forged = plain.deepCopy();
        forged.put("robotHash", scaled.get("robotHash").textValue());
        refusedByBoth(forged, "scale", "witness.pieces.link1[0].scale", "--hold", "j1=-0.5", "--scale", "link1=4");
    }

    @Test
    void jointOrderIsBound() throws IOException {
        ObjectNode free = certify("order", ExitCode.FREE.status(), "--hold", "j1=-0.5");
        ObjectNode forged = free.deepCopy();
        ArrayNode joints = (ArrayNode) forged.get("witness").get("joints");
        assertEquals("[\"j1\",\"j2\"]", joints.toString());
        joints.removeAll().add("j2").add("j1");
        refusedByBoth(forged, "order", "witness.joints[0]", "--hold", "j1=-0.5");
    }

    @Test
    void theTrajectoryHashIsRecomputedAndBoundToTheFileGiven() throws IOException {
        ObjectNode free = certify("traj", ExitCode.FREE.status(), "--hold", "j1=-0.5");
        ObjectNode colliding = certify("traj-zero", ExitCode.VIOLATION.status(), "--hold", "j1=0");
        ObjectNode forged = free.deepCopy();
        forged.put("trajectoryHash", colliding.get("trajectoryHash").textValue());
        refusedByBoth(forged, "hash", "trajectoryHash: the certificate states", "--hold", "j1=-0.5");
        forged = free.deepCopy();
        ((ArrayNode) forged.get("waypoints").get(1)).set(1, 0.25); // j2 at t = 1 edited, the hash kept
        refusedByBoth(forged, "waypoint", "trajectoryHash", "--hold", "j1=-0.5");
        forged = free.deepCopy();
        ((ArrayNode) forged.get("times")).set(2, 2.5);
        refusedByBoth(forged, "times", "trajectoryHash", "--hold", "j1=-0.5");
        // the honest certificate against another trajectory file: refused; against its own: valid
        Path other = Files.writeString(dir.resolve("other.csv"), "time,j2\n0.0,-0.5\n1.0,0.0\n2.0,0.6\n");
        refusedByBoth(
                free,
                "other-file",
                "not those of the --trajectory file",
                "--hold",
                "j1=-0.5",
                "--trajectory",
                other.toString());
        validForBoth(free, "own-file", "--hold", "j1=-0.5", "--trajectory", sweep.toString());
        // a trajectory file that is missing (66) or does not fit the planning group (65, naming the file)
        Path honest = dir.resolve("own-file-honest.json");
        List<String> argv = new ArrayList<>(List.of(
                "verify",
                "--certificate",
                honest.toString(),
                "--trajectory",
                dir.resolve("missing.csv").toString()));
        argv.addAll(options("--hold", "j1=-0.5"));
        Object[] missing = cli(argv.toArray(String[]::new));
        assertEquals(ExitCode.NO_INPUT.status(), missing[0], (String) missing[1] + missing[2]);
        assertTrue(
                ((String) missing[2]).contains("--trajectory") && ((String) missing[2]).contains("missing.csv"),
                (String) missing[2]);
        Path wrong = Files.writeString(dir.resolve("wrong.csv"), "time,j9\n0.0,0.1\n1.0,0.2\n");
        argv.set(4, wrong.toString());
        Object[] bad = cli(argv.toArray(String[]::new));
        assertEquals(ExitCode.DATA_ERROR.status(), bad[0], (String) bad[1] + bad[2]);
        assertTrue(((String) bad[2]).contains("wrong.csv"), (String) bad[2]);
    }

    @Test
    void clearanceClaimsAndStepBoundsAreProven() throws IOException {
        ObjectNode free = certify("claims", ExitCode.FREE.status(), "--hold", "j1=-0.5");
        JsonNode claims = free.get("pairClearance");
        assertTrue(claims.size() > 0, "the free certificate claims clearances: " + free);
        String key = claims.fieldNames().next();
        // the pair is listed in both segments; drop it from the one where it is closest and keep the claim
        ArrayNode segments = (ArrayNode) free.get("segments");
        int closest = -1;
        double least = Double.POSITIVE_INFINITY;
        for (int i = 0; i < segments.size(); i++) {
            for (JsonNode p : segments.get(i)) {
                if (key.equals(pairKey(p.get("pair")))) {
                    for (JsonNode pl : p.get("planes")) {
                        double n = Math.sqrt(pl.get(0).doubleValue() * pl.get(0).doubleValue()
                                + pl.get(1).doubleValue() * pl.get(1).doubleValue()
                                + pl.get(2).doubleValue() * pl.get(2).doubleValue());
                        double shown = (pl.get(4).doubleValue() + pl.get(5).doubleValue()) / n;
                        if (shown < least) {
                            least = shown;
                            closest = i;
                        }
                    }
                }
            }
        }
        assertTrue(closest >= 0, key + " is listed");
        ObjectNode forged = free.deepCopy();
        ArrayNode seg = (ArrayNode) forged.get("segments").get(closest);
        for (Iterator<JsonNode> it = seg.iterator(); it.hasNext(); ) {
            if (key.equals(pairKey(it.next().get("pair")))) {
                it.remove();
            }
        }
        refusedByBoth(forged, "unlisted-claim", "exceeds what the", "--hold", "j1=-0.5");
        // a step's lower bound raised beyond anything the pair's planes or the scene allow
        forged = free.deepCopy();
        ObjectNode first = (ObjectNode) forged.get("segments").get(0).get(0);
        ((ArrayNode) first.get("lb")).set(0, 10.0);
        refusedByBoth(forged, "lb", "lower bound", "--hold", "j1=-0.5");
        // verify prints the least clearance it proved, which is at most what the file claims
        Path f = dir.resolve("claims-honest.json");
        JSON.writeValue(f.toFile(), free);
        List<String> argv = new ArrayList<>(List.of("verify", "--certificate", f.toString()));
        argv.addAll(options("--hold", "j1=-0.5"));
        Object[] r = cli(argv.toArray(String[]::new));
        assertEquals(ExitCode.FREE.status(), r[0], (String) r[1] + r[2]);
        assertTrue(
                ((String) r[1]).contains("proven:  clearance >= ")
                        && ((String) r[1]).contains("as the planes prove it"),
                (String) r[1]);
        argv.addAll(List.of("--verifier", "recompute"));
        r = cli(argv.toArray(String[]::new));
        assertEquals(ExitCode.FREE.status(), r[0], (String) r[1] + r[2]);
        assertTrue(
                ((String) r[1]).contains("proven:  clearance >= ")
                        && ((String) r[1]).contains("as the fresh steps prove it"),
                (String) r[1]);
    }

    static String pairKey(JsonNode t) {
        return t.get(0).textValue() + "#" + t.get(1).intValue() + "|"
                + (t.get(4).booleanValue() ? "env:" : "") + t.get(2).textValue() + "#"
                + t.get(3).intValue();
    }
}
