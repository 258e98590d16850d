package io.collide4j.urdf.xacro;

import io.collide4j.urdf.DescriptionException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The state and services of one expansion that xacro's directives ({@link Processor}) work with: the file stack
 * (relative names resolve against its top, as xacro's abs_filename_spec), the macro stack and the node being
 * expanded (for error locations), {@code ${...}}/{@code $(...)} evaluation (xacro's eval_text), arguments,
 * packages, environment and YAML files. Single use, single thread.
 */
abstract class ExpansionState implements Builtins.Host, SubstitutionArgs.Context {
    private static final Pattern DOLLARS = Pattern.compile("\\$\\$+[{(]");
    private static final Pattern EXPR = Pattern.compile("\\$\\{[^}]*\\}");
    private static final Pattern EXTENSION = Pattern.compile("\\$\\([^)]*\\)");
    private static final Pattern TEXT = Pattern.compile("[^$]+|\\$[^{($]+|\\$$");

    final Xacro options;
    final Map<String, String> args;
    final Deque<String> files = new ArrayDeque<>(); // xacro's filestack (paths as xacro writes them)
    final Deque<Path> includes = new ArrayDeque<>(); // absolute, for loop detection
    final Deque<Call> macros = new ArrayDeque<>(); // xacro's macrostack
    final Map<String, Object> globals;
    XNode current; // the node being expanded, for error locations
    private final Map<String, Expr> parsed = new HashMap<>();
    private long copiedNodes;
    private final List<Path> dependencies = new ArrayList<>();

    /** A macro call in progress: the macro and the element that called it. */
    record Call(Macro macro, XNode site) {}

    ExpansionState(Xacro options) {
        this.options = options;
        this.args = new LinkedHashMap<>(options.args());
        this.globals = Builtins.globals(this);
    }

    List<Path> dependencies() {
        return dependencies;
    }

    // ------------------------------------------------------------------ files

    Path absolute(String file) {
        return options.workingDirectory().resolve(file).toAbsolutePath().normalize();
    }

    /** xacro's abs_filename_spec: relative names are relative to the folder of the file being processed. */
    @Override
    public String absFilename(String spec) {
        if (Path.of(spec).isAbsolute()) {
            return spec;
        }
        String parent = files.peek();
        String dir = parent == null ? "." : dirname(parent);
        return dir.isEmpty() ? spec : dir + (dir.endsWith("/") ? "" : "/") + spec;
    }

    static String dirname(String path) {
        int slash = path.lastIndexOf('/');
        if (slash < 0) {
            return "";
        }
        String head = path.substring(0, slash + 1);
        return head.matches("/+") ? head : head.replaceAll("/+$", "");
    }

    XDocument parse(String file, boolean optional) {
        Path p = absolute(file);
        if (!Files.isRegularFile(p)) {
            throw new MissingFile(file);
        }
        guard(p, file);
        dependencies.add(p);
        try (InputStream in = Files.newInputStream(p)) {
            return XmlReader.read(in, file);
        } catch (IOException e) {
            throw new MissingFile(file);
        }
    }

    void guard(Path p, String name) {
        if (!options.readable().test(p)) {
            throw error("file '" + name + "' (" + p + ") is outside the folders this expansion may read");
        }
    }

    /** An include or the top file does not exist (skipped for {@code optional="true"} includes). */
    final class MissingFile extends RuntimeException {
        MissingFile(String file) {
            super("No such file or directory: " + file, null, false, false);
        }
    }

    /**
     * A copy of a macro body or block to expand. Macros calling macros several times grow the tree exponentially
     * (15 levels of 4 calls make 4^15 elements), which would run for hours and then exhaust the heap: the nodes
     * copied in one expansion are capped at {@value #MAX_COPIED_NODES}, far above any real robot description.
     */
    XNode.Element copyForExpansion(XNode.Element template, String what) {
        copiedNodes += XNode.count(template);
        if (copiedNodes > MAX_COPIED_NODES) {
            throw error("expansion too large: more than " + MAX_COPIED_NODES + " XML nodes copied from macro bodies"
                    + " and blocks (at " + what + "; macros calling macros several times grow exponentially)");
        }
        return template.copy();
    }

    /** See {@link #copyForExpansion}. */
    static final long MAX_COPIED_NODES = 200_000;

    // ------------------------------------------------------------------ errors

    XacroException error(String message) {
        return error(message, null);
    }

    XacroException error(String message, Throwable cause) {
        XNode at = current;
        StringBuilder where = new StringBuilder();
        List<Call> stack = new ArrayList<>(macros);
        for (int i = 0; i < stack.size(); i++) {
            Call c = stack.get(i);
            where.append(i == 0 ? "; when instantiating macro: " : ", instantiated from: ")
                    .append(c.macro.name)
                    .append(" (")
                    .append(c.macro.file)
                    .append(c.site != null ? ", called at line " + c.site.line : "")
                    .append(')');
        }
        List<String> fs = new ArrayList<>(files);
        for (int i = 0; i < fs.size(); i++) {
            where.append(i == 0 ? (stack.isEmpty() ? "; when processing file: " : "; in file: ") : ", included from: ")
                    .append(fs.get(i));
        }
        String file = at == null ? files.peek() : at.file;
        return new XacroException(file == null ? "xacro" : file, at == null ? 0 : at.line, message + where, cause);
    }

    RuntimeException wrap(RuntimeException e) {
        if (e instanceof DescriptionException) {
            return e;
        }
        if (e instanceof PyError) {
            PyError p = (PyError) e;
            boolean xacroOwn = p.type().equals("XacroException")
                    || p.type().equals("ArgException")
                    || p.type().equals("SubstitutionException"); // xacro's own messages carry no Python type
            return error(xacroOwn ? p.getMessage() : p.type() + ": " + p.getMessage(), e);
        }
        if (e instanceof MissingFile) {
            return error(e.getMessage(), e);
        }
        return e;
    }

    @Override
    public void message(String text, boolean warning, boolean location) {
        StringBuilder sb = new StringBuilder(text);
        if (location) {
            String loc = error("").getMessage();
            sb.append(" (").append(loc, 0, Math.min(loc.length(), 2000)).append(')');
        }
        options.warnings().warn(sb.toString());
    }

    void warn(String text) {
        message(text, true, true);
    }

    // ------------------------------------------------------------------ text evaluation

    /** xacro's eval_text: a single piece keeps its type ({@code ${1+1}} is an int); several join as text. */
    Object evalText(String text, Symbols symbols) {
        List<Object> results = new ArrayList<>();
        int i = 0;
        int n = text.length();
        while (i < n) {
            Matcher m;
            if ((m = DOLLARS.matcher(text).region(i, n)).lookingAt()) {
                results.add(m.group().substring(1));
            } else if ((m = EXPR.matcher(text).region(i, n)).lookingAt()) {
                results.add(expression(m.group().substring(2, m.group().length() - 1), symbols));
            } else if ((m = EXTENSION.matcher(text).region(i, n)).lookingAt()) {
                String inner = m.group().substring(2, m.group().length() - 1);
                results.add(extension("$(" + Py.str(evalText(inner, symbols)) + ")"));
            } else if ((m = TEXT.matcher(text).region(i, n)).lookingAt()) {
                results.add(m.group());
            } else {
                throw new PyError("XacroException", "invalid expression: " + text.substring(i));
            }
            i = m.end();
        }
        if (results.size() == 1) {
            return results.get(0);
        }
        StringBuilder sb = new StringBuilder();
        results.forEach(r -> sb.append(Py.str(r)));
        return sb.toString();
    }

    Object expression(String source, Symbols symbols) {
        String text = Py.str(evalText(source, symbols));
        try {
            Expr e = parsed.computeIfAbsent(text.strip(), ExprParser::parse);
            return e.eval(name -> {
                try {
                    return symbols.lookup(name);
                } catch (Symbols.NotFound nf) {
                    throw PyError.name(name);
                }
            });
        } catch (PyError e) {
            throw new PyError(e.type(), e.getMessage() + " when evaluating expression '" + source + "'");
        } catch (ClassCastException | IndexOutOfBoundsException | ArithmeticException e) {
            // a combination of types a builtin does not check for: still an error with file and line, never a crash
            throw new PyError(
                    "TypeError",
                    "unsupported argument types (" + e.getMessage() + ") when evaluating expression '" + source + "'");
        } catch (StackOverflowError e) {
            // the parser and evaluator recurse once per nesting level; Python refuses such input too (RecursionError)
            throw tooDeep(source);
        }
    }

    String extension(String text) {
        return SubstitutionArgs.resolve(text, this);
    }

    @Override
    public Object evaluate(String expression, Expr.Env names) {
        try {
            return parsed.computeIfAbsent(expression.strip(), ExprParser::parse).eval(names);
        } catch (StackOverflowError e) {
            throw tooDeep(expression);
        }
    }

    private static PyError tooDeep(String source) {
        String shown = source.length() <= 60 ? source : source.substring(0, 57) + "...";
        return new PyError("RecursionError", "expression nested too deeply to evaluate: '" + shown + "'");
    }

    @Override
    public String arg(String name) {
        return args.get(name);
    }

    @Override
    public String env(String name) {
        return options.environment().get(name);
    }

    @Override
    public String findPackage(String name) {
        String referring = files.peek();
        return options.packages()
                .find(name, referring == null ? null : absolute(referring))
                .map(p -> p.toAbsolutePath().normalize().toString())
                .orElseThrow(() -> new PyError(
                        "PackageNotFoundError",
                        "package '" + name + "' not found ($(find " + name + ")): "
                                + options.packages().describe(name)));
    }

    @Override
    public String currentDirectory() {
        String f = files.peek();
        return f == null
                ? options.workingDirectory().toString()
                : absolute(f).getParent().toString();
    }

    @Override
    public String workingDirectory() {
        return options.workingDirectory().toAbsolutePath().toString();
    }

    @Override
    public Object loadYaml(String filename) {
        String f = absFilename(filename);
        Path p = absolute(f);
        if (!Files.isRegularFile(p)) {
            throw new PyError("FileNotFoundError", "[Errno 2] No such file or directory: '" + f + "'");
        }
        guard(p, f);
        dependencies.add(p);
        files.push(f);
        try {
            String text = Files.readString(p, StandardCharsets.UTF_8);
            return YamlLoader.load(text, f, expr -> {
                Object v = evaluate(expr, name -> {
                    if (globals.containsKey(name)) {
                        return globals.get(name);
                    }
                    throw PyError.name(name);
                });
                return (Double) PyNumbers.toFloat(v);
            });
        } catch (IOException e) {
            throw new PyError("OSError", "cannot read " + f + ": " + e.getMessage());
        } catch (org.snakeyaml.engine.v2.exceptions.YamlEngineException e) {
            throw new PyError("YAMLError", f + ": " + e.getMessage().replace('\n', ' '));
        } finally {
            files.pop();
        }
    }

    Object evalIn(String text, Symbols symbols) {
        try {
            return evalText(text, symbols);
        } catch (RuntimeException e) {
            throw wrap(e);
        }
    }
}
