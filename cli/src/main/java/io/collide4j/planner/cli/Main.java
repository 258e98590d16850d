package io.collide4j.planner.cli;

import io.collide4j.planner.options.CliCommand;
import io.collide4j.planner.options.CliException;
import io.collide4j.planner.options.CliFailures;
import io.collide4j.planner.options.ExitCode;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * The {@code collide4j} command line, parsed with picocli: one {@link CliCommand} class per command, the
 * robot and scene options shared as mixins. {@link #run} never calls {@code System.exit}, so tests drive
 * it directly; {@link #main} maps its result to the process exit code ({@link ExitCode}). Every failure
 * is one line on stderr: usage errors (64) name the option and what was expected; uncaught throwables
 * (errors included) are internal (70) and print their trace only with {@code --debug}.
 */
public final class Main {

    /** The commands in the order {@code help} lists them; a fresh instance per run. */
    private static final Map<String, Supplier<CliCommand>> COMMANDS = new LinkedHashMap<>();

    static {
        COMMANDS.put("info", InfoCommand::new);
        COMMANDS.put("certify", CertifyCommand::new);
        COMMANDS.put("verify", VerifyCommand::new);
        COMMANDS.put("check", CheckCommand::new);
        COMMANDS.put("plan", PlanCommand::new);
        COMMANDS.put("decompose", DecomposeCommand::new);
        COMMANDS.put("srdf", SrdfCommand::new);
        COMMANDS.put("xacro", XacroCommand::new);
        COMMANDS.put("bench", BenchElsewhere::new);
        COMMANDS.put("serve", ServeCommand::new);
        COMMANDS.put("view", ViewCommand::new);
        // commands of other modules on the class path (benchmarks: bench), in place of a built-in of the same name
        for (PluggedCommand plugged : ServiceLoader.load(PluggedCommand.class, Main.class.getClassLoader())) {
            COMMANDS.put(plugged.name(), plugged::create);
        }
    }

    /** Columns left for a summary after "  NAME       " in an 80-column terminal. */
    private static final int OVERVIEW_TEXT = 80 - 13;

    public static final String EXIT_CODES =
            "exit codes: 0 free/ok, 1 violation, 2 inconclusive, 64 usage, 65 bad input data,"
                    + " 66 missing input, 70 internal error, 73 cannot write output";

    /**
     * One line per command for {@code help}, short enough that the list fits an 80-column screen; a command
     * without an entry here shows the first sentence of its description.
     */
    private static final Map<String, String> SUMMARIES = Map.ofEntries(
            Map.entry("info", "links, joints and collision geometry of a robot"),
            Map.entry("certify", "certify a trajectory: verdict, certificate, HTML report"),
            Map.entry("verify", "re-prove a certificate (--margin M: proves clearance >= M?)"),
            Map.entry("check", "certified validity and clearance of configurations"),
            Map.entry("plan", "RRT-Connect with certified edges"),
            Map.entry("decompose", "convex decomposition of a mesh, with its covering margin"),
            Map.entry("srdf", "generate an SRDF: planning groups, disabled collision pairs"),
            Map.entry("bench", "throughput and the seeds' benchmarks (in collide4j-bench.jar)"),
            Map.entry("serve", "JSON-lines collision server (stdio or 127.0.0.1:PORT)"),
            Map.entry("view", "rebuild the HTML report of a certificate"));

    /** The top-level command: {@code --help} and {@code --version}; everything else is a sub-command. */
    @CommandLine.Command(name = "collide4j", description = "Certified collision checking for robot arms.")
    static final class Top {
        @CommandLine.Option(
                names = {"-h", "--help"},
                usageHelp = true,
                description = "List the commands and exit.")
        boolean help;

        @CommandLine.Option(
                names = {"-V", "--version"},
                versionHelp = true,
                description = "Print the version and the commit it was built from, and exit.")
        boolean version;
    }

    private Main() {}

    public static void main(String[] argv) {
        Optional<Integer> chained;
        try {
            chained = ChainedRelaunch.childCommand(argv).flatMap(ChainedRelaunch::run);
        } catch (Throwable t) { // the relaunch is an optimisation: run in place
            chained = Optional.empty();
        }
        System.exit(chained.orElseGet(() -> run(argv, System.out, System.err)));
    }

    /** A command line with fresh command instances writing to {@code out}/{@code err}. */
    static CommandLine commandLine(PrintStream out, PrintStream err) {
        CommandLine top = new CommandLine(new Top());
        COMMANDS.forEach((name, make) -> {
            CliCommand c = make.get();
            c.out = out;
            c.err = err;
            top.addSubcommand(name, c);
        });
        top.registerConverter(Double.class, CliFailures::finite);
        top.registerConverter(double.class, CliFailures::finite);
        top.setExpandAtFiles(false); // '@name' is a value like any other, never a file of more arguments
        return top;
    }

    /** Runs one command line and returns its exit code; failures become one line on {@code err}. */
    public static int run(String[] argv, PrintStream out, PrintStream err) {
        try {
            return parseAndRun(argv, out, err);
        } catch (Throwable e) { // outside a command (parsing, help): still one line and 70, never 1
            boolean debug = java.util.Arrays.asList(argv).contains("--debug");
            err.println(
                    "collide4j: internal error: " + e + (debug ? "" : " (run again with --debug for the stack trace)"));
            if (debug) {
                e.printStackTrace(err);
            }
            return ExitCode.INTERNAL.status();
        }
    }

    private static int parseAndRun(String[] argv, PrintStream out, PrintStream err) {
        String[] args = argv.length == 0 ? new String[] {"info"} : argv;
        CommandLine top = commandLine(out, err);
        if (args[0].equals("help")) {
            return help(top, List.of(args).subList(1, args.length), out, err);
        }
        if (!args[0].startsWith("-") && !top.getSubcommands().containsKey(args[0])) {
            err.println("collide4j: unknown command '" + args[0] + "'; commands: "
                    + String.join(", ", COMMANDS.keySet()) + " (see 'collide4j help')");
            return ExitCode.USAGE.status();
        }
        ParseResult parsed;
        try {
            parsed = top.parseArgs(args);
        } catch (ParameterException e) {
            String name = e.getCommandLine().getCommandName();
            String where = e.getCommandLine() == top ? "collide4j" : "collide4j " + name;
            String hint = "";
            if (e instanceof CommandLine.UnmatchedArgumentException u
                    && !u.getSuggestions().isEmpty()) {
                hint = "; did you mean " + String.join(" or ", u.getSuggestions()) + "?";
            }
            err.println(where + ": " + CliFailures.firstLine(e.getMessage()) + hint + " (see '" + where + " --help')");
            return ExitCode.USAGE.status();
        }
        if (parsed.isVersionHelpRequested()) {
            // picocli stops at a help option and ignores what follows: 'collide4j --version plan ...' planned nothing
            if (args.length != 1) {
                err.println("collide4j: --version takes no other arguments, got " + String.join(" ", args)
                        + " (see 'collide4j --help')");
                return ExitCode.USAGE.status();
            }
            out.println(BuildInfo.current().line());
            return ExitCode.FREE.status();
        }
        if (parsed.isUsageHelpRequested() || !parsed.hasSubcommand()) {
            overview(top, out);
            return parsed.isUsageHelpRequested() ? ExitCode.FREE.status() : ExitCode.USAGE.status();
        }
        ParseResult sub = parsed.subcommand();
        String name = sub.commandSpec().name();
        if (sub.isUsageHelpRequested()) {
            sub.commandSpec().commandLine().usage(out, Help.Ansi.OFF);
            return ExitCode.FREE.status();
        }
        CliCommand command = (CliCommand) sub.commandSpec().userObject();
        return execute(name, command, err);
    }

    /** Runs a parsed command and maps what it throws to one line and an exit code. */
    static int execute(String name, CliCommand command, PrintStream err) {
        String prefix = "collide4j " + name + ": ";
        try {
            return command.run();
        } catch (Throwable e) { // errors included: nothing unexpected may exit 1, the violation code
            CliException failure = CliFailures.failure(e, command);
            if (failure != null) {
                err.println(prefix + failure.getMessage());
                return failure.exitCode();
            }
            err.println(prefix + "internal error: " + e
                    + (command.common.debug ? "" : " (run again with --debug for the stack trace)"));
            if (command.common.debug) {
                e.printStackTrace(err);
            }
            return ExitCode.INTERNAL.status();
        }
    }

    /** {@code help}: the commands, one line each; {@code help CMD}: one command's options. */
    private static int help(CommandLine top, List<String> which, PrintStream out, PrintStream err) {
        if (which.isEmpty()) {
            overview(top, out);
            return ExitCode.FREE.status();
        }
        List<String> unknown = new ArrayList<>();
        for (String name : which) {
            CommandLine c = top.getSubcommands().get(name);
            if (c == null) {
                unknown.add(name);
            }
        }
        if (!unknown.isEmpty()) {
            err.println("collide4j help: unknown command(s) " + unknown + "; commands: "
                    + String.join(", ", COMMANDS.keySet()));
            return ExitCode.USAGE.status();
        }
        which.forEach(name -> top.getSubcommands().get(name).usage(out, Help.Ansi.OFF));
        return ExitCode.FREE.status();
    }

    private static void overview(CommandLine top, PrintStream out) {
        out.println("usage: collide4j COMMAND [options]    (collide4j COMMAND --help: its options)");
        out.println("       collide4j --version");
        out.println();
        for (Map.Entry<String, CommandLine> e : top.getSubcommands().entrySet()) {
            out.printf(
                    "  %-10s %s%n", e.getKey(), summary(e.getKey(), e.getValue().getCommandSpec()));
        }
        out.println();
        out.println("exit codes: 0 free/ok, 1 violation, 2 inconclusive, 64 usage, 65 bad input data,");
        out.println("            66 missing input, 70 internal error, 73 cannot write output");
    }

    /** The command's line in {@code help}: its summary, else its description's first sentence cut to fit. */
    static String summary(String name, CommandSpec spec) {
        String s = SUMMARIES.get(name);
        if (s == null) {
            String[] d = spec.usageMessage().description();
            s = d.length == 0 ? "" : d[0];
            int stop = s.indexOf(". ");
            s = stop < 0 ? s : s.substring(0, stop);
            s = s.length() <= OVERVIEW_TEXT ? s : s.substring(0, OVERVIEW_TEXT - 3) + "...";
        }
        return s;
    }
}
