package io.collide4j.planner.cli;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MainTest {
    /** Runs the CLI in-process; returns {exit code, stdout, stderr}. */
    static Object[] cli(String... argv) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(argv, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Object[]{code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8)};
    }

    @Test
    void infoListsThePandasSevenArmJoints() {
        Object[] r = cli("info", "panda");
        assertEquals(ExitCode.FREE, r[0], (String) r[2]);
        String out = (String) r[1];
        // The Franka Panda arm has seven revolute joints (manufacturer's datasheet).
        assertEquals(7, out.lines().filter(l -> l.matches("\\s+panda_joint[1-7]\\s+revolute.*")).count(), out);
    }

    @Test
    void usageAndInputErrorsHaveTheirExitCodesAndOneLine() {
        Object[] unknownCommand = cli("fly");
        assertEquals(ExitCode.USAGE, unknownCommand[0]);
        Object[] unknownOption = cli("info", "--colour", "red");
        assertEquals(ExitCode.USAGE, unknownOption[0]);
        assertTrue(((String) unknownOption[2]).contains("--colour"), (String) unknownOption[2]);
        Object[] missingFile = cli("info", "--urdf", "/no/such/robot.urdf");
        assertEquals(ExitCode.NO_INPUT, missingFile[0]);
        assertTrue(((String) missingFile[2]).contains("/no/such/robot.urdf"));
        assertEquals(1, ((String) missingFile[2]).lines().count());
    }
}
