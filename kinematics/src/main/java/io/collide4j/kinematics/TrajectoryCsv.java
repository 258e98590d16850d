package io.collide4j.kinematics;

import io.collide4j.kinematics.format.VisibleText;
import io.collide4j.urdf.DecimalText;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * CSV form of a {@link JointTrajectory}. Header: an optional {@code time} column, one column per joint
 * (the joint's name; checkers map columns onto joints by name, see {@code JointColumns}), then optionally {@code <joint>.velocity} for
 * every joint and, after those, {@code <joint>.acceleration} for every joint, in the same joint order.
 * One waypoint per row. A file without a header (its first row is numbers) holds positions only, its columns
 * named by position alone ({@link JointTrajectory#hasJointNames()} false); a header must name its columns.
 * Blank lines and lines starting with {@code #} are skipped. Numbers are written
 * with {@link Double#toString}, so a round trip is exact. Errors name the source, line and column.
 * Stateless and thread-safe.
 */
public final class TrajectoryCsv {
    private static final String VEL = ".velocity";
    private static final String ACC = ".acceleration";

    private TrajectoryCsv() {}

    /** U+FEFF at the start of a file: a UTF-8 byte order mark, not part of the first column's name. */
    private static final String BOM = "\uFEFF";

    /** Checks the joint columns a header names (all of them at once), before the trajectory is built. */
    @FunctionalInterface
    public interface HeaderCheck {
        /** @throws IllegalArgumentException saying what is wrong with the names */
        void check(List<String> jointColumns);
    }

    public static JointTrajectory read(Path file) {
        return read(file, null);
    }

    /** Reads a file; {@code check} (may be null) sees the header's joint columns first, errors name file and line. */
    public static JointTrajectory read(Path file, HeaderCheck check) {
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return read(r, file.toString(), check);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    public static JointTrajectory parse(String text) {
        return read(new StringReader(text), "<string>");
    }

    public static JointTrajectory read(Reader reader, String source) {
        return read(reader, source, null);
    }

    public static JointTrajectory read(Reader reader, String source, HeaderCheck check) {
        try {
            BufferedReader in = new BufferedReader(reader);
            String[] header = null;
            int lineNo = 0;
            boolean hasTime = false;
            int n = 0;
            int blocks = 0;
            List<double[]> rows = new ArrayList<>();
            List<Integer> rowLines = new ArrayList<>();
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                lineNo++;
                if (lineNo == 1 && line.startsWith(BOM)) {
                    line = line.substring(1); // spreadsheet programs begin UTF-8 CSV with a byte order mark
                }
                String t = line.strip();
                if (t.isEmpty() || t.startsWith("#")) {
                    continue;
                }
                String[] cells = t.split(",", -1);
                for (int i = 0; i < cells.length; i++) {
                    cells[i] = cells[i].strip();
                }
                if (header == null && isNumeric(cells)) {
                    return headerless(in, cells, lineNo, source);
                }
                if (header == null) {
                    header = cells;
                    hasTime = cells[0].equals("time");
                    int cols = cells.length - (hasTime ? 1 : 0);
                    int off = hasTime ? 1 : 0;
                    n = 0;
                    while (off + n < cells.length && !cells[off + n].endsWith(VEL) && !cells[off + n].endsWith(ACC)) {
                        if (cells[off + n].isEmpty()) {
                            throw new TrajectoryFormatException(
                                    source,
                                    lineNo,
                                    "header column " + (off + n + 1) + " is empty, expected a joint name",
                                    null);
                        }
                        n++;
                    }
                    if (n == 0) {
                        throw new TrajectoryFormatException(source, lineNo, "header has no joint columns", null);
                    }
                    if (cols % n != 0 || cols / n > 3) {
                        throw new TrajectoryFormatException(
                                source,
                                lineNo,
                                "header has " + cols + " value columns for "
                                        + n + " joints, expected " + n + ", " + 2 * n + " (with velocities) or " + 3 * n
                                        + " (with accelerations)",
                                null);
                    }
                    blocks = cols / n;
                    if (check != null) {
                        try {
                            check.check(List.of(cells).subList(off, off + n));
                        } catch (IllegalArgumentException e) {
                            throw new TrajectoryFormatException(source, lineNo, "header: " + e.getMessage(), e);
                        }
                    }
                    for (int b = 1; b < blocks; b++) {
                        String suffix = b == 1 ? VEL : ACC;
                        for (int j = 0; j < n; j++) {
                            String expect = cells[off + j] + suffix;
                            if (!cells[off + b * n + j].equals(expect)) {
                                throw new TrajectoryFormatException(
                                        source,
                                        lineNo,
                                        "header column " + (off + b * n + j + 1) + " is '"
                                                + VisibleText.of(cells[off + b * n + j]) + "', expected '" + expect
                                                + "'",
                                        null);
                            }
                        }
                    }
                    continue;
                }
                if (cells.length != header.length) {
                    throw new TrajectoryFormatException(
                            source,
                            lineNo,
                            "row has " + cells.length + " columns, the header has " + header.length,
                            null);
                }
                double[] row = new double[cells.length];
                for (int i = 0; i < cells.length; i++) {
                    try {
                        row[i] = DecimalText.parse(cells[i]);
                    } catch (NumberFormatException e) {
                        throw new TrajectoryFormatException(
                                source,
                                lineNo,
                                "column " + (i + 1) + " (" + VisibleText.of(header[i]) + ") is '"
                                        + VisibleText.of(cells[i]) + "', expected a number",
                                e);
                    }
                }
                rows.add(row);
                rowLines.add(lineNo);
            }
            if (header == null) {
                throw new TrajectoryFormatException(source, 0, "no header line", null);
            }
            int w = rows.size();
            int off = hasTime ? 1 : 0;
            double[] times = hasTime ? new double[w] : null;
            double[][] q = new double[w][n];
            double[][] v = blocks >= 2 ? new double[w][n] : null;
            double[][] a = blocks >= 3 ? new double[w][n] : null;
            for (int k = 0; k < w; k++) {
                double[] row = rows.get(k);
                if (hasTime) {
                    times[k] = row[0];
                }
                System.arraycopy(row, off, q[k], 0, n);
                if (v != null) {
                    System.arraycopy(row, off + n, v[k], 0, n);
                }
                if (a != null) {
                    System.arraycopy(row, off + 2 * n, a[k], 0, n);
                }
            }
            List<String> names = List.of(header).subList(off, off + n);
            try {
                return new JointTrajectory(names, times, q, v, a);
            } catch (TrajectoryException e) {
                int line = e.waypoint() >= 0 && e.waypoint() < w ? rowLines.get(e.waypoint()) : 0;
                throw new TrajectoryFormatException(source, line, e.getMessage(), e);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + source, e);
        }
    }

    private static boolean isNumeric(String[] cells) {
        for (String c : cells) {
            if (!DecimalText.isDecimal(c)) {
                return false;
            }
        }
        return true;
    }

    /** Rows of positions only, no header: every row as wide as the first, every cell a number. */
    private static JointTrajectory headerless(BufferedReader in, String[] first, int firstLine, String source)
            throws IOException {
        List<double[]> rows = new ArrayList<>();
        List<Integer> rowLines = new ArrayList<>();
        int lineNo = firstLine;
        for (String[] cells = first; cells != null; ) {
            if (cells.length != first.length) {
                throw new TrajectoryFormatException(
                        source,
                        lineNo,
                        "row has " + cells.length + " columns, the first row has " + first.length
                                + " (a file without a header holds positions only)",
                        null);
            }
            double[] row = new double[cells.length];
            for (int i = 0; i < cells.length; i++) {
                try {
                    row[i] = DecimalText.parse(cells[i]);
                } catch (NumberFormatException e) {
                    throw new TrajectoryFormatException(
                            source,
                            lineNo,
                            "column " + (i + 1) + " is '" + VisibleText.of(cells[i])
                                    + "', expected a number (the file has no header)",
                            e);
                }
            }
            rows.add(row);
            rowLines.add(lineNo);
            cells = null;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                lineNo++;
                if (lineNo == 1 && line.startsWith(BOM)) {
                    line = line.substring(1); // spreadsheet programs begin UTF-8 CSV with a byte order mark
                }
                String t = line.strip();
                if (!t.isEmpty() && !t.startsWith("#")) {
                    cells = t.split(",", -1);
                    for (int i = 0; i < cells.length; i++) {
                        cells[i] = cells[i].strip();
                    }
                    break;
                }
            }
        }
        try {
            return JointTrajectory.unnamedPositions(rows.toArray(new double[0][]));
        } catch (TrajectoryException e) {
            int w = e.waypoint();
            throw new TrajectoryFormatException(
                    source, w >= 0 && w < rowLines.size() ? rowLines.get(w) : firstLine, e.getMessage(), e);
        }
    }

    public static void write(JointTrajectory t, Writer out) {
        try {
            List<String> names = t.jointNames();
            StringBuilder sb = new StringBuilder();
            List<String> cols = new ArrayList<>();
            if (t.hasTimes()) {
                cols.add("time");
            }
            cols.addAll(names);
            if (t.hasVelocities()) {
                names.forEach(nm -> cols.add(nm + VEL));
            }
            if (t.hasAccelerations()) {
                names.forEach(nm -> cols.add(nm + ACC));
            }
            sb.append(String.join(",", cols)).append('\n');
            out.write(sb.toString());
            for (int k = 0; k < t.waypointCount(); k++) {
                sb.setLength(0);
                if (t.hasTimes()) {
                    sb.append(t.time(k)).append(',');
                }
                append(sb, t.positions(k));
                if (t.hasVelocities()) {
                    sb.append(',');
                    append(sb, t.velocities(k));
                }
                if (t.hasAccelerations()) {
                    sb.append(',');
                    append(sb, t.accelerations(k));
                }
                out.write(sb.append('\n').toString());
            }
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static String toString(JointTrajectory t) {
        StringWriter w = new StringWriter();
        write(t, w);
        return w.toString();
    }

    public static void write(JointTrajectory t, Path file) {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            write(t, w);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    private static void append(StringBuilder sb, double[] v) {
        for (int i = 0; i < v.length; i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(v[i]);
        }
    }
}
