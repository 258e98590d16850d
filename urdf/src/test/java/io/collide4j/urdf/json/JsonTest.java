package io.collide4j.urdf.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class JsonTest {

    @Test
    void parsesAllValueKindsKeepingMemberOrder() {
        Object v = Json.parse("{\"z\": 1, \"a\": [true, false, null, -2.5e3, \"s\"], \"m\": {}}");
        Map<?, ?> m = (Map<?, ?>) v;
        assertEquals(List.of("z", "a", "m"), new ArrayList<>(m.keySet()));
        assertEquals(1L, m.get("z"));
        List<?> a = (List<?>) m.get("a");
        assertEquals(Boolean.TRUE, a.get(0));
        assertEquals(Boolean.FALSE, a.get(1));
        assertNull(a.get(2));
        assertEquals(-2500.0, a.get(3));
        assertEquals("s", a.get(4));
        assertEquals(Map.of(), m.get("m"));
    }

    @Test
    void integersBecomeLongsOnlyWhenExact() {
        assertEquals(9007199254740993L, Json.parse("9007199254740993")); // 2^53+1: not representable as double
        assertEquals(-0L, Json.parse("-0"));
        assertEquals(1.0, Json.parse("1.0"));
        assertEquals(100.0, Json.parse("1e2"));
        assertEquals(1e20, Json.parse("100000000000000000000")); // beyond long range → double
        assertEquals(3.0, Json.asDouble(Json.parse("3")));
    }

    @Test
    void doublesRoundTripBitExactly() {
        SplittableRandom r = new SplittableRandom(42);
        List<Object> values = new ArrayList<>();
        double[] special = {0.1, 1.0 / 3, Math.PI, Double.MIN_VALUE, Double.MAX_VALUE, -Double.MIN_NORMAL, 1e-300, -0.0,
                123456789.123456789};
        for (double d : special) {
            values.add(d);
        }
        for (int i = 0; i < 2000; i++) {
            double d = Double.longBitsToDouble(r.nextLong());
            if (Double.isFinite(d)) {
                values.add(d);
            }
        }
        for (boolean pretty : new boolean[] {false, true}) {
            String text = JsonWriter.write(values, pretty);
            List<?> back = (List<?>) Json.parse(text);
            assertEquals(values.size(), back.size());
            for (int i = 0; i < values.size(); i++) {
                assertEquals(Double.doubleToRawLongBits((Double) values.get(i)),
                        Double.doubleToRawLongBits(Json.asDouble(back.get(i))), "value " + i + " in " + text.length());
            }
        }
    }

    @Test
    void nestedStructuresRoundTrip() {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("name", "quote\" back\\ nl\n tab\t ctl\u0001 é 😀");
        root.put("n", 42L);
        root.put("list", new ArrayList<>(Arrays.asList(1.5, null, true, new LinkedHashMap<>(), new ArrayList<>())));
        Map<String, Object> inner = new LinkedHashMap<>();
        inner.put("x", -7L);
        root.put("inner", inner);
        for (boolean pretty : new boolean[] {false, true}) {
            assertEquals(root, Json.parse(JsonWriter.write(root, pretty)));
        }
        assertEquals("{\"a\":[1,2.5]}", JsonWriter.write(Map.of("a", List.of(1L, 2.5)), false));
        Map<String, Object> small = new LinkedHashMap<>();
        small.put("a", List.of(1L));
        small.put("b", Map.of());
        assertEquals("{\n  \"a\": [\n    1\n  ],\n  \"b\": {}\n}", JsonWriter.write(small, true));
    }

    @Test
    void unicodeEscapesIncludingSurrogatePairs() {
        assertEquals("é", Json.parse("\"\\u00e9\""));
        assertEquals("😀", Json.parse("\"\\ud83d\\ude00\""));
        assertEquals("A/\b\f\n\r\t\"\\", Json.parse("\"\\u0041\\/\\b\\f\\n\\r\\t\\\"\\\\\""));
        assertEquals("\"\\u0001\"", JsonWriter.write("\u0001", false));
        assertEquals("\"\\ud800\"", JsonWriter.write("\ud800", false)); // lone surrogate escaped
    }

    @Test
    void streamingWriterRejectsMisuse() {
        JsonWriter w = new JsonWriter(new StringWriter(), false);
        w.beginObject();
        assertThrows(IllegalStateException.class, () -> w.value(1L));
        w.name("a");
        assertThrows(IllegalStateException.class, () -> w.name("b"));
        assertThrows(IllegalStateException.class, w::endObject);
        w.value(1L);
        assertThrows(IllegalStateException.class, w::endArray);
        w.endObject();
        assertThrows(IllegalStateException.class, () -> w.value(2L));
        assertThrows(IllegalArgumentException.class, () -> JsonWriter.write(Double.NaN, false));
        assertThrows(IllegalArgumentException.class, () -> JsonWriter.write(Double.POSITIVE_INFINITY, false));
    }

    private static JsonException fails(String text) {
        return assertThrows(JsonException.class, () -> Json.parse(new StringReader(text), "doc.json"));
    }

    private static void failsAt(String text, int line, int column, String fragment) {
        JsonException e = fails(text);
        assertEquals("doc.json", e.source());
        assertEquals(line, e.line(), e.getMessage());
        assertEquals(column, e.column(), e.getMessage());
        assertTrue(e.getMessage().startsWith("doc.json:" + line + ":" + column + ": "), e.getMessage());
        assertTrue(e.getMessage().contains(fragment), e.getMessage());
    }

    @Test
    void malformedInputNamesLineAndColumn() {
        failsAt("{\n  \"a\": 1,\n  \"b\" 2\n}", 3, 7, "expected ':'");
        failsAt("[1, 2,\n]", 2, 1, "expected a JSON value");
        failsAt("[1 2]", 1, 4, "expected ',' or ']'");
        failsAt("{\"a\":1 \"b\":2}", 1, 8, "expected ',' or '}'");
        failsAt("{a:1}", 1, 2, "member name");
        failsAt("\"abc", 1, 5, "unterminated string");
        failsAt("\"a\nb\"", 1, 3, "control character");
        failsAt("\"\\x\"", 1, 3, "invalid escape");
        failsAt("\"\\u12G4\"", 1, 6, "hex digits");
        failsAt("01", 1, 2, "leading zeros");
        failsAt("1.", 1, 3, "after the decimal point");
        failsAt("1e+", 1, 4, "exponent");
        failsAt("-", 1, 2, "expected a digit");
        failsAt("tru", 1, 4, "expected 'true'");
        failsAt("nul1", 1, 4, "expected 'null'");
        failsAt("NaN", 1, 1, "expected a JSON value");
        failsAt("1 2", 1, 3, "end of input");
        failsAt("", 1, 1, "end of input");
        failsAt("{\"a\":1,\n \"a\":2}", 2, 2, "duplicate member name \"a\"");
        failsAt("1e400", 1, 1, "overflows");
        failsAt("[" + "[".repeat(600), 1, 514, "nesting");
    }
}
