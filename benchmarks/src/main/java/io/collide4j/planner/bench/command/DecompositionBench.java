package io.collide4j.planner.bench.command;

import io.collide4j.checker.geometry.ConvexHull;
import io.collide4j.checker.geometry.decomposition.Decomposer;
import io.collide4j.checker.geometry.decomposition.Decomposition;
import io.collide4j.checker.geometry.decomposition.DecompositionParameters;
import io.collide4j.checker.robot.PieceCover;
import io.collide4j.planner.options.CliException;
import io.collide4j.planner.options.ExitCode;
import io.collide4j.urdf.TriangleMesh;
import io.collide4j.urdf.mesh.MeshLoader;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code collide4j bench --decomposition}: collide4j's convex decomposition of every mesh of V-HACD's reference
 * table ({@code <testdata>/v-hacd/NUMBERS.md}, testdata = {@code -Dcollide4j.testdata}, default {@code tests/data}:
 * the V-HACD example meshes and the Panda and UR5e collision links) at V-HACD's default parameters with one thread,
 * printed beside V-HACD's one-thread numbers from that table: time, pieces, Σ piece volume / mesh volume and
 * coverage (ours: every triangle is held by the pieces, up to the margin {@link PieceCover} measures; V-HACD's: the
 * share of its surface samples outside its hulls). V-HACD's times come from another run (see the table's header):
 * compare them as ratios only; per mesh, our process CPU time (JIT and GC threads included, so an upper bound on the
 * work of the one decomposing thread on a busy machine) is compared with them. One run per mesh after a warm-up,
 * wall clock and process CPU: a guide; JMH's
 * {@code DecompositionBench} (JMH, io.collide4j.tests.bench) measures.
 */
final class DecompositionBench {
    private DecompositionBench() {}

    /** One row of V-HACD's table: the mesh as named there and its one-thread results. */
    record Reference(String mesh, double seconds, int hulls, double volumeRatio, String areaOutside) {}

    static int run(PrintStream out, Path dataDir) {
        Path numbers = dataDir.resolve("v-hacd").resolve("NUMBERS.md");
        List<Reference> refs;
        try {
            refs = parse(Files.readAllLines(numbers));
        } catch (IOException e) {
            throw new CliException(
                    ExitCode.NO_INPUT,
                    "cannot read V-HACD's reference table " + numbers + ": " + e.getMessage()
                            + " (run from the repository root or set -Dcollide4j.testdata)");
        }
        DecompositionParameters p = DecompositionParameters.builder().threads(1).build();
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        // warm-up on a small mesh, so the first row does not carry the JIT's start
        Decomposer.decompose(
                load(dataDir, refs.get(0).mesh()),
                p.toBuilder().resolution(20_000).build());
        out.println("collide4j decomposition beside V-HACD v4 (" + numbers + "), default parameters, one thread each;"
                + " V-HACD's times are from its own run: ratios only");
        out.printf(
                Locale.ROOT,
                "%-22s %7s %7s %6s %6s %8s %8s %-24s %s%n",
                "mesh",
                "t (s)",
                "CPU (s)",
                "pieces",
                "VHACD",
                "Σvol/vol",
                "VHACD",
                "covered (margin)",
                "VHACD: t (s), area outside");
        double ours = 0, oursCpu = 0, theirs = 0;
        int tighter = 0, fewer = 0, faster = 0, closed = 0;
        for (Reference r : refs) {
            TriangleMesh mesh = load(dataDir, r.mesh());
            long cpu0 = os.getProcessCpuTime(), t0 = System.nanoTime();
            Decomposition d = Decomposer.decompose(mesh, p);
            double seconds = (System.nanoTime() - t0) / 1e9, cpu = (os.getProcessCpuTime() - cpu0) / 1e9;
            double margin = PieceCover.of(d, mesh, null).margin();
            double ratio = d.pieces().stream().mapToDouble(ConvexHull::volume).sum()
                    / d.stats().meshVolume();
            boolean isClosed = d.stats().meshClosed();
            ours += seconds;
            oursCpu += cpu;
            theirs += r.seconds();
            if (isClosed) {
                closed++;
                tighter += ratio <= r.volumeRatio() ? 1 : 0;
                fewer += d.pieces().size() <= r.hulls() ? 1 : 0;
            }
            faster += cpu < r.seconds() ? 1 : 0;
            out.printf(
                    Locale.ROOT,
                    "%-22s %7.2f %7.2f %6d %6d %8s %8.3f %-24s %.3f, %s%n",
                    r.mesh(),
                    seconds,
                    cpu,
                    d.pieces().size(),
                    r.hulls(),
                    String.format(Locale.ROOT, "%.3f%s", ratio, isClosed ? "" : "*"),
                    r.volumeRatio(),
                    String.format(Locale.ROOT, "100%% (%.2g)", margin),
                    r.seconds(),
                    r.areaOutside());
        }
        out.printf(
                Locale.ROOT,
                "total time %.1f s (CPU %.1f s) vs V-HACD %.1f s (%.2fx, CPU %.2fx); closed meshes: Σvol/vol"
                        + " <= V-HACD on %d of %d, pieces <= V-HACD on %d of %d; CPU time below V-HACD's on %d of %d meshes%n",
                ours,
                oursCpu,
                theirs,
                ours / theirs,
                oursCpu / theirs,
                tighter,
                closed,
                fewer,
                closed,
                faster,
                refs.size());
        out.println("* open mesh: its volume is our voxel estimate, V-HACD's another one; those ratios do not compare");
        return ExitCode.FREE.status();
    }

    /** The data rows of the table: mesh, t 1 thread, hulls, Σ hull vol / mesh vol, area outside (columns 1, 2, 4, 5, 9). */
    static List<Reference> parse(List<String> lines) {
        List<Reference> out = new ArrayList<>();
        for (String line : lines) {
            String[] cells = line.split("\\|", -1);
            if (cells.length < 12 || !cells[1].trim().matches(".*\\.(obj|stl)")) {
                continue;
            }
            try {
                out.add(new Reference(
                        cells[1].trim(),
                        Double.parseDouble(cells[2].trim()),
                        Integer.parseInt(cells[4].trim()),
                        Double.parseDouble(cells[5].replace("¹", "").trim()),
                        cells[9].trim()));
            } catch (NumberFormatException e) {
                throw new CliException(
                        ExitCode.DATA_ERROR,
                        "V-HACD's reference table: row '" + line.trim()
                                + "' does not have numbers in its time, hulls and volume columns");
            }
        }
        if (out.isEmpty()) {
            throw new CliException(
                    ExitCode.DATA_ERROR, "V-HACD's reference table has no mesh rows (expected '| mesh.obj | ...')");
        }
        return out;
    }

    /** The mesh a table row names: V-HACD's examples by file name, {@code panda/} and {@code ur5e/} collision links. */
    private static TriangleMesh load(Path dataDir, String mesh) {
        Path path;
        if (mesh.startsWith("panda/")) {
            path = dataDir.resolve("example-robot-data/robots/panda_description/meshes/collision")
                    .resolve(mesh.substring(6));
        } else if (mesh.startsWith("ur5e/")) {
            path = dataDir.resolve("universal-robot/ur_description/meshes/ur5e/collision")
                    .resolve(mesh.substring(5));
        } else {
            path = dataDir.resolve("v-hacd/app/meshes").resolve(mesh);
        }
        if (!Files.isRegularFile(path)) {
            throw new CliException(
                    ExitCode.NO_INPUT,
                    "mesh " + path + " of V-HACD's reference table row '" + mesh
                            + "' not found (run from the repository root or set -Dcollide4j.testdata)");
        }
        return MeshLoader.load(path).mesh();
    }
}
