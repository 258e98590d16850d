/**
 * Mesh files (STL, OBJ, COLLADA) read strictly into triangle meshes, with statistics for the {@code info} command
 * and a writer (OBJ, binary STL); a malformed file is refused with {@link io.collide4j.urdf.mesh.MeshFormatException} naming
 * file and line. Readers are stateless.
 */
package io.collide4j.urdf.mesh;
