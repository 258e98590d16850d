"""Overhead of the Python binding over the same calls inside the JVM (a benchmark, not a test).

    /usr/bin/python3 bindings/python/benchmarks/bench_overhead.py [--rounds 5]

Compiles InJvm.java (the in-JVM loops) against the jar, then interleaves, in one process: is_valid on 1000 random
Panda configurations in the table_shelf scene (Python loop vs Java loop over the same configurations; CPU time of
this thread, on which JPype runs the Java calls), and is_valid_many on 10^5 states (numpy, one call) vs
Collide4j.areValid(List<double[]>, engine) in Java (CPU time of the process: the engine's workers). Prints medians
over the rounds and the ratios; CPU time rather than wall time, so that a loaded machine distorts less.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import jpype  # noqa: E402

from collide4j import _jvm  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--states", type=int, default=100_000)
    args = ap.parse_args()
    here = os.path.dirname(os.path.abspath(__file__))
    out = tempfile.mkdtemp(prefix="collide4j-bench-")
    subprocess.run(["javac", "-d", out, "-cp", _jvm.jar_path(), os.path.join(here, "InJvm.java")], check=True)
    jpype.addClassPath(out)
    import collide4j
    c = collide4j.Checker("panda", scene="table_shelf")
    injvm = jpype.JClass("InJvm")
    col = c._j.collide4j()
    rng = np.random.default_rng(7)
    qs = rng.uniform(c.lower_limits, c.upper_limits, size=(1000, c.dof))
    jqs = jpype.JArray(jpype.JDouble, 2)(qs.tolist())
    big = rng.uniform(c.lower_limits, c.upper_limits, size=(args.states, c.dof))
    engine = col.newBatchChecker(os.cpu_count())
    rows = injvm.rows(col, big.reshape(-1))
    jflat = jpype.JArray(jpype.JDouble)(big.reshape(-1))
    py_single, java_single, py_batch, java_batch, java_flat = [], [], [], [], []
    reps = 20
    injvm.isValidLoop(col, jqs, 100)   # JIT warm-up of both sides
    for q in qs:
        c.is_valid(q)
    c.is_valid_many(big)
    for _ in range(args.rounds):
        # single calls run on this thread (JPype calls Java on the caller's thread): its CPU time
        t0 = time.thread_time_ns()
        injvm.isValidLoop(col, jqs, reps)
        java_single.append((time.thread_time_ns() - t0) / (reps * len(qs)) / 1e3)
        t0 = time.thread_time_ns()
        for _rep in range(reps):
            for q in qs:
                c.is_valid(q)
        py_single.append((time.thread_time_ns() - t0) / (reps * len(qs)) / 1e3)
        # batches run on the engine's worker threads: the process's CPU time
        t0 = time.process_time_ns()
        injvm.batch(col, rows, engine)
        java_batch.append((time.process_time_ns() - t0) / 1e9)
        t0 = time.process_time_ns()
        injvm.batchFlat(col, jflat, engine)
        java_flat.append((time.process_time_ns() - t0) / 1e9)
        t0 = time.process_time_ns()
        c.is_valid_many(big)
        py_batch.append((time.process_time_ns() - t0) / 1e9)
    js, ps = statistics.median(java_single), statistics.median(py_single)
    jb, pb, jf = statistics.median(java_batch), statistics.median(py_batch), statistics.median(java_flat)
    valid = int(c.is_valid_many(big).sum())
    print("cores %d, %d rounds (medians of CPU time)" % (os.cpu_count(), args.rounds))
    print("isValid      in JVM %.2f us   Python is_valid %.2f us   overhead %.2f us per call" % (js, ps, ps - js))
    print("batch %d     in JVM %.1f ms CPU (%.0f states per CPU-s)   Python is_valid_many %.1f ms CPU (%.0f)   "
          "throughput ratio %.1f %%   (%d valid)" % (args.states, jb * 1e3, args.states / jb, pb * 1e3,
                                                      args.states / pb, 100 * jb / pb, valid))
    print("  the same flat call from Java %.1f ms CPU: Python's throughput is %.1f %% of it" % (jf * 1e3, 100 * jf / pb))
    engine.close()
    c.close()


if __name__ == "__main__":
    main()
