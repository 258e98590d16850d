package io.collide4j.urdf.mesh;

/**
 * What loading did to the input: triangles read (after polygon triangulation), corners read,
 * vertices after exact-equality welding, and degenerate triangles removed (a repeated welded
 * vertex or an exactly zero cross product).
 */
public record MeshStatistics(int inputTriangles, int inputCorners, int weldedVertices, int degenerateTriangles) {}
