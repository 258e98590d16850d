package io.collide4j.urdf.xacro;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A property table (xacro's {@code Table}): names to values, a parent table, and at the bottom the global
 * symbols ({@code math}, {@code xacro}, builtins). Property texts set lazily are evaluated on first read, in the
 * table that holds them, and kept; a definition that needs itself is an error naming the chain. A table made for
 * {@code xacro:include ns="..."} is a namespace, read with {@code ns.name}. Not thread-safe: one expansion.
 */
final class Symbols {
    /** Evaluates property text ({@code ${...}} and {@code $(...)}) in a table; the processor's eval_text. */
    interface TextEvaluator {
        Object evalText(String text, Symbols scope);
    }

    /** Raised by {@link #lookup} when no table and no global symbol has the name. */
    static final class NotFound extends RuntimeException {
        NotFound(String name) {
            super(name, null, false, false);
        }
    }

    private final Symbols parent;
    private final Map<String, Object> globals;
    private final boolean namespace;
    private final TextEvaluator evaluator;
    private final Warnings warnings;
    private final Map<String, Object> values = new HashMap<>();
    private final Set<String> unevaluated = new HashSet<>();
    private final List<String> resolving = new ArrayList<>();

    private Symbols(
            Symbols parent,
            Map<String, Object> globals,
            boolean namespace,
            TextEvaluator evaluator,
            Warnings warnings) {
        this.parent = parent;
        this.globals = globals;
        this.namespace = namespace;
        this.evaluator = evaluator;
        this.warnings = warnings;
    }

    /** The top-level table of a document over these global symbols. */
    static Symbols top(Map<String, Object> globals, TextEvaluator evaluator, Warnings warnings) {
        return new Symbols(null, globals, false, evaluator, warnings);
    }

    /** A fixed namespace of global functions ({@code math}, {@code python}, {@code xacro}). */
    static Symbols builtinNamespace(Map<String, Object> members) {
        Symbols s = new Symbols(null, Map.of(), true, null, null);
        s.values.putAll(members);
        return s;
    }

    /** A child scope (a macro call's parameters). */
    Symbols child() {
        return new Symbols(this, globals, false, evaluator, warnings);
    }

    /** A namespace whose misses fall through to this table ({@code xacro:include ns=}). */
    Symbols namespaceChild() {
        return new Symbols(this, globals, true, evaluator, warnings);
    }

    boolean isNamespace() {
        return namespace;
    }

    /** The parent table; null when the parent is the global symbols. */
    Symbols parent() {
        return parent;
    }

    /** The document's top-level table (the one right above the global symbols). */
    Symbols topLevel() {
        Symbols p = this;
        while (p.parent != null) {
            p = p.parent;
        }
        return p;
    }

    boolean contains(String key) {
        return values.containsKey(key) || (parent != null ? parent.contains(key) : globals.containsKey(key));
    }

    boolean isGlobal(String key) {
        return globals.containsKey(key);
    }

    Object lookup(String key) {
        if (values.containsKey(key)) {
            return resolve(key);
        }
        if (parent != null) {
            return parent.lookup(key);
        }
        if (globals.containsKey(key)) {
            return globals.get(key);
        }
        throw new NotFound(key);
    }

    /** {@code ns.name}: NameError when missing, as xacro's NameSpace. */
    Object attribute(String name) {
        try {
            return lookup(name);
        } catch (NotFound e) {
            throw PyError.name(name);
        }
    }

    private Object resolve(String key) {
        if (unevaluated.contains(key)) {
            if (resolving.contains(key)) {
                List<String> chain = new ArrayList<>(resolving);
                chain.add(key);
                throw new PyError(
                        "XacroException",
                        "circular variable definition: " + String.join(" -> ", chain)
                                + "; consider disabling lazy evaluation via lazy_eval=\"false\"");
            }
            resolving.add(key);
            try {
                values.put(key, evalLiteral(evaluator.evalText((String) values.get(key), this)));
                unevaluated.remove(key);
            } finally {
                resolving.remove(key);
            }
        }
        return values.get(key);
    }

    /** xacro's {@code Table._setitem}: literal numbers and booleans typed now; other text kept for later when lazy. */
    void set(String key, Object value, boolean lazy) {
        if (globals.containsKey(key) && warnings != null) {
            warnings.warn("redefining global symbol: " + key);
        }
        Object v = evalLiteral(value);
        values.put(key, v);
        if (lazy && v instanceof String) {
            unevaluated.add(key);
        } else {
            unevaluated.remove(key);
        }
    }

    /** Removes the name from this table and every parent up to the global symbols. */
    void remove(String key) {
        for (Symbols p = this; p != null; p = p.parent) {
            p.values.remove(key);
            p.unevaluated.remove(key);
        }
        if (globals.containsKey(key) && warnings != null) {
            warnings.warn("Cannot remove global symbol: " + key);
        }
    }

    /**
     * xacro's {@code _eval_literal}: {@code 'quoted'} loses its quotes; text without underscores that Python's
     * {@code int()} or {@code float()} accepts becomes that number; {@code true}/{@code True}/{@code false}/{@code False}
     * become booleans; anything else stays.
     */
    static Object evalLiteral(Object value) {
        if (!(value instanceof String)) {
            return value;
        }
        String s = (String) value;
        if (s.length() >= 2 && s.charAt(0) == '\'' && s.charAt(s.length() - 1) == '\'') {
            return s.substring(1, s.length() - 1);
        }
        if (s.contains("_")) {
            return s;
        }
        Long i = PyNumbers.parseInt(s, 10);
        if (i != null) {
            return i;
        }
        if (s.strip().matches("[+-]?\\d+")) {
            return s; // an int beyond 64 bits: kept as its digits (printed as Python would), never turned into a float
        }
        Double d = PyNumbers.parseFloat(s);
        if (d != null) {
            return d;
        }
        switch (s) {
            case "true":
            case "True":
                return true;
            case "false":
            case "False":
                return false;
            default:
                return s;
        }
    }
}
