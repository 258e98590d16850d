package io.collide4j.checker.query;

import org.joml.Vector3dc;
import org.jspecify.annotations.NullMarked;

/**
 * The closest approach of one pair (world frame): {@code lowerBound} is certified (the true distance of
 * the modelled geometry is never below it), {@code distance} is the estimate; points are witnesses on
 * the first and second piece (margins not applied) and {@code normal} points from first to second.
 * Both distances have the margins (padding, hull covering gaps) already subtracted. When the pieces
 * overlap, {@code distance} is minus the penetration depth (EPA estimate) and the points are the deepest
 * points along {@code normal}; {@code lowerBound} is then ≤ that.
 * Null-marked (JSpecify).
 */
@NullMarked
public record Contact(
        LinkPair pair,
        double lowerBound,
        double distance,
        Vector3dc pointOnFirst,
        Vector3dc pointOnSecond,
        Vector3dc normal) {}
