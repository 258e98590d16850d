package io.collide4j.planner.cli;

import io.collide4j.checker.certificate.Verdict;
import io.collide4j.checker.certificate.Violation;
import io.collide4j.checker.query.Contact;
import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.Obstacle;
import io.collide4j.checker.scene.Scene;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.kinematics.LinkPoses;
import io.collide4j.planner.TrajectoryCertifier.ProfileSample;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.joml.Matrix4dc;
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
                ViewerGeometry.hullJson(j, ViewerGeometry.pieceHull(model.pieceShape(p)));
            }
            j.append("]}");
        }
        j.append("],\"linkMeshes\":[");
        first = true;
        for (Map.Entry<Integer, Integer> e : linkSlot.entrySet()) {
            double[] xyz = ViewerGeometry.linkMeshTriangles(kin, e.getKey());
            if (xyz.length > 0) {
                j.append(first ? "" : ",")
                        .append("{\"link\":")
                        .append(e.getValue())
                        .append(",\"mesh\":");
                first = false;
                ViewerGeometry.decimatedJson(j, xyz, ViewerGeometry.MESH_TRIANGLES);
                j.append("}");
            }
        }
        j.append("],\"obstacles\":[");
        first = true;
        for (Obstacle o : scene.obstacles()) {
            j.append(first ? "" : ",");
            first = false;
            ViewerGeometry.obstacleJson(j, o);
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
