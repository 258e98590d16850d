package io.collide4j.planner.cli;

import io.collide4j.urdf.DescriptionException;
import io.collide4j.urdf.json.JsonException;

import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code collide4j} command line. {@link #run} never calls {@code System.exit}, so tests drive
 * it directly; {@link #main} maps its result to the process exit code ({@link ExitCode}).
 */
public final class Main {

    /** One sub-command: its one-line help and what it runs. */
    private record Command(String help, Set<String> flags, Runner runner) {
    }

    @FunctionalInterface
    private interface Runner {
        int run(Args args, PrintStream out, PrintStream err);
    }

    private static final Map<String, Command> COMMANDS = new LinkedHashMap<>();

    static {
        COMMANDS.put("info", new Command("info [ROBOT]  — links, joints and collision geometry of a bundled robot (default panda)",
                Set.of(), InfoCommand::run));
        COMMANDS.put("certify", new Command("certify [--trajectory FILE] [--robot R|--urdf F --srdf F] [--scene S] [--clearance D]"
                + " [--budget N] [--certificate OUT.json] [--report OUT.html] [--exact-meshes]  — certify a trajectory (no arguments: the"
                + " bundled Panda demo)", Set.of("exact-meshes"), CertifyCommand::run));
        COMMANDS.put("verify", new Command("verify [--certificate FILE] [--robot R|--urdf F] [--scene S]  — re-check a certificate",
                Set.of(), VerifyCommand::run));
        COMMANDS.put("check", new Command("check [--q a,b,..;..|--configs FILE] [--robot R|--urdf F --srdf F] [--scene S]"
                + " [--margin D] [--exact-meshes]  — certified validity and clearance of configurations",
                Set.of("exact-meshes"), CheckCommand::run));
        COMMANDS.put("plan", new Command("plan --start a,b,.. --goal a,b,.. [--scene S] | --problems ZIP [--scenario S|all]"
                + " [--index I] [--count N] [--verbose] [--exact-meshes]  — RRT-Connect with certified edges",
                Set.of("verbose", "exact-meshes"), PlanCommand::run));
        COMMANDS.put("decompose", new Command("decompose MESH [--out PIECES.obj] [--max-hulls N] [--resolution R]"
                + " [--max-vertices V] [--cache]  — convex decomposition of a mesh into OBJ pieces", Set.of("cache"),
                DecomposeCommand::run));
        COMMANDS.put("bench", new Command("bench [--states N] [--motions N] [--ccd N] [--step RAD]  — throughput table",
                Set.of(), BenchCommand::run));
        COMMANDS.put("serve", new Command("serve [--port N]  — JSON-lines collision server on stdio or 127.0.0.1:N"
                + " (planner-adapters/PROTOCOL.md)", Set.of(), ServeCommand::run));
    }

    private Main() {
    }

    public static void main(String[] argv) {
        Optional<Integer> chained = ChainedRelaunch.childCommand(argv).flatMap(ChainedRelaunch::run);
        System.exit(chained.orElseGet(() -> run(argv, System.out, System.err)));
    }

    /** Runs one command line and returns its exit code; failures become one line on {@code err}. */
    public static int run(String[] argv, PrintStream out, PrintStream err) {
        List<String> all = Arrays.asList(argv);
        String name = all.isEmpty() ? "info" : all.get(0);
        if (name.equals("help") || name.equals("--help") || name.equals("-h")) {
            printUsage(out);
            return ExitCode.FREE;
        }
        Command command = COMMANDS.get(name);
        if (command == null) {
            err.println("collide4j: unknown command '" + name + "'; commands: " + String.join(", ", COMMANDS.keySet()));
            return ExitCode.USAGE;
        }
        try {
            Args args = new Args(name, all.subList(1, all.size()), command.flags());
            return command.runner().run(args, out, err);
        } catch (CliException e) {
            err.println("collide4j " + name + ": " + e.getMessage());
            return e.exitCode();
        } catch (DescriptionException | JsonException | IllegalArgumentException e) {
            err.println("collide4j " + name + ": " + e.getMessage());
            return ExitCode.DATA_ERROR;
        } catch (UncheckedIOException e) {
            err.println("collide4j " + name + ": " + e.getMessage()
                    + (e.getCause() != null ? " (" + e.getCause().getMessage() + ")" : ""));
            return ExitCode.NO_INPUT;
        } catch (RuntimeException e) {
            err.println("collide4j " + name + ": internal error " + e);
            e.printStackTrace(err);
            return ExitCode.INTERNAL;
        }
    }

    private static void printUsage(PrintStream out) {
        out.println("usage: collide4j COMMAND [options]");
        COMMANDS.values().forEach(c -> out.println("  " + c.help()));
        out.println("exit codes: 0 free/ok, 1 violation, 2 inconclusive, 64 usage, 65 bad input data, 66 missing input,"
                + " 70 internal error, 73 cannot write output");
    }
}
