package io.collide4j.urdf.mesh;

import java.util.Locale;
import java.util.Optional;

/** Mesh file formats the loader reads, chosen by file extension (case-insensitive). */
public enum MeshFormat {
    STL,
    OBJ,
    COLLADA;

    /** The format for a file name or URI path by its extension; empty when unknown. */
    public static Optional<MeshFormat> fromName(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        int q = n.indexOf('?');
        if (q >= 0) {
            n = n.substring(0, q);
        }
        if (n.endsWith(".stl")) {
            return Optional.of(STL);
        } else if (n.endsWith(".obj")) {
            return Optional.of(OBJ);
        } else if (n.endsWith(".dae")) {
            return Optional.of(COLLADA);
        }
        return Optional.empty();
    }
}
