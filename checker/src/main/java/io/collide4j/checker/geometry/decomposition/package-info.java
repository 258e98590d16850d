/**
 * Convex decomposition of triangle meshes with a coverage guarantee ({@link
 * io.collide4j.checker.geometry.decomposition.Decomposer}, after V-HACD 4), its parameters, statistics
 * and on-disk cache.
 *
 * <p>Glossary:
 * <ul>
 * <li><b>part / leaf</b>: a box of voxel cells produced by splitting; leaves partition the grid.</li>
 * <li><b>piece</b>: an output convex hull (leaves' hulls after merging and vertex limiting).</li>
 * <li><b>patch</b>: a {@link io.collide4j.checker.geometry.decomposition.SubTriangle} of a mesh triangle;
 *     each patch is held exactly by one piece, so the pieces' union holds the whole surface.</li>
 * <li><b>cover patches</b>: the patches, per piece, that a fresh decomposition verified
 *     ({@link io.collide4j.checker.geometry.decomposition.CoverPatches}); the covering margin is measured on them.</li>
 * <li><b>cover tree</b>: per mesh triangle, the splits into patches and each patch's piece, written so that a reader
 *     can check from the mesh alone that the patches tile the triangle ({@link
 *     io.collide4j.checker.geometry.decomposition.CoverTree}; a certificate's {@code cover}).</li>
 * <li><b>volume excess</b>: the pieces' summed volume over the mesh volume, minus 1 (overlaps count
 *     twice); {@code maxVolumeExcess} is the target for it.</li>
 * </ul>
 */
package io.collide4j.checker.geometry.decomposition;
