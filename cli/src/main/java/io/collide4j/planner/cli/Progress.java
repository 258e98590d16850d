package io.collide4j.planner.cli;

import io.collide4j.planner.options.CliCommand;
import java.io.PrintStream;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * Progress of long work on stderr (results stay on stdout): a {@code \r}-redrawn bar when stderr is a terminal
 * ({@code System.console() != null}), plain lines at most every {@link #LINE_INTERVAL_NANOS} when it is not (logs,
 * CI, pipes), and a last line when done if any was printed (work shorter than the interval prints nothing), nothing
 * with {@code --quiet}. Silent for a single step. Not thread-safe: one worker reports.
 */
public final class Progress {
    /** How progress is shown. */
    enum Mode {
        /** One line redrawn in place with {@code \r} (at most 100 redraws). */
        BAR,
        /** A plain line at most every {@link #LINE_INTERVAL_NANOS}, and one when done after any of those. */
        LINES,
        /** Nothing. */
        QUIET
    }

    /** Plain-line mode: at most one line per this many nanoseconds (10 s). */
    static final long LINE_INTERVAL_NANOS = 10_000_000_000L;

    private final PrintStream err;
    private final String label;
    private final long total;
    private final Mode mode;
    private final LongSupplier clock;
    private final long started;
    private int drawnPercent = -1;
    private long lastLine;
    private boolean finished;
    private boolean printedLine;

    Progress(PrintStream err, String label, long total, Mode mode, LongSupplier nanoClock) {
        this.err = err;
        this.label = label;
        this.total = total;
        this.mode = mode;
        this.clock = nanoClock;
        this.started = nanoClock.getAsLong();
        this.lastLine = started;
    }

    /** Progress for a command: quiet with {@code --quiet}, a bar on a terminal, plain lines otherwise. */
    public static Progress of(CliCommand command, String label, long total) {
        Mode mode = command.common.quiet
                ? Mode.QUIET
                : System.console() != null && command.err == System.err ? Mode.BAR : Mode.LINES;
        return new Progress(command.err, label, total, mode, System::nanoTime);
    }

    Mode mode() {
        return mode;
    }

    public void update(long done) {
        if (total <= 1 || mode == Mode.QUIET || finished) {
            return;
        }
        boolean end = done >= total;
        finished = end;
        int percent = (int) (100 * Math.min(done, total) / total);
        if (mode == Mode.BAR) {
            if (percent == drawnPercent && !end) {
                return;
            }
            drawnPercent = percent;
            int filled = percent * 30 / 100;
            err.printf(
                    Locale.ROOT,
                    "\r%-14s [%s%s] %3d%% (%d/%d)",
                    label,
                    "#".repeat(filled),
                    ".".repeat(30 - filled),
                    percent,
                    done,
                    total);
            if (end) {
                err.println();
            }
        } else {
            long now = clock.getAsLong();
            if (end ? !printedLine : now - lastLine < LINE_INTERVAL_NANOS) {
                return;
            }
            lastLine = now;
            printedLine = true;
            double elapsed = (now - started) / 1e9;
            String eta = end || done == 0
                    ? ""
                    : String.format(Locale.ROOT, ", about %.0f s left", elapsed * (total - done) / done);
            err.printf(Locale.ROOT, "%s: %d/%d (%d%%) after %.1f s%s%n", label, done, total, percent, elapsed, eta);
        }
        err.flush();
    }

    /** Work that ended short of the total (a violation, a budget run out): ends a drawn bar's line, prints no more. */
    public void stop() {
        if (mode == Mode.BAR && drawnPercent >= 0 && !finished) {
            err.println();
            err.flush();
        }
        finished = true;
    }
}
