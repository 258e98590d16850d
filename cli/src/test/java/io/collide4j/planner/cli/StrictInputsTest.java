package io.collide4j.planner.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.planner.Collide4j;
import io.collide4j.planner.options.CliCommand;
import io.collide4j.planner.options.CliException;
import io.collide4j.planner.options.ExitCode;
import io.collide4j.planner.plan.MbmProblems;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.function.Function;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorOutputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Strict inputs beyond the corpus: what the rejected cases would have meant, hashes, archives, paths, exit 70. */
class StrictInputsTest {
    static final String JOINTS = SplineCertifyTest.POSITIONS;

    /**
     * The corpus's swapped-and-misspelled file is refused; the same numbers with correct labels hit the table
     * (exit 1), so a positional reading, which certified the file free, was a wrong "free" answer.
     */
    @Test
    void theRefusedSwappedColumnsMeanACollisionAsLabelled(@TempDir Path dir) throws Exception {
        Path swapped = BadInputsTest.folder().resolve("trajectory-swapped-and-misspelled-columns.csv");
        List<String> rows = Files.readAllLines(swapped);
        StringBuilder labelled = new StringBuilder(JOINTS).append('\n');
        for (String row : rows.subList(1, rows.size())) {
            String[] c = row.split(","); // time, j2, j1, j3..j7 as labelled
            String t = c[1];
            c[1] = c[2];
            c[2] = t;
            labelled.append(String.join(",", c)).append('\n');
        }
        Path file = Files.writeString(dir.resolve("labelled.csv"), labelled.toString());
        Object[] r = MainTest.cli(
                "certify",
                "--trajectory",
                file.toString(),
                "--certificate",
                dir.resolve("c.json").toString(),
                "--report",
                dir.resolve("r.html").toString());
        assertEquals(ExitCode.VIOLATION.status(), r[0], r[1] + "" + r[2]);
        assertTrue(((String) r[1]).contains("table_top"), (String) r[1]);
        Object[] refused = MainTest.cli(
                "certify",
                "--trajectory",
                swapped.toString(),
                "--certificate",
                dir.resolve("c.json").toString(),
                "--report",
                dir.resolve("r.html").toString());
        assertEquals(ExitCode.DATA_ERROR.status(), refused[0]);
    }

    /** A header-less file maps by position, and the output says so. */
    @Test
    void headerlessFileMapsByPositionAndSaysSo(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(
                dir.resolve("rows.csv"), "0,-0.785,0,-2.356,0,1.571,0.785\n0,1.5,0,-0.5,0,1.571,0.785\n");
        Object[] r = MainTest.cli("check", "--configs", file.toString());
        // the second row is joint 2 pitched into the table (top at z = 0.40 m)
        assertEquals(ExitCode.VIOLATION.status(), r[0], r[1] + "" + r[2]);
        assertTrue(
                ((String) r[1]).contains("has no header; its 7 columns are taken in order as [panda_joint1"),
                (String) r[1]);
    }

    @Test
    void heldValuesArePartOfTheRobotHash() {
        Path srdf = Path.of(BadInputsTest.class
                .getResource("/bad-inputs/support/panda-joints1-6.srdf")
                .getPath());
        Function<Double, String> hash = v -> Collide4j.builder()
                .robot("panda")
                .srdf(srdf)
                .group("first_six")
                .hold("panda_joint7", v)
                .build()
                .model()
                .contentHash();
        assertEquals(hash.apply(0.5), hash.apply(0.5));
        assertNotEquals(hash.apply(0.5), hash.apply(0.6));
        String unheld = Collide4j.builder()
                .robot("panda")
                .srdf(srdf)
                .group("first_six")
                .build()
                .model()
                .contentHash();
        assertNotEquals(unheld, hash.apply(0.5));
    }

    @Test
    void unknownAllowedCollisionNamesAreRefusedInTheBuilder() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> Collide4j.builder()
                        .robot("panda")
                        .sceneName("table_shelf")
                        .allow("panda_hnad", "table_top")
                        .build());
        assertTrue(
                e.getMessage().contains("allow: unknown link or obstacle panda_hnad; did you mean panda_hand?"),
                e.getMessage());
        IllegalArgumentException o = assertThrows(
                IllegalArgumentException.class,
                () -> Collide4j.builder()
                        .robot("panda")
                        .sceneName("table_shelf")
                        .allow("panda_hand", "tabel_top")
                        .build());
        assertTrue(o.getMessage().contains("tabel_top; did you mean table_top?"), o.getMessage());
        // known names pass: a link and an obstacle of the scene
        Collide4j.builder()
                .robot("panda")
                .sceneName("table_shelf")
                .allow("panda_hand", "table_top")
                .build();
    }

    /** Every throwable a command lets escape is an internal error (70), one line, trace only with --debug. */
    @Test
    void uncaughtThrowablesAreInternalErrorsNeverViolations() {
        List<Throwable> failures = List.of(
                new NullPointerException("boom"),
                new StackOverflowError(),
                new OutOfMemoryError("Java heap space"),
                new AssertionError("broken invariant"));
        for (Throwable t : failures) {
            for (boolean debug : new boolean[] {false, true}) {
                CliCommand failing = new CliCommand() {
                    @Override
                    public int run() {
                        if (t instanceof Error er) {
                            throw er;
                        }
                        throw (RuntimeException) t;
                    }
                };
                failing.common.debug = debug;
                java.io.ByteArrayOutputStream buf = new java.io.ByteArrayOutputStream();
                int code = Main.execute("certify", failing, new java.io.PrintStream(buf, true));
                String err = buf.toString();
                assertEquals(ExitCode.INTERNAL.status(), code, t + ": " + err);
                assertTrue(err.startsWith("collide4j certify: internal error: " + t), err);
                if (debug) {
                    assertTrue(err.lines().count() > 1 && err.contains("\tat "), "trace with --debug: " + err);
                } else {
                    assertEquals(1, err.lines().count(), err);
                    assertTrue(err.contains("--debug"), err);
                }
            }
        }
        // running out of heap or stack while reading input is the input's fault: 65, naming it
        CliException big = assertThrows(
                CliException.class,
                () -> CliCommand.load("huge.csv", () -> {
                    throw new OutOfMemoryError("Java heap space");
                }));
        assertEquals(ExitCode.DATA_ERROR.status(), big.exitCode());
        assertTrue(big.getMessage().startsWith("huge.csv: input too large"), big.getMessage());
        CliException deep = assertThrows(
                CliException.class,
                () -> CliCommand.load("deep.yaml", () -> {
                    throw new StackOverflowError();
                }));
        assertEquals(ExitCode.DATA_ERROR.status(), deep.exitCode());
    }

    /** info takes a URDF path as well as a bundled name; package:// resolves against --package-path. */
    @Test
    void infoReadsAUrdfPathWithPackageRoots(@TempDir Path dir) throws Exception {
        Path pkg = Files.createDirectories(dir.resolve("roots/my_robot_description/meshes"));
        // a unit cube: 8 vertices, 12 triangles
        Files.writeString(
                pkg.resolve("cube.obj"),
                String.join(
                                "\n", "v 0 0 0", "v 1 0 0", "v 1 1 0", "v 0 1 0", "v 0 0 1", "v 1 0 1", "v 1 1 1",
                                "v 0 1 1", "f 1 3 2", "f 1 4 3", "f 5 6 7", "f 5 7 8", "f 1 2 6", "f 1 6 5", "f 2 3 7",
                                "f 2 7 6", "f 3 4 8", "f 3 8 7", "f 4 1 5", "f 4 5 8")
                        + "\n");
        Path urdf = Files.writeString(
                Files.createDirectories(dir.resolve("elsewhere")).resolve("r.urdf"), """
                <robot name="cube_arm">
                  <link name="base"/>
                  <link name="arm"><collision><geometry>
                    <mesh filename="package://my_robot_description/meshes/cube.obj"/>
                  </geometry></collision></link>
                  <joint name="j1" type="revolute"><parent link="base"/><child link="arm"/><axis xyz="0 0 1"/>
                    <limit lower="-1" upper="1" effort="1" velocity="1"/></joint>
                </robot>
                """);
        Object[] r = MainTest.cli(
                "info", urdf.toString(), "--package-path", dir.resolve("roots").toString());
        assertEquals(ExitCode.FREE.status(), r[0], (String) r[2]);
        assertTrue(
                ((String) r[1]).contains("robot cube_arm") && ((String) r[1]).contains("8 vertices, 12 triangles"),
                (String) r[1]);
        Object[] unresolved = MainTest.cli("info", urdf.toString());
        assertEquals(ExitCode.DATA_ERROR.status(), unresolved[0], (String) unresolved[2]);
        assertTrue(((String) unresolved[2]).contains("package://my_robot_description/meshes/cube.obj"), (String)
                unresolved[2]);
        Object[] checked = MainTest.cli(
                "check",
                "--urdf",
                urdf.toString(),
                "--package-path",
                dir.resolve("roots").toString(),
                "--scene",
                "none",
                "--q",
                "0.5");
        assertEquals(ExitCode.FREE.status(), checked[0], (String) checked[2]);
        Object[] missing = MainTest.cli("info", dir.resolve("nope.urdf").toString());
        assertEquals(ExitCode.NO_INPUT.status(), missing[0], (String) missing[2]);
    }

    /** The same problem set as zip, tar.gz, tar.bz2 and a folder gives the same scenarios and problems. */
    @Test
    void problemSetsLoadFromZipTarGzTarBz2AndFolders(@TempDir Path dir) throws Exception {
        Path zip = Path.of(CommandsTest.ZIP);
        Path folder = dir.resolve("unpacked");
        Path gz = dir.resolve("problems.tar.gz");
        Path bz2 = dir.resolve("problems.tar.bz2");
        try (ZipFile z = new ZipFile(zip.toFile());
                TarArchiveOutputStream tgz =
                        new TarArchiveOutputStream(new GzipCompressorOutputStream(Files.newOutputStream(gz)));
                TarArchiveOutputStream tbz =
                        new TarArchiveOutputStream(new BZip2CompressorOutputStream(Files.newOutputStream(bz2)))) {
            for (ZipEntry e : Collections.list(z.entries())) {
                if (e.isDirectory()) {
                    continue;
                }
                byte[] data = z.getInputStream(e).readAllBytes();
                Path f = folder.resolve(e.getName());
                Files.createDirectories(f.getParent());
                Files.write(f, data);
                for (TarArchiveOutputStream tar : List.of(tgz, tbz)) {
                    TarArchiveEntry te = new TarArchiveEntry("mbm/" + e.getName()); // a folder above problems/
                    te.setSize(data.length);
                    tar.putArchiveEntry(te);
                    ((OutputStream) tar).write(data);
                    tar.closeArchiveEntry();
                }
            }
        }
        MbmProblems reference = new MbmProblems(zip);
        for (Path p : List.of(gz, bz2, folder, folder.resolve("problems"))) {
            MbmProblems set = new MbmProblems(p);
            assertEquals(reference.scenarios(), set.scenarios(), p.toString());
            for (String s : reference.scenarios()) {
                assertEquals(reference.count(s), set.count(s), p + " " + s);
            }
            String s = reference.scenarios().get(0);
            MbmProblems.Problem a = reference.load(s, 1, 1).get(0),
                    b = set.load(s, 1, 1).get(0);
            assertEquals(a.request().start(), b.request().start());
            assertEquals(a.scene().scene().contentHash(), b.scene().scene().contentHash());
        }
        Path notAnArchive = Files.writeString(dir.resolve("problems.tar.bz2.txt"), "hello");
        Object[] r = MainTest.cli("plan", "--problems", notAnArchive.toString());
        assertEquals(ExitCode.DATA_ERROR.status(), r[0], (String) r[2]);
        assertTrue(((String) r[2]).contains(notAnArchive.toString()), (String) r[2]);
    }
}
