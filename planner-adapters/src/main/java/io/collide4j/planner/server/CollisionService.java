package io.collide4j.planner.server;

import io.collide4j.checker.batch.BatchChecker;
import io.collide4j.checker.batch.EngineChoice;
import io.collide4j.checker.query.CertificationResult;
import io.collide4j.checker.query.Contact;
import io.collide4j.checker.query.MotionResult;
import io.collide4j.checker.query.MotionStatus;
import io.collide4j.checker.query.Violation;
import io.collide4j.checker.scene.SceneJson;
import io.collide4j.models.Models;
import io.collide4j.planner.CertifiedMotionValidator;
import io.collide4j.planner.CertifiedStateValidityChecker;
import io.collide4j.planner.Collide4j;
import io.collide4j.planner.MotionValidator;
import io.collide4j.planner.TrajectoryCertifier;
import io.collide4j.planner.ValidityCounters;
import io.collide4j.urdf.json.Json;
import io.collide4j.urdf.json.JsonWriter;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The collision checker behind {@code collide4j serve}: one session (one loaded robot and scene) per
 * connection. Methods and their parameters are documented in {@code planner-adapters/PROTOCOL.md}:
 * {@code load}, {@code isValid}, {@code clearance}, {@code checkMotion}, {@code batch}, {@code certify}, {@code counters},
 * {@code ping}. Not thread-safe: the server gives every connection its own instance.
 */
public final class CollisionService implements RequestHandler, AutoCloseable {
    /** Largest number of states plus motions in one {@code batch} request. */
    public static final int MAX_BATCH = 1_000_000;

    private final boolean decomposeByDefault;
    private Collide4j session;
    private CertifiedMotionValidator motions;
    private CertifiedStateValidityChecker states;
    private BatchChecker batchEngine;   // created on the first motion batch of a session; closed with it

    /** Meshes as single covering hulls unless a {@code load} asks for {@code "decompose": true}. */
    public CollisionService() {
        this(false);
    }

    /** {@code decomposeByDefault}: {@code serve --decompose}, the default of {@code load}'s {@code decompose}. */
    public CollisionService(boolean decomposeByDefault) {
        this.decomposeByDefault = decomposeByDefault;
    }

    @Override
    public Object handle(String method, Map<String, Object> params) {
        return switch (method) {
            case "ping" -> Map.of("pong", true, "protocol", "collide4j-jsonl/1");
            case "load" -> {
                try {
                    yield load(params);
                } catch (RequestException e) {
                    throw e;
                } catch (RuntimeException e) {   // unreadable or malformed robot/scene input: the caller's to fix
                    throw invalid("load: " + e.getMessage());
                }
            }
            case "isValid" -> {
                known(params, "isValid", "q");
                yield Map.of("valid", states().isValid(vector(params, "q")));
            }
            case "clearance" -> clearance(params);
            case "checkMotion" -> checkMotion(params);
            case "batch" -> batch(params);
            case "certify" -> certify(params);
            case "counters" -> counters();
            default -> throw new RequestException(RequestException.METHOD_NOT_FOUND, "unknown method '" + method
                    + "'; methods: ping, load, isValid, clearance, checkMotion, batch, certify, counters");
        };
    }

    private CertifiedStateValidityChecker states() {
        session();
        return states;
    }

    private Collide4j session() {
        if (session == null) {
            throw new RequestException(RequestException.INVALID_REQUEST, "no robot loaded: call 'load' first");
        }
        return session;
    }

    private Object load(Map<String, Object> p) {
        known(p, "load", "robot", "urdf", "srdf", "scene", "sceneJson", "margin", "group", "hold", "padding", "scale",
                "allow", "tolerance", "budget", "decompose");
        Collide4j.Builder b = Collide4j.builder();
        if (p.containsKey("urdf")) {
            b.urdf(existing(string(p, "urdf"), "urdf"));
        } else {
            String robot = p.containsKey("robot") ? string(p, "robot") : "panda";
            if (!Models.names().contains(robot)) {
                throw invalid("robot: no bundled robot '" + robot + "'; bundled: " + Models.names() + " (or give 'urdf')");
            }
            b.robot(robot);
        }
        if (p.containsKey("srdf")) {
            b.srdf(existing(string(p, "srdf"), "srdf"));
        }
        if (p.containsKey("scene") && p.containsKey("sceneJson")) {
            throw invalid("give 'scene' (bundled name or file) or 'sceneJson' (inline), not both");
        }
        if (p.containsKey("scene")) {
            String s = string(p, "scene");
            if (Models.sceneNames().contains(s)) {
                b.sceneName(s);
            } else {
                b.scene(existing(s, "scene"));
            }
        } else if (p.containsKey("sceneJson")) {
            Object sj = p.get("sceneJson");
            b.sceneJson(sj instanceof String s ? s : JsonWriter.write(sj, false), "request sceneJson");
        }
        if (p.containsKey("margin")) {
            b.margin(number(p, "margin"));
        }
        if (p.containsKey("tolerance")) {
            b.tolerance(number(p, "tolerance"));
        }
        if (p.containsKey("budget")) {
            b.budget((long) number(p, "budget"));
        }
        if (p.containsKey("group")) {
            b.group(string(p, "group"));
        }
        numbers(p, "hold").forEach(b::hold);
        numbers(p, "padding").forEach(b::padding);
        numbers(p, "scale").forEach(b::scale);
        if (p.containsKey("allow")) {
            for (Object pair : list(p, "allow")) {
                if (!(pair instanceof List<?> l) || l.size() != 2 || !(l.get(0) instanceof String a)
                        || !(l.get(1) instanceof String c)) {
                    throw invalid("allow: expected a list of [name, name] pairs, got " + Json.typeName(pair));
                }
                b.allow(a, c);
            }
        }
        Object decompose = p.getOrDefault("decompose", decomposeByDefault);
        if (!(decompose instanceof Boolean d)) {
            throw invalid("decompose: expected true or false, got " + Json.typeName(decompose));
        }
        b.decompose(d);
        Collide4j loaded = b.build();
        close();
        session = loaded;
        motions = session.motionValidator();
        states = session.stateValidityChecker();
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("robot", session.model().kinematics().name());
        r.put("group", session.groupName());
        r.put("variables", session.variableNames());
        r.put("lower", list(session.lowerLimits()));
        r.put("upper", list(session.upperLimits()));
        r.put("obstacles", session.scene().size());
        r.put("margin", session.margin());
        r.put("robotHash", session.model().contentHash());
        r.put("sceneHash", session.scene().contentHash());
        r.put("warnings", session.warnings());
        return r;
    }

    private Object clearance(Map<String, Object> p) {
        known(p, "clearance", "q");
        Contact c = session().closestPair(vector(p, "q"));
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("lowerBound", c == null ? null : finite(c.lowerBound()));
        r.put("estimate", c == null ? null : finite(c.distance()));
        r.put("exactness", "LOWER_BOUND");
        r.put("pair", c == null ? null : c.pair().key());
        return r;
    }

    private Object checkMotion(Map<String, Object> p) {
        known(p, "checkMotion", "q0", "q1");
        double[] q0 = vector(p, "q0");
        double[] q1 = vector(p, "q1");
        session();
        MotionValidator.MotionCheck mc = motions.checkMotionWithLastValid(q0, q1);
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("valid", mc.valid());
        r.put("lastValidFraction", mc.lastValidFraction());
        r.put("lastValid", list(mc.lastValid()));
        return r;
    }

    private Object batch(Map<String, Object> p) {
        known(p, "batch", "states", "motions", "details");
        session();
        List<Object> stateList = p.containsKey("states") ? list(p, "states") : List.of();
        List<Object> motionList = p.containsKey("motions") ? list(p, "motions") : List.of();
        if (stateList.size() + motionList.size() > MAX_BATCH) {
            throw invalid("batch of " + (stateList.size() + motionList.size()) + " items exceeds " + MAX_BATCH);
        }
        boolean details = p.containsKey("details") && Boolean.TRUE.equals(p.get("details"));
        List<double[]> qs = new ArrayList<>(stateList.size());
        for (int i = 0; i < stateList.size(); i++) {
            qs.add(vector(stateList.get(i), "states[" + i + "]"));
        }
        List<Object> sv = new ArrayList<>(qs.size());
        if (!qs.isEmpty()) {
            for (boolean v : session.areValid(qs, engine())) {
                sv.add(v);
            }
        }
        List<double[]> q0s = new ArrayList<>(), q1s = new ArrayList<>();
        for (int i = 0; i < motionList.size(); i++) {
            if (!(motionList.get(i) instanceof List<?> pair) || pair.size() != 2) {
                throw invalid("motions[" + i + "]: expected [q0, q1], got " + Json.typeName(motionList.get(i)));
            }
            q0s.add(vector(pair.get(0), "motions[" + i + "][0]"));
            q1s.add(vector(pair.get(1), "motions[" + i + "][1]"));
        }
        List<Object> mv = new ArrayList<>(q0s.size());
        if (details) {
            for (int i = 0; i < q0s.size(); i++) {
                MotionResult m = motions.check(q0s.get(i), q1s.get(i));
                Map<String, Object> one = new LinkedHashMap<>();
                one.put("status", m.status().name());
                one.put("time", m.time());
                one.put("clearanceLowerBound", finite(m.clearanceLowerBound()));
                one.put("pair", m.contact() == null ? null : m.contact().pair().key());
                mv.add(one);
            }
        } else if (!q0s.isEmpty()) {
            MotionStatus[] st = session.checkMotions(q0s, q1s, engine());
            for (int i = 0; i < st.length; i++) {
                // endpoints outside the joint limits are invalid motions, as for the single-motion adapter
                mv.add(st[i] == MotionStatus.FREE && session.withinLimits(q0s.get(i)) && session.withinLimits(q1s.get(i)));
            }
        }
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("states", sv);
        r.put("motions", mv);
        return r;
    }

    // A list of number vectors under key, each checked as vector(...) does (errors name key[i]).
    private List<double[]> vectors(Map<String, Object> p, String key) {
        List<Object> rows = list(p, key);
        List<double[]> out = new ArrayList<>(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            out.add(vector(rows.get(i), key + "[" + i + "]"));
        }
        return out;
    }

    private Object certify(Map<String, Object> p) {
        known(p, "certify", "waypoints", "velocities", "accelerations", "times", "clearance", "budget", "certificate");
        Collide4j c = session();
        List<double[]> q = vectors(p, "waypoints");
        List<double[]> velocities = p.containsKey("velocities") ? vectors(p, "velocities") : null;
        List<double[]> accelerations = p.containsKey("accelerations") ? vectors(p, "accelerations") : null;
        if (accelerations != null && velocities == null) {
            throw invalid("accelerations: given without velocities");
        }
        for (List<double[]> rates : java.util.Arrays.asList(velocities, accelerations)) {
            if (rates != null && rates.size() != q.size()) {
                throw invalid((rates == velocities ? "velocities" : "accelerations") + ": " + rates.size()
                        + " vectors for " + q.size() + " waypoints");
            }
        }
        double[] times = new double[q.size()];
        if (p.containsKey("times")) {
            List<Object> ts = list(p, "times");
            if (ts.size() != q.size()) {
                throw invalid("times: " + ts.size() + " values for " + q.size() + " waypoints");
            }
            for (int i = 0; i < times.length; i++) {
                if (!(ts.get(i) instanceof Number n)) {
                    throw invalid("times[" + i + "]: expected a number, got " + Json.typeName(ts.get(i)));
                }
                times[i] = n.doubleValue();
            }
        } else {
            java.util.Arrays.setAll(times, k -> k);
        }
        double clearance = p.containsKey("clearance") ? number(p, "clearance") : c.margin();
        long budget = p.containsKey("budget") ? (long) number(p, "budget") : TrajectoryCertifier.DEFAULT_BUDGET;
        CertificationResult r;
        try {
            r = c.trajectoryCertifier().certify(q, velocities, accelerations, times, clearance, budget).result();
        } catch (IllegalArgumentException e) {   // wrong vector lengths, limits, non-finite values: the caller's to fix
            throw invalid("certify: " + e.getMessage());
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("verdict", r.verdict().name());
        Violation v = r.violation();
        if (v == null) {
            out.put("violation", null);
        } else {
            Map<String, Object> vm = new LinkedHashMap<>();
            vm.put("segment", v.segment());
            vm.put("fraction", v.fraction());
            vm.put("time", v.time());
            vm.put("pair", v.contact().pair().key());
            vm.put("lowerBound", v.contact().lowerBound());
            out.put("violation", vm);
        }
        out.put("clearanceLowerBound", r.pairClearance().values().stream().min(Double::compare).orElse(null));
        out.put("evaluations", r.evaluations());
        if (!Boolean.FALSE.equals(p.get("certificate"))) {
            out.put("certificate", Json.parse(r.certificateJson()));
        }
        return out;
    }

    private Object counters() {
        ValidityCounters.Snapshot s = session().counters().snapshot();
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("states", s.states());
        r.put("validStates", s.validStates());
        r.put("motions", s.motions());
        r.put("validMotions", s.validMotions());
        r.put("inconclusiveMotions", s.inconclusiveMotions());
        r.put("motionSeconds", s.motionSeconds());
        r.put("distanceEvaluations", s.distanceEvaluations());
        return r;
    }

    /**
     * The session's batch engine, built on first use: the CPU engine, or the one named by the system property
     * {@value EngineChoice#PROPERTY} (e.g. {@code opencl}) when it is set.
     */
    private BatchChecker engine() {
        if (batchEngine == null) {
            EngineChoice choice = System.getProperty(EngineChoice.PROPERTY) == null ? EngineChoice.CPU
                    : EngineChoice.fromSystemProperty();
            batchEngine = session.newBatchChecker(choice, Runtime.getRuntime().availableProcessors());
        }
        return batchEngine;
    }

    /** Releases the session's batch engine (worker threads); the server calls this when the connection ends. */
    @Override
    public void close() {
        if (batchEngine != null) {
            batchEngine.close();
            batchEngine = null;
        }
    }

    // ------------------------------------------------------------------ parameter helpers

    private static RequestException invalid(String message) {
        return new RequestException(RequestException.INVALID_PARAMS, message);
    }

    private static void known(Map<String, Object> p, String method, String... names) {
        List<String> allowed = List.of(names);
        for (String k : p.keySet()) {
            if (!allowed.contains(k)) {
                throw invalid(method + ": unknown parameter '" + k + "'; known: " + allowed);
            }
        }
    }

    private static String string(Map<String, Object> p, String name) {
        if (!(p.get(name) instanceof String s)) {
            throw invalid("'" + name + "' must be a string, got " + Json.typeName(p.get(name)));
        }
        return s;
    }

    private static double number(Map<String, Object> p, String name) {
        if (!(p.get(name) instanceof Number n)) {
            throw invalid("'" + name + "' must be a number, got " + Json.typeName(p.get(name)));
        }
        return n.doubleValue();
    }

    private static List<Object> list(Map<String, Object> p, String name) {
        if (!(p.get(name) instanceof List<?> l)) {
            throw invalid("'" + name + "' must be an array, got " + Json.typeName(p.get(name)));
        }
        @SuppressWarnings("unchecked")
        List<Object> typed = (List<Object>) l;
        return typed;
    }

    private static Map<String, Double> numbers(Map<String, Object> p, String name) {
        Map<String, Double> out = new LinkedHashMap<>();
        if (!p.containsKey(name)) {
            return out;
        }
        if (!(p.get(name) instanceof Map<?, ?> m)) {
            throw invalid("'" + name + "' must be an object of name: number, got " + Json.typeName(p.get(name)));
        }
        for (Map.Entry<?, ?> e : m.entrySet()) {
            if (!(e.getValue() instanceof Number n)) {
                throw invalid("'" + name + "." + e.getKey() + "' must be a number, got " + Json.typeName(e.getValue()));
            }
            out.put((String) e.getKey(), n.doubleValue());
        }
        return out;
    }

    private double[] vector(Map<String, Object> p, String name) {
        if (!p.containsKey(name)) {
            throw invalid("missing parameter '" + name + "' (an array of joint values)");
        }
        return vector(p.get(name), name);
    }

    private double[] vector(Object v, String what) {
        if (!(v instanceof List<?> l)) {
            throw invalid(what + ": expected an array of joint values, got " + Json.typeName(v));
        }
        int n = session().dimension();
        if (l.size() != n) {
            throw invalid(what + ": has " + l.size() + " values, the planning group has " + n + " " + session.variableNames());
        }
        double[] q = new double[n];
        for (int i = 0; i < n; i++) {
            if (!(l.get(i) instanceof Number x) || !Double.isFinite(x.doubleValue())) {
                throw invalid(what + "[" + i + "]: expected a finite number, got " + Json.typeName(l.get(i)));
            }
            q[i] = x.doubleValue();
        }
        return q;
    }

    private static Path existing(String file, String name) {
        Path p = Path.of(file);
        if (!Files.isReadable(p)) {
            throw invalid(name + ": file not found or unreadable: " + file);
        }
        return p;
    }

    private static List<Double> list(double[] a) {
        List<Double> out = new ArrayList<>(a.length);
        for (double x : a) {
            out.add(x);
        }
        return out;
    }

    /** JSON has no infinity: +∞ (nothing checked) is sent as null. */
    private static Double finite(double x) {
        return Double.isFinite(x) ? x : null;
    }
}
