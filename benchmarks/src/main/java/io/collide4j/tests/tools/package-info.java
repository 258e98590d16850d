/**
 * Build-time tools: {@link io.collide4j.tests.tools.PrecomputeDecompositions} regenerates the bundled robots'
 * precomputed convex decompositions. Not shipped.
 */
package io.collide4j.tests.tools;
