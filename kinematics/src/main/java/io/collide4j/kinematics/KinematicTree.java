package io.collide4j.kinematics;

import io.collide4j.urdf.JointDescription;
import io.collide4j.urdf.JointLimits;
import io.collide4j.urdf.JointType;
import io.collide4j.urdf.LinkDescription;
import io.collide4j.urdf.Mimic;
import io.collide4j.urdf.Pose;
import io.collide4j.urdf.RobotDescription;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.joml.Matrix4d;

/**
 * The tree a {@link KinematicModel} is built from, read once from a {@link RobotDescription}: links in depth-first
 * order with their bodies and constant offsets, bodies (the child frames of movable joints, fixed joints folded in)
 * with their joint axes, limits and mimic chains resolved to an active variable, and each link's chain. Checks the
 * description's graph (one root, no cycle, every link connected, no joint twice, mimics of movable joints) and refuses
 * it naming the robot and the joint or link. The constant transforms are composed as {@link Pose}s, one rounded
 * product each, and kept beside their matrices for the model's error bound ({@link FkErrorBound}).
 */
final class KinematicTree {
    final String name;
    final String[] linkNames;
    final int[] linkBody;
    final Matrix4d[] linkOffset;
    final Pose[] linkOffsetPose;
    final boolean[] linkOffsetIsIdentity;
    final int[][] linkChain;
    final int[] bodyParent;
    final Matrix4d[] bodyPre;
    final Pose[] bodyPrePose;
    final double[] axis;
    final boolean[] bodyPrismatic;
    final int[] bodyVar;
    final double[] bodyMul;
    final double[] bodyOff;
    final boolean[] bodyMimic;
    final int[] mimicDepth; // how many mimic links lead from the body's joint to its active variable
    final String[] bodyJoint;
    final double[] bodyLower;
    final double[] bodyUpper;
    final int[] bodyDepth;
    final double[] bodyPreLength;
    final String[] varNames;
    final double[] lower;
    final double[] upper;
    final boolean[] continuous;
    final Map<String, Integer> linkIndex = new HashMap<>();
    final Map<String, Integer> varIndex = new HashMap<>();

    KinematicTree(RobotDescription d) {
        this.name = d.name();
        Map<String, LinkDescription> links = d.linksByName();
        if (!links.containsKey(d.rootLink())) {
            throw new IllegalArgumentException("robot " + d.name() + ": root link " + d.rootLink() + " is not a link");
        }
        Map<String, List<JointDescription>> children = new HashMap<>();
        Map<String, JointDescription> byName = new HashMap<>();
        Map<String, JointDescription> parentOf = new HashMap<>();
        for (JointDescription j : d.joints()) {
            if (byName.put(j.name(), j) != null) {
                throw new IllegalArgumentException("robot " + d.name() + ": joint " + j.name() + " is defined twice");
            }
            if (!links.containsKey(j.parent()) || !links.containsKey(j.child())) {
                throw new IllegalArgumentException("robot " + d.name() + ": joint " + j.name()
                        + " connects unknown link " + (links.containsKey(j.parent()) ? j.child() : j.parent()));
            }
            if (parentOf.put(j.child(), j) != null) {
                throw new IllegalArgumentException(
                        "robot " + d.name() + ": link " + j.child() + " has two parent joints");
            }
            children.computeIfAbsent(j.parent(), k -> new ArrayList<>()).add(j);
        }
        if (parentOf.containsKey(d.rootLink())) {
            throw new IllegalArgumentException(
                    "robot " + d.name() + ": root link " + d.rootLink() + " has a parent joint");
        }

        // active variables: movable, non-mimic, document order
        List<String> vars = new ArrayList<>();
        for (JointDescription j : d.joints()) {
            if (j.type().isMovable() && j.mimic() == null) {
                varIndex.put(j.name(), vars.size());
                vars.add(j.name());
            }
        }
        varNames = vars.toArray(new String[0]);
        lower = new double[varNames.length];
        upper = new double[varNames.length];
        continuous = new boolean[varNames.length];
        for (int i = 0; i < varNames.length; i++) {
            JointDescription j = byName.get(varNames[i]);
            double[] lim = limitsOf(j);
            lower[i] = lim[0];
            upper[i] = lim[1];
            continuous[i] = j.type() == JointType.CONTINUOUS;
        }

        // depth-first traversal building links and bodies
        List<String> lnames = new ArrayList<>();
        List<Integer> lbody = new ArrayList<>();
        // constant transforms are composed as Poses (one matrix product each, with their error bounds) and only then
        // copied into matrices: the numbers the FK multiplies are the URDF's own, rounded once per product
        List<Pose> loff = new ArrayList<>();
        List<Integer> bparent = new ArrayList<>();
        List<Pose> bpre = new ArrayList<>();
        List<JointDescription> bjoint = new ArrayList<>();
        bparent.add(-1);
        bpre.add(Pose.IDENTITY);
        bjoint.add(null);
        ArrayDeque<String> stack = new ArrayDeque<>();
        stack.push(d.rootLink());
        Map<String, Integer> tmpIndex = new HashMap<>();
        while (!stack.isEmpty()) {
            String l = stack.pop();
            if (tmpIndex.containsKey(l)) {
                throw new IllegalArgumentException(
                        "robot " + d.name() + ": the joint graph has a cycle through link " + l);
            }
            int li = lnames.size();
            tmpIndex.put(l, li);
            lnames.add(l);
            JointDescription pj = parentOf.get(l);
            if (pj == null) {
                lbody.add(0);
                loff.add(Pose.IDENTITY);
            } else {
                int pl = tmpIndex.get(pj.parent());
                Pose viaOrigin = loff.get(pl).equals(Pose.IDENTITY)
                        ? pj.origin()
                        : loff.get(pl).compose(pj.origin());
                if (pj.type().isMovable()) {
                    int b = bparent.size();
                    bparent.add(lbody.get(pl));
                    bpre.add(viaOrigin);
                    bjoint.add(pj);
                    lbody.add(b);
                    loff.add(Pose.IDENTITY);
                } else {
                    lbody.add(lbody.get(pl));
                    loff.add(viaOrigin);
                }
            }
            List<JointDescription> cs = children.getOrDefault(l, List.of());
            for (int k = cs.size() - 1; k >= 0; k--) {
                stack.push(cs.get(k).child());
            }
        }
        if (lnames.size() != links.size()) {
            List<String> missing = new ArrayList<>(links.keySet());
            missing.removeAll(lnames);
            throw new IllegalArgumentException(
                    "robot " + d.name() + ": links not connected to root " + d.rootLink() + ": " + missing);
        }
        linkNames = lnames.toArray(new String[0]);
        for (int i = 0; i < linkNames.length; i++) {
            linkIndex.put(linkNames[i], i);
        }
        linkBody = lbody.stream().mapToInt(Integer::intValue).toArray();
        linkOffsetPose = loff.toArray(new Pose[0]);
        linkOffset = new Matrix4d[linkNames.length];
        for (int i = 0; i < linkNames.length; i++) {
            linkOffset[i] = linkOffsetPose[i].toMatrix(new Matrix4d());
        }
        linkOffsetIsIdentity = new boolean[linkNames.length];
        for (int i = 0; i < linkNames.length; i++) {
            linkOffsetIsIdentity[i] = linkOffset[i].equals(new Matrix4d());
        }

        int nb = bparent.size();
        bodyParent = bparent.stream().mapToInt(Integer::intValue).toArray();
        bodyPrePose = bpre.toArray(new Pose[0]);
        bodyPre = new Matrix4d[nb];
        for (int b = 0; b < nb; b++) {
            bodyPre[b] = bodyPrePose[b].toMatrix(new Matrix4d());
        }
        mimicDepth = new int[nb];
        axis = new double[3 * nb];
        bodyPrismatic = new boolean[nb];
        bodyVar = new int[nb];
        bodyMul = new double[nb];
        bodyOff = new double[nb];
        bodyMimic = new boolean[nb];
        bodyJoint = new String[nb];
        bodyLower = new double[nb];
        bodyUpper = new double[nb];
        bodyDepth = new int[nb];
        bodyPreLength = new double[nb];
        bodyVar[0] = -1;
        for (int b = 1; b < nb; b++) {
            JointDescription j = bjoint.get(b);
            bodyJoint[b] = j.name();
            axis[3 * b] = j.axisX();
            axis[3 * b + 1] = j.axisY();
            axis[3 * b + 2] = j.axisZ();
            bodyPrismatic[b] = j.type() == JointType.PRISMATIC;
            bodyDepth[b] = bodyDepth[bodyParent[b]] + 1;
            Matrix4d pre = bodyPre[b];
            // rounded up so the reach bounds built from it stay upper bounds
            bodyPreLength[b] =
                    Math.sqrt(pre.m30() * pre.m30() + pre.m31() * pre.m31() + pre.m32() * pre.m32()) * (1 + 1e-15);
            double[] lim = limitsOf(j);
            bodyLower[b] = lim[0];
            bodyUpper[b] = lim[1];
            // resolve mimic chains to an active variable
            double mul = 1;
            double off = 0;
            JointDescription cur = j;
            int guard = 0;
            while (cur.mimic() != null) {
                Mimic m = cur.mimic();
                JointDescription src = byName.get(m.joint());
                if (src == null || !src.type().isMovable()) {
                    throw new IllegalArgumentException("robot " + d.name() + ": joint " + cur.name() + " mimics "
                            + m.joint() + ", which is " + (src == null ? "not a joint" : "not movable"));
                }
                if (!Double.isFinite(m.multiplier()) || !Double.isFinite(m.offset())) {
                    throw new IllegalArgumentException("robot " + d.name() + ": joint " + cur.name()
                            + " has a non-finite mimic multiplier/offset");
                }
                off = mul * m.offset() + off;
                mul = mul * m.multiplier();
                if (++guard > d.joints().size()) {
                    throw new IllegalArgumentException("robot " + d.name() + ": mimic cycle through joint " + j.name());
                }
                cur = src;
                mimicDepth[b]++;
            }
            bodyVar[b] = varIndex.get(cur.name());
            bodyMul[b] = mul;
            bodyOff[b] = off;
            bodyMimic[b] = mimicDepth[b] > 0;
        }
        linkChain = new int[linkNames.length][];
        for (int l = 0; l < linkNames.length; l++) {
            int b = linkBody[l];
            int[] chain = new int[bodyDepth[b]];
            for (int k = chain.length - 1; k >= 0; k--) {
                chain[k] = b;
                b = bodyParent[b];
            }
            linkChain[l] = chain;
        }
    }

    private static double[] limitsOf(JointDescription j) {
        JointLimits lim = j.limits();
        if (j.type() == JointType.CONTINUOUS || lim == null) {
            return new double[] {Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY};
        }
        return new double[] {lim.lower(), lim.upper()};
    }
}
