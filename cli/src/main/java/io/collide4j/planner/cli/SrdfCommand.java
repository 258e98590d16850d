package io.collide4j.planner.cli;

import io.collide4j.checker.geometry.decomposition.DecompositionParameters;
import io.collide4j.checker.robot.DecompositionPieces;
import io.collide4j.checker.robot.PlanningGroup;
import io.collide4j.checker.srdf.SrdfGenerator;
import io.collide4j.planner.options.CliCommand;
import io.collide4j.planner.options.CliException;
import io.collide4j.planner.options.ExitCode;
import io.collide4j.planner.options.PackagePathOption;
import io.collide4j.planner.options.RobotOptions;
import io.collide4j.urdf.RobotDescription;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code collide4j srdf --urdf R.urdf --out R.srdf [--group NAME=BASE:TIP]... [--samples N] [--seed S] [--decompose]
 * [--sampled-never] [--proof-budget N]}: an SRDF with planning groups (the chains given, or one from the root to each
 * tip: {@link PlanningGroup#chains}) and the {@code disable_collisions} computed as MoveIt's setup assistant does
 * ({@link SrdfGenerator}: Adjacent, Default, Always over N sampled configurations; Never only where a proof over the
 * joint ranges shows the links cannot touch, or, with {@code --sampled-never}, also "Sampled" as MoveIt's Never).
 * Same seed, same bytes.
 */
@Command(
        name = "srdf",
        sortOptions = false,
        footer = Main.EXIT_CODES,
        description =
                "Generate an SRDF: planning groups (chains) and disable_collisions (Adjacent, Default, Always, Never)"
                        + " as MoveIt's setup assistant does.")
final class SrdfCommand extends CliCommand {
    @Option(names = "--urdf", required = true, paramLabel = "FILE", description = "The robot description (URDF).")
    Path urdf;

    @Mixin
    PackagePathOption packagePath = new PackagePathOption();

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "Where to write the SRDF.")
    Path outFile;

    @Option(
            names = "--samples",
            paramLabel = "N",
            description = "Sampled configurations for Always and for the pairs"
                    + " Never is tried on (default ${DEFAULT-VALUE}, the setup assistant's density).")
    int samples = SrdfGenerator.DEFAULT_SAMPLES;

    @Option(
            names = "--sampled-never",
            description = "MoveIt's behaviour: also disable pairs apart in every sample that"
                    + " no proof covers, with reason=\"Sampled\" (a pair colliding only where no sample went is then never"
                    + " checked). Without it they stay checked; Never is always proven.")
    boolean sampledNever;

    @Option(
            names = "--proof-budget",
            paramLabel = "BOXES",
            description = "Joint-space boxes a Never proof may examine"
                    + " per pair (default ${DEFAULT-VALUE}); a pair not proven within it stays checked.")
    long proofBudget = io.collide4j.checker.robot.LinkPairProof.DEFAULT_BUDGET;

    @Option(
            names = "--seed",
            paramLabel = "S",
            description = "Random seed (default ${DEFAULT-VALUE}); same seed, same file.")
    long seed;

    @Option(
            names = "--group",
            paramLabel = "NAME=BASE:TIP",
            description = "A planning group: the chain of joints from"
                    + " link BASE to link TIP; repeatable. Default: one group per tip of the robot (each leaf link and each link"
                    + " where the tree branches), named after it, the chain from the root link.")
    List<String> groups = new ArrayList<>();

    @Option(
            names = "--decompose",
            description = "Check links as convex decompositions (cached) instead of one hull"
                    + " each: more pairs found never in collision in concave robots.")
    boolean decompose;

    @Override
    public int run() {
        if (samples < 1) {
            throw new CliException(ExitCode.USAGE, "--samples must be >= 1, got " + samples);
        }
        RobotDescription robot =
                load(urdf.toString(), () -> packagePath.parser().parse(RobotOptions.readable("--urdf", urdf)));
        List<PlanningGroup> chains = groups.isEmpty() ? PlanningGroup.chains(robot) : named(robot);
        if (proofBudget < 1) {
            throw new CliException(ExitCode.USAGE, "--proof-budget must be >= 1, got " + proofBudget);
        }
        SrdfGenerator.Parameters p = SrdfGenerator.Parameters.defaults()
                .withSamples(samples)
                .withSeed(seed)
                .withSampledNever(sampledNever)
                .withProofBudget(proofBudget);
        if (decompose) {
            DecompositionPieces d = DecompositionPieces.cached(DecompositionParameters.collisionDefaults());
            p = p.withPieces(d, d.name());
        }
        long t0 = System.nanoTime();
        Progress progress = Progress.of(this, "sampling", samples);
        SrdfGenerator.Result r;
        try {
            r = SrdfGenerator.generate(robot, p, progress::update);
        } finally {
            progress.stop();
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        writeText(outFile, r.toSrdf(chains), "--out");
        Map<SrdfGenerator.Reason, Integer> counts = new EnumMap<>(SrdfGenerator.Reason.class);
        r.disabled().forEach(d -> counts.merge(d.reason(), 1, Integer::sum));
        StringBuilder by = new StringBuilder();
        counts.forEach((reason, n) ->
                by.append(by.length() == 0 ? "" : ", ").append(n).append(' ').append(reason.srdfName()));
        out.printf(
                Locale.ROOT,
                "robot %s: %d link pairs disabled (%s), %d still checked; %d samples, seed %d, %.1f s%n",
                robot.name(),
                r.disabled().size(),
                by.length() == 0 ? "none" : by,
                r.checkedPairCollisions().size(),
                samples,
                seed,
                seconds);
        out.printf(
                Locale.ROOT,
                "Never: %d pairs proven apart everywhere in their joint ranges; %d apart in every sample"
                        + " but not proven (%s)%n",
                r.provenNever(),
                r.sampledOnly().size(),
                sampledNever ? "written as Sampled" : "still checked; --sampled-never disables them as MoveIt does");
        if (!r.defaultCollisions().isEmpty()) {
            out.println("in collision at the default configuration (every joint 0, clamped into its limits): "
                    + String.join(
                            ", ",
                            r.defaultCollisions().stream()
                                    .map(s -> s.replace(' ', '/'))
                                    .toList()));
        }
        for (PlanningGroup g : chains) {
            out.printf(Locale.ROOT, "group %s: %s to %s%n", g.name(), g.baseLink(), g.tipLink());
        }
        out.println("written to " + outFile
                + (chains.isEmpty()
                        ? " (no planning group: the robot has no movable joint)"
                        : "; use it with --srdf " + outFile + " --group "
                                + chains.get(0).name()));
        return ExitCode.FREE.status();
    }

    /** The --group NAME=BASE:TIP items, each checked against the robot; a malformed one is a usage error. */
    private List<PlanningGroup> named(RobotDescription robot) {
        List<PlanningGroup> out = new ArrayList<>();
        java.util.Set<String> names = new java.util.HashSet<>();
        for (String item : groups) {
            int eq = item.indexOf('='), colon = item.indexOf(':', eq + 1);
            if (eq <= 0 || colon < 0 || colon == eq + 1 || colon == item.length() - 1) {
                throw new CliException(
                        ExitCode.USAGE, "--group expects NAME=BASE:TIP (two link names), got '" + item + "'");
            }
            String name = item.substring(0, eq);
            if (!names.add(name)) {
                throw new CliException(ExitCode.USAGE, "--group names '" + name + "' twice");
            }
            try {
                out.add(PlanningGroup.of(robot, name, item.substring(eq + 1, colon), item.substring(colon + 1)));
            } catch (IllegalArgumentException e) {
                throw new CliException(ExitCode.USAGE, "--group " + e.getMessage());
            }
        }
        return out;
    }
}
