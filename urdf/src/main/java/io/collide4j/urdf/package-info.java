/**
 * Strict URDF and SRDF parsing into immutable descriptions ({@link io.collide4j.urdf.RobotDescription},
 * {@link io.collide4j.urdf.SemanticDescription}): links, joints, limits, mimic joints, collision geometry and the
 * Drake collision-filter groups. Anything ambiguous or unknown is refused with an exception naming the file, the
 * line and what was expected ({@link io.collide4j.urdf.UrdfException}, {@link io.collide4j.urdf.SrdfException}).
 *
 * <p>Glossary: <b>link</b>, <b>joint</b>: as in URDF; <b>geometry element</b>: one {@code <collision>} of a link;
 * <b>resource resolver</b>: how {@code package://} URIs find mesh files. Parsers are stateless; descriptions are
 * immutable.
 */
package io.collide4j.urdf;
