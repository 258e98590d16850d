package io.collide4j.planner.bench;

import io.collide4j.checker.geometry.Aabb;
import io.collide4j.checker.geometry.BoundingSphere;
import io.collide4j.checker.geometry.ConvexHull;
import io.collide4j.checker.geometry.ConvexShape;
import io.collide4j.checker.geometry.HullShape;
import io.collide4j.checker.geometry.MarginShape;
import io.collide4j.checker.geometry.Obb;
import io.collide4j.checker.geometry.decomposition.Decomposer;
import io.collide4j.checker.geometry.decomposition.Decomposition;
import io.collide4j.checker.geometry.decomposition.DecompositionParameters;
import io.collide4j.checker.geometry.hull.QuickHull;
import io.collide4j.checker.geometry.mesh.MeshBvh;
import io.collide4j.checker.geometry.mesh.MeshQuery;
import io.collide4j.checker.narrowphase.Gjk;
import io.collide4j.checker.robot.ConvexPieceProvider;
import io.collide4j.checker.robot.PrecomputedPieces;
import io.collide4j.models.Models;
import io.collide4j.planner.Collide4j;
import io.collide4j.urdf.TriangleMesh;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.IntConsumer;
import org.joml.Matrix4d;

/**
 * Seed 004 §7.2, §7.5 and §7.6 reproduced on the repository's meshes.
 *
 * <p><b>Approach and pass</b> (§7.2): B stands at (0.8, 0.8, −0.8) m from A; in step i = 1..N A's reference point
 * moves by t_i = 2·i·(c_B − c_A)/N (towards B, through it, and as far out the other side) and both bodies turn by
 * 0.08° per step about each axis. Each step recomputes the world bounding volumes from the poses and tests sphere,
 * AABB (Arvo's O(1) update with |R|), OBB (EJML PCA, 15-axis SAT), the convex hull (GJK boolean, the hull stays
 * in its frame: the pose is the only "recompute") and the bundled robot's precomputed convex decomposition (GJK on
 * every piece pair; a link our decomposer found convex enough is one piece, its hull). The exact
 * mesh oracle on the original meshes gives the true share of touching steps and checks that no volume said "apart"
 * where the meshes touch ({@code missed}, must be 0).
 *
 * <p><b>Decomposition effect</b> (§7.5): one non-convex object against 10 small boxes moving around it; OBB, then
 * GJK on OBB hits, against the object's single hull and against its decomposition (pieces' OBBs then GJK).
 *
 * <p><b>7-link arm</b> (§7.6): the bundled Panda sweeping through the bundled table-and-shelf scene, one
 * certified {@code isValid} per 60 Hz frame; the collision test's share of the frame.
 */
public final class BoundingVolumeStudy {
    public static final double[] OFFSET = {0.8, 0.8, -0.8};
    public static final double DEGREES_PER_STEP = 0.08;

    /** One bounding volume's row of the §7.2 table. */
    public record Row(
            String volume, double testNs, double positivePercent, long memoryBytes, double recomputeNs, int missed) {}

    /** The §7.2 study of one pair. */
    public record PairStudy(String a, String b, int triangles, int steps, double exactPercent, List<Row> rows) {}

    /** §7.5: the single hull against the decomposition. */
    public record DecompositionStudy(
            String object,
            int triangles,
            int pieces,
            int steps,
            double decomposeMs,
            Row single,
            Row decomposed,
            double hullMs) {}

    /** §7.6: the arm demo. */
    public record ArmDemo(
            String robot,
            String scene,
            int frames,
            double testNsMean,
            double testNsMax,
            double loopNsMean,
            int collidingFrames) {
        /** Collision testing's share of one 60 Hz frame (16.67 ms), percent. */
        public double frameSharePercent() {
            return testNsMean / (1e9 / 60) * 100;
        }
    }

    private BoundingVolumeStudy() {}

    /** A body for the study: mesh, hull, decomposition (optional), reference point and local volumes. */
    static final class Body {
        final String name;
        final TriangleMesh mesh;
        final MeshBvh meshBvh;
        final HullShape hull;
        final List<ConvexShape> pieces;
        final BoundingSphere sphere;
        final Aabb aabb;
        final Obb obb;
        final double[] ref;

        Body(String name, TriangleMesh mesh, List<ConvexShape> pieces) {
            this.name = name;
            this.mesh = mesh;
            this.meshBvh = MeshBvh.of(mesh);
            double[] v = mesh.copyVertices();
            this.hull = new HullShape(QuickHull.compute(v));
            this.pieces = pieces == null ? List.of() : pieces;
            this.sphere = BoundingSphere.welzl(v);
            this.aabb = Aabb.of(v);
            this.obb = Obb.pca(v);
            this.ref = new double[] {
                (aabb.minX() + aabb.maxX()) / 2, (aabb.minY() + aabb.maxY()) / 2, (aabb.minZ() + aabb.maxZ()) / 2
            };
        }
    }

    static long hullBytes(ConvexHull h) {
        // vertices (3 doubles), adjacency lists (one int per directed edge + one start per vertex)
        long adjacency = 0;
        for (int v = 0; v < h.vertexCount(); v++) {
            adjacency += h.degree(v);
        }
        return 24L * h.vertexCount() + 4 * (adjacency + h.vertexCount() + 1);
    }

    /** Pose: reference point at (x,y,z), turned by angle a (radians) about x, then y, then z. */
    static Matrix4d pose(double[] ref, double x, double y, double z, double a, Matrix4d dest) {
        return dest.translation(x, y, z).rotateXYZ(a, a, a).translate(-ref[0], -ref[1], -ref[2]);
    }

    /** §7.2 on one pair of meshes. */
    public static PairStudy approachAndPass(
            String nameA,
            TriangleMesh meshA,
            List<ConvexShape> piecesA,
            String nameB,
            TriangleMesh meshB,
            List<ConvexShape> piecesB,
            int steps) {
        Body a = new Body(nameA, meshA, piecesA);
        Body b = new Body(nameB, meshB, piecesB);
        String[] names = {"sphere", "AABB", "OBB", "convex hull (GJK)", "decomposition"};
        long[][] testNs = new long[5][steps + 1], recomputeNs = new long[5][steps + 1];
        for (long[] t : testNs) {
            java.util.Arrays.fill(t, Long.MAX_VALUE);
        }
        for (long[] t : recomputeNs) {
            java.util.Arrays.fill(t, Long.MAX_VALUE);
        }
        int[] positive = new int[5], missed = new int[5];
        int exact = 0;
        Gjk gjk = new Gjk();
        MeshQuery oracle = new MeshQuery();
        Matrix4d pa = new Matrix4d(), pb = new Matrix4d();
        boolean[] hit = new boolean[5];
        // pass 0 warms the JIT up and counts positives (the verdicts do not change between passes); every step keeps
        // its fastest of the TIMED_PASSES timed passes, so a preempted step does not inflate the mean
        for (int pass = 0; pass <= TIMED_PASSES; pass++) {
            for (int i = 1; i <= steps; i++) {
                double f = 2.0 * i / steps, ang = Math.toRadians(DEGREES_PER_STEP * i);
                long t0 = System.nanoTime();
                pose(a.ref, f * OFFSET[0], f * OFFSET[1], f * OFFSET[2], ang, pa);
                pose(b.ref, OFFSET[0], OFFSET[1], OFFSET[2], ang, pb);
                long tPose = System.nanoTime() - t0;
                t0 = System.nanoTime();
                BoundingSphere sa = a.sphere.transformed(pa), sb = b.sphere.transformed(pb);
                long t1 = System.nanoTime();
                Aabb aa = a.aabb.transformed(pa), ab = b.aabb.transformed(pb);
                long t2 = System.nanoTime();
                Obb oa = a.obb.transformed(pa), ob = b.obb.transformed(pb);
                long t3 = System.nanoTime();
                long[] rec = {t1 - t0, t2 - t1, t3 - t2, tPose, tPose};
                t0 = System.nanoTime();
                hit[0] = sa.intersects(sb);
                t1 = System.nanoTime();
                hit[1] = aa.overlaps(ab);
                t2 = System.nanoTime();
                hit[2] = oa.intersects(ob);
                t3 = System.nanoTime();
                hit[3] = gjk.intersects(a.hull, pa, b.hull, pb);
                long t4 = System.nanoTime();
                hit[4] = false;
                for (int p = 0; p < a.pieces.size() && !hit[4]; p++) {
                    for (int q = 0; q < b.pieces.size() && !hit[4]; q++) {
                        hit[4] = gjk.intersects(a.pieces.get(p), pa, b.pieces.get(q), pb);
                    }
                }
                long t5 = System.nanoTime();
                long[] test = {t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4};
                if (pass > 0) {
                    for (int k = 0; k < 5; k++) {
                        testNs[k][i] = Math.min(testNs[k][i], test[k]);
                        recomputeNs[k][i] = Math.min(recomputeNs[k][i], rec[k]);
                    }
                    continue;
                }
                // the exact oracle on the original meshes, at every step: the true share and the "missed" check
                boolean touching = oracle.intersects(a.meshBvh, pa, b.meshBvh, pb);
                exact += touching ? 1 : 0;
                for (int k = 0; k < 5; k++) {
                    positive[k] += hit[k] ? 1 : 0;
                    missed[k] += touching && !hit[k] ? 1 : 0;
                }
            }
        }
        long[] memory = {32, 48, 120, hullBytes(a.hull.hull()) + hullBytes(b.hull.hull()), 0};
        memory[4] = pieceBytes(a.pieces) + pieceBytes(b.pieces);
        memory[0] *= 2;
        memory[1] *= 2;
        memory[2] *= 2;
        List<Row> rows = new ArrayList<>();
        for (int k = 0; k < 5; k++) {
            if (k == 4 && (a.pieces.isEmpty() || b.pieces.isEmpty())) {
                continue;
            }
            String label = k == 4 ? "decomposition " + a.pieces.size() + "+" + b.pieces.size() : names[k];
            rows.add(new Row(
                    label,
                    mean(testNs[k]),
                    100.0 * positive[k] / steps,
                    memory[k],
                    mean(recomputeNs[k]) / 2,
                    missed[k]));
        }
        return new PairStudy(
                nameA, nameB, meshA.triangleCount() + meshB.triangleCount(), steps, 100.0 * exact / steps, rows);
    }

    /** Timed passes of each motion; every step keeps its fastest. */
    public static final int TIMED_PASSES = 3;

    private static double meanAll(long[] v) {
        double sum = 0;
        for (long x : v) {
            sum += x;
        }
        return sum / v.length;
    }

    private static double mean(long[] perStep) {
        double sum = 0;
        for (int i = 1; i < perStep.length; i++) {
            sum += perStep[i];
        }
        return sum / (perStep.length - 1);
    }

    static long pieceBytes(List<ConvexShape> pieces) {
        long bytes = 0;
        for (ConvexShape p : pieces) {
            ConvexShape inner = p instanceof MarginShape m ? m.inner() : p;
            bytes += inner instanceof HullShape h ? hullBytes(h.hull()) : 0;
        }
        return bytes;
    }

    /** The bundled robot's precomputed decomposition pieces of a link's collision mesh (one piece: its hull). */
    static List<ConvexShape> bundledPieces(String bodyName, TriangleMesh mesh) {
        String robot = bodyName.substring(0, bodyName.indexOf('/'));
        try {
            java.net.URL index = new java.net.URL(Models.urdf(robot).toURL(), "decomposition/index.json");
            return PrecomputedPieces.load(index, ConvexPieceProvider.hull())
                    .pieces(mesh, bodyName)
                    .shapes();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    static Decomposition decompose(TriangleMesh mesh, int pieces) {
        if (pieces <= 0) {
            return null;
        }
        return Decomposer.decompose(
                mesh,
                DecompositionParameters.builder()
                        .maxConvexHulls(pieces)
                        .resolution(100_000)
                        .build());
    }

    /**
     * §7.5: the object at the origin (reference point), 10 boxes of edge {@code boxEdge} circling it on seeded
     * orbits that graze it; OBB then GJK on OBB hits, per box and step, against the single hull and against the
     * decomposition's pieces. Positives are GJK hits over (steps × boxes).
     */
    public static DecompositionStudy decompositionEffect(
            String name, TriangleMesh mesh, int pieces, int steps, long seed) {
        long t0 = System.nanoTime();
        TriangleMesh m = mesh;
        Body single = new Body(name, m, null);
        double hullMs = (System.nanoTime() - t0) / 1e6;
        t0 = System.nanoTime();
        Decomposition d = decompose(m, pieces);
        double decomposeMs = (System.nanoTime() - t0) / 1e6;
        List<Obb> pieceObbs = new ArrayList<>();
        List<HullShape> pieceShapes = new ArrayList<>();
        for (ConvexHull h : d.pieces()) {
            pieceObbs.add(Obb.pca(h.copyVertices()));
            pieceShapes.add(new HullShape(h));
        }
        double size = single.sphere.radius();
        double boxEdge = 0.1 * size;
        BenchBody box = BenchBody.box("box", boxEdge / 2, boxEdge / 2, boxEdge / 2);
        Obb boxObb = Obb.pca(box.hull().copyVertices());
        SplittableRandom r = new SplittableRandom(seed);
        int boxes = 10;
        double[][] orbit = new double[boxes][6]; // radius, height, phase, speed, tilt, spin
        for (int k = 0; k < boxes; k++) {
            orbit[k] = new double[] {
                size * (0.5 + 0.7 * r.nextDouble()),
                size * (r.nextDouble() - 0.5),
                2 * Math.PI * r.nextDouble(),
                0.002 + 0.004 * r.nextDouble(),
                Math.PI * (r.nextDouble() - 0.5),
                0.01 + 0.02 * r.nextDouble()
            };
        }
        Gjk gjk = new Gjk();
        Matrix4d objectPose = new Matrix4d().translation(-single.ref[0], -single.ref[1], -single.ref[2]);
        Obb objectObb = single.obb.transformed(objectPose);
        List<Obb> worldPieceObbs = new ArrayList<>();
        for (Obb o : pieceObbs) {
            worldPieceObbs.add(o.transformed(objectPose));
        }
        Matrix4d bp = new Matrix4d();
        long[][] ns = new long[2][steps * boxes];
        for (long[] t : ns) {
            java.util.Arrays.fill(t, Long.MAX_VALUE);
        }
        int[] pos = new int[2];
        for (int pass = 0; pass <= TIMED_PASSES; pass++) {
            for (int i = 0; i < steps; i++) {
                for (int k = 0; k < boxes; k++) {
                    double[] o = orbit[k];
                    double ang = o[2] + o[3] * i;
                    double x = o[0] * Math.cos(ang),
                            y = o[0] * Math.sin(ang) * Math.cos(o[4]),
                            z = o[1] + o[0] * Math.sin(ang) * Math.sin(o[4]);
                    bp.translation(x, y, z).rotateXYZ(o[5] * i, o[5] * i * 0.7, o[5] * i * 0.3);
                    long t = System.nanoTime();
                    Obb wb = boxObb.transformed(bp);
                    boolean hit = objectObb.intersects(wb) && gjk.intersects(single.hull, objectPose, box.shape(), bp);
                    long t1 = System.nanoTime();
                    boolean hitD = false;
                    for (int p = 0; p < pieceShapes.size() && !hitD; p++) {
                        hitD = worldPieceObbs.get(p).intersects(wb)
                                && gjk.intersects(pieceShapes.get(p), objectPose, box.shape(), bp);
                    }
                    long t2 = System.nanoTime();
                    if (pass == 0) {
                        pos[0] += hit ? 1 : 0;
                        pos[1] += hitD ? 1 : 0;
                    } else {
                        ns[0][i * boxes + k] = Math.min(ns[0][i * boxes + k], t1 - t);
                        ns[1][i * boxes + k] = Math.min(ns[1][i * boxes + k], t2 - t1);
                    }
                }
            }
        }
        long tests = (long) steps * boxes;
        long pieceBytes = 0;
        for (HullShape p : pieceShapes) {
            pieceBytes += hullBytes(p.hull()) + 120;
        }
        return new DecompositionStudy(
                name,
                m.triangleCount(),
                d.pieces().size(),
                steps,
                decomposeMs,
                new Row(
                        "single hull",
                        meanAll(ns[0]),
                        100.0 * pos[0] / tests,
                        hullBytes(single.hull.hull()) + 120,
                        0,
                        0),
                new Row("decomposition", meanAll(ns[1]), 100.0 * pos[1] / tests, pieceBytes, 0, 0),
                hullMs);
    }

    /**
     * §7.6: the robot sweeps (each joint a sinusoid over its range, incommensurate periods of 4–11 s) for
     * {@code frames} frames at 60 Hz; each frame is one certified {@code isValid} (FK, sphere tier, GJK). Times are
     * wall clock on one thread, each frame's fastest of {@link #TIMED_PASSES} passes after a warm-up pass.
     */
    public static ArmDemo armDemo(String robot, String scene, int frames) {
        Collide4j c =
                Collide4j.builder().robot(robot).sceneName(scene).margin(0).build();
        int n = c.dimension();
        double[] q = new double[n];
        long[] best = new long[frames];
        java.util.Arrays.fill(best, Long.MAX_VALUE);
        int colliding = 0;
        long loopNs = Long.MAX_VALUE;
        for (int pass = 0; pass <= TIMED_PASSES; pass++) {
            colliding = 0;
            long loop0 = System.nanoTime();
            for (int f = 0; f < frames; f++) {
                double t = f / 60.0;
                for (int j = 0; j < n; j++) {
                    double lo = c.lowerLimit(j), hi = c.upperLimit(j), mid = (lo + hi) / 2, amp = 0.45 * (hi - lo);
                    q[j] = mid + amp * Math.sin(2 * Math.PI * t / (4 + j * 1.1) + j);
                }
                long t0 = System.nanoTime();
                boolean valid = c.isValid(q);
                long dt = System.nanoTime() - t0;
                if (pass > 0) {
                    best[f] = Math.min(best[f], dt);
                }
                colliding += valid ? 0 : 1;
            }
            if (pass > 0) {
                loopNs = Math.min(loopNs, System.nanoTime() - loop0);
            }
        }
        long testNs = 0, testMax = 0;
        for (long b : best) {
            testNs += b;
            testMax = Math.max(testMax, b);
        }
        return new ArmDemo(
                robot, scene, frames, (double) testNs / frames, testMax, (double) loopNs / frames, colliding);
    }

    /** Progress steps of {@link #runAll}. */
    public static final int STEPS = 4;

    /** The whole study: two pairs, the decomposition effect and the arm demo. */
    public record Result(List<PairStudy> pairs, DecompositionStudy decomposition, ArmDemo arm) {}

    public static Result runAll(
            List<String[]> pairs,
            String decompositionName,
            TriangleMesh decompositionMesh,
            int pieces,
            int steps,
            int frames,
            IntConsumer progress) {
        List<PairStudy> ps = new ArrayList<>();
        int done = 0;
        for (String[] p : pairs) {
            BenchBody a = BenchBody.named(p[0]), b = BenchBody.named(p[1]);
            ps.add(approachAndPass(
                    p[0],
                    a.mesh(),
                    bundledPieces(p[0], a.mesh()),
                    p[1],
                    b.mesh(),
                    bundledPieces(p[1], b.mesh()),
                    steps));
            progress.accept(++done);
        }
        DecompositionStudy d = decompositionEffect(decompositionName, decompositionMesh, pieces, steps, 4);
        progress.accept(++done);
        ArmDemo arm = armDemo("panda", "table_shelf", frames);
        progress.accept(++done);
        return new Result(ps, d, arm);
    }
}
