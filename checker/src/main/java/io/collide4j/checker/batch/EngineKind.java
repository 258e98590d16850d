package io.collide4j.checker.batch;

/** Which batch engine produced a result. */
public enum EngineKind {
    /** The multithreaded Java engine (the reference: every other engine's undecided items are decided here). */
    CPU,
    /** The OpenCL engine (JOCL), on a GPU or a CPU OpenCL runtime such as POCL. */
    OPENCL
}
