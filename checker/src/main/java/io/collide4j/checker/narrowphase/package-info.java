/**
 * The narrow phase on two convex shapes: GJK distance with a certified lower bound
 * ({@link io.collide4j.checker.narrowphase.Gjk}; Gilbert, Johnson and Keerthi 1988), penetration depth by EPA
 * (van den Bergen 2001) and intersection by MPR (Snethen 2008).
 *
 * <p>Glossary: <b>lower bound</b>: a distance GJK certifies (a separating support plane), never more than the true
 * distance; <b>relative tolerance</b>: how close the bound must come to the distance before GJK stops. Thread safety:
 * one solver instance per thread (they keep their simplex as scratch); results are plain mutable holders.
 */
package io.collide4j.checker.narrowphase;
