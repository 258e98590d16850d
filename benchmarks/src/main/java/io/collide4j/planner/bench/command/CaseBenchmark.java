package io.collide4j.planner.bench.command;

import io.collide4j.planner.Collide4j;
import io.collide4j.planner.Collide4jBuilder;
import io.collide4j.planner.cli.Progress;
import io.collide4j.planner.options.CliException;
import io.collide4j.planner.options.ExitCode;
import io.collide4j.planner.plan.BenchmarkEdges;
import io.collide4j.planner.plan.MbmProblems;
import io.collide4j.planner.plan.ProblemRunner;
import io.collide4j.urdf.DecimalText;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code collide4j bench --cases FILE}: the discrete full-arm check ({@code isValid}, certified) on the
 * configurations of the FCL harness's {@code cases.csv} ({@code shared/peers/arm-bench}: {@code scene,kind,index,
 * q1..qn,fcl_collide,...}), each in its MotionBenchMaker scene, one thread, wall clock per call. One untimed pass
 * first (it also compares verdicts with the harness's {@code fcl_collide}); then {@code repeat} timed runs (a call
 * during which the thread was switched out is timed again, {@link CleanTimer}); the
 * table gives the median over runs of each run's mean and median, as the harness does.
 */
final class CaseBenchmark {
    /** One row of cases.csv: where (line), which scene, the configuration, FCL's verdict. */
    record Case(int line, String scene, double[] q, boolean fclColliding) {}

    private CaseBenchmark() {}

    /**
     * Reads the rows: columns {@code q1..qn} after {@code scene,kind,index} give the configuration (n = how many there
     * are), {@code fcl_collide} FCL's verdict; anything malformed is bad input naming the file, line and column.
     */
    static List<Case> read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new CliException(ExitCode.NO_INPUT, "--cases: cannot read " + file + " (" + e.getMessage() + ")");
        }
        if (lines.isEmpty()) {
            throw new CliException(ExitCode.DATA_ERROR, file + ": empty; expected the FCL harness's cases.csv");
        }
        List<String> header = Arrays.asList(lines.get(0).split(",", -1));
        int fcl = header.indexOf("fcl_collide");
        int dimension = 0;
        while (3 + dimension < header.size() && header.get(3 + dimension).equals("q" + (dimension + 1))) {
            dimension++;
        }
        if (header.size() < 4
                || !header.subList(0, 3).equals(List.of("scene", "kind", "index"))
                || dimension == 0
                || fcl < 0) {
            throw new CliException(
                    ExitCode.DATA_ERROR,
                    file + ":1: expected the header scene,kind,index,q1..qn,"
                            + "fcl_collide,... of the FCL harness's cases.csv");
        }
        List<Case> out = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isEmpty() && i == lines.size() - 1) {
                break;
            }
            String[] f = line.split(",", -1);
            if (f.length != header.size()) {
                throw new CliException(
                        ExitCode.DATA_ERROR,
                        String.format(
                                Locale.ROOT,
                                "%s:%d: %d fields, the header has %d",
                                file,
                                i + 1,
                                f.length,
                                header.size()));
            }
            double[] q = new double[dimension];
            for (int j = 0; j < dimension; j++) {
                try {
                    q[j] = DecimalText.parse(f[3 + j]);
                } catch (NumberFormatException e) {
                    q[j] = Double.NaN;
                }
                if (!Double.isFinite(q[j])) {
                    throw new CliException(
                            ExitCode.DATA_ERROR,
                            String.format(
                                    Locale.ROOT,
                                    "%s:%d: q%d '%s' is not a finite" + " number",
                                    file,
                                    i + 1,
                                    j + 1,
                                    f[3 + j]));
                }
            }
            if (!f[fcl].equals("0") && !f[fcl].equals("1")) {
                throw new CliException(
                        ExitCode.DATA_ERROR,
                        String.format(Locale.ROOT, "%s:%d: fcl_collide '%s', expected 0 or 1", file, i + 1, f[fcl]));
            }
            out.add(new Case(i + 1, f[0], q, f[fcl].equals("1")));
        }
        return out;
    }

    /** The checker of each scene label ({@code box_panda/0003}) the cases name. */
    static Map<String, Collide4j> checkers(MbmProblems set, List<Case> cases, Collide4jBuilder robot, Path file) {
        Map<String, Collide4j> out = new HashMap<>();
        for (Case c : cases) {
            if (out.containsKey(c.scene())) {
                continue;
            }
            int slash = c.scene().lastIndexOf('/');
            int index;
            try {
                index = Integer.parseInt(c.scene().substring(slash + 1));
            } catch (NumberFormatException e) {
                index = -1;
            }
            String scenario = slash < 0 ? "" : c.scene().substring(0, slash);
            if (index < 1 || !set.scenarios().contains(scenario)) {
                throw new CliException(
                        ExitCode.DATA_ERROR,
                        file + ":" + c.line() + ": scene '" + c.scene()
                                + "' is not <scenario>/<NNNN> of the problem set (scenarios " + set.scenarios() + ")");
            }
            MbmProblems.Problem p = set.load(scenario, index, 1).get(0);
            Collide4j checker = ProblemRunner.checker(robot, p);
            if (checker.dimension() != c.q().length) {
                throw new CliException(
                        ExitCode.DATA_ERROR,
                        file + ":1: " + c.q().length + " joint columns q1..q" + c.q().length
                                + ", the robot's planning group has " + checker.dimension() + " joints");
            }
            out.put(BenchmarkEdges.label(p), checker);
        }
        return out;
    }

    /** Times the rows and prints the table; returns the number of rows collide4j certifies free where FCL collides. */
    static int measure(
            List<Case> cases, Map<String, Collide4j> checkers, int repeat, Progress progress, PrintStream out) {
        int n = cases.size();
        Collide4j[] c = new Collide4j[n];
        double[][] q = new double[n][];
        boolean[] valid = new boolean[n];
        int bothFree = 0, bothColliding = 0, conservative = 0, fclOnly = 0;
        List<String> fclOnlyRows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Case k = cases.get(i);
            c[i] = checkers.get(k.scene());
            q[i] = k.q();
            valid[i] = c[i].isValid(q[i]);
            if (valid[i] && k.fclColliding()) {
                fclOnly++;
                if (fclOnlyRows.size() < 10) {
                    fclOnlyRows.add("line " + k.line() + " " + k.scene());
                }
            } else if (valid[i]) {
                bothFree++;
            } else if (k.fclColliding()) {
                bothColliding++;
            } else {
                conservative++;
            }
        }
        double[][] perRun =
                new double[6][repeat]; // all mean, all median, free mean, free median, coll. mean, coll. median
        double[] t = new double[n];
        int expectedFree = bothFree + fclOnly;
        CleanTimer timer = new CleanTimer();
        for (int r = 0; r < repeat; r++) {
            int free = 0;
            for (int i = 0; i < n; i++) {
                Collide4j checker = c[i];
                double[] config = q[i];
                boolean[] verdict = new boolean[1];
                t[i] = timer.nanos(() -> verdict[0] = checker.isValid(config)) / 1e3;
                free += verdict[0] ? 1 : 0;
            }
            if (free != expectedFree) {
                throw new IllegalStateException("isValid gave " + free + " free states in timed run " + (r + 1) + ", "
                        + expectedFree + " in the first pass");
            }
            progress.update(r + 1);
            double[][] split = split(t, valid);
            perRun[0][r] = EdgeBenchmark.mean(t);
            perRun[1][r] = EdgeBenchmark.median(t);
            perRun[2][r] = split[0].length == 0 ? Double.NaN : EdgeBenchmark.mean(split[0]);
            perRun[3][r] = split[0].length == 0 ? Double.NaN : EdgeBenchmark.median(split[0]);
            perRun[4][r] = split[1].length == 0 ? Double.NaN : EdgeBenchmark.mean(split[1]);
            perRun[5][r] = split[1].length == 0 ? Double.NaN : EdgeBenchmark.median(split[1]);
        }
        out.printf(
                Locale.ROOT,
                "%-10s %8s %10s %10s %12s %12s %12s %12s%n",
                "states",
                "count",
                "mean",
                "median",
                "free mean",
                "free median",
                "coll. mean",
                "coll. median");
        out.printf(
                Locale.ROOT,
                "%-10s %8d %7.2f us %7.2f us %9.2f us %9.2f us %9.2f us %9.2f us%n",
                "isValid",
                n,
                EdgeBenchmark.median(perRun[0]),
                EdgeBenchmark.median(perRun[1]),
                EdgeBenchmark.median(perRun[2]),
                EdgeBenchmark.median(perRun[3]),
                EdgeBenchmark.median(perRun[4]),
                EdgeBenchmark.median(perRun[5]));
        out.printf(
                Locale.ROOT,
                "verdicts vs fcl_collide: %d both free, %d both colliding, %d colliding here only"
                        + " (conservative), %d free here but colliding in FCL%s%n",
                bothFree,
                bothColliding,
                conservative,
                fclOnly,
                fclOnly == 0 ? "" : " " + fclOnlyRows);
        out.println("timing: " + timer.summary());
        return fclOnly;
    }

    private static double[][] split(double[] t, boolean[] valid) {
        int free = 0;
        for (boolean v : valid) {
            free += v ? 1 : 0;
        }
        double[] a = new double[free];
        double[] b = new double[t.length - free];
        for (int i = 0, ia = 0, ib = 0; i < t.length; i++) {
            if (valid[i]) {
                a[ia++] = t[i];
            } else {
                b[ib++] = t[i];
            }
        }
        return new double[][] {a, b};
    }
}
