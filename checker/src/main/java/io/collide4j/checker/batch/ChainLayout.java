package io.collide4j.checker.batch;

import io.collide4j.kinematics.KinematicModel;
import io.collide4j.urdf.JointDescription;
import io.collide4j.urdf.JointType;
import io.collide4j.urdf.RobotDescription;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.joml.Matrix4d;

/**
 * The kinematic chain of a {@link BatchRobot} as primitive tables for the device tiers: the links in the kinematic
 * model's order (parent before child), each with its parent, joint kind, joint slot, constant origin (parent → joint
 * frame, row-major 3×4) and unit axis; and the joint slots (one per moving joint) whose value is
 * {@code mul·q[var] + off} once mimic chains are resolved. {@link #jointTrig} and {@link #forwardKinematics} are
 * mirrored by {@code states.cl} statement by statement, so the device's link poses are bit-identical to these.
 *
 * <p>Immutable and thread-safe.
 */
final class ChainLayout {

    // linkJoint codes, as states.cl reads them (the kernel tests linkJoint[l] == 2)
    private static final int FIXED = 0, REVOLUTE = 1, PRISMATIC = 2;

    /**
     * How a moving joint's value follows the configuration after its mimic chain: value = multiplier·q[variable] +
     * offset.
     */
    record JointDrive(double multiplier, double offset, int variable) {}

    private final KinematicModel kinematics;
    private final Map<String, JointDescription> parentJoint = new HashMap<>();
    private final Map<String, JointDescription> jointByName = new HashMap<>();
    // links in kinematics order (parent before child)
    final String[] linkNames;
    final int[] linkParent;
    final int[] linkJoint; // FIXED / REVOLUTE / PRISMATIC
    final int[] linkSlot; // joint slot (index into the trig array / 2), -1 for fixed
    final double[] linkOrigin; // 12 per link: row-major 3x4 parent -> joint frame
    final double[] linkAxis; // 3 per link, unit
    // joint slots: value = mul * q[var] + off
    final int[] slotVar;
    final double[] slotMul;
    final double[] slotOff;
    final boolean[] slotRevolute;

    ChainLayout(KinematicModel kinematics) {
        this.kinematics = kinematics;
        RobotDescription d = kinematics.description();
        for (JointDescription j : d.joints()) {
            parentJoint.put(j.child(), j);
            jointByName.put(j.name(), j);
        }
        int nl = kinematics.linkCount();
        linkNames = kinematics.linkNames().toArray(new String[0]);
        linkParent = new int[nl];
        linkJoint = new int[nl];
        linkSlot = new int[nl];
        linkOrigin = new double[12 * nl];
        linkAxis = new double[3 * nl];
        List<JointDrive> drives = new ArrayList<>();
        List<Boolean> sRev = new ArrayList<>();
        Matrix4d m = new Matrix4d();
        for (int l = 0; l < nl; l++) {
            JointDescription j = parentJoint.get(linkNames[l]);
            linkSlot[l] = -1;
            if (j == null) {
                linkParent[l] = -1;
                putAffine(new Matrix4d(), linkOrigin, 12 * l);
                continue;
            }
            linkParent[l] = kinematics.linkIndex(j.parent());
            if (linkParent[l] >= l) {
                throw new IllegalStateException("kinematic link order puts " + linkNames[l] + " before its parent");
            }
            putAffine(j.origin().toMatrix(m), linkOrigin, 12 * l);
            if (!j.type().isMovable()) {
                linkJoint[l] = FIXED;
                continue;
            }
            linkJoint[l] = j.type() == JointType.PRISMATIC ? PRISMATIC : REVOLUTE;
            linkAxis[3 * l] = j.axisX();
            linkAxis[3 * l + 1] = j.axisY();
            linkAxis[3 * l + 2] = j.axisZ();
            linkSlot[l] = drives.size();
            drives.add(drive(j));
            sRev.add(linkJoint[l] == REVOLUTE);
        }
        slotVar = drives.stream().mapToInt(JointDrive::variable).toArray();
        slotMul = drives.stream().mapToDouble(JointDrive::multiplier).toArray();
        slotOff = drives.stream().mapToDouble(JointDrive::offset).toArray();
        slotRevolute = new boolean[slotVar.length];
        for (int i = 0; i < slotRevolute.length; i++) {
            slotRevolute[i] = sRev.get(i);
        }
    }

    /** The joint whose child is the named link, or null for a root. */
    JointDescription parentJoint(String link) {
        return parentJoint.get(link);
    }

    /** The drive of a moving joint after resolving its mimic chain. */
    JointDrive drive(JointDescription j) {
        RobotDescription d = kinematics.description();
        double mul = 1, off = 0;
        JointDescription cur = j;
        for (int guard = 0; cur.mimic() != null; guard++) {
            if (guard > d.joints().size()) {
                throw new IllegalArgumentException("robot " + d.name() + ": mimic cycle through joint " + j.name());
            }
            off = mul * cur.mimic().offset() + off;
            mul = mul * cur.mimic().multiplier();
            cur = jointByName.get(cur.mimic().joint());
        }
        return new JointDrive(mul, off, kinematics.variableIndex(cur.name()));
    }

    /** Number of links. */
    int linkCount() {
        return linkParent.length;
    }

    /** Number of doubles {@link #jointTrig} writes per configuration. */
    int trigLength() {
        return 2 * slotVar.length;
    }

    /**
     * Per moving joint: (cos v, sin v) for revolute, (v, 0) for prismatic, v = mul·q[var] + off; written at
     * dest[off ..]. The only transcendental step of the state tier, done on the host so the device FK is
     * bit-identical to {@link #forwardKinematics}.
     */
    void jointTrig(double[] q, int qOff, double[] dest, int off) {
        for (int s = 0; s < slotVar.length; s++) {
            double v = slotMul[s] * q[qOff + slotVar[s]] + slotOff[s];
            if (slotRevolute[s]) {
                dest[off + 2 * s] = Math.cos(v);
                dest[off + 2 * s + 1] = Math.sin(v);
            } else {
                dest[off + 2 * s] = v;
                dest[off + 2 * s + 1] = 0;
            }
        }
    }

    /** Link poses (12 per link, row-major 3x4) from joint trig values; mirrored by the kernel statement by statement. */
    void forwardKinematics(double[] trig, int tOff, double[] pose) {
        for (int l = 0; l < linkParent.length; l++) {
            int k = 12 * l;
            int p = linkParent[l];
            if (p < 0) {
                System.arraycopy(linkOrigin, k, pose, k, 12);
            } else {
                mulAffine(pose, 12 * p, linkOrigin, k, pose, k);
            }
            int s = linkSlot[l];
            if (s < 0) {
                continue;
            }
            double ax = linkAxis[3 * l], ay = linkAxis[3 * l + 1], az = linkAxis[3 * l + 2];
            double c0 = trig[tOff + 2 * s], s0 = trig[tOff + 2 * s + 1];
            if (linkJoint[l] == PRISMATIC) {
                // translate by axis * v in the joint frame
                double tx = ax * c0, ty = ay * c0, tz = az * c0;
                pose[k + 3] = pose[k] * tx + pose[k + 1] * ty + pose[k + 2] * tz + pose[k + 3];
                pose[k + 7] = pose[k + 4] * tx + pose[k + 5] * ty + pose[k + 6] * tz + pose[k + 7];
                pose[k + 11] = pose[k + 8] * tx + pose[k + 9] * ty + pose[k + 10] * tz + pose[k + 11];
            } else {
                double cc = 1 - c0;
                double r00 = c0 + ax * ax * cc, r01 = ax * ay * cc - az * s0, r02 = ax * az * cc + ay * s0;
                double r10 = ay * ax * cc + az * s0, r11 = c0 + ay * ay * cc, r12 = ay * az * cc - ax * s0;
                double r20 = az * ax * cc - ay * s0, r21 = az * ay * cc + ax * s0, r22 = c0 + az * az * cc;
                for (int row = 0; row < 3; row++) {
                    int b = k + 4 * row;
                    double x = pose[b], y = pose[b + 1], z = pose[b + 2];
                    pose[b] = x * r00 + y * r10 + z * r20;
                    pose[b + 1] = x * r01 + y * r11 + z * r21;
                    pose[b + 2] = x * r02 + y * r12 + z * r22;
                }
            }
        }
    }

    /** dest[dk..] = a[ak..] · b[bk..] for row-major 3x4 affine maps. */
    private static void mulAffine(double[] a, int ak, double[] b, int bk, double[] dest, int dk) {
        for (int row = 0; row < 3; row++) {
            double x = a[ak + 4 * row], y = a[ak + 4 * row + 1], z = a[ak + 4 * row + 2], t = a[ak + 4 * row + 3];
            dest[dk + 4 * row] = x * b[bk] + y * b[bk + 4] + z * b[bk + 8];
            dest[dk + 4 * row + 1] = x * b[bk + 1] + y * b[bk + 5] + z * b[bk + 9];
            dest[dk + 4 * row + 2] = x * b[bk + 2] + y * b[bk + 6] + z * b[bk + 10];
            dest[dk + 4 * row + 3] = x * b[bk + 3] + y * b[bk + 7] + z * b[bk + 11] + t;
        }
    }

    private static void putAffine(Matrix4d m, double[] dest, int k) {
        dest[k] = m.m00();
        dest[k + 1] = m.m10();
        dest[k + 2] = m.m20();
        dest[k + 3] = m.m30();
        dest[k + 4] = m.m01();
        dest[k + 5] = m.m11();
        dest[k + 6] = m.m21();
        dest[k + 7] = m.m31();
        dest[k + 8] = m.m02();
        dest[k + 9] = m.m12();
        dest[k + 10] = m.m22();
        dest[k + 11] = m.m32();
    }
}
