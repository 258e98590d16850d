package io.collide4j.kinematics.format;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.exc.IgnoredPropertyException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.PropertyBindingException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.type.LogicalType;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one strict JSON reading policy of collide4j, on Jackson: documents are read into records that
 * declare their schema, and anything the schema does not name is refused — unknown keys (with a
 * did-you-mean), duplicate keys, wrong types (no string↔number or float→int coercion), {@code null}
 * for a number, NaN and ±∞ (also written as an overflowing literal such as {@code 1e309}), trailing
 * content, nesting deeper than {@value #MAX_DEPTH}, empty, binary and truncated files. Every failure
 * becomes an {@link InputFormatException} naming the source, the JSON path, line and column, and what
 * was expected. Records check their own ranges in their constructors; those messages get the path too.
 *
 * <p>Thread-safe: the mapper is configured once and shared.
 */
public final class StrictJson {
    /** Deepest nesting accepted; our formats need fewer than ten levels. */
    public static final int MAX_DEPTH = 64;

    private static final ObjectMapper MAPPER = build();
    private static final Pattern DUPLICATE = Pattern.compile("^Duplicate field '([^']*)'");
    private static final Pattern NON_STANDARD = Pattern.compile("^Non-standard token '([^']*)'");
    private static final Pattern MISSING = Pattern.compile("Missing required creator property '([^']*)'");

    private StrictJson() {}

    private static ObjectMapper build() {
        JsonFactory factory = JsonFactory.builder()
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .enable(StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION)
                .streamReadConstraints(StreamReadConstraints.builder()
                        .maxNestingDepth(MAX_DEPTH)
                        .build())
                .build();
        SimpleModule finite = new SimpleModule("collide4j-finite-numbers");
        finite.addDeserializer(double.class, new FiniteDouble());
        finite.addDeserializer(Double.class, new FiniteDouble());
        finite.addDeserializer(double[].class, new FiniteDoubleArray());
        JsonMapper m = JsonMapper.builder(factory)
                .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
                .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .addModule(finite)
                .build();
        for (LogicalType t :
                new LogicalType[] {LogicalType.Textual, LogicalType.Integer, LogicalType.Boolean, LogicalType.Float}) {
            m.coercionConfigFor(t)
                    .setCoercion(
                            CoercionInputShape.String,
                            t == LogicalType.Textual ? CoercionAction.TryConvert : CoercionAction.Fail)
                    .setCoercion(
                            CoercionInputShape.Integer,
                            t == LogicalType.Integer || t == LogicalType.Float
                                    ? CoercionAction.TryConvert
                                    : CoercionAction.Fail)
                    .setCoercion(
                            CoercionInputShape.Float,
                            t == LogicalType.Float ? CoercionAction.TryConvert : CoercionAction.Fail)
                    .setCoercion(
                            CoercionInputShape.Boolean,
                            t == LogicalType.Boolean ? CoercionAction.TryConvert : CoercionAction.Fail)
                    .setCoercion(
                            CoercionInputShape.EmptyString,
                            t == LogicalType.Textual ? CoercionAction.TryConvert : CoercionAction.Fail);
        }
        return m;
    }

    /**
     * A required member: Jackson reports unknown keys only after building a record, so a record must
     * not fail on a missing member while being built, or a misspelt key would read as a missing one.
     */
    public static <T> T require(T value, String source, String path) {
        if (value == null) {
            throw new InputFormatException(source, path, 0, 0, "missing required key");
        }
        return value;
    }

    /** The shared strict mapper (also the factory for streaming writers). */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /**
     * A reader for one value in the middle of a stream ({@code reader.readValue(parser)} on each array
     * element), strict in every way but the trailing-content check, which belongs to the whole document.
     */
    public static ObjectReader elementReader(Class<?> type) {
        return MAPPER.readerFor(type).without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    }

    /** Reads a file into {@code type}; a missing file is an {@link UncheckedIOException} wrapping NoSuchFileException. */
    public static <T> T read(Path file, Class<T> type) {
        try (InputStream in = Files.newInputStream(file)) {
            return read(in, file.toString(), type);
        } catch (NoSuchFileException e) {
            throw new UncheckedIOException("no such file: " + file, e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /** Reads JSON text; {@code source} names it in errors. */
    public static <T> T read(String text, String source, Class<T> type) {
        return read(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), source, type);
    }

    /** Reads one JSON document from a byte stream (UTF-8/16/32 detected by Jackson); the stream is not closed. */
    public static <T> T read(InputStream in, String source, Class<T> type) {
        try {
            T value = MAPPER.readValue(in, type);
            if (value == null) { // the document is the literal null: no caller expects "nothing" for a document
                throw new InputFormatException(source, "", 1, 0, "expected " + expectation(type) + ", found null");
            }
            return value;
        } catch (JacksonException e) {
            throw error(source, e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + source + ": " + e.getMessage(), e);
        }
    }

    /**
     * Translates a Jackson failure into an {@link InputFormatException} with path, line, column and what was expected,
     * in the user's words ({@link JacksonWording}); the one translation for every JSON reader, the server's included.
     */
    public static InputFormatException error(String source, JacksonException e) {
        JsonLocation loc = e.getLocation();
        int line = loc == null || loc.getLineNr() < 0 ? 0 : loc.getLineNr();
        int col = loc == null || loc.getColumnNr() < 0 ? 0 : loc.getColumnNr();
        String path = e instanceof JsonMappingException jm ? path(jm.getPath()) : parserPath(e);
        String detail;
        if (e instanceof PropertyBindingException pb && !(e instanceof IgnoredPropertyException)) {
            List<String> known = new ArrayList<>();
            if (pb.getKnownPropertyIds() != null) {
                pb.getKnownPropertyIds().forEach(k -> known.add(String.valueOf(k)));
            }
            String hint = Suggestions.didYouMean(pb.getPropertyName(), known);
            detail = "unknown key" + (hint.isEmpty() ? "; expected one of " + known : hint);
        } else if (e instanceof ValueInstantiationException vi && vi.getCause() != null) {
            detail = vi.getCause().getMessage();
        } else if (e instanceof MismatchedInputException mi
                && mi.getOriginalMessage() != null
                && mi.getOriginalMessage().startsWith("No content to map due to end-of-input")) {
            detail = "empty input, expected a JSON document";
        } else {
            String msg = e.getOriginalMessage();
            Matcher missing = msg == null ? null : MISSING.matcher(msg);
            Matcher duplicate = msg == null ? null : DUPLICATE.matcher(msg);
            if (missing != null && missing.find()) {
                detail = "missing required key '" + missing.group(1) + "'";
            } else if (duplicate != null && duplicate.find()) {
                String key = duplicate.group(1);
                if (!path.equals(key) && !path.endsWith("." + key)) {
                    path = path.isEmpty() ? key : path + "." + key;
                }
                detail = "duplicate key";
            } else {
                Class<?> target = e instanceof MismatchedInputException mi ? mi.getTargetType() : null;
                JsonToken current = e.getProcessor() instanceof JsonParser p ? p.currentToken() : null;
                detail = JacksonWording.describe(msg, target, current);
                Matcher nonStandard = msg == null ? null : NON_STANDARD.matcher(msg);
                if (nonStandard != null
                        && nonStandard.find()
                        && col > nonStandard.group(1).length()) {
                    col -= nonStandard.group(1).length(); // Jackson stands after NaN / Infinity: point at its start
                }
                if ((detail.contains("expected a key in double quotes")
                                || detail.startsWith("the text ends inside the object"))
                        && !path.isEmpty()
                        && !path.endsWith("]")) {
                    // the key read before the comma is not at fault: name the object it is in
                    path = path.lastIndexOf('.') < 0 ? "" : path.substring(0, path.lastIndexOf('.'));
                }
            }
        }
        return new InputFormatException(source, path, line, col, detail);
    }

    private static String parserPath(JacksonException e) {
        if (e.getProcessor() instanceof JsonParser p && p.getParsingContext() != null) {
            return pointerPath(p.getParsingContext().pathAsPointer());
        }
        return "";
    }

    private static String pointerPath(JsonPointer ptr) {
        StringBuilder b = new StringBuilder();
        for (JsonPointer q = ptr; q != null && !q.matches(); q = q.tail()) {
            if (q.mayMatchElement()) {
                b.append('[').append(q.getMatchingIndex()).append(']');
            } else {
                if (b.length() > 0) {
                    b.append('.');
                }
                b.append(q.getMatchingProperty());
            }
        }
        return b.toString();
    }

    /** {@code a.b[3].c} from Jackson's reference chain. */
    public static String path(List<JsonMappingException.Reference> refs) {
        StringBuilder b = new StringBuilder();
        for (JsonMappingException.Reference r : refs) {
            if (r.getFieldName() != null) {
                if (b.length() > 0) {
                    b.append('.');
                }
                b.append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                b.append('[').append(r.getIndex()).append(']');
            }
        }
        return b.toString();
    }

    static String expectation(Class<?> t) {
        if (t == String.class) {
            return "a string";
        } else if (t == boolean.class || t == Boolean.class) {
            return "true or false";
        } else if (t == int.class || t == long.class || t == short.class || t == Integer.class || t == Long.class) {
            return "an integer";
        } else if (t.isPrimitive() || Number.class.isAssignableFrom(t)) {
            return "a number";
        } else if (t.isArray() || java.util.Collection.class.isAssignableFrom(t)) {
            return "an array";
        }
        return "an object";
    }

    static String describe(JsonToken t) {
        if (t == null) {
            return "end of input";
        }
        return switch (t) {
            case START_OBJECT -> "an object";
            case START_ARRAY -> "an array";
            case VALUE_STRING -> "a string";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
            case VALUE_TRUE, VALUE_FALSE -> "a boolean";
            case VALUE_NULL -> "null";
            default -> t.toString();
        };
    }

    static double finite(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t != JsonToken.VALUE_NUMBER_INT && t != JsonToken.VALUE_NUMBER_FLOAT) {
            throw MismatchedInputException.from(p, double.class, "expected a number, found " + describe(t));
        }
        double v = p.getDoubleValue();
        if (!Double.isFinite(v)) {
            throw InvalidFormatException.from(
                    p, "number " + p.getText() + " is out of range (not a finite double)", p.getText(), double.class);
        }
        return v;
    }

    /** A double or Double that must be a JSON number token with a finite value. */
    private static final class FiniteDouble extends JsonDeserializer<Double> {
        @Override
        public Double deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            return finite(p);
        }

        @Override
        public Object getAbsentValue(DeserializationContext ctxt) {
            return null; // an absent optional member; an explicit null goes through getNullValue
        }

        @Override
        public Double getNullValue(DeserializationContext ctxt) throws JsonMappingException {
            throw MismatchedInputException.from(ctxt.getParser(), Double.class, "expected a number, found null");
        }
    }

    /** An array of finite numbers. */
    private static final class FiniteDoubleArray extends JsonDeserializer<double[]> {
        @Override
        public double[] deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (!p.isExpectedStartArrayToken()) {
                throw MismatchedInputException.from(
                        p, double[].class, "expected an array of numbers, found " + describe(p.currentToken()));
            }
            double[] out = new double[8];
            int n = 0;
            while (p.nextToken() != JsonToken.END_ARRAY) {
                if (n == out.length) {
                    out = Arrays.copyOf(out, 2 * n);
                }
                try {
                    out[n] = finite(p);
                } catch (JsonMappingException e) {
                    throw JsonMappingException.wrapWithPath(e, out, n);
                }
                n++;
            }
            return Arrays.copyOf(out, n);
        }

        @Override
        public Object getAbsentValue(DeserializationContext ctxt) {
            return null;
        }

        @Override
        public double[] getNullValue(DeserializationContext ctxt) throws JsonMappingException {
            throw MismatchedInputException.from(
                    ctxt.getParser(), double[].class, "expected an array of numbers, found null");
        }
    }
}
