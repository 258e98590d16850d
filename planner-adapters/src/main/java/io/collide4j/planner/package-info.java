/**
 * The planner-facing API of collide4j: {@link io.collide4j.planner.Collide4j} builds a certified checker in
 * one call and hands out OMPL-shaped adapters.
 *
 * <pre>{@code
 * Collide4j c = Collide4j.builder()
 *         .robot("panda")                  // or .urdf(path).srdf(path)
 *         .sceneName("table_shelf")        // or .scene(Path of .json / MoveIt .yaml), .scene(Scene)
 *         .margin(0.01)                    // valid = every checked pair farther apart than 1 cm
 *         .padding("panda_hand", 0.005)
 *         .build();                        // planning group: the SRDF's first group (panda_arm)
 * StateValidityChecker states = c.stateValidityChecker();
 * MotionValidator motions = c.motionValidator();          // certified: continuous, not sampled
 * boolean ok = motions.checkMotion(q0, q1);
 * boolean proven = motions.checkSampledMotion(q0, q1);  // same proof, skips samples a lazy planner already took
 * MotionValidator.MotionCheck mc = motions.checkMotionWithLastValid(q0, q1);
 * TrajectoryCertifier.Certification cert = c.trajectoryCertifier().certify(path, times, 0.01, 5_000_000);
 * JointSpace space = c.jointSpace();                      // limits; continuous joints on the circle (SO(2))
 * MotionValidator shortWay = c.shortWayMotionValidator(); // q0 -> q1 with continuous joints the short way round
 * }</pre>
 *
 * <p>Glossary: <i>continuous joint</i>, a rotation without limits (q and q + 2π are one pose); <i>short way</i>,
 * moving it by at most half a turn; <i>unwrapped</i> value, q1 − 2πk chosen so that the straight segment from q0 is
 * the short way (values are never reduced modulo 2π, so that a path's consecutive values are the motion executed).
 *
 * <p>Every "valid"/"free" answer is certified for the modelled geometry (covering hulls or a convex
 * decomposition, padding), so it is never wrong; {@link io.collide4j.planner.SampledMotionValidator} is
 * the one non-certified exception, kept for comparison. Everything here is thread-safe: share one
 * {@code Collide4j} between planner threads. MoveIt-shaped requests live in
 * {@code io.collide4j.planner.moveit}, the reference planner in {@code io.collide4j.planner.plan}, the
 * primitive-array façade in {@code io.collide4j.planner.embed} and the JNI bridge in {@code io.collide4j.planner.jni};
 * the robot and scene options they share with the command line ({@code CertifyApi}, {@code CheckerOptions},
 * {@code ExitCode}) in {@code io.collide4j.planner.options}. The command line itself and the JSON-lines server
 * ({@code io.collide4j.planner.server}) are the module {@code cli}, which depends on this one.
 *
 * <p>Null-marked (JSpecify): no parameter, return value or field here is null unless it is annotated {@code @Nullable}.
 */
@NullMarked
package io.collide4j.planner;

import org.jspecify.annotations.NullMarked;
