package io.collide4j.checker.certificate;

/**
 * A certificate step's witness ({@link WitnessPlanes}): over the step every point of piece A (margin included) has
 * n·x ≤ c − gA and every point of B has n·y ≥ c + gB, n = (nx, ny, nz) not necessarily of unit length. Written to
 * a certificate as {@code [nx, ny, nz, c, gA, gB]}.
 */
record SeparatingPlane(double nx, double ny, double nz, double c, double gA, double gB) {
    /** The clearance the plane shows, (gA + gB) / |n|, rounded down (|n| rounded up, the quotient shrunk). */
    double clearanceShown() {
        double n = Math.sqrt(nx * nx + ny * ny + nz * nz) * (1 + 1e-15);
        return (gA + gB) / n * (1 - 1e-15);
    }
}
