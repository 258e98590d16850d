package io.collide4j.checker.certificate;

import io.collide4j.checker.query.Contact;
import org.jspecify.annotations.NullMarked;

/**
 * The first place along a trajectory where a pair's certified lower bound reaches margin + tolerance:
 * segment index, fraction s of that segment, trajectory time, configuration, and the pair's contact
 * (points, certified lower bound and estimate).
 * Null-marked (JSpecify).
 */
@NullMarked
public record Violation(int segment, double fraction, double time, double[] configuration, Contact contact) {}
