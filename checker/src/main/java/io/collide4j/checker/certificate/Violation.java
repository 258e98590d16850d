package io.collide4j.checker.certificate;

import io.collide4j.checker.query.Contact;

/**
 * The first place along a trajectory where a pair's certified lower bound reaches margin + tolerance:
 * segment index, fraction s of that segment, trajectory time, configuration, and the pair's contact
 * (points, certified lower bound and estimate).
 */
public record Violation(int segment, double fraction, double time, double[] configuration, Contact contact) {
}
