package io.collide4j.kinematics;

import org.joml.Matrix4d;

/**
 * The exact motion of one link while the joints follow a {@link JointPath} (linear interpolation between
 * two configurations, or a spline segment): pose(s) is the forward kinematics of q(s). Bounds come from
 * {@link ChainBounds} (see there for the derivation). Immutable and thread-safe when the path is;
 * allocation-free.
 */
public final class JointInterpolatedMotion implements BoundedRigidMotion {
    private final KinematicModel model;
    private final int link;
    private final JointPath path;

    public JointInterpolatedMotion(KinematicModel model, int link, JointPath path) {
        if (path.variableCount() != model.variableCount()) {
            throw new IllegalArgumentException("path has " + path.variableCount() + " variables, robot " + model.name()
                    + " has " + model.variableCount());
        }
        if (link < 0 || link >= model.linkCount()) {
            throw new IllegalArgumentException("link index " + link + " out of range 0.." + (model.linkCount() - 1));
        }
        this.model = model;
        this.link = link;
        this.path = path;
    }

    public int link() {
        return link;
    }

    public JointPath path() {
        return path;
    }

    @Override
    public Matrix4d pose(double s, Matrix4d dest) {
        return model.chainPose(link, path, s, dest);
    }

    @Override
    public double maxDisplacement(double s0, double s1, double cx, double cy, double cz, double radius) {
        return ChainBounds.compute(model, link, 0, path, s0, s1, cx, cy, cz, radius, ChainBounds.DISPLACEMENT);
    }

    @Override
    public double maxChordDeviation(double s0, double s1, double cx, double cy, double cz, double radius) {
        return ChainBounds.compute(model, link, 0, path, s0, s1, cx, cy, cz, radius, ChainBounds.CHORD);
    }

    @Override
    public double maxAcceleration(double s0, double s1, double cx, double cy, double cz, double radius) {
        return ChainBounds.compute(model, link, 0, path, s0, s1, cx, cy, cz, radius, ChainBounds.ACCELERATION);
    }
}
