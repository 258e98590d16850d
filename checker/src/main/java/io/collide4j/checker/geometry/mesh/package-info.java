/**
 * Triangle meshes as collision geometry: a bounding-volume hierarchy over a mesh's triangles
 * ({@link io.collide4j.checker.geometry.mesh.MeshBvh}), exact triangle tests, and mesh queries (distance and
 * intersection of a mesh against a convex shape or another mesh, {@link io.collide4j.checker.geometry.mesh.MeshQuery},
 * which runs GJK from {@code narrowphase} on single triangles).
 *
 * <p>Thread safety: a {@code MeshBvh} is immutable; a {@code MeshQuery} holds scratch and serves one thread.
 */
package io.collide4j.checker.geometry.mesh;
