/**
 * A MoveIt-style collision request and result ({@code CollisionRequest}, {@code CollisionResult}) answered by the
 * certified checker, for code ported from MoveIt's {@code collision_detection} API. One
 * {@link io.collide4j.planner.moveit.MoveItStyleChecker} may be shared; requests and results are per call.
 */
package io.collide4j.planner.moveit;
