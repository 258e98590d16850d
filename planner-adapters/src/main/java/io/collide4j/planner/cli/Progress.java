package io.collide4j.planner.cli;

import java.io.PrintStream;
import java.util.Locale;

/** A one-line progress bar on stderr ({@code \r}-redrawn, at most 100 redraws); silent for a single step. */
final class Progress {
    private final PrintStream err;
    private final String label;
    private final long total;
    private int drawnPercent = -1;

    Progress(PrintStream err, String label, long total) {
        this.err = err;
        this.label = label;
        this.total = total;
    }

    void update(long done) {
        if (total <= 1) {
            return;
        }
        int percent = (int) (100 * done / total);
        if (percent == drawnPercent) {
            return;
        }
        drawnPercent = percent;
        int filled = percent * 30 / 100;
        err.printf(Locale.ROOT, "\r%-14s [%s%s] %3d%% (%d/%d)", label, "#".repeat(filled), ".".repeat(30 - filled),
                percent, done, total);
        if (done >= total) {
            err.println();
        }
        err.flush();
    }
}
