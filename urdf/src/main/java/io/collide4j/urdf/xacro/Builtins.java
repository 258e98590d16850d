package io.collide4j.urdf.xacro;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * xacro's global symbols: the builtins it exposes directly ({@code list dict map len str float int min max round},
 * {@code sorted range}), the {@code python} namespace, every {@code math} function and constant ({@link MathModule};
 * also directly, as xacro does) and the {@code xacro} namespace ({@code load_yaml}, {@code arg}, {@code warning}, ...). Domain errors
 * raise ValueError as Python's math module does: no NaN is ever produced from finite arguments.
 */
final class Builtins {
    /** What the {@code xacro.*} functions need from the expansion in progress. */
    interface Host {
        Object loadYaml(String filename);

        String absFilename(String filename);

        String arg(String name);

        /** Prints a message, with the location (macro and file stack) when asked. */
        void message(String text, boolean warning, boolean location);
    }

    private Builtins() {}

    /** The global symbol table for one expansion. */
    static Map<String, Object> globals(Host host) {
        Map<String, Object> python = new LinkedHashMap<>();
        fn(python, "list", a -> new ArrayList<>(a.isEmpty() ? List.of() : Py.iterate(one("list", a))), 0, 1);
        python.put("dict", new Fn("dict", 0, 1) {
            @Override
            Object apply(List<Object> a, Map<String, Object> kw) {
                Map<Object, Object> out = new LinkedHashMap<>();
                if (!a.isEmpty()) {
                    Object src = a.get(0);
                    if (src instanceof Map) {
                        out.putAll((Map<?, ?>) src);
                    } else {
                        for (Object pair : Py.iterate(src)) {
                            List<Object> kv = Py.iterate(pair);
                            if (kv.size() != 2) {
                                throw PyError.value("dictionary update sequence element has length " + kv.size()
                                        + "; 2 is required");
                            }
                            out.put(kv.get(0), kv.get(1));
                        }
                    }
                }
                out.putAll(kw);
                return out;
            }
        });
        fn(
                python,
                "map",
                a -> {
                    PyCallable f = callable("map", a.get(0));
                    List<Object> out = new ArrayList<>();
                    List<List<Object>> its = new ArrayList<>();
                    for (Object o : a.subList(1, a.size())) {
                        its.add(Py.iterate(o));
                    }
                    int n = its.stream().mapToInt(List::size).min().orElse(0);
                    for (int i = 0; i < n; i++) {
                        List<Object> args = new ArrayList<>();
                        for (List<Object> it : its) {
                            args.add(it.get(i));
                        }
                        out.add(f.call(args, Map.of()));
                    }
                    return out;
                },
                2,
                9);
        fn(
                python,
                "len",
                a -> {
                    Object v = a.get(0);
                    if (v instanceof String) {
                        return (long) ((String) v).codePointCount(0, ((String) v).length());
                    }
                    if (v instanceof Map) {
                        return (long) ((Map<?, ?>) v).size();
                    }
                    if (v instanceof List || v instanceof PyTuple) {
                        return (long) Py.seq(v).size();
                    }
                    throw PyError.typeError("object of type '" + Py.typeName(v) + "' has no len()");
                },
                1,
                1);
        fn(python, "str", a -> a.isEmpty() ? "" : Py.str(a.get(0)), 0, 1);
        fn(python, "repr", a -> Py.repr(a.get(0)), 1, 1);
        fn(python, "float", a -> a.isEmpty() ? 0.0 : PyNumbers.toFloat(a.get(0)), 0, 1);
        python.put("int", new Fn("int", 0, 2) {
            @Override
            Object apply(List<Object> a, Map<String, Object> kw) {
                if (a.isEmpty()) {
                    return 0L;
                }
                if (a.size() == 2 || kw.containsKey("base")) {
                    Object base = a.size() == 2 ? a.get(1) : kw.get("base");
                    if (!(a.get(0) instanceof String)) {
                        throw PyError.typeError("int() can't convert non-string with explicit base");
                    }
                    int b = (int) Py.asLong(PyNumbers.toInt(base));
                    Long v = PyNumbers.parseInt((String) a.get(0), b);
                    if (v == null) {
                        throw PyError.value("invalid literal for int() with base " + b + ": " + Py.repr(a.get(0)));
                    }
                    return v;
                }
                return PyNumbers.toInt(a.get(0));
            }
        });
        python.put("True", true);
        python.put("False", false);
        fn(python, "min", a -> extreme("min", a, -1), 1, 99);
        fn(python, "max", a -> extreme("max", a, 1), 1, 99);
        fn(python, "round", a -> PyNumbers.round(a.get(0), a.size() > 1 ? a.get(1) : PyNone.NONE), 1, 2);
        fn(
                python,
                "abs",
                a -> {
                    Object v = a.get(0);
                    if (v instanceof Double) {
                        return Math.abs((Double) v);
                    }
                    if (Py.isInt(v)) {
                        return Operators.unary(Py.asLong(v) < 0 ? "-" : "+", Py.asLong(v));
                    }
                    throw PyError.typeError("bad operand type for abs(): '" + Py.typeName(v) + "'");
                },
                1,
                1);
        fn(python, "all", a -> Py.iterate(a.get(0)).stream().allMatch(Py::truthy), 1, 1);
        fn(python, "any", a -> Py.iterate(a.get(0)).stream().anyMatch(Py::truthy), 1, 1);
        fn(
                python,
                "divmod",
                a -> new PyTuple(
                        List.of(Operators.binary("//", a.get(0), a.get(1)), Operators.binary("%", a.get(0), a.get(1)))),
                2,
                2);
        fn(
                python,
                "enumerate",
                a -> {
                    List<Object> out = new ArrayList<>();
                    long i = a.size() > 1 ? Py.asLong(PyNumbers.toInt(a.get(1))) : 0;
                    for (Object o : Py.iterate(a.get(0))) {
                        out.add(new PyTuple(List.of(i++, o)));
                    }
                    return out;
                },
                1,
                2);
        fn(
                python,
                "filter",
                a -> {
                    List<Object> out = new ArrayList<>();
                    for (Object o : Py.iterate(a.get(1))) {
                        boolean keep = a.get(0) instanceof PyNone
                                ? Py.truthy(o)
                                : Py.truthy(callable("filter", a.get(0)).call(List.of(o), Map.of()));
                        if (keep) {
                            out.add(o);
                        }
                    }
                    return out;
                },
                2,
                2);
        fn(
                python,
                "ord",
                a -> {
                    if (!(a.get(0) instanceof String)) {
                        throw PyError.typeError(
                                "ord() expected string of length 1, but " + Py.typeName(a.get(0)) + " found");
                    }
                    String s = (String) a.get(0);
                    if (s.codePointCount(0, s.length()) != 1) {
                        throw PyError.typeError(
                                "ord() expected a character, but string of length " + s.length() + " found");
                    }
                    return (long) s.codePointAt(0);
                },
                1,
                1);
        fn(
                python,
                "reversed",
                a -> {
                    List<Object> out = new ArrayList<>(Py.iterate(a.get(0)));
                    Collections.reverse(out);
                    return out;
                },
                1,
                1);
        fn(
                python,
                "sum",
                a -> {
                    Object acc = a.size() > 1 ? a.get(1) : 0L;
                    for (Object o : Py.iterate(a.get(0))) {
                        acc = Operators.binary("+", acc, o);
                    }
                    return acc;
                },
                1,
                2);
        fn(python, "tuple", a -> new PyTuple(a.isEmpty() ? List.of() : Py.iterate(a.get(0))), 0, 1);
        fn(
                python,
                "zip",
                a -> {
                    List<List<Object>> its = new ArrayList<>();
                    a.forEach(o -> its.add(Py.iterate(o)));
                    int n = its.stream().mapToInt(List::size).min().orElse(0);
                    List<Object> out = new ArrayList<>();
                    for (int i = 0; i < n; i++) {
                        List<Object> t = new ArrayList<>();
                        for (List<Object> it : its) {
                            t.add(it.get(i));
                        }
                        out.add(new PyTuple(t));
                    }
                    return out;
                },
                0,
                99);
        python.put("sorted", new Fn("sorted", 1, 1) {
            @Override
            Object apply(List<Object> a, Map<String, Object> kw) {
                List<Object> out = new ArrayList<>(Py.iterate(a.get(0)));
                out.sort((x, y) -> Py.compare(x, y, "<"));
                if (kw.containsKey("reverse") && Py.truthy(kw.get("reverse"))) {
                    Collections.reverse(out);
                }
                if (kw.keySet().stream().anyMatch(k -> !k.equals("reverse"))) {
                    throw PyError.subset("sorted() with a key function");
                }
                return out;
            }
        });
        fn(
                python,
                "range",
                a -> {
                    long start = a.size() > 1 ? Py.asLong(PyNumbers.toInt(a.get(0))) : 0;
                    long stop = Py.asLong(PyNumbers.toInt(a.get(a.size() > 1 ? 1 : 0)));
                    long step = a.size() > 2 ? Py.asLong(PyNumbers.toInt(a.get(2))) : 1;
                    if (step == 0) {
                        throw PyError.value("range() arg 3 must not be zero");
                    }
                    List<Object> out = new ArrayList<>();
                    for (long i = start; step > 0 ? i < stop : i > stop; i += step) {
                        if (out.size() >= 10_000_000) {
                            throw PyError.subset("range longer than 10^7");
                        }
                        out.add(i);
                    }
                    return out;
                },
                1,
                3);
        for (String unsupported :
                List.of("complex", "frozenset", "hash", "isinstance", "issubclass", "slice", "set", "type")) {
            fn(
                    python,
                    unsupported,
                    a -> {
                        throw PyError.subset("python." + unsupported + "()");
                    },
                    0,
                    99);
        }

        Map<String, Object> math = MathModule.functions();
        Map<String, Object> xacro = new LinkedHashMap<>();
        fn(xacro, "load_yaml", a -> host.loadYaml(Py.str(a.get(0))), 1, 1);
        fn(xacro, "abs_filename", a -> host.absFilename(Py.str(a.get(0))), 1, 1);
        fn(
                xacro,
                "dotify",
                a -> {
                    if (!(a.get(0) instanceof Map)) {
                        throw PyError.typeError("dotify() expects a dict, not " + Py.typeName(a.get(0)));
                    }
                    return new YamlDict((Map<?, ?>) a.get(0));
                },
                1,
                1);
        fn(xacro, "arg", a -> host.arg(Py.str(a.get(0))), 1, 1);
        for (String level : List.of("message", "warning", "error", "print_location")) {
            xacro.put(level, new Fn(level, 0, 99) {
                @Override
                Object apply(List<Object> a, Map<String, Object> kw) {
                    boolean location = kw.containsKey("print_location")
                            ? Py.truthy(kw.get("print_location"))
                            : level.equals("warning") || level.equals("error") || level.equals("print_location");
                    List<String> parts = new ArrayList<>();
                    a.forEach(o -> parts.add(Py.str(o)));
                    host.message(String.join(" ", parts), !level.equals("message"), location);
                    return "";
                }
            });
        }
        fn(
                xacro,
                "fatal",
                a -> {
                    List<String> parts = new ArrayList<>();
                    a.forEach(o -> parts.add(Py.str(o)));
                    throw new PyError("XacroException", String.join(" ", parts));
                },
                0,
                99);
        xacro.put("tokenize", new Fn("tokenize", 1, 3) {
            @Override
            Object apply(List<Object> a, Map<String, Object> kw) {
                String sep = a.size() > 1 ? Py.str(a.get(1)) : kw.containsKey("sep") ? Py.str(kw.get("sep")) : ",; ";
                boolean skip = a.size() > 2
                        ? Py.truthy(a.get(2))
                        : !kw.containsKey("skip_empty") || Py.truthy(kw.get("skip_empty"));
                List<Object> out = new ArrayList<>();
                for (String s : Py.str(a.get(0))
                        .split(
                                "["
                                        + Pattern.quote(sep)
                                                .replace("\\Q", "")
                                                .replace("\\E", "")
                                                .replace("]", "\\]")
                                                .replace("[", "\\[")
                                        + "]",
                                -1)) {
                    if (!skip || !s.isEmpty()) {
                        out.add(s);
                    }
                }
                return out;
            }
        });

        Map<String, Object> g = new HashMap<>();
        for (String direct :
                List.of("list", "dict", "map", "len", "str", "float", "int", "True", "False", "min", "max", "round")) {
            g.put(direct, python.get(direct));
        }
        for (String deprecated : List.of("sorted", "range")) {
            g.put(deprecated, deprecated(python.get(deprecated), deprecated, "python", host));
        }
        g.put("python", Symbols.builtinNamespace(python));
        g.putAll(math);
        g.put("math", Symbols.builtinNamespace(math));
        for (String deprecated : List.of("load_yaml", "abs_filename", "dotify")) {
            g.put(deprecated, deprecated(xacro.get(deprecated), deprecated, "xacro", host));
        }
        g.put("xacro", Symbols.builtinNamespace(xacro));
        return g;
    }

    private static Object deprecated(Object f, String name, String ns, Host host) {
        PyCallable c = (PyCallable) f;
        return new PyCallable() {
            @Override
            public Object call(List<Object> args, Map<String, Object> kwargs) {
                host.message(
                        "Using " + name + "() directly is deprecated. Use " + ns + "." + name + "() instead.",
                        true,
                        false);
                return c.call(args, kwargs);
            }

            @Override
            public String name() {
                return name;
            }
        };
    }

    /** A builtin taking positional arguments only (or, in {@link #apply}, keywords it reads itself). */
    abstract static class Fn implements PyCallable {
        private final String name;
        private final int min;
        private final int max;

        Fn(String name, int min, int max) {
            this.name = name;
            this.min = min;
            this.max = max;
        }

        abstract Object apply(List<Object> args, Map<String, Object> kwargs);

        @Override
        public final Object call(List<Object> args, Map<String, Object> kwargs) {
            if (args.size() < min || args.size() > max) {
                throw PyError.typeError(
                        name + "() takes " + (min == max ? "exactly " + min : "from " + min + " to " + max)
                                + " positional arguments but " + args.size() + " were given");
            }
            return apply(args, kwargs);
        }

        @Override
        public String name() {
            return name;
        }
    }

    interface Body {
        Object apply(List<Object> args);
    }

    static void fn(Map<String, Object> into, String name, Body body, int min, int max) {
        into.put(name, new Fn(name, min, max) {
            @Override
            Object apply(List<Object> a, Map<String, Object> kw) {
                if (!kw.isEmpty()) {
                    throw PyError.typeError(name + "() takes no keyword arguments");
                }
                return body.apply(a);
            }
        });
    }

    private static Object one(String name, List<Object> a) {
        return a.get(0);
    }

    private static PyCallable callable(String where, Object f) {
        if (!(f instanceof PyCallable)) {
            throw PyError.typeError("'" + Py.typeName(f) + "' object is not callable (" + where + ")");
        }
        return (PyCallable) f;
    }

    private static Object extreme(String name, List<Object> a, int sign) {
        List<Object> items = a.size() == 1 ? Py.iterate(a.get(0)) : a;
        if (items.isEmpty()) {
            throw PyError.value(name + "() arg is an empty sequence");
        }
        Object best = items.get(0);
        for (Object o : items.subList(1, items.size())) {
            try {
                if (Py.compare(o, best, sign < 0 ? "<" : ">") * sign > 0) {
                    best = o;
                }
            } catch (Py.NaNComparison e) {
                // Python keeps the current best when a comparison with NaN is false
            }
        }
        return best;
    }
}
