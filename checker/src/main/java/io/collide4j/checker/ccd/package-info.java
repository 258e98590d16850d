/**
 * Continuous collision detection: whether and when two moving primitives (point–triangle, edge–edge, or rigid
 * convex bodies) first come within a distance over a time interval, certified by Tight-Inclusion (Wang et al.,
 * "A Large-Scale Benchmark and an Inclusion-Based Algorithm for Continuous Collision Detection", 2021).
 *
 * <p>Glossary: <b>query</b> ({@link io.collide4j.checker.ccd.CcdQuery}): the primitives at t = 0 and t = 1 with
 * linear motion between; <b>kind</b> ({@link io.collide4j.checker.ccd.CcdKind}): vertex–face or edge–edge;
 * <b>tolerance</b>: the width of the time interval below which Tight-Inclusion stops and reports contact
 * (conservatively). Thread safety: the solvers are stateless apart from a caller-owned
 * {@link io.collide4j.checker.ccd.TightInclusionScratch}.
 */
package io.collide4j.checker.ccd;
