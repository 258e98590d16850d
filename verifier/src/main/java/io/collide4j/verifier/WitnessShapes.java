package io.collide4j.verifier;

import io.collide4j.urdf.Geometry;

/**
 * The verifier's own shapes and poses from a witness's numbers and the URDF's meshes: a point set's hull (lemma S2), the
 * error of scaled mesh vertices (S4), a pose's rotation enclosed from its quaternion (A1), and the positive-size test of
 * a primitive. Kept apart from {@link WitnessModel}, which binds pieces, attached objects and obstacles and uses these
 * for all three, and from {@link ObstacleBinding}, which uses them too. Stateless.
 */
final class WitnessShapes {
    private WitnessShapes() {}

    /** Error bound per coordinate of the loaded vertices: 0 unless the URDF scales the mesh (lemma S4). */
    static double vertexSlack(Geometry.Mesh m) {
        if (m.scaleX() == 1 && m.scaleY() == 1 && m.scaleZ() == 1) {
            return 0;
        }
        double max = 0;
        for (double x : m.mesh().orElseThrow().copyVertices()) {
            max = Math.max(max, Math.abs(x));
        }
        return Interval.up(max * 0x1p-51);
    }

    /**
     * The rigid transform of [x, y, z, qx, qy, qz, qw]: R = (1/|q|²)·(the homogeneous quaternion matrix), exact for any
     * non-zero q, so the rotation is the one the numbers define whether or not the writer normalised them; null when
     * |q|² is not proven positive.
     */
    static Frame quaternionPose(double[] p) {
        Interval x = Interval.point(p[3]), y = Interval.point(p[4]), z = Interval.point(p[5]), w = Interval.point(p[6]);
        Interval xx = x.sqr(), yy = y.sqr(), zz = z.sqr(), ww = w.sqr();
        Interval n2 = xx.add(yy).add(zz).add(ww);
        if (!(n2.lo() > 0) || !Double.isFinite(n2.hi())) {
            return null;
        }
        Interval xy = x.mul(y), xz = x.mul(z), yz = y.mul(z), wx = w.mul(x), wy = w.mul(y), wz = w.mul(z);
        Interval two = Interval.point(2);
        Interval[] r = {
            ww.add(xx).sub(yy).sub(zz), two.mul(xy.sub(wz)), two.mul(xz.add(wy)),
            two.mul(xy.add(wz)), ww.sub(xx).add(yy).sub(zz), two.mul(yz.sub(wx)),
            two.mul(xz.sub(wy)), two.mul(yz.add(wx)), ww.sub(xx).sub(yy).add(zz)
        };
        for (int i = 0; i < 9; i++) {
            r[i] = r[i].div(n2);
        }
        return new Frame(r, new Interval[] {Interval.point(p[0]), Interval.point(p[1]), Interval.point(p[2])});
    }

    static boolean positive(double[] a) {
        for (double x : a) {
            if (!(x > 0)) {
                return false;
            }
        }
        return true;
    }

    static Shape hull(double[][] vertices) {
        if (vertices.length == 0) {
            return null;
        }
        double[] v = new double[3 * vertices.length];
        for (int i = 0; i < vertices.length; i++) {
            if (vertices[i].length != 3) {
                return null;
            }
            System.arraycopy(vertices[i], 0, v, 3 * i, 3);
        }
        return new Shape.Points(v, 0);
    }
}
