package io.collide4j.tests.bench;

import io.collide4j.checker.certificate.TrajectoryCertifier;
import io.collide4j.checker.certificate.Verdict;
import io.collide4j.planner.Collide4j;
import io.collide4j.planner.Collide4jBuilder;
import io.collide4j.planner.plan.MbmProblems;
import io.collide4j.planner.plan.PlanRequest;
import io.collide4j.planner.plan.ProblemRunner;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.SemanticDescription;
import io.collide4j.verifier.IndependentVerifier;
import io.collide4j.verifier.VerificationReport;
import java.io.ByteArrayInputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The independent verifier's hot path beside what it is compared with (issue 31): certifying a planned MotionBenchMaker
 * Panda path with witnesses, and verifying that certificate with {@link IndependentVerifier} (interval kinematics,
 * anchors and travel bounds, plane tests). Setup plans the first problem of each scenario with RRT-Connect (not timed)
 * and certifies it once; each invocation then does one path, cycling through them, so the two scores' ratio is the
 * verify ÷ certify ratio of {@code collide4j bench --verify 1} without its JIT warm-up. Run from the repository root
 * (reads tests/data/vamp/resources/panda/problems.zip, or -Dcollide4j.problems).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class VerifierBench {
    /** One planned path: its checker, full configurations, times and the certificate with witnesses. */
    private record PlannedPath(Collide4j checker, double[][] waypoints, double[] times, byte[] certificate) {}

    private final List<PlannedPath> paths = new ArrayList<>();
    private int next;

    @Setup
    public void setup() {
        MbmProblems set = new MbmProblems(
                Path.of(System.getProperty("collide4j.problems", "tests/data/vamp/resources/panda/problems.zip")));
        Collide4jBuilder robot = Collide4j.builder().robot("panda").margin(0);
        for (String scenario : set.scenarios()) {
            for (MbmProblems.Problem p : set.load(scenario, 1, 1)) {
                Collide4j c = ProblemRunner.checker(robot, p);
                ProblemRunner.Run r = ProblemRunner.run(
                        c,
                        p,
                        PlanRequest.builder()
                                .seed(p.index())
                                .timeLimitSeconds(5)
                                .shortcutAttempts(30));
                if (r.plan() == null || r.plan().path() == null || r.pathVerdict() != Verdict.CERTIFIED_FREE) {
                    continue;
                }
                double[][] full =
                        r.plan().path().stream().map(c::fullConfiguration).toArray(double[][]::new);
                double[] times = new double[full.length];
                Arrays.setAll(times, i -> i);
                PlannedPath path = new PlannedPath(c, full, times, null);
                paths.add(new PlannedPath(c, full, times, certify(path).getBytes(StandardCharsets.UTF_8)));
            }
        }
        if (paths.isEmpty()) {
            throw new IllegalStateException("no planned path to certify");
        }
        for (PlannedPath p : paths) {
            if (!verify(p).valid()) {
                throw new IllegalStateException(
                        "a certificate does not verify: " + verify(p).problems());
            }
        }
    }

    private static String certify(PlannedPath p) {
        Collide4j c = p.checker();
        StringWriter out = new StringWriter();
        new TrajectoryCertifier(c.checker())
                .certify(
                        p.waypoints(),
                        null,
                        null,
                        p.times(),
                        c.margin(),
                        c.tolerance(),
                        io.collide4j.planner.TrajectoryCertifier.DEFAULT_BUDGET,
                        c.checker().newContext(),
                        c.provenance(),
                        out);
        return out.toString();
    }

    private static VerificationReport verify(PlannedPath p) {
        RobotDescription robot = p.checker().model().kinematics().description();
        SemanticDescription srdf = p.checker().semantics();
        return IndependentVerifier.verify(robot, srdf, new ByteArrayInputStream(p.certificate()), "bench");
    }

    private PlannedPath nextPath() {
        PlannedPath p = paths.get(next);
        next = (next + 1) % paths.size();
        return p;
    }

    /** Certification with witnesses of one path (what the verifier is measured against). */
    @Benchmark
    public int certifyWithWitnesses() {
        return certify(nextPath()).length();
    }

    /** Independent verification of one path's certificate (reading, witness model, planes, unlisted pairs). */
    @Benchmark
    public long verifyIndependent() {
        VerificationReport r = verify(nextPath());
        return r.valid() ? r.subdivisions() : -1;
    }
}
