package io.collide4j.urdf.xacro;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The interpreter against CPython 3.11.7 (Debian 12, glibc 2.36): 3000 random expressions (python-expressions.tsv)
 * and 4000 math function calls at random arguments (python-math.tsv): the same text for every value, an error
 * wherever Python raised one.
 */
class PythonOracleTest {
    @Test
    void mathFunctionsAgreeWithCPythonToTheLastDigit() throws Exception {
        Map<String, Object> g = Builtins.globals(null);
        List<String> mismatches = new ArrayList<>();
        List<String> oneUlp = new ArrayList<>();
        int cases = 0;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                PythonOracleTest.class.getResourceAsStream("python-math.tsv"), StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (line.startsWith("#")) {
                    continue;
                }
                cases++;
                String[] f = line.split("\t", 3);
                List<Object> args = new ArrayList<>();
                for (String a : f[1].split(" ")) {
                    args.add(Double.parseDouble(a));
                }
                String actual;
                try {
                    actual = Py.repr(((PyCallable) g.get(f[0])).call(args, Map.of()));
                } catch (PyError e) {
                    actual = "!" + e.type();
                }
                boolean ok = f[2].startsWith("!") ? actual.startsWith("!") : f[2].equals(actual);
                if (!ok && actual.equals("!SubsetError") && f[2].matches("-?\\d{19,}")) {
                    ok = true; // floor/ceil of a huge float: Python's int has no 64-bit bound, ours refuses
                }
                if (!ok
                        && (f[0].equals("asin") || f[0].equals("acos"))
                        && !actual.startsWith("!")
                        && Math.abs(Double.parseDouble(actual) - Double.parseDouble(f[2]))
                                <= Math.ulp(Double.parseDouble(f[2]))) {
                    oneUlp.add(f[0] + "(" + f[1]
                            + ")"); // glibc's asin/acos (IBM's, slow paths removed) are not always correctly rounded
                    ok = true;
                }
                if (!ok) {
                    mismatches.add(f[0] + "(" + f[1] + ")  python: " + f[2] + "  ours: " + actual);
                }
            }
        }
        assertEquals(4000, cases);
        org.junit.jupiter.api.Assertions.assertTrue(oneUlp.size() <= 5, oneUlp.toString());
        assertEquals(
                List.of(), mismatches.subList(0, Math.min(20, mismatches.size())), mismatches.size() + " mismatches");
    }

    /** YAML scalars (python-yaml.tsv): the type and value PyYAML's SafeLoader gives each (dates: their str()). */
    @Test
    void yamlScalarsAsPyYamlReadsThem() throws Exception {
        List<String> mismatches = new ArrayList<>();
        int cases = 0;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                PythonOracleTest.class.getResourceAsStream("python-yaml.tsv"), StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (line.startsWith("#")) {
                    continue;
                }
                cases++;
                String[] f = line.split("\t", 2);
                String actual;
                try {
                    Object v = ((Map<?, ?>) YamlLoader.load("v: " + f[0], "t.yaml", text -> {
                                Object x = ExprParser.parse(text).eval(name -> {
                                    if (name.equals("pi")) {
                                        return Math.PI;
                                    }
                                    throw PyError.name(name);
                                });
                                return Py.asDouble(x);
                            }))
                            .get("v");
                    boolean date = f[0].matches("\\d{4}-\\d\\d?-\\d\\d?.*");
                    actual = date ? Py.str(v) : Py.repr(v);
                } catch (PyError | org.snakeyaml.engine.v2.exceptions.YamlEngineException e) {
                    actual = "!" + e.getClass().getSimpleName();
                }
                boolean ok = f[1].startsWith("!") ? actual.startsWith("!") : f[1].equals(actual);
                if (!ok) {
                    mismatches.add("'" + f[0] + "'  pyyaml: " + f[1] + "  ours: " + actual);
                }
            }
        }
        assertEquals(600, cases);
        assertEquals(
                List.of(), mismatches.subList(0, Math.min(20, mismatches.size())), mismatches.size() + " mismatches");
    }

    @Test
    void agreesWithCPython() throws Exception {
        Map<String, Object> g = Builtins.globals(null);
        Expr.Env env = name -> {
            if (!g.containsKey(name)) {
                throw PyError.name(name);
            }
            return g.get(name);
        };
        List<String> mismatches = new ArrayList<>();
        java.util.Set<String> refusals = new java.util.HashSet<>();
        int cases = 0;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                PythonOracleTest.class.getResourceAsStream("python-expressions.tsv"), StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (line.startsWith("#")) {
                    continue;
                }
                cases++;
                String[] f = line.split("\t", 2);
                String actual;
                try {
                    actual = Py.str(ExprParser.parse(f[0]).eval(env));
                } catch (PyError e) {
                    actual = "!" + e.type();
                } catch (RuntimeException e) {
                    actual = "crash " + e; // anything but a PyError is a bug: it would not name file and line
                }
                // ours may refuse an int beyond 64 bits that Python computes (never a different value)
                boolean refusedBigInt = actual.equals("!SubsetError") && refusals.add(f[0]);
                boolean ok = f[1].startsWith("!") ? actual.startsWith("!") : f[1].equals(actual) || refusedBigInt;
                if (!ok) {
                    mismatches.add(f[0] + "  python: " + f[1] + "  ours: " + actual);
                }
            }
        }
        assertEquals(3000, cases);
        org.junit.jupiter.api.Assertions.assertTrue(refusals.size() < 30, refusals.toString());
        assertEquals(
                List.of(), mismatches.subList(0, Math.min(20, mismatches.size())), mismatches.size() + " mismatches");
    }
}
