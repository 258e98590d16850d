/**
 * The {@code collide4j bench} command and its workloads, plugged into the command line through
 * {@link io.collide4j.planner.cli.PluggedCommand} ({@link io.collide4j.planner.bench.command.BenchPlugin}, listed in
 * {@code META-INF/services}), so the shipped {@code collide4j.jar} carries none of it and
 * {@code collide4j-bench.jar} runs it: throughput tables of states, motions, CCD and batch engines
 * ({@link io.collide4j.planner.bench.command.BenchCommand}), MotionBenchMaker edges and planning, verification,
 * decomposition and the seeds' benchmarks ({@link io.collide4j.planner.bench.command.SeedBenches}).
 *
 * <p>Glossary: <b>workload</b> — one named set of queries timed together; <b>clean timer</b> — wall-clock timing
 * of one call that is repeated when the thread was switched out meanwhile ({@code CleanTimer}, as the FCL harness
 * times its side); <b>cases</b> — the FCL harness's configurations ({@code bench --cases}), checked one thread, one
 * call at a time. Commands are single-threaded objects, one per run; timings describe the machine they ran on.
 */
package io.collide4j.planner.bench.command;
