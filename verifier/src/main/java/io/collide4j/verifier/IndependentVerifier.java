package io.collide4j.verifier;

import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.SemanticDescription;
import io.collide4j.verifier.Certificate.PairSteps;
import io.collide4j.verifier.Certificate.PairTuple;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks a {@code collide4j-certificate/3} with nothing but interval forward kinematics and plane tests (issue 21;
 * the lemmas are in verifier/SOUNDNESS.md). For each segment it proves: every listed pair's step planes separate
 * the two pieces over the whole step with gA + gB ≥ margin·|n| (lemma P1), subdividing a step when the
 * enclosures are too loose; every pair it enumerates itself and the certificate does not list is farther apart than
 * the margin (axis-aligned or centre-to-centre planes over interval bounds, with subdivision; lemma C3). Verdicts:
 * CERTIFIED_FREE needs every segment; VIOLATION proves [0, fraction] of the violation's segment and the segments
 * before it (the violation itself is for the recompute verifier); INCONCLUSIVE proves the segments before its
 * partial last one. Step bounds lb and claimed pair clearances must not exceed (gA + gB)/|n| of the proven planes
 * they rest on, and a pair some segment does not list is claimed at most the margin (lemma P2). The entry point for a
 * certificate someone else made first binds it to the user's inputs ({@link Binding}). The joint values and frames
 * the tests stand on come from {@code SegmentKinematics}.
 * Stateless entry point; each call works on its own objects, so calls may run in parallel.
 */
public final class IndependentVerifier {
    /** Bisections of one step's s-interval before its plane is declared unproven (2^10 leaves at most). */
    static final int PLANE_DEPTH = 10;
    /** Bisections of a segment for pairs the certificate does not list. */
    static final int FAR_DEPTH = 8;

    private final WitnessModel model;
    private final Certificate cert;
    private final TravelBound travel;
    private final SegmentKinematics kin;
    private final double margin;
    private final List<String> problems = new ArrayList<>();
    private final Map<String, Double> proven = new HashMap<>();
    private final Map<String, Integer> listedIn = new HashMap<>(); // pair key -> checked segments listing it
    private final MeshWindows windows = new MeshWindows();
    private final double[] negatedNormal = new double[3];
    private int checkedSegments;
    private long steps;
    private long subdivisions;

    private IndependentVerifier(WitnessModel model, Certificate cert, double required) {
        this.model = model;
        this.cert = cert;
        // every lemma holds for any bound: proving the steps and the unlisted pairs against a larger margin proves that
        // clearance; a NaN request cannot lower it (max(NaN, m) is NaN and then fails the margin >= 0 check below)
        this.margin = required > cert.margin() || Double.isNaN(required) ? required : cert.margin();
        this.travel = new TravelBound(model.kinematics, model.attachedTo);
        this.kin = new SegmentKinematics(
                model,
                new JointMotion(cert.waypoints(), cert.velocities(), cert.accelerations(), cert.times()),
                travel);
    }

    /**
     * Binds a /3 certificate to the user's inputs ({@link Binding}: hashes, derived witness, held columns, trajectory
     * hash, violation time) and, when it binds, verifies it; robot = the URDF description (urdf module), srdf may be
     * null. This is the entry point for a certificate someone else made.
     */
    public static VerificationReport verify(
            RobotDescription robot, SemanticDescription srdf, byte[] certificate, String source, BoundInputs inputs) {
        return verify(robot, srdf, certificate, source, inputs, 0);
    }

    /**
     * As {@link #verify(RobotDescription, SemanticDescription, byte[], String, BoundInputs)}, with every claim checked
     * against {@code required} where it is larger than the certificate's margin (see
     * {@link #verify(RobotDescription, SemanticDescription, InputStream, String, double)}).
     */
    public static VerificationReport verify(
            RobotDescription robot,
            SemanticDescription srdf,
            byte[] certificate,
            String source,
            BoundInputs inputs,
            double required) {
        List<String> unbound = Binding.check(inputs, certificate, source);
        if (!unbound.isEmpty()) {
            return new VerificationReport(false, null, unbound, 0, 0, Map.of(), List.of());
        }
        return verify(robot, srdf, new java.io.ByteArrayInputStream(certificate), source, required);
    }

    /**
     * Verifies the planes of a /3 certificate against the robot, without binding it to the user's inputs: what it
     * proves is about the witness, joint columns and trajectory the certificate itself states. Use
     * {@link #verify(RobotDescription, SemanticDescription, byte[], String, BoundInputs)} unless the caller has bound
     * the certificate.
     */
    public static VerificationReport verify(
            RobotDescription robot, SemanticDescription srdf, InputStream certificate, String source) {
        return verify(robot, srdf, certificate, source, 0);
    }

    /**
     * Verifies a /3 certificate as {@link #verify(RobotDescription, SemanticDescription, InputStream, String)} does,
     * but every plane step and every unlisted pair must be proven at least {@code required} apart instead of the
     * certificate's own margin, when {@code required} is larger: a valid report then proves clearance ≥ required
     * where the certificate's verdict claims the motion free (for a VIOLATION, the free part before it). A certificate
     * made for margin d whose planes prove more than d thus answers any required margin up to what they prove.
     */
    public static VerificationReport verify(
            RobotDescription robot, SemanticDescription srdf, InputStream certificate, String source, double required) {
        Certificate cert;
        try {
            cert = CertificateReader.read(certificate, source);
        } catch (IllegalArgumentException e) {
            return new VerificationReport(
                    false, null, List.of("unreadable certificate: " + e.getMessage()), 0, 0, Map.of(), List.of());
        }
        WitnessModel model = new WitnessModel(robot, srdf, cert);
        if (!model.problems().isEmpty()) {
            return new VerificationReport(false, cert.verdict(), model.problems(), 0, 0, Map.of(), model.assumptions());
        }
        IndependentVerifier v = new IndependentVerifier(model, cert, required);
        try {
            return v.run();
        } catch (RuntimeException e) { // e.g. a mimic joint following a fixed one: refused, never half-checked
            List<String> problems = new ArrayList<>(v.problems);
            problems.add("cannot check the certificate against this robot: " + e);
            return new VerificationReport(
                    false, cert.verdict(), problems, v.steps, v.subdivisions, Map.of(), model.assumptions());
        }
    }

    private VerificationReport run() {
        int segmentsNeeded = cert.waypoints().length - 1,
                listed = cert.segments().size();
        Certificate.Violation v = cert.violation();
        boolean shape = switch (cert.verdict()) {
            case "CERTIFIED_FREE" -> v == null && listed == segmentsNeeded;
            case "VIOLATION" ->
                v != null
                        && v.segment() >= 0
                        && v.segment() < segmentsNeeded
                        && listed == v.segment() + 1
                        && v.fraction() >= 0
                        && v.fraction() <= 1;
            default -> v == null && listed >= 1 && listed <= segmentsNeeded;
        };
        if (!shape || !(margin >= 0)) {
            problems.add("verdict " + cert.verdict() + " does not fit the certificate: CERTIFIED_FREE needs all "
                    + segmentsNeeded + " segments and no violation, VIOLATION a violation inside the trajectory and the"
                    + " segments up to it, INCONCLUSIVE 1 to " + segmentsNeeded + " segments; margin must be >= 0");
        } else {
            for (int i = 0; i < listed; i++) {
                if (cert.verdict().equals("INCONCLUSIVE") && i == listed - 1) {
                    break; // the partial last segment proves nothing that is claimed
                }
                segment(i, v != null && i == v.segment() ? v.fraction() : 1);
                checkedSegments++;
            }
            if (v != null) {
                resolve(v.pair(), "violation");
            }
        }
        Map<String, Double> shown = new java.util.TreeMap<>();
        cert.pairClearance().forEach((key, claimed) -> {
            // a segment that does not list the pair proves only the margin for it (lemma C3), so the claim over the
            // whole trajectory is at most the margin unless every checked segment lists the pair
            Double p = proven.get(key);
            double bound = p == null || !cert.verdict().equals("CERTIFIED_FREE")
                    ? Double.NaN
                    : listedIn.getOrDefault(key, 0) == checkedSegments ? p : Math.min(p, margin);
            if (!(claimed <= bound)) {
                problems.add(
                        "pairClearance " + key + ": claimed " + plain(claimed) + " exceeds what the verifier proves ("
                                + (p == null
                                        ? "no proven steps"
                                        : !cert.verdict().equals("CERTIFIED_FREE")
                                                ? "nothing: only a CERTIFIED_FREE certificate claims clearances"
                                                : plain(bound))
                                + (p != null && listedIn.getOrDefault(key, 0) < checkedSegments
                                        ? "; segments that do not list the pair prove only the margin"
                                        : "")
                                + ")");
            }
            shown.put(key, bound);
        });
        // a decomposed mesh's solid: proven free when every body starts outside it (lemma D2), else reported
        List<Assumption> assumed = checkedSegments == 0
                ? model.assumptions()
                : SolidCheck.remaining(model, kin.frames(0, 0, 0, null), margin);
        if (!windows.unproven(model, margin).isEmpty()) { // an exact mesh's solid (lemma E2)
            assumed = new ArrayList<>(assumed);
            assumed.addAll(windows.unproven(model, margin));
        }
        return new VerificationReport(
                problems.isEmpty(), cert.verdict(), problems, steps, subdivisions, shown, assumed);
    }

    private void segment(int i, double end) {
        Set<String> listed = new HashSet<>();
        for (PairSteps p : cert.segments().get(i)) {
            Piece[] ab = resolve(p.pair(), "segment " + i);
            if (ab == null) {
                continue;
            }
            if (!listed.add(pairKey(ab[0], ab[1]))) {
                problems.add("segment " + i + ": pair " + p.pair() + " is listed twice");
            } else {
                listedIn.merge(p.pair().key(), 1, Integer::sum);
            }
            steps(i, p, ab, end);
        }
        List<Piece[]> unlisted = new ArrayList<>();
        List<String> names = new ArrayList<>(model.links.keySet());
        for (int a = 0; a < names.size(); a++) {
            for (Piece pa : model.links.get(names.get(a))) {
                for (Piece o : model.obstacles.values()) {
                    unlisted.add(new Piece[] {pa, o});
                }
                for (int b = a + 1; b < names.size(); b++) {
                    if (model.allowed.contains(WitnessModel.pairKey(names.get(a), names.get(b)))) {
                        continue;
                    }
                    for (Piece pb : model.links.get(names.get(b))) {
                        unlisted.add(new Piece[] {pa, pb});
                    }
                }
            }
        }
        unlisted.removeIf(pr -> listed.contains(pairKey(pr[0], pr[1])));
        if (end > 0) {
            proveFar(i, unlisted, 0, end, 0, new HashSet<>());
        }
    }

    /** The two pieces a tuple names, or null after recording why it names none. */
    private Piece[] resolve(PairTuple t, String where) {
        List<Piece> a = model.links.get(t.first());
        List<Piece> b = t.environment() ? null : model.links.get(t.second());
        Piece o = t.environment() ? model.obstacles.get(t.second()) : null;
        boolean ok = a != null
                && t.firstPiece() >= 0
                && t.firstPiece() < a.size()
                && (t.environment()
                        ? o != null && t.secondPiece() == 0
                        : b != null
                                && !t.first().equals(t.second())
                                && t.secondPiece() >= 0
                                && t.secondPiece() < b.size());
        if (!ok) {
            problems.add(where + ": pair " + t + " names no robot piece and obstacle (piece 0) or two pieces of"
                    + " different links of the witness");
            return null;
        }
        return new Piece[] {a.get(t.firstPiece()), t.environment() ? o : b.get(t.secondPiece())};
    }

    private static String pairKey(Piece a, Piece b) {
        String x = (a.link() ? "" : "env:") + a.describe(), y = (b.link() ? "" : "env:") + b.describe();
        return x.compareTo(y) < 0 ? x + "|" + y : y + "|" + x;
    }

    private void steps(int i, PairSteps p, Piece[] ab, double end) {
        String where = "segment " + i + " pair " + p.pair();
        int n = p.ends().length;
        if (p.lb().length != n || p.planes().length != n || p.windows() != null && p.windows().length != n) {
            problems.add(where + ": " + n + " step ends, " + p.lb().length + " lower bounds, " + p.planes().length
                    + " planes" + (p.windows() == null ? "" : ", " + p.windows().length + " windows"));
            return;
        }
        double s0 = 0, clearance = Double.POSITIVE_INFINITY;
        for (int k = 0; k < n; k++) {
            double s1 = p.ends()[k];
            double[] pl = p.planes()[k];
            // the step's name only when a problem needs it: printing two doubles per step cost more than some checks
            int step = k;
            double from = s0;
            java.util.function.Supplier<String> at =
                    () -> where + " step " + step + " (s in [" + from + ", " + s1 + "])";
            if (!(s1 > s0) || s1 > 1) {
                problems.add(at.get() + ": step ends must increase within (0, 1]");
                return;
            }
            Certificate.TrianglePlanes[] runs = p.windows() == null ? null : p.windows()[k];
            if (pl == null) { // an exact-mesh window: per-triangle planes (lemma E1, MeshWindows)
                double a = s0;
                double w = windows.step(
                        at.get(),
                        ab[0],
                        ab[1],
                        model.meshes.get(ab[1].owner()),
                        runs,
                        margin,
                        (pieces, nn, c, gA, gB) -> plane(i, pieces, nn, c, gA, gB, a, s1, 0),
                        problems);
                if (Double.isNaN(w)) {
                    return;
                }
                steps++;
                if (!(p.lb()[k] <= w)) {
                    problems.add(at.get() + ": claimed lower bound lb = " + p.lb()[k]
                            + " exceeds what the window's triangle" + " planes prove, " + w);
                }
                clearance = Math.min(clearance, w);
                s0 = s1;
                continue;
            }
            if (runs != null) {
                problems.add(
                        at.get() + ": a step has a plane and triangle planes (windows[" + k + "]); one proof per step");
                return;
            }
            steps++;
            double[] normal = {pl[0], pl[1], pl[2]};
            Interval norm = normOf(normal);
            Interval gap = Interval.point(pl[4]).add(Interval.point(pl[5]));
            double need = Interval.up(margin * norm.hi());
            if (!(norm.lo() > 0) || !(gap.lo() >= need)) {
                problems.add(at.get() + ": gA + gB = " + plain(gap.lo()) + " < margin·|n| = " + plain(need));
            } else {
                String fail = plane(i, ab, normal, pl[3], pl[4], pl[5], s0, s1, 0);
                if (fail != null) {
                    problems.add(at.get() + ": " + fail);
                } else if (model.meshes.containsKey(ab[1].owner()) && !ab[1].link()) {
                    windows.anchor(ab[0], model.meshes.get(ab[1].owner())); // outside the hull of the mesh (E2)
                }
                if (fail == null && !(p.lb()[k] <= gap.div(norm).lo())) {
                    // lb claims the pair's distance over the step, which the proven plane shows (lemma P2)
                    problems.add(at.get() + ": claimed lower bound lb = " + p.lb()[k]
                            + " exceeds what the step's plane proves, "
                            + gap.div(norm).lo()
                            + " (a certificate written before bounds were backed by planes verifies"
                            + " with --verifier=recompute)");
                }
            }
            clearance = Math.min(clearance, gap.div(norm).lo());
            s0 = s1;
        }
        if (s0 < end) {
            problems.add(where + ": steps stop at s = " + s0 + ", need " + end);
        }
        proven.merge(p.pair().key(), clearance, Math::min);
    }

    /**
     * null when for every s in [s0, s1] piece A lies in n·x ≤ c − gA and piece B in n·y ≥ c + gB, else what failed
     * at the deepest interval tried.
     */
    private String plane(
            int i, Piece[] ab, double[] n, double c, double gA, double gB, double s0, double s1, int depth) {
        return plane(i, ab, n, c, gA, gB, s0, s1, depth, true, true);
    }

    /**
     * {@code needA}/{@code needB}: whether piece A's (B's) side is still unproven; a side proven over an s-interval
     * holds over every part of it, so a bisection re-tests (and computes frames for) only the sides that failed.
     */
    private String plane(
            int i,
            Piece[] ab,
            double[] n,
            double c,
            double gA,
            double gB,
            double s0,
            double s1,
            int depth,
            boolean needA,
            boolean needB) {
        // frames at an anchor near the interval's middle, and each piece's travel from there over the joint box (lemma
        // M1): thin enclosures, where frames over the whole box would compound every link's interval width
        // the box and the rates of the tested pieces' chains only, by joint index (no name-keyed maps per test)
        Interval[] box = new Interval[kin.jointCount()], rates = new Interval[kin.jointCount()];
        for (int side = 0; side < 2; side++) {
            if ((side == 0 ? needA : needB) && ab[side].link()) {
                for (int x : travel.chainIndex(ab[side])) {
                    if (box[x] == null) {
                        box[x] = kin.jointOver(i, x, s0, s1, false, 0);
                        rates[x] = kin.jointOver(i, x, s0, s1, true, 0);
                    }
                }
            }
        }
        SegmentKinematics.Anchor at = kin.anchor(i, s0, s1);
        Map<String, Interval> anchor = at.values();
        Map<String, Frame> frames = at.frames();
        double tau = Math.max(Interval.up(s1 - at.s()), Interval.up(at.s() - s0));
        double limA = Interval.down(c - gA), limB = Interval.up(c + gB);
        double supA = needA
                ? travel.sup(ab[0], frames, anchor, at.byIndex(), box, rates, tau, n, limA)
                : Double.NEGATIVE_INFINITY;
        double infB = needB
                ? -travel.sup(ab[1], frames, anchor, at.byIndex(), box, rates, tau, negated(n), -limB)
                : Double.POSITIVE_INFINITY;
        boolean okA = supA <= limA, okB = infB >= limB;
        if (okA && okB) {
            return null;
        }
        double m = s0 / 2 + s1 / 2;
        if (depth < PLANE_DEPTH && m > s0 && m < s1) {
            subdivisions++;
            String f = plane(i, ab, n, c, gA, gB, s0, m, depth + 1, !okA, !okB);
            return f != null ? f : plane(i, ab, n, c, gA, gB, m, s1, depth + 1, !okA, !okB);
        }
        String leaf = depth == 0 ? "" : " (at s in [" + s0 + ", " + s1 + "] after " + depth + " bisections)";
        return okA
                ? "piece B reaches n·y = " + plain(infB) + " < c + gB = " + plain(limB) + leaf
                : "piece A reaches n·x = " + plain(supA) + " > c - gA = " + plain(limA) + leaf;
    }

    /** Proves each pair farther apart than the margin over [s0, s1], bisecting for the pairs not yet proven. */
    private void proveFar(int i, List<Piece[]> pairs, double s0, double s1, int depth, Set<String> reported) {
        Map<String, Frame> frames = kin.frames(i, s0, s1, null);
        Map<Piece, double[]> bounds = new IdentityHashMap<>();
        List<Piece[]> open = new ArrayList<>();
        for (Piece[] pr : pairs) {
            double[] a = bounds.computeIfAbsent(pr[0], p -> p.bounds(frameOf(p, frames)));
            double[] b = bounds.computeIfAbsent(pr[1], p -> p.bounds(frameOf(p, frames)));
            if (!far(pr, a, b, frames)) {
                open.add(pr);
            }
        }
        double m = s0 / 2 + s1 / 2;
        if (open.isEmpty()) {
            return;
        }
        if (depth >= FAR_DEPTH || !(m > s0 && m < s1)) {
            for (Piece[] pr : open) {
                if (reported.add(pairKey(pr[0], pr[1]))) {
                    problems.add("segment " + i + ": pair [" + pr[0].owner() + ", " + pr[0].index() + ", "
                            + pr[1].owner()
                            + ", " + pr[1].index() + ", " + !pr[1].link() + "] is not listed and its enclosures do not"
                            + " prove it farther apart than the margin over s in [" + s0 + ", " + s1 + "]");
                }
            }
            return;
        }
        subdivisions++;
        proveFar(i, open, s0, m, depth + 1, reported);
        proveFar(i, open, m, s1, depth + 1, reported);
    }

    /**
     * A separating plane with gap ≥ margin·|n| (lemma P1): an axis-aligned one between the bounds, else one normal to
     * the line between the bounds' centres.
     */
    private boolean far(Piece[] pr, double[] a, double[] b, Map<String, Frame> frames) {
        for (int k = 0; k < 3; k++) {
            if (Interval.down(b[k] - a[3 + k]) >= margin || Interval.down(a[k] - b[3 + k]) >= margin) {
                return true;
            }
        }
        double[] n = new double[3];
        for (int k = 0; k < 3; k++) {
            n[k] = (b[k] / 2 + b[3 + k] / 2) - (a[k] / 2 + a[3 + k] / 2);
        }
        Interval norm = normOf(n);
        if (!(norm.lo() > 0)) {
            return false;
        }
        double supA = pr[0].sup(frameOf(pr[0], frames), n);
        double supB = pr[1].sup(frameOf(pr[1], frames), negated(n));
        return Interval.down(-supB - supA) >= Interval.up(margin * norm.hi());
    }

    /**
     * −n in {@link #negatedNormal}, reused by every plane test (a negation is exact; the support functions read it at
     * once and keep nothing), instead of an array per test.
     */
    private double[] negated(double[] n) {
        negatedNormal[0] = -n[0];
        negatedNormal[1] = -n[1];
        negatedNormal[2] = -n[2];
        return negatedNormal;
    }

    private static Interval normOf(double[] n) {
        return Interval.point(n[0])
                .sqr()
                .add(Interval.point(n[1]).sqr())
                .add(Interval.point(n[2]).sqr())
                .sqrt();
    }

    private static Frame frameOf(Piece p, Map<String, Frame> frames) {
        return p.link() ? frames.get(p.owner()) : Frame.IDENTITY;
    }

    /** x in full and in fixed notation (0.00019268606144995368, never 1.9268606144995368E-4), for messages. */
    private static String plain(double x) {
        return Double.isFinite(x) ? java.math.BigDecimal.valueOf(x).toPlainString() : String.valueOf(x);
    }
}
