/**
 * Verifying a certificate in one library call: {@link io.collide4j.planner.verify.CertificateVerification#verify}
 * binds the certificate to the loaded inputs, runs the chosen verifier (the independent one of module
 * {@code verifier} for certificates with witnesses, else the recompute verifier), re-proves a violation with the
 * recompute verifier, and answers one {@link io.collide4j.planner.verify.VerificationResult}. {@code collide4j verify}
 * only prints it.
 *
 * <p>Glossary: <em>binding</em> — the certificate's hashes, tolerance, witness section, held columns and trajectory
 * hash compared with what the loaded robot, options, scene and trajectory give (verifier/SOUNDNESS.md, "Binding");
 * <em>independent verifier</em> — interval forward kinematics and plane tests sharing no code with the certifier;
 * <em>recompute verifier</em> — every step re-proved with the certifier's own computations; <em>margin asked</em> —
 * the required separation the caller wants answered, which may differ from the certificate's own {@code margin};
 * <em>beyond</em> — a free certificate whose planes are checked against a margin asked above its own;
 * <em>assumption</em> — a pair the certificate rests on without proof (allowed by the caller or an attachment);
 * <em>strict</em> — refusing a certificate that rests on any assumption. Everything here is stateless and
 * thread-safe.
 *
 * <p>Null-marked (JSpecify): no parameter, return value or field here is null unless it is annotated {@code @Nullable}.
 */
@NullMarked
package io.collide4j.planner.verify;

import org.jspecify.annotations.NullMarked;
