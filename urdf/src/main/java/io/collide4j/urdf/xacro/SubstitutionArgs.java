package io.collide4j.urdf.xacro;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The {@code $(...)} substitution args as xacro's {@code substitution_args.resolve_args} reads them:
 * {@code $(arg NAME)}, {@code $(find PKG)}, {@code $(env VAR)}, {@code $(optenv VAR default...)},
 * {@code $(dirname)}, {@code $(cwd)} and {@code $(eval EXPR)} (an expression over the arguments, evaluated by the
 * same interpreter as {@code ${...}}, never by Python). Every occurrence of a resolved arg in the text is replaced,
 * and {@code find} runs again after the others. Stateless; the environment comes in through {@link Context}.
 */
final class SubstitutionArgs {
    /** What a substitution reads. */
    interface Context {
        String arg(String name); // null when undefined

        String env(String name); // null when unset

        String findPackage(String name); // the package's absolute folder; throws when not found

        String currentDirectory(); // absolute folder of the file being processed

        String workingDirectory();

        Object evaluate(String expression, Expr.Env names);
    }

    private static final List<String> VALID = List.of("find", "env", "optenv", "dirname", "arg");

    private SubstitutionArgs() {}

    static String resolve(String text, Context ctx) {
        if (text.equals("$(cwd)")) {
            return ctx.workingDirectory();
        }
        if (text.isEmpty()) {
            return text;
        }
        if (text.startsWith("$(eval ") && text.endsWith(")")) {
            return eval(text.substring(7, text.length() - 1), ctx);
        }
        String resolved = resolve(text, ctx, false);
        return resolve(resolved, ctx, true);
    }

    private static String resolve(String text, Context ctx, boolean findOnly) {
        String resolved = text;
        for (String a : collect(text)) {
            List<String> parts = new ArrayList<>();
            for (String s : a.split(" ")) {
                if (!s.isEmpty()) {
                    parts.add(s);
                }
            }
            if (parts.isEmpty() || !VALID.contains(parts.get(0))) {
                throw new PyError(
                        "SubstitutionException",
                        "Unknown substitution command [" + a + "]. Valid commands are " + VALID);
            }
            String command = parts.get(0);
            List<String> args = parts.subList(1, parts.size());
            if (findOnly && !command.equals("find")) {
                continue;
            }
            String value;
            switch (command) {
                case "find":
                    if (args.size() != 1) {
                        throw new PyError(
                                "SubstitutionException", "$(find pkg) accepts exactly one argument [" + a + "]");
                    }
                    value = ctx.findPackage(args.get(0));
                    break;
                case "env":
                    if (args.size() != 1) {
                        throw new PyError(
                                "SubstitutionException", "$(env var) command only accepts one argument [" + a + "]");
                    }
                    value = ctx.env(args.get(0));
                    if (value == null) {
                        throw new PyError(
                                "SubstitutionException", "environment variable '" + args.get(0) + "' is not set");
                    }
                    break;
                case "optenv":
                    if (args.isEmpty()) {
                        throw new PyError(
                                "SubstitutionException",
                                "$(optenv var) must specify an environment variable [" + a + "]");
                    }
                    value = ctx.env(args.get(0));
                    if (value == null) {
                        value = String.join(" ", args.subList(1, args.size()));
                    }
                    break;
                case "dirname":
                    value = ctx.currentDirectory();
                    break;
                default:
                    if (args.size() != 1) {
                        throw new PyError(
                                "SubstitutionException",
                                "$(arg var) "
                                        + (args.isEmpty() ? "must specify a variable name" : "may only specify one arg")
                                        + " [" + a + "]");
                    }
                    value = ctx.arg(args.get(0));
                    if (value == null) {
                        throw new PyError("ArgException", "Undefined substitution argument " + args.get(0));
                    }
            }
            resolved = resolved.replace("$(" + a + ")", value);
        }
        return resolved;
    }

    /** The texts inside {@code $( )} in order, by roslaunch's state machine (a '$' inside one is an error). */
    static List<String> collect(String s) {
        List<String> out = new ArrayList<>();
        StringBuilder buf = new StringBuilder();
        int state = 0; // 0 out, 1 after '$', 2 after '$(', 3 inside
        for (char c : s.toCharArray()) {
            if (c == '$') {
                if (state == 0) {
                    state = 1;
                } else if (state != 1) {
                    throw new PyError(
                            "SubstitutionException",
                            "Dollar signs \"$\" cannot be inside of substitution args [" + s + "]");
                }
            } else if (c == '(') {
                if (state == 1) {
                    state = 2;
                } else if (state != 0) {
                    throw new PyError(
                            "SubstitutionException", "Invalid left parenthesis \"(\" in substitution args [" + s + "]");
                }
            } else if (c == ')') {
                if (state == 3) {
                    out.add(buf.toString());
                    buf.setLength(0);
                }
                state = 0;
            } else if (state == 1) {
                state = 0;
            } else if (state == 2) {
                state = 3;
            }
            if (state == 3) {
                buf.append(c);
            }
        }
        return out;
    }

    /**
     * {@code $(eval ...)}: names are {@code arg(name)}, {@code dirname()}, {@code env}, {@code optenv}, {@code find},
     * true/false, the math symbols and a few builtins; any other name is the argument of that name, typed as
     * roslaunch's "auto" conversion does.
     */
    private static String eval(String expression, Context ctx) {
        if (expression.contains("__")) {
            throw new PyError("SubstitutionException", "$(eval ...) may not contain double underscore expressions");
        }
        Map<String, Object> globals = Builtins.globals(null);
        Builtins.Fn arg = fn("arg", 1, a -> auto(requireArg(ctx, Py.str(a.get(0)))));
        Builtins.Fn dirname = fn("dirname", 0, a -> ctx.currentDirectory());
        Builtins.Fn env = fn("env", 1, a -> {
            String v = ctx.env(Py.str(a.get(0)));
            if (v == null) {
                throw new PyError("SubstitutionException", "environment variable '" + a.get(0) + "' is not set");
            }
            return v;
        });
        Builtins.Fn optenv = new Builtins.Fn("optenv", 1, 2) {
            @Override
            Object apply(List<Object> a, Map<String, Object> kw) {
                String v = ctx.env(Py.str(a.get(0)));
                return v != null ? v : a.size() > 1 ? Py.str(a.get(1)) : "";
            }
        };
        Builtins.Fn find = fn("find", 1, a -> ctx.findPackage(Py.str(a.get(0))));
        Expr.Env names = name -> {
            switch (name) {
                case "arg":
                    return arg;
                case "dirname":
                    return dirname;
                case "env":
                    return env;
                case "optenv":
                    return optenv;
                case "find":
                    return find;
                case "true":
                case "True":
                    return true;
                case "false":
                case "False":
                    return false;
                default:
                    if (globals.containsKey(name)
                            && !name.equals("python")
                            && !name.equals("xacro")
                            && !name.equals("sorted")
                            && !name.equals("range")
                            && !name.equals("min")
                            && !name.equals("max")
                            && !name.equals("round")
                            && !name.equals("len")) {
                        return globals.get(name);
                    }
                    return auto(requireArg(ctx, name));
            }
        };
        return Py.str(ctx.evaluate(expression, names));
    }

    private interface Body {
        Object apply(List<Object> a);
    }

    private static Builtins.Fn fn(String name, int n, Body body) {
        return new Builtins.Fn(name, n, n) {
            @Override
            Object apply(List<Object> a, Map<String, Object> kw) {
                return body.apply(a);
            }
        };
    }

    private static String requireArg(Context ctx, String name) {
        String v = ctx.arg(name);
        if (v == null) {
            throw new PyError("ArgException", "Undefined substitution argument " + name);
        }
        return v;
    }

    /** roslaunch's {@code convert_value(value, 'auto')}: float when it has a '.', else int, else bool, else text. */
    static Object auto(String value) {
        if (value.contains(".")) {
            Double d = PyNumbers.parseFloat(value);
            if (d != null) {
                return d;
            }
        } else {
            Long l = PyNumbers.parseInt(value, 10);
            if (l != null) {
                return l;
            }
        }
        String lower = value.toLowerCase(java.util.Locale.ROOT);
        if (lower.equals("true") || lower.equals("false")) {
            return lower.equals("true");
        }
        return value;
    }
}
