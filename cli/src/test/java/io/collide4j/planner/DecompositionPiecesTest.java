package io.collide4j.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.geometry.decomposition.DecompositionParameters;
import io.collide4j.checker.scene.Obstacle;
import io.collide4j.checker.scene.ObstacleShape;
import io.collide4j.checker.scene.Scene;
import io.collide4j.planner.options.ExitCode;
import io.collide4j.urdf.Pose;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A link whose collision mesh is an L-shaped prism, turning about z, next to a ball that sits in the L's
 * notch: its single hull swallows the ball, its decomposition does not. Exact clearance is 2-D
 * point-to-polygon distance (the ball's centre is in the prism's mid-plane).
 */
class DecompositionPiecesTest {
    /** L polygon, counter-clockwise. */
    static final double[][] L = {{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}};

    static final double BALL_X = 1.4, BALL_Y = 1.4, BALL_R = 0.1;
    static Path dir;

    @BeforeAll
    static void files(@TempDir Path tmp) throws Exception {
        dir = tmp;
        EllMesh.write(dir.resolve("ell.obj"));
        Files.writeString(dir.resolve("ell.urdf"), """
                <robot name="ell">
                  <link name="base"/>
                  <link name="ell"><collision><geometry><mesh filename="ell.obj"/></geometry></collision></link>
                  <joint name="turn" type="revolute"><parent link="base"/><child link="ell"/><axis xyz="0 0 1"/>
                    <limit lower="-3.1" upper="3.1" effort="1" velocity="1"/></joint>
                </robot>
                """);
    }

    private static Collide4j checker(boolean decomposed) {
        Collide4jBuilder b = Collide4j.builder()
                .urdf(dir.resolve("ell.urdf"))
                .scene(Scene.of(List.of(new Obstacle(
                        "ball", new ObstacleShape.Sphere(BALL_R), new Pose(BALL_X, BALL_Y, 0, 0, 0, 0, 1)))));
        if (decomposed) {
            b.decomposition(
                    DecompositionParameters.builder()
                            .maxConvexHulls(4)
                            .resolution(20_000)
                            .threads(1)
                            .build(),
                    null);
        } else {
            b.decompose(false); // the L is far from convex: by default it would be decomposed
        }
        return b.build();
    }

    /** Signed distance from the ball's centre, rotated into the L's frame by −q, to the L polygon (negative inside). */
    static double exactClearance(double q) {
        double c = Math.cos(q), s = Math.sin(q);
        double x = c * BALL_X + s * BALL_Y, y = -s * BALL_X + c * BALL_Y;
        boolean inside = (x >= 0 && x <= 2 && y >= 0 && y <= 1) || (x >= 0 && x <= 1 && y >= 0 && y <= 2);
        double best = Double.POSITIVE_INFINITY;
        for (int i = 0; i < L.length; i++) {
            double[] a = L[i], b = L[(i + 1) % L.length];
            double dx = b[0] - a[0], dy = b[1] - a[1];
            double t = Math.max(0, Math.min(1, ((x - a[0]) * dx + (y - a[1]) * dy) / (dx * dx + dy * dy)));
            best = Math.min(best, Math.hypot(x - a[0] - t * dx, y - a[1] - t * dy));
        }
        return (inside ? -best : best) - BALL_R;
    }

    @Test
    void decompositionClearsTheNotchAndStaysSound() {
        Collide4j hull = checker(false);
        Collide4j parts = checker(true);
        // at q = 0 the ball is 0.4 - 0.1 = 0.3 from the L, but inside its convex hull
        assertEquals(0.3, exactClearance(0), 1e-12);
        assertFalse(hull.isValid(new double[] {0}), "one hull covers the notch: a false alarm");
        assertTrue(parts.isValid(new double[] {0}), "the decomposition leaves the notch open");
        // without being asked: the L's hull (the 2 x 2 square less a corner triangle) is 3.5 / 3 of its area, past 1.10
        Collide4j byDefault = Collide4j.builder()
                .urdf(dir.resolve("ell.urdf"))
                .scene(hull.scene())
                .build();
        assertEquals(
                List.of("ell"),
                byDefault.decomposedByDefault().stream().map(c -> c.link()).toList());
        assertEquals(3.5 / 3, byDefault.decomposedByDefault().get(0).convexity().hullExcess(), 1e-9);
        assertTrue(byDefault.isValid(new double[] {0}), "the default leaves the notch open");
        assertEquals(List.of(), hull.decomposedByDefault());
        double lb = parts.stateValidityChecker().clearance(new double[] {0}).lowerBound();
        assertTrue(lb <= 0.3 + 1e-12 && lb > 0.2, "certified lower bound " + lb + " vs exact 0.3");
        SplittableRandom r = new SplittableRandom(2);
        int hullAlarms = 0, partAlarms = 0;
        for (int i = 0; i < 3000; i++) {
            double q = r.nextDouble(-3.1, 3.1);
            double exact = exactClearance(q);
            boolean ph = hull.isValid(new double[] {q}), pd = parts.isValid(new double[] {q});
            if (exact <= 0) {
                assertFalse(ph || pd, "false free at q = " + q + " (exact clearance " + exact + ")");
            } else {
                hullAlarms += ph ? 0 : 1;
                partAlarms += pd ? 0 : 1;
            }
        }
        assertTrue(
                partAlarms < hullAlarms,
                "decomposition must cut false alarms: " + partAlarms + " vs hull " + hullAlarms);
        // the planner sees the notch too: a motion turning the L around the ball from inside the notch stays valid
        assertTrue(parts.motionValidator().checkMotion(new double[] {-0.05}, new double[] {0.05}));
        assertFalse(hull.motionValidator().checkMotion(new double[] {-0.05}, new double[] {0.05}));
    }

    @Test
    void decomposeCommandWritesPiecesAndTheMargin() throws Exception {
        Path out = dir.resolve("pieces.obj");
        ByteArrayOutputStream o = new ByteArrayOutputStream(), e = new ByteArrayOutputStream();
        int code = io.collide4j.planner.cli.Main.run(
                new String[] {
                    "decompose",
                    dir.resolve("ell.obj").toString(),
                    "--out",
                    out.toString(),
                    "--max-hulls",
                    "4",
                    "--resolution",
                    "20000",
                    "--threads",
                    "1"
                },
                new PrintStream(o, true, StandardCharsets.UTF_8),
                new PrintStream(e, true, StandardCharsets.UTF_8));
        String text = o.toString(StandardCharsets.UTF_8);
        assertEquals(ExitCode.FREE.status(), code, text + e);
        assertTrue(text.contains("covering margin"), text);
        long objects =
                Files.readAllLines(out).stream().filter(l -> l.startsWith("o ")).count();
        assertTrue(
                objects >= 2 && objects <= 4,
                "an L needs at least two convex pieces, at most the 4 allowed: " + objects);
    }

    @Test
    void decomposeCommandRefusesAnOutOfRangeMaxExcessNamingTheOption() {
        for (String bad : new String[] {"-0.1", "11", "NaN", "Infinity"}) {
            ByteArrayOutputStream o = new ByteArrayOutputStream(), e = new ByteArrayOutputStream();
            int code = io.collide4j.planner.cli.Main.run(
                    new String[] {
                        "decompose",
                        dir.resolve("ell.obj").toString(),
                        "--out",
                        dir.resolve("never.obj").toString(),
                        "--max-excess",
                        bad
                    },
                    new PrintStream(o, true, StandardCharsets.UTF_8),
                    new PrintStream(e, true, StandardCharsets.UTF_8));
            String err = e.toString(StandardCharsets.UTF_8);
            assertEquals(ExitCode.USAGE.status(), code, bad + ": " + err);
            // out of range: the accepted range; not a finite number: the shared number converter says so
            assertTrue(
                    err.contains("--max-excess") && (err.contains("0..10") || err.contains("finite")),
                    bad + ": " + err);
            assertFalse(Files.exists(dir.resolve("never.obj")));
        }
    }
}
