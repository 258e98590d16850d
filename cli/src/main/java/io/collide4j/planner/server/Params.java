package io.collide4j.planner.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reading request parameters from their JSON tree; every refusal is a −32602 naming the parameter. */
final class Params {
    private Params() {}

    static RequestException invalid(String message) {
        return new RequestException(RequestException.INVALID_PARAMS, message);
    }

    static void known(ObjectNode p, String method, String... names) {
        List<String> allowed = List.of(names);
        for (Iterator<String> it = p.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (!allowed.contains(k)) {
                throw invalid(method + ": unknown parameter '" + k + "'; known: " + allowed);
            }
        }
    }

    static String string(ObjectNode p, String name) {
        JsonNode v = p.get(name);
        if (v == null || !v.isTextual()) {
            throw invalid("'" + name + "' must be a string, got " + ProtocolJson.typeName(v));
        }
        return v.textValue();
    }

    static double number(ObjectNode p, String name) {
        JsonNode v = p.get(name);
        if (v == null || !v.isNumber()) {
            throw invalid("'" + name + "' must be a number, got " + ProtocolJson.typeName(v));
        }
        return v.doubleValue();
    }

    /** An evaluation budget: an integer from 1 to the server's {@code maxEvaluations}. */
    static long budget(ObjectNode p, long maxEvaluations) {
        JsonNode v = p.get("budget");
        if (v == null
                || !v.isIntegralNumber()
                || !v.canConvertToLong()
                || v.longValue() < 1
                || v.longValue() > maxEvaluations) {
            throw invalid("'budget' must be an integer from 1 to " + maxEvaluations
                    + " (the server's --max-evaluations), got "
                    + (v != null && v.isNumber() ? v.asText() : ProtocolJson.typeName(v)));
        }
        return v.longValue();
    }

    static JsonNode array(ObjectNode p, String name) {
        JsonNode v = p.get(name);
        if (v == null || !v.isArray()) {
            throw invalid("'" + name + "' must be an array, got " + ProtocolJson.typeName(v));
        }
        return v;
    }

    static Map<String, Double> numbers(ObjectNode p, String name) {
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

    static List<Double> list(double[] a) {
        List<Double> out = new ArrayList<>(a.length);
        for (double x : a) {
            out.add(x);
        }
        return out;
    }

    /** Joint limits: an unbounded side (continuous joints) is sent as null, as PROTOCOL.md says. */
    /** An optional boolean parameter: its value, {@code otherwise} when absent; anything but true/false is refused. */
    static boolean flag(ObjectNode p, String name, boolean otherwise) {
        if (!p.has(name)) {
            return otherwise;
        }
        if (!p.get(name).isBoolean()) {
            throw invalid("'" + name + "' must be a boolean, got " + ProtocolJson.typeName(p.get(name)));
        }
        return p.get(name).booleanValue();
    }

    /** Per variable, whether it is a continuous joint. */
    static List<Boolean> flags(boolean[] a) {
        List<Boolean> out = new ArrayList<>(a.length);
        for (boolean x : a) {
            out.add(x);
        }
        return out;
    }

    static List<Double> jointLimits(double[] a) {
        List<Double> out = new ArrayList<>(a.length);
        for (double x : a) {
            out.add(infinityAsNull(x));
        }
        return out;
    }

    /** JSON has no infinity: ±∞ is sent as null where PROTOCOL.md says so; NaN is left for the writer to refuse. */
    static Double infinityAsNull(double x) {
        return Double.isInfinite(x) ? null : x;
    }
}
