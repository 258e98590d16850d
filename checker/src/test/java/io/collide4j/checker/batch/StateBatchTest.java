package io.collide4j.checker.batch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.collide4j.checker.geometry.ConvexShape;
import io.collide4j.checker.geometry.mesh.MeshBvh;
import io.collide4j.checker.geometry.mesh.MeshQuery;
import io.collide4j.checker.query.CollisionChecker;
import io.collide4j.checker.query.QueryContext;
import io.collide4j.checker.robot.AttachedObject;
import io.collide4j.checker.robot.ConvexConversion;
import io.collide4j.checker.robot.ConvexPieceProvider;
import io.collide4j.checker.robot.Inflation;
import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.MoveItSceneLoader;
import io.collide4j.checker.scene.Obstacle;
import io.collide4j.checker.scene.ObstacleShape;
import io.collide4j.kinematics.LinkPoses;
import io.collide4j.urdf.Geometry;
import io.collide4j.urdf.GeometryElement;
import io.collide4j.urdf.LinkDescription;
import io.collide4j.urdf.Pose;
import io.collide4j.urdf.TriangleMesh;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.joml.Matrix4d;
import org.joml.Vector3d;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Batch state checks of the Panda in the MBM bookshelf scene: on 10^5 configurations and two margins, the OpenCL
 * engine, the CPU engine and {@link CollisionChecker#isFree} called one by one give the same verdict for every
 * configuration; the device tier equals its Java mirror and never clears what isFree blocks; no configuration the
 * exact mesh oracle finds colliding is reported free.
 */
class StateBatchTest {

    static final int N = 100_000;
    static final double[] MARGINS = {0, 0.01};
    /** Every ORACLE_STRIDE-th configuration goes to the exact mesh oracle. */
    static final int ORACLE_STRIDE = 200;
    /** Every MIRROR_STRIDE-th configuration goes through the Java mirror of the device tier (the slow part). */
    static final int MIRROR_STRIDE = 2;

    static BatchRobot robot;
    static double[] qs;
    static BatchChecker cpu;
    static BatchChecker openCl;
    static boolean[][] reference = new boolean[MARGINS.length][]; // isFree one by one
    static StateBatchResult[] cpuResult = new StateBatchResult[MARGINS.length];

    @BeforeAll
    static void setUp() {
        MoveItSceneLoader.PlanningScene ps = PandaScene.scene("bookshelf_small_panda", "0001");
        robot = PandaScene.robot(ps);
        qs = PandaScene.randomConfigurations(robot, N, 20261121L);
        CollisionChecker checker = robot.checker();
        int dof = robot.dof();
        ThreadLocal<QueryContext> context = ThreadLocal.withInitial(checker::newContext);
        for (int m = 0; m < MARGINS.length; m++) {
            boolean[] ref = reference[m] = new boolean[N];
            double d = MARGINS[m];
            IntStream.range(0, N)
                    .parallel()
                    .forEach(i ->
                            ref[i] = checker.isFree(Arrays.copyOfRange(qs, i * dof, (i + 1) * dof), d, context.get()));
        }
        cpu = BatchChecker.builder().engine(EngineChoice.CPU).robot(robot).build();
        for (int m = 0; m < MARGINS.length; m++) {
            cpuResult[m] = cpu.checkStates(qs, MARGINS[m]);
        }
        if (!OpenClDevice.listDevices().isEmpty()) {
            openCl = BatchChecker.builder()
                    .engine(EngineChoice.OPENCL)
                    .robot(robot)
                    .build();
        }
        System.out.printf(
                "Panda in bookshelf_small scene0001: %d pieces, %d spheres, %d obstacle pieces, %d pairs;"
                        + " of %d random configurations %d collide at d=0, %d at d=%.2f%n",
                robot.pieceCount(),
                robot.sphereCount(),
                robot.obstaclePieceCount(),
                robot.pairCount(),
                N,
                cpuResult[0].collisions(),
                cpuResult[1].collisions(),
                MARGINS[1]);
    }

    @AfterAll
    static void tearDown() {
        cpu.close();
        if (openCl != null) {
            openCl.close();
        }
    }

    static void assumeOpenCl() {
        assumeTrue(
                openCl != null,
                "no OpenCL platform on this machine (" + OpenClDevice.lastProbeFailure()
                        + "); install pocl-opencl-icd (CPU OpenCL) or a GPU driver to run the OpenCL engine tests");
    }

    static void assertVerdictsAreIsFree(StateBatchResult r, int m, String what) {
        int diff = 0;
        for (int i = 0; i < N; i++) {
            boolean free = r.verdict()[i] == StateVerdict.FREE;
            if (free != reference[m][i]) {
                diff++;
            }
            assertEquals(free, r.pair()[i] < 0, what + ": pair of configuration " + i);
        }
        assertEquals(0, diff, what + " d=" + MARGINS[m] + ": configurations whose verdict differs from isFree");
    }

    @Test
    void cpuEngineVerdictsAreIsFreeVerdicts() {
        for (int m = 0; m < MARGINS.length; m++) {
            assertVerdictsAreIsFree(cpuResult[m], m, "CPU engine");
            int c = cpuResult[m].collisions();
            assertTrue(c > N / 20 && c < N - N / 20, "the scene should produce both verdicts, got " + c);
        }
        // a larger margin can only block more configurations
        for (int i = 0; i < N; i++) {
            assertTrue(!reference[1][i] || reference[0][i], "free at d=0.01 but not at d=0: configuration " + i);
        }
    }

    @Test
    void openClVerdictsAreIsFreeVerdictsOnHundredThousandConfigurations() {
        assumeOpenCl();
        for (int m = 0; m < MARGINS.length; m++) {
            StateBatchResult r = openCl.checkStates(qs, MARGINS[m]);
            assertEquals(EngineKind.OPENCL, r.engine().kind());
            System.out.printf(
                    "OpenCL states d=%.2f on %s: %d collisions, %d of %d cleared on the device%n",
                    MARGINS[m], r.engine(), r.collisions(), N - r.decidedOnCpu(), N);
            assertVerdictsAreIsFree(r, m, "OpenCL engine");
            assertArrayEquals(cpuResult[m].pair(), r.pair(), "blocking pairs, d=" + MARGINS[m]);
            assertTrue(r.decidedOnCpu() >= r.collisions(), "every collision is decided on the CPU");
            assertTrue(N - r.decidedOnCpu() > N / 2, "the device tier should clear most free configurations");
        }
    }

    /**
     * The Java mirror of the device tier: whatever it clears isFree calls free (5·10^4 configurations, both
     * margins), and the device leaves exactly the configurations undecided that the mirror does not clear.
     */
    @Test
    void tierClearsOnlyIsFreeConfigurationsAndDeviceEqualsMirror() {
        ThreadLocal<BatchRobot.Scratch> scratch = ThreadLocal.withInitial(robot::newScratch);
        int dof = robot.dof();
        int[] sample = IntStream.range(0, N / MIRROR_STRIDE)
                .map(k -> k * MIRROR_STRIDE)
                .toArray();
        double[] sub = new double[sample.length * dof];
        for (int k = 0; k < sample.length; k++) {
            System.arraycopy(qs, sample[k] * dof, sub, k * dof, dof);
        }
        for (int m = 0; m < MARGINS.length; m++) {
            double d = MARGINS[m];
            boolean[] ref = reference[m];
            int[] unclear = IntStream.range(0, sample.length)
                    .parallel()
                    .filter(k -> {
                        BatchRobot.Scratch s = scratch.get();
                        double[] trig = new double[robot.trigLength()];
                        robot.jointTrig(sub, dof * k, trig, 0);
                        boolean clear = robot.firstUnclearPair(trig, 0, d, s) < 0;
                        assertTrue(
                                !clear || ref[sample[k]],
                                "tier cleared configuration " + sample[k] + " that isFree blocks");
                        return !clear;
                    })
                    .toArray();
            if (openCl != null) {
                assertArrayEquals(
                        unclear, openCl.deviceUndecidedStates(sub, d), "device undecided list = mirror's, d=" + d);
            }
            int n = sample.length;
            System.out.printf(
                    "state tier d=%.2f: %d of %d configurations cleared (Java mirror)%n", d, n - unclear.length, n);
        }
    }

    /**
     * Ground truth: the real link meshes (not hulls) placed by the kinematics' own FK against the scene's
     * primitive obstacles (exact shapes) and each other (checked pairs only): a configuration where any checked
     * pair's triangles touch must not be reported free.
     */
    @Test
    void noConfigurationTheMeshOracleFindsCollidingIsReportedFree() {
        RobotCollisionModel model = robot.model();
        var kin = robot.kinematics();
        MeshBvh[] bvh = new MeshBvh[model.bodyCount()];
        for (int b = 0; b < model.bodyCount(); b++) {
            bvh[b] = linkMesh(PandaScene.PANDA.linksByName().get(model.bodyName(b)));
        }
        List<Obstacle> obstacles = new ArrayList<>(robot.checker().scene().obstacles());
        ConvexShape[] shapes = new ConvexShape[obstacles.size()];
        Matrix4d[] poses = new Matrix4d[obstacles.size()];
        for (int o = 0; o < shapes.length; o++) {
            var pieces = ConvexConversion.of(obstacles.get(o).shape(), 1, ConvexPieceProvider.hull(), "obstacle");
            assertEquals(1, pieces.shapes().size());
            assertEquals(0, pieces.margin(), "MBM obstacles are primitives with exact shapes");
            shapes[o] = pieces.shapes().get(0);
            poses[o] = obstacles.get(o).pose().toMatrix(new Matrix4d());
        }
        ThreadLocal<MeshQuery> query = ThreadLocal.withInitial(MeshQuery::new);
        ThreadLocal<LinkPoses> linkPoses = ThreadLocal.withInitial(() -> new LinkPoses(kin));
        int[] sample = IntStream.range(0, N / ORACLE_STRIDE)
                .map(k -> k * ORACLE_STRIDE)
                .toArray();
        int checked = sample.length;
        int oracleHits = (int) Arrays.stream(sample)
                .parallel()
                .filter(i -> {
                    MeshQuery mq = query.get();
                    LinkPoses lp = linkPoses.get();
                    kin.forwardKinematics(Arrays.copyOfRange(qs, i * robot.dof(), (i + 1) * robot.dof()), lp);
                    boolean hit = false;
                    for (int b = 0; b < model.bodyCount() && !hit; b++) {
                        Matrix4d pb = lp.pose(model.bodyLink(b), new Matrix4d());
                        for (int o = 0; o < shapes.length && !hit; o++) {
                            if (model.checks(b, obstacles.get(o).name())) {
                                hit = mq.distance(bvh[b], pb, shapes[o], poses[o]) == 0;
                            }
                        }
                    }
                    for (int k = 0; k < model.selfPairCount() && !hit; k++) {
                        int a = model.selfPairA(k), b = model.selfPairB(k);
                        hit = mq.intersects(
                                bvh[a],
                                lp.pose(model.bodyLink(a), new Matrix4d()),
                                bvh[b],
                                lp.pose(model.bodyLink(b), new Matrix4d()));
                    }
                    if (hit) {
                        assertEquals(
                                StateVerdict.COLLISION,
                                cpuResult[0].verdict()[i],
                                "mesh oracle finds configuration " + i + " colliding");
                    }
                    return hit;
                })
                .count();
        System.out.printf(
                "mesh oracle: %d of %d sampled configurations colliding, none reported free%n", oracleHits, checked);
        assertTrue(oracleHits > checked / 20, "the oracle sample should contain collisions, got " + oracleHits);
    }

    /** A link's collision meshes (element origins and scales applied) as one triangle BVH in the link frame. */
    static MeshBvh linkMesh(LinkDescription link) {
        List<double[]> verts = new ArrayList<>();
        List<int[]> tris = new ArrayList<>();
        for (GeometryElement ge : link.collisions()) {
            Geometry.Mesh m = (Geometry.Mesh) ge.geometry();
            TriangleMesh tm = m.mesh().orElseThrow();
            Matrix4d o = ge.origin().toMatrix(new Matrix4d());
            int base = verts.size();
            for (int v = 0; v < tm.vertexCount(); v++) {
                Vector3d w = o.transformPosition(new Vector3d(
                        tm.vertex(v, 0) * m.scaleX(), tm.vertex(v, 1) * m.scaleY(), tm.vertex(v, 2) * m.scaleZ()));
                verts.add(new double[] {w.x, w.y, w.z});
            }
            int[] t = tm.copyTriangles();
            for (int k = 0; k < t.length; k += 3) {
                tris.add(new int[] {base + t[k], base + t[k + 1], base + t[k + 2]});
            }
        }
        double[] v = new double[3 * verts.size()];
        for (int k = 0; k < verts.size(); k++) {
            System.arraycopy(verts.get(k), 0, v, 3 * k, 3);
        }
        int[] t = new int[3 * tris.size()];
        for (int k = 0; k < tris.size(); k++) {
            System.arraycopy(tris.get(k), 0, t, 3 * k, 3);
        }
        return new MeshBvh(v, t);
    }

    /**
     * A padded model with a box held in the hand: both engines equal isFree of that model; padding only adds
     * collisions (every configuration blocked without it is blocked with it); some blocking pairs name the box.
     */
    @Test
    void paddedModelWithAttachedObjectEqualsItsIsFree() {
        MoveItSceneLoader.PlanningScene ps = PandaScene.scene("bookshelf_small_panda", "0001");
        AttachedObject box = new AttachedObject(
                "held_box",
                "panda_hand",
                new ObstacleShape.Box(0.06, 0.06, 0.2),
                new Pose(0, 0, 0.2, 0, 0, 0, 1),
                Set.of("panda_leftfinger", "panda_rightfinger"));
        RobotCollisionModel padded = PandaScene.model(ps)
                .inflation(Inflation.builder()
                        .padding("panda_hand", 0.01)
                        .padding("panda_leftfinger", 0.01)
                        .padding("panda_rightfinger", 0.01)
                        .padding("held_box", 0.01)
                        .build())
                .attach(box)
                .build();
        BatchRobot r = BatchRobot.builder(padded, ps.scene()).build();
        int n = 3000;
        double[] q = Arrays.copyOf(qs, n * r.dof());
        CollisionChecker checker = r.checker();
        QueryContext c = checker.newContext();
        double[] one = new double[r.dof()];
        int held = 0;
        try (BatchChecker cpuPadded =
                        BatchChecker.builder().engine(EngineChoice.CPU).robot(r).build();
                BatchChecker clPadded = openCl == null
                        ? null
                        : BatchChecker.builder()
                                .engine(EngineChoice.OPENCL)
                                .robot(r)
                                .build()) {
            StateBatchResult a = cpuPadded.checkStates(q, 0);
            StateBatchResult b = clPadded == null ? a : clPadded.checkStates(q, 0);
            for (int i = 0; i < n; i++) {
                System.arraycopy(q, i * one.length, one, 0, one.length);
                boolean free = checker.isFree(one, 0, c);
                assertEquals(free, a.verdict()[i] == StateVerdict.FREE, "CPU engine, configuration " + i);
                assertEquals(free, b.verdict()[i] == StateVerdict.FREE, "OpenCL engine, configuration " + i);
                assertEquals(a.pair()[i], b.pair()[i], "blocking pair of configuration " + i);
                if (cpuResult[0].verdict()[i] == StateVerdict.COLLISION) {
                    assertEquals(StateVerdict.COLLISION, a.verdict()[i], "padding removed the collision of " + i);
                }
                if (a.pair()[i] >= 0 && r.pairName(a.pair()[i]).contains("held_box")) {
                    held++;
                }
            }
            System.out.printf(
                    "Panda with 1 cm padding on hand, fingers and holding a box: %d of %d collide (unpadded: %d), %d blocked by the"
                            + " box; OpenCL cleared %d on the device%n",
                    a.collisions(), n, count(cpuResult[0], n), held, clPadded == null ? 0 : n - b.decidedOnCpu());
            assertTrue(held > 0, "the attached box should block some configuration");
            assertTrue(a.collisions() > count(cpuResult[0], n), "padding should add collisions");
        }
    }

    static int count(StateBatchResult r, int n) {
        int c = 0;
        for (int i = 0; i < n; i++) {
            c += r.verdict()[i] == StateVerdict.COLLISION ? 1 : 0;
        }
        return c;
    }

    @Test
    void coveringSpheresContainEveryHullVertexWithItsMargin() {
        for (int piece = 0; piece < robot.pieceCount(); piece++) {
            ConvexShape shape = robot.model().pieceShape(piece);
            for (int v = robot.pieceVertexStart[piece]; v < robot.pieceVertexStart[piece + 1]; v++) {
                double x = robot.pieceVertex[3 * v], y = robot.pieceVertex[3 * v + 1], z = robot.pieceVertex[3 * v + 2];
                // the vertex is a support point of the model's piece
                Vector3d sp = new Vector3d();
                shape.support(x, y, z, -1, sp);
                assertTrue(
                        sp.x * x + sp.y * y + sp.z * z >= x * x + y * y + z * z - 1e-12,
                        "vertex " + v + " lies outside piece " + piece);
                boolean inside = false;
                for (int s = robot.pieceSphereStart[piece]; s < robot.pieceSphereStart[piece + 1]; s++) {
                    double dx = x - robot.sphere[4 * s],
                            dy = y - robot.sphere[4 * s + 1],
                            dz = z - robot.sphere[4 * s + 2];
                    double r = robot.sphere[4 * s + 3] - robot.model().pieceMargin(piece);
                    inside |= dx * dx + dy * dy + dz * dz <= r * r;
                }
                assertTrue(inside, "vertex " + v + " of piece " + piece + " outside its spheres");
            }
            assertTrue(
                    robot.pieceVertexStart[piece + 1] > robot.pieceVertexStart[piece],
                    "Panda pieces are mesh hulls and carry their vertices: piece " + piece);
        }
    }

    @Test
    void rowsFormAndOneThreadEqualTheFlatBatch() {
        int dof = robot.dof();
        double[][] rows = new double[2000][];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = Arrays.copyOfRange(qs, dof * i, dof * (i + 1));
        }
        try (BatchChecker one = BatchChecker.builder()
                .engine(EngineChoice.CPU)
                .threads(1)
                .robot(robot)
                .build()) {
            StateBatchResult r = one.checkStates(rows, MARGINS[1]);
            assertArrayEquals(Arrays.copyOf(cpuResult[1].pair(), rows.length), r.pair());
        }
    }

    @Test
    void mbmStartAndGoalStatesReportedWithTheirPairs() {
        // MBM's starts and goals are collision-free for its model; ours (hulls containing the meshes) may only
        // err toward collision, so count them rather than assert, and check the engines agree on them.
        var req = PandaScene.request("bookshelf_small_panda", "0001");
        double[][] sg = req.startAndGoal(robot.kinematics().variableNames());
        StateBatchResult r = cpu.checkStates(sg);
        for (int i = 0; i < 2; i++) {
            System.out.printf(
                    "MBM bookshelf_small 0001 %s: %s%n",
                    i == 0 ? "start" : "goal", r.pair()[i] < 0 ? "free" : "collision " + robot.pairName(r.pair()[i]));
        }
        if (openCl != null) {
            assertArrayEquals(r.pair(), openCl.checkStates(sg).pair());
        }
    }

    @Test
    void badConfigurationsNameTheirIndex() {
        double[][] rows = {new double[robot.dof()], new double[robot.dof() - 1]};
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> cpu.checkStates(rows));
        assertTrue(e.getMessage().contains("configuration 1"), e.getMessage());
        double[] flat = new double[2 * robot.dof()];
        flat[robot.dof() + 3] = Double.NaN;
        e = assertThrows(IllegalArgumentException.class, () -> cpu.checkStates(flat));
        assertTrue(e.getMessage().contains("configuration 1 variable 3"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> cpu.checkStates(new double[robot.dof()], -1));
    }
}
