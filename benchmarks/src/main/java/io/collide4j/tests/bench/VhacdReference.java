package io.collide4j.tests.bench;

import java.util.Map;

/**
 * V-HACD v4's measured results on the repository's meshes at its header defaults (64 hulls, 400 000
 * voxels, 1 % error, depth 10, shrink-wrap, 64 vertices), copied from the peer measurement
 * {@code ../shared/peers/vhacd/NUMBERS.md} (upstream kmammou/v-hacd f900e42, one thread, medians of 3
 * runs, on a 2-core machine of the CI's kind): third-party numbers to print beside ours, not outputs of
 * this code. Times compare only as ratios on the same machine kind.
 *
 * @param seconds one-thread time (create + Compute + copying hulls out)
 * @param hulls hulls returned
 * @param volumeRatio summed hull volume over mesh volume
 * @param surfaceOutsidePercent share of area-uniform surface samples outside every hull
 */
record VhacdReference(double seconds, int hulls, double volumeRatio, double surfaceOutsidePercent) {

    /** By the mesh's path under the test data root (the {@link DecompositionBench} parameter). */
    static final Map<String, VhacdReference> BY_MESH = Map.ofEntries(
            vhacd("box-thick.obj", 7.314, 64, 1.018, 0.09),
            vhacd("cube.obj", 0.556, 1, 1.000, 0.00),
            vhacd("cube-notch.obj", 2.639, 38, 1.002, 0.00),
            vhacd("cup.obj", 10.587, 64, 1.169, 0.72),
            vhacd("cylinder.obj", 13.022, 64, 1.184, 0.80),
            vhacd("defsphere.obj", 8.263, 64, 1.151, 0.05),
            vhacd("sphere.obj", 11.063, 64, 1.098, 0.10),
            vhacd("torus1.obj", 3.637, 64, 1.440, 0.83),
            vhacd("wall.obj", 0.651, 48, 1.018, 0.01),
            vhacd("hose.obj", 12.326, 64, 1.303, 0.04),
            vhacd("plaque.obj", 0.612, 64, 1.063, 3.26),
            vhacd("ob_chair_wood.obj", 1.190, 64, 1.307, 0.22),
            vhacd("ob_chess_table.obj", 4.366, 64, 1.628, 4.16),
            vhacd("teddy.obj", 5.390, 64, 1.284, 0.21),
            vhacd("bunny.obj", 4.192, 64, 0.504, 0.17),
            vhacd("teapot.obj", 2.276, 64, 0.394, 5.59),
            panda("link0", 6.117, 1.099, 2.50),
            panda("link1", 5.071, 1.105, 2.79),
            panda("link2", 5.534, 1.110, 2.90),
            panda("link3", 7.947, 1.109, 0.79),
            panda("link4", 8.226, 1.114, 0.37),
            panda("link5", 3.810, 1.142, 0.88),
            panda("link6", 6.436, 1.102, 1.80),
            panda("link7", 4.922, 1.099, 2.58),
            panda("hand", 3.280, 1.144, 6.10),
            panda("finger", 3.198, 1.067, 11.05),
            ur5e("base", 8.046, 1.066, 0.12),
            ur5e("shoulder", 9.937, 1.055, 0.81),
            ur5e("upperarm", 1.491, 1.085, 18.35),
            ur5e("forearm", 1.399, 1.135, 10.79),
            ur5e("wrist1", 8.730, 1.065, 0.67),
            ur5e("wrist2", 7.538, 1.066, 2.29),
            ur5e("wrist3", 6.219, 1.059, 3.27));

    private static Map.Entry<String, VhacdReference> vhacd(String file, double s, int hulls, double ratio, double out) {
        return Map.entry("v-hacd/app/meshes/" + file, new VhacdReference(s, hulls, ratio, out));
    }

    private static Map.Entry<String, VhacdReference> panda(String stem, double s, double ratio, double out) {
        return Map.entry(
                "example-robot-data/robots/panda_description/meshes/collision/" + stem + ".stl",
                new VhacdReference(s, 64, ratio, out));
    }

    private static Map.Entry<String, VhacdReference> ur5e(String stem, double s, double ratio, double out) {
        return Map.entry(
                "universal-robot/ur_description/meshes/ur5e/collision/" + stem + ".stl",
                new VhacdReference(s, 64, ratio, out));
    }
}
