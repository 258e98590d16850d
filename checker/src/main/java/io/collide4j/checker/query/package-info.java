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
 *   <li><b>witness</b>: what a certificate of format {@code collide4j-certificate/3} carries for a verifier that
 *       shares no code with the certifier: per step a separating plane (n, c, gA, gB) over the step's whole joint
 *       interval ({@link io.collide4j.checker.query.WitnessPlanes}, derivation in {@code WITNESS.md} here), and a
 *       header naming pieces, allowed pairs and obstacles ({@link io.collide4j.checker.query.CertificateWitness}).
 *       <b>recompute verifier</b>: {@link io.collide4j.checker.query.CertificateVerifier}, which re-proves every
 *       step with the certifier's own code; <b>independent verifier</b>: module {@code verifier}.</li>
 *   <li><b>provenance</b>: where a certificate's robot and scene came from (bundled name or file), so that
 *       verification finds them ({@link io.collide4j.checker.query.Provenance}).</li>
 * </ul>
 */
package io.collide4j.checker.query;
