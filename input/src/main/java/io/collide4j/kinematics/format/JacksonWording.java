package io.collide4j.kinematics.format;

import com.fasterxml.jackson.core.JsonToken;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Jackson's parse and binding failures in the words of a user who wrote a JSON file: what is wrong with what they
 * wrote and what was expected, never Jackson's feature flags ({@code JsonReadFeature...}, {@code CoercionConfig}),
 * Java class names or its {@code [Source: ...]} locations (line and column are given by the caller). A message this
 * class does not recognise keeps its first line with those three kinds of detail removed. Stateless, thread-safe.
 */
final class JacksonWording {
    private static final Pattern NON_STANDARD = Pattern.compile("^Non-standard token '([^']*)'");
    private static final Pattern UNEXPECTED_CHAR =
            Pattern.compile("^Unexpected character \\('(.*?)' \\(code (\\d+)(?: / 0x[0-9a-fA-F]+)?\\)\\):? ?(.*)$");
    private static final Pattern UNRECOGNIZED = Pattern.compile("^Unrecognized token '([^']*)'");
    private static final Pattern END_IN_CONTAINER = Pattern.compile(
            "^Unexpected end-of-input: expected close marker for (Object|Array) \\(start marker at .*?line: (\\d+), column: (\\d+)\\]\\)");
    private static final Pattern CLOSE_MARKER = Pattern.compile(
            "^Unexpected close marker '(.)': expected '(.)' \\(for (Object|Array|root) starting at .*?line: (\\d+), column: (\\d+)\\]\\)");
    private static final Pattern NOTHING_TO_CLOSE =
            Pattern.compile("^Unexpected close marker '(.)': no open (Object|Array) to close");
    private static final Pattern TOKEN = Pattern.compile("\\(token `JsonToken\\.([A-Z_]+)`\\)");
    private static final Pattern FROM_VALUE = Pattern.compile(
            "(?:from|deserialize from) (String|Number|Integer|Floating-point|Boolean|Array|Object|Null|empty String) value");
    private static final Pattern COERCE = Pattern.compile(
            "^Cannot coerce (empty String|String|Integer|Floating-point|Boolean|Null)(?: value)?.*? to `([^`]+)`");
    private static final Pattern CTRL =
            Pattern.compile("^Illegal unquoted character \\(\\(CTRL-CHAR, code (\\d+)\\)\\)");
    private static final Pattern CTRL_BETWEEN =
            Pattern.compile("^Illegal character \\(\\(CTRL-CHAR, code (\\d+)\\)\\)");
    private static final Pattern RANGE = Pattern.compile("^Numeric value \\((.*?)\\) out of range of (\\w+)");
    private static final Pattern NOT_ONE_OF = Pattern.compile(
            "^Cannot deserialize value of type `[^`]+` from String (\".*?\"): not one of the values accepted for Enum class: (\\[.*?\\])");
    private static final Pattern ESCAPE = Pattern.compile("^Unrecognized character escape (.*?) \\(code \\d+\\)");
    private static final Pattern DEPTH =
            Pattern.compile("nesting depth \\((\\d+)\\) exceeds the maximum allowed \\((\\d+)");
    private static final Pattern LENGTH = Pattern.compile(
            "^(String value|Number value|Name|Document) length \\((\\d+)\\) exceeds the maximum allowed \\((\\d+)");
    private static final Pattern FROM_SETTING = Pattern.compile(",? ?(?:from|set) `[^`]*`(?: to '[^']*')?");
    private static final Pattern SOURCE = Pattern.compile(" ?\\(?(?:start marker at )?\\[Source: [^\\]]*\\]\\)?");
    private static final Pattern BACKTICKED = Pattern.compile("`[^`]*`");

    private JacksonWording() {}

    /**
     * The problem in {@code message} (Jackson's original message, without location), given the Java type Jackson was
     * reading into (null when unknown) and the token it stood on (null when none).
     */
    static String describe(String message, Class<?> target, JsonToken current) {
        if (message == null) {
            return "malformed JSON";
        }
        String msg = firstLine(message);
        Matcher m;
        if ((m = NON_STANDARD.matcher(msg)).find()) {
            return m.group(1) + " is not a JSON number (JSON has no NaN or infinity); expected a finite number";
        }
        if ((m = UNEXPECTED_CHAR.matcher(msg)).find()) {
            String what = character(m.group(1), Integer.parseInt(m.group(2)));
            String rest = m.group(3);
            if (rest.contains("double-quote to start field name")) {
                return "unexpected " + what + ": expected a key in double quotes"
                        + (what.equals("'}'") ? " (a comma before '}'?)" : "");
            } else if (rest.contains("comma to separate Object entries")) {
                return "unexpected " + what + ": expected ',' or '}' after a member of an object";
            } else if (rest.contains("comma to separate Array entries")) {
                return "unexpected " + what + ": expected ',' or ']' after an element of an array";
            } else if (rest.contains("colon to separate field name and value")) {
                return "unexpected " + what + ": expected ':' after the key";
            } else if (rest.contains("expected a value") || rest.contains("expected a valid value")) {
                return "unexpected " + what + ": expected a value (a string in double quotes, a number, an array,"
                        + " an object, true, false or null)" + (what.equals("']'") ? " (a comma before ']'?)" : "");
            }
            return "unexpected " + what;
        }
        if ((m = UNRECOGNIZED.matcher(msg)).find()) {
            return "unknown word '" + m.group(1) + "': expected a value (a string in double quotes, a number, an array,"
                    + " an object, true, false or null)";
        }
        if ((m = END_IN_CONTAINER.matcher(msg)).find()) {
            return "the text ends inside the " + (m.group(1).equals("Object") ? "object" : "array") + " opened at line "
                    + m.group(2) + ", column " + m.group(3) + " (a missing '"
                    + (m.group(1).equals("Object") ? "}" : "]")
                    + "', or a truncated file)";
        }
        if (msg.startsWith("Unexpected end-of-input")) {
            if (msg.contains("string value") || msg.contains("field name")) {
                return "the text ends inside a string (a missing closing double quote, or a truncated file)";
            }
            String inside =
                    msg.contains("Array") ? " inside an array" : msg.contains("Object") ? " inside an object" : "";
            return "the text ends" + inside + " before the document is complete (a truncated file?)";
        }
        if ((m = CLOSE_MARKER.matcher(msg)).find()) {
            return "unexpected '" + m.group(1) + "': expected '" + m.group(2) + "' to close the "
                    + (m.group(3).equals("Object") ? "object" : "array") + " opened at line " + m.group(4) + ", column "
                    + m.group(5);
        }
        if ((m = NOTHING_TO_CLOSE.matcher(msg)).find()) {
            return "unexpected '" + m.group(1) + "': there is no open "
                    + (m.group(2).equals("Object") ? "object" : "array") + " to close";
        }
        if ((m = NOT_ONE_OF.matcher(msg)).find()) {
            return m.group(1) + " is not one of " + m.group(2);
        }
        if ((m = COERCE.matcher(msg)).find()) {
            return "expected " + expectationOfJavaName(m.group(2)) + ", found " + shapeName(m.group(1));
        }
        if (msg.startsWith("Cannot deserialize value of type")
                || msg.startsWith("Cannot construct instance of")
                || msg.startsWith("Cannot map `null`")) {
            String found = null;
            if ((m = TOKEN.matcher(msg)).find()) {
                found = StrictJson.describe(JsonToken.valueOf(m.group(1)));
            } else if ((m = FROM_VALUE.matcher(msg)).find()) {
                found = shapeName(m.group(1));
            } else if (msg.startsWith("Cannot map `null`")) {
                found = "null";
            } else if (current != null) {
                found = StrictJson.describe(current);
            }
            return "expected " + (target == null ? "another kind of value" : StrictJson.expectation(target))
                    + (found == null ? "" : ", found " + found);
        }
        if ((m = CTRL_BETWEEN.matcher(msg)).find()) {
            return "not JSON text (a binary file?): control character "
                    + String.format("U+%04X", Integer.parseInt(m.group(1))) + " between values";
        }
        if ((m = CTRL.matcher(msg)).find()) {
            int code = Integer.parseInt(m.group(1));
            return code == 0
                    ? "not JSON text (a binary file?): a NUL byte"
                    : "control character " + String.format("U+%04X", code) + " inside a string: write it escaped"
                            + (code == '\n' ? " (\\n)" : code == '\t' ? " (\\t)" : code == '\r' ? " (\\r)" : "");
        }
        if (msg.startsWith("Invalid UTF-8")
                || msg.startsWith("Invalid UTF-32")
                || msg.contains("Unexpected EOF in the middle of a 4-byte")) {
            return "not JSON text (a binary file?): not UTF-8 (" + stripped(msg) + ")";
        }
        if ((m = RANGE.matcher(msg)).find()) {
            return "number " + m.group(1) + " is out of range: expected "
                    + (m.group(2).equals("long") ? "a 64-bit" : "a 32-bit") + " integer";
        }
        if ((m = ESCAPE.matcher(msg)).find()) {
            return "unknown escape \\" + m.group(1).replace("'", "")
                    + " in a string (JSON escapes: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)";
        }
        if (msg.startsWith("Trailing token")) {
            return "unexpected content after the end of the document"
                    + (current == null ? "" : " (" + StrictJson.describe(current) + ")")
                    + "; a file holds one JSON document";
        }
        if ((m = LENGTH.matcher(msg)).find()) {
            String what = switch (m.group(1)) {
                case "String value" -> "a string";
                case "Number value" -> "a number";
                case "Name" -> "a key";
                default -> "the document";
            };
            return what + " of " + m.group(2) + " characters is longer than the limit of " + m.group(3);
        }
        if ((m = DEPTH.matcher(msg)).find()) {
            return "nesting depth over the limit of " + m.group(2) + " (arrays and objects inside one another)";
        }
        if (msg.startsWith("Invalid numeric value: ") || msg.startsWith("Invalid number")) {
            return "invalid number: "
                    + lowerFirst(stripped(msg.substring(msg.indexOf(':') + 1).trim()));
        }
        return stripped(msg);
    }

    /** Jackson's message without {@code [Source: ...]} locations and backticked class or feature names. */
    static String stripped(String msg) {
        String s = SOURCE.matcher(msg).replaceAll("");
        s = FROM_SETTING.matcher(s).replaceAll("");
        s = BACKTICKED.matcher(s).replaceAll("a value");
        return s.strip();
    }

    private static String character(String shown, int code) {
        if (code < 0x20 || code == 0x7f || (code >= 0x80 && code <= 0x9f) || code == 0xfeff) {
            return "character " + String.format("U+%04X", code) + (code == 0xfeff ? " (a byte order mark)" : "");
        }
        return "'" + shown + "'";
    }

    private static String shapeName(String jackson) {
        return switch (jackson) {
            case "String" -> "a string";
            case "empty String" -> "an empty string";
            case "Integer", "Floating-point", "Number" -> "a number";
            case "Boolean" -> "a boolean";
            case "Array" -> "an array";
            case "Object" -> "an object";
            default -> "null";
        };
    }

    private static String expectationOfJavaName(String javaName) {
        return switch (javaName) {
            case "java.lang.String" -> "a string";
            case "boolean", "java.lang.Boolean" -> "true or false";
            case "int", "long", "java.lang.Integer", "java.lang.Long" -> "an integer";
            case "double", "float", "java.lang.Double", "java.lang.Float" -> "a number";
            default -> "another kind of value";
        };
    }

    private static String lowerFirst(String s) {
        return s.isEmpty() ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
