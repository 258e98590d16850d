package io.collide4j.urdf.json;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.io.StringWriter;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;

/**
 * A streaming JSON writer, compact or pretty (two-space indent). Doubles are written with
 * {@link Double#toString}, so {@link Json#parse} reads back the identical bits; non-finite
 * doubles are rejected (JSON has no spelling for them). Structural misuse (a value where a name
 * is expected, unbalanced end calls) throws {@link IllegalStateException}. Not thread-safe: one
 * writer per thread. I/O errors surface as {@link UncheckedIOException}.
 */
public final class JsonWriter {
    private enum Scope { ARRAY, OBJECT }

    private final Writer out;
    private final boolean pretty;
    private final Deque<Scope> scopes = new ArrayDeque<>();
    /** Per open scope: whether it already holds an element (needs a comma before the next). */
    private final Deque<Boolean> nonEmpty = new ArrayDeque<>();
    private boolean nameWritten;
    private boolean topLevelDone;

    public JsonWriter(Writer out, boolean pretty) {
        this.out = out;
        this.pretty = pretty;
    }

    /** Serialises a plain value tree (Map with String keys, List, String, Number, Boolean, null). */
    public static String write(Object value, boolean pretty) {
        StringWriter sw = new StringWriter();
        new JsonWriter(sw, pretty).value(value);
        return sw.toString();
    }

    public JsonWriter beginObject() {
        beforeValue();
        emit('{');
        scopes.push(Scope.OBJECT);
        nonEmpty.push(false);
        return this;
    }

    public JsonWriter endObject() {
        return end(Scope.OBJECT, '}');
    }

    public JsonWriter beginArray() {
        beforeValue();
        emit('[');
        scopes.push(Scope.ARRAY);
        nonEmpty.push(false);
        return this;
    }

    public JsonWriter endArray() {
        return end(Scope.ARRAY, ']');
    }

    /** Writes a member name; the next call must write its value. */
    public JsonWriter name(String name) {
        if (scopes.peek() != Scope.OBJECT || nameWritten) {
            throw new IllegalStateException("a member name is only allowed directly inside an object, before its value");
        }
        separator();
        string(name);
        emit(pretty ? ": " : ":");
        nameWritten = true;
        return this;
    }

    public JsonWriter value(String s) {
        if (s == null) {
            return nullValue();
        }
        beforeValue();
        string(s);
        return this;
    }

    public JsonWriter value(double d) {
        if (!Double.isFinite(d)) {
            throw new IllegalArgumentException("JSON cannot represent the non-finite number " + d);
        }
        beforeValue();
        emit(Double.toString(d));
        return this;
    }

    public JsonWriter value(long l) {
        beforeValue();
        emit(Long.toString(l));
        return this;
    }

    public JsonWriter value(boolean b) {
        beforeValue();
        emit(b ? "true" : "false");
        return this;
    }

    public JsonWriter nullValue() {
        beforeValue();
        emit("null");
        return this;
    }

    /** Writes any plain value tree; integral boxed types are written as integers, others as doubles. */
    public JsonWriter value(Object v) {
        if (v == null) {
            return nullValue();
        } else if (v instanceof String s) {
            return value(s);
        } else if (v instanceof Boolean b) {
            return value(b.booleanValue());
        } else if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
            return value(((Number) v).longValue());
        } else if (v instanceof Number n) {
            return value(n.doubleValue());
        } else if (v instanceof Map<?, ?> m) {
            beginObject();
            for (Map.Entry<?, ?> e : m.entrySet()) {
                if (!(e.getKey() instanceof String key)) {
                    throw new IllegalArgumentException("JSON object keys must be strings, got " + e.getKey());
                }
                name(key);
                value(e.getValue());
            }
            return endObject();
        } else if (v instanceof List<?> list) {
            beginArray();
            for (Object o : list) {
                value(o);
            }
            return endArray();
        } else if (v instanceof double[] a) {
            beginArray();
            for (double d : a) {
                value(d);
            }
            return endArray();
        }
        throw new IllegalArgumentException("cannot write " + v.getClass().getName() + " as JSON");
    }

    /** Flushes the underlying writer. */
    public void flush() {
        try {
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private JsonWriter end(Scope scope, char close) {
        if (scopes.peek() != scope || nameWritten) {
            throw new IllegalStateException("end" + (scope == Scope.OBJECT ? "Object" : "Array")
                    + " does not match the open scope " + scopes.peek() + (nameWritten ? " (a name awaits its value)" : ""));
        }
        scopes.pop();
        boolean had = nonEmpty.pop();
        if (pretty && had) {
            newline();
        }
        emit(close);
        if (scopes.isEmpty()) {
            topLevelDone = true;
        }
        return this;
    }

    private void beforeValue() {
        Scope s = scopes.peek();
        if (s == null) {
            if (topLevelDone) {
                throw new IllegalStateException("a JSON text holds exactly one top-level value");
            }
            topLevelDone = true; // overwritten by end() for containers, which finish later
            return;
        }
        if (s == Scope.OBJECT) {
            if (!nameWritten) {
                throw new IllegalStateException("an object member needs name(...) before its value");
            }
            nameWritten = false;
            return;
        }
        separator();
    }

    private void separator() {
        if (nonEmpty.peek()) {
            emit(',');
        }
        nonEmpty.pop();
        nonEmpty.push(true);
        if (pretty) {
            newline();
        }
    }

    private void newline() {
        emit('\n');
        for (int i = 0; i < scopes.size(); i++) {
            emit("  ");
        }
    }

    private void string(String s) {
        StringBuilder b = new StringBuilder(s.length() + 2);
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                case '\b' -> b.append("\\b");
                case '\f' -> b.append("\\f");
                default -> {
                    // Control characters and lone surrogates are escaped so the output is valid UTF-8 JSON.
                    if (c < 0x20 || c == 0x7f || c == '\u2028' || c == '\u2029'
                            || (Character.isSurrogate(c) && !pairedSurrogate(s, i))) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        b.append('"');
        emit(b);
    }

    private static boolean pairedSurrogate(String s, int i) {
        char c = s.charAt(i);
        if (Character.isHighSurrogate(c)) {
            return i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
        }
        return i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
    }

    private void emit(CharSequence s) {
        try {
            out.append(s);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void emit(char c) {
        try {
            out.write(c);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
