package io.collide4j.checker.query;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.geometry.BoxShape;
import io.collide4j.checker.geometry.CapsuleShape;
import io.collide4j.checker.geometry.ConvexHull;
import io.collide4j.checker.geometry.ConvexShape;
import io.collide4j.checker.geometry.CylinderShape;
import io.collide4j.checker.geometry.HullShape;
import io.collide4j.checker.geometry.MarginShape;
import io.collide4j.checker.geometry.Shapes;
import io.collide4j.checker.geometry.SphereShape;
import io.collide4j.checker.geometry.TransformedShape;
import io.collide4j.checker.robot.CoveringSpheres;
import io.collide4j.checker.robot.RobotCollisionModel;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.joml.Matrix4d;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * The covering spheres of the sphere tier ({@link RobotCollisionModel#coverSphere}) contain every piece of every robot
 * of the test data and bundled models (and of the synthetic box-link arms): every hull vertex and a dense sample of
 * each piece's surface (random points on every hull triangle, box face, cylinder side and cap, sphere) and of its
 * interior lies in the union, decided exactly (squared distances in {@link BigDecimal}). The oracle reads the
 * pieces' geometry itself; it does not reuse the construction's own vertex extraction.
 */
class CoveringSpheresTest {

    @Test
    void coveringSpheresContainEveryPieceOfEveryTestRobot() {
        List<FkRobots.Robot> robots = new ArrayList<>(FkRobots.repository());
        robots.addAll(FkRobots.synthetic());
        Random rnd = new Random(23);
        int pieces = 0, spheres = 0, points = 0;
        for (FkRobots.Robot r : robots) {
            RobotCollisionModel model =
                    RobotCollisionModel.builder(r.description(), r.kinematics()).build();
            for (int p = 0; p < model.pieceCount(); p++) {
                double[] s = new double[4 * (model.coverEnd(p) - model.coverStart(p))];
                assertTrue(s.length > 0, r.label() + " piece " + p + " has no covering sphere");
                for (int i = model.coverStart(p), o = 0; i < model.coverEnd(p); i++) {
                    for (int k = 0; k < 4; k++) {
                        s[o++] = model.coverSphere(i, k);
                    }
                }
                List<double[]> pts = new ArrayList<>();
                samples(model.pieceShape(p), rnd, pts);
                for (double[] q : pts) {
                    assertTrue(
                            inUnion(s, q),
                            r.label() + " piece " + p + " (" + model.bodyName(model.pieceBody(p)) + "): point "
                                    + java.util.Arrays.toString(q) + " outside its covering spheres");
                }
                pieces++;
                spheres += s.length / 4;
                points += pts.size();
            }
        }
        System.out.printf(
                "[covering-spheres] %d robots, %d pieces, %d spheres (%.1f per piece), %d points checked%n",
                robots.size(), pieces, spheres, (double) spheres / pieces, points);
        assertTrue(pieces > 50 && points > 100_000, pieces + " pieces, " + points + " points");
    }

    @Test
    void primitivesAndPlacedPrimitivesAreCovered() {
        Matrix4d m = new Matrix4d().translation(0.3, -0.2, 0.5).rotateXYZ(0.4, -1.1, 2.3);
        List<ConvexShape> shapes = List.of(
                new BoxShape(0.3, 0.05, 0.1),
                new CylinderShape(0.04, 0.4),
                new CylinderShape(0.5, 0.01),
                new CapsuleShape(0.05, 0.3),
                new SphereShape(0.2),
                Shapes.transformed(new CylinderShape(0.06, 0.2), m),
                Shapes.transformed(new BoxShape(0.1, 0.2, 0.3), m),
                new MarginShape(new BoxShape(0.1, 0.02, 0.3), 0.01),
                Shapes.transformed(new CapsuleShape(0.02, 0.1), m));
        Random rnd = new Random(5);
        for (ConvexShape shape : shapes) {
            for (double margin : new double[] {0, 0.003}) {
                double[] s = CoveringSpheres.of(shape, margin);
                List<double[]> pts = new ArrayList<>();
                samples(shape, rnd, pts);
                for (double[] q : pts) {
                    assertTrue(inUnion(s, q), shape + ": point " + java.util.Arrays.toString(q) + " uncovered");
                }
                // the spheres are tight enough to be worth having: no sphere reaches farther than the bounding radius
                // of the shape (plus margin) by more than half again
                for (int i = 0; i < s.length; i += 4) {
                    double reach = Math.sqrt(s[i] * s[i] + s[i + 1] * s[i + 1] + s[i + 2] * s[i + 2]) + s[i + 3];
                    assertTrue(reach <= 1.5 * (shape.boundingRadius() + margin), shape + " sphere reaches " + reach);
                }
            }
        }
    }

    /**
     * Exact: some sphere with (q − c)² ≤ r². A double filter decides the clear cases (each subtraction is correctly
     * rounded and the sums add a few units of 2⁻⁵³, far below its 10⁻⁹ relative band); the rest in BigDecimal.
     */
    static boolean inUnion(double[] s, double[] q) {
        for (int i = 0; i < s.length; i += 4) {
            double dx = q[0] - s[i], dy = q[1] - s[i + 1], dz = q[2] - s[i + 2];
            if (dx * dx + dy * dy + dz * dz <= s[i + 3] * s[i + 3] * (1 - 1e-9)) {
                return true;
            }
        }
        for (int i = 0; i < s.length; i += 4) {
            BigDecimal d2 = BigDecimal.ZERO;
            for (int k = 0; k < 3; k++) {
                BigDecimal d = new BigDecimal(q[k]).subtract(new BigDecimal(s[i + k]));
                d2 = d2.add(d.multiply(d));
            }
            BigDecimal r = new BigDecimal(s[i + 3]);
            if (d2.compareTo(r.multiply(r)) <= 0) {
                return true;
            }
        }
        return false;
    }

    /** Points of the shape (its frame): vertices, dense surface samples and some interior points. */
    static void samples(ConvexShape shape, Random rnd, List<double[]> out) {
        int from = out.size();
        if (shape instanceof TransformedShape t) {
            List<double[]> inner = new ArrayList<>();
            samples(t.inner(), rnd, inner);
            Matrix4d m = t.matrix(new Matrix4d());
            for (double[] p : inner) {
                // the placement as the shape's support map computes it (TransformedShape.support)
                out.add(new double[] {
                    m.m00() * p[0] + m.m10() * p[1] + m.m20() * p[2] + m.m30(),
                    m.m01() * p[0] + m.m11() * p[1] + m.m21() * p[2] + m.m31(),
                    m.m02() * p[0] + m.m12() * p[1] + m.m22() * p[2] + m.m32()
                });
            }
        } else if (shape instanceof HullShape h) {
            ConvexHull hull = h.hull();
            for (int v = 0; v < hull.vertexCount(); v++) {
                out.add(new double[] {hull.vertex(v, 0), hull.vertex(v, 1), hull.vertex(v, 2)});
            }
            int per = Math.max(2, 1500 / Math.max(1, hull.triangleCount()));
            for (int t = 0; t < hull.triangleCount(); t++) {
                for (int k = 0; k < per; k++) {
                    double a = rnd.nextDouble(), b = rnd.nextDouble();
                    if (a + b > 1) {
                        a = 1 - a;
                        b = 1 - b;
                    }
                    double[] p = new double[3];
                    for (int c = 0; c < 3; c++) {
                        double x0 = hull.vertex(hull.triangle(t, 0), c),
                                x1 = hull.vertex(hull.triangle(t, 1), c),
                                x2 = hull.vertex(hull.triangle(t, 2), c);
                        p[c] = x0 + a * (x1 - x0) + b * (x2 - x0);
                    }
                    out.add(p);
                }
            }
        } else if (shape instanceof BoxShape b) {
            double[] h = {b.hx(), b.hy(), b.hz()};
            for (int c = 0; c < 8; c++) {
                out.add(new double[] {
                    (c & 1) == 0 ? -h[0] : h[0], (c & 2) == 0 ? -h[1] : h[1], (c & 4) == 0 ? -h[2] : h[2]
                });
            }
            for (int k = 0; k < 1500; k++) {
                double[] p = {
                    (2 * rnd.nextDouble() - 1) * h[0],
                    (2 * rnd.nextDouble() - 1) * h[1],
                    (2 * rnd.nextDouble() - 1) * h[2]
                };
                int axis = rnd.nextInt(3);
                p[axis] = rnd.nextBoolean() ? h[axis] : -h[axis];
                out.add(p);
            }
        } else if (shape instanceof CylinderShape c) {
            for (int k = 0; k < 1500; k++) {
                double phi = 2 * Math.PI * rnd.nextDouble();
                double rr = k % 3 == 0 ? c.radius() * Math.sqrt(rnd.nextDouble()) : c.radius();
                double z = k % 3 == 0
                        ? (rnd.nextBoolean() ? c.halfLength() : -c.halfLength())
                        : (2 * rnd.nextDouble() - 1) * c.halfLength();
                if (k % 50 == 0) {
                    z = k % 100 == 0 ? c.halfLength() : -c.halfLength();
                }
                out.add(new double[] {rr * Math.cos(phi), rr * Math.sin(phi), z});
            }
        } else if (shape instanceof CapsuleShape c) {
            for (int k = 0; k < 1500; k++) {
                double[] u = unit(rnd);
                double z = (2 * rnd.nextDouble() - 1) * c.halfLength();
                if (k % 2 == 0) {
                    double l = Math.sqrt(u[0] * u[0] + u[1] * u[1]);
                    out.add(new double[] {c.radius() * u[0] / l, c.radius() * u[1] / l, z});
                } else {
                    double end = u[2] >= 0 ? c.halfLength() : -c.halfLength();
                    out.add(new double[] {c.radius() * u[0], c.radius() * u[1], end + c.radius() * u[2]});
                }
            }
        } else if (shape instanceof SphereShape sp) {
            for (int k = 0; k < 1500; k++) {
                double[] u = unit(rnd);
                out.add(new double[] {sp.radius() * u[0], sp.radius() * u[1], sp.radius() * u[2]});
            }
        } else if (shape instanceof MarginShape ms) {
            List<double[]> inner = new ArrayList<>();
            samples(ms.inner(), rnd, inner);
            for (double[] p : inner) {
                double[] u = unit(rnd);
                out.add(new double[] {p[0] + ms.margin() * u[0], p[1] + ms.margin() * u[1], p[2] + ms.margin() * u[2]});
            }
        } else {
            Vector3d v = new Vector3d();
            for (int k = 0; k < 1500; k++) {
                double[] u = unit(rnd);
                shape.support(u[0], u[1], u[2], v);
                out.add(new double[] {v.x, v.y, v.z});
            }
        }
        // interior: random convex combinations of two points already sampled
        int n = out.size() - from;
        for (int k = 0; k < n / 10; k++) {
            double[] a = out.get(from + rnd.nextInt(n)), b = out.get(from + rnd.nextInt(n));
            double t = rnd.nextDouble();
            out.add(new double[] {a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]), a[2] + t * (b[2] - a[2])});
        }
    }

    private static double[] unit(Random rnd) {
        while (true) {
            double x = rnd.nextGaussian(), y = rnd.nextGaussian(), z = rnd.nextGaussian();
            double l = Math.sqrt(x * x + y * y + z * z);
            if (l > 1e-9) {
                return new double[] {x / l, y / l, z / l};
            }
        }
    }
}
