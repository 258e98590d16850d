/**
 * The in-process entry point for other languages (Python through JPype, C++ through JNI): one façade whose methods
 * take and return primitive arrays, strings and small records, so that a foreign caller converts nothing element by
 * element and needs no Java collection types.
 *
 * <p>Glossary:
 * <ul>
 * <li><b>flat array</b>: n configurations of {@code dimension()} values stored back to back (row-major, numpy's
 *     C order), configuration i at {@code i * dimension()}.</li>
 * <li><b>group configuration</b>: the planning group's values in {@link
 *     io.collide4j.planner.embed.EmbeddedChecker#jointNames()} order; joints outside the group are held.</li>
 * <li><b>kind</b>: the class of a refusal ({@link io.collide4j.planner.embed.EmbeddedException.Kind}), the CLI's exit
 *     codes 64/65/66/70 as a type, so that a binding maps it to its own exception classes.</li>
 * </ul>
 *
 * <p>Null-marked (JSpecify): no parameter, return value or field here is null unless it is annotated {@code @Nullable}.
 */
@NullMarked
package io.collide4j.planner.embed;

import org.jspecify.annotations.NullMarked;
