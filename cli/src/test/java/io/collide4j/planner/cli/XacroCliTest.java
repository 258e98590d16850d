package io.collide4j.planner.cli;

import static io.collide4j.planner.cli.MainTest.cli;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.planner.options.ExitCode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code collide4j xacro} prints what the real xacro wrote for the same input (tests/data/xacro, case ur5e), and a
 * {@code .xacro} robot with {@code --xacro-arg} works on the robot commands; bad arguments exit 64, bad xacro 65.
 */
class XacroCliTest {
    static final Path DATA = Path.of("../tests/data/xacro");
    static final String UR = DATA.resolve("descriptions/Universal_Robots_ROS2_Description/urdf/ur.urdf.xacro")
            .toString();
    static final String PACKAGES = DATA.resolve("descriptions").toString();

    @TempDir
    Path dir;

    /** The document after the XML declaration and xacro's 4-line banner (which names the input path as given). */
    private static List<String> body(String xml) {
        List<String> lines = xml.lines().toList();
        return lines.subList(5, lines.size());
    }

    @Test
    void xacroCommandWritesWhatXacroWrote() throws Exception {
        String expected = Files.readString(DATA.resolve("expected/ur5e.urdf"));
        Object[] r = cli("xacro", UR, "ur_type:=ur5e", "name:=ur", "--package-path", PACKAGES);
        assertEquals(ExitCode.FREE.status(), r[0], (String) r[2]);
        assertEquals(body(expected), body((String) r[1]));
        Path out = dir.resolve("ur5e.urdf");
        r = cli(
                "xacro",
                UR,
                "--xacro-arg",
                "ur_type:=ur5e",
                "name:=ur",
                "--package-path",
                PACKAGES,
                "--out",
                out.toString());
        assertEquals(ExitCode.FREE.status(), r[0], (String) r[2]);
        assertEquals(body(expected), body(Files.readString(out)));
        // without --package-path, $(find ur_description) is the package whose package.xml is above the file
        r = cli("xacro", UR, "ur_type:=ur5e", "name:=ur");
        assertEquals(ExitCode.FREE.status(), r[0], (String) r[2]);
        assertEquals(body(expected), body((String) r[1]));
    }

    @Test
    void robotCommandsTakeXacroWithArguments() {
        Object[] info = cli(
                "info",
                "--urdf",
                UR,
                "--xacro-arg",
                "ur_type:=ur10e",
                "--xacro-arg",
                "name:=ur",
                "--package-path",
                PACKAGES);
        assertEquals(ExitCode.FREE.status(), info[0], (String) info[2]);
        assertTrue(((String) info[1]).startsWith("robot ur ("), (String) info[1]);
        Object[] check = cli(
                "check",
                "--urdf",
                UR,
                "--xacro-arg",
                "ur_type:=ur5e",
                "--xacro-arg",
                "name:=ur",
                "--package-path",
                PACKAGES,
                "--q",
                "0,-1.57,0,-1.57,0,0",
                "--scene",
                "none");
        assertEquals(ExitCode.FREE.status(), check[0], check[1] + " " + check[2]);
    }

    @Test
    void badArgumentsAndBadXacroAreRefused() throws Exception {
        assertEquals(ExitCode.USAGE.status(), cli("xacro", UR, "ur_type=ur5e")[0]);
        assertEquals(ExitCode.USAGE.status(), cli("xacro", UR, "a:=1", "a:=2")[0]);
        assertEquals(
                ExitCode.USAGE.status(),
                cli("check", "--robot", "panda", "--xacro-arg", "a:=1", "--q", "0,0,0,0,0,0,0")[0]);
        assertEquals(ExitCode.USAGE.status(), cli("info", "panda", "--xacro-arg", "a:=1")[0]);
        assertEquals(
                ExitCode.NO_INPUT.status(),
                cli("xacro", dir.resolve("none.xacro").toString())[0]);
        Path bad = Files.writeString(
                dir.resolve("bad.urdf.xacro"),
                "<robot name=\"b\" xmlns:xacro=\"http://www.ros.org/wiki/xacro\">\n  <link name=\"$(arg missing)\"/>\n</robot>\n");
        for (Object[] r : List.of(cli("xacro", bad.toString()), cli("info", "--urdf", bad.toString()))) {
            assertEquals(ExitCode.DATA_ERROR.status(), r[0], (String) r[2]);
            assertTrue(((String) r[2]).contains("bad.urdf.xacro:2: Undefined substitution argument missing"), (String)
                    r[2]);
        }
    }
}
