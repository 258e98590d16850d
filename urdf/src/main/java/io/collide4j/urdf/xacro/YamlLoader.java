package io.collide4j.urdf.xacro;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.snakeyaml.engine.v2.api.ConstructNode;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.Tag;
import org.snakeyaml.engine.v2.resolver.ScalarResolver;
import org.snakeyaml.engine.v2.schema.Schema;

/**
 * {@code xacro.load_yaml}: YAML read as PyYAML's SafeLoader reads it (YAML 1.1 implicit types: {@code yes}/{@code on}
 * are booleans, {@code 1e3} without a dot stays text, {@code 0o17}/{@code 017} octal, {@code .inf}), plus xacro's
 * tags {@code !radians EXPR} and {@code !degrees EXPR} whose text is an expression ({@code !degrees 90},
 * {@code !radians pi/2}), timestamps (as the text Python prints for them), merge keys ({@code <<: *defaults}) as PyYAML
 * merges them. Mappings become attribute-readable {@link YamlDict}s. Built on snakeyaml-engine with a
 * schema of our own; no arbitrary types are constructed. Stateless.
 */
final class YamlLoader {
    private static final Pattern BOOL =
            Pattern.compile("yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF");
    private static final Pattern INT =
            Pattern.compile("[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+"
                    + "|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+");
    private static final Pattern FLOAT =
            Pattern.compile("[-+]?(?:[0-9][0-9_]*)\\.[0-9_]*(?:[eE][-+][0-9]+)?|\\.[0-9_]+(?:[eE][-+][0-9]+)?"
                    + "|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\\.[0-9_]*|[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN)");
    private static final Pattern NULL = Pattern.compile("~|null|Null|NULL|");
    private static final Pattern TIMESTAMP =
            Pattern.compile("(\\d{4})-(\\d\\d?)-(\\d\\d?)(?:(?:[Tt]|[ \\t]+)(\\d\\d?):(\\d\\d):(\\d\\d)"
                    + "(?:\\.(\\d*))?(?:[ \\t]*(Z|([-+])(\\d\\d?)(?::(\\d\\d))?))?)?");
    private static final Tag TIMESTAMP_TAG = new Tag("tag:yaml.org,2002:timestamp");

    private YamlLoader() {}

    /** Parses YAML text; {@code angle} evaluates the text of a {@code !radians}/{@code !degrees} scalar to radians. */
    static Object load(String text, String source, Function<String, Double> angle) {
        Map<Tag, ConstructNode> tags = new HashMap<>();
        tags.put(new Tag("!radians"), node -> angle.apply(((ScalarNode) node).getValue()));
        tags.put(new Tag("!degrees"), node -> Math.toRadians(angle.apply(((ScalarNode) node).getValue())));
        LoadSettings settings = LoadSettings.builder()
                .setSchema(new PyYamlSchema())
                .setTagConstructors(tags)
                .setLabel(source)
                .setAllowDuplicateKeys(true)
                .setMaxAliasesForCollections(1000)
                .build();
        Object raw = new Load(settings).loadFromString(text);
        return wrap(raw);
    }

    private static Object wrap(Object v) {
        if (v == null) {
            return PyNone.NONE;
        }
        if (v instanceof Map) {
            Map<Object, Object> m = new LinkedHashMap<>();
            Object merge = ((Map<?, ?>) v).get("<<");
            if (merge != null) {
                // PyYAML's merge key: the merged mappings' entries first (earlier ones win), the mapping's own override
                List<?> sources = merge instanceof List ? (List<?>) merge : List.of(merge);
                for (int i = sources.size() - 1; i >= 0; i--) {
                    if (!(sources.get(i) instanceof Map)) {
                        throw PyError.value("YAML merge key '<<' expects a mapping or a list of mappings");
                    }
                    ((Map<?, ?>) wrap(sources.get(i))).forEach(m::put);
                }
            }
            ((Map<?, ?>) v).forEach((k, x) -> {
                if (!"<<".equals(k)) {
                    m.put(wrap(k), wrap(x)); // an overridden key keeps its merged position, as in a Python dict
                }
            });
            return new YamlDict(m);
        }
        if (v instanceof List) {
            List<Object> out = new ArrayList<>();
            ((List<?>) v).forEach(x -> out.add(wrap(x)));
            return out;
        }
        if (v instanceof Integer || v instanceof Short || v instanceof Byte) {
            return ((Number) v).longValue();
        }
        if (v instanceof Float) {
            return ((Float) v).doubleValue();
        }
        if (v instanceof Long || v instanceof Double || v instanceof Boolean || v instanceof String) {
            return v;
        }
        if (v instanceof java.util.Set) {
            throw PyError.subset("YAML set (!!set)");
        }
        return String.valueOf(v);
    }

    private static final class PyYamlSchema implements Schema {
        @Override
        public ScalarResolver getScalarResolver() {
            return (value, implicit) -> {
                if (!implicit) {
                    return Tag.STR;
                }
                if (NULL.matcher(value).matches()) {
                    return Tag.NULL;
                }
                if (BOOL.matcher(value).matches()) {
                    return Tag.BOOL;
                }
                if (INT.matcher(value).matches()) {
                    return Tag.INT;
                }
                if (FLOAT.matcher(value).matches()) {
                    return Tag.FLOAT;
                }
                if (isTimestamp(value)) {
                    return TIMESTAMP_TAG;
                }
                return Tag.STR;
            };
        }

        @Override
        public Map<Tag, ConstructNode> getSchemaTagConstructors() {
            Map<Tag, ConstructNode> m = new HashMap<>();
            m.put(Tag.NULL, node -> null);
            m.put(Tag.BOOL, node -> {
                String v = scalar(node).toLowerCase(java.util.Locale.ROOT);
                return v.equals("yes") || v.equals("true") || v.equals("on");
            });
            m.put(Tag.INT, node -> integer(scalar(node)));
            m.put(Tag.FLOAT, node -> floating(scalar(node)));
            m.put(Tag.STR, YamlLoader::scalar);
            m.put(TIMESTAMP_TAG, node -> timestamp(scalar(node)));
            return m;
        }
    }

    /** PyYAML's timestamp: a date, or a date and time (then with two-digit month and day not required). */
    private static boolean isTimestamp(String v) {
        Matcher m = TIMESTAMP.matcher(v);
        return m.matches() && (m.group(4) != null || v.length() == 10);
    }

    /**
     * A timestamp as text equal to Python's {@code str()} of what PyYAML constructs (a date, or a datetime with
     * microseconds and a UTC offset when given): the only way its value reaches a URDF.
     */
    private static String timestamp(String v) {
        Matcher m = TIMESTAMP.matcher(v);
        if (!m.matches()) {
            return v;
        }
        String date = String.format(
                java.util.Locale.ROOT,
                "%s-%02d-%02d",
                m.group(1),
                Integer.parseInt(m.group(2)),
                Integer.parseInt(m.group(3)));
        if (m.group(4) == null) {
            return date;
        }
        StringBuilder sb = new StringBuilder(date)
                .append(String.format(
                        java.util.Locale.ROOT, " %02d:%s:%s", Integer.parseInt(m.group(4)), m.group(5), m.group(6)));
        String fraction = m.group(7) == null ? "" : m.group(7);
        fraction = (fraction + "000000").substring(0, 6);
        if (Integer.parseInt(fraction) != 0) {
            sb.append('.').append(fraction);
        }
        if ("Z".equals(m.group(8))) {
            sb.append("+00:00");
        } else if (m.group(9) != null) {
            sb.append(String.format(
                    java.util.Locale.ROOT,
                    "%s%02d:%s",
                    m.group(9),
                    Integer.parseInt(m.group(10)),
                    m.group(11) == null ? "00" : m.group(11)));
        }
        return sb.toString();
    }

    private static String scalar(Node node) {
        return ((ScalarNode) node).getValue();
    }

    /** PyYAML's construct_yaml_int: underscores dropped, 0b/0x/leading-0 octal, sexagesimal. */
    private static Object integer(String text) {
        String v = text.replace("_", "");
        long sign = 1;
        if (v.startsWith("-") || v.startsWith("+")) {
            sign = v.startsWith("-") ? -1 : 1;
            v = v.substring(1);
        }
        try {
            if (v.equals("0")) {
                return 0L;
            }
            if (v.startsWith("0b")) {
                return sign * Long.parseLong(v.substring(2), 2);
            }
            if (v.startsWith("0x")) {
                return sign * Long.parseLong(v.substring(2), 16);
            }
            if (v.startsWith("0")) {
                return sign * Long.parseLong(v, 8);
            }
            if (v.contains(":")) {
                long value = 0;
                for (String part : v.split(":")) {
                    value = value * 60 + Long.parseLong(part);
                }
                return sign * value;
            }
            return sign * Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw PyError.subset("YAML integer " + text + " beyond 64 bits");
        }
    }

    private static Object floating(String text) {
        String v = text.replace("_", "").toLowerCase(java.util.Locale.ROOT);
        double sign = 1;
        if (v.startsWith("-") || v.startsWith("+")) {
            sign = v.startsWith("-") ? -1 : 1;
            v = v.substring(1);
        }
        if (v.equals(".inf")) {
            return sign * Double.POSITIVE_INFINITY;
        }
        if (v.equals(".nan")) {
            return Double.NaN;
        }
        if (v.contains(":")) {
            double value = 0;
            for (String part : v.split(":")) {
                value = value * 60 + Double.parseDouble(part);
            }
            return sign * value;
        }
        return sign * Double.parseDouble(v);
    }
}
