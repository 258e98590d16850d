/**
 * Convex hulls of point sets: {@link io.collide4j.checker.geometry.hull.QuickHull} (exact 3-D Quickhull with
 * canonical output: flat vertices removed, coplanar triangles merged into facets), its canonicaliser
 * ({@code Canonicaliser}: which vertices to drop, then the facets and conservative planes of the result), the hulls
 * of input spanning no solid ({@code LowerDimensionalHulls}: a segment or a polygon), the builder's face arrays
 * ({@code FacePool}) and the exact signs both share ({@code HullMath}). The result is a
 * {@link io.collide4j.checker.geometry.ConvexHull} of the package below.
 *
 * <p>Glossary: <b>tolerance</b>: how far a point may lie outside the returned hull (recorded on the hull);
 * <b>conflict list</b>: the points a face still sees; <b>horizon</b>: the edges between the faces an eye point sees
 * and those it does not; <b>facet</b>: the exactly coplanar triangles of one face; <b>flat vertex</b>: one within
 * the tolerance of a facet plane or of a segment between two neighbours. {@code QuickHull.compute} is stateless and
 * thread-safe; a builder and its canonicaliser serve one call.
 */
package io.collide4j.checker.geometry.hull;
