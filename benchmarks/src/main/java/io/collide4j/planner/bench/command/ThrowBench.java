package io.collide4j.planner.bench.command;

import io.collide4j.checker.ccd.MeshCcd;
import io.collide4j.checker.ccd.MeshCcdResult;
import io.collide4j.checker.ccd.RigidTightInclusion;
import io.collide4j.checker.ccd.screw.D2m;
import io.collide4j.checker.ccd.screw.D2mMode;
import io.collide4j.checker.ccd.screw.D2mResult;
import io.collide4j.checker.ccd.screw.LtlrMotion;
import io.collide4j.checker.ccd.screw.ScrewMesh;
import io.collide4j.checker.ccd.screw.ThrowProtocol;
import io.collide4j.checker.geometry.mesh.MeshBvh;
import io.collide4j.checker.geometry.mesh.MeshQuery;
import io.collide4j.checker.geometry.mesh.MeshSurface;
import io.collide4j.models.Models;
import io.collide4j.planner.options.CliException;
import io.collide4j.planner.options.ExitCode;
import io.collide4j.urdf.TriangleMesh;
import io.collide4j.urdf.mesh.MeshFormat;
import io.collide4j.urdf.mesh.MeshLoader;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * {@code collide4j bench --throw}: the throw benchmark of seed 000 §7.3 with D2M, Capoeira and, for comparison,
 * Tight-Inclusion on the linearised motion ({@code MeshCcd} with {@code RigidTightInclusion}). Closed meshes only:
 * a regular tetrahedron, V-HACD example meshes (teddy, torus1 from {@code <testdata>/v-hacd/app/meshes}, testdata =
 * {@code -Dcollide4j.testdata}, default {@code tests/data}) and bundled Panda link
 * meshes, each normalised to bounding radius 1. Per benchmark (pair × speed 4 or 512 units/s): min/median/max wall
 * time per instance (one run after a warm-up; a guide, not JMH), the gap at the reported time measured with the
 * exact mesh distance at the poses evaluated there, touching/penetrating counts, and whether Capoeira's time is
 * ever later than D2M's. Ends with {@code touching or penetrating: N of M} over all D2M instances.
 */
final class ThrowBench {
    private ThrowBench() {}

    /**
     * Tight-Inclusion's mesh CCD tests every primitive pair whose whole-motion swept boxes overlap (for a throw: nearly
     * all of them), about 10 s for 48 x 224 triangles: it runs only on pairs up to this many triangle pairs.
     */
    static final long RTI_MAX_TRIANGLE_PAIRS = 2_000;

    private record Pair(String name, TriangleMesh a, TriangleMesh b) {}

    /** Seed 000 App. K.21 (5120 instances, one thread of an i7-2670QM): the numbers the table sits beside. */
    static final String SEED_NUMBERS = String.join(
            System.lineSeparator(),
            "seed 000 (App. K.21, 10 pairs x 2 speeds x 256, i7-2670QM, C++):",
            "  D2M      time ms min/median/max 0.16/21/260, gap min/median/max 1.0e-10/1.1e-10/3.6e-10, touching 0 of 5120",
            "  Capoeira time ms min/median/max 0.058/0.85/22, gap min/median/max 0.0040/0.031/0.24, touching 0 of 5120",
            "  C2A      time ms min/median/max 0.072/5.9/330, gap max 0.050, touching or penetrating 15 of 5120");

    static int run(PrintStream out, int instances, int rtiInstances, long seed, Path dataDir) {
        if (instances < 1) {
            throw new CliException(
                    ExitCode.USAGE, "--throw: throws per mesh pair and speed must be >= 1, got " + instances);
        }
        if (rtiInstances < 0) {
            throw new IllegalArgumentException("Tight-Inclusion throws must be >= 0, got " + rtiInstances);
        }
        List<Pair> pairs = pairs(dataDir);
        D2m d2m = D2m.defaults();
        D2m.Scratch scratch = new D2m.Scratch();
        MeshCcd rti = new MeshCcd(RigidTightInclusion.defaults());
        out.printf(
                Locale.ROOT,
                "collide4j bench --throw: %d instances per pair per speed, seed %d, eps_d %.1e; RTI on "
                        + "the first %d (all for tet/tet) of pairs up to %d triangle pairs%n",
                instances,
                seed,
                d2m.epsD(),
                rtiInstances,
                RTI_MAX_TRIANGLE_PAIRS);
        out.printf(
                Locale.ROOT,
                "%-22s %4s | %-22s %-19s %3s | %-22s %-8s %4s | %4s %-22s %-19s %3s%n",
                "benchmark",
                "n",
                "D2M ms min/med/max",
                "gap min/max",
                "<=0",
                "Capoeira ms",
                "gap max",
                ">D2M",
                "RTI",
                "RTI ms min/med/max",
                "gap min/max",
                "<=0");
        int touching = 0, total = 0, late = 0;
        List<Double> allTimes = new ArrayList<>(), allGaps = new ArrayList<>();
        for (Pair p : pairs) {
            ScrewMesh sa = ScrewMesh.of(p.a()), sb = ScrewMesh.of(p.b());
            for (double speed : new double[] {4, 512}) {
                List<ThrowProtocol.Instance> list = ThrowProtocol.instances(speed, instances, seed);
                // warm-up on a few instances (JIT)
                for (int i = 0; i < Math.min(4, list.size()); i++) {
                    d2m.solve(sa, list.get(i).a(), sb, list.get(i).b(), D2mMode.FULL, scratch);
                    d2m.solve(sa, list.get(i).a(), sb, list.get(i).b(), D2mMode.CAPOEIRA, scratch);
                }
                double[] tD = new double[list.size()], gD = new double[list.size()];
                double[] tC = new double[list.size()], gC = new double[list.size()];
                int touchD = 0, capLate = 0;
                long product = (long) p.a().triangleCount() * p.b().triangleCount();
                int nRti = product > RTI_MAX_TRIANGLE_PAIRS
                        ? 0
                        : p.name().equals("tet/tet") ? list.size() : Math.min(rtiInstances, list.size());
                double[] tR = new double[nRti], gR = new double[nRti];
                int touchR = 0;
                for (int i = 0; i < list.size(); i++) {
                    ThrowProtocol.Instance in = list.get(i);
                    long t0 = System.nanoTime();
                    D2mResult full = d2m.solve(sa, in.a(), sb, in.b(), D2mMode.FULL, scratch);
                    long t1 = System.nanoTime();
                    D2mResult cap = d2m.solve(sa, in.a(), sb, in.b(), D2mMode.CAPOEIRA, scratch);
                    long t2 = System.nanoTime();
                    tD[i] = (t1 - t0) / 1e6;
                    tC[i] = (t2 - t1) / 1e6;
                    gD[i] = full.hit() ? gap(p, in, full.toc()) : Double.NaN;
                    gC[i] = cap.hit() ? gap(p, in, cap.toc()) : Double.NaN;
                    if (!(gD[i] > 0)) {
                        touchD++;
                    }
                    if (!(cap.toc() <= full.toc())) {
                        capLate++;
                    }
                    if (i < nRti) {
                        long r0 = System.nanoTime();
                        MeshCcdResult rr = rti.solve(p.a(), in.a(), p.b(), in.b());
                        tR[i] = (System.nanoTime() - r0) / 1e6;
                        gR[i] = rr.hit() ? gap(p, in, rr.toi()) : Double.NaN;
                        if (!(gR[i] > 0)) {
                            touchR++;
                        }
                    }
                }
                touching += touchD;
                total += list.size();
                late += capLate;
                for (int i = 0; i < list.size(); i++) {
                    allTimes.add(tD[i]);
                    allGaps.add(gD[i]);
                }
                String name = p.name() + (speed == 4 ? " (low)" : " (high)");
                out.printf(
                        Locale.ROOT,
                        "%-22s %4d | %-22s %-19s %3d | %-22s %-8.2g %4d | %4d %-22s %-19s %3s%n",
                        name,
                        list.size(),
                        mmm(tD),
                        minMax(gD),
                        touchD,
                        mmm(tC),
                        max(gC),
                        capLate,
                        nRti,
                        nRti == 0 ? "-" : mmm(tR),
                        nRti == 0 ? "-" : minMax(gR),
                        nRti == 0 ? "-" : Integer.toString(touchR));
            }
        }
        double[] t = allTimes.stream().mapToDouble(Double::doubleValue).toArray();
        double[] g = allGaps.stream().mapToDouble(Double::doubleValue).toArray();
        out.printf(
                Locale.ROOT,
                "all D2M: time ms min/median/max %s, gap min/median/max %s; Capoeira later than D2M: %d%n",
                mmm(t),
                minMedMax(g),
                late);
        out.println(SEED_NUMBERS);
        out.println("wall clock per instance after a warm-up on this machine: a guide (JMH in benchmarks/ measures)");
        out.printf(Locale.ROOT, "touching or penetrating: %d of %d%n", touching, total);
        return touching == 0 && late == 0 ? ExitCode.FREE.status() : ExitCode.VIOLATION.status();
    }

    /** Exact mesh distance at time t, poses from the motions' own formula. */
    private static double gap(Pair p, ThrowProtocol.Instance in, double t) {
        return new MeshQuery()
                .distance(
                        new MeshBvh(world(p.a(), in.a(), t), p.a().copyTriangles()),
                        null,
                        new MeshBvh(world(p.b(), in.b(), t), p.b().copyTriangles()),
                        null);
    }

    private static double[] world(TriangleMesh m, LtlrMotion mo, double t) {
        double[] out = new double[3 * m.vertexCount()];
        for (int v = 0; v < m.vertexCount(); v++) {
            mo.position(t, m.vertex(v, 0), m.vertex(v, 1), m.vertex(v, 2), out, 3 * v);
        }
        return out;
    }

    private static List<Pair> pairs(Path dataDir) {
        TriangleMesh tet = ThrowProtocol.normalised(new TriangleMesh(
                new double[] {1, 1, 1, 1, -1, -1, -1, 1, -1, -1, -1, 1},
                new int[] {0, 1, 2, 0, 3, 1, 0, 2, 3, 1, 3, 2}));
        TriangleMesh teddy = closed(file(dataDir, "teddy.obj"), "teddy.obj");
        TriangleMesh torus = closed(file(dataDir, "torus1.obj"), "torus1.obj");
        TriangleMesh link1 = closed(bundled("link1.obj"), "panda link1.obj");
        TriangleMesh link3 = closed(bundled("link3.obj"), "panda link3.obj");
        TriangleMesh hand = closed(bundled("hand.obj"), "panda hand.obj");
        return List.of(
                new Pair("tet/tet", tet, tet),
                new Pair("tet/teddy", tet, teddy),
                new Pair("teddy/teddy", teddy, teddy),
                new Pair("teddy/torus1", teddy, torus),
                new Pair("link1/link3", link1, link3),
                new Pair("tet/hand", tet, hand));
    }

    private static TriangleMesh closed(TriangleMesh m, String what) {
        if (!new MeshSurface(m).isClosed()) {
            throw new CliException(ExitCode.DATA_ERROR, what + ": the throw benchmark needs closed meshes");
        }
        return ThrowProtocol.normalised(m);
    }

    private static TriangleMesh file(Path dir, String name) {
        Path p = dir.resolve(name);
        if (!Files.isRegularFile(p)) {
            throw new CliException(
                    ExitCode.NO_INPUT,
                    p + ": missing V-HACD example mesh (run from the repository root, "
                            + "or set -Dcollide4j.testdata to the repository's tests/data)");
        }
        return MeshLoader.load(p).mesh();
    }

    private static TriangleMesh bundled(String name) {
        String res = "/io/collide4j/models/panda/meshes/collision/" + name;
        try (InputStream in = Models.class.getResourceAsStream(res)) {
            if (in == null) {
                throw new CliException(ExitCode.INTERNAL, "bundled mesh " + res + " is missing from the models jar");
            }
            return MeshLoader.load(in.readAllBytes(), res, MeshFormat.OBJ, false)
                    .mesh();
        } catch (IOException e) {
            throw new CliException(ExitCode.NO_INPUT, "cannot read bundled mesh " + res + ": " + e.getMessage(), e);
        }
    }

    private static String mmm(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return String.format(Locale.ROOT, "%.3g/%.3g/%.3g", s[0], s[s.length / 2], s[s.length - 1]);
    }

    private static String minMax(double[] v) {
        double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
        for (double x : v) {
            lo = Math.min(lo, x);
            hi = Math.max(hi, x);
        }
        return String.format(Locale.ROOT, "%.2g/%.2g", lo, hi);
    }

    private static String minMedMax(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return String.format(Locale.ROOT, "%.2g/%.2g/%.2g", s[0], s[s.length / 2], s[s.length - 1]);
    }

    private static double max(double[] v) {
        double hi = Double.NEGATIVE_INFINITY;
        for (double x : v) {
            hi = Math.max(hi, x);
        }
        return hi;
    }
}
