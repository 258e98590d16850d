package io.collide4j.urdf.mesh;

import io.collide4j.urdf.DescriptionException;

/**
 * A mesh file is malformed (truncated, bad index, non-finite coordinate, unsupported construct).
 * Text formats report the 1-based line; binary STL reports the byte offset ({@link #offset()}, -1 if n/a).
 */
public final class MeshFormatException extends DescriptionException {
    private final long offset;

    public MeshFormatException(String source, int line, String message) {
        super(source, line, message);
        this.offset = -1;
    }

    public MeshFormatException(String source, long offset, String message, boolean binary) {
        super(source, 0, "byte offset " + offset + ": " + message);
        this.offset = offset;
    }

    /** Byte offset of the problem in a binary file, -1 for text formats. */
    public long offset() {
        return offset;
    }
}
