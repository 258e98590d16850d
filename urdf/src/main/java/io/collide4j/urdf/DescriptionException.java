package io.collide4j.urdf;

/**
 * Base of every "this robot/mesh input is wrong" error: names the source (file or URI), the
 * 1-based line where known (0 when not), and what was expected. Subclasses say which kind.
 */
public class DescriptionException extends RuntimeException {
    private final String source;
    private final int line;

    public DescriptionException(String source, int line, String message) {
        this(source, line, message, null);
    }

    public DescriptionException(String source, int line, String message, Throwable cause) {
        super(source + (line > 0 ? ":" + line : "") + ": " + message, cause);
        this.source = source;
        this.line = line;
    }

    /** The file, resource or URI that holds the error. */
    public String source() {
        return source;
    }

    /** 1-based line of the offending element, 0 when unknown (e.g. binary files). */
    public int line() {
        return line;
    }
}
