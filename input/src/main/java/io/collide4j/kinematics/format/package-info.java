/**
 * Strict reading of collide4j's JSON formats (Jackson) shared by every module that owns a format.
 *
 * <ul>
 *   <li><b>strict</b>: a document is read into records that declare its schema; unknown or duplicate
 *       keys, wrong types, non-finite numbers, empty, binary and truncated input are errors.</li>
 *   <li><b>path</b>: where in a document, dotted with indices ({@code objects[3].pose.xyz}).</li>
 *   <li>{@link io.collide4j.kinematics.format.InputFormatException}: the one exception for bad input
 *       text; names source, path, line, column and what was expected.</li>
 *   <li>{@link io.collide4j.kinematics.format.Suggestions}: did-you-mean by edit distance, for keys and names.</li>
 * </ul>
 */
package io.collide4j.kinematics.format;
