package io.collide4j.checker.scene;

import io.collide4j.kinematics.format.InputFormatException;
import io.collide4j.kinematics.format.Suggestions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Compose;
import org.snakeyaml.engine.v2.api.lowlevel.Parse;
import org.snakeyaml.engine.v2.events.Event;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;
import org.snakeyaml.engine.v2.nodes.Tag;
import org.snakeyaml.engine.v2.schema.CoreSchema;

/**
 * Strict reading of the YAML that MoveIt message dumps use (MotionBenchMaker scenes and requests), on
 * snakeyaml-engine (YAML 1.2 core schema). Limits: {@value #MAX_DEPTH} levels of nesting (checked on the
 * event stream before any tree is built, so deep input is an error, not a StackOverflowError),
 * {@value #MAX_CODE_POINTS} code points, {@value #MAX_ALIASES} aliases to collections, no recursive keys.
 * A {@link Value} reads its node strictly: {@link Value#map} refuses keys outside the schema (with a
 * did-you-mean) and duplicate keys; numbers must be finite int or float scalars. Every error is an
 * {@link InputFormatException} with the source, the dotted path, line and column. Stateless, thread-safe.
 */
final class StrictYaml {
    static final int MAX_DEPTH = 64;
    static final int MAX_CODE_POINTS = 64 * 1024 * 1024;
    static final int MAX_ALIASES = 8;

    private StrictYaml() {}

    /** The file as text: UTF-8 strictly (a binary file is named as such, with the offset of the first bad byte). */
    static String readText(Path file) {
        byte[] bytes;
        try {
            if (Files.size(file) > MAX_CODE_POINTS) {
                throw new InputFormatException(
                        file.toString(),
                        "",
                        0,
                        0,
                        "file is " + Files.size(file) + " bytes, larger than the " + MAX_CODE_POINTS
                                + " accepted for YAML");
            }
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new UncheckedIOException("no such file: " + file, e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        return decode(bytes, file.toString());
    }

    static String decode(byte[] bytes, String source) {
        CharsetDecoder d = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult r = d.decode(in, out, true);
        if (!r.isError()) {
            r = d.flush(out);
        }
        if (r.isError()) {
            throw new InputFormatException(
                    source,
                    "",
                    0,
                    0,
                    String.format(
                            "not UTF-8 text (a binary file?): invalid byte 0x%02x at offset %d",
                            bytes[in.position()] & 0xff, in.position()));
        }
        return out.flip().toString();
    }

    /** Parses one document; an empty document (empty file, only comments) is an error. */
    static Value parse(String source, String text) {
        LoadSettings settings = LoadSettings.builder()
                .setLabel(source)
                .setSchema(new CoreSchema())
                .setCodePointLimit(MAX_CODE_POINTS)
                .setMaxAliasesForCollections(MAX_ALIASES)
                .setAllowRecursiveKeys(false)
                .setAllowDuplicateKeys(false)
                .setUseMarks(true)
                .build();
        try {
            int depth = 0;
            for (Event e : new Parse(settings).parseString(text)) {
                switch (e.getEventId()) {
                    case MappingStart, SequenceStart -> {
                        if (++depth > MAX_DEPTH) {
                            Mark m = e.getStartMark().orElse(null);
                            throw new InputFormatException(
                                    source,
                                    "",
                                    m == null ? 0 : m.getLine() + 1,
                                    m == null ? 0 : m.getColumn() + 1,
                                    "nesting deeper than " + MAX_DEPTH + " levels");
                        }
                    }
                    case MappingEnd, SequenceEnd -> depth--;
                    default -> {}
                }
            }
            Node root = new Compose(settings)
                    .composeString(text)
                    .orElseThrow(() ->
                            new InputFormatException(source, "", 0, 0, "empty document, expected a YAML mapping"));
            return new Value(source, "", root);
        } catch (MarkedYamlEngineException e) {
            Mark m = e.getProblemMark().orElse(e.getContextMark().orElse(null));
            String problem = e.getProblem() == null ? e.getMessage() : e.getProblem();
            String context = e.getContext() == null ? "" : e.getContext() + ": ";
            throw new InputFormatException(
                    source,
                    "",
                    m == null ? 0 : m.getLine() + 1,
                    m == null ? 0 : m.getColumn() + 1,
                    "malformed YAML: " + context + problem);
        } catch (YamlEngineException e) {
            throw new InputFormatException(source, "", 0, 0, "malformed YAML: " + e.getMessage());
        }
    }

    /** A node with the path that reached it. */
    record Value(String source, String path, Node node) {

        InputFormatException error(String detail) {
            Mark m = node.getStartMark().orElse(null);
            return new InputFormatException(
                    source, path, m == null ? 0 : m.getLine() + 1, m == null ? 0 : m.getColumn() + 1, detail);
        }

        private String child(String key) {
            return path.isEmpty() ? key : path + "." + key;
        }

        boolean isNull() {
            return node instanceof ScalarNode s && s.getTag().equals(Tag.NULL);
        }

        /**
         * The mapping's entries in document order; a key outside {@code known} or given twice is an error.
         */
        Map<String, Value> map(Collection<String> known) {
            if (!(node instanceof MappingNode m)) {
                // sorted: the same message on every run (known may be a hash set)
                throw error("expected a mapping with keys " + new java.util.TreeSet<>(known) + ", found " + kind());
            }
            Map<String, Value> out = new LinkedHashMap<>();
            for (NodeTuple t : m.getValue()) {
                Value k = new Value(source, path, t.getKeyNode());
                if (!(t.getKeyNode() instanceof ScalarNode ks)) {
                    throw k.error("expected a plain key, found " + k.kind());
                }
                String key = ks.getValue();
                Value v = new Value(source, child(key), t.getValueNode());
                if (!known.contains(key)) {
                    String hint = Suggestions.didYouMean(key, known);
                    throw new Value(source, child(key), t.getKeyNode())
                            .error("unknown key"
                                    + (hint.isEmpty() ? "; expected one of " + new java.util.TreeSet<>(known) : hint));
                }
                if (out.put(key, v) != null) {
                    throw new Value(source, child(key), t.getKeyNode()).error("duplicate key");
                }
            }
            return out;
        }

        List<Value> seq() {
            if (!(node instanceof SequenceNode s)) {
                throw error("expected a list, found " + kind());
            }
            List<Value> out = new ArrayList<>(s.getValue().size());
            for (int i = 0; i < s.getValue().size(); i++) {
                out.add(new Value(source, path + "[" + i + "]", s.getValue().get(i)));
            }
            return out;
        }

        /** A scalar's text; plain scalars of any type count (MoveIt writes ids and names unquoted). */
        String string() {
            if (!(node instanceof ScalarNode s) || isNull()) {
                throw error("expected a string, found " + kind());
            }
            return s.getValue();
        }

        double number() {
            if (!(node instanceof ScalarNode s)
                    || !(s.getTag().equals(Tag.INT) || s.getTag().equals(Tag.FLOAT))) {
                throw error("expected a number, found " + kind());
            }
            String t = s.getValue();
            double v;
            try {
                v = t.toLowerCase().contains("inf") || t.toLowerCase().contains("nan")
                        ? Double.NaN
                        : Double.parseDouble(t);
            } catch (NumberFormatException e) {
                throw error("expected a decimal number, found '" + t + "'");
            }
            if (!Double.isFinite(v)) {
                throw error("number " + t + " is out of range (not a finite double)");
            }
            return v;
        }

        double[] numbers() {
            List<Value> items = seq();
            double[] d = new double[items.size()];
            for (int i = 0; i < d.length; i++) {
                d[i] = items.get(i).number();
            }
            return d;
        }

        List<String> strings() {
            List<String> out = new ArrayList<>();
            for (Value v : seq()) {
                out.add(v.string());
            }
            return out;
        }

        boolean bool() {
            if (!(node instanceof ScalarNode s) || !s.getTag().equals(Tag.BOOL)) {
                throw error("expected true or false, found " + kind());
            }
            return Boolean.parseBoolean(s.getValue().toLowerCase());
        }

        /** An absent, null or empty-list value. */
        boolean isEmptyList() {
            return isNull() || node instanceof SequenceNode s && s.getValue().isEmpty();
        }

        String kind() {
            if (node instanceof MappingNode) {
                return "a mapping";
            } else if (node instanceof SequenceNode) {
                return "a list";
            } else if (isNull()) {
                return "null";
            }
            ScalarNode s = (ScalarNode) node;
            String tag = s.getTag().equals(Tag.STR)
                    ? "string"
                    : s.getTag().equals(Tag.INT) || s.getTag().equals(Tag.FLOAT)
                            ? "number"
                            : s.getTag().equals(Tag.BOOL) ? "boolean" : "scalar";
            return tag + " '" + s.getValue() + "'";
        }

        /** The required key's value, or an error naming it. */
        static Value require(Map<String, Value> m, String key, Value owner) {
            Value v = m.get(key);
            if (v == null) {
                throw owner.error("missing required key '" + key + "'");
            }
            return v;
        }
    }
}
