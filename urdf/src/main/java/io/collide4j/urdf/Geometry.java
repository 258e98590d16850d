package io.collide4j.urdf;

import java.net.URI;
import java.util.Optional;

/** URDF geometry, in the element's own frame. Sizes are in metres and validated positive and finite. */
public sealed interface Geometry {

    /** An axis-aligned box centred on the origin; sizes are full edge lengths (URDF {@code size}). */
    record Box(double sizeX, double sizeY, double sizeZ) implements Geometry {
        public Box {
            requirePositive("box size x", sizeX);
            requirePositive("box size y", sizeY);
            requirePositive("box size z", sizeZ);
        }
    }

    /** A cylinder about the z axis, centred on the origin; {@code length} is the full height. */
    record Cylinder(double radius, double length) implements Geometry {
        public Cylinder {
            requirePositive("cylinder radius", radius);
            requirePositive("cylinder length", length);
        }
    }

    /** A sphere centred on the origin. */
    record Sphere(double radius) implements Geometry {
        public Sphere {
            requirePositive("sphere radius", radius);
        }
    }

    /**
     * A mesh reference. {@code resolved} is where it was found; {@code mesh} is the loaded, already
     * scaled triangle mesh, empty only for visual geometry whose file is missing.
     */
    record Mesh(String filename, URI resolved, double scaleX, double scaleY, double scaleZ, Optional<TriangleMesh> mesh)
            implements Geometry {
        public Mesh {
            if (!(Double.isFinite(scaleX) && Double.isFinite(scaleY) && Double.isFinite(scaleZ))
                    || scaleX == 0
                    || scaleY == 0
                    || scaleZ == 0) {
                throw new IllegalArgumentException("mesh " + filename + ": scale must be finite and non-zero, got "
                        + scaleX + " " + scaleY + " " + scaleZ);
            }
        }
    }

    private static void requirePositive(String what, double v) {
        if (!(v > 0) || !Double.isFinite(v)) {
            throw new IllegalArgumentException(what + " must be positive and finite, got " + v);
        }
    }
}
