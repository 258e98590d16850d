package io.collide4j.planner.cli;

import io.collide4j.models.Models;
import io.collide4j.planner.Collide4j;

import java.nio.file.Path;
import java.util.Locale;

/**
 * The robot and scene options every checking command shares: {@code --robot NAME} (bundled, default
 * panda) or {@code --urdf FILE [--srdf FILE]}; {@code --scene NAME|FILE} (bundled name, .json or MoveIt
 * .yaml); {@code --margin D}; {@code --group NAME}; {@code --padding LINK=P,...}; {@code --scale LINK=S,...};
 * {@code --exact-meshes} (mesh obstacles checked exactly, not through hulls; a flag of check, certify and plan).
 */
final class RobotOptions {
    private RobotOptions() {
    }

    /** The robot part only (no scene), for commands that add their own scenes. */
    static Collide4j.Builder robot(Args args) {
        Collide4j.Builder b = Collide4j.builder();
        Path urdf = args.inputFile("urdf");
        Path srdf = args.inputFile("srdf");
        String robot = args.string("robot", null);
        if (urdf != null) {
            if (robot != null) {
                throw new CliException(ExitCode.USAGE, "give --robot or --urdf, not both");
            }
            b.urdf(urdf);
        } else {
            String name = robot == null ? "panda" : robot;
            if (!Models.names().contains(name)) {
                throw new CliException(ExitCode.USAGE, "--robot: no bundled robot '" + name
                        + "'; bundled: " + Models.names() + " (or give --urdf FILE)");
            }
            b.robot(name);
        }
        if (srdf != null) {
            b.srdf(srdf);
        }
        String group = args.string("group", null);
        if (group != null) {
            b.group(group);
        }
        double margin = args.number("margin", 0);
        if (margin < 0) {
            throw new CliException(ExitCode.USAGE, "--margin must be >= 0, got " + margin);
        }
        b.margin(margin);
        pairs(args, "padding").forEach(b::padding);
        pairs(args, "scale").forEach(b::scale);
        b.exactMeshes(args.flag("exact-meshes"));
        return b;
    }

    /** Robot plus {@code --scene} (default {@code defaultScene}; "none" for an empty scene). */
    static Collide4j.Builder robotAndScene(Args args, String defaultScene) {
        Collide4j.Builder b = robot(args);
        String scene = args.string("scene", defaultScene);
        if (scene != null && !scene.equals("none")) {
            if (Models.sceneNames().contains(scene)) {
                b.sceneName(scene);
            } else {
                Path p = Path.of(scene);
                if (!java.nio.file.Files.isReadable(p)) {
                    throw new CliException(ExitCode.NO_INPUT, "--scene '" + scene
                            + "' is neither a bundled scene " + Models.sceneNames() + " nor a readable file");
                }
                b.scene(p);
            }
        }
        return b;
    }

    /** {@code --name LINK=V,LINK=V} into a map. */
    static java.util.Map<String, Double> pairs(Args args, String name) {
        String v = args.string(name, null);
        java.util.Map<String, Double> out = new java.util.LinkedHashMap<>();
        if (v == null) {
            return out;
        }
        for (String item : v.split(",")) {
            int eq = item.indexOf('=');
            if (eq <= 0) {
                throw new CliException(ExitCode.USAGE, "--" + name + " expects LINK=VALUE[,LINK=VALUE...], got '"
                        + item + "'");
            }
            out.put(item.substring(0, eq).trim(), number(args, name, item.substring(eq + 1)));
        }
        return out;
    }

    /** A comma-separated configuration. */
    static double[] vector(Args args, String name, String text, int expected) {
        String[] parts = text.split(",");
        if (parts.length != expected) {
            throw new CliException(ExitCode.USAGE, String.format(Locale.ROOT,
                    "--%s has %d values, the planning group has %d joints", name, parts.length, expected));
        }
        double[] q = new double[parts.length];
        for (int i = 0; i < q.length; i++) {
            q[i] = number(args, name, parts[i]);
        }
        return q;
    }

    private static double number(Args args, String name, String text) {
        try {
            double d = Double.parseDouble(text.trim());
            if (Double.isFinite(d)) {
                return d;
            }
        } catch (NumberFormatException ignored) {
            // reported below with the option's name
        }
        throw new CliException(ExitCode.USAGE, "--" + name + ": '" + text + "' is not a finite number");
    }
}
