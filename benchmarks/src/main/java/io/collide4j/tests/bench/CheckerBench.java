package io.collide4j.tests.bench;

import io.collide4j.checker.certificate.CertificationResult;
import io.collide4j.checker.certificate.TrajectoryCertifier;
import io.collide4j.checker.query.CollisionChecker;
import io.collide4j.checker.query.MotionResult;
import io.collide4j.checker.query.QueryContext;
import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.MotionPlanRequest;
import io.collide4j.checker.scene.MoveItSceneLoader;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.UrdfParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipFile;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The checker core on the Panda (VAMP/MBM mesh model, one hull per link) in MotionBenchMaker scenes:
 * discrete full-arm check (free and colliding state), certified checkMotion on MBM start→goal straight
 * edges (cycling over problems), and certification of a 20-waypoint trajectory. Test data from
 * {@code -Dcollide4j.testdata} (default {@code tests/data}, i.e. run from the repository root).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class CheckerBench {
    private RobotCollisionModel model;
    private final List<CollisionChecker> checkers = new ArrayList<>();
    private final List<QueryContext> contexts = new ArrayList<>();
    private final List<double[][]> edges = new ArrayList<>();
    private CollisionChecker tableChecker;
    private QueryContext tableContext;
    private double[] freeState;
    private double[] collidingState;
    private double[][] trajectory;
    private double[] times;
    private TrajectoryCertifier certifier;
    private int next;
    /** Seeded random configurations within the joint limits, 200 per problem scene (the FCL harness's discrete set). */
    private final List<double[]> randomStates = new ArrayList<>();

    private int nextState;

    @Setup(Level.Trial)
    public void setUp() {
        Path data = Path.of(System.getProperty("collide4j.testdata", "tests/data"));
        Path dir = data.resolve("vamp/resources/panda");
        RobotDescription d = UrdfParser.create().withPackageRoots(List.of(dir)).parse(dir.resolve("panda.urdf"));
        RobotCollisionModel.Builder b = RobotCollisionModel.builder(d, KinematicModel.of(d));
        try (ZipFile z = new ZipFile(dir.resolve("problems.zip").toFile())) {
            String first = read(z, "problems/table_pick_panda/scene0001.yaml");
            MoveItSceneLoader.parse("scene", first).allowedCollisions().forEach(p -> b.allow(p.first(), p.second()));
            model = b.build();
            String[] families = {
                "bookshelf_small", "bookshelf_tall", "bookshelf_thin", "box", "cage", "table_pick", "table_under_pick"
            };
            for (String f : families) {
                for (int i = 1; i <= 10; i++) {
                    String n = String.format("problems/%s_panda/%%s%04d.yaml", f, i);
                    var scene = MoveItSceneLoader.parse(n, read(z, String.format(n, "scene")))
                            .scene();
                    var req = MotionPlanRequest.parse(n, read(z, String.format(n, "request")));
                    CollisionChecker c = CollisionChecker.of(model, scene);
                    checkers.add(c);
                    contexts.add(c.newContext());
                    edges.add(req.startAndGoal(model.kinematics().variableNames()));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        tableChecker = checkers.get(50); // table_pick scene 0001
        tableContext = contexts.get(50);
        freeState = edges.get(50)[0];
        // the first seeded random state that hits the scene (not only itself)
        java.util.Random rnd = new java.util.Random(1);
        var k = model.kinematics();
        for (int tries = 0; collidingState == null && tries < 100_000; tries++) {
            double[] q = new double[k.variableCount()];
            for (int j = 0; j < q.length; j++) {
                q[j] = k.lowerLimit(j) + rnd.nextDouble() * (k.upperLimit(j) - k.lowerLimit(j));
            }
            if (!tableChecker.isFree(q, 0, tableContext)
                    && tableChecker.contacts(q, 0, 10, tableContext).stream()
                            .allMatch(c -> c.pair().environment())) {
                collidingState = q;
            }
        }
        if (collidingState == null || !tableChecker.isFree(freeState, 0, tableContext)) {
            throw new IllegalStateException("benchmark states are not free / colliding as intended");
        }
        java.util.Random states = new java.util.Random(70);
        for (int i = 0; i < 200 * checkers.size(); i++) {
            double[] q = new double[k.variableCount()];
            for (int j = 0; j < q.length; j++) {
                q[j] = k.lowerLimit(j) + states.nextDouble() * (k.upperLimit(j) - k.lowerLimit(j));
            }
            randomStates.add(q);
        }
        trajectory = new double[20][];
        times = new double[20];
        for (int i = 0; i < 20; i++) {
            trajectory[i] = freeState.clone();
            trajectory[i][0] += 0.3 * Math.sin(i * 0.3);
            trajectory[i][3] += 0.2 * Math.sin(i * 0.2);
            times[i] = 0.1 * i;
        }
        certifier = new TrajectoryCertifier(tableChecker);
    }

    private static String read(ZipFile z, String name) throws IOException {
        return new String(z.getInputStream(z.getEntry(name)).readAllBytes(), StandardCharsets.UTF_8);
    }

    @Benchmark
    public boolean discreteFree() {
        return tableChecker.isFree(freeState, 0, tableContext);
    }

    @Benchmark
    public boolean discreteColliding() {
        return tableChecker.isFree(collidingState, 0, tableContext);
    }

    /**
     * Discrete full-arm check of a seeded random configuration (uniform within the limits; about 15% collide) in one
     * of the 70 problem scenes per call, cycling: the mean over states and scenes, as the FCL harness reports it.
     */
    @Benchmark
    public boolean discreteRandomState() {
        int i = nextState++ % randomStates.size();
        int scene = i % checkers.size();
        return checkers.get(scene).isFree(randomStates.get(i), 0, contexts.get(scene));
    }

    /** One MBM start→goal straight edge per call, cycling over 70 problems (7 families × 10). */
    @Benchmark
    public MotionResult checkMotionMbmEdge() {
        int i = next++ % edges.size();
        return checkers.get(i).checkMotion(edges.get(i)[0], edges.get(i)[1], 0, contexts.get(i));
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public CertificationResult certify20Waypoints() {
        return certifier.certify(trajectory, times, 0.01, 10_000_000, tableContext);
    }
}
