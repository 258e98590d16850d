package io.collide4j.planner.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.collide4j.checker.batch.BatchChecker;
import io.collide4j.checker.batch.EngineChoice;
import io.collide4j.checker.query.CertificationResult;
import io.collide4j.checker.query.Contact;
import io.collide4j.checker.query.MotionResult;
import io.collide4j.checker.query.MotionStatus;
import io.collide4j.checker.query.Violation;
import io.collide4j.models.Models;
import io.collide4j.planner.CertifiedMotionValidator;
import io.collide4j.planner.CertifiedStateValidityChecker;
import io.collide4j.planner.Collide4j;
import io.collide4j.planner.MotionValidator;
import io.collide4j.planner.TrajectoryCertifier;
import io.collide4j.planner.ValidityCounters;
import io.collide4j.urdf.DescriptionException;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.UrdfParser;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The collision checker behind {@code collide4j serve}: one session (one loaded robot and scene) per
 * connection. Methods and their parameters are documented in {@code planner-adapters/PROTOCOL.md}:
 * {@code load}, {@code isValid}, {@code clearance}, {@code checkMotion}, {@code batch}, {@code certify}, {@code counters},
 * {@code ping}. Files are read only inside the {@link FileRoots} it was given; a {@code load} replaces the session
 * only when it succeeded entirely. Not thread-safe: the server gives every connection its own instance.
 */
public final class CollisionService implements RequestHandler, AutoCloseable {
    /** Largest number of states plus motions in one {@code batch} request. */
    public static final int MAX_BATCH = 1_000_000;
    /** Items of a batch checked between two cancellation checkpoints. */
    private static final int CHUNK = 2048;
    private static final Logger LOG = LoggerFactory.getLogger(CollisionService.class);

    private final FileRoots files;
    private final ServerLimits limits;
    private final ProtocolJson json;
    private Collide4j session;
    private CertifiedMotionValidator motions;
    private CertifiedStateValidityChecker states;
    private BatchChecker batchEngine;   // created on the first batch of a session; closed with it

    /** A service that reads files only under {@code files}, within {@code limits}. */
    public CollisionService(FileRoots files, ServerLimits limits) {
        this.files = files;
        this.limits = limits;
        this.json = new ProtocolJson(limits);
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
            case "isValid" -> {
                known(params, "isValid", "q");
                yield Map.of("valid", states().isValid(vector(params, "q")));
            }
            case "clearance" -> clearance(params);
            case "checkMotion" -> checkMotion(params);
            case "batch" -> batch(params, context);
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

    // ------------------------------------------------------------------ load

    /** Where each file of a load came from: the request field and the real path that was read. */
    private record FileInput(String field, Path real) {
    }

    private Object load(ObjectNode p) {
        known(p, "load", "robot", "urdf", "srdf", "scene", "sceneJson", "margin", "group", "hold", "padding", "scale",
                "allow", "tolerance", "budget");
        List<FileInput> fileInputs = new ArrayList<>();
        Collide4j.Builder b = Collide4j.builder();
        // Everything the client sent is checked before any file is read ...
        if (p.has("urdf") && p.has("robot")) {
            throw invalid("give 'robot' (bundled name) or 'urdf' (a file), not both");
        }
        if (p.has("scene") && p.has("sceneJson")) {
            throw invalid("give 'scene' (bundled name or file) or 'sceneJson' (inline), not both");
        }
        Path urdf = p.has("urdf") ? files.resolve(string(p, "urdf"), "urdf") : null;
        if (urdf == null) {
            String robot = p.has("robot") ? string(p, "robot") : "panda";
            if (!Models.names().contains(robot)) {
                throw invalid("robot: no bundled robot '" + robot + "'; bundled: " + Models.names() + " (or give 'urdf')");
            }
            b.robot(robot);
        } else {
            fileInputs.add(new FileInput("urdf", urdf));
        }
        if (p.has("srdf")) {
            Path srdf = files.resolve(string(p, "srdf"), "srdf");
            fileInputs.add(new FileInput("srdf", srdf));
            b.srdf(srdf);
        }
        Path sceneFile = null;
        String bundledScene = null;
        if (p.has("scene")) {
            String s = string(p, "scene");
            if (Models.sceneNames().contains(s)) {
                bundledScene = s;
            } else {
                sceneFile = files.resolve(s, "scene");
                fileInputs.add(new FileInput("scene", sceneFile));
            }
        }
        if (p.has("margin")) {
            double m = number(p, "margin");
            if (!(m >= 0) || !Double.isFinite(m)) {
                throw invalid("margin: must be finite and >= 0, got " + m);
            }
            b.margin(m);
        }
        if (p.has("tolerance")) {
            double t = number(p, "tolerance");
            if (!(t > 0) || !Double.isFinite(t)) {
                throw invalid("tolerance: must be finite and > 0, got " + t);
            }
            b.tolerance(t);
        }
        if (p.has("budget")) {
            b.budget(budget(p));
        }
        if (p.has("group")) {
            b.group(string(p, "group"));
        }
        numbers(p, "hold").forEach(b::hold);
        numbers(p, "padding").forEach(b::padding);
        numbers(p, "scale").forEach(b::scale);
        if (p.has("allow")) {
            JsonNode pairs = array(p, "allow");
            for (int i = 0; i < pairs.size(); i++) {
                JsonNode pair = pairs.get(i);
                if (!pair.isArray() || pair.size() != 2 || !pair.get(0).isTextual() || !pair.get(1).isTextual()) {
                    throw invalid("allow[" + i + "]: expected a [name, name] pair, got " + ProtocolJson.typeName(pair));
                }
                b.allow(pair.get(0).textValue(), pair.get(1).textValue());
            }
        }
        // ... then the files are read; the session is replaced only when all of it, result included, succeeded.
        Collide4j loaded;
        try {
            if (urdf != null) {
                files.checkUrdfReferences(urdf, "urdf");
                RobotDescription d = UrdfParser.create().withResolver(files.resolver()).withVisualMeshes(false).parse(urdf);
                files.checkResolvedMeshes(d, "urdf");
                b.robot(d, null);
            }
            if (sceneFile != null) {
                b.scene(sceneFile);
            } else if (bundledScene != null) {
                b.sceneName(bundledScene);
            } else if (p.has("sceneJson")) {
                JsonNode sj = p.get("sceneJson");
                b.sceneJson(sj.isTextual() ? sj.textValue() : json.text(sj), "request sceneJson");
            }
            loaded = b.build();
        } catch (RequestException e) {
            throw e;
        } catch (RuntimeException e) {
            throw loadFailure(e, fileInputs);
        }
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("robot", loaded.model().kinematics().name());
        r.put("group", loaded.groupName());
        r.put("variables", loaded.variableNames());
        r.put("lower", limits(loaded.lowerLimits()));
        r.put("upper", limits(loaded.upperLimits()));
        r.put("obstacles", loaded.scene().size());
        r.put("margin", loaded.margin());
        r.put("robotHash", loaded.model().contentHash());
        r.put("sceneHash", loaded.scene().contentHash());
        JsonNode result = json.tree(r);   // fails here, before the commit, if anything cannot be sent
        close();
        session = loaded;
        motions = loaded.motionValidator();
        states = loaded.stateValidityChecker();
        return result;
    }

    /**
     * A failed load as the client sees it. Errors in inline content and bundled models say exactly what is wrong;
     * errors in a file say which request field and (where known) which line, never the file's content (a YAML
     * line, a JSON key, a link name): the full message goes to the server log under the reference given.
     */
    private static RequestException loadFailure(RuntimeException e, List<FileInput> fileInputs) {
        if (fileInputs.isEmpty()) {
            return invalid("load: " + e.getMessage());
        }
        String ref = Long.toHexString(ThreadLocalRandom.current().nextLong() & 0xffffffffffffL);
        LOG.warn("load failed [ref {}]: {}", ref, e.toString());
        String text = String.valueOf(e.getMessage());
        String field = null;
        for (FileInput f : fileInputs) {
            if (text.contains(f.real().toString()) || text.contains(f.real().toUri().toString())) {
                field = f.field();
            }
        }
        if (field == null && e instanceof DescriptionException && !fileInputs.isEmpty()) {
            field = fileInputs.get(0).field();   // URDF and SRDF parsers name their own file
        }
        int line = e instanceof DescriptionException d ? d.line() : 0;
        String what = field != null ? field + ": the file could not be loaded" + (line > 0 ? " (error at line " + line + ")" : "")
                : "load: the files (" + fileInputs.stream().map(FileInput::field).toList() + ") could not be loaded"
                + " together";
        return invalid(what + "; the server log has the details under reference " + ref);
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
                    mv.add(st[i] == MotionStatus.FREE && session.withinLimits(q0s.get(from + i))
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

    private Object certify(ObjectNode p) {
        known(p, "certify", "waypoints", "velocities", "accelerations", "times", "clearance", "budget", "certificate");
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
                    throw invalid("times[" + i + "]: expected a finite number, got " + ProtocolJson.typeName(ts.get(i)));
                }
                times[i] = ts.get(i).doubleValue();
            }
        } else {
            Arrays.setAll(times, k -> k);
        }
        double clearance = p.has("clearance") ? number(p, "clearance") : c.margin();
        long budget = p.has("budget") ? budget(p) : Math.min(TrajectoryCertifier.DEFAULT_BUDGET, limits.maxEvaluations());
        boolean certificate = true;
        if (p.has("certificate")) {
            if (!p.get("certificate").isBoolean()) {
                throw invalid("'certificate' must be a boolean, got " + ProtocolJson.typeName(p.get("certificate")));
            }
            certificate = p.get("certificate").booleanValue();
        }
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
        out.put("clearanceLowerBound", r.pairClearance().values().stream().min(Double::compare)
                .map(CollisionService::infinityAsNull).orElse(null));
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

    private static void known(ObjectNode p, String method, String... names) {
        List<String> allowed = List.of(names);
        for (Iterator<String> it = p.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (!allowed.contains(k)) {
                throw invalid(method + ": unknown parameter '" + k + "'; known: " + allowed);
            }
        }
    }

    private static String string(ObjectNode p, String name) {
        JsonNode v = p.get(name);
        if (v == null || !v.isTextual()) {
            throw invalid("'" + name + "' must be a string, got " + ProtocolJson.typeName(v));
        }
        return v.textValue();
    }

    private static double number(ObjectNode p, String name) {
        JsonNode v = p.get(name);
        if (v == null || !v.isNumber()) {
            throw invalid("'" + name + "' must be a number, got " + ProtocolJson.typeName(v));
        }
        return v.doubleValue();
    }

    /** An evaluation budget: an integer from 1 to the server's {@code maxEvaluations}. */
    private long budget(ObjectNode p) {
        JsonNode v = p.get("budget");
        if (v == null || !v.isIntegralNumber() || !v.canConvertToLong() || v.longValue() < 1
                || v.longValue() > limits.maxEvaluations()) {
            throw invalid("'budget' must be an integer from 1 to " + limits.maxEvaluations()
                    + " (the server's --max-evaluations), got " + (v != null && v.isNumber() ? v.asText() : ProtocolJson.typeName(v)));
        }
        return v.longValue();
    }

    private static JsonNode array(ObjectNode p, String name) {
        JsonNode v = p.get(name);
        if (v == null || !v.isArray()) {
            throw invalid("'" + name + "' must be an array, got " + ProtocolJson.typeName(v));
        }
        return v;
    }

    private static Map<String, Double> numbers(ObjectNode p, String name) {
        Map<String, Double> out = new LinkedHashMap<>();
        if (!p.has(name)) {
            return out;
        }
        JsonNode m = p.get(name);
        if (!m.isObject()) {
            throw invalid("'" + name + "' must be an object of name: number, got " + ProtocolJson.typeName(m));
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = m.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!e.getValue().isNumber() || !Double.isFinite(e.getValue().doubleValue())) {
                throw invalid("'" + name + "." + e.getKey() + "' must be a finite number, got "
                        + ProtocolJson.typeName(e.getValue()));
            }
            out.put(e.getKey(), e.getValue().doubleValue());
        }
        return out;
    }

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
            throw invalid(what + ": has " + v.size() + " values, the planning group has " + n + " " + session.variableNames());
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

    private static List<Double> list(double[] a) {
        List<Double> out = new ArrayList<>(a.length);
        for (double x : a) {
            out.add(x);
        }
        return out;
    }

    /** Joint limits: an unbounded side (continuous joints) is sent as null, as PROTOCOL.md says. */
    private static List<Double> limits(double[] a) {
        List<Double> out = new ArrayList<>(a.length);
        for (double x : a) {
            out.add(infinityAsNull(x));
        }
        return out;
    }

    /** JSON has no infinity: ±∞ is sent as null where PROTOCOL.md says so; NaN is left for the writer to refuse. */
    private static Double infinityAsNull(double x) {
        return Double.isInfinite(x) ? null : x;
    }
}
