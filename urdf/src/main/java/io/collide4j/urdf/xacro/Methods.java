package io.collide4j.urdf.xacro;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The methods of str, list, tuple and dict that robot descriptions call ({@code xyz.split()},
 * {@code name.startswith('x')}, {@code '{}_link'.format(p)}, {@code d.get(k, v)}, ...). Non-mutating only:
 * list.append and friends would change a property's value behind xacro's lazy evaluation. Stateless.
 */
final class Methods {
    private static final Set<String> STR = Set.of(
            "split",
            "rsplit",
            "strip",
            "lstrip",
            "rstrip",
            "lower",
            "upper",
            "replace",
            "startswith",
            "endswith",
            "join",
            "find",
            "rfind",
            "index",
            "count",
            "format",
            "isdigit",
            "isalpha",
            "isalnum",
            "isspace",
            "isupper",
            "islower",
            "capitalize",
            "title",
            "zfill",
            "splitlines",
            "partition",
            "rpartition",
            "ljust",
            "rjust",
            "center",
            "swapcase",
            "casefold",
            "removeprefix",
            "removesuffix",
            "isnumeric",
            "isdecimal",
            "isidentifier");
    private static final Set<String> SEQ = Set.of("index", "count");
    private static final Set<String> DICT = Set.of("keys", "values", "items", "get", "copy");

    private Methods() {}

    /** Every method name of Python's dict (a YAML key of that name is shadowed by it in {@code d.name}). */
    static boolean isDictMethod(String name) {
        return DICT.contains(name)
                || Set.of("pop", "update", "setdefault", "clear", "fromkeys", "popitem")
                        .contains(name);
    }

    static PyCallable bind(Object self, String name) {
        boolean known = self instanceof String
                ? STR.contains(name)
                : self instanceof Map
                        ? DICT.contains(name)
                        : (self instanceof List || self instanceof PyTuple) && SEQ.contains(name);
        if (!known) {
            throw new PyError(
                    "AttributeError",
                    "'" + Py.typeName(self) + "' object has no attribute '" + name + "'"
                            + (self instanceof List
                                            && Set.of(
                                                            "append", "extend", "insert", "pop", "remove", "sort",
                                                            "reverse", "clear")
                                                    .contains(name)
                                    ? " (mutating methods are outside the supported subset)"
                                    : ""));
        }
        return new PyCallable() {
            @Override
            public Object call(List<Object> args, Map<String, Object> kwargs) {
                if (self instanceof String) {
                    return Strings.call((String) self, name, args, kwargs);
                }
                if (!kwargs.isEmpty() && !(self instanceof String)) {
                    throw PyError.typeError(name + "() takes no keyword arguments");
                }
                return self instanceof Map ? dict((Map<?, ?>) self, name, args) : seq(Py.seq(self), name, args);
            }

            @Override
            public String name() {
                return Py.typeName(self) + "." + name;
            }
        };
    }

    static void arity(String name, List<Object> args, int min, int max) {
        if (args.size() < min || args.size() > max) {
            throw PyError.typeError(name + "() takes " + (min == max ? "exactly " + min : min + " to " + max)
                    + " arguments (" + args.size() + " given)");
        }
    }

    private static Object dict(Map<?, ?> m, String name, List<Object> args) {
        switch (name) {
            case "keys":
                arity(name, args, 0, 0);
                return new ArrayList<Object>(m.keySet());
            case "values":
                arity(name, args, 0, 0);
                return new ArrayList<Object>(m.values());
            case "items": {
                arity(name, args, 0, 0);
                List<Object> out = new ArrayList<>();
                m.forEach((k, v) -> out.add(new PyTuple(List.of(k, v))));
                return out;
            }
            case "copy":
                arity(name, args, 0, 0);
                return m instanceof YamlDict ? new YamlDict(m) : new java.util.LinkedHashMap<Object, Object>(m);
            default: {
                arity(name, args, 1, 2);
                Object k = Py.findKey(m, args.get(0));
                return k != null ? m.get(k) : args.size() > 1 ? args.get(1) : PyNone.NONE;
            }
        }
    }

    private static Object seq(List<?> items, String name, List<Object> args) {
        arity(name, args, 1, 1);
        if (name.equals("count")) {
            long n = 0;
            for (Object o : items) {
                n += Py.eq(o, args.get(0)) ? 1 : 0;
            }
            return n;
        }
        for (int i = 0; i < items.size(); i++) {
            if (Py.eq(items.get(i), args.get(0))) {
                return (long) i;
            }
        }
        throw PyError.value(Py.repr(args.get(0)) + " is not in list");
    }
}
