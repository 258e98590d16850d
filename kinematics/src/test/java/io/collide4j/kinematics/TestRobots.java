package io.collide4j.kinematics;

import io.collide4j.urdf.JointDescription;
import io.collide4j.urdf.JointLimits;
import io.collide4j.urdf.JointType;
import io.collide4j.urdf.LinkDescription;
import io.collide4j.urdf.Mimic;
import io.collide4j.urdf.Pose;
import io.collide4j.urdf.RobotDescription;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

import javax.xml.parsers.DocumentBuilderFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Test fixtures. Until the urdf module's parser lands, robots are read with this throwaway JDK-DOM
 * reader that keeps only the kinematic elements (no geometry): it is test scaffolding, not a parser.
 */
final class TestRobots {
    private TestRobots() {
    }

    static Path data() {
        return Path.of(System.getProperty("collide4j.testdata"));
    }

    static RobotDescription panda() {
        return read(data().resolve("vamp/resources/panda/panda.urdf"));
    }

    static RobotDescription ur5e() {
        return read(data().resolve("universal-robot/ur_description/urdf/ur5e.urdf"));
    }

    static RobotDescription read(Path file) {
        try {
            Element robot = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile())
                    .getDocumentElement();
            List<LinkDescription> links = new ArrayList<>();
            List<JointDescription> joints = new ArrayList<>();
            Set<String> children = new HashSet<>();
            for (Node n = robot.getFirstChild(); n != null; n = n.getNextSibling()) {
                if (!(n instanceof Element e)) {
                    continue;
                }
                if (e.getTagName().equals("link")) {
                    links.add(new LinkDescription(e.getAttribute("name"), List.of(), List.of()));
                } else if (e.getTagName().equals("joint")) {
                    JointType type = JointType.valueOf(e.getAttribute("type").toUpperCase());
                    Element origin = child(e, "origin");
                    double[] xyz = origin == null ? new double[3] : nums(origin.getAttribute("xyz"), 3);
                    double[] rpy = origin == null ? new double[3] : nums(origin.getAttribute("rpy"), 3);
                    Element ax = child(e, "axis");
                    double[] axis = ax == null ? new double[] {1, 0, 0} : nums(ax.getAttribute("xyz"), 3);
                    Element lim = child(e, "limit");
                    JointLimits limits = lim == null || type == JointType.CONTINUOUS ? null
                            : new JointLimits(num(lim, "lower"), num(lim, "upper"), num(lim, "velocity"), num(lim, "effort"));
                    Element mim = child(e, "mimic");
                    Mimic mimic = mim == null ? null : new Mimic(mim.getAttribute("joint"),
                            mim.hasAttribute("multiplier") ? num(mim, "multiplier") : 1,
                            mim.hasAttribute("offset") ? num(mim, "offset") : 0);
                    String child = child(e, "child").getAttribute("link");
                    children.add(child);
                    joints.add(new JointDescription(e.getAttribute("name"), type, child(e, "parent").getAttribute("link"),
                            child, Pose.fromXyzRpy(xyz[0], xyz[1], xyz[2], rpy[0], rpy[1], rpy[2]),
                            axis[0], axis[1], axis[2], limits, mimic));
                }
            }
            String root = links.stream().map(LinkDescription::name).filter(l -> !children.contains(l)).findFirst()
                    .orElseThrow();
            return new RobotDescription(robot.getAttribute("name"), file.toUri(), root, links, joints);
        } catch (Exception e) {
            throw new IllegalStateException("cannot read " + file, e);
        }
    }

    private static Element child(Element e, String tag) {
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element c && c.getTagName().equals(tag)) {
                return c;
            }
        }
        return null;
    }

    private static double num(Element e, String attr) {
        String v = e.getAttribute(attr);
        return v.isEmpty() ? 0 : Double.parseDouble(v);
    }

    private static double[] nums(String s, int n) {
        double[] out = new double[n];
        if (s == null || s.isBlank()) {
            return out;
        }
        String[] parts = s.trim().split("\\s+");
        for (int i = 0; i < n; i++) {
            out[i] = Double.parseDouble(parts[i]);
        }
        return out;
    }

    /** A random configuration within limits (unbounded joints in [-π, π]). */
    static double[] randomConfiguration(KinematicModel m, java.util.Random rnd) {
        double[] q = new double[m.variableCount()];
        for (int i = 0; i < q.length; i++) {
            double lo = Math.max(m.lowerLimit(i), -Math.PI);
            double hi = Math.min(m.upperLimit(i), Math.PI);
            q[i] = lo + rnd.nextDouble() * (hi - lo);
        }
        return q;
    }
}
