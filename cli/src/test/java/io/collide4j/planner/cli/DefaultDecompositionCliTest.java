package io.collide4j.planner.cli;

import static io.collide4j.planner.cli.MainTest.cli;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.collide4j.checker.robot.DecompositionMode;
import io.collide4j.planner.EllMesh;
import io.collide4j.planner.options.ExitCode;
import io.collide4j.planner.server.CollisionService;
import io.collide4j.planner.server.FileRoots;
import io.collide4j.planner.server.RequestContext;
import io.collide4j.planner.server.ServerLimits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The default decomposition of links far from convex, as the CLI and the server present it: a one-joint robot whose
 * link is an L-shaped slab (its hull is 7/6 of its volume: three unit squares against the 2 × 2 square less a corner
 * triangle) beside a cube link
 * (convex). The CLI names the L and why; {@code --no-decompose} keeps one hull; both options together are a usage error;
 * the server's {@code load} reports the decomposed links and its robot hash (what a certificate binds) tells the modes
 * apart.
 */
class DefaultDecompositionCliTest {
    static Path dir;
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @BeforeAll
    static void files(@TempDir Path tmp) throws Exception {
        dir = tmp;
        EllMesh.write(dir.resolve("ell.obj"));
        Files.writeString(dir.resolve("cube.obj"), """
                v 0 0 0
                v 1 0 0
                v 1 1 0
                v 0 1 0
                v 0 0 1
                v 1 0 1
                v 1 1 1
                v 0 1 1
                f 1 3 2
                f 1 4 3
                f 5 6 7
                f 5 7 8
                f 1 2 6
                f 1 6 5
                f 2 3 7
                f 2 7 6
                f 3 4 8
                f 3 8 7
                f 4 1 5
                f 4 5 8
                """);
        Files.writeString(dir.resolve("ell.urdf"), """
                <robot name="ell">
                  <link name="base"><collision><origin xyz="5 5 0"/><geometry><mesh filename="cube.obj"/></geometry></collision></link>
                  <link name="ell"><collision><geometry><mesh filename="ell.obj"/></geometry></collision></link>
                  <joint name="turn" type="revolute"><parent link="base"/><child link="ell"/><axis xyz="0 0 1"/>
                    <limit lower="-3.1" upper="3.1" effort="1" velocity="1"/></joint>
                </robot>
                """);
    }

    @Test
    void theCliNamesTheDecomposedLinkAndNoDecomposeTurnsItOff() {
        String urdf = dir.resolve("ell.urdf").toString();
        Object[] byDefault = cli("check", "--urdf", urdf, "--q", "0", "--scene", "none");
        assertEquals(ExitCode.FREE.status(), byDefault[0], (String) byDefault[2]);
        String note = ((String) byDefault[2])
                .lines()
                .filter(l -> l.startsWith("note: decomposed by default"))
                .findFirst()
                .orElseThrow(() -> new AssertionError(byDefault[2]));
        assertTrue(note.contains("ell (one hull adds 16.7 % volume to ell.obj)"), note);
        assertFalse(note.contains("base"), "the cube is convex: " + note);
        Object[] off = cli("check", "--urdf", urdf, "--q", "0", "--scene", "none", "--no-decompose");
        assertEquals(ExitCode.FREE.status(), off[0], (String) off[2]);
        assertFalse(((String) off[2]).contains("decomposed by default"), (String) off[2]);
        Object[] both = cli("check", "--urdf", urdf, "--q", "0", "--scene", "none", "--no-decompose", "--decompose");
        assertEquals(ExitCode.USAGE.status(), both[0]);
        assertTrue(((String) both[2]).contains("give --decompose or --no-decompose, not both"), (String) both[2]);
    }

    @Test
    void theServerReportsTheDecomposedLinksAndItsHashTellsTheModesApart() {
        FileRoots roots = FileRoots.of(List.of(dir));
        String urdf = dir.resolve("ell.urdf").toString();
        try (CollisionService concave = new CollisionService(roots, ServerLimits.defaults());
                CollisionService hulls =
                        new CollisionService(roots, ServerLimits.defaults(), DecompositionMode.HULLS)) {
            JsonNode d = load(concave, Map.of("urdf", urdf));
            JsonNode h = load(concave, Map.of("urdf", urdf, "decompose", false));
            JsonNode a = load(concave, Map.of("urdf", urdf, "decompose", true));
            JsonNode served = load(hulls, Map.of("urdf", urdf));
            assertEquals(1, d.get("decomposedByDefault").size(), d.toString());
            assertEquals("ell", d.get("decomposedByDefault").get(0).get("link").textValue());
            assertTrue(
                    d.get("decomposedByDefault")
                            .get(0)
                            .get("reason")
                            .textValue()
                            .contains("16.7 %"),
                    d.toString());
            assertEquals(0, h.get("decomposedByDefault").size());
            assertEquals(0, a.get("decomposedByDefault").size(), "decompose: true is every mesh, not the default");
            String hd = d.get("robotHash").textValue(), hh = h.get("robotHash").textValue();
            assertNotEquals(hd, hh, "the decomposed link is in the robot hash");
            assertNotEquals(hd, a.get("robotHash").textValue(), "the cube is decomposed too with decompose: true");
            assertEquals(hh, served.get("robotHash").textValue(), "serve --no-decompose: one hull per mesh");
        }
    }

    private static JsonNode load(CollisionService s, Map<String, ?> params) {
        return (JsonNode) s.handle("load", MAPPER.valueToTree(params), RequestContext.unbounded());
    }
}
