/**
 * collide4j's collision checker: geometry and convex hulls, the narrow phase, robot and scene models, continuous
 * collision detection, the certified state and motion queries, trajectory certificates, SRDF generation and batches.
 * The packages are layered bottom up as {@code PackageRulesTest.LAYERS} lists them (geometry, geometry.hull, scene,
 * geometry.decomposition, narrowphase, geometry.mesh, robot, ccd.screw, ccd, ccd.io, query, certificate, srdf,
 * batch); a package uses only those below it.
 *
 * <p>Glossary, one name per idea across the packages:
 * <ul>
 *   <li><b>margin</b>: the required separation (m, ≥ 0). A state or motion is free for margin m when every checked
 *       pair stays farther apart than m; certificates, the server and the CLI call it {@code margin} too.</li>
 *   <li><b>tolerance</b>: how close (m) a certified lower bound may come to the margin before a motion query stops
 *       refining and reports contact ({@code CollisionChecker.DEFAULT_TOLERANCE}); the <b>band</b> is
 *       (margin, margin + tolerance], where the earliest-contact and boolean queries may answer differently.</li>
 *   <li><b>body</b>: a robot link (or attached object) with collision geometry; <b>piece</b>: one convex shape of a
 *       body or of an obstacle (a primitive, a hull, or a piece of a convex decomposition), the unit the narrow phase
 *       works on.</li>
 *   <li><b>slot</b>: an obstacle's index in its scene (insertion order; removed obstacles leave a hole), which
 *       per-obstacle tables are indexed by.</li>
 *   <li><b>cell</b>: one of the equal parts of a motion segment's [0, 1] on which the speed grid bounds how fast each
 *       piece moves.</li>
 *   <li><b>window</b>: an interval of a segment on which an exact mesh pair is in the band, proven clear (or not) by
 *       Tight-Inclusion instead of distance bounds; certificates mark it with
 *       {@code CertificateFormat.EXACT_WINDOW}.</li>
 *   <li><b>tier</b>: the sphere tier, certified cheap lower bounds from covering spheres tried before GJK.</li>
 * </ul>
 */
package io.collide4j.checker;
