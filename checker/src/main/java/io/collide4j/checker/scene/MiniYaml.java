package io.collide4j.checker.scene;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A reader for the YAML subset that MoveIt's message dumps use (MotionBenchMaker scenes and requests):
 * block mappings, block sequences (also at the indentation of their parent key), single-line flow
 * sequences and mappings, plain, single- and double-quoted scalars, comments and a leading
 * {@code ---}. Anchors, tags, multi-line scalars and multiple documents are rejected. Every node
 * remembers its line so that callers can name file and line in their own errors.
 */
public final class MiniYaml {

    /** A parsed node; {@code line} is 1-based. */
    public sealed interface Node {
        int line();

        String source();
    }

    /** A mapping with keys in document order. */
    public record MapNode(String source, int line, Map<String, Node> entries) implements Node {
        /** The value of a required key; throws {@link YamlException} naming file and line if absent. */
        public Node get(String key) {
            Node n = entries.get(key);
            if (n == null) {
                throw new YamlException(source, line, "expected key '" + key + "' in this mapping, found "
                        + entries.keySet());
            }
            return n;
        }

        public Node getOrNull(String key) {
            return entries.get(key);
        }

        public MapNode map(String key) {
            return asMap(get(key));
        }

        public SeqNode seq(String key) {
            return asSeq(get(key));
        }

        public ScalarNode scalar(String key) {
            return asScalar(get(key));
        }
    }

    public record SeqNode(String source, int line, List<Node> items) implements Node {
        /** All items as doubles; throws naming file and line for a non-number. */
        public double[] doubles() {
            double[] d = new double[items.size()];
            for (int i = 0; i < d.length; i++) {
                d[i] = asScalar(items.get(i)).asDouble();
            }
            return d;
        }

        /** All items as strings (scalars only). */
        public List<String> strings() {
            List<String> out = new ArrayList<>(items.size());
            for (Node n : items) {
                out.add(asScalar(n).value());
            }
            return out;
        }
    }

    /** A scalar; {@code value} is the text without quotes; {@code quoted} tells whether it was quoted. */
    public record ScalarNode(String source, int line, String value, boolean quoted) implements Node {
        public double asDouble() {
            if (!quoted) {
                try {
                    double d = Double.parseDouble(value);
                    if (Double.isFinite(d)) {
                        return d;
                    }
                } catch (NumberFormatException e) {
                    // fall through to the error below
                }
            }
            throw new YamlException(source, line, "expected a finite number, found '" + value + "'");
        }

        public boolean asBoolean() {
            if (!quoted && (value.equals("true") || value.equals("false"))) {
                return value.equals("true");
            }
            throw new YamlException(source, line, "expected true or false, found '" + value + "'");
        }

        /** True for an unquoted empty value, {@code ~} or {@code null}. */
        public boolean isNull() {
            return !quoted && (value.isEmpty() || value.equals("~") || value.equals("null"));
        }
    }

    /** Malformed or unexpected YAML, naming the source and line. */
    public static final class YamlException extends IllegalArgumentException {
        private final String source;
        private final int line;

        public YamlException(String source, int line, String message) {
            super(source + ":" + line + ": " + message);
            this.source = source;
            this.line = line;
        }

        public String source() {
            return source;
        }

        public int line() {
            return line;
        }
    }

    public static MapNode asMap(Node n) {
        if (n instanceof MapNode m) {
            return m;
        }
        throw new YamlException(n.source(), n.line(), "expected a mapping, found " + describe(n));
    }

    public static SeqNode asSeq(Node n) {
        if (n instanceof SeqNode s) {
            return s;
        }
        if (n instanceof ScalarNode s && s.isNull()) {
            return new SeqNode(s.source(), s.line(), List.of());
        }
        throw new YamlException(n.source(), n.line(), "expected a sequence, found " + describe(n));
    }

    public static ScalarNode asScalar(Node n) {
        if (n instanceof ScalarNode s) {
            return s;
        }
        throw new YamlException(n.source(), n.line(), "expected a scalar, found " + describe(n));
    }

    private static String describe(Node n) {
        if (n instanceof MapNode) {
            return "a mapping";
        }
        if (n instanceof SeqNode) {
            return "a sequence";
        }
        return "scalar '" + ((ScalarNode) n).value() + "'";
    }

    // ---------------------------------------------------------------------------------------------

    private final String source;
    private final List<Line> lines = new ArrayList<>();
    private int pos;

    private record Line(int number, int indent, String text) {
    }

    private MiniYaml(String source, String text) {
        this.source = source;
        String[] raw = text.split("\r\n|\n|\r", -1);
        for (int i = 0; i < raw.length; i++) {
            String l = raw[i];
            if (l.indexOf('\t') >= 0 && l.substring(0, indentOf(l)).indexOf('\t') >= 0) {
                throw new YamlException(source, i + 1, "tabs are not allowed in indentation");
            }
            String t = stripComment(l, i + 1);
            if (t.isBlank() || (lines.isEmpty() && t.strip().equals("---"))) {
                continue;
            }
            if (t.strip().equals("---") || t.strip().equals("...")) {
                throw new YamlException(source, i + 1, "only one YAML document is supported");
            }
            int ind = indentOf(t);
            lines.add(new Line(i + 1, ind, t.substring(ind).stripTrailing()));
        }
    }

    /** Parses one document; an empty document gives an empty mapping. */
    public static Node parse(String source, String text) {
        MiniYaml y = new MiniYaml(source, text);
        if (y.lines.isEmpty()) {
            return new MapNode(source, 1, Map.of());
        }
        Line first = y.lines.get(0);
        if (first.indent != 0) {
            throw new YamlException(source, first.number, "document must start at column 1");
        }
        Node n = y.parseBlock(0);
        if (y.pos < y.lines.size()) {
            Line l = y.lines.get(y.pos);
            throw new YamlException(source, l.number, "unexpected content at indentation " + l.indent + ": '" + l.text + "'");
        }
        return n;
    }

    private static int indentOf(String l) {
        int i = 0;
        while (i < l.length() && (l.charAt(i) == ' ' || l.charAt(i) == '\t')) {
            i++;
        }
        return i;
    }

    private String stripComment(String l, int lineNo) {
        char quote = 0;
        for (int i = 0; i < l.length(); i++) {
            char c = l.charAt(i);
            if (quote != 0) {
                if (c == '\\' && quote == '"') {
                    i++;
                } else if (c == quote) {
                    quote = 0;
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
            } else if (c == '#' && (i == 0 || l.charAt(i - 1) == ' ')) {
                return l.substring(0, i);
            }
        }
        return l;
    }

    private boolean isSeqItem(String text) {
        return text.equals("-") || text.startsWith("- ");
    }

    private Node parseBlock(int indent) {
        Line l = lines.get(pos);
        if (isSeqItem(l.text)) {
            return parseSeq(indent);
        }
        return parseMap(indent);
    }

    private Node parseSeq(int indent) {
        Line first = lines.get(pos);
        List<Node> items = new ArrayList<>();
        while (pos < lines.size()) {
            Line l = lines.get(pos);
            if (l.indent < indent || (l.indent == indent && !isSeqItem(l.text))) {
                break;
            }
            if (l.indent > indent) {
                throw new YamlException(source, l.number, "bad indentation: expected a '- ' item at column " + (indent + 1));
            }
            String rest = l.text.substring(1);
            int extra = indentOf(rest);
            rest = rest.substring(extra);
            if (rest.isEmpty()) {
                pos++;
                items.add(nestedOrNull(indent, l.number));
            } else {
                // Re-read the item's content as if it started on its own line at its column.
                lines.set(pos, new Line(l.number, indent + 1 + extra, rest));
                items.add(parseItemContent(indent + 1 + extra));
            }
        }
        return new SeqNode(source, first.number, List.copyOf(items));
    }

    private Node parseItemContent(int indent) {
        Line l = lines.get(pos);
        if (isSeqItem(l.text)) {
            return parseSeq(indent);
        }
        if (splitKey(l) >= 0) {
            return parseMap(indent);
        }
        pos++;
        return parseInline(l.text, l.number);
    }

    private Node nestedOrNull(int parentIndent, int lineNo) {
        if (pos < lines.size() && lines.get(pos).indent > parentIndent) {
            return parseBlock(lines.get(pos).indent);
        }
        return new ScalarNode(source, lineNo, "", false);
    }

    private Node parseMap(int indent) {
        Line first = lines.get(pos);
        Map<String, Node> entries = new LinkedHashMap<>();
        while (pos < lines.size()) {
            Line l = lines.get(pos);
            if (l.indent < indent) {
                break;
            }
            if (l.indent > indent) {
                throw new YamlException(source, l.number, "bad indentation: expected a key at column " + (indent + 1));
            }
            if (isSeqItem(l.text)) {
                break;
            }
            int colon = splitKey(l);
            if (colon < 0) {
                throw new YamlException(source, l.number, "expected 'key: value', found '" + l.text + "'");
            }
            String key = unquoteKey(l.text.substring(0, colon).strip(), l.number);
            String value = l.text.substring(colon + 1).strip();
            if (entries.containsKey(key)) {
                throw new YamlException(source, l.number, "duplicate key '" + key + "'");
            }
            pos++;
            Node v;
            if (!value.isEmpty()) {
                v = parseInline(value, l.number);
            } else if (pos < lines.size() && lines.get(pos).indent > indent) {
                v = parseBlock(lines.get(pos).indent);
            } else if (pos < lines.size() && lines.get(pos).indent == indent && isSeqItem(lines.get(pos).text)) {
                v = parseSeq(indent);
            } else {
                v = new ScalarNode(source, l.number, "", false);
            }
            entries.put(key, v);
        }
        return new MapNode(source, first.number, entries);
    }

    private String unquoteKey(String k, int lineNo) {
        if (k.length() >= 2 && (k.charAt(0) == '"' || k.charAt(0) == '\'')) {
            Flow f = new Flow(k, lineNo);
            ScalarNode s = (ScalarNode) f.value();
            f.end();
            return s.value();
        }
        if (k.isEmpty()) {
            throw new YamlException(source, lineNo, "empty mapping key");
        }
        return k;
    }

    /** Index of the key-terminating colon (followed by space or end of line, outside quotes/brackets), or -1. */
    private static int splitKey(Line l) {
        String t = l.text;
        char quote = 0;
        int depth = 0;
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            if (quote != 0) {
                if (c == '\\' && quote == '"') {
                    i++;
                } else if (c == quote) {
                    quote = 0;
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
            } else if (c == '[' || c == '{') {
                if (i == 0) {
                    return -1;
                }
                depth++;
            } else if (c == ']' || c == '}') {
                depth--;
            } else if (c == ':' && depth == 0 && (i + 1 == t.length() || t.charAt(i + 1) == ' ')) {
                return i;
            }
        }
        return -1;
    }

    private Node parseInline(String text, int lineNo) {
        char c0 = text.charAt(0);
        if (c0 == '&' || c0 == '*' || c0 == '!' || c0 == '|' || c0 == '>') {
            throw new YamlException(source, lineNo, "anchors, aliases, tags and block scalars are not supported: '" + text + "'");
        }
        if (c0 == '[' || c0 == '{' || c0 == '"' || c0 == '\'') {
            Flow f = new Flow(text, lineNo);
            Node n = f.value();
            f.end();
            return n;
        }
        return new ScalarNode(source, lineNo, text, false);
    }

    /** Recursive-descent reader for one line of flow content. */
    private final class Flow {
        private final String t;
        private final int lineNo;
        private int i;

        Flow(String t, int lineNo) {
            this.t = t;
            this.lineNo = lineNo;
        }

        private YamlException error(String what) {
            return new YamlException(source, lineNo, what + " at column " + (i + 1) + " of '" + t + "'");
        }

        private void skipSpaces() {
            while (i < t.length() && t.charAt(i) == ' ') {
                i++;
            }
        }

        void end() {
            skipSpaces();
            if (i != t.length()) {
                throw error("unexpected trailing text");
            }
        }

        Node value() {
            skipSpaces();
            if (i >= t.length()) {
                throw error("unexpected end of line (multi-line flow collections are not supported)");
            }
            char c = t.charAt(i);
            if (c == '[') {
                i++;
                List<Node> items = new ArrayList<>();
                skipSpaces();
                if (i < t.length() && t.charAt(i) == ']') {
                    i++;
                    return new SeqNode(source, lineNo, List.of());
                }
                while (true) {
                    items.add(value());
                    skipSpaces();
                    if (i >= t.length()) {
                        throw error("unterminated '[' (multi-line flow collections are not supported)");
                    }
                    char d = t.charAt(i++);
                    if (d == ']') {
                        return new SeqNode(source, lineNo, List.copyOf(items));
                    }
                    if (d != ',') {
                        i--;
                        throw error("expected ',' or ']'");
                    }
                }
            }
            if (c == '{') {
                i++;
                Map<String, Node> entries = new LinkedHashMap<>();
                skipSpaces();
                if (i < t.length() && t.charAt(i) == '}') {
                    i++;
                    return new MapNode(source, lineNo, entries);
                }
                while (true) {
                    skipSpaces();
                    Node k = scalar(true);
                    skipSpaces();
                    if (i >= t.length() || t.charAt(i) != ':') {
                        throw error("expected ':' after a flow mapping key");
                    }
                    i++;
                    String key = ((ScalarNode) k).value();
                    if (entries.containsKey(key)) {
                        throw error("duplicate key '" + key + "'");
                    }
                    entries.put(key, value());
                    skipSpaces();
                    if (i >= t.length()) {
                        throw error("unterminated '{'");
                    }
                    char d = t.charAt(i++);
                    if (d == '}') {
                        return new MapNode(source, lineNo, entries);
                    }
                    if (d != ',') {
                        i--;
                        throw error("expected ',' or '}'");
                    }
                }
            }
            return scalar(false);
        }

        private Node scalar(boolean isKey) {
            char c = t.charAt(i);
            if (c == '"' || c == '\'') {
                StringBuilder sb = new StringBuilder();
                i++;
                while (true) {
                    if (i >= t.length()) {
                        throw error("unterminated quoted string");
                    }
                    char d = t.charAt(i++);
                    if (d == c) {
                        if (c == '\'' && i < t.length() && t.charAt(i) == '\'') {
                            sb.append('\'');
                            i++;
                            continue;
                        }
                        return new ScalarNode(source, lineNo, sb.toString(), true);
                    }
                    if (d == '\\' && c == '"') {
                        if (i >= t.length()) {
                            throw error("unterminated escape");
                        }
                        char e = t.charAt(i++);
                        switch (e) {
                            case 'n' -> sb.append('\n');
                            case 't' -> sb.append('\t');
                            case '"' -> sb.append('"');
                            case '\\' -> sb.append('\\');
                            case '/' -> sb.append('/');
                            default -> throw error("unsupported escape '\\" + e + "'");
                        }
                    } else {
                        sb.append(d);
                    }
                }
            }
            int start = i;
            while (i < t.length()) {
                char d = t.charAt(i);
                if (d == ',' || d == ']' || d == '}' || (isKey && d == ':')) {
                    break;
                }
                if (d == ':' && (i + 1 == t.length() || t.charAt(i + 1) == ' ')) {
                    break;
                }
                if (d == '[' || d == '{') {
                    throw error("unexpected '" + d + "' inside a plain scalar");
                }
                i++;
            }
            return new ScalarNode(source, lineNo, t.substring(start, i).strip(), false);
        }
    }
}
