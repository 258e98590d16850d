package io.collide4j.checker.scene;

import io.collide4j.urdf.DescriptionException;
import io.collide4j.urdf.TriangleMesh;
import io.collide4j.urdf.mesh.MeshLoader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A scene obstacle's mesh read from a file ({@code "type": "mesh_file"} in {@code SCENE_FORMAT.md}): STL, OBJ or
 * COLLADA through the URDF module's {@link MeshLoader}, scaled per axis. The path is relative to the scene file's
 * folder and must stay inside it, real paths compared (no absolute paths, no {@code ..}, no symbolic link leading
 * out), so that whoever may read a scene file (the server's {@code --root}) may read its meshes too; a scene given as
 * text has no folder and may not name files. Failures are IllegalArgumentExceptions naming the member.
 * {@link #read(Path, double[])} is the same without the folder rule, for a file a user names directly (the CLI's
 * {@code --mesh-obstacle}). Stateless.
 */
public final class SceneMeshFile {
    private SceneMeshFile() {}

    /** The mesh of {@code file} under {@code folder} (null: the scene is text), each vertex scaled by {@code scale}. */
    static TriangleMesh load(Path folder, String file, double[] scale) {
        if (folder == null) {
            throw new IllegalArgumentException("file: a scene given as text may not name mesh files (paths resolve"
                    + " against a scene file's folder); give the scene as a file, or the mesh inline as type mesh");
        }
        Path rel;
        try {
            rel = Path.of(file);
        } catch (java.nio.file.InvalidPathException e) {
            throw new IllegalArgumentException("file: not a path: '" + file + "'");
        }
        if (file.isEmpty()
                || rel.isAbsolute()
                || rel.normalize().startsWith("..")
                || rel.normalize().toString().isEmpty()) {
            throw new IllegalArgumentException("file: expected a mesh path relative to the scene file's folder and"
                    + " inside it, found '" + file + "'");
        }
        Path p = folder.resolve(rel).normalize();
        if (!Files.isRegularFile(p)) {
            throw new IllegalArgumentException("file: no mesh file " + p);
        }
        try {
            if (!p.toRealPath().startsWith(folder.toRealPath())) {
                throw new IllegalArgumentException("file: " + file + " leads out of the scene file's folder " + folder);
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("file: cannot resolve " + p + " (" + e.getMessage() + ")");
        }
        return read(p, scale);
    }

    /**
     * The mesh of an STL, OBJ or COLLADA file, each vertex scaled per axis ({@code scale} null: 1); errors name
     * {@code file:} or {@code scale:}.
     */
    public static TriangleMesh read(Path p, double[] scale) {
        double[] s = scale == null ? new double[] {1, 1, 1} : scale;
        if (s.length != 3
                || !(s[0] > 0 && s[1] > 0 && s[2] > 0)
                || !(s[0] < Double.POSITIVE_INFINITY
                        && s[1] < Double.POSITIVE_INFINITY
                        && s[2] < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException("scale: expected [sx, sy, sz], each > 0 and finite");
        }
        TriangleMesh m;
        try {
            m = MeshLoader.load(p).mesh();
        } catch (DescriptionException | UncheckedIOException e) {
            throw new IllegalArgumentException("file: " + e.getMessage());
        }
        double[] v = m.copyVertices();
        for (int i = 0; i < v.length; i++) {
            v[i] *= s[i % 3];
        }
        return new TriangleMesh(v, m.copyTriangles());
    }
}
