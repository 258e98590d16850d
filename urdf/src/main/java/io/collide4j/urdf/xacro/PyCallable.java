package io.collide4j.urdf.xacro;

import java.util.List;
import java.util.Map;

/** A function value in an expression: a builtin, a {@code math}/{@code xacro} function, or a bound method. */
interface PyCallable {
    Object call(List<Object> args, Map<String, Object> kwargs);

    /** The name Python would print for it. */
    String name();
}
