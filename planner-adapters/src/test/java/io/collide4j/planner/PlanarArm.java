package io.collide4j.planner;

import io.collide4j.checker.scene.Obstacle;
import io.collide4j.checker.scene.ObstacleShape;
import io.collide4j.checker.scene.Scene;
import io.collide4j.urdf.Pose;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A planar two-link arm whose collision geometry is two spheres (radius 0.1) at the link tips, with
 * box obstacles: its exact clearance is closed-form (point–box distance of the sphere centres), the
 * independent oracle of the adapter tests.
 */
final class PlanarArm {
    static final double L1 = 1.0;
    static final double L2 = 0.8;
    static final double R = 0.1;

    static final String URDF = """
            <robot name="planar">
              <link name="base"/>
              <link name="l1"><collision><origin xyz="1 0 0"/><geometry><sphere radius="0.1"/></geometry></collision></link>
              <link name="l2"><collision><origin xyz="0.8 0 0"/><geometry><sphere radius="0.1"/></geometry></collision></link>
              <joint name="j1" type="revolute"><parent link="base"/><child link="l1"/><axis xyz="0 0 1"/>
                <limit lower="-3.1" upper="3.1" effort="1" velocity="1"/></joint>
              <joint name="j2" type="revolute"><parent link="l1"/><child link="l2"/><origin xyz="1 0 0"/><axis xyz="0 0 1"/>
                <limit lower="-3.1" upper="3.1" effort="1" velocity="1"/></joint>
            </robot>
            """;

    /** Boxes {cx, cy, sx, sy} (z extent ±0.25 around the arm's plane). */
    final double[][] boxes;

    PlanarArm(double[][] boxes) {
        this.boxes = boxes;
    }

    static Path writeUrdf(Path dir) {
        try {
            return Files.writeString(dir.resolve("planar.urdf"), URDF);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Scene scene() {
        List<Obstacle> obs = new java.util.ArrayList<>();
        for (int i = 0; i < boxes.length; i++) {
            double[] b = boxes[i];
            obs.add(new Obstacle(
                    "box" + i, new ObstacleShape.Box(b[2], b[3], 0.5), new Pose(b[0], b[1], 0, 0, 0, 0, 1)));
        }
        return Scene.of(obs);
    }

    /** Exact clearance: the smallest sphere-to-box distance (negative inside). */
    double clearance(double q1, double q2) {
        double x1 = L1 * Math.cos(q1), y1 = L1 * Math.sin(q1);
        double x2 = x1 + L2 * Math.cos(q1 + q2), y2 = y1 + L2 * Math.sin(q1 + q2);
        return Math.min(pointDistance(x1, y1), pointDistance(x2, y2)) - R;
    }

    private double pointDistance(double x, double y) {
        double best = Double.POSITIVE_INFINITY;
        for (double[] b : boxes) {
            double dx = Math.max(0, Math.abs(x - b[0]) - b[2] / 2);
            double dy = Math.max(0, Math.abs(y - b[1]) - b[3] / 2);
            boolean inside = Math.abs(x - b[0]) <= b[2] / 2 && Math.abs(y - b[1]) <= b[3] / 2;
            double d = inside
                    ? -Math.min(b[2] / 2 - Math.abs(x - b[0]), b[3] / 2 - Math.abs(y - b[1]))
                    : Math.hypot(dx, dy);
            best = Math.min(best, d);
        }
        return best;
    }

    /** Upper bound on how fast any sphere centre moves per unit of the segment parameter. */
    static double speed(double[] q0, double[] q1) {
        double d1 = Math.abs(q1[0] - q0[0]), d2 = Math.abs(q1[1] - q0[1]);
        return (L1 + L2) * d1 + L2 * d2;
    }

    /** Clearance at n+1 evenly spaced points of q0 → q1 on [0, upTo]. */
    double[] sampled(double[] q0, double[] q1, double upTo, int n) {
        double[] out = new double[n + 1];
        for (int k = 0; k <= n; k++) {
            double s = upTo * k / n;
            out[k] = clearance(q0[0] + s * (q1[0] - q0[0]), q0[1] + s * (q1[1] - q0[1]));
        }
        return out;
    }
}
