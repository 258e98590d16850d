package io.collide4j.urdf.json;

/** Malformed JSON: names the source, the 1-based line and column, and what was expected there. */
public final class JsonException extends RuntimeException {
    private final String source;
    private final int line;
    private final int column;

    public JsonException(String source, int line, int column, String message) {
        super(source + ":" + line + ":" + column + ": " + message);
        this.source = source;
        this.line = line;
        this.column = column;
    }

    /** The source name given to the parser (a file name, resource name or "&lt;string&gt;"). */
    public String source() {
        return source;
    }

    /** 1-based line of the offending character. */
    public int line() {
        return line;
    }

    /** 1-based column of the offending character. */
    public int column() {
        return column;
    }
}
