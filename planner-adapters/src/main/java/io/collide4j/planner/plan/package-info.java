/**
 * A reference planner and the MotionBenchMaker workloads it is measured on.
 *
 * <p>Glossary: <em>problem</em> — one MotionBenchMaker scene (obstacles, allowed collisions) with its start/goal
 * request ({@link io.collide4j.planner.plan.MbmProblems}); <em>scenario</em> — a family of 100 problems
 * ({@code box_panda}, {@code cage_panda}, ...); <em>scene label</em> — {@code <scenario>/<NNNN>}, as the FCL harness
 * ({@code shared/peers/arm-bench}) names a problem; <em>edge</em> — a straight joint-space motion a planner asks
 * about; <em>free edge</em> — one certified free by {@code checkMotion}; <em>benchmark edges</em> — the issue-17 edge
 * workload ({@code io.collide4j.planner.plan.BenchmarkEdges}, module benchmarks) and its <em>edge list</em>, the harness's
 * {@code --edge-list} CSV; <em>re-certified</em> — a planned path whose every edge checks free again with a fresh
 * context and which certifies {@code CERTIFIED_FREE} as a trajectory
 * ({@link io.collide4j.planner.plan.ProblemRunner}); <em>lazy edges</em> — RRT-Connect's trees grown on sampled
 * state checks, only the edges of a connecting path proven by the motion validator
 * ({@link io.collide4j.planner.plan.RrtConnect}); <em>sample step</em> — the joint-space spacing of those samples;
 * <em>sampler</em> — how the random configurations are drawn, uniform or a Halton sequence per tree
 * ({@link io.collide4j.planner.plan.Sampler}, {@link io.collide4j.planner.plan.HaltonSequence}); <em>nearest scan</em>
 * — the flat linear nearest-neighbour search ({@link io.collide4j.planner.plan.NearestScan}); <em>balanced trees</em>
 * — the smaller tree extends next; <em>dynamic domain</em> — the radius around a node whose extension failed beyond
 * which samples it is nearest to are dropped unchecked ({@link io.collide4j.planner.plan.PlanRequest}); <em>refused
 * connect</em> — a connect that failed at its first step from a node; its direction is remembered and later connects
 * from that node in nearly the same direction are skipped (RefusedDirections); <em>work counts</em> — iterations,
 * state and motion checks, refused proofs, nodes scanned, samples dropped, connects skipped
 * ({@link io.collide4j.planner.plan.PlanResult}).
 *
 * <p>Null-marked (JSpecify): no parameter, return value or field here is null unless it is annotated {@code @Nullable}.
 */
@NullMarked
package io.collide4j.planner.plan;

import org.jspecify.annotations.NullMarked;
