package io.collide4j.urdf.json;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A strict RFC 8259 JSON reader producing plain Java values: {@code LinkedHashMap<String,Object>}
 * (member order kept; a duplicate name is an error), {@code ArrayList<Object>}, {@code String},
 * {@code Boolean}, {@code null}, and numbers as {@code Long} when the literal is an integer (no
 * fraction, no exponent) that fits in a long, otherwise {@code Double} (correctly rounded by
 * {@link Double#parseDouble}). Use {@link #asDouble} to read any number as a double.
 * Errors are {@link JsonException}s naming source, line and column. Stateless and thread-safe.
 */
public final class Json {
    private static final int MAX_DEPTH = 512;

    private Json() {
    }

    /** Parses a complete JSON text held in a string; the source is reported as {@code <string>}. */
    public static Object parse(String text) {
        return parse(new StringReader(text), "<string>");
    }

    /** Parses one complete JSON text from {@code reader}; {@code sourceName} appears in error messages. */
    public static Object parse(Reader reader, String sourceName) {
        try {
            Parser p = new Parser(reader, sourceName);
            p.skipWhitespace();
            Object v = p.value(0);
            p.skipWhitespace();
            if (p.peek() != -1) {
                throw p.error("expected end of input after the JSON value, found " + p.describe(p.peek()));
            }
            return v;
        } catch (IOException e) {
            throw new UncheckedIOException("reading JSON from " + sourceName, e);
        }
    }

    /** Parses a text whose top-level value must be an object. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> parseObject(Reader reader, String sourceName) {
        Object v = parse(reader, sourceName);
        if (!(v instanceof Map)) {
            throw new JsonException(sourceName, 1, 1, "expected a JSON object at top level, found " + typeName(v));
        }
        return (Map<String, Object>) v;
    }

    /** A parsed number (Long or Double) as a double; anything else is rejected naming its type. */
    public static double asDouble(Object value) {
        if (value instanceof Number n) {
            return n.doubleValue();
        }
        throw new IllegalArgumentException("expected a JSON number, found " + typeName(value));
    }

    /** The JSON type name of a parsed value, for error messages. */
    public static String typeName(Object v) {
        if (v == null) {
            return "null";
        } else if (v instanceof Map) {
            return "object";
        } else if (v instanceof List) {
            return "array";
        } else if (v instanceof String) {
            return "string";
        } else if (v instanceof Boolean) {
            return "boolean";
        } else if (v instanceof Number) {
            return "number";
        }
        return v.getClass().getSimpleName();
    }

    /** Recursive-descent parser over a one-character look-ahead with line/column tracking. */
    private static final class Parser {
        private final Reader in;
        private final String source;
        private final char[] buf = new char[8192];
        private int bufLen;
        private int bufPos;
        private int line = 1;
        private int column = 1;
        private final StringBuilder sb = new StringBuilder();

        Parser(Reader in, String source) {
            this.in = in;
            this.source = source;
        }

        int peek() throws IOException {
            if (bufPos == bufLen) {
                bufLen = in.read(buf, 0, buf.length);
                bufPos = 0;
                if (bufLen <= 0) {
                    bufLen = 0;
                    return -1;
                }
            }
            return buf[bufPos];
        }

        int next() throws IOException {
            int c = peek();
            if (c == -1) {
                return -1;
            }
            bufPos++;
            if (c == '\n') {
                line++;
                column = 1;
            } else {
                column++;
            }
            return c;
        }

        JsonException error(String message) {
            return new JsonException(source, line, column, message);
        }

        String describe(int c) {
            if (c == -1) {
                return "end of input";
            }
            if (c < 0x20 || c == 0x7f) {
                return String.format("control character U+%04X", c);
            }
            return "'" + (char) c + "'";
        }

        void skipWhitespace() throws IOException {
            int c;
            while ((c = peek()) == ' ' || c == '\t' || c == '\n' || c == '\r') {
                next();
            }
        }

        Object value(int depth) throws IOException {
            if (depth > MAX_DEPTH) {
                throw error("nesting deeper than " + MAX_DEPTH + " levels");
            }
            int c = peek();
            switch (c) {
                case '{':
                    return object(depth);
                case '[':
                    return array(depth);
                case '"':
                    return string();
                case 't':
                    literal("true");
                    return Boolean.TRUE;
                case 'f':
                    literal("false");
                    return Boolean.FALSE;
                case 'n':
                    literal("null");
                    return null;
                default:
                    if (c == '-' || (c >= '0' && c <= '9')) {
                        return number();
                    }
                    throw error("expected a JSON value (object, array, string, number, true, false or null), found "
                            + describe(c));
            }
        }

        void literal(String word) throws IOException {
            for (int i = 0; i < word.length(); i++) {
                if (peek() != word.charAt(i)) {
                    throw error("expected '" + word + "', found " + describe(peek()));
                }
                next();
            }
        }

        Map<String, Object> object(int depth) throws IOException {
            next(); // '{'
            Map<String, Object> map = new LinkedHashMap<>();
            skipWhitespace();
            if (peek() == '}') {
                next();
                return map;
            }
            while (true) {
                skipWhitespace();
                if (peek() != '"') {
                    throw error("expected a member name in double quotes, found " + describe(peek()));
                }
                int nameLine = line;
                int nameColumn = column;
                String name = string();
                if (map.containsKey(name)) {
                    throw new JsonException(source, nameLine, nameColumn, "duplicate member name \"" + name + "\"");
                }
                skipWhitespace();
                if (peek() != ':') {
                    throw error("expected ':' after member name \"" + name + "\", found " + describe(peek()));
                }
                next();
                skipWhitespace();
                map.put(name, value(depth + 1));
                skipWhitespace();
                int c = peek();
                if (c == ',') {
                    next();
                } else if (c == '}') {
                    next();
                    return map;
                } else {
                    throw error("expected ',' or '}' in object, found " + describe(c));
                }
            }
        }

        List<Object> array(int depth) throws IOException {
            next(); // '['
            List<Object> list = new ArrayList<>();
            skipWhitespace();
            if (peek() == ']') {
                next();
                return list;
            }
            while (true) {
                skipWhitespace();
                list.add(value(depth + 1));
                skipWhitespace();
                int c = peek();
                if (c == ',') {
                    next();
                } else if (c == ']') {
                    next();
                    return list;
                } else {
                    throw error("expected ',' or ']' in array, found " + describe(c));
                }
            }
        }

        String string() throws IOException {
            next(); // opening quote
            sb.setLength(0);
            while (true) {
                int c = peek();
                if (c == -1) {
                    throw error("unterminated string: expected '\"' before end of input");
                }
                if (c < 0x20) {
                    throw error("unescaped " + describe(c) + " in string");
                }
                next();
                if (c == '"') {
                    return sb.toString();
                }
                if (c != '\\') {
                    sb.append((char) c);
                    continue;
                }
                int e = peek();
                switch (e) {
                    case '"' -> sb.append('"');
                    case '\\' -> sb.append('\\');
                    case '/' -> sb.append('/');
                    case 'b' -> sb.append('\b');
                    case 'f' -> sb.append('\f');
                    case 'n' -> sb.append('\n');
                    case 'r' -> sb.append('\r');
                    case 't' -> sb.append('\t');
                    case 'u' -> {
                        next();
                        int code = 0;
                        for (int i = 0; i < 4; i++) {
                            int h = Character.digit(peek(), 16);
                            if (peek() == -1 || h < 0) {
                                throw error("expected 4 hex digits after \\u, found " + describe(peek()));
                            }
                            next();
                            code = code * 16 + h;
                        }
                        // Surrogate pairs arrive as two \\u escapes; appending both chars rebuilds them.
                        sb.append((char) code);
                        continue;
                    }
                    default -> throw error("invalid escape \\" + (e == -1 ? "" : String.valueOf((char) e))
                            + ": expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX");
                }
                next();
            }
        }

        Object number() throws IOException {
            int startLine = line;
            int startColumn = column;
            sb.setLength(0);
            boolean integral = true;
            if (peek() == '-') {
                sb.append((char) next());
            }
            if (peek() == '0') {
                sb.append((char) next());
                if (peek() >= '0' && peek() <= '9') {
                    throw error("leading zeros are not allowed in JSON numbers");
                }
            } else {
                digits("a digit");
            }
            if (peek() == '.') {
                integral = false;
                sb.append((char) next());
                digits("a digit after the decimal point");
            }
            if (peek() == 'e' || peek() == 'E') {
                integral = false;
                sb.append((char) next());
                if (peek() == '+' || peek() == '-') {
                    sb.append((char) next());
                }
                digits("a digit in the exponent");
            }
            String text = sb.toString();
            if (integral) {
                try {
                    return Long.parseLong(text);
                } catch (NumberFormatException tooBig) {
                    // falls through to a double: exceeds the long range
                }
            }
            double d = Double.parseDouble(text);
            if (Double.isInfinite(d)) {
                throw new JsonException(source, startLine, startColumn, "number " + text + " overflows a double");
            }
            return d;
        }

        void digits(String expected) throws IOException {
            int c = peek();
            if (c < '0' || c > '9') {
                throw error("expected " + expected + ", found " + describe(c));
            }
            while ((c = peek()) >= '0' && c <= '9') {
                sb.append((char) next());
            }
        }
    }
}
