package io.collide4j.urdf.xacro;

import java.util.List;

/** A Python tuple: an immutable sequence, printed {@code (1, 2)}. */
record PyTuple(List<Object> items) {
    PyTuple {
        items = List.copyOf(items);
    }
}
