package io.collide4j.planner.server;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import java.io.IOException;

/**
 * The protocol's JSON codec (Jackson): strict reading within the server's limits (nesting depth, string and
 * document length, duplicate keys and trailing content refused) and writing that refuses non-finite numbers —
 * JSON has none, and the protocol sends +∞ (or a missing limit) as {@code null} only where PROTOCOL.md says
 * so, converted explicitly by the handler; a NaN or ∞ reaching the writer is a bug, answered as an internal
 * error rather than as a number the client might misread. Thread-safe.
 */
final class ProtocolJson {
    private final ObjectMapper mapper;
    private final ObjectMapper trustedReader = new ObjectMapper(); // default limits: documents we wrote ourselves

    ProtocolJson(ServerLimits limits) {
        JsonFactory factory = JsonFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder()
                        .maxNestingDepth(limits.maxNestingDepth())
                        .maxStringLength(limits.maxRequestBytes())
                        .maxDocumentLength(limits.maxRequestBytes())
                        .build())
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                // FastDoubleParser (correctly rounded like Double.parseDouble, the same doubles): configurations are
                // mostly numbers, and their parsing was half of a request's JSON reading
                .enable(StreamReadFeature.USE_FAST_DOUBLE_PARSER)
                .build();
        SimpleModule finiteOnly = new SimpleModule("collide4j-finite-numbers");
        finiteOnly.addSerializer(Double.class, new FiniteDouble());
        finiteOnly.addSerializer(Double.TYPE, new FiniteDouble());
        this.mapper = JsonMapper.builder(factory)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .addModule(finiteOnly)
                .build();
    }

    /** One request line as a tree; malformed or over-limit JSON throws {@link JsonProcessingException}. */
    JsonNode read(String line) throws JsonProcessingException {
        return mapper.readTree(line);
    }

    /** A new empty object: the params of a request that has none. */
    com.fasterxml.jackson.databind.node.ObjectNode emptyObject() {
        return mapper.createObjectNode();
    }

    /** One line of output (no line break). */
    String write(Object value) {
        try {
            return mapper.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a response: " + e.getOriginalMessage(), e);
        }
    }

    /** {@code value} as a tree, through the same checks as {@link #write}: a handler uses it to fail before it commits. */
    JsonNode tree(Object value) {
        try {
            return mapper.valueToTree(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("cannot represent a result: " + e.getMessage(), e);
        }
    }

    /** JSON text of a tree (e.g. an inline scene handed to a loader that reads text). */
    String text(JsonNode node) {
        return write(node);
    }

    /** JSON text parsed without this codec's request limits (documents the server produced itself). */
    JsonNode trusted(String json) {
        try {
            return trustedReader.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the checker produced unreadable JSON: " + e.getOriginalMessage(), e);
        }
    }

    /** A short name of a JSON value's type for error messages. */
    static String typeName(JsonNode n) {
        if (n == null || n.isMissingNode()) {
            return "nothing";
        }
        return switch (n.getNodeType()) {
            case NULL -> "null";
            case BOOLEAN -> "a boolean";
            case NUMBER -> "a number";
            case STRING -> "a string";
            case ARRAY -> "an array";
            case OBJECT -> "an object";
            default -> n.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
        };
    }

    private static final class FiniteDouble extends JsonSerializer<Double> {
        @Override
        public void serialize(Double value, JsonGenerator gen, SerializerProvider serializers) throws IOException {
            if (!Double.isFinite(value)) {
                throw new IllegalStateException("non-finite number " + value + " in a response");
            }
            gen.writeNumber(value);
        }
    }
}
