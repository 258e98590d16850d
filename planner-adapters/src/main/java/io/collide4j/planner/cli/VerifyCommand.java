package io.collide4j.planner.cli;

import io.collide4j.checker.query.CertificateVerifier;
import io.collide4j.planner.Collide4j;

import java.io.IOException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@code collide4j verify [--certificate FILE] [robot/scene options]}: re-checks a certificate against
 * the robot and scene (their hashes must match) with the independent verifier. Exit: the certified
 * verdict's code (0 free, 1 violation, 2 inconclusive) when the certificate holds; 65 when it does not
 * (every problem listed on stdout, a one-line summary on stderr).
 */
@Command(name = "verify", sortOptions = false, footer = Main.EXIT_CODES,
        description = "Re-check a certificate against the robot and scene with the independent verifier.")
final class VerifyCommand extends CliCommand {
    @Option(names = "--certificate", paramLabel = "FILE", description = "Certificate to verify (default ${DEFAULT-VALUE}).")
    Path file = Path.of("collide4j-certificate.json");

    @Mixin
    RobotOptions robot = new RobotOptions();

    @Mixin
    SceneOption scene = new SceneOption();

    @Override
    List<String> defaultsUsed() {
        return Stream.concat(robot.defaultsUsed().stream(), scene.defaultsUsed().stream()).toList();
    }

    @Override
    int run() {
        Collide4j c = robot.build(scene);
        if (!Files.isReadable(file)) {
            throw new CliException(ExitCode.NO_INPUT, "--certificate file not found or unreadable: " + file);
        }
        String json;
        try {
            json = Files.readString(file);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot read " + file, e);   // Main: not UTF-8 -> 65, else 66
        }
        CertificateVerifier.Report report = c.trajectoryCertifier().verify(json);
        if (!report.valid()) {
            out.println("INVALID certificate " + file + ":");
            report.problems().forEach(p -> out.println("  " + p));
            throw new CliException(ExitCode.DATA_ERROR, "" + file + " does not verify (" + report.problems().size()
                    + " problem(s), first: " + (report.problems().isEmpty() ? "?" : report.problems().get(0)) + ")");
        }
        out.println("VALID certificate " + file + ": verdict " + report.verdict() + " re-checked for " + c.model());
        return switch (report.verdict()) {
            case CERTIFIED_FREE -> ExitCode.FREE;
            case VIOLATION -> ExitCode.VIOLATION;
            case INCONCLUSIVE -> ExitCode.INCONCLUSIVE;
        };
    }
}
