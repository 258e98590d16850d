package io.collide4j.urdf.mesh;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Loads STL (binary/ASCII), OBJ and COLLADA files into an immutable welded {@link io.collide4j.urdf.TriangleMesh}
 * (see {@link MeshBuilder} for welding and degenerate removal). Reads local URIs only ({@code file:} and
 * {@code jar:} resources); other schemes are refused without a connection. COLLADA {@code up_axis} is ignored by default, as ROS
 * (RViz, MoveIt's geometric_shapes) does for URDF meshes; {@code <unit meter>} is always applied.
 * Stateless and thread-safe.
 */
public final class MeshLoader {
    private MeshLoader() {}

    public static MeshLoadResult load(Path file) {
        try {
            return load(Files.readAllBytes(file), file.toString(), formatOf(file.toString()), false);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read mesh " + file, e);
        }
    }

    /** Loads from any openable URI (file:, jar:, ...); the format comes from the path's extension. */
    public static MeshLoadResult load(URI uri) {
        return load(uri, false);
    }

    /** As {@link #load(URI)}; {@code applyColladaUpAxis} rotates Y_UP/X_UP COLLADA documents to Z up. */
    public static MeshLoadResult load(URI uri, boolean applyColladaUpAxis) {
        io.collide4j.urdf.ResourceResolver.requireLocal(uri, "mesh");
        try (InputStream in = uri.toURL().openStream()) {
            return load(in.readAllBytes(), uri.toString(), formatOf(uri.toString()), applyColladaUpAxis);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read mesh " + uri, e);
        }
    }

    /**
     * Loads a whole mesh file held in memory; {@code sourceName} appears in errors.
     * {@code applyColladaUpAxis} rotates Y_UP/X_UP documents to Z up (ignored for other formats).
     */
    public static MeshLoadResult load(byte[] data, String sourceName, MeshFormat format, boolean applyColladaUpAxis) {
        MeshBuilder b = new MeshBuilder();
        switch (format) {
            case STL -> StlReader.read(data, sourceName, b);
            case OBJ -> ObjReader.read(data, sourceName, b);
            case COLLADA -> ColladaReader.read(data, sourceName, applyColladaUpAxis, b);
            default -> throw new IllegalStateException(format.toString());
        }
        return b.build();
    }

    /** The format of a file name, or a {@link MeshFormatException} naming the unsupported extension. */
    public static MeshFormat formatOf(String name) {
        return MeshFormat.fromName(name)
                .orElseThrow(() -> new MeshFormatException(
                        name, 0, "unsupported mesh format: expected a .stl, .obj or .dae file"));
    }
}
