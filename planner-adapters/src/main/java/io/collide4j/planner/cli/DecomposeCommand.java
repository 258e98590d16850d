package io.collide4j.planner.cli;

import io.collide4j.checker.geometry.decomposition.Decomposer;
import io.collide4j.checker.geometry.decomposition.Decomposition;
import io.collide4j.checker.geometry.decomposition.DecompositionCache;
import io.collide4j.checker.geometry.decomposition.DecompositionParameters;
import io.collide4j.checker.robot.PieceCover;
import io.collide4j.urdf.TriangleMesh;
import io.collide4j.urdf.mesh.MeshLoader;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * {@code collide4j decompose MESH [--out PIECES.obj] [--max-hulls N] [--resolution R] [--max-vertices V]
 * [--cache]}: convex decomposition of an STL/OBJ/DAE mesh into an OBJ file of pieces (one object per
 * piece); prints the statistics and the measured covering margin (how far any triangle reaches outside
 * the pieces).
 */
final class DecomposeCommand {
    private DecomposeCommand() {
    }

    static int run(Args args, PrintStream out, PrintStream err) {
        List<String> pos = args.positionals();
        Path outFile = Path.of(args.string("out", "pieces.obj"));
        DecompositionParameters.Builder pb = DecompositionParameters.builder()
                .maxConvexHulls((int) args.integer("max-hulls", DecompositionParameters.DEFAULT_MAX_CONVEX_HULLS))
                .resolution((int) args.integer("resolution", DecompositionParameters.DEFAULT_RESOLUTION))
                .maxNumVerticesPerCH((int) args.integer("max-vertices", DecompositionParameters.DEFAULT_MAX_NUM_VERTICES_PER_CH))
                .threads((int) args.integer("threads", Runtime.getRuntime().availableProcessors()));
        boolean cached = args.flag("cache");
        args.rejectUnknown();
        if (pos.size() != 1) {
            throw new CliException(ExitCode.USAGE, "expects exactly one mesh file (STL, OBJ or DAE), got " + pos.size()
                    + " positional arguments");
        }
        Path mesh = Path.of(pos.get(0));
        if (!java.nio.file.Files.isReadable(mesh)) {
            throw new CliException(ExitCode.NO_INPUT, "mesh file not found or unreadable: " + mesh);
        }
        DecompositionParameters params = pb.build();
        TriangleMesh m = MeshLoader.load(mesh).mesh();
        Decomposition d = cached ? DecompositionCache.defaultCache().decompose(m, params) : Decomposer.decompose(m, params);
        double margin = PieceCover.of(d.pieces(), m).margin();
        try {
            d.writeObj(outFile);
        } catch (java.io.UncheckedIOException e) {
            throw new CliException(ExitCode.CANNOT_CREATE, "--out: cannot write " + outFile + " (" + e.getCause() + ")");
        }
        out.printf(Locale.ROOT, "%s: %d triangles -> %s%n", mesh, m.triangleCount(), d.stats());
        out.printf(Locale.ROOT, "covering margin %.3g m (every triangle lies within this distance of one piece)%n", margin);
        out.println("pieces written to " + outFile);
        return ExitCode.FREE;
    }
}
