package io.collide4j.planner.cli;

import io.collide4j.checker.certificate.Verdict;
import io.collide4j.checker.certificate.Violation;
import io.collide4j.checker.geometry.ConvexHull;
import io.collide4j.checker.geometry.ConvexShape;
import io.collide4j.checker.geometry.HullShape;
import io.collide4j.checker.geometry.TransformedShape;
import io.collide4j.checker.geometry.hull.QuickHull;
import io.collide4j.checker.query.Contact;
import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.Obstacle;
import io.collide4j.checker.scene.ObstacleShape;
import io.collide4j.checker.scene.Scene;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.kinematics.LinkPoses;
import io.collide4j.planner.TrajectoryCertifier.ProfileSample;
import io.collide4j.urdf.Geometry;
import io.collide4j.urdf.GeometryElement;
import io.collide4j.urdf.LinkDescription;
import io.collide4j.urdf.Pose;
import io.collide4j.urdf.TriangleMesh;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.joml.Matrix4d;
import org.joml.Matrix4dc;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * The data of the report's 3-D view as one JSON object: the robot's convex pieces (triangles in their link's
 * frame), its collision meshes decimated for size (the view can show either), the scene's obstacles, and per frame the
 * time, every drawn link's world transform (forward kinematics
 * done here, so the page needs none), the closest checked pair with its witness points and its certified lower
 * bound. Frames are rounded to {@link #DIGITS} decimals (micrometres) to keep the report small, except the
 * first-violation frame, written at full precision: the page draws exactly the pose the certificate names.
 */
final class ViewerData {
    /** Decimals of rounded coordinates and matrix entries (1e-6 m; ample for a picture). */
    static final int DIGITS = 6;

    /** Directions sampled on shapes without an explicit vertex list (spheres, capsules, cylinders, margins). */
    private static final int SUPPORT_DIRECTIONS = 96;

    /** At most this many triangles per link in the decimated collision meshes. */
    static final int MESH_TRIANGLES = 1500;

    private ViewerData() {}

    /**
     * The sampled frames with the first violation's exact state inserted at its time (its configuration and
     * contact, as certified, not re-interpolated); returns the index of that frame in {@code exactIndex[0]}
     * (-1 without a violation).
     */
    static List<ProfileSample> withViolation(List<ProfileSample> samples, Violation v, int[] exactIndex) {
        exactIndex[0] = -1;
        if (v == null) {
            return samples;
        }
        List<ProfileSample> out = new ArrayList<>(samples.size() + 1);
        for (ProfileSample s : samples) {
            if (exactIndex[0] < 0 && s.time() > v.time()) {
                exactIndex[0] = out.size();
                out.add(new ProfileSample(v.time(), v.configuration().clone(), v.contact()));
            }
            out.add(s);
        }
        if (exactIndex[0] < 0) {
            exactIndex[0] = out.size();
            out.add(new ProfileSample(v.time(), v.configuration().clone(), v.contact()));
        }
        return out;
    }

    /**
     * The view's JSON. {@code exactFrame} is the frame written at full precision (-1 for none);
     * {@code unresolvedFrom}/{@code unresolvedTo} bound the part of the motion an INCONCLUSIVE verdict leaves
     * unproved (NaN otherwise).
     */
    static String json(
            RobotCollisionModel model,
            Scene scene,
            Verdict verdict,
            double margin,
            Violation violation,
            List<ProfileSample> frames,
            int exactFrame,
            double unresolvedFrom,
            double unresolvedTo) {
        KinematicModel kin = model.kinematics();
        Map<Integer, Integer> linkSlot = new LinkedHashMap<>();
        for (int b = 0; b < model.bodyCount(); b++) {
            linkSlot.putIfAbsent(model.bodyLink(b), linkSlot.size());
        }
        StringBuilder j = new StringBuilder(1 << 16);
        j.append("{\"verdict\":")
                .append(str(verdict.name()))
                .append(",\"margin\":")
                .append(margin);
        j.append(",\"links\":[");
        boolean first = true;
        for (int link : linkSlot.keySet()) {
            j.append(first ? "" : ",").append(str(kin.linkName(link)));
            first = false;
        }
        j.append("],\"bodies\":[");
        for (int b = 0; b < model.bodyCount(); b++) {
            j.append(b == 0 ? "" : ",")
                    .append("{\"name\":")
                    .append(str(model.bodyName(b)))
                    .append(",\"link\":")
                    .append(linkSlot.get(model.bodyLink(b)))
                    .append(",\"pieces\":[");
            for (int p = model.pieceStart(b); p < model.pieceEnd(b); p++) {
                j.append(p == model.pieceStart(b) ? "" : ",");
                hullJson(j, pieceHull(model.pieceShape(p)));
            }
            j.append("]}");
        }
        j.append("],\"linkMeshes\":[");
        first = true;
        for (Map.Entry<Integer, Integer> e : linkSlot.entrySet()) {
            double[] xyz = linkMeshTriangles(kin, e.getKey());
            if (xyz.length > 0) {
                j.append(first ? "" : ",")
                        .append("{\"link\":")
                        .append(e.getValue())
                        .append(",\"mesh\":");
                first = false;
                decimatedJson(j, xyz, MESH_TRIANGLES);
                j.append("}");
            }
        }
        j.append("],\"obstacles\":[");
        first = true;
        for (Obstacle o : scene.obstacles()) {
            j.append(first ? "" : ",");
            first = false;
            obstacleJson(j, o);
        }
        j.append("],\"frames\":[");
        LinkPoses poses = new LinkPoses(kin);
        for (int f = 0; f < frames.size(); f++) {
            ProfileSample s = frames.get(f);
            boolean exact = f == exactFrame;
            kin.forwardKinematics(s.configuration(), poses);
            j.append(f == 0 ? "" : ",").append("{\"t\":");
            num(j, s.time(), exact);
            j.append(",\"m\":[");
            first = true;
            for (int link : linkSlot.keySet()) {
                Matrix4dc m = poses.pose(link);
                for (int r = 0; r < 3; r++) {
                    for (int c = 0; c < 4; c++) {
                        j.append(first ? "" : ",");
                        first = false;
                        num(j, m.get(c, r), exact); // row-major 3x4; JOML's get(column, row)
                    }
                }
            }
            j.append("]");
            contactJson(j, s.closest(), exact);
            j.append("}");
        }
        j.append("]");
        if (exactFrame >= 0) {
            j.append(",\"exactFrame\":").append(exactFrame);
        }
        if (violation != null) {
            Contact c = violation.contact();
            j.append(",\"violation\":{\"t\":")
                    .append(violation.time())
                    .append(",\"frame\":")
                    .append(exactFrame)
                    .append(",\"pair\":")
                    .append(str(c.pair().key()))
                    .append(",\"distance\":");
            num(j, c.distance(), true);
            j.append(",\"depth\":");
            num(j, Math.max(0, -c.distance()), true);
            j.append(",\"lowerBound\":");
            num(j, c.lowerBound(), true);
            j.append("}");
        }
        if (!Double.isNaN(unresolvedFrom)) {
            j.append(",\"unresolved\":[")
                    .append(unresolvedFrom)
                    .append(",")
                    .append(unresolvedTo)
                    .append("]");
        }
        return j.append("}").toString();
    }

    private static void contactJson(StringBuilder j, Contact c, boolean exact) {
        if (c == null) {
            return;
        }
        j.append(",\"pair\":")
                .append(str(c.pair().key()))
                .append(",\"a\":")
                .append(str(c.pair().first()))
                .append(",\"ap\":")
                .append(c.pair().firstPiece())
                .append(",\"b\":")
                .append(str(c.pair().second()))
                .append(",\"bp\":")
                .append(c.pair().secondPiece())
                .append(",\"env\":")
                .append(c.pair().environment())
                .append(",\"lb\":");
        num(j, c.lowerBound(), exact);
        j.append(",\"w\":[");
        vec(j, c.pointOnFirst(), exact);
        j.append(",");
        vec(j, c.pointOnSecond(), exact);
        j.append("]");
    }

    private static void vec(StringBuilder j, Vector3dc v, boolean exact) {
        num(j, v.x(), exact);
        j.append(",");
        num(j, v.y(), exact);
        j.append(",");
        num(j, v.z(), exact);
    }

    /**
     * The collision meshes of one link (URDF {@code <collision>} meshes, already scaled, posed by their origin) as
     * a flat triangle soup in the link frame; empty when the link has none.
     */
    static double[] linkMeshTriangles(KinematicModel kin, int link) {
        LinkDescription d = kin.description().linksByName().get(kin.linkName(link));
        if (d == null) {
            return new double[0];
        }
        List<double[]> parts = new ArrayList<>();
        Matrix4d m = new Matrix4d();
        Vector3d p = new Vector3d();
        for (GeometryElement g : d.collisions()) {
            if (g.geometry() instanceof Geometry.Mesh mesh && mesh.mesh().isPresent()) {
                TriangleMesh t = mesh.mesh().get();
                g.origin().toMatrix(m);
                double[] soup = new double[9 * t.triangleCount()];
                for (int k = 0; k < t.triangleCount(); k++) {
                    for (int c = 0; c < 3; c++) {
                        int v = t.index(k, c);
                        m.transformPosition(p.set(t.vertex(v, 0), t.vertex(v, 1), t.vertex(v, 2)));
                        soup[9 * k + 3 * c] = p.x;
                        soup[9 * k + 3 * c + 1] = p.y;
                        soup[9 * k + 3 * c + 2] = p.z;
                    }
                }
                parts.add(soup);
            }
        }
        double[] all = new double[parts.stream().mapToInt(a -> a.length).sum()];
        int at = 0;
        for (double[] a : parts) {
            System.arraycopy(a, 0, all, at, a.length);
            at += a.length;
        }
        return all;
    }

    /**
     * A triangle soup decimated by vertex clustering (Rossignac and Borrel, 1993): vertices snap to the mean of
     * their grid cell, collapsed and repeated triangles go; the cell doubles until at most {@code maxTriangles}
     * remain. For the picture only: the checker never uses these meshes.
     */
    static void decimatedJson(StringBuilder j, double[] soup, int maxTriangles) {
        double[] lo = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY};
        double[] hi = {Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (int i = 0; i < soup.length; i++) {
            lo[i % 3] = Math.min(lo[i % 3], soup[i]);
            hi[i % 3] = Math.max(hi[i % 3], soup[i]);
        }
        double diag = Math.sqrt(Math.pow(hi[0] - lo[0], 2) + Math.pow(hi[1] - lo[1], 2) + Math.pow(hi[2] - lo[2], 2));
        double cell = Math.max(1e-4, diag / 200);
        while (true) {
            Map<Long, Integer> cluster = new HashMap<>();
            List<double[]> sums = new ArrayList<>();
            int[] corner = new int[soup.length / 3];
            for (int v = 0; v < corner.length; v++) {
                long key = 0;
                for (int a = 0; a < 3; a++) {
                    key = key * 2_097_152L + (long) Math.floor((soup[3 * v + a] - lo[a]) / cell);
                }
                Integer id = cluster.get(key);
                if (id == null) {
                    id = sums.size();
                    cluster.put(key, id);
                    sums.add(new double[4]);
                }
                double[] sum = sums.get(id);
                for (int a = 0; a < 3; a++) {
                    sum[a] += soup[3 * v + a];
                }
                sum[3]++;
                corner[v] = id;
            }
            java.util.Set<List<Integer>> seen = new java.util.HashSet<>();
            List<int[]> tris = new ArrayList<>();
            for (int t = 0; t < corner.length / 3; t++) {
                int a = corner[3 * t], b = corner[3 * t + 1], c = corner[3 * t + 2];
                if (a != b && b != c && a != c) {
                    List<Integer> k = new ArrayList<>(List.of(a, b, c));
                    java.util.Collections.sort(k);
                    if (seen.add(k)) {
                        tris.add(new int[] {a, b, c});
                    }
                }
            }
            if (tris.size() > maxTriangles) {
                cell *= 2;
                continue;
            }
            j.append("{\"v\":[");
            for (int v = 0; v < sums.size(); v++) {
                double[] sum = sums.get(v);
                for (int a = 0; a < 3; a++) {
                    j.append(v + a == 0 ? "" : ",");
                    num(j, sum[a] / sum[3], false);
                }
            }
            j.append("],\"f\":[");
            for (int t = 0; t < tris.size(); t++) {
                int[] f = tris.get(t);
                j.append(t == 0 ? "" : ",")
                        .append(f[0])
                        .append(",")
                        .append(f[1])
                        .append(",")
                        .append(f[2]);
            }
            j.append("]}");
            return;
        }
    }

    /** The convex hull drawn for a piece: its own hull when it has one, else the hull of support samples. */
    static ConvexHull pieceHull(ConvexShape shape) {
        if (shape instanceof HullShape h) {
            return h.hull();
        }
        if (shape instanceof TransformedShape t && t.inner() instanceof HullShape h) {
            Matrix4d m = t.matrix(new Matrix4d());
            ConvexHull hull = h.hull();
            double[] xyz = new double[3 * hull.vertexCount()];
            Vector3d p = new Vector3d();
            for (int v = 0; v < hull.vertexCount(); v++) {
                m.transformPosition(p.set(hull.vertex(v, 0), hull.vertex(v, 1), hull.vertex(v, 2)));
                xyz[3 * v] = p.x;
                xyz[3 * v + 1] = p.y;
                xyz[3 * v + 2] = p.z;
            }
            return QuickHull.compute(xyz);
        }
        double[] xyz = new double[3 * SUPPORT_DIRECTIONS];
        Vector3d p = new Vector3d();
        double golden = Math.PI * (3 - Math.sqrt(5)); // Fibonacci sphere: near-uniform directions
        for (int k = 0; k < SUPPORT_DIRECTIONS; k++) {
            double z = 1 - (2 * k + 1.0) / SUPPORT_DIRECTIONS;
            double r = Math.sqrt(1 - z * z);
            shape.support(r * Math.cos(golden * k), r * Math.sin(golden * k), z, p);
            xyz[3 * k] = p.x;
            xyz[3 * k + 1] = p.y;
            xyz[3 * k + 2] = p.z;
        }
        return QuickHull.compute(xyz);
    }

    private static void hullJson(StringBuilder j, ConvexHull h) {
        j.append("{\"v\":[");
        for (int v = 0; v < h.vertexCount(); v++) {
            for (int a = 0; a < 3; a++) {
                j.append(v + a == 0 ? "" : ",");
                num(j, h.vertex(v, a), false);
            }
        }
        j.append("],\"f\":[");
        for (int t = 0; t < h.triangleCount(); t++) {
            j.append(t == 0 ? "" : ",")
                    .append(h.triangle(t, 0))
                    .append(",")
                    .append(h.triangle(t, 1))
                    .append(",")
                    .append(h.triangle(t, 2));
        }
        j.append("]}");
    }

    private static void obstacleJson(StringBuilder j, Obstacle o) {
        j.append("{\"name\":").append(str(o.name()));
        ObstacleShape shape = o.shape();
        if (shape instanceof ObstacleShape.Box b) {
            j.append(",\"type\":\"box\",\"size\":[")
                    .append(b.sizeX())
                    .append(",")
                    .append(b.sizeY())
                    .append(",")
                    .append(b.sizeZ())
                    .append("]");
        } else if (shape instanceof ObstacleShape.Sphere s) {
            j.append(",\"type\":\"sphere\",\"radius\":").append(s.radius());
        } else if (shape instanceof ObstacleShape.Cylinder c) {
            j.append(",\"type\":\"cylinder\",\"radius\":")
                    .append(c.radius())
                    .append(",\"length\":")
                    .append(c.length());
        } else if (shape instanceof ObstacleShape.Capsule c) {
            j.append(",\"type\":\"capsule\",\"radius\":")
                    .append(c.radius())
                    .append(",\"length\":")
                    .append(c.length());
        } else if (shape instanceof ObstacleShape.ConvexHull h) {
            j.append(",\"type\":\"mesh\",\"mesh\":");
            hullJson(j, QuickHull.compute(h.copyPoints()));
        } else if (shape instanceof ObstacleShape.Mesh m) {
            TriangleMesh t = m.mesh();
            j.append(",\"type\":\"mesh\",\"mesh\":{\"v\":[");
            for (int v = 0; v < t.vertexCount(); v++) {
                for (int a = 0; a < 3; a++) {
                    j.append(v + a == 0 ? "" : ",");
                    num(j, t.vertex(v, a), false);
                }
            }
            j.append("],\"f\":[");
            for (int k = 0; k < t.triangleCount(); k++) {
                j.append(k == 0 ? "" : ",")
                        .append(t.index(k, 0))
                        .append(",")
                        .append(t.index(k, 1))
                        .append(",")
                        .append(t.index(k, 2));
            }
            j.append("]}");
        } else {
            throw new IllegalStateException("no drawing for obstacle shape " + shape); // sealed: a new kind needs one
        }
        Pose p = o.pose();
        j.append(",\"p\":[")
                .append(p.x())
                .append(",")
                .append(p.y())
                .append(",")
                .append(p.z())
                .append("],\"q\":[")
                .append(p.qx())
                .append(",")
                .append(p.qy())
                .append(",")
                .append(p.qz())
                .append(",")
                .append(p.qw())
                .append("]}");
    }

    /** A number rounded to {@link #DIGITS} decimals without trailing zeros, or exactly (shortest round-trip form). */
    static void num(StringBuilder j, double x, boolean exact) {
        if (!Double.isFinite(x)) {
            j.append("null");
            return;
        }
        if (exact) {
            j.append(x);
            return;
        }
        long r = Math.round(x * 1e6);
        if (r == 0) {
            j.append('0');
            return;
        }
        if (r < 0) {
            j.append('-');
            r = -r;
        }
        long whole = r / 1_000_000, frac = r % 1_000_000;
        j.append(whole);
        if (frac != 0) {
            String f = Long.toString(frac + 1_000_000).substring(1);
            int end = f.length();
            while (f.charAt(end - 1) == '0') {
                end--;
            }
            j.append('.').append(f, 0, end);
        }
    }

    /** A JSON string literal, also safe inside an HTML script element ({@code <} escaped). */
    static String str(String s) {
        StringBuilder b = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '<' -> b.append("\\u003c");
                case '>' -> b.append("\\u003e");
                case '&' -> b.append("\\u0026");
                default -> {
                    if (c < 0x20 || c == 0x2028 || c == 0x2029) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }
}
