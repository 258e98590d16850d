package io.collide4j.urdf.xacro;

/**
 * An error raised while evaluating a {@code ${...}} expression, named like the Python exception xacro would
 * report ({@code NameError}, {@code TypeError}, ...) or {@code SubsetError} for syntax this interpreter does not
 * take. The processor turns it into a {@link XacroException} with file and line.
 */
final class PyError extends RuntimeException {
    private final String type;

    PyError(String type, String message) {
        super(message);
        this.type = type;
    }

    /** The Python exception name, e.g. {@code NameError}. */
    String type() {
        return type;
    }

    static PyError name(String name) {
        return new PyError("NameError", "name '" + name + "' is not defined");
    }

    static PyError typeError(String message) {
        return new PyError("TypeError", message);
    }

    static PyError value(String message) {
        return new PyError("ValueError", message);
    }

    static PyError subset(String message) {
        return new PyError("SubsetError", message + " (outside the Python subset xacro expressions are read with)");
    }
}
