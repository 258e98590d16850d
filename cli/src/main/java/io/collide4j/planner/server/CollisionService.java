package io.collide4j.planner.server;

import static io.collide4j.planner.server.Params.array;
import static io.collide4j.planner.server.Params.budget;
import static io.collide4j.planner.server.Params.infinityAsNull;
import static io.collide4j.planner.server.Params.invalid;
import static io.collide4j.planner.server.Params.known;
import static io.collide4j.planner.server.Params.list;
import static io.collide4j.planner.server.Params.number;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.collide4j.checker.batch.BatchChecker;
import io.collide4j.checker.batch.EngineChoice;
import io.collide4j.checker.certificate.CertificationResult;
import io.collide4j.checker.certificate.Violation;
import io.collide4j.checker.query.Contact;
import io.collide4j.checker.query.MotionResult;
import io.collide4j.checker.query.MotionStatus;
import io.collide4j.checker.robot.DecompositionMode;
import io.collide4j.planner.CertifiedMotionValidator;
import io.collide4j.planner.CertifiedStateValidityChecker;
import io.collide4j.planner.Collide4j;
import io.collide4j.planner.MotionValidator;
import io.collide4j.planner.ValidityCounters;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The collision checker behind {@code collide4j serve}: one session (one loaded robot and scene) per
 * connection. Methods and their parameters are documented in {@code cli/PROTOCOL.md}:
 * {@code load}, {@code isValid}, {@code isValidMany}, {@code clearance}, {@code checkMotion}, {@code isMotionFree},
 * {@code batch}, {@code certify}, {@code counters},
 * {@code ping}. Files are read only inside the {@link FileRoots} it was given; a {@code load} replaces the session
 * only when it succeeded entirely. Not thread-safe: the server gives every connection its own instance.
 */
public final class CollisionService implements RequestHandler, AutoCloseable {
    /** Largest number of states plus motions in one {@code batch} request. */
    public static final int MAX_BATCH = 1_000_000;
    /** Items of a batch checked between two cancellation checkpoints. */
    private static final int CHUNK = 2048;
    /** Largest isValidMany checked on the request's own thread rather than on the batch engine. */
    private static final int SMALL_BATCH = 256;

    private final FileRoots files;
    private final ServerLimits limits;
    private final ProtocolJson json;
    private final DecompositionMode decomposeByDefault;
    private Collide4j session;
    private CertifiedMotionValidator motions;
    private CertifiedMotionValidator shortWayMotions; // continuous joints the short way round (checkMotion's shortWay)
    private CertifiedStateValidityChecker states;
    private CertifiedMotionValidator planningMotions; // at the planning margin ("planning": true)
    private CertifiedStateValidityChecker planningStates;
    private BatchChecker batchEngine; // created on the first batch of a session; closed with it

    /** A service that reads files only under {@code files}, within {@code limits}. */
    public CollisionService(FileRoots files, ServerLimits limits) {
        this(files, limits, DecompositionMode.CONCAVE);
    }

    /** {@code decomposeAll}: {@code serve --decompose} (every mesh decomposed); false: the default mode (concave links). */
    public CollisionService(FileRoots files, ServerLimits limits, boolean decomposeAll) {
        this(files, limits, decomposeAll ? DecompositionMode.ALL : DecompositionMode.CONCAVE);
    }

    /**
     * {@code decomposeByDefault}: the mode of a {@code load} without {@code decompose} ({@code serve --decompose}: ALL,
     * {@code --no-decompose}: HULLS, neither: CONCAVE); the request's {@code true} / {@code false} choose ALL / HULLS.
     */
    public CollisionService(FileRoots files, ServerLimits limits, DecompositionMode decomposeByDefault) {
        this.files = files;
        this.limits = limits;
        this.json = new ProtocolJson(limits);
        this.decomposeByDefault = java.util.Objects.requireNonNull(decomposeByDefault, "decomposition mode");
    }

    /** No file access (bundled models and inline content only), default limits. */
    public CollisionService() {
        this(FileRoots.none(), ServerLimits.defaults());
    }

    @Override
    public Object handle(String method, ObjectNode params, RequestContext context) {
        return switch (method) {
            case "ping" -> Map.of("pong", true, "protocol", "collide4j-jsonl/1");
            case "load" -> load(params);
            case "isValid", "isValidMany", "clearance", "checkMotion", "isMotionFree", "batch" -> {
                try {
                    yield query(method, params, context);
                } catch (RequestException e) {
                    throw e;
                } catch (
                        IllegalArgumentException e) { // wrong lengths, limits, unboundable motions: the caller's to fix
                    throw invalid(method + ": " + e.getMessage());
                }
            }
            case "certify" -> certify(params, context);
            case "counters" -> counters();
            default ->
                throw new RequestException(
                        RequestException.METHOD_NOT_FOUND,
                        "unknown method '" + method
                                + "'; methods: ping, load, isValid, isValidMany, clearance, checkMotion, isMotionFree, batch, certify,"
                                + " counters");
        };
    }

    private Object query(String method, ObjectNode params, RequestContext context) {
        return switch (method) {
            case "isValid" -> {
                known(params, "isValid", "q", "planning");
                double[] q = vector(params, "q");
                CertifiedStateValidityChecker v = states();
                yield Map.of("valid", (planning(params) ? planningStates : v).isValid(q));
            }
            case "isValidMany" -> isValidMany(params, context);
            case "clearance" -> clearance(params);
            case "checkMotion" -> checkMotion(params);
            case "isMotionFree" -> {
                known(params, "isMotionFree", "q0", "q1", "planning");
                double[] q0 = vector(params, "q0");
                double[] q1 = vector(params, "q1");
                yield Map.of("free", (planning(params) ? planningMotions : motions).checkMotion(q0, q1));
            }
            case "batch" -> batch(params, context);
            default -> throw new IllegalStateException(method);
        };
    }

    /**
     * {@code "planning": true}: check at the session's planning margin (margin + 2 × tolerance), so that a path built
     * from such answers certifies at the margin (README, "Planning margin"); default false, the margin.
     */
    private static boolean planning(ObjectNode p) {
        return Params.flag(p, "planning", false);
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

    /** Replaces the session only when the whole load, its result included, succeeded. */
    private Object load(ObjectNode p) {
        SessionLoader.Loaded loaded = SessionLoader.load(p, files, limits, json, decomposeByDefault);
        close();
        session = loaded.session();
        motions = session.motionValidator();
        shortWayMotions = session.shortWayMotionValidator();
        states = session.stateValidityChecker();
        planningMotions = session.planningMotionValidator();
        planningStates = session.planningStateValidityChecker();
        return loaded.result();
    }

    // ------------------------------------------------------------------ queries

    private Object clearance(ObjectNode p) {
        known(p, "clearance", "q");
        Contact c = session().closestPair(vector(p, "q"));
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("lowerBound", c == null ? null : infinityAsNull(c.lowerBound()));
        r.put("estimate", c == null ? null : infinityAsNull(c.distance()));
        r.put("exactness", "LOWER_BOUND");
        r.put("pair", c == null ? null : c.pair().key());
        return r;
    }

    private Object checkMotion(ObjectNode p) {
        known(p, "checkMotion", "q0", "q1", "shortWay");
        double[] q0 = vector(p, "q0");
        double[] q1 = vector(p, "q1");
        boolean shortWay = Params.flag(p, "shortWay", false);
        session();
        CertifiedMotionValidator v = shortWay ? shortWayMotions : motions;
        MotionValidator.MotionCheck mc = v.checkMotionWithLastValid(q0, q1);
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("valid", mc.valid());
        r.put("lastValidFraction", mc.lastValidFraction());
        r.put("lastValid", list(mc.lastValid()));
        if (shortWay) {
            r.put("q1", list(v.motionEnd(q0, q1))); // the end of the motion certified: what the client executes
        }
        return r;
    }

    /**
     * isValid of many states in one request: a few are checked one after the other on this thread (no hand-over to
     * the batch engine's workers, whose start costs more than they save), more on the batch engine in chunks between
     * checkpoints; the verdicts are isValid's either way.
     */
    private Object isValidMany(ObjectNode p, RequestContext context) {
        known(p, "isValidMany", "states");
        JsonNode rows = array(p, "states");
        if (rows.size() > MAX_BATCH) {
            throw invalid("isValidMany of " + rows.size() + " states exceeds " + MAX_BATCH);
        }
        int n = rows.size(), dim = session().dimension();
        double[] flat = new double[n * dim];
        for (int i = 0; i < n; i++) {
            System.arraycopy(vector(rows.get(i), "states[" + i + "]"), 0, flat, i * dim, dim);
        }
        boolean[] valid = new boolean[n];
        if (n <= SMALL_BATCH) {
            double[] q = new double[dim];
            for (int i = 0; i < n; i++) {
                System.arraycopy(flat, i * dim, q, 0, dim);
                valid[i] = states.isValid(q);
            }
        } else {
            for (int from = 0; from < n; from += CHUNK) {
                context.checkpoint();
                int to = Math.min(n, from + CHUNK);
                boolean[] part = new boolean[to - from];
                session.areValid(Arrays.copyOfRange(flat, from * dim, to * dim), part, engine());
                System.arraycopy(part, 0, valid, from, part.length);
            }
        }
        return Map.of("valid", valid);
    }

    private Object batch(ObjectNode p, RequestContext context) {
        known(p, "batch", "states", "motions", "details");
        session();
        JsonNode stateList = p.has("states") ? array(p, "states") : json.tree(List.of());
        JsonNode motionList = p.has("motions") ? array(p, "motions") : json.tree(List.of());
        if (stateList.size() + motionList.size() > MAX_BATCH) {
            throw invalid("batch of " + (stateList.size() + motionList.size()) + " items exceeds " + MAX_BATCH);
        }
        boolean details = false;
        if (p.has("details")) {
            if (!p.get("details").isBoolean()) {
                throw invalid("'details' must be a boolean, got " + ProtocolJson.typeName(p.get("details")));
            }
            details = p.get("details").booleanValue();
        }
        List<double[]> qs = new ArrayList<>(stateList.size());
        for (int i = 0; i < stateList.size(); i++) {
            qs.add(vector(stateList.get(i), "states[" + i + "]"));
        }
        List<double[]> q0s = new ArrayList<>(), q1s = new ArrayList<>();
        for (int i = 0; i < motionList.size(); i++) {
            JsonNode pair = motionList.get(i);
            if (!pair.isArray() || pair.size() != 2) {
                throw invalid("motions[" + i + "]: expected [q0, q1], got " + ProtocolJson.typeName(pair));
            }
            q0s.add(vector(pair.get(0), "motions[" + i + "][0]"));
            q1s.add(vector(pair.get(1), "motions[" + i + "][1]"));
        }
        List<Object> sv = new ArrayList<>(qs.size());
        for (int from = 0; from < qs.size(); from += CHUNK) {
            context.checkpoint();
            for (boolean v : session.areValid(qs.subList(from, Math.min(qs.size(), from + CHUNK)), engine())) {
                sv.add(v);
            }
        }
        List<Object> mv = new ArrayList<>(q0s.size());
        if (details) {
            for (int i = 0; i < q0s.size(); i++) {
                context.checkpoint();
                MotionResult m = motions.check(q0s.get(i), q1s.get(i));
                Map<String, Object> one = new LinkedHashMap<>();
                one.put("status", m.status().name());
                one.put("time", m.time());
                one.put("clearanceLowerBound", infinityAsNull(m.clearanceLowerBound()));
                one.put("pair", m.contact() == null ? null : m.contact().pair().key());
                mv.add(one);
            }
        } else {
            for (int from = 0; from < q0s.size(); from += CHUNK) {
                context.checkpoint();
                int to = Math.min(q0s.size(), from + CHUNK);
                MotionStatus[] st = session.checkMotions(q0s.subList(from, to), q1s.subList(from, to), engine());
                for (int i = 0; i < st.length; i++) {
                    // endpoints outside the joint limits are invalid motions, as for the single-motion adapter
                    mv.add(st[i] == MotionStatus.FREE
                            && session.withinLimits(q0s.get(from + i))
                            && session.withinLimits(q1s.get(from + i)));
                }
            }
        }
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("states", sv);
        r.put("motions", mv);
        return r;
    }

    // A list of number vectors under key, each checked as vector(...) does (errors name key[i]).
    private List<double[]> vectors(ObjectNode p, String key) {
        JsonNode rows = array(p, key);
        List<double[]> out = new ArrayList<>(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            out.add(vector(rows.get(i), key + "[" + i + "]"));
        }
        return out;
    }

    private Object certify(ObjectNode p, RequestContext context) {
        known(p, "certify", "waypoints", "velocities", "accelerations", "times", "margin", "budget", "certificate");
        Collide4j c = session();
        List<double[]> q = vectors(p, "waypoints");
        List<double[]> velocities = p.has("velocities") ? vectors(p, "velocities") : null;
        List<double[]> accelerations = p.has("accelerations") ? vectors(p, "accelerations") : null;
        if (accelerations != null && velocities == null) {
            throw invalid("accelerations: given without velocities");
        }
        for (List<double[]> rates : Arrays.asList(velocities, accelerations)) {
            if (rates != null && rates.size() != q.size()) {
                throw invalid((rates == velocities ? "velocities" : "accelerations") + ": " + rates.size()
                        + " vectors for " + q.size() + " waypoints");
            }
        }
        double[] times = new double[q.size()];
        if (p.has("times")) {
            JsonNode ts = array(p, "times");
            if (ts.size() != q.size()) {
                throw invalid("times: " + ts.size() + " values for " + q.size() + " waypoints");
            }
            for (int i = 0; i < times.length; i++) {
                if (!ts.get(i).isNumber() || !Double.isFinite(ts.get(i).doubleValue())) {
                    throw invalid(
                            "times[" + i + "]: expected a finite number, got " + ProtocolJson.typeName(ts.get(i)));
                }
                times[i] = ts.get(i).doubleValue();
            }
        } else {
            Arrays.setAll(times, k -> k);
        }
        double margin = p.has("margin") ? number(p, "margin") : c.margin();
        if (!(margin >= 0) || !Double.isFinite(margin)) {
            throw invalid("margin: must be finite and >= 0, got " + margin);
        }
        long budget = p.has("budget")
                ? budget(p, limits.maxEvaluations())
                : Math.min(c.trajectoryBudget(), limits.maxEvaluations());
        boolean certificate = true;
        if (p.has("certificate")) {
            if (!p.get("certificate").isBoolean()) {
                throw invalid("'certificate' must be a boolean, got " + ProtocolJson.typeName(p.get("certificate")));
            }
            certificate = p.get("certificate").booleanValue();
        }
        CertificationResult r;
        try {
            // stops between segments once the client has gone or the time budget is spent (PROTOCOL.md)
            r = c.trajectoryCertifier()
                    .certify(q, velocities, accelerations, times, margin, budget, segments -> context.checkpoint())
                    .result();
        } catch (IllegalArgumentException e) { // wrong vector lengths, limits, non-finite values: the caller's to fix
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
        out.put(
                "clearanceLowerBound",
                r.pairClearance().values().stream()
                        .min(Double::compare)
                        .map(Params::infinityAsNull)
                        .orElse(null));
        out.put("evaluations", r.evaluations());
        if (certificate) {
            out.put("certificate", json.trusted(r.certificateJson()));
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
            EngineChoice choice = System.getProperty(EngineChoice.PROPERTY) == null
                    ? EngineChoice.CPU
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

    // ------------------------------------------------------------------ configurations

    private double[] vector(ObjectNode p, String name) {
        if (!p.has(name)) {
            throw invalid("missing parameter '" + name + "' (an array of joint values)");
        }
        return vector(p.get(name), name);
    }

    private double[] vector(JsonNode v, String what) {
        if (!v.isArray()) {
            throw invalid(what + ": expected an array of joint values, got " + ProtocolJson.typeName(v));
        }
        int n = session().dimension();
        if (v.size() != n) {
            throw invalid(what + ": has " + v.size() + " values, the planning group has " + n + " "
                    + session.variableNames());
        }
        double[] q = new double[n];
        for (int i = 0; i < n; i++) {
            JsonNode x = v.get(i);
            if (!x.isNumber() || !Double.isFinite(x.doubleValue())) {
                throw invalid(what + "[" + i + "]: expected a finite number, got " + ProtocolJson.typeName(x)
                        + (x.isNumber() ? " out of range" : ""));
            }
            q[i] = x.doubleValue();
        }
        return q;
    }
}
