package io.collide4j.checker.batch;

import io.collide4j.urdf.JointDescription;
import io.collide4j.urdf.JointType;
import java.util.ArrayList;
import java.util.List;
import org.joml.Vector3d;

/**
 * The motion tier's configuration-independent speed bounds of a {@link BatchRobot}'s covering spheres: per sphere
 * the movable joints of its chain (root → link), each with the variable driving it and a weight, so that a point
 * of the sphere moves at most Σ_j weight_j·|Δq_var(j)| along a motion. The weight is |mul|·R_j for a revolute
 * joint (R_j: a bound on the distance from joint j's origin to the sphere, through the constant joint offsets, the
 * prismatic travel further down the chain and the sphere's offset and radius) and |mul| for a prismatic one; each
 * is grown by a relative and an absolute hair for the rounding of the sum.
 *
 * <p>Immutable and thread-safe.
 */
final class ReachTable {

    final int[] sphereChainStart; // chain entries of sphere s: [start[s], start[s+1])
    final int[] chainVar;
    final double[] chainWeight;

    /**
     * @param chain      the robot's chain tables
     * @param sphere     4 per sphere: centre in link frame, radius
     * @param sphereLink the link of each sphere
     */
    ReachTable(ChainLayout chain, double[] sphere, int[] sphereLink) {
        int ns = sphereLink.length;
        sphereChainStart = new int[ns + 1];
        List<Integer> cv = new ArrayList<>();
        List<Double> cw = new ArrayList<>();
        for (int s = 0; s < ns; s++) {
            sphereChainStart[s] = cv.size();
            List<JointDescription> joints = new ArrayList<>();
            for (JointDescription j = chain.parentJoint(chain.linkNames[sphereLink[s]]);
                    j != null;
                    j = chain.parentJoint(j.parent())) {
                joints.add(0, j);
            }
            double cx = sphere[4 * s], cy = sphere[4 * s + 1], cz = sphere[4 * s + 2];
            double tail = Math.sqrt(cx * cx + cy * cy + cz * cz) + sphere[4 * s + 3]; // link origin -> sphere
            double[] reach = new double[joints.size()];
            for (int i = joints.size() - 1; i >= 0; i--) {
                reach[i] = tail;
                JointDescription j = joints.get(i);
                Vector3d t =
                        new Vector3d(j.origin().x(), j.origin().y(), j.origin().z());
                tail += t.length() + (j.type() == JointType.PRISMATIC ? travel(j) : 0);
            }
            for (int i = 0; i < joints.size(); i++) {
                JointDescription j = joints.get(i);
                if (!j.type().isMovable()) {
                    continue;
                }
                ChainLayout.JointDrive drive = chain.drive(j);
                cv.add(drive.variable());
                double w = Math.abs(drive.multiplier()) * (j.type() == JointType.PRISMATIC ? 1 : reach[i]);
                cw.add(w * (1 + 1e-9) + 1e-12);
            }
        }
        sphereChainStart[ns] = cv.size();
        chainVar = cv.stream().mapToInt(Integer::intValue).toArray();
        chainWeight = cw.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static double travel(JointDescription j) {
        if (j.limits() == null) {
            return Double.POSITIVE_INFINITY;
        }
        return Math.max(Math.abs(j.limits().lower()), Math.abs(j.limits().upper()));
    }
}
