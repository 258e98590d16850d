package io.collide4j.planner.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.collide4j.kinematics.format.InputFormatException;
import io.collide4j.kinematics.format.StrictJson;
import io.collide4j.kinematics.format.VisibleText;
import java.util.Iterator;

/**
 * One request line read and checked for its envelope (id, method, params), before anything runs: either a request
 * to run or the error it is answered with ({@code error} non-null; {@code id} is then what could be read, else null).
 * Immutable; the params tree is handed to one handler call only.
 *
 * @param permits bytes of the line held against the conversation's read-ahead bound while it is queued
 */
record ParsedRequest(JsonNode id, String method, ObjectNode params, RequestException error, int permits) {
    /** Largest number of states in an {@code isValidMany} answered on the reader thread (about 0.1 ms of checks). */
    static final int QUICK_STATES = 64;
    /** Longest line the reader thread parses itself to see whether it is quick: bounds what it spends before reading on. */
    static final int QUICK_LINE_BYTES = 32 << 10;

    /**
     * True when this request is answered in a bounded few microseconds to a fraction of a millisecond, decided by its
     * method and size before it runs: it may then run on the connection's reader thread, which does not watch the
     * client meanwhile. Errors found while parsing are quick. Anything that can run long ({@code load},
     * {@code checkMotion}, {@code isMotionFree}, {@code batch}, {@code certify}, unknown methods of other handlers)
     * is not: it runs on the worker while the reader notices a client that goes away and cancels it.
     */
    boolean quick() {
        if (error != null) {
            return true;
        }
        return switch (method) {
            case "ping", "counters", "isValid", "clearance" -> true;
            case "isValidMany" -> {
                JsonNode states = params.get("states");
                yield states == null || !states.isArray() || states.size() <= QUICK_STATES;
            }
            default -> false;
        };
    }

    /** The line's request, or the error answering it; never throws for anything the client sent. */
    static ParsedRequest of(BoundedLineReader.Line line, ProtocolJson json, ServerLimits limits, int permits) {
        JsonNode id = NullNode.getInstance();
        try {
            if (line.oversized()) {
                throw new RequestException(
                        RequestException.REQUEST_TOO_LARGE,
                        "request of " + line.length() + " bytes exceeds the limit of " + limits.maxRequestBytes()
                                + " bytes; split it into smaller batches");
            }
            if (line.notUtf8() != null) {
                throw new RequestException(
                        RequestException.PARSE_ERROR,
                        "request line is not UTF-8 text (" + line.notUtf8()
                                + "); nothing in it was read, so that no id or name is answered altered");
            }
            JsonNode request;
            try {
                request = json.read(line.text());
            } catch (JsonProcessingException e) {
                InputFormatException f = StrictJson.error("request", e);
                throw new RequestException(
                        RequestException.PARSE_ERROR,
                        "malformed JSON"
                                + (f.column() > 0 ? " at column " + f.column() : "")
                                + (f.path().isEmpty() ? "" : ", " + f.path())
                                + ": " + f.detail());
            }
            if (request == null || !request.isObject()) {
                throw new RequestException(
                        RequestException.INVALID_REQUEST,
                        "a request must be a JSON object, got " + ProtocolJson.typeName(request));
            }
            id = requestId(request);
            for (Iterator<String> it = request.fieldNames(); it.hasNext(); ) {
                String k = it.next();
                if (!k.equals("id") && !k.equals("method") && !k.equals("params") && !k.equals("jsonrpc")) {
                    throw new RequestException(
                            RequestException.INVALID_REQUEST,
                            "unknown request field '" + k + "'; a request has id, method and params");
                }
            }
            JsonNode m = request.get("method");
            if (m == null || !m.isTextual()) {
                throw new RequestException(
                        RequestException.INVALID_REQUEST,
                        "field 'method' must be a string, got " + ProtocolJson.typeName(m));
            }
            JsonNode params = request.get("params");
            if (params == null) {
                params = json.emptyObject();
            } else if (!params.isObject()) {
                throw new RequestException(
                        RequestException.INVALID_PARAMS,
                        "field 'params' must be an object, got " + ProtocolJson.typeName(params));
            }
            return new ParsedRequest(id, m.textValue(), (ObjectNode) params, null, permits);
        } catch (RequestException e) {
            return new ParsedRequest(id, null, null, e, permits);
        }
    }

    private static JsonNode requestId(JsonNode request) {
        JsonNode id = request.get("id");
        if (id == null || id.isNull()) {
            return NullNode.getInstance();
        }
        if (id.isIntegralNumber()) {
            return id;
        }
        if (id.isTextual()) {
            String unpaired = VisibleText.unpairedSurrogate(id.textValue());
            if (unpaired != null) { // it has no UTF-8 form: the answer would carry '?' in its place
                throw new RequestException(
                        RequestException.INVALID_REQUEST,
                        "field 'id': the string has an unpaired" + " UTF-16 surrogate (" + unpaired
                                + "), which cannot come back exactly as sent; use another id");
            }
            return id;
        }
        throw new RequestException(
                RequestException.INVALID_REQUEST,
                "field 'id' must be a string, an integer or" + " null (so that it comes back exactly as sent), got "
                        + ProtocolJson.typeName(id));
    }
}
