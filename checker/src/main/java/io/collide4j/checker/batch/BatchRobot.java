package io.collide4j.checker.batch;

import io.collide4j.checker.geometry.ConvexHull;
import io.collide4j.checker.geometry.ConvexShape;
import io.collide4j.checker.geometry.QuickHull;
import io.collide4j.checker.geometry.Shapes;
import io.collide4j.checker.narrowphase.Gjk;
import io.collide4j.checker.robot.AllowedCollisionMatrix;
import io.collide4j.checker.scene.Obstacle;
import io.collide4j.checker.scene.ObstacleShape;
import io.collide4j.checker.scene.Scene;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.urdf.Geometry;
import io.collide4j.urdf.GeometryElement;
import io.collide4j.urdf.JointDescription;
import io.collide4j.urdf.JointType;
import io.collide4j.urdf.LinkDescription;
import io.collide4j.urdf.Pose;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.TriangleMesh;
import org.joml.Matrix4d;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A robot in a scene flattened into primitive tables for batch state checking, and the reference (exact) state
 * check that every engine's answer equals.
 *
 * <p>Model: each collision element of a link is one convex piece (meshes: the convex hull of the mesh, which
 * contains it; primitives: their exact shape), covered by spheres (a hull is cut into {@link Builder#slabs}
 * slabs along its longest axis, each slab's part of the hull enclosed by one sphere); obstacles are their exact
 * convex shapes (a mesh obstacle: its hull) and, for the sphere tier, their oriented bounding boxes. The checked
 * pairs are, in this order, every (piece, obstacle) and every (piece, piece) of different links not allowed by the
 * ACM; {@link #pairName} names pair p.
 *
 * <p>State verdict ({@link #firstCollidingPair}): pairs in order; a pair whose spheres are all separated from the
 * other side (sphere–sphere / sphere–box, each robot sphere inflated by {@link #TIER_MARGIN} to absorb rounding),
 * or whose vertex sets the second tier ({@link #pairSeparated}) separates, is free ("tier-free"); any other pair
 * is decided by GJK on the exact pieces (on the CPU, tier 2 is evaluated only for pairs GJK reports intersecting:
 * the same verdict, cheaper). The OpenCL kernel evaluates the
 * same tier with bit-identical arithmetic: forward kinematics uses the joint values' cosines and sines computed
 * once on the host ({@link #jointTrig}), then only +, × without contraction, in the same order as
 * {@link #forwardKinematics} and {@link #pairTierFree}. A configuration every pair of which is tier-free is FREE
 * on both engines; the rest go to this class's exact check, so verdicts and pair indices are identical by
 * construction.
 *
 * <p>Immutable and thread-safe; per-thread state lives in {@link Scratch}. Until the checker's
 * RobotCollisionModel is available this builds pieces straight from the URDF collision elements.
 */
public final class BatchRobot {

    /** Added to every robot sphere radius (metres): covers the rounding of FK and of the tier tests. */
    public static final double TIER_MARGIN = 1e-6;

    static final int FIXED = 0, REVOLUTE = 1, PRISMATIC = 2;

    final KinematicModel kinematics;
    // links in parent-before-child order
    final String[] linkNames;
    final int[] linkParent;
    final int[] linkJoint;     // FIXED / REVOLUTE / PRISMATIC
    final int[] linkSlot;      // joint slot (index into the trig array / 2), -1 for fixed
    final double[] linkOrigin; // 12 per link: row-major 3x4 parent -> joint frame
    final double[] linkAxis;   // 3 per link, unit
    // joint slots: value = mul * q[var] + off
    final int[] slotVar;
    final double[] slotMul;
    final double[] slotOff;
    final boolean[] slotRevolute;
    // pieces
    final int[] pieceLink;
    final ConvexShape[] pieceShape; // in the link frame
    final int[] pieceSphereStart;   // spheres of piece i: [start[i], start[i+1])
    final double[] sphere;          // 4 per sphere: centre in link frame, radius (margin included)
    final int[] sphereLink;
    final int[] pieceVertexStart;   // hull vertices of piece i (link frame): [start[i], start[i+1]); none for primitives
    final double[] pieceVertex;     // 3 per vertex
    final double[] obstacleCorner;  // 24 per obstacle: the 8 world corners of its oriented bounding box
    // obstacles
    final ConvexShape[] obstacleShape;
    final Matrix4d[] obstaclePose;
    final double[] obb;             // 15 per obstacle: R row-major (world <- box), centre (world), half extents
    final String[] obstacleNames;
    // pairs
    final int[] pairA;              // piece
    final int[] pairB;              // piece (>= 0) or obstacle (-1 - index)

    private BatchRobot(Builder b) {
        RobotDescription d = b.robot;
        kinematics = KinematicModel.of(d);
        Map<String, JointDescription> parentJoint = new HashMap<>();
        Map<String, List<JointDescription>> children = new HashMap<>();
        for (JointDescription j : d.joints()) {
            parentJoint.put(j.child(), j);
            children.computeIfAbsent(j.parent(), k -> new ArrayList<>()).add(j);
        }
        List<String> order = new ArrayList<>();
        order.add(d.rootLink());
        for (int i = 0; i < order.size(); i++) {
            for (JointDescription j : children.getOrDefault(order.get(i), List.of())) {
                order.add(j.child());
            }
        }
        int nl = order.size();
        linkNames = order.toArray(new String[0]);
        Map<String, Integer> linkIndex = new HashMap<>();
        for (int i = 0; i < nl; i++) {
            linkIndex.put(linkNames[i], i);
        }
        linkParent = new int[nl];
        linkJoint = new int[nl];
        linkSlot = new int[nl];
        linkOrigin = new double[12 * nl];
        linkAxis = new double[3 * nl];
        List<Integer> sVar = new ArrayList<>();
        List<double[]> sMulOff = new ArrayList<>();
        List<Boolean> sRev = new ArrayList<>();
        Map<String, JointDescription> jointByName = new HashMap<>();
        d.joints().forEach(j -> jointByName.put(j.name(), j));
        Matrix4d m = new Matrix4d();
        for (int l = 0; l < nl; l++) {
            JointDescription j = parentJoint.get(linkNames[l]);
            linkSlot[l] = -1;
            if (j == null) {
                linkParent[l] = -1;
                putAffine(new Matrix4d(), linkOrigin, 12 * l);
                continue;
            }
            linkParent[l] = linkIndex.get(j.parent());
            putAffine(j.origin().toMatrix(m), linkOrigin, 12 * l);
            if (!j.type().isMovable()) {
                linkJoint[l] = FIXED;
                continue;
            }
            linkJoint[l] = j.type() == JointType.PRISMATIC ? PRISMATIC : REVOLUTE;
            linkAxis[3 * l] = j.axisX();
            linkAxis[3 * l + 1] = j.axisY();
            linkAxis[3 * l + 2] = j.axisZ();
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
            linkSlot[l] = sVar.size();
            sVar.add(kinematics.variableIndex(cur.name()));
            sMulOff.add(new double[]{mul, off});
            sRev.add(linkJoint[l] == REVOLUTE);
        }
        slotVar = sVar.stream().mapToInt(Integer::intValue).toArray();
        slotMul = sMulOff.stream().mapToDouble(a -> a[0]).toArray();
        slotOff = sMulOff.stream().mapToDouble(a -> a[1]).toArray();
        slotRevolute = new boolean[slotVar.length];
        for (int i = 0; i < slotRevolute.length; i++) {
            slotRevolute[i] = sRev.get(i);
        }

        // pieces and their spheres
        List<Integer> pLink = new ArrayList<>();
        List<ConvexShape> pShape = new ArrayList<>();
        List<Integer> pStart = new ArrayList<>();
        List<double[]> spheres = new ArrayList<>();
        List<double[]> verts = new ArrayList<>();
        Map<String, LinkDescription> links = d.linksByName();
        for (int l = 0; l < nl; l++) {
            LinkDescription ld = links.get(linkNames[l]);
            for (int e = 0; e < ld.collisions().size(); e++) {
                GeometryElement ge = ld.collisions().get(e);
                String where = "robot " + d.name() + " link " + ld.name() + " collision " + e;
                pLink.add(l);
                pStart.add(spheres.size());
                Matrix4d origin = ge.origin().toMatrix(new Matrix4d());
                if (ge.geometry() instanceof Geometry.Mesh mesh) {
                    TriangleMesh tm = mesh.mesh().orElseThrow(() -> new IllegalArgumentException(where
                            + ": mesh " + mesh.filename() + " was not loaded (parse collision meshes)"));
                    double[] pts = new double[3 * tm.vertexCount()];
                    org.joml.Vector3d v = new org.joml.Vector3d();
                    for (int k = 0; k < tm.vertexCount(); k++) {
                        origin.transformPosition(v.set(tm.vertex(k, 0) * mesh.scaleX(), tm.vertex(k, 1) * mesh.scaleY(),
                                tm.vertex(k, 2) * mesh.scaleZ()));
                        pts[3 * k] = v.x;
                        pts[3 * k + 1] = v.y;
                        pts[3 * k + 2] = v.z;
                    }
                    ConvexHull hull = QuickHull.compute(pts);
                    pShape.add(Shapes.hull(hull));
                    verts.add(hull.copyVertices());
                    slabSpheres(hull, b.slabs, spheres);
                } else {
                    ConvexShape local;
                    if (ge.geometry() instanceof Geometry.Box box) {
                        local = Shapes.box(box.sizeX() / 2, box.sizeY() / 2, box.sizeZ() / 2);
                    } else if (ge.geometry() instanceof Geometry.Sphere sp) {
                        local = Shapes.sphere(sp.radius());
                    } else if (ge.geometry() instanceof Geometry.Cylinder c) {
                        local = Shapes.cylinder(c.radius(), c.length() / 2);
                    } else {
                        throw new IllegalArgumentException(where + ": unsupported geometry " + ge.geometry());
                    }
                    pShape.add(Shapes.transformed(local, origin));
                    verts.add(new double[0]);
                    spheres.add(new double[]{origin.m30(), origin.m31(), origin.m32(),
                            inflate(local.boundingRadius())});
                }
            }
        }
        pieceLink = pLink.stream().mapToInt(Integer::intValue).toArray();
        pieceShape = pShape.toArray(new ConvexShape[0]);
        pieceSphereStart = new int[pieceLink.length + 1];
        for (int i = 0; i < pieceLink.length; i++) {
            pieceSphereStart[i] = pStart.get(i);
        }
        pieceSphereStart[pieceLink.length] = spheres.size();
        pieceVertexStart = new int[pieceLink.length + 1];
        for (int i = 0; i < pieceLink.length; i++) {
            pieceVertexStart[i + 1] = pieceVertexStart[i] + verts.get(i).length / 3;
        }
        pieceVertex = new double[3 * pieceVertexStart[pieceLink.length]];
        for (int i = 0; i < pieceLink.length; i++) {
            System.arraycopy(verts.get(i), 0, pieceVertex, 3 * pieceVertexStart[i], verts.get(i).length);
        }
        sphere = new double[4 * spheres.size()];
        sphereLink = new int[spheres.size()];
        for (int s = 0, p = 0; s < spheres.size(); s++) {
            while (pieceSphereStart[p + 1] <= s) {
                p++;
            }
            System.arraycopy(spheres.get(s), 0, sphere, 4 * s, 4);
            sphereLink[s] = pieceLink[p];
        }

        // obstacles
        List<Obstacle> obs = b.scene.obstacles();
        int no = obs.size();
        obstacleShape = new ConvexShape[no];
        obstaclePose = new Matrix4d[no];
        obstacleNames = new String[no];
        obb = new double[15 * no];
        obstacleCorner = new double[24 * no];
        double[] bounds = new double[6];
        for (int o = 0; o < no; o++) {
            Obstacle ob = obs.get(o);
            obstacleNames[o] = ob.name();
            obstaclePose[o] = ob.pose().toMatrix(new Matrix4d());
            obstacleShape[o] = exactShape(ob);
            ob.shape().localBounds(bounds);
            Matrix4d p = obstaclePose[o];
            double cx = (bounds[0] + bounds[3]) / 2, cy = (bounds[1] + bounds[4]) / 2, cz = (bounds[2] + bounds[5]) / 2;
            org.joml.Vector3d c = p.transformPosition(new org.joml.Vector3d(cx, cy, cz));
            int k = 15 * o;
            obb[k] = p.m00(); obb[k + 1] = p.m10(); obb[k + 2] = p.m20();
            obb[k + 3] = p.m01(); obb[k + 4] = p.m11(); obb[k + 5] = p.m21();
            obb[k + 6] = p.m02(); obb[k + 7] = p.m12(); obb[k + 8] = p.m22();
            obb[k + 9] = c.x; obb[k + 10] = c.y; obb[k + 11] = c.z;
            // half extents grown by a relative hair: the box centre and rotation are themselves rounded
            double grow = 1e-12 * (Math.abs(c.x) + Math.abs(c.y) + Math.abs(c.z) + 1);
            obb[k + 12] = (bounds[3] - bounds[0]) / 2 + grow;
            obb[k + 13] = (bounds[4] - bounds[1]) / 2 + grow;
            obb[k + 14] = (bounds[5] - bounds[2]) / 2 + grow;
            for (int corner = 0; corner < 8; corner++) {
                org.joml.Vector3d w = p.transformPosition(new org.joml.Vector3d(
                        (corner & 1) == 0 ? bounds[0] - grow : bounds[3] + grow,
                        (corner & 2) == 0 ? bounds[1] - grow : bounds[4] + grow,
                        (corner & 4) == 0 ? bounds[2] - grow : bounds[5] + grow));
                obstacleCorner[24 * o + 3 * corner] = w.x;
                obstacleCorner[24 * o + 3 * corner + 1] = w.y;
                obstacleCorner[24 * o + 3 * corner + 2] = w.z;
            }
        }

        // pairs: (piece, obstacle) then (piece, piece)
        AllowedCollisionMatrix acm = b.acm;
        List<int[]> pairs = new ArrayList<>();
        for (int i = 0; i < pieceLink.length; i++) {
            for (int o = 0; o < no; o++) {
                if (!acm.isAllowed(linkNames[pieceLink[i]], obstacleNames[o])
                        && !acm.isAllowed(linkNames[pieceLink[i]], AllowedCollisionMatrix.ENVIRONMENT)) {
                    pairs.add(new int[]{i, -1 - o});
                }
            }
        }
        for (int i = 0; i < pieceLink.length; i++) {
            for (int j = i + 1; j < pieceLink.length; j++) {
                int la = pieceLink[i], lb = pieceLink[j];
                if (la != lb && !acm.isAllowed(linkNames[la], linkNames[lb])) {
                    pairs.add(new int[]{i, j});
                }
            }
        }
        pairA = pairs.stream().mapToInt(p -> p[0]).toArray();
        pairB = pairs.stream().mapToInt(p -> p[1]).toArray();
    }

    private static double inflate(double r) {
        return r * (1 + 1e-12) + TIER_MARGIN;
    }

    private static ConvexShape exactShape(Obstacle ob) {
        ObstacleShape sh = ob.shape();
        if (sh instanceof ObstacleShape.Box b) {
            return Shapes.box(b.sizeX() / 2, b.sizeY() / 2, b.sizeZ() / 2);
        } else if (sh instanceof ObstacleShape.Sphere s) {
            return Shapes.sphere(s.radius());
        } else if (sh instanceof ObstacleShape.Cylinder c) {
            return Shapes.cylinder(c.radius(), c.length() / 2);
        } else if (sh instanceof ObstacleShape.Capsule c) {
            return Shapes.capsule(c.radius(), c.length() / 2);
        } else if (sh instanceof ObstacleShape.ConvexHull h) {
            return Shapes.hull(QuickHull.compute(h.copyPoints()));
        } else if (sh instanceof ObstacleShape.Mesh mesh) {
            // a non-convex mesh is replaced by its hull, which contains it: errs toward collision
            return Shapes.hull(QuickHull.compute(mesh.mesh().copyVertices()));
        }
        throw new IllegalArgumentException("obstacle " + ob.name() + ": unsupported shape " + sh);
    }

    /**
     * Spheres covering the hull: the hull is cut into k slabs along its longest local axis; the part of the hull
     * inside a slab is the hull of its vertices in the slab and of the hull edges' crossings of the slab planes,
     * and the sphere about those points' box centre through the farthest of them contains it.
     */
    private static void slabSpheres(ConvexHull hull, int k, List<double[]> out) {
        double[] v = hull.copyVertices();
        int n = v.length / 3;
        double[] lo = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY};
        double[] hi = {Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (int i = 0; i < n; i++) {
            for (int a = 0; a < 3; a++) {
                lo[a] = Math.min(lo[a], v[3 * i + a]);
                hi[a] = Math.max(hi[a], v[3 * i + a]);
            }
        }
        int ax = 0;
        for (int a = 1; a < 3; a++) {
            if (hi[a] - lo[a] > hi[ax] - lo[ax]) {
                ax = a;
            }
        }
        int slabs = hull.dimension() < 3 ? 1 : Math.max(1, k);
        int[] tri = hull.copyTriangles();
        for (int s = 0; s < slabs; s++) {
            double a0 = s == 0 ? Double.NEGATIVE_INFINITY : lo[ax] + (hi[ax] - lo[ax]) * s / slabs;
            double a1 = s == slabs - 1 ? Double.POSITIVE_INFINITY : lo[ax] + (hi[ax] - lo[ax]) * (s + 1) / slabs;
            List<double[]> pts = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                if (v[3 * i + ax] >= a0 && v[3 * i + ax] <= a1) {
                    pts.add(new double[]{v[3 * i], v[3 * i + 1], v[3 * i + 2]});
                }
            }
            for (int t = 0; t + 2 < tri.length; t += 3) {
                for (int e = 0; e < 3; e++) {
                    int p = tri[t + e], q = tri[t + (e + 1) % 3];
                    for (double plane : new double[]{a0, a1}) {
                        double pa = v[3 * p + ax], qa = v[3 * q + ax];
                        if (Double.isFinite(plane) && (pa - plane) * (qa - plane) < 0) {
                            double f = (plane - pa) / (qa - pa);
                            pts.add(new double[]{v[3 * p] + f * (v[3 * q] - v[3 * p]),
                                    v[3 * p + 1] + f * (v[3 * q + 1] - v[3 * p + 1]),
                                    v[3 * p + 2] + f * (v[3 * q + 2] - v[3 * p + 2])});
                        }
                    }
                }
            }
            if (pts.isEmpty()) {
                continue;
            }
            double[] bl = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY};
            double[] bh = {Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
            for (double[] p : pts) {
                for (int a = 0; a < 3; a++) {
                    bl[a] = Math.min(bl[a], p[a]);
                    bh[a] = Math.max(bh[a], p[a]);
                }
            }
            double cx = (bl[0] + bh[0]) / 2, cy = (bl[1] + bh[1]) / 2, cz = (bl[2] + bh[2]) / 2;
            double r2 = 0;
            for (double[] p : pts) {
                double dx = p[0] - cx, dy = p[1] - cy, dz = p[2] - cz;
                r2 = Math.max(r2, dx * dx + dy * dy + dz * dz);
            }
            // the edge crossings are rounded: grow by a relative hair before the margin
            out.add(new double[]{cx, cy, cz, inflate(Math.sqrt(r2) * (1 + 1e-9) + 1e-12)});
        }
    }

    private static void putAffine(Matrix4d m, double[] dest, int k) {
        dest[k] = m.m00(); dest[k + 1] = m.m10(); dest[k + 2] = m.m20(); dest[k + 3] = m.m30();
        dest[k + 4] = m.m01(); dest[k + 5] = m.m11(); dest[k + 6] = m.m21(); dest[k + 7] = m.m31();
        dest[k + 8] = m.m02(); dest[k + 9] = m.m12(); dest[k + 10] = m.m22(); dest[k + 11] = m.m32();
    }

    /** A builder for a robot (URDF with collision meshes loaded) in a scene. */
    public static Builder builder(RobotDescription robot, Scene scene) {
        return new Builder(robot, scene);
    }

    /** The kinematic model whose configuration vectors this robot takes. */
    public KinematicModel kinematics() {
        return kinematics;
    }

    /** Configuration length. */
    public int dof() {
        return kinematics.variableCount();
    }

    /** Number of checked pairs. */
    public int pairCount() {
        return pairA.length;
    }

    /** Number of convex pieces / covering spheres / obstacles / links. */
    public int pieceCount() {
        return pieceLink.length;
    }

    public int sphereCount() {
        return sphereLink.length;
    }

    public int obstacleCount() {
        return obstacleNames.length;
    }

    /** Human-readable name of pair p, e.g. "panda_link5 / shelf_top" or "panda_link2 / panda_hand". */
    public String pairName(int p) {
        String a = linkNames[pieceLink[pairA[p]]];
        int b = pairB[p];
        return a + " / " + (b < 0 ? obstacleNames[-1 - b] : linkNames[pieceLink[b]]);
    }

    /** Number of doubles {@link #jointTrig} writes per configuration. */
    public int trigLength() {
        return 2 * slotVar.length;
    }

    /**
     * Per moving joint: (cos v, sin v) for revolute, (v, 0) for prismatic, v = mul·q[var] + off; written at
     * dest[off ..]. The only transcendental step, done on the host so the device FK is bit-identical.
     */
    public void jointTrig(double[] q, int qOff, double[] dest, int off) {
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

    /** dest[dk..] = a[ak..] · b[bk..] for row-major 3x4 affine maps (dest may alias a only when dk == ak is not used). */
    private static void mulAffine(double[] a, int ak, double[] b, int bk, double[] dest, int dk) {
        for (int row = 0; row < 3; row++) {
            double x = a[ak + 4 * row], y = a[ak + 4 * row + 1], z = a[ak + 4 * row + 2], t = a[ak + 4 * row + 3];
            dest[dk + 4 * row] = x * b[bk] + y * b[bk + 4] + z * b[bk + 8];
            dest[dk + 4 * row + 1] = x * b[bk + 1] + y * b[bk + 5] + z * b[bk + 9];
            dest[dk + 4 * row + 2] = x * b[bk + 2] + y * b[bk + 6] + z * b[bk + 10];
            dest[dk + 4 * row + 3] = x * b[bk + 3] + y * b[bk + 7] + z * b[bk + 11] + t;
        }
    }

    /** World centre of sphere s into w[0..2] (same expression as the kernel). */
    private void sphereCentre(double[] pose, int s, double[] w) {
        int k = 12 * sphereLink[s];
        double x = sphere[4 * s], y = sphere[4 * s + 1], z = sphere[4 * s + 2];
        w[0] = pose[k] * x + pose[k + 1] * y + pose[k + 2] * z + pose[k + 3];
        w[1] = pose[k + 4] * x + pose[k + 5] * y + pose[k + 6] * z + pose[k + 7];
        w[2] = pose[k + 8] * x + pose[k + 9] * y + pose[k + 10] * z + pose[k + 11];
    }

    /** Whether every sphere of pair p's robot side is separated from the other side (tier-free). */
    boolean pairTierFree(int p, double[] pose, double[] wa, double[] wb) {
        int a = pairA[p], b = pairB[p];
        for (int s = pieceSphereStart[a]; s < pieceSphereStart[a + 1]; s++) {
            sphereCentre(pose, s, wa);
            double ra = sphere[4 * s + 3];
            if (b < 0) {
                int k = 15 * (-1 - b);
                double dx = wa[0] - obb[k + 9], dy = wa[1] - obb[k + 10], dz = wa[2] - obb[k + 11];
                double lx = obb[k] * dx + obb[k + 3] * dy + obb[k + 6] * dz;
                double ly = obb[k + 1] * dx + obb[k + 4] * dy + obb[k + 7] * dz;
                double lz = obb[k + 2] * dx + obb[k + 5] * dy + obb[k + 8] * dz;
                double ex = excess(lx, obb[k + 12]), ey = excess(ly, obb[k + 13]), ez = excess(lz, obb[k + 14]);
                if (!(ex * ex + ey * ey + ez * ez > ra * ra)) {
                    return false;
                }
            } else {
                for (int t = pieceSphereStart[b]; t < pieceSphereStart[b + 1]; t++) {
                    sphereCentre(pose, t, wb);
                    double dx = wa[0] - wb[0], dy = wa[1] - wb[1], dz = wa[2] - wb[2];
                    double rs = ra + sphere[4 * t + 3];
                    if (!(dx * dx + dy * dy + dz * dz > rs * rs)) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    /** Frank–Wolfe iterations of the second tier. */
    static final int FW_ITERATIONS = 32;

    /**
     * Second tier: looks for a separating direction of the pair's vertex sets (robot hull vertices placed by FK;
     * an obstacle's bounding-box corners, which contain it) by Frank–Wolfe on the minimum-norm point of A − B:
     * v ← the point of segment [v, s] nearest the origin, s the support of A − B opposite v. Separated
     * (certified) once v·s &gt; {@link #TIER_MARGIN}·|v|: every point x of A − B then has v·x ≥ v·s up to
     * rounding far below the margin. Only +, ×, one division and comparisons: bit-identical in the kernel.
     * Pieces without vertices (primitive shapes) are never cleared here.
     */
    boolean pairSeparated(int p, double[] pose, double[] w) {
        int a = pairA[p], b = pairB[p];
        int a0 = pieceVertexStart[a], a1 = pieceVertexStart[a + 1];
        if (a0 == a1 || b >= 0 && pieceVertexStart[b] == pieceVertexStart[b + 1]) {
            return false;
        }
        int la = 12 * pieceLink[a];
        int lb = b >= 0 ? 12 * pieceLink[b] : 0;
        int b0 = b >= 0 ? pieceVertexStart[b] : 0, b1 = b >= 0 ? pieceVertexStart[b + 1] : 8;
        int ob = b >= 0 ? 0 : 24 * (-1 - b);
        // v = (first vertex of A) − (first vertex of B)
        place(pose, la, pieceVertex, 3 * a0, w, 0);
        vertexB(pose, b, lb, ob, b0, w, 3);
        double vx = w[0] - w[3], vy = w[1] - w[4], vz = w[2] - w[5];
        for (int it = 0; it < FW_ITERATIONS; it++) {
            // support of A in −v: smallest v·x
            double best = Double.POSITIVE_INFINITY;
            double sax = 0, say = 0, saz = 0;
            for (int i = a0; i < a1; i++) {
                place(pose, la, pieceVertex, 3 * i, w, 0);
                double dot = vx * w[0] + vy * w[1] + vz * w[2];
                if (dot < best) {
                    best = dot;
                    sax = w[0];
                    say = w[1];
                    saz = w[2];
                }
            }
            // support of B in +v: largest v·x
            double worst = Double.NEGATIVE_INFINITY;
            double sbx = 0, sby = 0, sbz = 0;
            for (int i = b0; i < b1; i++) {
                vertexB(pose, b, lb, ob, i, w, 3);
                double dot = vx * w[3] + vy * w[4] + vz * w[5];
                if (dot > worst) {
                    worst = dot;
                    sbx = w[3];
                    sby = w[4];
                    sbz = w[5];
                }
            }
            double sx = sax - sbx, sy = say - sby, sz = saz - sbz;
            double vs = vx * sx + vy * sy + vz * sz;
            double vv = vx * vx + vy * vy + vz * vz;
            if (vs > 0 && vs * vs > TIER_MARGIN * TIER_MARGIN * vv) {
                return true;
            }
            double ex = vx - sx, ey = vy - sy, ez = vz - sz;
            double ee = ex * ex + ey * ey + ez * ez;
            double num = vv - vs;
            if (!(ee > 0) || !(num > 0)) {
                return false; // v is the nearest point already: not separated by more than the margin
            }
            double lambda = num / ee;
            if (lambda > 1) {
                lambda = 1;
            }
            vx = vx - lambda * ex;
            vy = vy - lambda * ey;
            vz = vz - lambda * ez;
        }
        return false;
    }

    private void vertexB(double[] pose, int b, int lb, int ob, int i, double[] w, int o) {
        if (b >= 0) {
            place(pose, lb, pieceVertex, 3 * i, w, o);
        } else {
            w[o] = obstacleCorner[ob + 3 * i];
            w[o + 1] = obstacleCorner[ob + 3 * i + 1];
            w[o + 2] = obstacleCorner[ob + 3 * i + 2];
        }
    }

    /** w[o..o+2] = pose(link at k) · local point src[s..s+2] (same expression as sphereCentre). */
    private static void place(double[] pose, int k, double[] src, int s, double[] w, int o) {
        double x = src[s], y = src[s + 1], z = src[s + 2];
        w[o] = pose[k] * x + pose[k + 1] * y + pose[k + 2] * z + pose[k + 3];
        w[o + 1] = pose[k + 4] * x + pose[k + 5] * y + pose[k + 6] * z + pose[k + 7];
        w[o + 2] = pose[k + 8] * x + pose[k + 9] * y + pose[k + 10] * z + pose[k + 11];
    }

    private static double excess(double x, double h) {
        return x < -h ? x + h : x > h ? x - h : 0;
    }

    /**
     * The reference state check: index of the first colliding pair (pair order above), or -1 when the
     * configuration is free. Tier-free pairs are skipped; the others are decided by GJK (whose "separated" is
     * certified). Allocation-free with the caller's scratch.
     */
    public int firstCollidingPair(double[] q, int qOff, Scratch s) {
        jointTrig(q, qOff, s.trig, 0);
        return firstCollidingPairFromTrig(s.trig, 0, s);
    }

    int firstCollidingPairFromTrig(double[] trig, int tOff, Scratch s) {
        forwardKinematics(trig, tOff, s.pose);
        for (int p = 0; p < pairA.length; p++) {
            if (pairTierFree(p, s.pose, s.wa, s.wb)) {
                continue;
            }
            int a = pairA[p], b = pairB[p];
            Matrix4d pa = s.matrix(pieceLink[a], 0);
            boolean hit = b < 0
                    ? s.gjk.intersects(pieceShape[a], pa, obstacleShape[-1 - b], obstaclePose[-1 - b])
                    : s.gjk.intersects(pieceShape[a], pa, pieceShape[b], s.matrix(pieceLink[b], 1));
            // the second tier is evaluated lazily: "free" = tier 1 or GJK-separated or tier 2, the same boolean
            // function the device evaluates as tier 1 or tier 2, at a fraction of the cost
            if (hit && !pairSeparated(p, s.pose, s.w6)) {
                return p;
            }
        }
        return -1;
    }

    /** Per-thread working memory of the reference check (not thread-safe). */
    public final class Scratch {
        final double[] trig = new double[Math.max(1, 2 * slotVar.length)];
        final double[] pose = new double[12 * linkParent.length];
        final double[] wa = new double[3], wb = new double[3], w6 = new double[6];
        final Gjk gjk = new Gjk();
        private final Matrix4d[] m = {new Matrix4d(), new Matrix4d()};

        Matrix4d matrix(int link, int slot) {
            int k = 12 * link;
            return m[slot].set(pose[k], pose[k + 4], pose[k + 8], 0, pose[k + 1], pose[k + 5], pose[k + 9], 0,
                    pose[k + 2], pose[k + 6], pose[k + 10], 0, pose[k + 3], pose[k + 7], pose[k + 11], 1);
        }
    }

    /** A fresh scratch for one thread. */
    public Scratch newScratch() {
        return new Scratch();
    }

    /** Builder of a {@link BatchRobot}. */
    public static final class Builder {
        private final RobotDescription robot;
        private final Scene scene;
        private AllowedCollisionMatrix acm = AllowedCollisionMatrix.empty();
        private int slabs = 3;

        private Builder(RobotDescription robot, Scene scene) {
            if (robot == null || scene == null) {
                throw new IllegalArgumentException("robot and scene must not be null");
            }
            this.robot = robot;
            this.scene = scene;
        }

        /** Pairs (link names, or a link and an obstacle name / ENVIRONMENT) never checked. */
        public Builder acm(AllowedCollisionMatrix acm) {
            this.acm = acm;
            return this;
        }

        /** Spheres per mesh piece (slabs along its longest axis), ≥ 1; default 3. */
        public Builder slabs(int slabs) {
            if (slabs < 1) {
                throw new IllegalArgumentException("slabs must be >= 1, got " + slabs);
            }
            this.slabs = slabs;
            return this;
        }

        public BatchRobot build() {
            return new BatchRobot(this);
        }
    }
}
