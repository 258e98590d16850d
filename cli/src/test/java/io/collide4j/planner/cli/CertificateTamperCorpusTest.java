package io.collide4j.planner.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.collide4j.checker.certificate.CertificateVerifier;
import io.collide4j.kinematics.JointTrajectory;
import io.collide4j.kinematics.TrajectoryCsv;
import io.collide4j.models.Models;
import io.collide4j.planner.CertificateInputs;
import io.collide4j.planner.Collide4j;
import io.collide4j.planner.TrajectoryCertifier;
import io.collide4j.verifier.Binding;
import io.collide4j.verifier.BoundInputs;
import io.collide4j.verifier.IndependentVerifier;
import io.collide4j.verifier.VerificationReport;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A generated tamper corpus (issue 34): every field of real certificates edited one at a time (each number ±1 ulp,
 * doubled, negated and +1; each string changed; each boolean flipped; each array entry removed, duplicated and
 * swapped with the next; each object member removed), for arm3 (held j1, group of j2, a mimic tip; once with padding,
 * scale and velocities, once a VIOLATION), the bundled Panda (group panda_arm, held and mimic finger joints, the
 * table_shelf scene) and a decomposed U-shaped link (DECOMPOSED pieces and a {@code cover} tree, issue 31). Each edit
 * goes through the binding stage and both verifiers, as {@code collide4j verify} runs
 * them, and must be refused by each, or be shown harmless by this test's own oracle ({@link #harm}): no bound field
 * changed, and every claim number equal, weaker than the honest certificate's, or at most what the honest planes
 * show in exact decimal arithmetic. An accepted edit of a field bound to the inputs (hashes, tolerance, trajectory,
 * witness, verdict) is harmful whatever it changes; the one value-preserving edit there is dropping meshMode, whose
 * default is the HULL the certificate states.
 *
 * <p>Default: arrays and objects (below the top level) of more than six entries are sampled at four entries, and
 * Panda's segments only at their first pair (~15 s). The full run ({@code -Pslow}) edits every entry of every array.
 */
class CertificateTamperCorpusTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Fields bound to the inputs or recomputed: any edit must be refused. */
    private static final Set<String> BOUND = Set.of(
            "format",
            "robotHash",
            "sceneHash",
            "tolerance",
            "trajectoryHash",
            "interpolation",
            "waypoints",
            "velocities",
            "accelerations",
            "times",
            "witness",
            "verdict",
            "meshMode");

    @TempDir
    Path dir;

    /** One certificate and what it is checked against. */
    record Case(String name, Collide4j c, String text, JointTrajectory trajectory, boolean sampleSegments) {}

    @Test
    void everyEditIsRefusedOrHarmless() throws IOException {
        corpus(false);
    }

    @Test
    @Tag("slow")
    void everyEditOfEveryEntryIsRefusedOrHarmless() throws IOException {
        corpus(true);
    }

    /** {@code everyEntry}: edit every entry of every array, else a sample of the long ones (see the class comment). */
    private void corpus(boolean everyEntry) throws IOException {
        Path urdf = copy("arm3.urdf"), srdf = copy("arm3.srdf"), scene = copy("arm3_scene.json");
        JointTrajectory sweep = TrajectoryCsv.read(new StringReader("time,j2\n0,-0.5\n1,0\n2,0.5\n"), "sweep");
        JointTrajectory cubic =
                TrajectoryCsv.read(new StringReader("time,j2,j2.velocity\n0,-0.5,0\n1,0,0.6\n2,0.5,0\n"), "cubic");
        List<Case> cases = new ArrayList<>();
        Collide4j held = Collide4j.builder()
                .urdf(urdf)
                .srdf(srdf)
                .group("arm")
                .hold("j1", -0.5)
                .scene(scene)
                .margin(0.05)
                .build();
        cases.add(new Case("arm3 hold", held, certify(held, sweep), sweep, false));
        Collide4j padded = Collide4j.builder()
                .urdf(urdf)
                .srdf(srdf)
                .group("arm")
                .hold("j1", -0.5)
                .scene(scene)
                .margin(0.02)
                .padding("link2", 0.01)
                .scale("tip", 1.5)
                .build();
        cases.add(new Case("arm3 padding scale cubic", padded, certify(padded, cubic), cubic, false));
        Collide4j zero = Collide4j.builder()
                .urdf(urdf)
                .srdf(srdf)
                .group("arm")
                .scene(scene)
                .margin(0.05)
                .build();
        cases.add(new Case("arm3 violation", zero, certify(zero, sweep), sweep, false));
        Collide4j panda =
                Collide4j.builder().robot("panda").sceneName("table_shelf").build();
        List<String> rows = Models.trajectoryCsv("panda_shelf_demo")
                .lines()
                .filter(l -> !l.startsWith("#"))
                .limit(3)
                .toList();
        JointTrajectory demo = TrajectoryCsv.read(new StringReader(String.join("\n", rows)), "demo");
        cases.add(new Case("panda", panda, certify(panda, demo), demo, !everyEntry));
        // a decomposed link (DECOMPOSED pieces and a cover tree): a U turning about a ball in its mouth
        Files.writeString(dir.resolve("u.obj"), io.collide4j.planner.UShapedMesh.obj());
        Files.writeString(
                dir.resolve("u.urdf"),
                "<robot name=\"ucup\"><link name=\"base\"/><link name=\"cup\"><collision>"
                        + "<geometry><mesh filename=\"u.obj\"/></geometry></collision></link><joint name=\"turn\" type=\"revolute\">"
                        + "<parent link=\"base\"/><child link=\"cup\"/><axis xyz=\"0 0 1\"/><limit lower=\"-3\" upper=\"3\""
                        + " effort=\"1\" velocity=\"1\"/></joint></robot>");
        Collide4j cup = Collide4j.builder()
                .urdf(dir.resolve("u.urdf"))
                .margin(0.05)
                .scene(io.collide4j.checker.scene.Scene.of(List.of(new io.collide4j.checker.scene.Obstacle(
                        "ball",
                        new io.collide4j.checker.scene.ObstacleShape.Sphere(0.2),
                        io.collide4j.urdf.Pose.IDENTITY))))
                .decomposition(
                        io.collide4j.checker.geometry.decomposition.DecompositionParameters.builder()
                                .maxConvexHulls(6)
                                .resolution(20_000)
                                .threads(1)
                                .build(),
                        null)
                .build();
        JointTrajectory turn = TrajectoryCsv.read(new StringReader("time,turn\n0,0\n1,0.6\n"), "turn");
        cases.add(new Case("decomposed U", cup, certify(cup, turn), turn, !everyEntry));

        int edits = 0, refused = 0, harmless = 0;
        for (Case k : cases) {
            long t0 = System.nanoTime();
            ObjectNode honest = (ObjectNode) JSON.readTree(k.text());
            BoundInputs inputs = CertificateInputs.of(k.c(), io.collide4j.checker.query.MeshMode.HULL, k.trajectory());
            Outcome base = check(k, inputs, k.text());
            assertTrue(base.independent() && base.recompute(), k.name() + ": the honest certificate verifies: " + base);
            List<Object[]> corpus = new ArrayList<>();
            edits(honest, honest, new ArrayList<>(), corpus, k.sampleSegments(), everyEntry);
            for (Object[] e : corpus) {
                String path = (String) e[0];
                JsonNode t = (JsonNode) e[1];
                Outcome o = check(k, inputs, JSON.writeValueAsString(t));
                edits++;
                String where = k.name() + ": " + path + " " + e[2];
                if (!o.independent() && !o.recompute()) {
                    refused++;
                    continue;
                }
                String harm = harm(honest, t, o.independent(), o.independent() && o.recompute());
                assertEquals(null, harm, where + " accepted (" + o + ") but changes a claim");
                harmless++;
            }
            System.out.printf(
                    "tamper corpus: %s, %d edits so far, %.1f s%n", k.name(), edits, (System.nanoTime() - t0) * 1e-9);
        }
        System.out.printf(
                "tamper corpus: %d edits of %d certificates, %d refused by both verifiers, %d accepted and"
                        + " shown harmless%n",
                edits, cases.size(), refused, harmless);
        assertTrue(edits > 1000 && refused > edits / 2, edits + " edits, " + refused + " refused");
    }

    private Path copy(String name) throws IOException {
        try (InputStream in = getClass().getResourceAsStream("/binding/" + name)) {
            Path p = dir.resolve(name);
            Files.copy(in, p);
            return p;
        }
    }

    private static String certify(Collide4j c, JointTrajectory t) {
        StringWriter w = new StringWriter();
        c.trajectoryCertifier().certify(t, c.margin(), TrajectoryCertifier.DEFAULT_BUDGET, w);
        return w.toString();
    }

    /** Whether each verifier accepted: binding, then its proof (a VIOLATION's free part independently, the rest recomputed). */
    record Outcome(boolean independent, boolean recompute, String first) {}

    private static Outcome check(Case k, BoundInputs inputs, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        List<String> unbound = Binding.check(inputs, bytes, "corpus");
        if (!unbound.isEmpty()) {
            return new Outcome(false, false, unbound.get(0));
        }
        CertificateVerifier.Report re = k.c().trajectoryCertifier().verify(text);
        VerificationReport ind = IndependentVerifier.verify(
                k.c().model().kinematics().description(), k.c().semantics(), bytes, "corpus", inputs);
        boolean violation = "VIOLATION".equals(ind.verdict());
        return new Outcome(
                ind.valid() && (!violation || re.valid()),
                re.valid(),
                ind.problems().isEmpty()
                        ? String.valueOf(re.problems())
                        : ind.problems().get(0));
    }

    // ---------------------------------------------------------------- the corpus

    /** Every edit of every node under {@code node} (at {@code path} in {@code root}): {path, tampered root, what}. */
    private static void edits(
            ObjectNode root,
            JsonNode node,
            List<Object> path,
            List<Object[]> out,
            boolean sampleSegments,
            boolean everyEntry) {
        String at = render(path);
        if (node.isNumber()) {
            double x = node.doubleValue();
            if (node.isIntegralNumber()) {
                for (long d : new long[] {1, -1}) {
                    out.add(new Object[] {at, replace(root, path, IntNode.valueOf((int) (node.longValue() + d))), "" + d
                    });
                }
            }
            double[] ys = {Math.nextUp(x), Math.nextDown(x), x == 0 ? 1 : 2 * x, -x, x + 1};
            String[] what = {"+1 ulp", "-1 ulp", "doubled", "negated", "+1"};
            for (int i = 0; i < ys.length; i++) {
                if (Double.doubleToLongBits(ys[i]) != Double.doubleToLongBits(x) && !(x == 0 && ys[i] == 0)) {
                    out.add(new Object[] {at, replace(root, path, DoubleNode.valueOf(ys[i])), what[i]});
                }
            }
        } else if (node.isTextual()) {
            out.add(new Object[] {at, replace(root, path, TextNode.valueOf(node.textValue() + "x")), "string changed"});
        } else if (node.isBoolean()) {
            out.add(new Object[] {
                at,
                replace(root, path, com.fasterxml.jackson.databind.node.BooleanNode.valueOf(!node.booleanValue())),
                "flipped"
            });
        } else if (node.isNull()) {
            out.add(new Object[] {at, replace(root, path, IntNode.valueOf(0)), "null -> 0"});
        } else if (node.isArray()) {
            List<Integer> indices = sample(node.size(), path, sampleSegments, everyEntry);
            for (int i : indices) {
                out.add(new Object[] {at, mutateArray(root, path, a -> a.remove(i)), "[" + i + "] removed"});
                out.add(new Object[] {
                    at, mutateArray(root, path, a -> a.insert(i, a.get(i).deepCopy())), "[" + i + "] duplicated"
                });
                if (i + 1 < node.size() && !node.get(i).equals(node.get(i + 1))) {
                    out.add(new Object[] {
                        at,
                        mutateArray(root, path, a -> {
                            JsonNode x = a.get(i);
                            a.set(i, a.get(i + 1));
                            a.set(i + 1, x);
                        }),
                        "[" + i + "] and [" + (i + 1) + "] swapped"
                    });
                }
            }
            for (int i : indices) {
                List<Object> p = new ArrayList<>(path);
                p.add(i);
                edits(root, node.get(i), p, out, sampleSegments, everyEntry);
            }
        } else if (node.isObject()) {
            List<String> all = new ArrayList<>(), keys = new ArrayList<>();
            node.fieldNames().forEachRemaining(all::add);
            if (path.isEmpty()) {
                keys.addAll(all); // every member of the document
            } else {
                sample(all.size(), path, false, everyEntry).forEach(i -> keys.add(all.get(i)));
            }
            for (String key : keys) {
                JsonNode copy = root.deepCopy();
                ((ObjectNode) get(copy, path)).remove(key);
                out.add(new Object[] {at + "." + key, copy, "removed"});
                List<Object> p = new ArrayList<>(path);
                p.add(key);
                edits(root, node.get(key), p, out, sampleSegments, everyEntry);
            }
        }
    }

    /** All indices, or in the default run four of a long array (and only the first pair of Panda's segments). */
    private static List<Integer> sample(int n, List<Object> path, boolean sampleSegments, boolean everyEntry) {
        List<Integer> all = new ArrayList<>();
        boolean segmentLevel = sampleSegments && !path.isEmpty() && "segments".equals(path.get(0)) && path.size() <= 2;
        if (segmentLevel) {
            return n == 0 ? all : List.of(0);
        }
        if (everyEntry || n <= 6) {
            for (int i = 0; i < n; i++) {
                all.add(i);
            }
            return all;
        }
        return new ArrayList<>(new java.util.TreeSet<>(List.of(0, 1, n / 2, n - 1)));
    }

    private static JsonNode replace(ObjectNode root, List<Object> path, JsonNode value) {
        JsonNode copy = root.deepCopy();
        JsonNode parent = get(copy, path.subList(0, path.size() - 1));
        Object last = path.get(path.size() - 1);
        if (last instanceof Integer i) {
            ((ArrayNode) parent).set(i, value);
        } else {
            ((ObjectNode) parent).set((String) last, value);
        }
        return copy;
    }

    private static JsonNode mutateArray(ObjectNode root, List<Object> path, java.util.function.Consumer<ArrayNode> f) {
        JsonNode copy = root.deepCopy();
        f.accept((ArrayNode) get(copy, path));
        return copy;
    }

    private static JsonNode get(JsonNode root, List<Object> path) {
        JsonNode n = root;
        for (Object p : path) {
            n = p instanceof Integer i ? n.get(i) : n.get((String) p);
        }
        return n;
    }

    private static String render(List<Object> path) {
        StringBuilder b = new StringBuilder();
        for (Object p : path) {
            b.append(p instanceof Integer ? "[" + p + "]" : "." + p);
        }
        return b.toString();
    }

    // ---------------------------------------------------------------- the oracle

    /**
     * null when an accepted edit {@code t} of {@code h} changes no claim: every bound field and the verdict as in the
     * honest certificate (whose claims both verifiers proved and certify made); the violation's segment, fraction,
     * pair, time and configuration unchanged, its lowerBound no higher (or, both verifiers accepting, still within
     * margin + tolerance: the violation's claim), its distance (an estimate, not a claim) at least
     * its lowerBound; a clearance claim (margin of a free certificate, pairClearance, a step's lb)
     * either no higher than the honest one or at most the exact (gA + gB)/|n| of the planes it rests on (for margin:
     * of every step; the pairs no segment lists rest on the accepting verifier's far test, as in the honest
     * certificate). A
     * step's lb must be at most what the honest planes of its pair show over the honest steps it overlaps, or, when
     * the independent verifier accepted (its plane tests proved each tampered plane over its step: lemma P1, tested
     * analytically in the verifier module), at most what its own plane shows.
     */
    static String harm(JsonNode h, JsonNode t, boolean planesProven, boolean both) {
        for (String key : BOUND) {
            // a /3 certificate without meshMode was made with hulls (the format's default): the same statement
            boolean defaulted = key.equals("meshMode")
                    && t.get(key) == null
                    && "HULL".equals(h.get(key).textValue());
            if (!same(h.get(key), t.get(key)) && !defaulted) {
                return key + " changed";
            }
        }
        boolean free = "CERTIFIED_FREE".equals(h.get("verdict").textValue());
        double hm = h.get("margin").doubleValue(), tm = t.get("margin").doubleValue();
        if (tm != hm) {
            boolean weaker = free ? tm < hm : tm > hm;
            if (!weaker && !(free ? le(tm, leastShown(t, null)) : both)) {
                return "margin raised to " + tm;
            }
        }
        JsonNode hv = h.get("violation"), tv = t.get("violation");
        if (hv != null && !hv.isNull()) {
            if (tv == null || !tv.isObject()) {
                return "violation removed";
            }
            for (String k : List.of("segment", "fraction", "pair", "time", "configuration")) {
                if (!same(hv.get(k), tv.get(k))) {
                    return "violation." + k + " changed";
                }
            }
            double lb = tv.get("lowerBound").doubleValue(),
                    d = tv.path("distance").asDouble(Double.NaN);
            // what a violation claims is a certified lower bound within margin + tolerance; the number itself the
            // recompute
            // verifier bounds by its fresh one (no plane or exact oracle can speak of it here)
            if (lb > hv.get("lowerBound").doubleValue()
                    && !(both && lb <= tm + t.get("tolerance").doubleValue())) {
                return "violation.lowerBound raised";
            }
            if (tv.has("distance") && !(d >= lb)) {
                return "violation.distance below its lowerBound";
            }
        } else if (tv != null && !tv.isNull()) {
            return "violation added";
        }
        JsonNode hc = h.get("pairClearance"), tc = t.get("pairClearance");
        for (Iterator<String> it = tc.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            double v = tc.get(key).doubleValue();
            if (hc.has(key) && v <= hc.get(key).doubleValue()) {
                continue;
            }
            if (!free || !listedEverywhere(t, key) || !le(v, leastShown(t, key))) {
                return "pairClearance " + key + " = " + v + " not implied";
            }
        }
        // a step's lb claims the pair's distance over the step (the certifier writes at most what its plane shows): it
        // must be at most what the honest planes of that pair show over the honest steps the step overlaps
        JsonNode segs = t.get("segments");
        for (int i = 0; i < segs.size(); i++) {
            for (JsonNode p : segs.get(i)) {
                double s0 = 0;
                for (int s = 0; s < p.get("lb").size() && s < p.get("ends").size(); s++) {
                    double lb = p.get("lb").get(s).doubleValue(),
                            s1 = p.get("ends").get(s).doubleValue();
                    JsonNode plane = p.get("planes").get(s);
                    boolean byOwnPlane = planesProven && plane != null && !plane.isNull() && le(lb, shown(plane));
                    if (!byOwnPlane && !le(lb, honestShown(h, i, p.get("pair"), s0, s1))) {
                        return "segments[" + i + "] " + p.get("pair") + " lb[" + s + "] = " + lb + " over [" + s0 + ", "
                                + s1 + "] not implied by the honest planes";
                    }
                    s0 = s1;
                }
            }
        }
        return null;
    }

    /** The least exact plane clearance of the honest steps of {@code pair} in segment i that overlap [s0, s1]. */
    private static BigDecimal honestShown(JsonNode h, int i, JsonNode pair, double s0, double s1) {
        BigDecimal least = null;
        if (i < h.get("segments").size()) {
            for (JsonNode p : h.get("segments").get(i)) {
                if (!p.get("pair").equals(pair)) {
                    continue;
                }
                double e0 = 0;
                for (int s = 0; s < p.get("ends").size(); s++) {
                    double e1 = p.get("ends").get(s).doubleValue();
                    if (e1 > s0 && e0 < s1) {
                        BigDecimal v = shown(p.get("planes").get(s));
                        least = least == null || v.compareTo(least) < 0 ? v : least;
                    }
                    e0 = e1;
                }
            }
        }
        return least == null ? BigDecimal.ONE.negate() : least;
    }

    private static boolean same(JsonNode a, JsonNode b) {
        return a == null ? b == null : b != null && a.toString().equals(b.toString());
    }

    private static boolean listedEverywhere(JsonNode t, String key) {
        for (JsonNode seg : t.get("segments")) {
            boolean found = false;
            for (JsonNode p : seg) {
                found |= key.equals(CertificateBindingAttackTest.pairKey(p.get("pair")));
            }
            if (!found) {
                return false;
            }
        }
        return true;
    }

    /** The least exact (gA + gB)/|n| over the steps of the pair {@code key} (null: of every pair), rounded down. */
    private static BigDecimal leastShown(JsonNode t, String key) {
        BigDecimal least = null;
        for (JsonNode seg : t.get("segments")) {
            for (JsonNode p : seg) {
                if (key != null && !key.equals(CertificateBindingAttackTest.pairKey(p.get("pair")))) {
                    continue;
                }
                for (JsonNode pl : p.get("planes")) {
                    BigDecimal s = pl.isNull() ? BigDecimal.ZERO.subtract(BigDecimal.ONE) : shown(pl);
                    least = least == null || s.compareTo(least) < 0 ? s : least;
                }
            }
        }
        return least == null ? BigDecimal.ZERO.subtract(BigDecimal.ONE) : least;
    }

    /** (gA + gB)/|n| of a plane in exact decimals, |n| rounded up and the quotient down: a lower bound. */
    private static BigDecimal shown(JsonNode pl) {
        if (pl.size() != 6) {
            return BigDecimal.ONE.negate();
        }
        BigDecimal sq = BigDecimal.ZERO;
        for (int k = 0; k < 3; k++) {
            BigDecimal x = new BigDecimal(pl.get(k).doubleValue());
            sq = sq.add(x.multiply(x));
        }
        if (sq.signum() == 0) {
            return BigDecimal.ONE.negate();
        }
        BigDecimal norm = sq.sqrt(new MathContext(40, RoundingMode.UP));
        BigDecimal gap = new BigDecimal(pl.get(4).doubleValue())
                .add(new BigDecimal(pl.get(5).doubleValue()));
        return gap.divide(norm, new MathContext(40, RoundingMode.FLOOR));
    }

    private static boolean le(double x, BigDecimal bound) {
        return Double.isFinite(x) && new BigDecimal(x).compareTo(bound) <= 0;
    }
}
