package io.collide4j.verifier;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.ClassUtil;
import io.collide4j.verifier.Certificate.Allowed;
import io.collide4j.verifier.Certificate.ObstacleSpec;
import io.collide4j.verifier.Certificate.PairSteps;
import io.collide4j.verifier.Certificate.PairTuple;
import io.collide4j.verifier.Certificate.PieceSpec;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a {@code collide4j-certificate/3} document strictly into a {@link Certificate}: duplicate keys, unknown
 * keys, missing members, wrong types, non-finite numbers and trailing content are refused with the JSON path. A
 * JSON number means the double Java's correctly rounded parse gives (the certifier writes shortest round-trip
 * decimals, so this is the number it computed with). The step arrays under {@code segments} are read from the token
 * stream by {@link SegmentReader}, every other member as a small tree. Stateless.
 */
final class CertificateReader {
    static final String FORMAT = "collide4j-certificate/3";
    static final ObjectMapper JSON = new ObjectMapper(JsonFactory.builder()
                    .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                    // correctly rounded like Double.parseDouble (Lemire's algorithm, in jackson-core), so the same
                    // doubles, at a fraction of the cost: parsing the step arrays' numbers was most of reading them
                    .enable(StreamReadFeature.USE_FAST_DOUBLE_PARSER)
                    .build())
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    /** Reads one member's value inside the document, which the trailing-token check must not look past. */
    private static final ObjectReader SUBTREE = JSON.reader().without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private CertificateReader() {}

    /** A refused document: the message names the source and the JSON path. */
    static final class FormatException extends IllegalArgumentException {
        FormatException(String message) {
            super(message);
        }
    }

    static Certificate read(InputStream in, String source) {
        JsonNode root;
        SegmentReader.Result segments = null;
        try (JsonParser p = JSON.createParser(in)) {
            JsonToken t = p.nextToken();
            if (t == null) {
                throw new FormatException(source + ": empty document");
            }
            if (t == JsonToken.START_OBJECT) { // the usual case: segments streamed, the rest read as trees
                ObjectNode o = JSON.createObjectNode();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    p.nextToken();
                    if (name.equals("segments")) {
                        segments = SegmentReader.read(p);
                        o.putNull(name); // holds the key's place for the unknown- and missing-key checks
                    } else {
                        o.set(name, subtree(p));
                    }
                }
                root = o;
            } else {
                root = subtree(p);
            }
            noTrailingTokens(p);
        } catch (IOException e) {
            throw new FormatException(source + ": not readable JSON: " + e.getMessage());
        }
        try {
            return certificate(root, segments);
        } catch (FormatException e) {
            throw new FormatException(source + ": " + e.getMessage());
        }
    }

    /** Refuses a token after the document's value, as FAIL_ON_TRAILING_TOKENS does when the whole is one tree. */
    static void noTrailingTokens(JsonParser p) throws IOException {
        JsonToken trailing = p.nextToken();
        if (trailing != null) {
            throw MismatchedInputException.from(
                    p,
                    JsonNode.class,
                    String.format(
                            "Trailing token (of type %s) found after value (bound as %s): not allowed as per"
                                    + " `DeserializationFeature.FAIL_ON_TRAILING_TOKENS`",
                            trailing, ClassUtil.nameOf(JsonNode.class)));
        }
    }

    /** The value at the parser's current token as a tree (JSON null as a null node), the parser left on its end. */
    static JsonNode subtree(JsonParser p) throws IOException {
        JsonNode n = SUBTREE.readTree(p);
        return n == null ? NullNode.getInstance() : n;
    }

    private static Certificate certificate(JsonNode n, SegmentReader.Result streamed) {
        keys(
                n,
                "",
                Set.of(
                        "format",
                        "margin",
                        "tolerance",
                        "robotHash",
                        "sceneHash",
                        "trajectoryHash",
                        "interpolation",
                        "waypoints",
                        "times",
                        "witness",
                        "segments",
                        "verdict",
                        "pairClearance"),
                Set.of("meshMode", "provenance", "velocities", "accelerations", "violation", "cover"));
        String format = string(n.get("format"), "format");
        if (!FORMAT.equals(format)) {
            throw new FormatException(
                    "format: expected \"" + FORMAT + "\" (a certificate with witness planes), found \"" + format
                            + "\"; older formats are checked by --verifier=recompute");
        }
        number(n.get("tolerance"), "tolerance");
        for (String h : List.of("robotHash", "sceneHash", "trajectoryHash")) {
            string(n.get(h), h);
        }
        if (n.has("meshMode")) {
            oneOf(n.get("meshMode"), "meshMode", Set.of("HULL", "EXACT"));
        }
        if (n.has("provenance")) { // where robot and scene came from: {bundled | file, srdf} strings
            keys(n.get("provenance"), "provenance", Set.of(), Set.of("robot", "scene"));
            n.get("provenance").properties().forEach(part -> {
                String at = "provenance." + part.getKey();
                keys(part.getValue(), at, Set.of(), Set.of("bundled", "file", "srdf"));
                part.getValue().properties().forEach(f -> string(f.getValue(), at + "." + f.getKey()));
            });
        }
        List<List<PairSteps>> segments = streamed.segments();
        Certificate.Violation violation = null;
        JsonNode v = n.get("violation");
        if (v != null && !v.isNull()) {
            keys(
                    v,
                    "violation",
                    Set.of("segment", "fraction", "pair"),
                    Set.of("time", "configuration", "lowerBound", "distance", "pointOnFirst", "pointOnSecond"));
            v.properties()
                    .forEach(
                            f -> { // the rest only described for readers: numbers or number arrays
                                if (Set.of("time", "lowerBound", "distance").contains(f.getKey())) {
                                    number(f.getValue(), "violation." + f.getKey());
                                } else if (Set.of("configuration", "pointOnFirst", "pointOnSecond")
                                        .contains(f.getKey())) {
                                    numbers(f.getValue(), "violation." + f.getKey());
                                }
                            });
            violation = new Certificate.Violation(
                    integer(v.get("segment"), "violation.segment"),
                    number(v.get("fraction"), "violation.fraction"),
                    pair(v.get("pair"), "violation.pair"));
        }
        Map<String, Double> clearance = new LinkedHashMap<>();
        JsonNode pc = object(n.get("pairClearance"), "pairClearance");
        pc.fieldNames().forEachRemaining(k -> clearance.put(k, number(pc.get(k), "pairClearance." + k)));
        return new Certificate(
                number(n.get("margin"), "margin"),
                oneOf(n.get("interpolation"), "interpolation", Set.of("LINEAR", "CUBIC", "QUINTIC")),
                matrix(n.get("waypoints"), "waypoints"),
                n.has("velocities") ? matrix(n.get("velocities"), "velocities") : null,
                n.has("accelerations") ? matrix(n.get("accelerations"), "accelerations") : null,
                numbers(n.get("times"), "times"),
                witness(n.get("witness")),
                segments,
                oneOf(n.get("verdict"), "verdict", Set.of("CERTIFIED_FREE", "VIOLATION", "INCONCLUSIVE")),
                violation,
                clearance,
                n.has("cover") ? cover(n.get("cover")) : List.of());
    }

    /** {@code cover}: [{link, element, tree}], the tree checked later against the mesh ({@link MeshCover}). */
    private static List<Certificate.CoverSpec> cover(JsonNode n) {
        JsonNode list = array(n, "cover");
        List<Certificate.CoverSpec> out = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            String at = "cover[" + i + "]";
            keys(list.get(i), at, Set.of("link", "element", "tree"), Set.of());
            out.add(new Certificate.CoverSpec(
                    string(list.get(i).get("link"), at + ".link"),
                    integer(list.get(i).get("element"), at + ".element"),
                    string(list.get(i).get("tree"), at + ".tree"),
                    at));
        }
        return out;
    }

    private static Certificate.Witness witness(JsonNode n) {
        keys(n, "witness", Set.of("joints", "held", "allowed", "pieces", "obstacles"), Set.of("attached"));
        List<String> joints = new ArrayList<>();
        JsonNode js = array(n.get("joints"), "witness.joints");
        for (int i = 0; i < js.size(); i++) {
            joints.add(string(js.get(i), "witness.joints[" + i + "]"));
        }
        Map<String, Double> held = new LinkedHashMap<>();
        JsonNode h = object(n.get("held"), "witness.held");
        h.fieldNames().forEachRemaining(k -> held.put(k, number(h.get(k), "witness.held." + k)));
        List<Allowed> allowed = new ArrayList<>();
        JsonNode al = array(n.get("allowed"), "witness.allowed");
        for (int i = 0; i < al.size(); i++) {
            String at = "witness.allowed[" + i + "]";
            JsonNode e = array(al.get(i), at);
            if (e.size() != 3) {
                throw new FormatException(at + ": expected [linkA, linkB, reason], found " + e.size() + " elements");
            }
            allowed.add(new Allowed(
                    string(e.get(0), at + "[0]"), string(e.get(1), at + "[1]"), string(e.get(2), at + "[2]"), at));
        }
        Map<String, List<PieceSpec>> pieces = new LinkedHashMap<>();
        JsonNode ps = object(n.get("pieces"), "witness.pieces");
        for (Iterator<String> it = ps.fieldNames(); it.hasNext(); ) {
            String link = it.next();
            JsonNode list = array(ps.get(link), "witness.pieces." + link);
            List<PieceSpec> specs = new ArrayList<>();
            for (int i = 0; i < list.size(); i++) {
                String at = "witness.pieces." + link + "[" + i + "]";
                JsonNode p = list.get(i);
                keys(p, at, Set.of("element", "kind", "padding", "scale"), Set.of());
                specs.add(new PieceSpec(
                        integer(p.get("element"), at + ".element"),
                        oneOf(
                                p.get("kind"),
                                at + ".kind",
                                Set.of("HULL", "PRIMITIVE", "DECOMPOSED", "ATTACHED", "OTHER")),
                        number(p.get("padding"), at + ".padding"),
                        number(p.get("scale"), at + ".scale"),
                        at));
            }
            pieces.put(link, specs);
        }
        List<ObstacleSpec> obstacles = new ArrayList<>();
        JsonNode os = array(n.get("obstacles"), "witness.obstacles");
        for (int i = 0; i < os.size(); i++) {
            if (!os.get(i).isNull()) { // null: the slot of a removed obstacle
                obstacles.add(obstacle(os.get(i), "witness.obstacles[" + i + "]"));
            }
        }
        List<Certificate.AttachedSpec> attached = new ArrayList<>();
        if (n.has("attached")) {
            JsonNode as = array(n.get("attached"), "witness.attached");
            for (int i = 0; i < as.size(); i++) {
                attached.add(attached(as.get(i), "witness.attached[" + i + "]"));
            }
        }
        return new Certificate.Witness(joints, held, allowed, pieces, obstacles, attached);
    }

    private static Certificate.AttachedSpec attached(JsonNode o, String at) {
        String shape = o.isObject() && o.has("shape") ? string(o.get("shape"), at + ".shape") : null;
        Set<String> numbers = switch (shape == null ? "" : shape) {
            case "box" -> Set.of("size");
            case "sphere" -> Set.of("radius");
            case "cylinder", "capsule" -> Set.of("radius", "length");
            case "hull" -> Set.of("vertices");
            case "mesh" -> Set.of("vertices", "triangles");
            default ->
                throw new FormatException(
                        at + ".shape: expected box, sphere, cylinder, capsule, hull or mesh, found " + shape);
        };
        Set<String> required = new java.util.HashSet<>(numbers);
        required.addAll(Set.of("name", "link", "shape", "pose"));
        keys(o, at, required, Set.of());
        double[] pose = numbers(o.get("pose"), at + ".pose");
        if (pose.length != 7) {
            throw new FormatException(
                    at + ".pose: expected [x, y, z, qx, qy, qz, qw], found " + pose.length + " numbers");
        }
        return new Certificate.AttachedSpec(
                string(o.get("name"), at + ".name"),
                string(o.get("link"), at + ".link"),
                shape,
                o.has("size") ? numbers(o.get("size"), at + ".size") : null,
                o.has("radius") ? number(o.get("radius"), at + ".radius") : null,
                o.has("length") ? number(o.get("length"), at + ".length") : null,
                o.has("vertices") ? matrix(o.get("vertices"), at + ".vertices") : null,
                o.has("triangles") ? indexRows(o.get("triangles"), at + ".triangles") : null,
                pose,
                at);
    }

    /** An array of arrays of three integers (a mesh's triangles as vertex indices). */
    private static int[][] indexRows(JsonNode n, String at) {
        JsonNode rows = array(n, at);
        int[][] out = new int[rows.size()][];
        for (int i = 0; i < out.length; i++) {
            JsonNode row = array(rows.get(i), at + "[" + i + "]");
            if (row.size() != 3) {
                throw new FormatException(at + "[" + i + "]: expected 3 vertex indices, found " + row.size());
            }
            out[i] = new int[3];
            for (int k = 0; k < 3; k++) {
                out[i][k] = integer(row.get(k), at + "[" + i + "][" + k + "]");
            }
        }
        return out;
    }

    private static ObstacleSpec obstacle(JsonNode o, String at) {
        String shape = o.isObject() && o.has("shape") ? string(o.get("shape"), at + ".shape") : null;
        Set<String> numbers = switch (shape == null ? "" : shape) {
            case "box" -> Set.of("size");
            case "sphere" -> Set.of("radius");
            case "cylinder", "capsule" -> Set.of("radius", "length");
            case "hull" -> Set.of("vertices");
            case "mesh" -> Set.of("vertices", "triangles");
            default ->
                throw new FormatException(at + ".shape: obstacle " + (o.isObject() ? o.get("name") : null)
                        + " has shape " + shape
                        + ", not box, sphere, cylinder, capsule, hull or mesh: an obstacle covered by"
                        + " several pieces is checked by --verifier=recompute only");
        };
        Set<String> required = new java.util.HashSet<>(numbers);
        required.addAll(Set.of("name", "shape", "pose", "padding"));
        keys(o, at, required, Set.of());
        return new ObstacleSpec(
                string(o.get("name"), at + ".name"),
                shape,
                o.has("size") ? numbers(o.get("size"), at + ".size") : null,
                o.has("radius") ? number(o.get("radius"), at + ".radius") : null,
                o.has("length") ? number(o.get("length"), at + ".length") : null,
                o.has("vertices") ? matrix(o.get("vertices"), at + ".vertices") : null,
                o.has("triangles") ? indexRows(o.get("triangles"), at + ".triangles") : null,
                numbers(o.get("pose"), at + ".pose"),
                number(o.get("padding"), at + ".padding"),
                at);
    }

    /** {@code windows}: per step null, or [[first, last, nx, ny, nz, c, gA, gB], ...] for an exact-mesh window. */
    static Certificate.TrianglePlanes[][] windows(JsonNode n, String at) {
        JsonNode w = array(n, at);
        Certificate.TrianglePlanes[][] out = new Certificate.TrianglePlanes[w.size()][];
        for (int k = 0; k < w.size(); k++) {
            if (w.get(k).isNull()) {
                continue;
            }
            JsonNode list = array(w.get(k), at + "[" + k + "]");
            out[k] = new Certificate.TrianglePlanes[list.size()];
            for (int e = 0; e < list.size(); e++) {
                String ae = at + "[" + k + "][" + e + "]";
                JsonNode row = array(list.get(e), ae);
                if (row.size() != 8) {
                    throw new FormatException(
                            ae + ": expected [firstTriangle, lastTriangle, nx, ny, nz, c, gA, gB], found " + row.size()
                                    + " elements");
                }
                double[] plane = new double[6];
                for (int i = 0; i < 6; i++) {
                    plane[i] = number(row.get(2 + i), ae + "[" + (2 + i) + "]");
                }
                out[k][e] = new Certificate.TrianglePlanes(
                        integer(row.get(0), ae + "[0]"), integer(row.get(1), ae + "[1]"), plane);
            }
        }
        return out;
    }

    static PairTuple pair(JsonNode n, String at) {
        JsonNode a = array(n, at);
        if (a.size() != 5) {
            throw new FormatException(at + ": expected [first, firstPiece, second, secondPiece, environment]");
        }
        if (!a.get(4).isBoolean()) {
            throw new FormatException(at + "[4]: expected true or false");
        }
        return new PairTuple(
                string(a.get(0), at + "[0]"),
                integer(a.get(1), at + "[1]"),
                string(a.get(2), at + "[2]"),
                integer(a.get(3), at + "[3]"),
                a.get(4).booleanValue());
    }

    private static void keys(JsonNode n, String at, Set<String> required, Set<String> optional) {
        object(n, at);
        for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (!required.contains(k) && !optional.contains(k)) {
                throw new FormatException((at.isEmpty() ? "" : at + ".") + k + ": unknown key");
            }
        }
        for (String k : required) {
            if (!n.has(k)) {
                throw new FormatException((at.isEmpty() ? "" : at + ".") + k + ": missing");
            }
        }
    }

    private static JsonNode object(JsonNode n, String at) {
        if (n == null || !n.isObject()) {
            throw new FormatException((at.isEmpty() ? "document" : at) + ": expected an object");
        }
        return n;
    }

    private static JsonNode array(JsonNode n, String at) {
        if (n == null || !n.isArray()) {
            throw new FormatException(at + ": expected an array");
        }
        return n;
    }

    private static String string(JsonNode n, String at) {
        if (n == null || !n.isTextual()) {
            throw new FormatException(at + ": expected a string");
        }
        return n.textValue();
    }

    private static String oneOf(JsonNode n, String at, Set<String> allowed) {
        String s = string(n, at);
        if (!allowed.contains(s)) {
            throw new FormatException(
                    at + ": expected one of " + new java.util.TreeSet<>(allowed) + ", found \"" + s + "\"");
        }
        return s;
    }

    private static double number(JsonNode n, String at) {
        if (n == null || !n.isNumber() || !Double.isFinite(n.doubleValue())) {
            throw new FormatException(at + ": expected a finite number");
        }
        return n.doubleValue();
    }

    private static int integer(JsonNode n, String at) {
        if (n == null || !n.isIntegralNumber() || !n.canConvertToInt()) {
            throw new FormatException(at + ": expected an integer");
        }
        return n.intValue();
    }

    private static double[] numbers(JsonNode n, String at) {
        JsonNode a = array(n, at);
        double[] d = new double[a.size()];
        for (int i = 0; i < d.length; i++) {
            d[i] = number(a.get(i), at + "[" + i + "]");
        }
        return d;
    }

    private static double[][] matrix(JsonNode n, String at) {
        JsonNode a = array(n, at);
        double[][] m = new double[a.size()][];
        for (int i = 0; i < m.length; i++) {
            m[i] = numbers(a.get(i), at + "[" + i + "]");
        }
        return m;
    }
}
