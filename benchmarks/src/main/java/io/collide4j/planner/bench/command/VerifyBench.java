package io.collide4j.planner.bench.command;

import io.collide4j.checker.certificate.Certificate;
import io.collide4j.checker.certificate.CertificateVerifier;
import io.collide4j.checker.certificate.TrajectoryCertifier;
import io.collide4j.checker.certificate.Verdict;
import io.collide4j.planner.Collide4j;
import io.collide4j.planner.Collide4jBuilder;
import io.collide4j.planner.cli.Progress;
import io.collide4j.planner.options.CliException;
import io.collide4j.planner.options.ExitCode;
import io.collide4j.planner.plan.MbmProblems;
import io.collide4j.planner.plan.PlanRequest;
import io.collide4j.planner.plan.ProblemRunner;
import io.collide4j.verifier.IndependentVerifier;
import io.collide4j.verifier.VerificationReport;
import java.io.ByteArrayInputStream;
import java.io.PrintStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * {@code collide4j bench --verify [N|all]}: what witnesses cost (issue 21). MotionBenchMaker Panda problems (the first N
 * of each scenario, or all 700) are planned with RRT-Connect (not timed); each planned path (unit time per waypoint) is
 * certified without and with witnesses, then checked by the recompute and the independent verifier, each timed on its
 * own (CPU time of the calling thread, JIT warm-up included in the first problems). Prints the totals, the ratios and the
 * certificate bytes per step without and with witnesses.
 */
final class VerifyBench {
    private VerifyBench() {}

    static int run(String which, Path problems, double margin, PrintStream out, Progress progress) {
        if (!Files.exists(problems)) {
            throw new CliException(ExitCode.NO_INPUT, "--problems: MotionBenchMaker set not found: " + problems);
        }
        MbmProblems set = new MbmProblems(problems);
        int perScenario;
        if (which.equals("all")) {
            perScenario = Integer.MAX_VALUE;
        } else {
            try {
                perScenario = Integer.parseInt(which);
            } catch (NumberFormatException e) {
                throw new CliException(
                        ExitCode.USAGE,
                        "--verify takes a count of problems per scenario or 'all', got '" + which + "'");
            }
            if (perScenario < 1) {
                throw new CliException(ExitCode.USAGE, "--verify: count must be >= 1, got " + perScenario);
            }
        }
        Collide4jBuilder robot = Collide4j.builder().robot("panda").margin(margin);
        // CPU time of this thread: the machine may be shared, and the four phases run on this thread alone
        java.lang.management.ThreadMXBean cpu = java.lang.management.ManagementFactory.getThreadMXBean();
        long tPlain = 0, tWitness = 0, tRecompute = 0, tIndependent = 0;
        long bytesPlain = 0, bytesWitness = 0, stepsPlain = 0, stepsWitness = 0, headerWitness = 0, subdivisions = 0;
        int paths = 0, notPlanned = 0, invalid = 0, done = 0;
        int total = set.scenarios().stream()
                .mapToInt(s -> Math.min(set.count(s), perScenario))
                .sum();
        for (String scenario : set.scenarios()) {
            for (MbmProblems.Problem p : set.load(scenario, 1, Math.min(set.count(scenario), perScenario))) {
                progress.update(++done * 100L / Math.max(1, total));
                Collide4j c = ProblemRunner.checker(robot, p);
                ProblemRunner.Run r = ProblemRunner.run(
                        c,
                        p,
                        PlanRequest.builder()
                                .seed(p.index())
                                .timeLimitSeconds(5)
                                .shortcutAttempts(30));
                if (r.plan() == null || r.plan().path() == null || r.pathVerdict() != Verdict.CERTIFIED_FREE) {
                    notPlanned++;
                    continue;
                }
                List<double[]> path = r.plan().path();
                double[] times = new double[path.size()];
                Arrays.setAll(times, i -> i);
                double[][] full = path.stream().map(c::fullConfiguration).toArray(double[][]::new);
                long t0 = cpu.getCurrentThreadCpuTime();
                StringWriter plain = new StringWriter();
                TrajectoryCertifier.withoutWitnesses(c.checker())
                        .certify(
                                full,
                                null,
                                null,
                                times,
                                c.margin(),
                                c.tolerance(),
                                io.collide4j.planner.TrajectoryCertifier.DEFAULT_BUDGET,
                                c.checker().newContext(),
                                c.provenance(),
                                plain);
                long t1 = cpu.getCurrentThreadCpuTime();
                StringWriter witness = new StringWriter();
                new TrajectoryCertifier(c.checker())
                        .certify(
                                full,
                                null,
                                null,
                                times,
                                c.margin(),
                                c.tolerance(),
                                io.collide4j.planner.TrajectoryCertifier.DEFAULT_BUDGET,
                                c.checker().newContext(),
                                c.provenance(),
                                witness);
                long t2 = cpu.getCurrentThreadCpuTime();
                String json = witness.toString();
                Certificate cert = Certificate.read(json, "bench");
                CertificateVerifier.Report re = new CertificateVerifier(c.model(), c.scene()).verify(cert);
                long t3 = cpu.getCurrentThreadCpuTime();
                VerificationReport ind = IndependentVerifier.verify(
                        c.model().kinematics().description(),
                        c.semantics(),
                        new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)),
                        scenario + " #" + p.index());
                long t4 = cpu.getCurrentThreadCpuTime();
                if (!re.valid() || !ind.valid()) {
                    invalid++;
                    out.println("  " + scenario + " #" + p.index() + " did not verify: recompute " + re.problems()
                            + ", independent " + ind.problems());
                }
                tPlain += t1 - t0;
                tWitness += t2 - t1;
                tRecompute += t3 - t2;
                tIndependent += t4 - t3;
                bytesPlain += plain.toString().length();
                bytesWitness += json.length();
                stepsPlain += steps(Certificate.read(plain.toString(), "bench"));
                stepsWitness += steps(cert);
                int from = json.indexOf("\"witness\":"), to = json.indexOf(",\"segments\":");
                headerWitness += from >= 0 && to > from ? to - from : 0;
                subdivisions += ind.subdivisions();
                paths++;
            }
        }
        out.printf(
                Locale.ROOT,
                "witness cost over %d planned MotionBenchMaker Panda paths (%d problems without a certified"
                        + " path, %d not verified), margin %s m, CPU time of one thread%n",
                paths,
                notPlanned,
                invalid,
                margin);
        out.printf(
                Locale.ROOT,
                "  certify, no witnesses     %9.1f ms  (%.2f ms/path)%n",
                tPlain / 1e6,
                tPlain / 1e6 / Math.max(1, paths));
        out.printf(
                Locale.ROOT,
                "  certify, witnesses        %9.1f ms  (%.2f ms/path, x%.2f)%n",
                tWitness / 1e6,
                tWitness / 1e6 / Math.max(1, paths),
                (double) tWitness / Math.max(1, tPlain));
        out.printf(
                Locale.ROOT,
                "  verify, recompute         %9.1f ms  (%.2f ms/path, x%.2f of certify with witnesses)%n",
                tRecompute / 1e6,
                tRecompute / 1e6 / Math.max(1, paths),
                (double) tRecompute / Math.max(1, tWitness));
        out.printf(
                Locale.ROOT,
                "  verify, independent       %9.1f ms  (%.2f ms/path, x%.2f of certify with witnesses; %d subdivisions)%n",
                tIndependent / 1e6,
                tIndependent / 1e6 / Math.max(1, paths),
                (double) tIndependent / Math.max(1, tWitness),
                subdivisions);
        out.printf(
                Locale.ROOT,
                "  certificate, no witnesses %9d bytes, %d steps, %.1f bytes/step%n",
                bytesPlain,
                stepsPlain,
                (double) bytesPlain / Math.max(1, stepsPlain));
        out.printf(
                Locale.ROOT,
                "  certificate, witnesses    %9d bytes, %d steps, %.1f bytes/step (witness headers %d bytes,"
                        + " %.1f bytes/step without them)%n",
                bytesWitness,
                stepsWitness,
                (double) bytesWitness / Math.max(1, stepsWitness),
                headerWitness,
                (double) (bytesWitness - headerWitness) / Math.max(1, stepsWitness));
        return invalid == 0 ? ExitCode.FREE.status() : ExitCode.INTERNAL.status();
    }

    private static long steps(Certificate c) {
        return c.segments().stream()
                .flatMap(List::stream)
                .mapToLong(p -> p.ends().length)
                .sum();
    }
}
