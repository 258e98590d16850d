/**
 * Queries (state, motion, trajectory) on a robot and a scene, and trajectory certificates.
 *
 * <ul>
 *   <li><b>margin</b>: the required separation; <b>clearance</b>: a measured distance or its certified lower bound.</li>
 *   <li><b>earliest-contact query</b> ({@code checkMotion}) vs <b>boolean motion query</b> ({@code isMotionFree}): the
 *       same certified verdict on a motion; the first also finds when and where contact first becomes possible.</li>
 *   <li><b>certificate</b>: the JSON proof a {@link io.collide4j.checker.query.TrajectoryCertifier} streams
 *       ({@link io.collide4j.checker.query.CertificateWriter}) and a
 *       {@link io.collide4j.checker.query.CertificateVerifier} re-checks after reading it strictly into a
 *       {@link io.collide4j.checker.query.Certificate}.</li>
 *   <li><b>provenance</b>: where a certificate's robot and scene came from (bundled name or file), so that
 *       verification finds them ({@link io.collide4j.checker.query.Provenance}).</li>
 * </ul>
 */
package io.collide4j.checker.query;
