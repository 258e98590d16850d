/**
 * Kinematics of a robot from its URDF: forward kinematics into link poses, joint limits, planning groups, joint-space
 * trajectories and paths, and the certified bounds on how far a link can move over a joint interval that every
 * continuous query in {@code checker} rests on.
 *
 * <p>Glossary: <b>variable</b>: one joint value of a configuration (mimic joints follow theirs); <b>segment</b>
 * ({@link io.collide4j.kinematics.RobotSegment}): the motion between two configurations, straight in joint space or a
 * polynomial piece; <b>motion bound</b> ({@link io.collide4j.kinematics.MotionBounds}): a certified bound on a point's
 * travel over a segment's interval; <b>caps</b> ({@code KinematicModel.MAX_*}): the largest joint values and travels
 * for which those bounds stay finite and accurate, enforced with the joint limits by {@code LimitChecks}. SRDF
 * planning groups are resolved by {@code PlanningGroups}. A {@link io.collide4j.kinematics.KinematicModel} is immutable and thread-safe;
 * {@link io.collide4j.kinematics.LinkPoses} is per-thread scratch.
 */
package io.collide4j.kinematics;
