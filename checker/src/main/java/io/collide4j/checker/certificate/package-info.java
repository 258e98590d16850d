/**
 * Trajectory certificates: the certifier that proves a trajectory free (or finds its first violation) with the query
 * package's advancement, the JSON it streams, the strict reader, the witness planes and the recompute verifier.
 * The format's rules (names, rounding, the exact-window marker, what a trajectory must be) are in
 * {@link CertificateFormat}, which uses nothing else here; every other class may use it, none is used by it.
 *
 * <ul>
 *   <li><b>certificate</b>: the JSON proof a {@link TrajectoryCertifier} streams
 *       ({@link CertificateWriter}) and a
 *       {@link CertificateVerifier} re-checks after reading it strictly into a
 *       {@link Certificate}.</li>
 *   <li><b>witness</b>: what a certificate of format {@code collide4j-certificate/3} carries for a verifier that
 *       shares no code with the certifier: per step a separating plane (n, c, gA, gB) over the step's whole joint
 *       interval ({@link WitnessPlanes}, derivation in {@code WITNESS.md} next to it), and a
 *       header naming pieces, allowed pairs and obstacles ({@link CertificateWitness}).
 *       <b>recompute verifier</b>: {@link CertificateVerifier}, which re-proves every
 *       step with the certifier's own code; <b>independent verifier</b>: module {@code verifier}.</li>
 *   <li><b>window</b> (exact meshes): a step of a robot piece and an obstacle kept as an exact mesh with no plane
 *       against the mesh's hull carries {@code windows[k]}, <b>runs</b> of consecutive triangles each under one plane
 *       ({@link TriangleRun}, {@link MeshWindowPlanes}); the witness lists the mesh (shape {@code mesh}).</li>
 *   <li><b>provenance</b>: where a certificate's robot and scene came from (bundled name or file), so that
 *       verification finds them ({@link Provenance}).</li>
 *   <li><b>verdict</b> ({@link Verdict}): CERTIFIED_FREE, VIOLATION or INCONCLUSIVE;
 *       certification returns a {@link CertificationResult} (verdict, first violation, per-pair clearances, JSON).</li>
 * </ul>
 *
 * <p>Thread safety: {@link TrajectoryCertifier} and {@link CertificateVerifier} are stateless apart from the caller's
 * {@code QueryContext} (one per thread); {@link Certificate} and the result records are immutable.
 */
package io.collide4j.checker.certificate;
