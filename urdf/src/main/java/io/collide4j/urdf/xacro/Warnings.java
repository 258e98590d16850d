package io.collide4j.urdf.xacro;

/** Where xacro's warnings and messages go (stderr in the CLI); called on the expanding thread only. */
@FunctionalInterface
public interface Warnings {
    void warn(String message);
}
