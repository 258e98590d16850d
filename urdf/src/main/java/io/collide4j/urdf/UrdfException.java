package io.collide4j.urdf;

/**
 * A URDF element is invalid: missing or malformed attribute (including NaN/inf), unsupported
 * joint type (floating, planar), zero axis, bad geometry. Names the element and its line.
 */
public final class UrdfException extends DescriptionException {
    private final String element;

    public UrdfException(String source, int line, String element, String message) {
        super(source, line, element + ": " + message);
        this.element = element;
    }

    /** A readable path to the offending element, e.g. {@code joint 'j1' / axis}. */
    public String element() {
        return element;
    }
}
