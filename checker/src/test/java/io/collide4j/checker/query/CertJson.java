package io.collide4j.checker.query;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.collide4j.kinematics.format.StrictJson;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;

/** Tests that tamper with certificates edit them as plain maps and lists (Jackson's untyped binding). */
final class CertJson {
    private CertJson() {}

    @SuppressWarnings("unchecked")
    static Map<String, Object> parse(String json) {
        try {
            return StrictJson.mapper().readValue(json, LinkedHashMap.class);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String write(Object tree) {
        try {
            return StrictJson.mapper().writeValueAsString(tree);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    static double num(Object o) {
        return ((Number) o).doubleValue();
    }
}
