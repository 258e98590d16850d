package io.collide4j.urdf.xacro;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Hand-written xacro files in a temporary folder, expanded with fixed arguments, packages and environment. */
final class XacroFixture {
    static final String HEAD =
            "<?xml version=\"1.0\"?>\n<robot name=\"r\" xmlns:xacro=\"http://www.ros.org/wiki/xacro\">\n";
    static final String TAIL = "</robot>\n";

    final Path dir;
    final List<String> warnings = new ArrayList<>();

    XacroFixture(Path dir) {
        this.dir = dir;
    }

    /** Writes {@code text} to {@code dir/name} (folders created). */
    Path file(String name, String text) {
        try {
            Path p = dir.resolve(name);
            Files.createDirectories(p.getParent());
            Files.writeString(p, text);
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Xacro xacro(Map<String, String> args) {
        return Xacro.create()
                .withWorkingDirectory(dir)
                .withArgs(args)
                .withEnvironment(Map.of("HOME_X", "/home/x"))
                .withPackages(PackageFinder.of(Map.of("pkg", dir.resolve("pkg"))))
                .withWarnings(warnings::add);
    }

    /** The expansion of a robot whose body is {@code body}, without the XML declaration and the 4-line banner. */
    String robot(String body, Map<String, String> args) {
        file("robot.urdf.xacro", HEAD + body + TAIL);
        String out = xacro(args).expand(Path.of("robot.urdf.xacro"));
        String[] lines = out.split("\n", 6);
        return lines.length > 5 ? lines[5] : "";
    }

    String robot(String body) {
        return robot(body, Map.of());
    }

    /** The value of {@code v} after expanding {@code <a v="TEXT"/>}. */
    String value(String text, Map<String, String> args) {
        String out = robot(
                "<a v=\"" + text.replace("&", "&amp;").replace("<", "&lt;").replace("\"", "&quot;") + "\"/>\n", args);
        String line = out.split("\n")[1].strip();
        String v = line.substring(line.indexOf("v=\"") + 3, line.lastIndexOf('"'));
        return v.replace("&quot;", "\"")
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&amp;", "&");
    }

    String value(String text) {
        return value(text, Map.of());
    }
}
