package io.collide4j.verifier;

import io.collide4j.urdf.GeometryElement;
import io.collide4j.urdf.JointDescription;
import io.collide4j.urdf.LinkDescription;
import io.collide4j.urdf.Pose;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.XmlTree;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The numbers of a URDF as its text states them, enclosed exactly ({@link Interval#decimal}): joint and collision
 * origins (xyz, rpy), joint axes and mimic factors. The description records keep rotations only as matrices that
 * other code computed, so the verifier reads the URDF text again (from {@link RobotDescription#source()}) and
 * builds its own enclosures from the decimal strings ({@link RobotDescription#urdfText()} instead when the
 * description was expanded from xacro in memory). The text must be the one the description was parsed from:
 * joints, links, collision counts and every xyz must agree with the records, else the constructor refuses.
 */
final class UrdfNumbers {
    private final Map<String, Frame> jointOrigins = new HashMap<>();
    private final Map<String, Interval[]> jointAxes = new HashMap<>();
    private final Map<String, Interval[]> mimics = new HashMap<>(); // joint -> {multiplier, offset}
    private final Map<String, List<Frame>> collisionOrigins = new HashMap<>();

    UrdfNumbers(RobotDescription robot) {
        String src = String.valueOf(robot.source());
        XmlTree.Element root;
        try (InputStream in = robot.urdfText() != null
                ? new java.io.ByteArrayInputStream(robot.urdfText().getBytes(java.nio.charset.StandardCharsets.UTF_8))
                : robot.source().toURL().openStream()) {
            root = XmlTree.parse(in, src);
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException(
                    "cannot re-read the URDF text " + src + " for its exact numbers: " + e.getMessage(), e);
        }
        for (XmlTree.Element j : root.children("joint")) {
            String name = j.attribute("name");
            JointDescription d = robot.joint(name).orElseThrow(() -> differs(src, "joint '" + name + "'"));
            jointOrigins.put(name, origin(j.child("origin"), d.origin(), src, "joint '" + name + "'"));
            XmlTree.Element axis = j.child("axis");
            if (d.type().isMovable()) {
                Interval[] k = unit(axis == null ? new String[] {"1", "0", "0"} : triple(axis, "xyz", "1 0 0"));
                double[] rec = {d.axisX(), d.axisY(), d.axisZ()};
                for (int i = 0; i < 3; i++) {
                    agree(k[i].mid(), rec[i], src, "joint '" + name + "' axis");
                }
                jointAxes.put(name, k);
            }
            XmlTree.Element m = j.child("mimic");
            if (m != null && d.mimic() != null) {
                Interval[] f = {number(m, "multiplier", "1"), number(m, "offset", "0")};
                agree(f[0].mid(), d.mimic().multiplier(), src, "joint '" + name + "' mimic");
                agree(f[1].mid(), d.mimic().offset(), src, "joint '" + name + "' mimic");
                mimics.put(name, f);
            }
        }
        for (XmlTree.Element l : root.children("link")) {
            String name = l.attribute("name");
            LinkDescription d = robot.link(name).orElseThrow(() -> differs(src, "link '" + name + "'"));
            List<XmlTree.Element> cs = l.children("collision");
            if (cs.size() != d.collisions().size()) {
                throw differs(src, "link '" + name + "' collision count");
            }
            List<Frame> frames = new ArrayList<>();
            for (int e = 0; e < cs.size(); e++) {
                GeometryElement ge = d.collisions().get(e);
                frames.add(origin(cs.get(e).child("origin"), ge.origin(), src, "link '" + name + "' collision " + e));
            }
            collisionOrigins.put(name, frames);
        }
        if (jointOrigins.size() != robot.joints().size()
                || collisionOrigins.size() != robot.links().size()) {
            throw differs(src, "number of joints or links");
        }
    }

    private static IllegalArgumentException differs(String src, String what) {
        return new IllegalArgumentException(
                "the URDF text " + src + " differs from the loaded description (" + what + ")");
    }

    private static Frame origin(XmlTree.Element o, Pose recorded, String src, String where) {
        String[] xyz = o == null ? new String[] {"0", "0", "0"} : triple(o, "xyz", "0 0 0");
        String[] rpy = o == null ? new String[] {"0", "0", "0"} : triple(o, "rpy", "0 0 0");
        Interval[] t = new Interval[3];
        Interval[] a = new Interval[3];
        double[] rec = {recorded.x(), recorded.y(), recorded.z()};
        for (int i = 0; i < 3; i++) {
            t[i] = Interval.decimal(xyz[i]);
            a[i] = Interval.decimal(rpy[i]);
            if (Double.compare(Double.parseDouble(xyz[i].trim()), rec[i]) != 0) {
                throw differs(src, where + " origin xyz");
            }
        }
        Frame f = Frame.origin(t, a);
        // binding only (not part of any proof): the recorded rotation was built from the same text
        for (int i = 0; i < 9; i++) {
            agree(f.r(i / 3, i % 3).mid(), recorded.rotation(i / 3, i % 3), src, where + " origin rpy");
        }
        return f;
    }

    /** Binding only: a number from the text agrees with the record's (both computed from the same decimals). */
    private static void agree(double mine, double recorded, String src, String what) {
        if (!(Math.abs(mine - recorded) <= 1e-12 * Math.max(1, Math.abs(recorded)))) {
            throw differs(src, what);
        }
    }

    private static String[] triple(XmlTree.Element e, String attribute, String fallback) {
        String v = e.attribute(attribute);
        String[] tok = (v == null ? fallback : v).trim().split("\\s+");
        if (tok.length != 3) {
            throw new IllegalArgumentException("URDF attribute " + attribute + "=\"" + v + "\": expected 3 numbers");
        }
        return tok;
    }

    private static Interval number(XmlTree.Element e, String attribute, String fallback) {
        String v = e.attribute(attribute);
        return Interval.decimal(v == null ? fallback : v);
    }

    /** The unit vector along the text's axis: itself when it is ±1 along one axis, else normalised in intervals. */
    private static Interval[] unit(String[] tok) {
        Interval[] a = {Interval.decimal(tok[0]), Interval.decimal(tok[1]), Interval.decimal(tok[2])};
        int unitComponents = 0, zeros = 0;
        for (Interval c : a) {
            unitComponents += c.lo() == c.hi() && Math.abs(c.lo()) == 1 ? 1 : 0;
            zeros += c.lo() == 0 && c.hi() == 0 ? 1 : 0;
        }
        if (unitComponents == 1 && zeros == 2) {
            return a;
        }
        Interval norm = a[0].sqr().add(a[1].sqr()).add(a[2].sqr()).sqrt();
        return new Interval[] {a[0].div(norm), a[1].div(norm), a[2].div(norm)};
    }

    Frame jointOrigin(String joint) {
        return jointOrigins.get(joint);
    }

    Interval[] jointAxis(String joint) {
        return jointAxes.get(joint);
    }

    /** {multiplier, offset} of a mimic joint. */
    Interval[] mimic(String joint) {
        return mimics.get(joint);
    }

    Frame collisionOrigin(String link, int element) {
        return collisionOrigins.get(link).get(element);
    }
}
