package io.collide4j.urdf;

/** The input is not well-formed XML (reported with the parser's line and column). */
public final class XmlSyntaxException extends DescriptionException {
    public XmlSyntaxException(String source, int line, String message, Throwable cause) {
        super(source, line, message, cause);
    }
}
