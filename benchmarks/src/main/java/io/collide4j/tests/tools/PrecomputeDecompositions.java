package io.collide4j.tests.tools;

import io.collide4j.checker.geometry.decomposition.Decomposition;
import io.collide4j.checker.geometry.decomposition.DecompositionCache;
import io.collide4j.checker.geometry.decomposition.DecompositionParameters;
import io.collide4j.checker.robot.PrecomputedPieces;
import io.collide4j.models.Models;
import io.collide4j.urdf.Geometry;
import io.collide4j.urdf.GeometryElement;
import io.collide4j.urdf.LinkDescription;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.TriangleMesh;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * Regenerates the bundled robots' precomputed decompositions (models/src/main/resources/io/collide4j/
 * models/ROBOT/decomposition) at V-HACD default parameters. Run from the repository root:
 * {@code java -cp benchmarks/target/benchmarks.jar io.collide4j.tests.tools.PrecomputeDecompositions [cacheDir]}.
 */
public final class PrecomputeDecompositions {
    private PrecomputeDecompositions() {}

    public static void main(String[] args) {
        DecompositionCache cache =
                args.length > 0 ? new DecompositionCache(Path.of(args[0])) : DecompositionCache.defaultCache();
        DecompositionParameters params = DecompositionParameters.defaults();
        for (String robot : new String[] {"panda", "ur5e"}) {
            Map<String, TriangleMesh> meshes = meshes(Models.robot(robot));
            Path dir = Path.of("models/src/main/resources/io/collide4j/models", robot, "decomposition");
            Map<String, Decomposition> out = PrecomputedPieces.write(
                    meshes,
                    params,
                    cache,
                    dir,
                    "collide4j convex decomposer (io.collide4j.checker.geometry.decomposition.Decomposer)");
            out.forEach((name, d) -> System.out.println(robot + "/" + name + "\t" + d.stats()));
        }
    }

    /** Collision meshes of a robot by file stem (e.g. link6), as the URDF loader produced them. */
    static Map<String, TriangleMesh> meshes(RobotDescription d) {
        Map<String, TriangleMesh> out = new TreeMap<>();
        for (LinkDescription l : d.links()) {
            for (GeometryElement ge : l.collisions()) {
                if (ge.geometry() instanceof Geometry.Mesh m && m.mesh().isPresent()) {
                    String f = m.filename();
                    String stem = f.substring(f.lastIndexOf('/') + 1).replaceFirst("\\.[^.]*$", "");
                    TriangleMesh prev = out.putIfAbsent(stem, m.mesh().get());
                    if (prev != null
                            && !PrecomputedPieces.meshDigest(prev)
                                    .equals(PrecomputedPieces.meshDigest(
                                            m.mesh().get()))) {
                        throw new IllegalStateException("two different meshes named " + stem + " in " + d.name());
                    }
                }
            }
        }
        return out;
    }
}
