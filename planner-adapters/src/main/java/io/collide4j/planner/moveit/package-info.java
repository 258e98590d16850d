/**
 * A MoveIt-style collision request and result ({@code CollisionRequest}, {@code CollisionResult}) answered by the
 * certified checker, for code ported from MoveIt's {@code collision_detection} API. One
 * {@link io.collide4j.planner.moveit.MoveItStyleChecker} may be shared; requests and results are per call.
 *
 * <p>Null-marked (JSpecify): no parameter, return value or field here is null unless it is annotated {@code @Nullable}.
 */
@NullMarked
package io.collide4j.planner.moveit;

import org.jspecify.annotations.NullMarked;
