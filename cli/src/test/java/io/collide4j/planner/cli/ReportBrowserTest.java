package io.collide4j.planner.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.collide4j.checker.certificate.Verdict;
import io.collide4j.checker.certificate.Violation;
import io.collide4j.kinematics.JointTrajectory;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.kinematics.LinkPoses;
import io.collide4j.kinematics.TrajectoryCsv;
import io.collide4j.models.Models;
import io.collide4j.planner.Collide4j;
import io.collide4j.planner.TrajectoryCertifier;
import java.awt.image.BufferedImage;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.joml.Matrix4dc;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The report's 3-D view in a real browser (headless Chromium over the DevTools protocol, from {@code file://}):
 * it loads without console errors, draws the robot, moves with the slider, shows the first contact in red with
 * its pair name, and draws the violation pose exactly as Java forward kinematics computes it. Reports and
 * screenshots stay under {@code target/report-browser/} as build artifacts. Skipped (assumption) where no
 * chromium binary exists; {@code .ci/run} installs the Debian package.
 */
class ReportBrowserTest {
    static final Path ARTIFACTS = Path.of("target", "report-browser");
    static final int WIDTH = 1000, HEIGHT = 1300;
    static final String READY = "document.body !== null && document.body.dataset.viewer === 'ready'";

    static Path chromium;

    @BeforeAll
    static void findChromium() {
        chromium = HeadlessChromium.binary().orElse(null);
        assumeTrue(
                chromium != null,
                "no chromium binary (install the Debian package 'chromium', or set"
                        + " -Dcollide4j.chromium=PATH); the browser tests of the report are skipped");
    }

    static Collide4j panda() {
        return Collide4j.builder().robot("panda").sceneName("table_shelf").build();
    }

    static Path report(String name, Collide4j c, TrajectoryCertifier.Certification cert) throws Exception {
        Files.createDirectories(ARTIFACTS);
        Path html = ARTIFACTS.resolve(name + ".html");
        Files.writeString(
                html,
                HtmlReport.create(
                                "collide4j trajectory certificate",
                                Map.of("test", name),
                                c,
                                cert,
                                400,
                                () -> cert.result().certificateJson(),
                                null)
                        .html());
        return html;
    }

    /** Robot material: blue-grey, clearly bluer than the tan obstacles, the grey grid and the background. */
    static boolean robotBlue(int rgb) {
        int r = (rgb >> 16) & 255, b = rgb & 255;
        return b - r > 20;
    }

    /** The first-contact material: saturated red (the translucent ghost never gets this dark in green and blue). */
    static boolean contactRed(int rgb) {
        int r = (rgb >> 16) & 255, g = (rgb >> 8) & 255, b = rgb & 255;
        return r > 120 && g < 50 && b < 50;
    }

    static double[] box(JsonNode n) {
        return HeadlessChromium.numbers(n).stream()
                .mapToDouble(Double::doubleValue)
                .toArray();
    }

    @Test
    void demoReportDrawsTheRobot() throws Exception {
        Collide4j c = panda();
        JointTrajectory t =
                TrajectoryCsv.read(new StringReader(Models.trajectoryCsv(CertifyCommand.DEMO_TRAJECTORY)), "demo");
        TrajectoryCertifier.Certification cert =
                c.trajectoryCertifier().certify(t, 0, TrajectoryCertifier.DEFAULT_BUDGET);
        assertEquals(Verdict.CERTIFIED_FREE, cert.result().verdict());
        Path html = report("demo", c, cert);
        assertTrue(Files.size(html) <= 3_000_000, "demo report " + Files.size(html) + " bytes > 3 MB");
        try (HeadlessChromium b = new HeadlessChromium(chromium, WIDTH, HEIGHT)) {
            b.open(html.toUri().toString(), READY);
            BufferedImage shot = b.screenshot(ARTIFACTS.resolve("demo.png"));
            assertTrue(b.errors.isEmpty(), "console errors: " + b.errors);
            double[] robot = box(b.eval("collide4jViewer.robotScreenBox()"));
            assertTrue(
                    robot[2] > 50 && robot[3] > 50,
                    "robot on screen: " + List.of(robot[0], robot[1], robot[2], robot[3]));
            int blue = HeadlessChromium.count(shot, robot, ReportBrowserTest::robotBlue);
            assertTrue(
                    blue > 0.05 * robot[2] * robot[3],
                    "robot pixels " + blue + " in its " + robot[2] + "x" + robot[3] + " box");
            double[] canvas = box(b.eval("collide4jViewer.canvasBox()"));
            // the slider moves the robot: halfway (the demo returns to its start pose) the drawing differs
            b.eval("(() => { const s = document.getElementById('c4j-slider'); s.value = String(s.max >> 1);"
                    + " s.dispatchEvent(new Event('input')); return true; })()");
            BufferedImage half = b.screenshot(ARTIFACTS.resolve("demo-half.png"));
            assertTrue(
                    HeadlessChromium.differing(shot, half, canvas) > 0.01 * canvas[2] * canvas[3],
                    "halfway looks like the start");
            // the decimated collision meshes instead of the convex pieces: still the robot, drawn differently
            b.eval("(() => { const s = document.getElementById('c4j-style'); s.value = 'meshes';"
                    + " s.dispatchEvent(new Event('change')); return true; })()");
            BufferedImage meshes = b.screenshot(ARTIFACTS.resolve("demo-half-meshes.png"));
            double[] robotHalf = box(b.eval("collide4jViewer.robotScreenBox()"));
            assertTrue(
                    HeadlessChromium.count(meshes, robotHalf, ReportBrowserTest::robotBlue)
                            > 0.05 * robotHalf[2] * robotHalf[3],
                    "robot pixels with meshes");
            assertTrue(
                    HeadlessChromium.differing(half, meshes, canvas) > 0.002 * canvas[2] * canvas[3],
                    "meshes look like pieces");
            assertTrue(b.errors.isEmpty(), "console errors: " + b.errors);
        }
    }

    @Test
    void violationReportShowsTheFirstContactAtTheCertifiedPose() throws Exception {
        Collide4j c = panda();
        // ready pose, then joint 2 pitched forward into the table (top at z = 0.40 m)
        List<double[]> q = List.of(
                new double[] {0, -0.785, 0, -2.356, 0, 1.571, 0.785}, new double[] {0, 1.5, 0, -0.5, 0, 1.571, 0.785});
        TrajectoryCertifier.Certification cert =
                c.trajectoryCertifier().certify(q, new double[] {0, 2}, 0, TrajectoryCertifier.DEFAULT_BUDGET);
        assertEquals(Verdict.VIOLATION, cert.result().verdict());
        Violation v = cert.result().violation();
        Path html = report("violation", c, cert);
        try (HeadlessChromium b = new HeadlessChromium(chromium, WIDTH, HEIGHT)) {
            b.open(html.toUri().toString(), READY);
            int vf = b.eval("collide4jViewer.violationFrame").asInt();
            assertEquals(
                    vf, b.eval("collide4jViewer.frame()").asInt(), "a violation report opens at the first contact");
            b.screenshot(ARTIFACTS.resolve("violation-open.png"));
            String slide = "(k => { const s = document.getElementById('c4j-slider'); s.value = String(k);"
                    + " s.dispatchEvent(new Event('input')); return collide4jViewer.frame(); })(%d)";
            assertEquals(0, b.eval(String.format(slide, 0)).asInt());
            BufferedImage start = b.screenshot(ARTIFACTS.resolve("violation-start.png"));
            assertTrue(!b.eval("collide4jViewer.info()")
                    .asText()
                    .contains(v.contact().pair().key()));
            assertEquals(vf, b.eval(String.format(slide, vf)).asInt());
            BufferedImage contact = b.screenshot(ARTIFACTS.resolve("violation-contact.png"));
            double[] canvas = box(b.eval("collide4jViewer.canvasBox()"));
            assertTrue(
                    HeadlessChromium.differing(start, contact, canvas) > 0.01 * canvas[2] * canvas[3],
                    "moving the slider to the violation did not change the picture");
            int redStart = HeadlessChromium.count(start, canvas, ReportBrowserTest::contactRed);
            int redContact = HeadlessChromium.count(contact, canvas, ReportBrowserTest::contactRed);
            assertTrue(
                    redContact > 50 && redContact > 2 * redStart,
                    "red contact pixels " + redStart + " -> " + redContact);
            String info = b.eval("collide4jViewer.info()").asText();
            assertTrue(
                    info.contains("FIRST CONTACT")
                            && info.contains(v.contact().pair().key()),
                    info);
            String shown =
                    b.eval("document.getElementById('c4j-info').textContent").asText();
            assertEquals(info, shown, "the pair name is on the page");
            assertEquals(v.time(), b.eval("collide4jViewer.time()").asDouble(), 0.0);

            // the pose drawn at the first contact is Java FK of the certified configuration, to 1e-9
            KinematicModel kin = c.model().kinematics();
            LinkPoses fk = kin.forwardKinematics(v.configuration(), new LinkPoses(kin));
            JsonNode drawn = b.eval("collide4jViewer.linkTransforms()");
            int links = 0;
            for (Iterator<Map.Entry<String, JsonNode>> it = drawn.fields(); it.hasNext(); links++) {
                Map.Entry<String, JsonNode> e = it.next();
                Matrix4dc m = fk.pose(kin.linkIndex(e.getKey()));
                for (int r = 0; r < 4; r++) {
                    for (int col = 0; col < 4; col++) {
                        assertEquals(
                                m.get(col, r),
                                e.getValue().get(4 * r + col).asDouble(),
                                1e-9,
                                e.getKey() + " [" + r + "][" + col + "]");
                    }
                }
            }
            assertTrue(links >= 8, "link transforms drawn: " + links);
            assertTrue(b.errors.isEmpty(), "console errors: " + b.errors);
        }
    }
}
