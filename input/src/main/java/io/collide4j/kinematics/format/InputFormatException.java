package io.collide4j.kinematics.format;

/**
 * Bad input text: the message names the source (file), the place (JSON path such as
 * {@code world.collision_objects[2].id}, and line and column when known) and what was expected.
 * An {@link IllegalArgumentException}, so callers that map bad input to one exit code need no new case.
 */
public final class InputFormatException extends IllegalArgumentException {
    private final String source;
    private final String path;
    private final int line;
    private final int column;
    private final String detail;

    /**
     * @param path   where in the document, "" for the whole document
     * @param line   1-based line, 0 when unknown
     * @param column 1-based column, 0 when unknown
     */
    public InputFormatException(String source, String path, int line, int column, String detail) {
        super(format(source, path, line, column, detail));
        this.source = source;
        this.path = path;
        this.line = line;
        this.column = column;
        this.detail = detail;
    }

    private static String format(String source, String path, int line, int column, String detail) {
        StringBuilder b = new StringBuilder(source);
        if (line > 0) {
            b.append(':').append(line);
            if (column > 0) {
                b.append(':').append(column);
            }
        }
        b.append(": ");
        if (!path.isEmpty()) {
            b.append(path).append(": ");
        }
        return b.append(detail).toString();
    }

    public String source() {
        return source;
    }

    public String path() {
        return path;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }

    /** The message without source and place. */
    public String detail() {
        return detail;
    }
}
