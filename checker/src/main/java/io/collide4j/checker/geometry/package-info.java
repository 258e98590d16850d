/**
 * Convex shapes and bounding volumes: the primitives (box, sphere, capsule, cylinder, cone), convex hulls of points
 * (built by {@link io.collide4j.checker.geometry.hull.QuickHull}), their support functions for GJK, and the boxes and
 * spheres the broad phases use.
 *
 * <p>Glossary: <b>shape</b> ({@link io.collide4j.checker.geometry.ConvexShape}): a convex set given by its support
 * function in its own frame; <b>margin shape</b>: a shape grown by a radius; <b>hull</b>: the convex hull of a
 * mesh's vertices; <b>orientation test</b> ({@link io.collide4j.checker.geometry.Orient3d}): the exact sign of a
 * determinant, used where a rounded one could decide wrongly. Shapes are immutable and thread-safe.
 */
package io.collide4j.checker.geometry;
