/**
 * The seeds' benchmarks reproduced (issue 20): the configuration-set performance benchmark of seed 003 §5.7.2
 * ({@link io.collide4j.planner.bench.ConfigurationSetGenerator}, {@link io.collide4j.planner.bench.ConfigurationSets},
 * {@link io.collide4j.planner.bench.BucketBench}) and the bounding-volume study with the 7-link arm demo of seed 004
 * §7 ({@link io.collide4j.planner.bench.BoundingVolumeStudy}); {@link io.collide4j.planner.bench.BenchHtml} writes
 * the report. Run through {@code collide4j bench --write-sets / --buckets / --bv [--html]}.
 *
 * <p>Glossary: <b>body</b> — a convex hull of a bundled mesh or box, in its own frame; <b>pair configuration</b> — B's
 * pose in A's frame by the sphere method's six lattice parameters and the ray distance s; <b>bucket</b> — the
 * target clearance (Scenario I) or penetration along the approach ray (Scenario II) in percent of A's AABB diagonal,
 * or a robot's clearance in millimetres; <b>target</b> — the exact oracle's value at the stored pose; <b>exact
 * oracle</b> — {@link io.collide4j.planner.bench.PairOracle}, triangle-exact and independent of GJK/MPR/EPA.
 */
package io.collide4j.planner.bench;
