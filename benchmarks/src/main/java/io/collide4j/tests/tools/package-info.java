/**
 * Build-time tools: {@link io.collide4j.tests.tools.PrecomputeDecompositions} regenerates the bundled robots'
 * precomputed convex decompositions; {@link io.collide4j.tests.tools.JarAb} compares two builds' CPU time in one
 * JVM (A/B: two class loaders, alternating passes; workload {@link io.collide4j.tests.tools.JarAbWorkload}). Not
 * shipped.
 */
package io.collide4j.tests.tools;
