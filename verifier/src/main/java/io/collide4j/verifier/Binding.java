package io.collide4j.verifier;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The binding stage both verifiers run before any plane or step is checked (SOUNDNESS.md, "Binding"): every field of
 * a certificate that a claim depends on is compared, bit for bit, with what the user's inputs give ({@link
 * BoundInputs}) or recomputed from the certificate itself. Robot, scene hashes and tolerance equal the loaded ones;
 * the {@code witness} section equals the one derived from the inputs (joint order, held values, pieces with element,
 * kind, padding and scale, allowed pairs, obstacles); every column of a joint outside the planning group holds its
 * held value with velocity and acceleration 0; {@code trajectoryHash} is recomputed from the certificate's waypoints,
 * velocities, accelerations and times ({@link TrajectoryHash}) and, when the user gave a trajectory, equals that
 * file's; the violation's time is recomputed from its segment and fraction; per-pair clearances are claimed only with
 * CERTIFIED_FREE. It reads the JSON text on its own (duplicate keys refused), so it binds what the verifiers read.
 * Stateless.
 */
public final class Binding {
    private Binding() {}

    /** Every way the certificate fails to bind to the inputs (empty: bound); {@code source} names it in messages. */
    public static List<String> check(BoundInputs in, byte[] certificate, String source) {
        JsonNode root;
        try {
            root = tree(certificate);
        } catch (IOException e) {
            return List.of(source + ": not readable JSON: " + e.getMessage());
        }
        List<String> problems = new ArrayList<>();
        if (root == null || !root.isObject()) {
            return List.of(source + ": expected a JSON object");
        }
        text(
                root,
                "robotHash",
                in.robotHash(),
                "robot hash differs: the certificate was made for another robot model"
                        + " (URDF, SRDF, held joints, padding, scale or pieces) than the one loaded",
                problems);
        text(
                root,
                "sceneHash",
                in.sceneHash(),
                "scene hash differs: the certificate was made for another scene than" + " the one loaded",
                problems);
        JsonNode tol = root.get("tolerance");
        if (tol == null || !tol.isNumber() || Double.compare(tol.doubleValue(), in.tolerance()) != 0) {
            problems.add("tolerance: the certificate states " + tol + ", the loaded checker uses " + in.tolerance());
        }
        double[][] w, v, a;
        double[] times;
        try {
            w = matrix(root, "waypoints", true);
            v = matrix(root, "velocities", false);
            a = matrix(root, "accelerations", false);
            double[][] t = matrix(root, "times", true, 1);
            times = t[0];
        } catch (IllegalArgumentException e) {
            problems.add(e.getMessage());
            return problems;
        }
        trajectory(root, in, w, v, a, times, problems);
        JsonNode witness = root.get("witness");
        if (witness != null) {
            try {
                JsonNode derived = CertificateReader.JSON.readTree(in.witnessJson());
                String diff = difference(witness, derived, "witness");
                if (diff != null) {
                    problems.add(diff + " (the witness the inputs give: robot options --group, --hold, --padding,"
                            + " --scale, SRDF, scene)");
                }
            } catch (IOException e) {
                throw new IllegalStateException("derived witness is not JSON", e);
            }
        }
        claims(root, times, problems);
        return problems;
    }

    private static void trajectory(
            JsonNode root,
            BoundInputs in,
            double[][] w,
            double[][] v,
            double[][] a,
            double[] times,
            List<String> problems) {
        String hash = TrajectoryHash.of(w, v, a, times);
        JsonNode stated = root.get("trajectoryHash");
        if (stated == null || !hash.equals(stated.asText(null))) {
            problems.add("trajectoryHash: the certificate states " + stated + ", its waypoints, velocities,"
                    + " accelerations and times hash to \"" + hash + "\"");
        }
        String kind = v == null ? (a == null ? "LINEAR" : null) : a == null ? "CUBIC" : "QUINTIC";
        JsonNode interpolation = root.get("interpolation");
        if (kind == null || interpolation == null || !kind.equals(interpolation.asText(null))) {
            problems.add("interpolation: the certificate states " + interpolation + ", its velocities and accelerations"
                    + " make it " + (kind == null ? "nothing (accelerations need velocities)" : kind));
        }
        if (in.trajectoryHash() != null && !in.trajectoryHash().equals(hash)) {
            problems.add(
                    "trajectory: the certificate's waypoints and times are not those of the --trajectory file given"
                            + " (hash " + hash + " vs " + in.trajectoryHash() + ")");
        }
        int n = in.columns().size();
        if ((v != null && v.length != w.length) || (a != null && a.length != w.length) || times.length != w.length) {
            problems.add("waypoints, velocities, accelerations and times: one row (time) per waypoint needed, found "
                    + w.length + ", " + (v == null ? "-" : v.length) + ", " + (a == null ? "-" : a.length) + ", "
                    + times.length);
            return;
        }
        for (String key : List.of("waypoints", "velocities", "accelerations")) {
            double[][] m = key.equals("waypoints") ? w : key.equals("velocities") ? v : a;
            for (int k = 0; m != null && k < m.length; k++) {
                if (m[k].length != n) {
                    problems.add(key + "[" + k + "]: " + m[k].length + " values, the robot has " + n
                            + " joint variables " + in.columns());
                    return;
                }
            }
        }
        for (Map.Entry<String, Double> h : new java.util.TreeMap<>(in.held()).entrySet()) {
            int col = in.columns().indexOf(h.getKey());
            if (col < 0) {
                throw new IllegalArgumentException("held joint " + h.getKey() + " is not a column " + in.columns());
            }
            for (int k = 0; k < w.length; k++) {
                // == on purpose: -0 and +0 are the same real (the hashes fold them too); NaN cannot be read
                boolean still =
                        w[k][col] == h.getValue() && (v == null || v[k][col] == 0) && (a == null || a[k][col] == 0);
                if (!still) {
                    problems.add("waypoints[" + k + "][" + col + "]: joint " + h.getKey() + " is outside the planning"
                            + " group and held at " + h.getValue() + " (--hold, or 0 clamped into its limits), but the"
                            + " certificate moves it or holds it at " + w[k][col]);
                    break;
                }
            }
        }
    }

    /**
     * The document as a tree, but of each segment's step lists only their {@code pair}s: the binding stage reads
     * nothing else of the segments (the tuples' shape), and building every step's numbers as nodes cost more than all
     * its checks. The certificate reader's parser, so duplicate keys and trailing tokens are refused as there; null for
     * an empty document. Anything in {@code segments} that is not an array of arrays of objects is kept whole.
     */
    static JsonNode tree(byte[] certificate) throws IOException {
        try (JsonParser p = CertificateReader.JSON.createParser(certificate)) {
            JsonToken t = p.nextToken();
            if (t == null) {
                return null;
            }
            JsonNode root;
            if (t == JsonToken.START_OBJECT) {
                ObjectNode o = CertificateReader.JSON.createObjectNode();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    p.nextToken();
                    o.set(name, name.equals("segments") ? pairsOnly(p) : CertificateReader.subtree(p));
                }
                root = o;
            } else {
                root = CertificateReader.subtree(p);
            }
            CertificateReader.noTrailingTokens(p);
            return root;
        }
    }

    /** The segments value at the parser: arrays of step-list objects reduced to their pair member. */
    private static JsonNode pairsOnly(JsonParser p) throws IOException {
        if (p.currentToken() != JsonToken.START_ARRAY) {
            return CertificateReader.subtree(p);
        }
        ArrayNode all = CertificateReader.JSON.createArrayNode();
        while (next(p) != JsonToken.END_ARRAY) {
            if (p.currentToken() != JsonToken.START_ARRAY) {
                all.add(CertificateReader.subtree(p));
                continue;
            }
            ArrayNode segment = all.addArray();
            while (next(p) != JsonToken.END_ARRAY) {
                if (p.currentToken() != JsonToken.START_OBJECT) {
                    segment.add(CertificateReader.subtree(p));
                    continue;
                }
                ObjectNode steps = segment.addObject();
                while (next(p) == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    next(p);
                    if (name.equals("pair")) {
                        steps.set(name, CertificateReader.subtree(p));
                    } else {
                        p.skipChildren();
                    }
                }
            }
        }
        return all;
    }

    /** The next token; the end of the input inside the segments is refused, as the tree reader refuses it. */
    private static JsonToken next(JsonParser p) throws IOException {
        JsonToken t = p.nextToken();
        if (t == null) {
            throw new JsonParseException(p, "Unexpected end-of-input in the segments");
        }
        return t;
    }

    /** The violation's time is a function of its segment and fraction; clearances are claimed only for a free path. */
    private static void claims(JsonNode root, double[] times, List<String> problems) {
        JsonNode verdict = root.get("verdict"), viol = root.get("violation");
        if (viol != null && viol.isObject()) {
            JsonNode seg = viol.get("segment"), frac = viol.get("fraction"), time = viol.get("time");
            if (seg != null
                    && seg.canConvertToInt()
                    && seg.isIntegralNumber()
                    && frac != null
                    && frac.isNumber()
                    && seg.intValue() >= 0
                    && seg.intValue() + 1 < times.length) {
                int i = seg.intValue();
                double expected = times[i] + frac.doubleValue() * (times[i + 1] - times[i]);
                if (time == null || !time.isNumber() || Double.compare(time.doubleValue(), expected) != 0) {
                    problems.add("violation.time: the certificate states " + time + ", its segment " + i
                            + " and fraction " + frac + " give " + expected);
                }
            }
        }
        // both readers must see the same pairs: a tuple is exactly [first, firstPiece, second, secondPiece,
        // environment]
        JsonNode segments = root.get("segments");
        for (int i = 0; segments != null && i < segments.size(); i++) {
            for (int p = 0; p < segments.get(i).size(); p++) {
                tuple(segments.get(i).get(p).get("pair"), "segments[" + i + "][" + p + "].pair", problems);
            }
        }
        if (viol != null && viol.isObject()) {
            tuple(viol.get("pair"), "violation.pair", problems);
        }
        JsonNode pc = root.get("pairClearance");
        if (pc != null && pc.size() > 0 && (verdict == null || !"CERTIFIED_FREE".equals(verdict.asText()))) {
            problems.add(
                    "pairClearance: clearances over the trajectory are claimed only with verdict CERTIFIED_FREE, this"
                            + " certificate's verdict is " + verdict);
        }
    }

    private static void tuple(JsonNode pair, String at, List<String> problems) {
        if (pair != null && (!pair.isArray() || pair.size() != 5)) {
            problems.add(at + ": expected [first, firstPiece, second, secondPiece, environment], found " + brief(pair));
        }
    }

    private static void text(JsonNode root, String key, String expected, String what, List<String> problems) {
        JsonNode n = root.get(key);
        if (n == null || !n.isTextual() || !n.textValue().equals(expected)) {
            problems.add(
                    key + ": " + what + " (the certificate states " + n + ", the loaded one is \"" + expected + "\")");
        }
    }

    private static double[][] matrix(JsonNode root, String key, boolean required) {
        return matrix(root, key, required, 2);
    }

    /** A member as rows of finite numbers (depth 1: one row); absent and not required: null. */
    private static double[][] matrix(JsonNode root, String key, boolean required, int depth) {
        JsonNode m = root.get(key);
        if (m == null && !required) {
            return null;
        }
        if (m == null || !m.isArray()) {
            throw new IllegalArgumentException(key + ": expected an array");
        }
        JsonNode rows = depth == 1
                ? com.fasterxml.jackson.databind.node.JsonNodeFactory.instance
                        .arrayNode()
                        .add(m)
                : m;
        double[][] out = new double[rows.size()][];
        for (int k = 0; k < out.length; k++) {
            JsonNode r = rows.get(k);
            if (!r.isArray()) {
                throw new IllegalArgumentException(key + "[" + k + "]: expected an array of numbers");
            }
            out[k] = new double[r.size()];
            for (int j = 0; j < r.size(); j++) {
                if (!r.get(j).isNumber() || !Double.isFinite(r.get(j).doubleValue())) {
                    throw new IllegalArgumentException(
                            key + (depth == 1 ? "" : "[" + k + "]") + "[" + j + "]: expected a finite number");
                }
                out[k][j] = r.get(j).doubleValue();
            }
        }
        return out;
    }

    /**
     * null when {@code stated} equals {@code derived}: same members (object member order carries no meaning), arrays
     * element by element in order, strings and booleans equal, numbers of the same kind (integer or not) and the same
     * double bit for bit; else the path of the first difference and both values.
     */
    static String difference(JsonNode stated, JsonNode derived, String at) {
        if (stated.isNumber() && derived.isNumber()) {
            boolean same = stated.isIntegralNumber() == derived.isIntegralNumber()
                    && Double.doubleToLongBits(stated.doubleValue()) == Double.doubleToLongBits(derived.doubleValue());
            return same ? null : at + ": the certificate states " + stated + ", the inputs give " + derived;
        }
        if (stated.getNodeType() != derived.getNodeType()) {
            return at + ": the certificate states " + brief(stated) + ", the inputs give " + brief(derived);
        }
        if (stated.isArray()) {
            if (stated.size() != derived.size()) {
                return at + ": the certificate lists " + stated.size() + " entries, the inputs give " + derived.size();
            }
            for (int i = 0; i < stated.size(); i++) {
                JsonNode name = derived.get(i).get("name"); // obstacles and attached objects: say which one
                String what = at.endsWith(".attached") ? "attached object" : "obstacle";
                String d = difference(
                        stated.get(i),
                        derived.get(i),
                        at + "[" + i + "]"
                                + (name != null && name.isTextual()
                                        ? " (" + what + " '" + name.textValue() + "')"
                                        : ""));
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        if (stated.isObject()) {
            TreeSet<String> a = new TreeSet<>(), b = new TreeSet<>();
            stated.fieldNames().forEachRemaining(a::add);
            derived.fieldNames().forEachRemaining(b::add);
            if (!a.equals(b)) {
                TreeSet<String> extra = new TreeSet<>(a), missing = new TreeSet<>(b);
                extra.removeAll(b);
                missing.removeAll(a);
                return at + ": members differ from the inputs'" + (extra.isEmpty() ? "" : ", not derived: " + extra)
                        + (missing.isEmpty() ? "" : ", missing: " + missing);
            }
            for (Iterator<String> it = b.iterator(); it.hasNext(); ) {
                String k = it.next();
                String d = difference(stated.get(k), derived.get(k), at + "." + k);
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        return stated.equals(derived)
                ? null
                : at + ": the certificate states " + stated + ", the inputs give " + derived;
    }

    private static String brief(JsonNode n) {
        String s = n.toString();
        return s.length() > 80 ? s.substring(0, 77) + "..." : s;
    }
}
