package io.collide4j.planner.cli;

import io.collide4j.checker.query.Certificate;
import io.collide4j.checker.query.CertificateVerifier;
import io.collide4j.checker.query.Verdict;
import io.collide4j.planner.Collide4j;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * {@code collide4j verify [--certificate FILE] [--margin M] [robot/scene options]}: re-checks a certificate with the
 * verifier (which re-proves every step with fresh computations) and prints the robot, scene, margin and verdict it verified.
 *
 * <p>Inputs: robot and scene options given on the command line are used as given. Without them, the certificate's
 * provenance decides: a bundled robot or scene is loaded by name; one that came from a file is an error naming the
 * option and the file to give (exit 66); a certificate without provenance (format /2) needs the options. There is no
 * default robot or scene.
 *
 * <p>Exit codes: the verified verdict's code (0 free, 1 violation, 2 inconclusive) when the certificate holds;
 * 65 when it does not verify (every problem listed on stdout, a one-line summary on stderr), and 65 too when it
 * verifies but does not answer the question {@code --margin M} asks: a CERTIFIED_FREE certificate proves clearance
 * above its own margin only, so one made for a margin below M fails, and a VIOLATION found at a margin above M says
 * nothing about M. Exit 1 stays reserved for real violations.
 */
@Command(name = "verify", sortOptions = false, footer = Main.EXIT_CODES,
        description = "Re-prove a certificate with fresh computations; robot and scene come from the options or, "
                + "for bundled inputs, from the certificate itself. --margin M also requires the certificate to answer M.")
final class VerifyCommand extends RobotSceneCommand {
    @Option(names = "--certificate", paramLabel = "FILE", description = "Certificate to verify (default ${DEFAULT-VALUE}).")
    Path file = Path.of("collide4j-certificate.json");

    @Override
    List<String> defaultsUsed() {
        return List.of();   // verify has no defaults: flags or the certificate's provenance
    }

    @Override
    int run() {
        if (!Files.isReadable(file)) {
            throw new CliException(ExitCode.NO_INPUT, "--certificate file not found or unreadable: " + file);
        }
        Certificate cert;
        try (InputStream in = Files.newInputStream(file)) {
            cert = Certificate.read(in, file.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);   // Main: not UTF-8 -> 65, else 66
        } catch (IllegalArgumentException e) {
            throw new CliException(ExitCode.DATA_ERROR, "unreadable certificate: " + e.getMessage());
        }
        Inputs inputs = fromProvenance(cert, file, RecordedFiles.REFUSE);
        Collide4j c = buildChecker();
        Double asked = robot.margin;
        CertificateVerifier.Report report = c.trajectoryCertifier().verify(cert);
        out.println("certificate " + file + " (" + cert.format() + ")");
        out.println("  robot:   " + inputs.robot() + ", " + c.model() + ", hash " + c.model().contentHash());
        out.println("  scene:   " + inputs.scene() + ", " + c.scene().size() + " obstacles, hash " + c.scene().contentHash());
        out.printf(Locale.ROOT, "  margin:  %s m (the certificate's)%s%n", cert.margin(), asked == null ? "" : ", asked " + asked + " m");
        if (!report.valid()) {
            out.println("INVALID certificate " + file + ":");
            report.problems().forEach(p -> out.println("  " + p));
            throw new CliException(ExitCode.DATA_ERROR, "" + file + " does not verify (" + report.problems().size()
                    + " problem(s), first: " + (report.problems().isEmpty() ? "?" : report.problems().get(0)) + ")");
        }
        Verdict v = report.verdict();
        if (asked != null) {
            if (v == Verdict.CERTIFIED_FREE && !(cert.margin() >= asked)) {
                out.println("  verdict: CERTIFIED_FREE for margin " + cert.margin() + " m only");
                throw new CliException(ExitCode.DATA_ERROR, file + " proves clearance above " + cert.margin()
                        + " m, not the --margin " + asked + " m asked; certify again with --margin " + asked);
            }
            if (v == Verdict.VIOLATION && !(cert.margin() <= asked)) {
                out.println("  verdict: VIOLATION of margin " + cert.margin() + " m, which says nothing about " + asked + " m");
                throw new CliException(ExitCode.DATA_ERROR, file + " was made for margin " + cert.margin()
                        + " m; its violation does not decide --margin " + asked + " m; certify again with --margin " + asked);
            }
        }
        out.println("  verdict: " + v + " (VALID certificate, re-proved with fresh computations)");
        return switch (v) {
            case CERTIFIED_FREE -> ExitCode.FREE;
            case VIOLATION -> ExitCode.VIOLATION;
            case INCONCLUSIVE -> ExitCode.INCONCLUSIVE;
        };
    }
}
