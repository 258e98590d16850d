package io.collide4j.urdf;

/** A collision mesh reference could not be resolved to a readable file; lists the places searched. */
public final class MeshNotFoundException extends DescriptionException {
    private final String filename;

    public MeshNotFoundException(String source, int line, String filename, String message) {
        super(source, line, message);
        this.filename = filename;
    }

    /** The mesh reference as written in the URDF. */
    public String filename() {
        return filename;
    }
}
