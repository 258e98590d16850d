package io.collide4j.checker.query;

import io.collide4j.checker.scene.MbmData;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.UrdfParser;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Robots for the FK accuracy and grazing-contact tests: every URDF in the repository's test data and bundled
 * models, and synthetic 7-DoF arms whose joint origins have rpy written as rounded π (3.1416, 3.1415926,
 * 3.14159265) and π/2 ± tiny on several joints, with a general-axis joint, a fixed tool, a continuous joint and a
 * prismatic finger pair (one mimicking the other). Each robot comes with its text (for {@link ExactKinematics})
 * and the library's parse of the same text.
 */
final class FkRobots {
    private FkRobots() {}

    /** A robot: label, URDF text, the library's description of it. */
    record Robot(String label, String text, RobotDescription description) {
        KinematicModel kinematics() {
            return KinematicModel.of(description);
        }
    }

    /** The rounded-π roll values of the synthetic arms. */
    static final List<String> ROUNDED_PI = List.of("3.1416", "3.1415926", "3.14159265");

    static List<Robot> synthetic() {
        List<Robot> out = new ArrayList<>();
        for (String r : ROUNDED_PI) {
            out.add(synthetic(r));
        }
        return out;
    }

    static Robot synthetic(String pi) {
        String text = syntheticText(pi);
        RobotDescription d = UrdfParser.create()
                .withVisualMeshes(false)
                .parse(
                        new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)),
                        URI.create("memory:/synthetic7.urdf"));
        return new Robot("synthetic7 rpy=" + pi, text, d);
    }

    private static String link(String name, String size, String origin) {
        return "  <link name=\"" + name + "\"><collision><origin xyz=\"" + origin + "\"/><geometry><box size=\"" + size
                + "\"/></geometry></collision></link>\n";
    }

    private static String joint(
            String name,
            String type,
            String parent,
            String child,
            String xyz,
            String rpy,
            String axis,
            String limits,
            String extra) {
        return "  <joint name=\"" + name + "\" type=\"" + type + "\"><parent link=\"" + parent + "\"/><child link=\""
                + child + "\"/><origin xyz=\"" + xyz + "\" rpy=\"" + rpy + "\"/>"
                + (axis == null ? "" : "<axis xyz=\"" + axis + "\"/>")
                + (limits == null ? "" : "<limit " + limits + " effort=\"10\" velocity=\"1\"/>") + extra + "</joint>\n";
    }

    static String syntheticText(String pi) {
        String lim = "lower=\"-2.8973\" upper=\"2.8973\"";
        StringBuilder b = new StringBuilder("<?xml version=\"1.0\"?>\n<robot name=\"synthetic7\">\n");
        b.append(link("base", "0.2 0.2 0.1", "0 0 0.05"));
        for (int i = 1; i <= 7; i++) {
            b.append(link("l" + i, "0.09 0.08 0.14", "0.01 0.02 0.07"));
        }
        b.append(link("tool", "0.05 0.2 0.06", "0 0 0.03"));
        b.append(link("finger_a", "0.02 0.02 0.05", "0 0.01 0.025"));
        b.append(link("finger_b", "0.02 0.02 0.05", "0 -0.01 0.025"));
        b.append(joint("j1", "continuous", "base", "l1", "0 0 0.333", "0 0 0", "0 0 1", null, ""));
        b.append(joint("j2", "revolute", "l1", "l2", "0 0 0", "-1.5707963267948966 0 0", "0 0 1", lim, ""));
        b.append(joint("j3", "revolute", "l2", "l3", "0 -0.316 0", "1.5707963267949 0 0", "0 0 1", lim, ""));
        b.append(joint("j4", "revolute", "l3", "l4", "0.0825 0 0", pi + " 0 0", "0 0 -1", lim, ""));
        b.append(joint("j5", "revolute", "l4", "l5", "-0.0825 0.384 0", "1.57079632679489 0 " + pi, "0 0 1", lim, ""));
        b.append(joint("j6", "revolute", "l5", "l6", "0 0 0", "0 " + pi + " -1.5707963", "0.6 0 0.8", lim, ""));
        b.append(
                joint("j7", "revolute", "l6", "l7", "0.088 0 0", "-" + pi + " 1.5707963267948966 0", "0 1 0", lim, ""));
        b.append(joint("tool_joint", "fixed", "l7", "tool", "0 0 0.107", "0 0 -0.7853981633974483", null, null, ""));
        b.append(joint(
                "finger_a_joint",
                "prismatic",
                "tool",
                "finger_a",
                "0 0 0.0584",
                "0 0 " + pi,
                "0 1 0",
                "lower=\"0\" upper=\"0.04\"",
                ""));
        b.append(joint(
                "finger_b_joint",
                "prismatic",
                "tool",
                "finger_b",
                "0 0 0.0584",
                "1.5707963267948966 0 0",
                "0 -1 0",
                "lower=\"0\" upper=\"0.04\"",
                "<mimic joint=\"finger_a_joint\" multiplier=\"1.0\" offset=\"0.0\"/>"));
        return b.append("</robot>\n").toString();
    }

    /** Every URDF of the test data and the bundled models (meshes resolved where they live). */
    static List<Robot> repository() {
        Path data = MbmData.testData();
        Path models = data.resolve("../../models/src/main/resources/io/collide4j/models")
                .normalize();
        List<Robot> out = new ArrayList<>();
        add(out, "vamp panda", data.resolve("vamp/resources/panda/panda.urdf"), data.resolve("vamp/resources/panda"));
        add(
                out,
                "vamp panda_spherized",
                data.resolve("vamp/resources/panda/panda_spherized.urdf"),
                data.resolve("vamp/resources/panda"));
        add(
                out,
                "curobo franka_panda",
                data.resolve("curobo/curobo/content/assets/robot/franka_description/franka_panda.urdf"),
                data);
        add(
                out,
                "universal-robot ur5e",
                data.resolve("universal-robot/ur_description/urdf/ur5e.urdf"),
                data.resolve("universal-robot"));
        Path erd = data.resolve("example-robot-data/robots");
        add(out, "example-robot-data panda", erd.resolve("panda_description/urdf/panda.urdf"), data);
        add(
                out,
                "example-robot-data panda_collision",
                erd.resolve("panda_description/urdf/panda_collision.urdf"),
                data);
        add(
                out,
                "example-robot-data ur5_joint_limited",
                erd.resolve("ur_description/urdf/ur5_joint_limited_robot.urdf"),
                data);
        add(out, "example-robot-data ur5", erd.resolve("ur_description/urdf/ur5_robot.urdf"), data);
        add(out, "models panda", models.resolve("panda/panda.urdf"), models);
        add(out, "models ur5e", models.resolve("ur5e/ur5e.urdf"), models);
        return out;
    }

    private static void add(List<Robot> out, String label, Path urdf, Path packageRoot) {
        try {
            String text = Files.readString(urdf);
            RobotDescription d = UrdfParser.create()
                    .withVisualMeshes(false)
                    .withPackageRoots(List.of(packageRoot, urdf.getParent()))
                    .parse(urdf);
            out.add(new Robot(label, text, d));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A random configuration within limits (unbounded joints in [−4π, 4π]); a third of the entries are put at
     * k·π/2 plus a tiny offset (0, ±1e-12, ±1e-9), where a cosine derived from the sine loses half its digits.
     */
    static double[] randomConfiguration(KinematicModel m, Random rnd) {
        double[] q = new double[m.variableCount()];
        double[] tiny = {0, 1e-12, -1e-12, 1e-9, -1e-9};
        for (int i = 0; i < q.length; i++) {
            double lo = Math.max(m.lowerLimit(i), -4 * Math.PI);
            double hi = Math.min(m.upperLimit(i), 4 * Math.PI);
            double v = lo + rnd.nextDouble() * (hi - lo);
            if (rnd.nextInt(3) == 0) {
                double special = (rnd.nextInt(9) - 4) * (Math.PI / 2) + tiny[rnd.nextInt(tiny.length)];
                if (special >= lo && special <= hi) {
                    v = special;
                }
            }
            q[i] = v;
        }
        return q;
    }
}
