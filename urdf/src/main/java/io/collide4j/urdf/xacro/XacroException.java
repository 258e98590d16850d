package io.collide4j.urdf.xacro;

import io.collide4j.urdf.DescriptionException;

/**
 * A xacro file cannot be expanded: an undefined property, argument or macro, an expression outside the supported
 * Python subset or one that fails, a bad macro call, infinite macro recursion, an include loop or a missing
 * include. The message names the file and line of the element being expanded, the name involved, and the chain of
 * macro calls and includes that led there.
 */
public final class XacroException extends DescriptionException {
    public XacroException(String source, int line, String message) {
        super(source, line, message);
    }

    public XacroException(String source, int line, String message, Throwable cause) {
        super(source, line, message, cause);
    }
}
