package io.collide4j.checker.robot;

import io.collide4j.checker.geometry.ConvexShape;
import io.collide4j.checker.narrowphase.DistanceResult;
import io.collide4j.checker.narrowphase.Gjk;
import org.joml.Matrix4d;
import org.joml.Vector3d;

/** Measures how far given points can lie outside a convex shape (the covering margin of a hull). */
final class HullCoverage {
    private HullCoverage() {}

    /**
     * An upper bound on max over points p of dist(p, shape): GJK's witness on the shape is a convex
     * combination of support points, so |p − witness| bounds the distance from above; 1e-12 m plus a
     * relative 1e-12 (always added, also for points GJK finds inside) absorbs rounding.
     */
    static double margin(ConvexShape shape, double[] xyz) {
        Gjk gjk = new Gjk();
        DistanceResult r = new DistanceResult();
        Matrix4d id = new Matrix4d();
        PointShape p = new PointShape();
        double worst = 0;
        for (int i = 0; i < xyz.length; i += 3) {
            p.x = xyz[i];
            p.y = xyz[i + 1];
            p.z = xyz[i + 2];
            gjk.distance(p, id, shape, id, r);
            if (!r.intersecting) {
                worst = Math.max(worst, r.witnessB.distance(p.x, p.y, p.z));
            }
        }
        return worst + 1e-12 + 1e-12 * shape.boundingRadius();
    }

    /** A single point (mutable, private to one measurement). */
    private static final class PointShape implements ConvexShape {
        double x, y, z;

        @Override
        public int support(double dx, double dy, double dz, int hint, Vector3d dest) {
            dest.set(x, y, z);
            return -1;
        }

        @Override
        public double boundingRadius() {
            return Math.sqrt(x * x + y * y + z * z) * (1 + 1e-15);
        }

        @Override
        public void localBounds(double[] d) {
            d[0] = d[3] = x;
            d[1] = d[4] = y;
            d[2] = d[5] = z;
        }

        @Override
        public Vector3d center(Vector3d dest) {
            return dest.set(x, y, z);
        }
    }
}
