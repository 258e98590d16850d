package io.collide4j.checker.srdf;

import io.collide4j.checker.geometry.mesh.MeshBvh;
import io.collide4j.checker.geometry.mesh.MeshQuery;
import io.collide4j.checker.query.CollisionChecker;
import io.collide4j.checker.query.LinkPair;
import io.collide4j.checker.query.QueryContext;
import io.collide4j.checker.robot.ConvexPieceProvider;
import io.collide4j.checker.robot.LinkPairProof;
import io.collide4j.checker.robot.LinkTriangles;
import io.collide4j.checker.robot.PlanningGroup;
import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.Scene;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.kinematics.LinkPoses;
import io.collide4j.urdf.JointDescription;
import io.collide4j.urdf.LinkDescription;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.SemanticDescription;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.joml.Matrix4d;

/**
 * Generates an SRDF's {@code disable_collisions} the way MoveIt's setup assistant does:
 * <ol>
 * <li><b>Adjacent</b>: two links with collision geometry joined by a joint, or by a path of joints whose
 *     links in between have no collision geometry (fixed joints included; MoveIt's connection graph).</li>
 * <li><b>Drake</b>: pairs the URDF's own {@code <drake:collision_filter_group>} excludes (kept, not sampled).</li>
 * <li><b>Default</b>: in collision at the default configuration (every joint at 0, clamped into its
 *     limits: the configuration collide4j holds joints at by default) <em>and</em> in no sample certified apart.
 *     Unlike MoveIt, a pair in collision at the default configuration that some sample shows apart stays
 *     checked: disabling it would hide real collisions (the Panda's hand folds onto link 5 at joint 6 = 0). Such
 *     pairs are listed in {@link Result#defaultCollisions()} and in the SRDF's header comment.</li>
 * <li><b>Always</b>: in collision in at least {@link Parameters#alwaysFraction()} (default 95 %, MoveIt's) of
 *     the sampled configurations.</li>
 * <li><b>Never</b>: <em>proven</em> never in contact ({@link LinkPairProof}: the joint ranges between the two links
 *     subdivided into boxes, each settled by a certified distance at its centre that exceeds the certified motion
 *     bounds of both links within it). Only pairs certified free in every sampled configuration
 *     ({@link Parameters#samples()}, default {@value #DEFAULT_SAMPLES} as the setup assistant's default sampling
 *     density) are tried.</li>
 * <li><b>Sampled</b> (only with {@link Parameters#sampledNever()}, MoveIt's behaviour): certified free in every
 *     sample but not proven. Without it such pairs stay checked and are listed in {@link Result#sampledOnly()}.</li>
 * </ol>
 * "In collision" is decided so that each reason errs towards checking a pair: a pair can become Never only when
 * collide4j's certified checker (margin 0, convex pieces that only grow links) proves it separated in every
 * sample; a pair counts as in collision for Default and Always only when the links' own triangles intersect
 * ({@link LinkTriangles}: meshes as loaded, primitives inscribed), so a covering hull that merely overlaps a
 * neighbour does not disable a pair that can collide elsewhere.
 * <p>Samples are uniform in the joint limits (continuous joints in [−π, π]) from a {@link SplittableRandom}
 * seeded with {@link Parameters#seed()}, so one seed gives the same pairs and byte-identical
 * {@link Result#toSrdf()} text. <b>MoveIt's Never is sampling</b>: a pair that collides only in a region no sample
 * reached is disabled, and will then not be checked; here a pair is written as Never only with a proof, and as
 * Sampled only when asked for. Stateless; the proofs run on the common fork-join pool, one pair per task, each
 * with its own deterministic budget, so the result does not depend on the number of threads.
 */
public final class SrdfGenerator {
    /** The setup assistant's default sampling density. */
    public static final int DEFAULT_SAMPLES = 10_000;
    /** MoveIt's "always in collision" threshold. */
    public static final double DEFAULT_ALWAYS_FRACTION = 0.95;

    private SrdfGenerator() {}

    /** Why a pair is disabled; {@link #srdfName()} is the SRDF {@code reason} attribute (MoveIt's words). */
    public enum Reason {
        ADJACENT("Adjacent"),
        DRAKE("Drake"),
        DEFAULT("Default"),
        ALWAYS("Always"),
        NEVER("Never"),
        /** Apart in every sample but not proven: MoveIt's "Never", written only when asked for. */
        SAMPLED("Sampled");

        private final String srdfName;

        Reason(String srdfName) {
            this.srdfName = srdfName;
        }

        public String srdfName() {
            return srdfName;
        }
    }

    /**
     * Every knob of one generation: samples N ≥ 1, the random seed, the "always" fraction in (0, 1], how meshes
     * become convex pieces (default one hull each; a decomposition gives fewer false "in collision"), the boxes a
     * Never proof may examine per pair ({@link LinkPairProof}), and whether pairs apart in every sample but not
     * proven are written as Sampled (MoveIt's behaviour) instead of staying checked.
     */
    public record Parameters(
            int samples,
            long seed,
            double alwaysFraction,
            ConvexPieceProvider pieces,
            String piecesName,
            long proofBudget,
            boolean sampledNever) {
        public Parameters {
            if (samples < 1) {
                throw new IllegalArgumentException("samples must be >= 1, got " + samples);
            }
            if (proofBudget < 1) {
                throw new IllegalArgumentException("proofBudget must be >= 1, got " + proofBudget);
            }
            if (!(alwaysFraction > 0 && alwaysFraction <= 1)) {
                throw new IllegalArgumentException("alwaysFraction must be in (0, 1], got " + alwaysFraction);
            }
        }

        /** N = {@value #DEFAULT_SAMPLES}, seed 0, 95 %, one hull per mesh, the default proof budget, Never proven. */
        public static Parameters defaults() {
            return new Parameters(
                    DEFAULT_SAMPLES,
                    0,
                    DEFAULT_ALWAYS_FRACTION,
                    ConvexPieceProvider.hull(),
                    "hull",
                    LinkPairProof.DEFAULT_BUDGET,
                    false);
        }

        public Parameters withSamples(int n) {
            return new Parameters(n, seed, alwaysFraction, pieces, piecesName, proofBudget, sampledNever);
        }

        public Parameters withSeed(long s) {
            return new Parameters(samples, s, alwaysFraction, pieces, piecesName, proofBudget, sampledNever);
        }

        public Parameters withPieces(ConvexPieceProvider provider, String name) {
            return new Parameters(samples, seed, alwaysFraction, provider, name, proofBudget, sampledNever);
        }

        public Parameters withProofBudget(long boxes) {
            return new Parameters(samples, seed, alwaysFraction, pieces, piecesName, boxes, sampledNever);
        }

        /** True: pairs apart in every sample but not proven are written as Sampled (MoveIt's Never). */
        public Parameters withSampledNever(boolean sampled) {
            return new Parameters(samples, seed, alwaysFraction, pieces, piecesName, proofBudget, sampled);
        }
    }

    /** One disabled pair; link1 precedes link2 in the URDF's link order. */
    public record DisabledPair(String link1, String link2, Reason reason) {}

    /**
     * The outcome: disabled pairs in output order (by reason, then by the URDF order of link1 and link2); the
     * pairs that stay checked ("link1 link2") with the number of samples in which the checker could not certify
     * them apart (0 for a pair apart in every sample but not proven); every pair whose triangles intersect at the
     * default configuration ("link1 link2"), disabled or not — a robot that collides with itself there is reported
     * with these pairs; and the pairs apart in every sample for which no proof was found ("link1 link2", URDF
     * order; checked, or written as Sampled with {@link Parameters#sampledNever()}).
     */
    public record Result(
            String robotName,
            Parameters parameters,
            List<DisabledPair> disabled,
            Map<String, Integer> checkedPairCollisions,
            List<String> defaultCollisions,
            List<String> sampledOnly) {
        public Result {
            disabled = List.copyOf(disabled);
            defaultCollisions = List.copyOf(defaultCollisions);
            sampledOnly = List.copyOf(sampledOnly);
            checkedPairCollisions = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(checkedPairCollisions));
        }

        /** Number of pairs written as Never: proven never in contact. */
        public int provenNever() {
            return (int)
                    disabled.stream().filter(p -> p.reason() == Reason.NEVER).count();
        }

        /** The pairs as a semantic description without groups (what collide4j needs to check this robot). */
        public SemanticDescription toSemantics() {
            List<SemanticDescription.DisabledCollision> d = new ArrayList<>();
            disabled.forEach(p -> d.add(new SemanticDescription.DisabledCollision(
                    p.link1(), p.link2(), p.reason().srdfName())));
            return new SemanticDescription(robotName, List.of(), d, List.of(), List.of());
        }

        /** SRDF text (UTF-8, '\n' line ends, no timestamps: one seed gives identical bytes). */
        public String toSrdf() {
            return toSrdf(List.of());
        }

        /** The SRDF text with these planning groups (chains) before the disabled pairs. */
        public String toSrdf(List<PlanningGroup> groups) {
            StringBuilder sb = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
            sb.append(
                            "<!-- Generated by collide4j srdf: disable_collisions as MoveIt's setup assistant computes them,\n")
                    .append("     on collide4j's certified checker with convex pieces '")
                    .append(xml(parameters.piecesName()))
                    .append(
                            "'.\n     Never = proven: the convex pieces cannot touch anywhere in the joint ranges (joint-space")
                    .append(
                            " boxes,\n     certified distance at each centre above the certified motion within it), tried for pairs")
                    .append(" apart in all\n     ")
                    .append(parameters.samples())
                    .append(" sampled configurations (seed ")
                    .append(parameters.seed())
                    .append(").")
                    .append(
                            parameters.sampledNever()
                                    ? " Sampled = apart in every sample, not proven (MoveIt's Never)."
                                    : "")
                    .append("\n     Always = the links' triangles intersect in at least ")
                    .append(Math.round(parameters.alwaysFraction() * 100))
                    .append(" % of them; Default = they intersect with")
                    .append(" every joint at 0 (clamped into its limits)\n     and no sample shows them apart.");
            List<String> kept = new ArrayList<>();
            for (String p : defaultCollisions) {
                if (checkedPairCollisions.containsKey(p)) {
                    kept.add(p.replace(' ', '/'));
                }
            }
            if (!kept.isEmpty()) {
                sb.append(
                                "\n     In collision at that default configuration, yet apart in some samples, so still checked:\n     ")
                        .append(xml(String.join(", ", kept)))
                        .append('.');
            }
            if (!parameters.sampledNever() && !sampledOnly.isEmpty()) {
                sb.append("\n     Apart in every sample but not proven, so still checked:\n     ")
                        .append(xml(String.join(
                                ", ",
                                sampledOnly.stream()
                                        .map(p -> p.replace(' ', '/'))
                                        .toList())))
                        .append('.');
            }
            sb.append(
                    groups.isEmpty()
                            ? "\n     Add planning groups by hand or with MoveIt's setup assistant. -->\n"
                            : "\n     Planning groups: kinematic chains (base_link to tip_link), as collide4j srdf proposed or was told. -->\n");
            sb.append("<robot name=\"").append(xml(robotName)).append("\">\n");
            groups.forEach(g -> sb.append(g.toSrdf()));
            for (DisabledPair p : disabled) {
                sb.append("  <disable_collisions link1=\"")
                        .append(xml(p.link1()))
                        .append("\" link2=\"")
                        .append(xml(p.link2()))
                        .append("\" reason=\"")
                        .append(p.reason().srdfName())
                        .append("\"/>\n");
            }
            return sb.append("</robot>\n").toString();
        }

        private static String xml(String s) {
            return s.replace("&", "&amp;")
                    .replace("<", "&lt;")
                    .replace(">", "&gt;")
                    .replace("\"", "&quot;");
        }
    }

    /** Generates the disabled pairs of {@code robot} (see the class comment). */
    public static Result generate(RobotDescription robot, Parameters params) {
        return generate(robot, params, null);
    }

    /** As {@link #generate(RobotDescription, Parameters)}; {@code samplesDone} (null: none) hears the samples done. */
    public static Result generate(
            RobotDescription robot, Parameters params, java.util.function.IntConsumer samplesDone) {
        KinematicModel km = KinematicModel.of(robot);
        List<String> linkOrder = new ArrayList<>();
        for (LinkDescription l : robot.links()) {
            if (!l.collisions().isEmpty()) {
                linkOrder.add(l.name());
            }
        }
        Map<String, Reason> decided = new LinkedHashMap<>();
        for (String[] p : adjacentPairs(robot)) {
            decided.putIfAbsent(key(p[0], p[1]), Reason.ADJACENT);
        }
        Set<String> geometry = new LinkedHashSet<>(linkOrder);
        for (SemanticDescription.DisabledCollision d : robot.collisionFilters()) {
            if (geometry.contains(d.link1()) && geometry.contains(d.link2())) {
                decided.putIfAbsent(key(d.link1(), d.link2()), Reason.DRAKE);
            }
        }
        // every pair not yet decided is checked by a model that allows exactly the decided ones
        CollisionChecker checker = checker(robot, km, params, decided.keySet());
        QueryContext ctx = checker.newContext();
        Touch touch = new Touch(robot, km);
        double[] q0 = defaultConfiguration(km);
        touch.set(q0);
        Set<String> atDefault = new LinkedHashSet<>();
        for (String pair : collidingPairs(checker, q0, ctx)) {
            if (touch.touching(pair)) {
                atDefault.add(pair);
            }
        }
        Map<String, Integer> touching = new HashMap<>();
        Map<String, Integer> count = new LinkedHashMap<>();
        for (int a = 0; a < linkOrder.size(); a++) {
            for (int b = a + 1; b < linkOrder.size(); b++) {
                String k = key(linkOrder.get(a), linkOrder.get(b));
                if (!decided.containsKey(k)) {
                    count.put(k, 0);
                }
            }
        }
        SplittableRandom random = new SplittableRandom(params.seed());
        double alwaysAt = params.alwaysFraction() * params.samples();
        double[][] block = new double[SAMPLE_BLOCK][];
        List<List<String>> blockPairs = new ArrayList<>();
        for (int s = 0; s < params.samples(); s++) {
            int inBlock = s % SAMPLE_BLOCK;
            if (inBlock == 0) {
                // the samples drawn in order from the one generator, their colliding pairs found side by side
                int n = Math.min(SAMPLE_BLOCK, params.samples() - s);
                for (int k = 0; k < n; k++) {
                    block[k] = new double[km.variableCount()];
                    sample(km, random, block[k]);
                }
                blockPairs = collidingPairs(checker, block, n);
            }
            double[] q = block[inBlock];
            boolean posed = false;
            for (String pair : blockPairs.get(inBlock)) {
                count.merge(pair, 1, Integer::sum);
                // the triangle test only decides Always (touching >= alwaysAt): skip it once that is settled either
                // way (reached, or out of reach even if every remaining sample touched); the result is the same
                int t = touching.getOrDefault(pair, 0);
                if (t >= alwaysAt || t + (params.samples() - s) < alwaysAt) {
                    continue;
                }
                if (!posed) {
                    touch.set(q);
                    posed = true;
                }
                if (touch.touching(pair)) {
                    touching.merge(pair, 1, Integer::sum);
                }
            }
            if (samplesDone != null && (s & 63) == 63) {
                samplesDone.accept(s + 1);
            }
        }
        Map<String, Integer> order = new HashMap<>();
        for (int i = 0; i < robot.links().size(); i++) {
            order.put(robot.links().get(i).name(), i);
        }
        Map<String, Integer> checked = new LinkedHashMap<>();
        Set<String> proven = proveApart(checker.model(), count, atDefault, params);
        List<String> sampledOnly = new ArrayList<>();
        for (Map.Entry<String, Integer> e : count.entrySet()) {
            if (atDefault.contains(e.getKey())) {
                // in collision at the default configuration: never "Never"; disabled only when no sample shows it apart
                if (e.getValue() == params.samples()) {
                    decided.put(e.getKey(), Reason.DEFAULT);
                } else {
                    checked.put(inUrdfOrder(e.getKey(), order), e.getValue());
                }
            } else if (e.getValue() == 0) {
                if (proven.contains(e.getKey())) {
                    decided.put(e.getKey(), Reason.NEVER);
                } else {
                    sampledOnly.add(inUrdfOrder(e.getKey(), order));
                    if (params.sampledNever()) {
                        decided.put(e.getKey(), Reason.SAMPLED);
                    } else {
                        checked.put(inUrdfOrder(e.getKey(), order), 0);
                    }
                }
            } else if (touching.getOrDefault(e.getKey(), 0) >= params.alwaysFraction() * params.samples()) {
                decided.put(e.getKey(), Reason.ALWAYS);
            } else {
                checked.put(inUrdfOrder(e.getKey(), order), e.getValue());
            }
        }
        List<DisabledPair> out = new ArrayList<>();
        for (Map.Entry<String, Reason> e : decided.entrySet()) {
            String[] ab = e.getKey().split("\0");
            boolean swap = order.get(ab[0]) > order.get(ab[1]);
            out.add(new DisabledPair(swap ? ab[1] : ab[0], swap ? ab[0] : ab[1], e.getValue()));
        }
        out.sort((x, y) -> x.reason() != y.reason()
                ? x.reason().compareTo(y.reason())
                : order.get(x.link1()) != (int) order.get(y.link1())
                        ? order.get(x.link1()) - order.get(y.link1())
                        : order.get(x.link2()) - order.get(y.link2()));
        List<String> defaultPairs = new ArrayList<>();
        // in URDF order (by first link, then second), whatever order the checker found them in
        List<int[]> byOrder = new ArrayList<>();
        for (String k : atDefault) {
            String[] ab = k.split("\0");
            int x = order.get(ab[0]), y = order.get(ab[1]);
            byOrder.add(new int[] {Math.min(x, y), Math.max(x, y)});
        }
        byOrder.sort(java.util.Comparator.<int[]>comparingInt(p -> p[0]).thenComparingInt(p -> p[1]));
        for (int[] p : byOrder) {
            defaultPairs.add(robot.links().get(p[0]).name() + " "
                    + robot.links().get(p[1]).name());
        }
        return new Result(robot.name(), params, out, checked, defaultPairs, sampledOnly);
    }

    /**
     * The pairs apart in every sample (and not in collision at the default configuration) that {@link LinkPairProof}
     * proves apart everywhere in their joint ranges; one fork-join task per pair.
     */
    private static Set<String> proveApart(
            RobotCollisionModel model, Map<String, Integer> count, Set<String> atDefault, Parameters params) {
        List<String> candidates = count.entrySet().stream()
                .filter(e -> e.getValue() == 0 && !atDefault.contains(e.getKey()))
                .map(Map.Entry::getKey)
                .toList();
        LinkPairProof prover = new LinkPairProof(model, params.proofBudget());
        List<String> proven = candidates.parallelStream()
                .filter(k -> {
                    String[] ab = k.split("\0");
                    return prover.prove(ab[0], ab[1]).proven();
                })
                .toList();
        return new LinkedHashSet<>(proven);
    }

    /**
     * Pairs of links with collision geometry joined through links without any (MoveIt's "Adjacent"): parent and
     * child, and links meeting at a geometry-less link (siblings under it, grandparent and grandchild). URDF order.
     */
    public static List<String[]> adjacentPairs(RobotDescription robot) {
        Map<String, List<String>> neighbours = new LinkedHashMap<>();
        robot.links().forEach(l -> neighbours.put(l.name(), new ArrayList<>()));
        for (JointDescription j : robot.joints()) {
            neighbours.get(j.parent()).add(j.child());
            neighbours.get(j.child()).add(j.parent());
        }
        Map<String, LinkDescription> links = robot.linksByName();
        List<String[]> out = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (LinkDescription l : robot.links()) {
            if (l.collisions().isEmpty()) {
                continue;
            }
            // walk out from l through geometry-less links only; stop at the first links with geometry
            Set<String> visited = new LinkedHashSet<>(List.of(l.name()));
            List<String> frontier = new ArrayList<>(List.of(l.name()));
            while (!frontier.isEmpty()) {
                List<String> next = new ArrayList<>();
                for (String f : frontier) {
                    for (String n : neighbours.get(f)) {
                        if (!visited.add(n)) {
                            continue;
                        }
                        if (links.get(n).collisions().isEmpty()) {
                            next.add(n);
                        } else if (seen.add(key(l.name(), n))) {
                            out.add(new String[] {l.name(), n});
                        }
                    }
                }
                frontier = next;
            }
        }
        return out;
    }

    /** Link pairs the checker cannot certify separated (margin 0) at full configuration q, as {@link #key}s. */
    private static List<String> collidingPairs(CollisionChecker checker, double[] q, QueryContext ctx) {
        List<String> out = new ArrayList<>();
        for (LinkPair p : checker.selfPairsNotSeparated(q, 0, ctx)) {
            out.add(key(p.first(), p.second()));
        }
        return out;
    }

    /** Samples whose colliding pairs are found side by side, between two progress reports. */
    private static final int SAMPLE_BLOCK = 512;
    /** Samples one task checks with its own query context. */
    private static final int SAMPLE_CHUNK = 32;

    /**
     * {@link #collidingPairs(CollisionChecker, double[], QueryContext)} of the first n configurations, in their order,
     * checked in chunks on the common fork-join pool (a query context per chunk; the checker is thread-safe).
     */
    private static List<List<String>> collidingPairs(CollisionChecker checker, double[][] qs, int n) {
        List<List<String>> out = new ArrayList<>(java.util.Collections.nCopies(n, null));
        java.util.stream.IntStream.range(0, (n + SAMPLE_CHUNK - 1) / SAMPLE_CHUNK)
                .parallel()
                .forEach(chunk -> {
                    QueryContext ctx = checker.newContext();
                    for (int k = chunk * SAMPLE_CHUNK; k < Math.min(n, (chunk + 1) * SAMPLE_CHUNK); k++) {
                        out.set(k, collidingPairs(checker, qs[k], ctx));
                    }
                });
        return out;
    }

    /** Every variable at 0 clamped into its limits (the configuration collide4j holds joints at by default). */
    public static double[] defaultConfiguration(KinematicModel km) {
        double[] q = new double[km.variableCount()];
        for (int i = 0; i < q.length; i++) {
            q[i] = Math.min(Math.max(0, km.lowerLimit(i)), km.upperLimit(i));
        }
        return q;
    }

    private static void sample(KinematicModel km, SplittableRandom random, double[] q) {
        for (int i = 0; i < q.length; i++) {
            double lo = km.lowerLimit(i), hi = km.upperLimit(i);
            if (!Double.isFinite(lo) || !Double.isFinite(hi)) {
                lo = -Math.PI;
                hi = Math.PI;
            }
            q[i] = lo + (hi - lo) * random.nextDouble();
        }
    }

    private static CollisionChecker checker(
            RobotDescription robot, KinematicModel km, Parameters params, Set<String> allowed) {
        RobotCollisionModel.Builder b = RobotCollisionModel.builder(robot, km)
                .allowAdjacentLinks(false)
                .pieces(params.pieces(), params.piecesName());
        for (String k : allowed) {
            String[] ab = k.split("\0");
            b.allow(ab[0], ab[1]);
        }
        return CollisionChecker.of(b.build(), Scene.empty());
    }

    /** Whether two links' own triangles intersect at a configuration (evidence for Default and Always). */
    private static final class Touch {
        final Map<String, MeshBvh> triangles = new HashMap<>();
        final Map<String, Integer> linkIndex = new HashMap<>();
        final KinematicModel km;
        final LinkPoses poses;
        final MeshQuery query = new MeshQuery();
        final Matrix4d pa = new Matrix4d();
        final Matrix4d pb = new Matrix4d();

        Touch(RobotDescription robot, KinematicModel km) {
            this.km = km;
            this.poses = new LinkPoses(km);
            for (LinkDescription l : robot.links()) {
                MeshBvh t = LinkTriangles.of(l);
                if (t != null) {
                    triangles.put(l.name(), t);
                    linkIndex.put(l.name(), km.linkIndex(l.name()));
                }
            }
        }

        void set(double[] q) {
            km.forwardKinematics(q, poses);
        }

        boolean touching(String pair) {
            String[] ab = pair.split("\0");
            MeshBvh a = triangles.get(ab[0]), b = triangles.get(ab[1]);
            if (a == null || b == null) {
                return false; // attached objects or geometry-less names: no evidence
            }
            poses.pose(linkIndex.get(ab[0]), pa);
            poses.pose(linkIndex.get(ab[1]), pb);
            return query.intersects(a, pa, b, pb);
        }
    }

    /** A pair key as "link1 link2" in the URDF's link order. */
    private static String inUrdfOrder(String key, Map<String, Integer> order) {
        String[] ab = key.split("\0");
        return order.get(ab[0]) < order.get(ab[1]) ? ab[0] + " " + ab[1] : ab[1] + " " + ab[0];
    }

    /** Order-independent key of a pair. */
    static String key(String a, String b) {
        return a.compareTo(b) < 0 ? a + "\0" + b : b + "\0" + a;
    }
}
