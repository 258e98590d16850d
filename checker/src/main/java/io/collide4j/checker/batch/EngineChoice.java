package io.collide4j.checker.batch;

import java.util.Locale;
import org.jspecify.annotations.NullMarked;

/** How a {@link BatchChecker} picks its engine. */
@NullMarked
public enum EngineChoice {
    /** OpenCL when a double-precision device exists (GPU preferred, CPU OpenCL otherwise), else the CPU engine. */
    AUTO,
    /** The multithreaded Java engine only. */
    CPU,
    /** OpenCL, GPU preferred; building the checker fails with the reason when no usable device exists. */
    OPENCL,
    /** OpenCL on a GPU only; building the checker fails when there is none. */
    OPENCL_GPU;

    /** System property read by {@link #fromSystemProperty()}: {@code auto|cpu|opencl|opencl_gpu}. */
    public static final String PROPERTY = "collide4j.batch.engine";

    /** The choice named by the system property {@value #PROPERTY}, or AUTO when it is unset. */
    public static EngineChoice fromSystemProperty() {
        String v = System.getProperty(PROPERTY);
        if (v == null || v.isBlank()) {
            return AUTO;
        }
        try {
            return valueOf(v.trim().toUpperCase(Locale.ROOT).replace('-', '_'));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "system property " + PROPERTY + " = '" + v + "' is not one of auto, cpu, opencl, opencl_gpu", e);
        }
    }
}
