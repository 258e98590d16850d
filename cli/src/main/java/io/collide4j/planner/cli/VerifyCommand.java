package io.collide4j.planner.cli;

import io.collide4j.checker.certificate.Certificate;
import io.collide4j.checker.certificate.Verdict;
import io.collide4j.kinematics.JointTrajectory;
import io.collide4j.planner.Collide4j;
import io.collide4j.planner.options.CliException;
import io.collide4j.planner.options.ConfigurationReader;
import io.collide4j.planner.options.ExitCode;
import io.collide4j.planner.options.RobotOptions;
import io.collide4j.planner.options.RobotSceneCommand;
import io.collide4j.planner.verify.CertificateVerification;
import io.collide4j.planner.verify.VerificationRequest;
import io.collide4j.planner.verify.VerificationResult;
import io.collide4j.planner.verify.VerifierChoice;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code collide4j verify [--certificate FILE] [--margin M] [--verifier independent|recompute] [robot/scene options]}:
 * re-checks a certificate and prints the robot, scene, margin, verdict and which verifier checked it. A certificate
 * with witnesses (format /3) goes to the independent verifier (module {@code verifier}: its own interval forward
 * kinematics and plane tests, no code shared with the certifier) by default; older ones, or {@code --verifier
 * recompute}, to the recompute verifier, which re-proves every step with the certifier's own computations (one
 * library call, {@link CertificateVerification#verify}; this command prints its result). Before
 * either verifier runs, the certificate is bound to the loaded inputs (verifier module's {@code Binding};
 * verifier/SOUNDNESS.md, "Binding"): hashes and tolerance, the witness section derived from robot, options and scene,
 * the held joints' columns, the trajectory hash recomputed (and equal to {@code --trajectory FILE}'s when given),
 * the violation's time; exit 65 naming the first field that differs. For a VIOLATION the independent verifier proves
 * the free part and the recompute verifier the violation itself. A valid certificate's claimed clearances are printed
 * as the independent verifier proved them.
 *
 * <p>Inputs: robot and scene options given on the command line are used as given. Without them, the certificate's
 * provenance decides: a bundled robot or scene is loaded by name; one that came from a file is an error naming the
 * option and the file to give (exit 66); a certificate without provenance (format /2) needs the options. There is no
 * default robot or scene.
 *
 * <p>Exit codes: the verified verdict's code (0 free, 1 violation, 2 inconclusive) when the certificate holds;
 * 65 when it does not verify (every problem listed on stdout, a one-line summary on stderr), and 65 too when it
 * verifies but does not answer the question {@code --margin M} asks. A CERTIFIED_FREE certificate with witnesses
 * answers any M its planes prove: the independent verifier checks every step and every unlisted pair against M
 * instead of the certificate's margin (so M up to the certified clearance {@code certify} prints passes); without
 * witnesses (recompute verifier) only M up to the certificate's own margin does. A VIOLATION found at a margin above
 * M says nothing about M. Exit 1 stays reserved for real violations.
 */
@Command(
        name = "verify",
        sortOptions = false,
        footer = Main.EXIT_CODES,
        description =
                "Re-prove a certificate with fresh computations; robot and scene come from the options or, "
                        + "for bundled inputs, from the certificate itself. --margin M also requires the certificate to answer M.")
final class VerifyCommand extends RobotSceneCommand {
    @Option(
            names = "--certificate",
            paramLabel = "FILE",
            description = "Certificate to verify (default ${DEFAULT-VALUE}).")
    Path file = Path.of("collide4j-certificate.json");

    /** Which verifier checks the certificate. */
    enum Which {
        independent,
        recompute
    }

    @Option(
            names = "--trajectory",
            paramLabel = "FILE",
            description =
                    "The trajectory (CSV or JSON) the certificate must"
                            + " be about: its hash is compared with the certificate's (default: the certificate's own waypoints).")
    Path trajectoryFile;

    @Option(
            names = "--verifier",
            paramLabel = "NAME",
            description = "independent (default for certificates with "
                    + "witnesses, format /3) or recompute (re-proves every step with the certifier's computations; the only one"
                    + " for older formats).")
    Which verifier;

    @Option(
            names = "--strict",
            description = "Refuse (exit 65) a certificate that rests on anything the independent"
                    + " verifier did not prove: pairs allowed by the caller (--allow) or by an attachment.")
    boolean strict;

    static final String INDEPENDENT = "the independent verifier (io.collide4j.verifier, plane tests only)";
    static final String RECOMPUTE = "the recompute verifier (re-proved with fresh computations)";

    @Override
    public List<String> defaultsUsed() {
        return List.of(); // verify has no defaults: flags or the certificate's provenance
    }

    @Override
    public int run() {
        RobotOptions.readable("--certificate", file);
        Certificate cert;
        byte[] text = bytes(); // read once: binding and both verifiers see the same bytes
        try (InputStream in = new java.io.ByteArrayInputStream(text)) {
            cert = Certificate.read(in, file.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e); // Main: not UTF-8 -> 65, else 66
        } catch (IllegalArgumentException e) {
            throw new CliException(ExitCode.DATA_ERROR, "unreadable certificate: " + e.getMessage());
        }
        VerifierChoice choice = verifier == null
                ? null
                : verifier == Which.independent ? VerifierChoice.INDEPENDENT : VerifierChoice.RECOMPUTE;
        try {
            VerifierChoice.resolve(choice, cert, file.toString()); // before loading anything: a usage error
        } catch (IllegalArgumentException e) {
            throw new CliException(ExitCode.USAGE, e.getMessage());
        }
        RobotOptions.readable("--trajectory", trajectoryFile);
        Inputs inputs = fromProvenance(cert, file, RecordedFiles.REFUSE);
        Collide4j c = buildChecker();
        Double asked = robot.margin;
        out.println("certificate " + file + " (" + cert.format() + ")");
        out.println("  robot:   " + inputs.robot() + ", " + c.model().summary() + ", hash "
                + c.model().contentHash());
        out.println("  scene:   " + inputs.scene() + ", " + c.scene().size() + " obstacles, hash "
                + c.scene().contentHash());
        out.printf(
                Locale.ROOT,
                "  margin:  %s m (the certificate's)%s%n",
                Fixed.exact(cert.margin()),
                asked == null ? "" : ", asked " + Fixed.exact(asked) + " m");
        out.println("  trajectory: " + cert.waypoints().length + " waypoints, hash " + cert.trajectoryHash()
                + (trajectoryFile == null
                        ? " (the certificate's own; --trajectory FILE binds it to a file)"
                        : " (bound to " + trajectoryFile + ")"));
        JointTrajectory t = trajectoryFile == null
                ? null
                : load(trajectoryFile.toString(), () -> ConfigurationReader.read(trajectoryFile, c));
        VerificationResult r = CertificateVerification.verify(
                c, cert, text, file.toString(), new VerificationRequest(choice, asked, t, strict));
        return print(r, cert, asked);
    }

    /** Prints the verification as it went and answers the verdict's exit code, or throws the refusal (65). */
    private int print(VerificationResult r, Certificate cert, Double asked) {
        switch (r.outcome()) {
            case OUT_OF_LIMITS -> {
                out.println("INVALID certificate " + file + " (its trajectory is one certify refuses):");
                out.println("  " + r.problems().get(0));
                throw new CliException(
                        ExitCode.DATA_ERROR, file + ": " + r.problems().get(0));
            }
            case TRAJECTORY_REFUSED ->
                throw new CliException(
                        ExitCode.DATA_ERROR,
                        "--trajectory " + trajectoryFile + ": " + r.problems().get(0));
            case UNBOUND -> {
                out.println(
                        "INVALID certificate " + file + " (its fields do not bind to the loaded robot, scene, options"
                                + (trajectoryFile == null ? "" : " and trajectory") + "):");
                r.problems().forEach(p -> out.println("  " + p));
                throw new CliException(
                        ExitCode.DATA_ERROR, file + ": " + r.problems().get(0));
            }
            case MARGIN_NOT_PROVEN_BY_PLANES -> {
                out.println("  verdict: CERTIFIED_FREE for margin " + Fixed.exact(cert.margin()) + " m; its planes do"
                        + " not prove " + Fixed.exact(asked) + " m (" + r.planesShortBy() + ")");
                throw new CliException(
                        ExitCode.DATA_ERROR,
                        file + " proves clearance >= " + Fixed.exact(cert.margin())
                                + " m but not the --margin " + Fixed.exact(asked)
                                + " m asked; certify again with --margin "
                                + Fixed.exact(asked));
            }
            default -> {
                // checked by a verifier: what it proved first, then whether that answers the question
            }
        }
        boolean independent = r.verifier() == VerifierChoice.INDEPENDENT;
        if (independent) {
            out.println("  checked: " + r.stepsChecked() + " plane steps, " + r.subdivisions() + " subdivisions");
            r.assumptions().forEach(a -> out.println("  assumes: " + a.describe()));
        }
        printProven(r.provenClearance(), independent ? "the planes prove it" : "the fresh steps prove it");
        Verdict v = r.verdict();
        String by = independent
                ? INDEPENDENT + (v == Verdict.VIOLATION ? "; the violation by " + RECOMPUTE : "")
                : RECOMPUTE;
        List<String> problems = r.problems();
        switch (r.outcome()) {
            case UNPROVEN_ASSUMPTIONS -> {
                out.println("REFUSED (--strict) certificate " + file + ": it rests on " + problems.size()
                        + " unproven assumption(s):");
                problems.forEach(u -> out.println("  " + u));
                throw new CliException(
                        ExitCode.DATA_ERROR, file + " rests on an unproven assumption (--strict): " + problems.get(0));
            }
            case INVALID -> {
                out.println("INVALID certificate " + file + " (checked by " + by + "):");
                problems.forEach(p -> out.println("  " + p));
                throw new CliException(
                        ExitCode.DATA_ERROR,
                        "" + file + " does not verify (" + problems.size() + " problem(s), first: "
                                + (problems.isEmpty() ? "?" : problems.get(0)) + ")");
            }
            case MARGIN_NOT_PROVEN -> {
                out.println("  verdict: CERTIFIED_FREE for margin " + cert.margin() + " m only");
                throw new CliException(
                        ExitCode.DATA_ERROR,
                        file + " proves clearance above " + cert.margin() + " m, not the --margin " + asked
                                + " m asked; certify again with --margin " + asked);
            }
            case MARGIN_NOT_DECIDED -> {
                out.println("  verdict: VIOLATION of margin " + cert.margin() + " m, which says nothing about " + asked
                        + " m");
                throw new CliException(
                        ExitCode.DATA_ERROR,
                        file + " was made for margin " + cert.margin() + " m; its violation does not decide --margin "
                                + asked + " m; certify again with --margin " + asked);
            }
            default -> {
                // VALID
            }
        }
        if (r.beyond()) {
            out.println("  proven:  clearance >= " + Fixed.exact(asked)
                    + " m, the --margin asked (every step checked against it)");
        }
        out.println("  verdict: " + v + " (VALID certificate, verified by " + by + ")");
        return switch (v) {
            case CERTIFIED_FREE -> ExitCode.FREE.status();
            case VIOLATION -> ExitCode.VIOLATION.status();
            case INCONCLUSIVE -> ExitCode.INCONCLUSIVE.status();
        };
    }

    /** The least of the clearances a verifier proved for the claimed pairs (the file's own numbers are only claims). */
    private void printProven(java.util.Map<String, Double> proven, String how) {
        proven.entrySet().stream()
                .min(java.util.Map.Entry.comparingByValue())
                .ifPresent(e -> out.printf(
                        Locale.ROOT,
                        "  proven:  clearance >= %s m for pair %s (least of %d claimed pair clearances, each as %s)%n",
                        Fixed.lowerBound(e.getValue()),
                        e.getKey(),
                        proven.size(),
                        how));
    }

    private byte[] bytes() {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
