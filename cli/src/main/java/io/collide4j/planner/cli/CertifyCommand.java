package io.collide4j.planner.cli;

import io.collide4j.checker.certificate.CertificationResult;
import io.collide4j.checker.certificate.Violation;
import io.collide4j.kinematics.JointTrajectory;
import io.collide4j.kinematics.TrajectoryCsv;
import io.collide4j.models.Models;
import io.collide4j.planner.Collide4j;
import io.collide4j.planner.TrajectoryCertifier;
import io.collide4j.planner.options.CertifyApi;
import io.collide4j.planner.options.CliException;
import io.collide4j.planner.options.ConfigurationReader;
import io.collide4j.planner.options.ExitCode;
import io.collide4j.planner.options.RobotOptions;
import io.collide4j.planner.options.RobotSceneCommand;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code collide4j certify}: certifies a trajectory (CSV or JSON; joint-space linear between rows) for
 * a robot in a scene with a required margin; prints the verdict, writes the JSON certificate and a
 * self-contained HTML report (clearance plot, worst pairs, first violation). With no arguments it
 * certifies the bundled demo: Panda, table_shelf, panda_shelf_demo. Exit 0 certified free, 1 violation,
 * 2 inconclusive.
 */
@Command(
        name = "certify",
        sortOptions = false,
        footer = Main.EXIT_CODES,
        description = "Certify a trajectory (no arguments: the bundled Panda demo); writes a JSON certificate and an"
                + " HTML report.")
final class CertifyCommand extends RobotSceneCommand {
    static final String DEMO_TRAJECTORY = "panda_shelf_demo";

    @Option(
            names = "--trajectory",
            paramLabel = "FILE",
            description = "Trajectory CSV or JSON, joint-space linear between rows (default: the bundled "
                    + DEMO_TRAJECTORY + ").")
    Path trajectoryFile;

    @Option(
            names = "--budget",
            paramLabel = "N",
            description = "Distance evaluations before INCONCLUSIVE (default " + TrajectoryCertifier.DEFAULT_BUDGET
                    + " times the convex pieces per collision element, e.g. 1 for hulls).")
    Long budget;

    @Option(
            names = "--certificate",
            paramLabel = "OUT.json",
            description = "Certificate to write (default ${DEFAULT-VALUE}).")
    Path certificate = Path.of("collide4j-certificate.json");

    @Option(
            names = "--report",
            paramLabel = "OUT.html",
            description = "HTML report to write (default ${DEFAULT-VALUE}).")
    Path report = Path.of("collide4j-report.html");

    @Option(
            names = "--samples",
            paramLabel = "N",
            description = "Instants in the report's clearance plot (default ${DEFAULT-VALUE}).")
    int samples = 400;

    @Override
    public int run() {
        RobotOptions.readable("--trajectory", trajectoryFile);
        String sceneLabel = scene.label();
        String robotLabel = robot.label();
        Collide4j c = buildChecker();
        long budget = this.budget != null ? this.budget : c.trajectoryBudget();
        if (budget < 1 || samples < 2) {
            throw new CliException(ExitCode.USAGE, "--budget must be >= 1 and --samples >= 2");
        }
        JointTrajectory t;
        String trajectoryLabel;
        if (trajectoryFile != null) {
            t = load(trajectoryFile.toString(), () -> ConfigurationReader.read(trajectoryFile, c));
            trajectoryLabel = trajectoryFile.toString();
        } else {
            t = TrajectoryCsv.read(
                    new java.io.StringReader(Models.trajectoryCsv(DEMO_TRAJECTORY)), "bundled " + DEMO_TRAJECTORY);
            trajectoryLabel = "bundled " + DEMO_TRAJECTORY;
        }
        CertifyApi.check(c, t, trajectoryLabel, out);
        double minSep = c.margin();
        TrajectoryCertifier.Certification cert;
        Progress progress = Progress.of(this, "certifying", t.waypointCount() - 1);
        // streamed: the certificate of a long trajectory is never held in memory
        try (Writer w = Files.newBufferedWriter(certificate, StandardCharsets.UTF_8)) {
            cert = CertifyApi.certify(c, t, trajectoryLabel, budget, w, progress::update);
        } catch (IOException | UncheckedIOException e) {
            throw new CliException(
                    ExitCode.CANNOT_CREATE, "--certificate: cannot write " + certificate + " (" + e + ")");
        } finally {
            progress.stop(); // a violation, the budget or an error can end it before the last segment
        }
        CertificationResult r = cert.result();
        Map<String, String> inputs = new LinkedHashMap<>();
        inputs.put("robot", robotLabel + " (" + c.model().summary() + ")");
        inputs.put("scene", sceneLabel + " (" + c.scene().size() + " obstacles)");
        inputs.put("trajectory", trajectoryLabel);
        inputs.put("robot hash", c.model().contentHash());
        inputs.put("scene hash", c.scene().contentHash());
        inputs.put("certificate", certificate.toString());
        HtmlReport.Page page = HtmlReport.create(
                "collide4j trajectory certificate",
                inputs,
                c,
                cert,
                samples,
                () -> r.certificateJson() != null ? r.certificateJson() : read(certificate),
                Progress.of(this, "report", samples));
        writeText(report, page.html(), "--report");
        out.printf(
                Locale.ROOT,
                "%s  %s in %s: %d waypoints, %s s, required margin %s m%n",
                r.verdict(),
                trajectoryLabel,
                sceneLabel,
                t.waypointCount(),
                Fixed.of(cert.times()[cert.times().length - 1] - cert.times()[0]),
                Fixed.of(minSep));
        switch (r.verdict()) {
            case CERTIFIED_FREE -> printClearance(c, r);
            case VIOLATION -> {
                Violation v = r.violation();
                // "contact" only when the margin is 0: with a positive margin the pieces may still be apart
                out.printf(
                        Locale.ROOT,
                        "%s at t = %s s (segment %d, fraction %s): %s, clearance lower bound %s m%n",
                        minSep > 0 ? "margin violated" : "first contact",
                        Fixed.of(v.time()),
                        v.segment(),
                        Fixed.of(v.fraction()),
                        v.contact().pair().key(),
                        Fixed.lowerBound(v.contact().lowerBound()));
            }
            case INCONCLUSIVE ->
                out.printf(Locale.ROOT, "budget of %d distance evaluations ran out; raise --budget%n", budget);
            default -> throw new IllegalStateException("no summary line for verdict " + r.verdict());
        }
        TrajectoryCertifier.ProfileSample closest = null;
        for (TrajectoryCertifier.ProfileSample p : page.frames()) {
            if (p.closest() != null
                    && (closest == null
                            || p.closest().lowerBound() < closest.closest().lowerBound())) {
                closest = p;
            }
        }
        if (closest != null) {
            out.printf(
                    Locale.ROOT,
                    "closest approach at %d sampled instants: %s m at t = %s s (%s)%n",
                    page.frames().size(),
                    Fixed.lowerBound(closest.closest().lowerBound()),
                    Fixed.of(closest.time()),
                    closest.closest().pair().key());
        }
        out.println("certificate " + certificate + ", report " + report);
        return switch (r.verdict()) {
            case CERTIFIED_FREE -> ExitCode.FREE.status();
            case VIOLATION -> ExitCode.VIOLATION.status();
            case INCONCLUSIVE -> ExitCode.INCONCLUSIVE.status();
        };
    }

    /**
     * A free verdict's clearance: the largest the certificate proves (what {@code verify --margin} accepts), the
     * closest robot–scene pair beside it, and the certifier's own bound when it is larger (it comes from the
     * advancement steps, which the certificate's planes only back up to about the margin).
     */
    private void printClearance(Collide4j c, CertificationResult r) {
        ProvenClearance p = ProvenClearance.of(certificate, c);
        if (p != null) {
            out.printf(
                    Locale.ROOT,
                    "certified clearance >= %s m, the largest this certificate proves (%s; verify --margin M"
                            + " accepts any M up to it)%n",
                    Fixed.lowerBound(p.value()),
                    p.pair() == null ? "its margin" : p.pair());
            if (p.scenePair() != null) {
                out.printf(
                        Locale.ROOT,
                        "  closest scene obstacle: >= %s m (%s)%n",
                        Fixed.lowerBound(p.scene()),
                        p.scenePair());
            }
        }
        r.pairClearance().entrySet().stream()
                .min(Map.Entry.comparingByValue())
                .filter(e -> p == null || e.getValue() > p.value())
                .ifPresent(e -> out.printf(
                        Locale.ROOT,
                        "  the certifier's own bound: >= %s m (%s); for a certificate"
                                + " that proves it, certify with --margin %s%n",
                        Fixed.lowerBound(e.getValue()),
                        e.getKey(),
                        Fixed.below(e.getValue(), 2)));
    }

    /** A file this command wrote (the streamed certificate), read back. */
    static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new CliException(ExitCode.NO_INPUT, "cannot read back " + file + " (" + e + ")");
        }
    }
}
