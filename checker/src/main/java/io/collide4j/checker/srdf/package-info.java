/**
 * SRDF generation: which link pairs a robot's SRDF may leave unchecked ({@code disable_collisions}: adjacent, never
 * in collision, in collision at the default configuration), decided as MoveIt's setup assistant does but with
 * certified queries. It sits above {@code query} because it samples configurations with a
 * {@code CollisionChecker}; {@code robot} below it only reads the SRDF it writes.
 *
 * <p>Glossary: <b>never pair</b>: a pair no sampled configuration brings into collision (and, where asked, proven
 * apart over the whole joint box by {@code robot.LinkPairProof}); <b>planning group</b>: a named chain of joints
 * (base link to tip link). Thread safety: {@link io.collide4j.checker.srdf.SrdfGenerator} is stateless.
 */
package io.collide4j.checker.srdf;
