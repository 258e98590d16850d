package io.collide4j.planner.server;

import static io.collide4j.planner.server.Params.array;
import static io.collide4j.planner.server.Params.budget;
import static io.collide4j.planner.server.Params.invalid;
import static io.collide4j.planner.server.Params.jointLimits;
import static io.collide4j.planner.server.Params.known;
import static io.collide4j.planner.server.Params.number;
import static io.collide4j.planner.server.Params.numbers;
import static io.collide4j.planner.server.Params.string;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.collide4j.checker.robot.DecompositionMode;
import io.collide4j.models.Models;
import io.collide4j.planner.Collide4j;
import io.collide4j.planner.Collide4jBuilder;
import io.collide4j.urdf.DescriptionException;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.SemanticDescription;
import io.collide4j.urdf.SrdfParser;
import io.collide4j.urdf.UrdfParser;
import io.collide4j.urdf.xacro.Xacro;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The server's {@code load}: every parameter is checked before any file is read, files come only from the
 * {@link FileRoots}, and nothing is committed here — the caller replaces its session with the result only when
 * all of it succeeded. Errors in files name the request field and line, never the content (see {@link #loadFailure}).
 */
final class SessionLoader {
    private static final Logger LOG = LoggerFactory.getLogger(SessionLoader.class);

    private SessionLoader() {}

    /** A loaded session and the {@code load} result, already checked to be representable as JSON. */
    record Loaded(Collide4j session, JsonNode result) {}

    /** Where each file of a load came from: the request field and the real path that was read. */
    private record FileInput(String field, Path real) {}

    /** {@code decomposeByDefault}: the mode when the request has no {@code decompose} (true: ALL, false: HULLS). */
    static Loaded load(
            ObjectNode p,
            FileRoots files,
            ServerLimits limits,
            ProtocolJson json,
            DecompositionMode decomposeByDefault) {
        known(
                p,
                "load",
                "robot",
                "urdf",
                "srdf",
                "scene",
                "sceneJson",
                "margin",
                "group",
                "hold",
                "padding",
                "scale",
                "allow",
                "tolerance",
                "budget",
                "decompose",
                "xacroArgs");
        List<FileInput> fileInputs = new ArrayList<>();
        Collide4jBuilder b = Collide4j.builder();
        // Everything the client sent is checked before any file is read ...
        if (p.has("urdf") && p.has("robot")) {
            throw invalid("give 'robot' (bundled name) or 'urdf' (a file), not both");
        }
        if (p.has("scene") && p.has("sceneJson")) {
            throw invalid("give 'scene' (bundled name or file) or 'sceneJson' (inline), not both");
        }
        Path urdf = p.has("urdf") ? files.resolve(string(p, "urdf"), "urdf") : null;
        if (urdf == null) {
            String robot = p.has("robot") ? string(p, "robot") : "panda";
            if (!Models.names().contains(robot)) {
                throw invalid(
                        "robot: no bundled robot '" + robot + "'; bundled: " + Models.names() + " (or give 'urdf')");
            }
            b.robot(robot);
        } else {
            fileInputs.add(new FileInput("urdf", urdf));
        }
        Map<String, String> xacroArgs = xacroArgs(p);
        Path xacroSrdf = null;
        if (p.has("srdf")) {
            Path srdf = files.resolve(string(p, "srdf"), "srdf");
            fileInputs.add(new FileInput("srdf", srdf));
            if (Xacro.isXacro(srdf)) {
                if (urdf == null) {
                    throw invalid(
                            "srdf: a .xacro SRDF is read against a 'urdf'; a bundled robot comes with its own SRDF");
                }
                xacroSrdf = srdf;
            } else {
                b.srdf(srdf);
            }
        }
        if (!xacroArgs.isEmpty() && (urdf == null || !Xacro.isXacro(urdf)) && xacroSrdf == null) {
            throw invalid("xacroArgs: neither 'urdf' nor 'srdf' is a .xacro file");
        }
        Path sceneFile = null;
        String bundledScene = null;
        if (p.has("scene")) {
            String s = string(p, "scene");
            if (Models.sceneNames().contains(s)) {
                bundledScene = s;
            } else {
                sceneFile = files.resolve(s, "scene");
                fileInputs.add(new FileInput("scene", sceneFile));
            }
        }
        if (p.has("margin")) {
            double m = number(p, "margin");
            if (!(m >= 0) || !Double.isFinite(m)) {
                throw invalid("margin: must be finite and >= 0, got " + m);
            }
            b.margin(m);
        }
        if (p.has("tolerance")) {
            double t = number(p, "tolerance");
            if (!(t > 0) || !Double.isFinite(t)) {
                throw invalid("tolerance: must be finite and > 0, got " + t);
            }
            b.tolerance(t);
        }
        if (p.has("budget")) {
            b.budget(budget(p, limits.maxEvaluations()));
        }
        if (p.has("group")) {
            b.group(string(p, "group"));
        }
        Map<String, Double> holds = numbers(p, "hold");
        holds.forEach(b::hold);
        numbers(p, "padding").forEach(b::padding);
        numbers(p, "scale").forEach(b::scale);
        if (p.has("allow")) {
            JsonNode pairs = array(p, "allow");
            for (int i = 0; i < pairs.size(); i++) {
                JsonNode pair = pairs.get(i);
                if (!pair.isArray() || pair.size() != 2) {
                    throw invalid("allow[" + i + "]: expected a [name, name] pair, got "
                            + (pair.isArray() ? "an array of " + pair.size() : ProtocolJson.typeName(pair)));
                }
                for (int k = 0; k < 2; k++) {
                    // name the element: "got an array" for ["a", null] left the client guessing which part was wrong
                    if (!pair.get(k).isTextual() || pair.get(k).textValue().isEmpty()) {
                        throw invalid("allow[" + i + "][" + k + "]: expected a non-empty link or obstacle name, got "
                                + (pair.get(k).isTextual() ? "''" : ProtocolJson.typeName(pair.get(k))));
                    }
                }
                b.allow(pair.get(0).textValue(), pair.get(1).textValue());
            }
        }
        if (p.has("decompose") && !p.get("decompose").isBoolean()) {
            throw invalid("decompose: expected true or false, got " + ProtocolJson.typeName(p.get("decompose")));
        }
        b.decomposition(
                !p.has("decompose")
                        ? decomposeByDefault
                        : p.get("decompose").booleanValue() ? DecompositionMode.ALL : DecompositionMode.HULLS);
        // ... then the files are read; the session is replaced only when all of it, result included, succeeded.
        Collide4j loaded;
        try {
            if (urdf != null) {
                UrdfParser parser =
                        UrdfParser.create().withResolver(files.resolver()).withVisualMeshes(false);
                // xacro inside the roots only, without the server's environment: includes, YAML files and $(find)
                Xacro xacro = Xacro.create()
                        .withResolver(files.resolver())
                        .withArgs(xacroArgs)
                        .withEnvironment(Map.of())
                        .withReadableFiles(files::readable)
                        .withWarnings(w -> LOG.info("xacro: {}", w));
                RobotDescription d;
                if (Xacro.isXacro(urdf)) {
                    String xml = xacro.expand(urdf);
                    files.checkUrdfText(xml, urdf.toUri(), "urdf");
                    d = parser.parseExpanded(xml, urdf.toUri());
                } else {
                    files.checkUrdfReferences(urdf, "urdf");
                    d = parser.parse(urdf);
                }
                files.checkResolvedMeshes(d, "urdf");
                SemanticDescription sem = null;
                if (xacroSrdf != null) {
                    String xml = xacro.expand(xacroSrdf);
                    sem = SrdfParser.parse(
                            new java.io.ByteArrayInputStream(xml.getBytes(java.nio.charset.StandardCharsets.UTF_8)),
                            xacroSrdf.toUri() + " (expanded by xacro)",
                            d);
                }
                b.robot(d, sem);
            }
            if (sceneFile != null) {
                b.scene(sceneFile);
            } else if (bundledScene != null) {
                b.sceneName(bundledScene);
            } else if (p.has("sceneJson")) {
                JsonNode sj = p.get("sceneJson");
                b.sceneJson(sj.isTextual() ? sj.textValue() : json.text(sj), "request sceneJson");
            }
            loaded = b.build();
            for (String joint : holds.keySet()) { // the query's q sets it: the held value would be ignored silently
                if (loaded.variableNames().contains(joint)) {
                    throw invalid("load: hold: " + joint + " is a joint of the planning group "
                            + (loaded.groupName().isEmpty() ? "(every joint)" : "'" + loaded.groupName() + "'")
                            + ", whose values every query"
                            + " gives; hold only joints outside it, or choose another group");
                }
            }
            if (!p.has("budget") && loaded.budget() > limits.maxEvaluations()) {
                // the default budget grows with a decomposed model (Collide4j.budgetScale); never past the server's cap
                loaded = b.budget(limits.maxEvaluations()).build();
            }
        } catch (RequestException e) {
            throw e;
        } catch (RuntimeException e) {
            throw loadFailure(e, fileInputs);
        }
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("robot", loaded.model().kinematics().name());
        r.put("group", loaded.groupName());
        r.put("variables", loaded.variableNames());
        r.put("lower", jointLimits(loaded.lowerLimits()));
        r.put("upper", jointLimits(loaded.upperLimits()));
        r.put("continuous", Params.flags(loaded.continuousJoints()));
        r.put("obstacles", loaded.scene().size());
        r.put("margin", loaded.margin());
        r.put("robotHash", loaded.model().contentHash());
        r.put("sceneHash", loaded.scene().contentHash());
        r.put("warnings", loaded.warnings());
        // which links the default mode decomposed and why (absent from the certificate's words, present in its hash)
        List<Map<String, Object>> decomposed = new ArrayList<>();
        loaded.decomposedByDefault().forEach(c -> decomposed.add(Map.of("link", c.link(), "reason", c.reason())));
        r.put("decomposedByDefault", decomposed);
        return new Loaded(loaded, json.tree(r)); // fails here, before the caller commits, if anything cannot be sent
    }

    /** {@code xacroArgs}: an object of string values (the {@code name:=value} arguments of a .xacro urdf/srdf). */
    private static Map<String, String> xacroArgs(ObjectNode p) {
        Map<String, String> out = new LinkedHashMap<>();
        if (!p.has("xacroArgs")) {
            return out;
        }
        JsonNode a = p.get("xacroArgs");
        if (!a.isObject()) {
            throw invalid("xacroArgs: expected an object of name: \"value\" strings, got " + ProtocolJson.typeName(a));
        }
        a.fields().forEachRemaining(e -> {
            if (!e.getValue().isTextual()) {
                throw invalid("xacroArgs." + e.getKey() + ": expected a string (xacro arguments are text), got "
                        + ProtocolJson.typeName(e.getValue()));
            }
            out.put(e.getKey(), e.getValue().textValue());
        });
        return out;
    }

    /**
     * A failed load as the client sees it. Errors in inline content and bundled models say exactly what is wrong;
     * errors in a file say which request field and (where known) which line, never the file's content (a YAML
     * line, a JSON key, a link name): the full message goes to the server log under the reference given.
     */
    /** How the robot builder begins a message about one of the request's own options, not about a file. */
    private static final java.util.regex.Pattern OPTION_ERROR =
            java.util.regex.Pattern.compile("(hold|group|padding|scale|allow): ");

    private static RequestException loadFailure(RuntimeException e, List<FileInput> fileInputs) {
        String message = String.valueOf(e.getMessage());
        if (fileInputs.isEmpty()
                || OPTION_ERROR.matcher(message).lookingAt()
                        && e instanceof IllegalArgumentException
                        && !(e instanceof DescriptionException)) {
            // an error in a request option (hold, group, padding, scale, allow) is the client's own text: said as is
            return invalid("load: " + message);
        }
        String ref = Long.toHexString(ThreadLocalRandom.current().nextLong() & 0xffffffffffffL);
        LOG.warn("load failed [ref {}]: {}", ref, e.toString());
        String text = String.valueOf(e.getMessage());
        String field = null;
        for (FileInput f : fileInputs) {
            if (text.contains(f.real().toString())
                    || text.contains(f.real().toUri().toString())) {
                field = f.field();
            }
        }
        if (field == null && e instanceof DescriptionException && !fileInputs.isEmpty()) {
            field = fileInputs.get(0).field(); // URDF and SRDF parsers name their own file
        }
        int line = e instanceof DescriptionException d ? d.line() : 0;
        String what = field != null
                ? field + ": the file could not be loaded" + (line > 0 ? " (error at line " + line + ")" : "")
                : "load: the files ("
                        + fileInputs.stream().map(FileInput::field).toList() + ") could not be loaded" + " together";
        return invalid(what + "; the server log has the details under reference " + ref);
    }
}
