package io.collide4j.kinematics;

import org.joml.Matrix4d;
import org.joml.Matrix4dc;
import org.joml.Vector3d;

/**
 * Caller-owned storage for the forward kinematics of every link of one {@link KinematicModel}
 * (link-to-world transforms, the root link at the identity). Mutable and not thread-safe: use one per
 * thread. Filled by {@link KinematicModel#forwardKinematics(double[], LinkPoses)}.
 */
public final class LinkPoses {
    final Matrix4d[] bodies;
    final Matrix4d[] links;
    private final KinematicModel model;

    public LinkPoses(KinematicModel model) {
        this.model = model;
        bodies = new Matrix4d[model.bodyCount()];
        for (int i = 0; i < bodies.length; i++) {
            bodies[i] = new Matrix4d();
        }
        // a link whose frame is its body's frame shares the body's matrix: forward kinematics then has nothing to copy
        links = new Matrix4d[model.linkCount()];
        for (int i = 0; i < links.length; i++) {
            links[i] = model.linkOffsetIsIdentity[i] ? bodies[model.linkBody[i]] : new Matrix4d();
        }
    }

    public KinematicModel model() {
        return model;
    }

    /** Read-only view of link {@code link}'s pose (valid until the next FK into this object). */
    public Matrix4dc pose(int link) {
        return links[link];
    }

    /** Copies link {@code link}'s pose into dest and returns dest. */
    public Matrix4d pose(int link, Matrix4d dest) {
        return dest.set(links[link]);
    }

    /** World position of the link-frame point (x, y, z) into dest. */
    public Vector3d transformPoint(int link, double x, double y, double z, Vector3d dest) {
        return links[link].transformPosition(x, y, z, dest);
    }
}
