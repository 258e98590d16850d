package io.collide4j.checker.ccd.io;

/** Malformed CCD query or ground-truth file; the message names the file, line/index and what was expected. */
public class CcdDataFormatException extends RuntimeException {

    public CcdDataFormatException(String message) {
        super(message);
    }

    public CcdDataFormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
