package io.collide4j.tests.bench;

import io.collide4j.checker.batch.BatchChecker;
import io.collide4j.checker.batch.BatchRobot;
import io.collide4j.checker.batch.EngineChoice;
import io.collide4j.checker.batch.StateVerdict;
import io.collide4j.checker.ccd.CcdKind;
import io.collide4j.checker.ccd.CcdQuery;
import io.collide4j.checker.ccd.io.CcdDatasets;
import io.collide4j.checker.ccd.io.CcdQuerySet;
import io.collide4j.checker.query.MotionStatus;
import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.MoveItSceneLoader;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.SrdfParser;
import io.collide4j.urdf.UrdfParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipFile;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Batch throughput, in items per second (JMH ops/s with one op = one configuration or one CCD query), including
 * host↔device transfers and the CPU decision of everything the device tier leaves undecided. Engines: cpu1 (one
 * worker thread), cpuAll (all processors), opencl (GPU first, else CPU OpenCL such as POCL; fails when none).
 * States: the bundled VAMP Panda in MBM bookshelf_small scene0001, random configurations within limits (fixed
 * seed); motions: random short edges in the same scene. CCD: the scalable-ccd cloth-funnel step 227 queries
 * (VF + EE), d = 0. Data: -Dcollide4j.testdata=...
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class BatchBench {

    static final int STATES = 1 << 16;
    static final int CCD_REPEAT = 8;
    static final int MOTIONS = 256;

    @Param({"cpu1", "cpuAll", "opencl"})
    public String engine;

    private BatchChecker checker;
    private double[] qs;
    private double[] m0, m1;
    private double[] ccd;
    private CcdKind[] kinds;

    @Setup(Level.Trial)
    public void setUp() {
        Path data = Path.of(System.getProperty("collide4j.testdata", "tests/data"));
        RobotDescription panda =
                UrdfParser.create().withVisualMeshes(false).parse(data.resolve("vamp/resources/panda/panda.urdf"));
        var srdf = SrdfParser.parse(data.resolve("vamp/resources/panda/panda.srdf"), panda);
        MoveItSceneLoader.PlanningScene ps;
        try (ZipFile z =
                new ZipFile(data.resolve("vamp/resources/panda/problems.zip").toFile())) {
            String name = "problems/bookshelf_small_panda/scene0001.yaml";
            ps = MoveItSceneLoader.parse(
                    name, new String(z.getInputStream(z.getEntry(name)).readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        RobotCollisionModel.Builder mb =
                RobotCollisionModel.builder(panda, KinematicModel.of(panda)).srdf(srdf);
        ps.allowedCollisions().forEach(p -> mb.allow(p.first(), p.second()));
        BatchRobot robot = BatchRobot.builder(mb.build(), ps.scene()).build();
        BatchChecker.Builder b = BatchChecker.builder().robot(robot);
        switch (engine) {
            case "cpu1" -> b.engine(EngineChoice.CPU).threads(1);
            case "cpuAll" -> b.engine(EngineChoice.CPU);
            case "opencl" -> b.engine(EngineChoice.OPENCL);
            default -> throw new IllegalArgumentException("engine " + engine);
        }
        checker = b.build();
        System.out.println("\nengine: " + checker.engine());
        int dof = robot.dof();
        qs = new double[STATES * dof];
        Random rnd = new Random(1);
        var k = robot.kinematics();
        for (int i = 0; i < STATES; i++) {
            for (int j = 0; j < dof; j++) {
                double lo = Math.max(k.lowerLimit(j), -Math.PI), hi = Math.min(k.upperLimit(j), Math.PI);
                qs[i * dof + j] = lo + rnd.nextDouble() * (hi - lo);
            }
        }
        m0 = new double[MOTIONS * dof];
        m1 = new double[MOTIONS * dof];
        for (int i = 0; i < MOTIONS; i++) {
            for (int j = 0; j < dof; j++) {
                double lo = k.lowerLimit(j), hi = k.upperLimit(j);
                double x = lo + rnd.nextDouble() * (hi - lo);
                m0[i * dof + j] = x;
                m1[i * dof + j] = Math.max(lo, Math.min(hi, x + (rnd.nextDouble() - 0.5) * 0.3));
            }
        }
        // one untimed pass of each kind, to report how much the device decides
        var st = checker.checkStates(qs);
        var mo = checker.checkMotions(m0, m1, 0);
        System.out.printf(
                "states: %d of %d decided by the device tier; motions: %d of %d (%d free)%n",
                st.size() - st.decidedOnCpu(), st.size(), mo.decidedOnDevice(), mo.size(), mo.count(MotionStatus.FREE));
        List<CcdQuerySet> sets = new ArrayList<>();
        Path cloth = data.resolve("scalable-ccd-sample-data/cloth-funnel");
        sets.add(CcdDatasets.scalable(cloth, "227", CcdKind.VERTEX_FACE));
        sets.add(CcdDatasets.scalable(cloth, "227", CcdKind.EDGE_EDGE));
        int n = sets.stream().mapToInt(CcdQuerySet::size).sum();
        ccd = new double[CCD_REPEAT * n * CcdQuery.SIZE];
        kinds = new CcdKind[CCD_REPEAT * n];
        int i = 0;
        for (int r = 0; r < CCD_REPEAT; r++) {
            for (CcdQuerySet s : sets) {
                for (CcdQuery q : s.queries()) {
                    q.copyTo(ccd, CcdQuery.SIZE * i);
                    kinds[i++] = s.kind();
                }
            }
        }
        if (ccd.length / CcdQuery.SIZE != CCD_QUERIES) {
            throw new IllegalStateException("CCD_QUERIES must be " + ccd.length / CcdQuery.SIZE);
        }
    }

    static final int CCD_QUERIES = CCD_REPEAT * 355;

    @TearDown(Level.Trial)
    public void tearDown() {
        checker.close();
    }

    /** Configurations per second (exact verdicts: device tier + CPU GJK on the undecided). */
    @Benchmark
    @OperationsPerInvocation(STATES)
    public StateVerdict[] states() {
        return checker.checkStates(qs).verdict();
    }

    /** Motions (random ±0.15 rad per joint edges, d = 0) per second: device tier + CPU checkMotion on the rest. */
    @Benchmark
    @OperationsPerInvocation(MOTIONS)
    public MotionStatus[] motions() {
        return checker.checkMotions(m0, m1, 0).status();
    }

    /** Tight-Inclusion CCD queries per second. */
    @Benchmark
    @OperationsPerInvocation(CCD_QUERIES)
    public boolean[] ccd() {
        return checker.ccdQueries(ccd, kinds, 0).hit();
    }
}
