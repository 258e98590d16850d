package io.collide4j.checker.certificate;

/**
 * One run of an exact-mesh window step ({@link MeshWindowPlanes}): the obstacle mesh's triangles first..last (input
 * order) all lie on B's side of {@code plane} over the step. Written as {@code [first, last, nx, ny, nz, c, gA, gB]}.
 */
record TriangleRun(int first, int last, SeparatingPlane plane) {}
