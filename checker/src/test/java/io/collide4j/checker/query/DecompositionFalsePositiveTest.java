package io.collide4j.checker.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.robot.ConvexPieceProvider;
import io.collide4j.checker.robot.PrecomputedPieces;
import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.MbmData;
import io.collide4j.checker.scene.MotionPlanRequest;
import io.collide4j.checker.scene.MoveItSceneLoader;
import io.collide4j.checker.scene.Scene;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.urdf.Geometry;
import io.collide4j.urdf.RobotDescription;
import java.net.MalformedURLException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * One convex hull per link versus the bundled precomputed convex decompositions (models module files,
 * read from the source tree, verified against the meshes on load), both judged by the exact-triangle
 * oracle on MotionBenchMaker scenes: a false positive is "colliding" where the exact meshes are free,
 * a false negative "free" where they collide. Both models must have no false negatives, and the
 * decomposition no more false positives than the hulls. Nothing forces the latter (the pieces'
 * union is not a subset of the link hull: each piece carries its own measured margin), so it is a
 * measured fact. Rates are false positives per exactly-free configuration.
 */
class DecompositionFalsePositiveTest {

    private static PrecomputedPieces bundled(String robot) {
        Path root = MbmData.testData().toAbsolutePath().getParent().getParent();
        Path index =
                root.resolve("models/src/main/resources/io/collide4j/models/" + robot + "/decomposition/index.json");
        try {
            return PrecomputedPieces.load(index.toUri().toURL(), (m, what) -> {
                throw new AssertionError("bundled decomposition lacks " + what);
            });
        } catch (MalformedURLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static RobotCollisionModel model(
            RobotDescription d, boolean panda, ConvexPieceProvider pieces, String name) {
        RobotCollisionModel.Builder b = RobotCollisionModel.builder(d, KinematicModel.of(d));
        if (panda) {
            String scene = MbmData.pandaProblems().get("problems/bookshelf_small_panda/scene0001.yaml");
            MoveItSceneLoader.parse("scene0001.yaml", scene)
                    .allowedCollisions()
                    .forEach(p -> b.allow(p.first(), p.second()));
        }
        if (pieces != null) {
            b.pieces(pieces, name);
        }
        return b.build();
    }

    private record Counts(int configurations, int oracleFree, int hullFp, int decompFp, int hullFn, int decompFn) {
        Counts plus(Counts o) {
            return new Counts(
                    configurations + o.configurations,
                    oracleFree + o.oracleFree,
                    hullFp + o.hullFp,
                    decompFp + o.decompFp,
                    hullFn + o.hullFn,
                    decompFn + o.decompFn);
        }

        double hullRate() {
            return (double) hullFp / oracleFree;
        }

        double decompRate() {
            return (double) decompFp / oracleFree;
        }
    }

    /** Half-width (rad, largest joint change) of the shell sampled around a model's contact boundary. */
    static final double WINDOW = 0.02;

    static void lerp(double[] a, double[] b, double s, double[] dest) {
        for (int j = 0; j < dest.length; j++) {
            dest[j] = a[j] + s * (b[j] - a[j]);
        }
    }

    /** Both models and the oracle on one scene. */
    private static final class Judge {
        final CollisionChecker hull, decomp;
        final QueryContext xh, xd;
        final MeshOracle oracle;
        int n, free, hFp, dFp, hFn, dFn;

        Judge(RobotCollisionModel hull, RobotCollisionModel decomp, RobotDescription d, Scene s) {
            this.hull = CollisionChecker.of(hull, s);
            this.decomp = CollisionChecker.of(decomp, s);
            xh = this.hull.newContext();
            xd = this.decomp.newContext();
            oracle = new MeshOracle(hull, d, s);
        }

        /** Classifies q; the exact oracle runs unless both models report free and {@code trustFree}. */
        void judge(double[] q, boolean trustFree) {
            boolean h = hull.isFree(q, 0, xh), dec = decomp.isFree(q, 0, xd);
            if (h && dec && trustFree) {
                return;
            }
            n++;
            oracle.set(q);
            if (!oracle.violates(0)) {
                free++;
                hFp += h ? 0 : 1;
                dFp += dec ? 0 : 1;
            } else {
                hFn += h ? 1 : 0;
                dFn += dec ? 1 : 0;
            }
        }

        /**
         * A near-contact state of one model: bisects (20 steps) between a configuration the model finds
         * free and one it finds colliding to locate that model's contact boundary s* on the segment, then
         * judges the configuration at a uniformly random s within {@link #WINDOW} rad (largest joint
         * change) of s*: a shell around the contact where the two models can differ.
         */
        boolean boundary(double[] qFree, double[] qHit, boolean useHull, Random rnd) {
            CollisionChecker c = useHull ? hull : decomp;
            QueryContext x = useHull ? xh : xd;
            if (!c.isFree(qFree, 0, x) || c.isFree(qHit, 0, x)) {
                return false;
            }
            double lo = 0, hi = 1, span = 0;
            double[] q = new double[qFree.length];
            for (int j = 0; j < q.length; j++) {
                span = Math.max(span, Math.abs(qHit[j] - qFree[j]));
            }
            for (int i = 0; i < 20; i++) {
                double mid = (lo + hi) / 2;
                lerp(qFree, qHit, mid, q);
                if (c.isFree(q, 0, x)) {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            double w = WINDOW / span;
            lerp(qFree, qHit, Math.min(1, Math.max(0, hi + w * (2 * rnd.nextDouble() - 1))), q);
            judge(q, false);
            return true;
        }

        Counts counts() {
            return new Counts(n, free, hFp, dFp, hFn, dFn);
        }
    }

    /**
     * Near-contact states found alternately on each model's contact boundary (so neither model's
     * boundary is favoured), from random configuration pairs in each scene.
     */
    private static Counts boundaryStates(List<Judge> judges, KinematicModel k, int perScene, long seed) {
        Random rnd = new Random(seed);
        Counts total = new Counts(0, 0, 0, 0, 0, 0);
        for (Judge j : judges) {
            int found = 0;
            for (int tries = 0; found < perScene && tries < 50 * perScene; tries++) {
                double[] a = DiscreteOracleTest.randomConfiguration(k, rnd);
                double[] b = DiscreteOracleTest.randomConfiguration(k, rnd);
                if (j.boundary(a, b, found % 2 == 0, rnd)) {
                    found++;
                }
            }
            total = total.plus(j.counts());
        }
        return total;
    }

    private static void check(
            String robot, String what, Counts c, RobotCollisionModel hull, RobotCollisionModel decomp) {
        System.out.printf(
                "[decomposition-fp] %s, %s: %d configurations judged, %d free by the exact meshes; false"
                        + " positives: one hull per link %d (%.2f%%, %d pieces), decomposition %d (%.2f%%, %d pieces);"
                        + " false negatives %d / %d%n",
                robot,
                what,
                c.configurations,
                c.oracleFree,
                c.hullFp,
                100 * c.hullRate(),
                hull.pieceCount(),
                c.decompFp,
                100 * c.decompRate(),
                decomp.pieceCount(),
                c.hullFn,
                c.decompFn);
        assertEquals(0, c.hullFn, robot + ": one-hull model missed an exact collision");
        assertEquals(0, c.decompFn, robot + ": decomposition model missed an exact collision");
        assertTrue(
                c.decompFp <= c.hullFp,
                robot + ": decomposition has more false positives (" + c.decompFp + ") than one hull per link ("
                        + c.hullFp + ")");
    }

    @Test
    void pandaDecompositionCutsFalsePositivesOnMbmStates() {
        RobotDescription d = TestRobots.pandaDescription();
        PrecomputedPieces pre = bundled("panda");
        Geometry.Mesh link6 = (Geometry.Mesh)
                d.link("panda_link6").orElseThrow().collisions().get(0).geometry();
        assertTrue(pre.knows(link6.mesh().orElseThrow()), "bundled decomposition must match the test-data link6 mesh");
        RobotCollisionModel hull = model(d, true, null, null);
        RobotCollisionModel decomp = model(d, true, pre, pre.name());
        assertTrue(decomp.pieceCount() > hull.pieceCount(), "link6 should decompose into several pieces");
        KinematicModel k = hull.kinematics();
        // 1. every MBM start and goal state (generated valid against the meshes by MotionBenchMaker):
        //    the oracle judges each state either model reports colliding
        List<Judge> judges = new ArrayList<>();
        Counts mbm = new Counts(0, 0, 0, 0, 0, 0);
        int states = 0, sceneNo = 0;
        for (Map.Entry<String, String> e : MbmData.pandaProblems().entrySet()) {
            if (!e.getKey().contains("/scene")) {
                continue;
            }
            Scene scene = sceneOf(e);
            MotionPlanRequest r = MotionPlanRequest.parse(
                    e.getKey(), MbmData.pandaProblems().get(e.getKey().replace("/scene", "/request")));
            CollisionChecker ch = CollisionChecker.of(hull, scene), cd = CollisionChecker.of(decomp, scene);
            QueryContext xh = ch.newContext(), xd = cd.newContext();
            Judge j = null;
            for (double[] q : r.startAndGoal(k.variableNames())) {
                states++;
                if (!ch.isFree(q, 0, xh) || !cd.isFree(q, 0, xd)) {
                    j = j != null ? j : new Judge(hull, decomp, d, scene);
                    j.judge(q, false);
                }
            }
            if (j != null) {
                mbm = mbm.plus(j.counts());
            }
            if (sceneNo++ % 50 == 0) {
                judges.add(new Judge(hull, decomp, d, scene));
            }
        }
        assertEquals(1400, states);
        // states both models call free count as exactly free (MotionBenchMaker generated them valid against
        // the meshes; DiscreteOracleTest checks the hull model's free answers against the oracle)
        int oracleColliding = mbm.configurations - mbm.oracleFree;
        mbm = new Counts(states, states - oracleColliding, mbm.hullFp, mbm.decompFp, mbm.hullFn, mbm.decompFn);
        check(
                "panda",
                "1400 MBM start/goal states (oracle on states either model reports colliding)",
                mbm,
                hull,
                decomp);
        // 2. near-contact states in 14 MBM scenes (2 per family), judged by the oracle in full
        Counts near = boundaryStates(judges, k, 60, 7);
        check("panda", "near-contact states on either model's boundary", near, hull, decomp);
        assertTrue(near.oracleFree > 100, "too few exactly-free near-contact states: " + near.oracleFree);
        assertTrue(
                near.decompFp < near.hullFp,
                "panda: decomposition should cut false positives near contact, hull " + near.hullFp
                        + " vs decomposition " + near.decompFp);
    }

    private static Scene sceneOf(Map.Entry<String, String> e) {
        return MoveItSceneLoader.parse(e.getKey(), e.getValue()).scene();
    }

    @Test
    void ur5eDecompositionNeverAddsFalsePositives() {
        RobotDescription d = TestRobots.ur5eDescription();
        PrecomputedPieces pre = bundled("ur5e");
        RobotCollisionModel hull = model(d, false, null, null);
        RobotCollisionModel decomp = model(d, false, pre, pre.name());
        List<Judge> judges = new ArrayList<>();
        for (Scene s : DiscreteOracleTest.mbmScenes(50)) {
            judges.add(new Judge(hull, decomp, d, s));
        }
        Counts near = boundaryStates(judges, hull.kinematics(), 30, 8);
        check("ur5e", "near-contact states on either model's boundary", near, hull, decomp);
        assertTrue(near.oracleFree > 100, "too few exactly-free near-contact states: " + near.oracleFree);
    }

    /**
     * example-robot-data's UR5, whose collision meshes are concave (one hull adds 6–55 % volume per link), loaded
     * as a user would (package://example-robot-data/... found by folder name, no package root given) and
     * decomposed through the provider {@code --decompose} uses ({@link io.collide4j.checker.robot.DecompositionPieces}
     * with a cache): 0 false negatives, and fewer false positives than one hull per link near contact. The
     * oracle models meshes only, so the 1 cm box of {@code ee_link} is left out of both models. Fast default: at
     * most 6 pieces per mesh at resolution 10,000 and 30 near-contact states per scene; the full
     * run ({@code -Pslow}) uses --decompose's default parameters (about 2.5 min on 2 cores) and 720 states per scene
     * (≥ 10^4 states over the 14 scenes).
     */
    @Test
    void ur5WithConcaveLinksDecomposedLikeTheCliCutsFalsePositives(@org.junit.jupiter.api.io.TempDir Path cache) {
        ur5WithConcaveLinksDecomposed(cache, false);
    }

    @Test
    @Tag("slow")
    void ur5WithConcaveLinksDecomposedLikeTheCliCutsFalsePositivesInFull(@org.junit.jupiter.api.io.TempDir Path cache) {
        ur5WithConcaveLinksDecomposed(cache, true);
    }

    /** {@code full}: --decompose's default parameters and 720 states per scene, else the fast sample above. */
    private void ur5WithConcaveLinksDecomposed(Path cache, boolean full) {
        Path urdf = MbmData.testData().resolve("example-robot-data/robots/ur_description/urdf/ur5_robot.urdf");
        RobotDescription parsed = io.collide4j.urdf.UrdfParser.create().parse(urdf);
        List<io.collide4j.urdf.LinkDescription> links = new ArrayList<>();
        for (io.collide4j.urdf.LinkDescription l : parsed.links()) {
            links.add(new io.collide4j.urdf.LinkDescription(
                    l.name(),
                    l.collisions().stream()
                            .filter(g -> g.geometry() instanceof Geometry.Mesh)
                            .toList(),
                    l.visuals()));
        }
        RobotDescription d =
                new RobotDescription(parsed.name(), parsed.source(), parsed.rootLink(), links, parsed.joints());
        io.collide4j.checker.geometry.decomposition.DecompositionParameters params = full
                ? io.collide4j.checker.geometry.decomposition.DecompositionParameters.defaults()
                : io.collide4j.checker.geometry.decomposition.DecompositionParameters.builder()
                        .maxConvexHulls(6)
                        .resolution(10_000)
                        .build();
        io.collide4j.checker.robot.DecompositionPieces pieces =
                io.collide4j.checker.robot.DecompositionPieces.cached(params, cache);
        RobotCollisionModel hull = model(d, false, null, null);
        long t0 = System.nanoTime();
        RobotCollisionModel decomp = model(d, false, pieces, pieces.name());
        System.out.printf(
                "[decomposition-fp] ur5: decomposed %d links into %d pieces in %.1f s%n",
                hull.bodyCount(), decomp.pieceCount(), (System.nanoTime() - t0) / 1e9);
        assertTrue(decomp.pieceCount() > hull.pieceCount(), "concave UR5 links should decompose into several pieces");
        List<Judge> judges = new ArrayList<>();
        for (Scene s : DiscreteOracleTest.mbmScenes(50)) {
            judges.add(new Judge(hull, decomp, d, s));
        }
        Counts near = boundaryStates(judges, hull.kinematics(), full ? 720 : 30, 9);
        check("ur5 (example-robot-data)", "near-contact states on either model's boundary", near, hull, decomp);
        assertTrue(near.oracleFree > 100, "too few exactly-free near-contact states: " + near.oracleFree);
        assertTrue(
                near.decompFp < near.hullFp,
                "ur5: decomposition should cut false positives near contact, hull " + near.hullFp + " vs decomposition "
                        + near.decompFp);
    }
}
