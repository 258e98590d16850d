package io.collide4j.planner.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Command-line arguments: {@code --name value}, {@code --name=value}, bare {@code --flag}s and
 * positionals. Every option a command reads is recorded, so {@link #rejectUnknown} can name typos.
 */
public final class Args {
    private final String command;
    private final Map<String, String> options = new LinkedHashMap<>();
    private final Set<String> flags = new HashSet<>();
    private final List<String> positionals = new ArrayList<>();
    private final Set<String> consumed = new HashSet<>();

    /** Parses {@code argv} after the command name; {@code flagNames} take no value. */
    public Args(String command, List<String> argv, Set<String> flagNames) {
        this.command = command;
        for (int i = 0; i < argv.size(); i++) {
            String a = argv.get(i);
            if (a.startsWith("--") && a.length() > 2) {
                String name = a.substring(2);
                int eq = name.indexOf('=');
                if (eq >= 0) {
                    options.put(name.substring(0, eq), name.substring(eq + 1));
                } else if (flagNames.contains(name)) {
                    flags.add(name);
                } else if (i + 1 < argv.size()) {
                    options.put(name, argv.get(++i));
                } else {
                    throw new CliException(ExitCode.USAGE, command + ": option --" + name + " needs a value");
                }
            } else {
                positionals.add(a);
            }
        }
    }

    public String command() {
        return command;
    }

    public boolean flag(String name) {
        consumed.add(name);
        return flags.contains(name);
    }

    public String string(String name, String fallback) {
        consumed.add(name);
        return options.getOrDefault(name, fallback);
    }

    public String required(String name) {
        consumed.add(name);
        String v = options.get(name);
        if (v == null) {
            throw new CliException(ExitCode.USAGE, command + ": missing required option --" + name);
        }
        return v;
    }

    public double number(String name, double fallback) {
        consumed.add(name);
        String v = options.get(name);
        if (v == null) {
            return fallback;
        }
        try {
            double d = Double.parseDouble(v);
            if (!Double.isFinite(d)) {
                throw new NumberFormatException("not finite");
            }
            return d;
        } catch (NumberFormatException e) {
            throw new CliException(ExitCode.USAGE, command + ": --" + name + " expects a finite number, got '" + v + "'");
        }
    }

    public long integer(String name, long fallback) {
        consumed.add(name);
        String v = options.get(name);
        if (v == null) {
            return fallback;
        }
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new CliException(ExitCode.USAGE, command + ": --" + name + " expects an integer, got '" + v + "'");
        }
    }

    /** An input file option: must exist and be readable, else exit 66 naming the option and path. */
    public Path inputFile(String name) {
        String v = string(name, null);
        if (v == null) {
            return null;
        }
        Path p = Path.of(v);
        if (!Files.isReadable(p)) {
            throw new CliException(ExitCode.NO_INPUT, command + ": --" + name + " file not found or unreadable: " + p);
        }
        return p;
    }

    public List<String> positionals() {
        return List.copyOf(positionals);
    }

    /** Fails with a usage error naming every option or flag the command did not read. */
    public void rejectUnknown() {
        List<String> unknown = new ArrayList<>();
        for (String k : options.keySet()) {
            if (!consumed.contains(k)) {
                unknown.add("--" + k);
            }
        }
        for (String f : flags) {
            if (!consumed.contains(f)) {
                unknown.add("--" + f);
            }
        }
        if (!unknown.isEmpty()) {
            throw new CliException(ExitCode.USAGE, command + ": unknown option(s) " + String.join(", ", unknown)
                    + " (see 'collide4j help')");
        }
    }
}
