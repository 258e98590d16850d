package io.collide4j.planner.cli;

import io.collide4j.checker.certificate.Certificate;
import io.collide4j.checker.certificate.CertificateVerifier;
import io.collide4j.checker.certificate.CertificationResult;
import io.collide4j.checker.certificate.Violation;
import io.collide4j.checker.query.Contact;
import io.collide4j.checker.query.MeshMode;
import io.collide4j.planner.Collide4j;
import io.collide4j.planner.TrajectoryCertifier.Certification;
import io.collide4j.planner.options.CliException;
import io.collide4j.planner.options.ExitCode;
import io.collide4j.planner.options.RobotSceneCommand;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.joml.Vector3d;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code collide4j view CERT.json [--out report.html]}: regenerates the HTML report (3-D view included) of a
 * certificate. Robot and scene come from the certificate's provenance (a bundled name or a file path), unless
 * robot or scene options are given; without either the error names what is missing. The certificate must match
 * them (hashes) and pass the verifier before anything is drawn: a report never shows a verdict the
 * verifier rejects. Exit 0 when written, 65 for a certificate that does not match or verify, 66 for a missing input.
 */
@Command(
        name = "view",
        sortOptions = false,
        footer = Main.EXIT_CODES,
        description = "Regenerate the HTML report of a certificate (robot and scene from its provenance).")
final class ViewCommand extends RobotSceneCommand {
    @Parameters(index = "0", paramLabel = "CERT.json", description = "Certificate written by 'collide4j certify'.")
    Path file;

    @Option(names = "--out", paramLabel = "OUT.html", description = "HTML report to write (default ${DEFAULT-VALUE}).")
    Path report = Path.of("collide4j-report.html");

    @Option(
            names = "--samples",
            paramLabel = "N",
            description = "Instants drawn and plotted (default ${DEFAULT-VALUE}).")
    int samples = 400;

    @Override
    public int run() {
        if (samples < 2) {
            throw new CliException(ExitCode.USAGE, "--samples must be >= 2");
        }
        if (!Files.isReadable(file)) {
            throw new CliException(ExitCode.NO_INPUT, "certificate file not found or unreadable: " + file);
        }
        String json;
        try {
            json = Files.readString(file);
        } catch (IOException e) {
            throw new CliException(ExitCode.NO_INPUT, "cannot read " + file + " (" + e + ")");
        }
        Certificate cert = load(file.toString(), () -> Certificate.read(json, file.toString()));
        fromProvenance(cert, file, RecordedFiles.LOAD);
        robot.exactMeshes |= cert.meshModeOrDefault() == MeshMode.EXACT;
        Collide4j c = buildChecker();
        if (!c.model().contentHash().equals(cert.robotHash())) {
            throw new CliException(
                    ExitCode.DATA_ERROR,
                    file + " was made for robot hash " + cert.robotHash() + ", "
                            + robot.describe() + " has " + c.model().contentHash()
                            + " (another URDF, or other --padding/--scale/--hold/--exact-meshes options?)");
        }
        if (!c.scene().contentHash().equals(cert.sceneHash())) {
            throw new CliException(
                    ExitCode.DATA_ERROR,
                    file + " was made for scene hash " + cert.sceneHash() + ", " + scene.describe() + " has "
                            + c.scene().contentHash());
        }
        CertificateVerifier.Report check = c.trajectoryCertifier().verify(json);
        if (!check.valid()) {
            throw new CliException(
                    ExitCode.DATA_ERROR,
                    file + " does not verify (" + check.problems().size()
                            + " problem(s), first: "
                            + (check.problems().isEmpty()
                                    ? "?"
                                    : check.problems().get(0))
                            + "); 'collide4j verify' lists them");
        }
        Certification certification = certification(c, cert, json);
        Map<String, String> inputs = new LinkedHashMap<>();
        inputs.put("robot", robot.label() + " (" + c.model().summary() + ")");
        inputs.put("scene", scene.label() + " (" + c.scene().size() + " obstacles)");
        inputs.put("trajectory", "from the certificate (hash " + cert.trajectoryHash() + ")");
        inputs.put("robot hash", cert.robotHash());
        inputs.put("scene hash", cert.sceneHash());
        inputs.put("certificate", file + " (verified again for this report)");
        HtmlReport.Page page = HtmlReport.create(
                "collide4j trajectory certificate",
                inputs,
                c,
                certification,
                samples,
                () -> json,
                Progress.of(this, "report", samples));
        writeText(report, page.html(), "--out");
        out.println(cert.verdict() + "  report " + report + " from " + file);
        return ExitCode.FREE.status();
    }

    /** The certification a verified certificate records, in the form the report draws. */
    static Certification certification(Collide4j c, Certificate cert, String json) {
        Violation violation = null;
        Certificate.ViolationRecord v = cert.violation();
        if (v != null) {
            double[] times = cert.times();
            double time = v.time() != null
                    ? v.time()
                    : times[v.segment()] + v.fraction() * (times[v.segment() + 1] - times[v.segment()]);
            Vector3d a = point(v.pointOnFirst()), b = point(v.pointOnSecond());
            Vector3d normal = new Vector3d(b).sub(a);
            if (normal.lengthSquared() > 0) {
                normal.normalize();
            }
            Contact contact = new Contact(
                    v.pair(),
                    v.lowerBound() == null ? Double.NaN : v.lowerBound(),
                    v.distance() == null ? Double.NaN : v.distance(),
                    a,
                    b,
                    normal);
            double[] q = v.configuration();
            if (q == null) {
                Certification partial = new Certification(
                        null, cert.waypoints(), times, cert.margin(), cert.velocities(), cert.accelerations());
                q = c.trajectoryCertifier()
                        .profile(partial, new double[] {time})
                        .get(0)
                        .configuration();
            }
            violation = new Violation(v.segment(), v.fraction(), time, q, contact);
        }
        CertificationResult r = new CertificationResult(cert.verdict(), violation, cert.pairClearance(), -1, json);
        return new Certification(
                r, cert.waypoints(), cert.times(), cert.margin(), cert.velocities(), cert.accelerations());
    }

    private static Vector3d point(double[] p) {
        return p == null || p.length != 3 ? new Vector3d(Double.NaN) : new Vector3d(p[0], p[1], p[2]);
    }
}
