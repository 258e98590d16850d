package io.collide4j.spark;

import io.collide4j.kinematics.JointTrajectory;
import io.collide4j.kinematics.TrajectoryException;
import io.collide4j.planner.TrajectoryCertifier;
import io.collide4j.planner.options.CertifyApi;
import io.collide4j.planner.options.CliException;
import io.collide4j.planner.options.ExitCode;
import java.io.Serializable;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * Certifies the rows of a task, each as {@code collide4j certify} would ({@link CertifyApi}): the checker of its
 * resolved reference (loaded once per executor), the trajectory from its columns, the row's budget or the job's. Every
 * row gives exactly one {@link Outcome}; nothing it does can fail the task, so one bad row never costs the others.
 * Serializable: the driver sends it to the executors in the task closure.
 */
final class RowCertifier implements Serializable {
    /**
     * A certified row (its row, certification, budget and certificate text) or an error (then the others are null).
     */
    record Outcome(
            TrajectoryRow row,
            TrajectoryCertifier.Certification certification,
            long budget,
            String certificate,
            RowError error) {}

    private final List<String> robotOptions;
    private final long budget;

    RowCertifier(List<String> robotOptions, long budget) {
        this.robotOptions = List.copyOf(robotOptions);
        this.budget = budget;
    }

    /**
     * @param sources      the resolved and fingerprinted reference of a row's reference ({@link CheckerSource})
     * @param duplicateIds ids that more than one decoded row of the job carries
     */
    Outcome certify(Decoded d, Function<CheckerReference, CheckerSource> sources, Set<String> duplicateIds) {
        if (d.error() != null) {
            return new Outcome(null, null, 0, null, d.error());
        }
        TrajectoryRow row = d.row();
        try {
            if (row.id().isBlank()) {
                return failed(
                        row,
                        ExitCode.DATA_ERROR.status(),
                        row.source() + ": id: empty; every row needs an id that names it");
            }
            String unnameable = CertificateFiles.refusal(row.id());
            if (unnameable != null) {
                return failed(row, ExitCode.DATA_ERROR.status(), row.source() + ": " + unnameable);
            }
            if (duplicateIds.contains(row.id())) {
                return failed(
                        row,
                        ExitCode.DATA_ERROR.status(),
                        row.source() + ": id '" + row.id()
                                + "' appears more than once in the input; ids must be unique");
            }
            ExecutorCheckers.Loaded loaded = ExecutorCheckers.get(sources.apply(row.reference()), robotOptions);
            if (loaded.failure() != null) {
                return failed(row, loaded.failure().exitCode(), loaded.failure().getMessage());
            }
            JointTrajectory t;
            try {
                t = row.trajectory();
            } catch (TrajectoryException e) {
                return failed(row, ExitCode.DATA_ERROR.status(), row.source() + ": " + e.getMessage());
            }
            long b = row.budget() != null ? row.budget() : budget;
            CertifyApi.CertifiedText c = CertifyApi.certifyToText(loaded.checker(), t, row.source(), b);
            return new Outcome(row, c.certification(), b, c.certificate(), null);
        } catch (CliException e) {
            return failed(row, e.exitCode(), e.getMessage());
        } catch (RuntimeException | StackOverflowError e) { // a bug: reported with the row, the job goes on
            return failed(row, ExitCode.INTERNAL.status(), "internal error: " + e);
        }
    }

    private static Outcome failed(TrajectoryRow row, int exitCode, String reason) {
        return new Outcome(
                null, null, 0, null, new RowError(row.id(), row.source(), exitCode, reason.replace('\n', ' ')));
    }
}
