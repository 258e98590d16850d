package io.collide4j.kinematics;

/**
 * The joints that separate two links: those on either link's chain after the joints both chains share. The exact
 * pose of one link in the other's frame depends on these joint values alone, so any function of the two links'
 * relative pose (their geometry's distance) can be tabulated over them. Only built when every separating joint is
 * a plain revolute joint (not a mimic, value = q[variable] exactly) with finite limits; see {@link #of}.
 *
 * <p>{@link #reach} gives the Lipschitz constant of such a table: rotating joint j by δ moves a point by at most
 * |δ| times its distance from j's axis, which passes through j's body origin. Immutable and thread-safe.
 */
public final class SeparatingJoints {
    private final KinematicModel m;
    private final int[] bodies;

    private SeparatingJoints(KinematicModel m, int[] bodies) {
        this.m = m;
        this.bodies = bodies;
    }

    /**
     * The separating joints of the two links, or null when there are none (the links move together), more than
     * {@code max}, or one of them is prismatic, a mimic joint, or without finite limits.
     */
    public static SeparatingJoints of(KinematicModel m, int linkA, int linkB, int max) {
        int shared = m.sharedChainLength(linkA, linkB);
        int[] a = m.linkChain[linkA], b = m.linkChain[linkB];
        int n = a.length - shared + b.length - shared;
        if (n == 0 || n > max) {
            return null;
        }
        int[] out = new int[n];
        int k = 0;
        for (int[] chain : new int[][] {a, b}) {
            for (int i = shared; i < chain.length; i++) {
                int body = chain[i];
                if (m.bodyPrismatic[body]
                        || m.bodyMimic[body]
                        || m.bodyMul[body] != 1
                        || m.bodyOff[body] != 0
                        || !Double.isFinite(m.bodyLower[body])
                        || !Double.isFinite(m.bodyUpper[body])) {
                    return null;
                }
                out[k++] = body;
            }
        }
        return new SeparatingJoints(m, out);
    }

    public int count() {
        return bodies.length;
    }

    /** Configuration index of the i-th separating joint (its value is q[variable(i)] exactly). */
    public int variable(int i) {
        return m.bodyVar[bodies[i]];
    }

    public double lowerLimit(int i) {
        return m.bodyLower[bodies[i]];
    }

    public double upperLimit(int i) {
        return m.bodyUpper[bodies[i]];
    }

    /**
     * Upper bound, over every configuration, on the distance from the i-th separating joint's axis of any point of
     * the sphere (centre in the frame of {@code link}, radius r); 0 when that joint is not on the link's chain (it
     * does not move the link relative to the shared frame). The sphere's distance from the link body's origin plus
     * the fixed distances between the body origins from that joint on (each joint's axis passes through its body's
     * origin), rounded up.
     */
    public double reach(int i, int link, double cx, double cy, double cz, double r) {
        int[] chain = m.linkChain[link];
        int k = chain.length - 1;
        while (k >= 0 && chain[k] != bodies[i]) {
            k--;
        }
        if (k < 0) {
            return 0;
        }
        double px = cx, py = cy, pz = cz;
        if (!m.linkOffsetIsIdentity[link]) {
            org.joml.Matrix4d o = m.linkOffset[link];
            px = o.m00() * cx + o.m10() * cy + o.m20() * cz + o.m30();
            py = o.m01() * cx + o.m11() * cy + o.m21() * cz + o.m31();
            pz = o.m02() * cx + o.m12() * cy + o.m22() * cz + o.m32();
        }
        double reach = Math.sqrt(px * px + py * py + pz * pz) + r;
        for (int j = k + 1; j < chain.length; j++) {
            reach += m.bodyPreLength[chain[j]];
        }
        // a few roundings of the offset, the root and the sum: 1e-12 relative covers them many times over
        return reach * (1 + 1e-12) + 1e-12;
    }
}
