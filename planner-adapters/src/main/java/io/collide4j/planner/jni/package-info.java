/**
 * The Java side of the in-process native plug-ins: {@link io.collide4j.planner.jni.NativeBridge}'s static methods
 * are what the C++ OMPL plug-in ({@code bindings/ompl}) calls through JNI.
 *
 * <p>Glossary: <em>handle</em> — an opened checker with its adapters, one global reference on the native side;
 * <em>native thread</em> — a planner thread attached to the JVM as a daemon, with its own query scratch (the façade's
 * per-thread context) and its own argument arrays; <em>exit code</em> — the CLI's code for a failure (64 usage, 65 bad
 * data, 66 missing input, 70 internal), which the native exception carries.
 *
 * <p>Null-marked (JSpecify): no parameter, return value or field here is null unless it is annotated {@code @Nullable}.
 */
@NullMarked
package io.collide4j.planner.jni;

import org.jspecify.annotations.NullMarked;
