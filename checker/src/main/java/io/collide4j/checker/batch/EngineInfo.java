package io.collide4j.checker.batch;

/**
 * Which engine answered a batch and with what arithmetic.
 *
 * @param kind      CPU or OpenCL
 * @param device    device description (OpenCL device name and platform, or "Java, N threads")
 * @param precision the floating-point arithmetic of the engine's kernels; always {@link #FP64}: devices without
 *                  double precision are refused (the checker then falls back to the CPU engine and says why)
 * @param threads   worker threads of the CPU engine that decides undecided items
 */
public record EngineInfo(EngineKind kind, String device, String precision, int threads) {

    /** IEEE binary64 throughout, no fused multiply-add contraction. */
    public static final String FP64 = "fp64";

    @Override
    public String toString() {
        return kind + " [" + device + ", " + precision + "]";
    }
}
