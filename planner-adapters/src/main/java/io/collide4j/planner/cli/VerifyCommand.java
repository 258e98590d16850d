package io.collide4j.planner.cli;

import io.collide4j.checker.query.Certificate;
import io.collide4j.checker.query.CertificateTrajectoryLimits;
import io.collide4j.checker.query.CertificateVerifier;
import io.collide4j.checker.query.CertificateWitness;
import io.collide4j.checker.query.Verdict;
import io.collide4j.planner.Collide4j;
import io.collide4j.verifier.IndependentVerifier;
import io.collide4j.verifier.VerificationReport;
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
 * {@code collide4j verify [--certificate FILE] [--margin M] [--verifier independent|recompute] [robot/scene options]}:
 * re-checks a certificate and prints the robot, scene, margin, verdict and which verifier checked it. A certificate
 * with witnesses (format /3) goes to the independent verifier (module {@code verifier}: its own interval forward
 * kinematics and plane tests, no code shared with the certifier) by default; older ones, or {@code --verifier
 * recompute}, to the recompute verifier, which re-proves every step with the certifier's own computations. Before
 * the independent verifier runs, the inputs are bound: robot and scene are loaded as for the recompute verifier, the
 * robot and scene hashes must match, and the certificate's obstacles must be the loaded scene's, bit for bit (exit
 * 65 naming the obstacle otherwise); the verifier reads the URDF/SRDF records itself. For a VIOLATION the
 * independent verifier proves the free part and the recompute verifier the violation itself.
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

    /** Which verifier checks the certificate. */
    enum Which { independent, recompute }

    @Option(names = "--verifier", paramLabel = "NAME", description = "independent (default for certificates with "
            + "witnesses, format /3) or recompute (re-proves every step with the certifier's computations; the only one"
            + " for older formats).")
    Which verifier;

    static final String INDEPENDENT = "the independent verifier (io.collide4j.verifier, plane tests only)";
    static final String RECOMPUTE = "the recompute verifier (re-proved with fresh computations)";

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
        boolean independent = verifier == Which.independent || (verifier == null && cert.witness() != null);
        if (independent && cert.witness() == null) {
            throw new CliException(ExitCode.USAGE, "--verifier=independent needs a certificate with witnesses (format "
                    + "collide4j-certificate/3); " + file + " is " + cert.format() + ", which has none: use"
                    + " --verifier=recompute, or certify again to get witnesses");
        }
        Inputs inputs = fromProvenance(cert, file, RecordedFiles.REFUSE);
        Collide4j c = buildChecker();
        Double asked = robot.margin;
        out.println("certificate " + file + " (" + cert.format() + ")");
        out.println("  robot:   " + inputs.robot() + ", " + c.model() + ", hash " + c.model().contentHash());
        out.println("  scene:   " + inputs.scene() + ", " + c.scene().size() + " obstacles, hash " + c.scene().contentHash());
        out.printf(Locale.ROOT, "  margin:  %s m (the certificate's)%s%n", cert.margin(), asked == null ? "" : ", asked " + asked + " m");
        CertificateTrajectoryLimits.problem(c.model().kinematics(), cert).ifPresent(p -> {
            // certify refuses such a motion; the independent verifier's plane tests do not look at limits
            out.println("INVALID certificate " + file + " (its trajectory is one certify refuses):");
            out.println("  " + p);
            throw new CliException(ExitCode.DATA_ERROR, file + ": " + p);
        });
        List<String> problems;
        Verdict v;
        if (independent) {
            bind(cert, c);
            VerificationReport report;
            try (InputStream in = Files.newInputStream(file)) {
                report = IndependentVerifier.verify(c.model().kinematics().description(), c.semantics(), in, file.toString());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + file, e);
            }
            out.println("  checked: " + report.stepsChecked() + " plane steps, " + report.subdivisions() + " subdivisions");
            problems = new java.util.ArrayList<>(report.problems());
            v = report.verdict() == null ? null : Verdict.valueOf(report.verdict());
            if (report.valid() && v == Verdict.VIOLATION) {
                // the independent verifier proves the free part; the violation itself is re-proved here
                CertificateVerifier.Report re = c.trajectoryCertifier().verify(cert);
                re.problems().forEach(p -> problems.add("recompute verifier (violation): " + p));
            }
        } else {
            CertificateVerifier.Report report = c.trajectoryCertifier().verify(cert);
            problems = report.problems();
            v = report.verdict();
        }
        String by = independent ? INDEPENDENT + (v == Verdict.VIOLATION ? "; the violation by " + RECOMPUTE : "") : RECOMPUTE;
        if (!problems.isEmpty() || v == null) {
            out.println("INVALID certificate " + file + " (checked by " + by + "):");
            problems.forEach(p -> out.println("  " + p));
            throw new CliException(ExitCode.DATA_ERROR, "" + file + " does not verify (" + problems.size()
                    + " problem(s), first: " + (problems.isEmpty() ? "?" : problems.get(0)) + ")");
        }
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
        out.println("  verdict: " + v + " (VALID certificate, verified by " + by + ")");
        return switch (v) {
            case CERTIFIED_FREE -> ExitCode.FREE;
            case VIOLATION -> ExitCode.VIOLATION;
            case INCONCLUSIVE -> ExitCode.INCONCLUSIVE;
        };
    }

    /**
     * Binds a certificate's witness to the loaded inputs before the independent verifier trusts it: the robot and
     * scene hashes, and the obstacles it lists equal to the loaded scene's (names, shapes, numbers bit for bit).
     */
    private void bind(Certificate cert, Collide4j c) {
        String problem = null;
        if (!c.model().contentHash().equals(cert.robotHash())) {
            problem = "robot hash differs: the certificate was made for another robot model (URDF, SRDF, held joints,"
                    + " padding, scale or pieces) than the one loaded";
        } else if (!c.scene().contentHash().equals(cert.sceneHash())) {
            problem = "scene hash differs: the certificate was made for another scene than the one loaded";
        } else {
            problem = CertificateWitness.obstacleMismatch(cert.witness().obstacles(), c.checker(), cert.meshModeOrDefault());
        }
        if (problem != null) {
            out.println("INVALID certificate " + file + " (its inputs do not bind to the loaded robot and scene):");
            out.println("  " + problem);
            throw new CliException(ExitCode.DATA_ERROR, file + ": " + problem);
        }
    }
}
