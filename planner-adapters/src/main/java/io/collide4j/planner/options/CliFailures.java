package io.collide4j.planner.options;

import io.collide4j.urdf.DecimalText;
import io.collide4j.urdf.DescriptionException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.util.List;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine;

/**
 * How a failure while reading options and inputs becomes one {@link CliException} with its exit code and one line
 * of text. Shared by the {@code collide4j} command line (module {@code cli}) and the library entry points that take
 * the same robot and scene options ({@link CertifyApi}, {@link CheckerOptions}: the embedded, JNI and Spark callers),
 * so that both report a bad input with the same code and wording. Stateless, thread-safe.
 */
public final class CliFailures {
    private CliFailures() {}

    /** picocli's converter for every double option: a finite decimal, else a usage error naming the text. */
    public static Double finite(String text) {
        try {
            double d = DecimalText.parse(text);
            if (Double.isFinite(d)) {
                return d;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new CommandLine.TypeConversionException("expected a finite number, got '" + text + "'");
    }

    /**
     * The {@link CliException} for what a command threw while reading its inputs: bad input data (65) with the
     * defaults the command used, a file that cannot be read (66), or {@code null} when it is none of these (an
     * internal error for the caller to report).
     */
    public static @Nullable CliException failure(Throwable e, CliCommand command) {
        if (e instanceof CliException c) {
            boolean input = c.exitCode() == ExitCode.DATA_ERROR.status() || c.exitCode() == ExitCode.USAGE.status();
            return input ? new CliException(c.code(), c.getMessage() + defaults(command), c) : c;
        }
        if (e instanceof DescriptionException || e instanceof IllegalArgumentException) {
            return new CliException(ExitCode.DATA_ERROR, oneLine(e.getMessage()) + defaults(command), e);
        }
        if (e instanceof UncheckedIOException u) {
            IOException cause = u.getCause();
            if (cause instanceof CharacterCodingException) {
                return new CliException(ExitCode.DATA_ERROR, u.getMessage() + ": not UTF-8 text (a binary file?)", u);
            }
            // the file could not be opened or read: missing, unreadable, a folder
            return new CliException(ExitCode.NO_INPUT, u.getMessage() + (cause != null ? " (" + cause + ")" : ""), u);
        }
        return null;
    }

    /** "; defaults used: ..." when the command used defaults the user did not choose, else "". */
    private static String defaults(CliCommand command) {
        List<String> d = command.defaultsUsed();
        return d.isEmpty() ? "" : "; defaults used: " + String.join(", ", d);
    }

    private static String oneLine(@Nullable String s) {
        return s == null ? "(no message)" : s.replace('\n', ' ');
    }

    /** The first line of a picocli message, which continues with usage text the one-line report leaves out. */
    public static String firstLine(@Nullable String s) {
        if (s == null) {
            return "bad command line";
        }
        int nl = s.indexOf('\n');
        return (nl < 0 ? s : s.substring(0, nl)).trim();
    }
}
