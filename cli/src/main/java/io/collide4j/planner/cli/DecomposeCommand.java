package io.collide4j.planner.cli;

import io.collide4j.checker.geometry.decomposition.Decomposer;
import io.collide4j.checker.geometry.decomposition.Decomposition;
import io.collide4j.checker.geometry.decomposition.DecompositionCache;
import io.collide4j.checker.geometry.decomposition.DecompositionParameters;
import io.collide4j.checker.robot.DecompositionPieces;
import io.collide4j.checker.robot.PieceCover;
import io.collide4j.planner.options.CliCommand;
import io.collide4j.planner.options.CliException;
import io.collide4j.planner.options.ExitCode;
import io.collide4j.planner.options.RobotOptions;
import io.collide4j.urdf.TriangleMesh;
import io.collide4j.urdf.mesh.MeshLoader;
import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code collide4j decompose MESH [--out PIECES.obj] [--max-hulls N] [--resolution R] [--max-vertices V]
 * [--cache]}: convex decomposition of an STL/OBJ/DAE mesh into an OBJ file of pieces (one object per
 * piece); prints the statistics and the measured covering margin (how far any triangle reaches outside
 * the pieces).
 */
@Command(
        name = "decompose",
        sortOptions = false,
        footer = Main.EXIT_CODES,
        description = "Convex decomposition of a mesh into an OBJ file of pieces, with its measured covering margin.")
final class DecomposeCommand extends CliCommand {
    @Parameters(paramLabel = "MESH", description = "The mesh (STL, OBJ or DAE).")
    Path mesh;

    @Option(
            names = "--out",
            paramLabel = "PIECES.obj",
            description = "Where to write the pieces (default ${DEFAULT-VALUE}).")
    Path outFile = Path.of("pieces.obj");

    @Option(names = "--max-hulls", paramLabel = "N", description = "Most pieces (default ${DEFAULT-VALUE}).")
    int maxHulls = DecompositionParameters.DEFAULT_MAX_CONVEX_HULLS;

    @Option(names = "--resolution", paramLabel = "R", description = "Voxel resolution (default ${DEFAULT-VALUE}).")
    int resolution = DecompositionParameters.DEFAULT_RESOLUTION;

    @Option(
            names = "--max-vertices",
            paramLabel = "V",
            description = "Most vertices per piece (default ${DEFAULT-VALUE}).")
    int maxVertices = DecompositionParameters.DEFAULT_MAX_NUM_VERTICES_PER_CH;

    @Option(
            names = "--max-excess",
            paramLabel = "F",
            description =
                    "Volume excess aimed for: the pieces' summed volume over the mesh volume, minus 1 (0.1 = pieces"
                            + " 10 %% larger than the mesh in total), a fraction in 0..10. Larger gives fewer, looser pieces; the"
                            + " default ${DEFAULT-VALUE} spends the whole --max-hulls budget on tightness (as V-HACD does)."
                            + " --max-hulls wins when it cannot be met; the printed excess says how close it came.")
    double maxExcess = DecompositionParameters.DEFAULT_MAX_VOLUME_EXCESS;

    @Option(names = "--threads", paramLabel = "N", description = "Worker threads (default: the available processors).")
    int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--cache", description = "Reuse and store results in the decomposition cache.")
    boolean cached;

    @Override
    public int run() {
        RobotOptions.readable("MESH", mesh);
        if (!(maxExcess >= 0 && maxExcess <= DecompositionParameters.MAX_VOLUME_EXCESS_LIMIT)) {
            throw new CliException(
                    ExitCode.USAGE,
                    "--max-excess: expected a fraction in 0.."
                            + DecompositionParameters.MAX_VOLUME_EXCESS_LIMIT
                            + " (0.1 = pieces 10 % larger than the mesh in"
                            + " total), found " + maxExcess);
        }
        DecompositionParameters params = DecompositionParameters.builder()
                .maxConvexHulls(maxHulls)
                .resolution(resolution)
                .maxNumVerticesPerCH(maxVertices)
                .maxVolumeExcess(maxExcess)
                .threads(threads)
                .build();
        TriangleMesh m = MeshLoader.load(mesh).mesh();
        Progress progress = Progress.of(this, "decomposing", Decomposer.STEPS);
        Decomposition d;
        try {
            d = cached
                    ? DecompositionCache.defaultCache().decompose(m, params, progress::update)
                    : Decomposer.decompose(m, params, progress::update);
        } finally {
            progress.stop(); // a cache hit reports no steps; an error ends them early
        }
        double margin = measuredMargin(d, m, params);
        try {
            d.writeObj(outFile);
        } catch (java.io.UncheckedIOException e) {
            throw new CliException(
                    ExitCode.CANNOT_CREATE, "--out: cannot write " + outFile + " (" + e.getCause() + ")");
        }
        out.printf(Locale.ROOT, "%s: %d triangles -> %s%n", mesh, m.triangleCount(), d.stats());
        out.printf(
                Locale.ROOT,
                "covering margin %s m (every point of every triangle lies within this distance of a" + " piece)%n",
                Fixed.upperBound(margin));
        out.println("pieces written to " + outFile);
        return ExitCode.FREE.status();
    }

    /**
     * The covering margin, measured (with progress: on a cache hit it searches for a covering assignment again, or
     * decomposes again where that search gives up; {@link DecompositionPieces#measure}), or refused with exit 65 when
     * it cannot be measured tightly or comes out above {@link
     * PieceCover#tolerance}: the pieces of a decomposition cover the mesh by construction, so a larger margin
     * means a result that does not fit, and printing it would pass an inflated margin on silently.
     */
    private double measuredMargin(Decomposition d, TriangleMesh m, DecompositionParameters params) {
        String advice = "; try a smaller --max-excess (the default " + DecompositionParameters.DEFAULT_MAX_VOLUME_EXCESS
                + " keeps every piece tight) or a larger --max-hulls";
        Progress progress = Progress.of(this, "measuring margin", m.triangleCount());
        double margin;
        try {
            margin = DecompositionPieces.measure(d, m, params, progress::update).margin();
        } catch (IllegalArgumentException e) {
            throw new CliException(
                    ExitCode.DATA_ERROR, mesh + ": decomposition refused: " + e.getMessage() + advice, e);
        } finally {
            progress.stop();
        }
        double tolerance = PieceCover.tolerance(m);
        if (!(margin <= tolerance)) {
            throw new CliException(
                    ExitCode.DATA_ERROR,
                    String.format(
                            Locale.ROOT,
                            "%s: decomposition refused: its %d"
                                    + " pieces need a covering margin of %s m to hold every triangle, more than the tolerance %s m"
                                    + " (1e-9 of the mesh diagonal plus 1e-10 m)%s",
                            mesh,
                            d.pieces().size(),
                            Fixed.upperBound(margin),
                            Fixed.upperBound(tolerance),
                            advice));
        }
        return margin;
    }
}
