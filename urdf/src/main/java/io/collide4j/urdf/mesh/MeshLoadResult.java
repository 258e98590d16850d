package io.collide4j.urdf.mesh;

import io.collide4j.urdf.TriangleMesh;

/** An immutable loaded mesh together with the statistics of its clean-up. */
public record MeshLoadResult(TriangleMesh mesh, MeshStatistics statistics) {}
