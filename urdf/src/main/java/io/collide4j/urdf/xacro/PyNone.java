package io.collide4j.urdf.xacro;

/** Python's {@code None} (a value of its own: Java's null never enters an expression's values). */
enum PyNone {
    NONE;

    @Override
    public String toString() {
        return "None";
    }
}
