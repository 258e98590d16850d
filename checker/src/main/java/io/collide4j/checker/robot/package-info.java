/**
 * A robot's collision model: per link (body) its convex pieces (primitives, hulls of meshes or the pieces of a
 * convex decomposition), their margins and covering spheres, the allowed collision matrix and attached objects.
 *
 * <p>Glossary: <b>body</b>: a link with collision geometry; <b>piece</b>: one convex shape of a body
 * ({@link io.collide4j.checker.robot.PieceOrigin} says where it came from); <b>covering spheres</b>: spheres that
 * contain a piece, for the cheap bound tier; <b>allowed pair</b>: a pair of links never checked
 * ({@link io.collide4j.checker.robot.AllowedCollisionMatrix}). A {@link io.collide4j.checker.robot.RobotCollisionModel}
 * is immutable and thread-safe.
 */
package io.collide4j.checker.robot;
