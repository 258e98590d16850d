package io.collide4j.planner.embed;

import io.collide4j.planner.options.CliException;
import org.jspecify.annotations.Nullable;

/**
 * A refusal or failure of an {@link EmbeddedChecker} call: the message collide4j's command line would print
 * (without its {@code collide4j CMD:} prefix) and its {@link Kind}, which a binding maps to its own exception types.
 */
public final class EmbeddedException extends RuntimeException {
    /** What went wrong, in the CLI's terms (sysexits). */
    public enum Kind {
        /** Wrong options or arguments (CLI exit 64). */
        USAGE,
        /** Bad data: a value out of range, a wrong length, a malformed file (65). */
        DATA,
        /** An input file is missing or unreadable (66). */
        NO_INPUT,
        /** A bug: an unexpected exception (70); the cause has the details. */
        INTERNAL
    }

    private final Kind kind;

    EmbeddedException(Kind kind, String message, @Nullable Throwable cause) {
        super(message, cause);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }

    /** The kind's name, for bindings that compare strings rather than enum constants. */
    public String kindName() {
        return kind.name();
    }

    /** {@code e} as an embedded failure: CLI failures keep their exit code's kind, argument errors are bad data. */
    static EmbeddedException of(RuntimeException e) {
        if (e instanceof EmbeddedException x) {
            return x;
        }
        if (e instanceof CliException c) {
            Kind k = switch (c.code()) {
                case USAGE -> Kind.USAGE;
                case DATA_ERROR -> Kind.DATA;
                case NO_INPUT -> Kind.NO_INPUT;
                default -> Kind.INTERNAL;
            };
            return new EmbeddedException(k, c.getMessage(), c);
        }
        if (e instanceof IllegalArgumentException) {
            return new EmbeddedException(Kind.DATA, e.getMessage(), e);
        }
        return new EmbeddedException(Kind.INTERNAL, "internal error: " + e, e);
    }
}
