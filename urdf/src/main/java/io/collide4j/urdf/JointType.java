package io.collide4j.urdf;

/** Supported URDF joint types. Floating and planar joints are rejected by the parser with a clear error. */
public enum JointType {
    REVOLUTE,
    CONTINUOUS,
    PRISMATIC,
    FIXED;

    /** True for joints that contribute a coordinate to the configuration vector. */
    public boolean isMovable() {
        return this != FIXED;
    }
}
