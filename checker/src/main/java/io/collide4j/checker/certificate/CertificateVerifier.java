package io.collide4j.checker.certificate;

import io.collide4j.checker.certificate.Certificate.PairSteps;
import io.collide4j.checker.certificate.Certificate.ViolationRecord;
import io.collide4j.checker.query.CollisionChecker;
import io.collide4j.checker.query.LinkPair;
import io.collide4j.checker.query.MeshMode;
import io.collide4j.checker.query.PairKind;
import io.collide4j.checker.query.PairRef;
import io.collide4j.checker.query.PreparedScene;
import io.collide4j.checker.query.QueryContext;
import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.Obstacle;
import io.collide4j.checker.scene.Scene;
import io.collide4j.kinematics.LinkPoses;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.joml.Vector3d;
import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;

/**
 * Re-checks a certificate written by {@link TrajectoryCertifier} against a robot model and scene with
 * fresh computations (its own checker context, forward kinematics, GJK lower bounds or bounding-volume lower
 * bounds, and kinematic motion bounds), trusting nothing in the certificate but the step boundaries it proposes:
 * <ul>
 * <li>robot, scene and trajectory hashes match; segments follow the certificate's interpolation (straight,
 *     cubic or quintic pieces rebuilt from its waypoints, velocities and accelerations);</li>
 * <li>per segment, every checked pair is either listed, or independently shown to stay beyond
 *     margin + tolerance for the whole segment by bounding spheres / obstacle AABBs and the kinematic bound;</li>
 * <li>each listed pair (at most once per segment) has steps contiguous from s = 0 to the end of the certified part
 *     (a list of increasing step ends), each claimed lower
 *     bound is at most the freshly computed one, and fresh lower bound − fresh motion bound &gt; margin (the motion bound
 * of a step: the smaller of the interval's own and the whole segment's, which holds on every part of it);</li>
 * <li>a claimed violation is where the fresh lower bound of that pair is ≤ margin + tolerance;</li>
 * <li>claimed per-pair clearances do not exceed what the fresh steps prove.</li>
 * </ul>
 * A certificate made in {@link MeshMode#EXACT} (its {@code meshMode}) is re-checked with exact mesh distances; one
 * without that field was made with hulls. The text is read strictly ({@link Certificate#read}): a certificate with
 * unknown, duplicate or missing members or non-finite numbers is unreadable, not half-checked. Formats
 * {@value CertificateFormat#FORMAT}, {@value CertificateFormat#FORMAT_2_1} and {@value CertificateFormat#FORMAT_2} are
 * accepted; the planes of a {@value CertificateFormat#FORMAT} certificate are not used here (every step is re-proved
 * as in the older formats; the independent verifier, module {@code verifier}, checks the planes instead; a /3
 * certificate's step bounds and clearance claims must also not exceed what its planes show). This class binds only the
 * hashes: the held joints' columns, the witness section and a trajectory file are bound by the verifier module's
 * {@code Binding}, which {@code collide4j verify} and the planner's {@code TrajectoryCertifier.verify(String)} run
 * first. Stateless; each call uses its own scratch, so one verifier may serve many threads.
 */
public final class CertificateVerifier {
    private static final double SLACK = 1e-9;

    private final CollisionChecker checker;
    private final CertificateVerifier exactTwin; // verifies EXACT-mode certificates (this when already exact)

    public CertificateVerifier(RobotCollisionModel model, Scene scene) {
        this.checker = CollisionChecker.of(model, scene);
        this.exactTwin = new CertificateVerifier(CollisionChecker.of(model, scene, MeshMode.EXACT));
    }

    private CertificateVerifier(CollisionChecker exactChecker) {
        this.checker = exactChecker;
        this.exactTwin = this;
    }

    /**
     * Outcome: valid or not, with every problem found (empty when valid), and the certificate as read (null when it
     * could not be read), for its margin and provenance; for a valid one, {@code provenClearance}: for each pair whose
     * clearance the certificate claims, the clearance this verifier proved (what {@code verify} prints).
     */
    @NullMarked
    public record Report(
            boolean valid,
            @Nullable Verdict verdict,
            List<String> problems,
            @Nullable Certificate certificate,
            Map<String, Double> provenClearance) {
        public Report {
            problems = List.copyOf(problems);
            provenClearance = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(provenClearance));
        }

        /** A report without proven clearances (nothing was proven, or nothing claimed). */
        public Report(
                boolean valid, @Nullable Verdict verdict, List<String> problems, @Nullable Certificate certificate) {
            this(valid, verdict, problems, certificate, Map.of());
        }
    }

    public Report verify(String certificateJson) {
        Certificate cert;
        try {
            cert = Certificate.read(certificateJson, "certificate");
        } catch (IllegalArgumentException e) {
            return new Report(false, null, List.of("unreadable certificate: " + e.getMessage()), null);
        }
        return verify(cert);
    }

    /** Re-checks a certificate already read (for example by {@link Certificate#read} from a file). */
    public Report verify(Certificate cert) {
        if (cert.meshModeOrDefault() == MeshMode.EXACT && exactTwin != this) {
            return exactTwin.verify(cert);
        }
        List<String> problems = new ArrayList<>();
        Map<String, Double> shown = new java.util.HashMap<>();
        Verdict verdict;
        try {
            verdict = check(cert, problems, shown);
        } catch (RuntimeException e) {
            problems.add("malformed certificate: " + e.getMessage());
            verdict = null;
        }
        return new Report(problems.isEmpty(), verdict, problems, cert, problems.isEmpty() ? shown : Map.of());
    }

    private Verdict check(Certificate cert, List<String> problems, Map<String, Double> shown) {
        RobotCollisionModel model = checker.model();
        Verdict verdict = cert.verdict();
        double d = cert.margin();
        double tol = cert.tolerance();
        if (!(d >= 0) || !(tol > 0)) {
            problems.add("margin must be >= 0 and tolerance > 0");
        }
        double[][] waypoints = cert.waypoints();
        double[] times = cert.times();
        String interpolation = cert.interpolation() != null ? cert.interpolation() : "LINEAR";
        TrajectorySegments path =
                new TrajectorySegments(model.kinematics(), waypoints, cert.velocities(), cert.accelerations(), times);
        if (!path.interpolation().name().equals(interpolation)) {
            problems.add("interpolation is " + interpolation + " but the velocities and accelerations given make it "
                    + path.interpolation());
        }
        if (!model.contentHash().equals(cert.robotHash())) {
            problems.add("robot hash differs: certificate was made for another robot model");
        }
        if (!checker.scene().contentHash().equals(cert.sceneHash())) {
            problems.add("scene hash differs: certificate was made for another scene");
        }
        if (!path.hash().equals(cert.trajectoryHash())) {
            problems.add(
                    "trajectory hash differs from the waypoints, velocities, accelerations and times in the certificate");
        }
        List<List<PairSteps>> segments = cert.segments();
        ViolationRecord violation = cert.violation();
        int vSeg = violation == null ? -1 : violation.segment();
        double vS = violation == null ? 1 : violation.fraction();
        if (verdict == Verdict.VIOLATION && violation == null) {
            problems.add("verdict VIOLATION without a violation");
        }
        if (verdict == Verdict.CERTIFIED_FREE && (violation != null || segments.size() != waypoints.length - 1)) {
            problems.add("verdict CERTIFIED_FREE needs every segment and no violation");
        }
        QueryContext c = checker.newContext();
        java.util.Map<String, Double> proven = new java.util.HashMap<>();
        java.util.Map<String, Integer> listedIn = new java.util.HashMap<>();
        int checkedSegments = 0;
        for (int i = 0; i < segments.size(); i++) {
            List<PairSteps> seg = segments.get(i);
            boolean last = i == segments.size() - 1;
            if (verdict == Verdict.INCONCLUSIVE && last) {
                continue; // the partial last segment proves nothing that is claimed
            }
            double end = (verdict == Verdict.VIOLATION && i == vSeg) ? vS : 1;
            path.start(c, i);
            checkedSegments++;
            Set<String> listed = new HashSet<>();
            for (PairSteps p : seg) {
                PairRef pr = resolve(p.pair(), problems, i);
                if (pr == null) {
                    continue;
                }
                LinkPair id = checker.pairDistance().linkPair(pr.kind(), pr.a(), pr.b(), pr.slot());
                if (!listed.add(id.key())) {
                    problems.add("segment " + i + ": pair " + id.key() + " is listed twice");
                } else {
                    listedIn.merge(id.key(), 1, Integer::sum);
                }
                double cl = checkSteps(
                        c,
                        pr,
                        p.ends(),
                        p.lb(),
                        p.planes(),
                        p.windows(),
                        end,
                        d,
                        problems,
                        "segment " + i + " pair " + id.key());
                // with witnesses a claim is also at most what the planes show, as the independent verifier proves it
                proven.merge(id.key(), Math.min(cl, planeShown(p.planes())), Math::min);
            }
            checkUnlisted(c, listed, d + tol, problems, i);
        }
        if (violation != null) {
            checkViolation(c, violation, path, d, tol, problems);
        }
        for (Map.Entry<String, Double> e : cert.pairClearance().entrySet()) {
            Double p = proven.get(e.getKey());
            double v = e.getValue();
            // a segment that does not list the pair shows it only beyond margin + tolerance
            boolean everywhere = listedIn.getOrDefault(e.getKey(), 0) == checkedSegments;
            if (p != null) {
                shown.put(e.getKey(), everywhere ? p : Math.min(p, d));
            }
            if (verdict != Verdict.CERTIFIED_FREE) {
                problems.add("clearance claimed for " + e.getKey() + " with verdict " + verdict
                        + ": only a CERTIFIED_FREE certificate claims clearances over the trajectory");
            } else if (p == null || !(v <= (everywhere ? p + SLACK : Math.min(p + SLACK, d)))) { // NaN proves nothing
                problems.add("clearance claimed for " + e.getKey() + " (" + v + ") exceeds what the steps prove (" + p
                        + (everywhere ? "" : "; segments that do not list the pair prove only the margin " + d) + ")");
            }
        }
        return verdict;
    }

    /** The least clearance the planes show (+∞ without planes: a certificate of an older format). */
    private static double planeShown(double[][] planes) {
        double least = Double.POSITIVE_INFINITY;
        for (int k = 0; planes != null && k < planes.length; k++) {
            if (planes[k] != null && planes[k].length == 6) {
                least = Math.min(
                        least,
                        new SeparatingPlane(
                                        planes[k][0],
                                        planes[k][1],
                                        planes[k][2],
                                        planes[k][3],
                                        planes[k][4],
                                        planes[k][5])
                                .clearanceShown());
            }
        }
        return least;
    }

    // Resolves a pair tuple [first, firstPiece, second, secondPiece, environment] to the checker's pair; null (and a
    // problem) if impossible.
    private PairRef resolve(LinkPair p, List<String> problems, int seg) {
        RobotCollisionModel model = checker.model();
        try {
            if (p.firstPiece() < 0 || p.secondPiece() < 0) {
                throw new IllegalArgumentException("negative piece index");
            }
            int ba = model.bodyIndex(p.first());
            int pa = model.pieceStart(ba) + p.firstPiece();
            if (p.environment()) {
                int slot = checker.scene().slotOf(p.second());
                if (slot < 0) {
                    throw new IllegalArgumentException("no such obstacle");
                }
                int k = checker.prepared().pieceStart(slot) + p.secondPiece();
                if (slot < 0
                        || pa >= model.pieceEnd(ba)
                        || k >= checker.prepared().pieceEnd(slot)) {
                    throw new IllegalArgumentException("no such piece or obstacle");
                }
                return PairRef.environment(pa, k, slot);
            }
            int bb = model.bodyIndex(p.second());
            int pb = model.pieceStart(bb) + p.secondPiece();
            if (pa >= model.pieceEnd(ba) || pb >= model.pieceEnd(bb)) {
                throw new IllegalArgumentException("no such piece");
            }
            return PairRef.self(pa, pb);
        } catch (RuntimeException e) {
            problems.add("segment " + seg + ": unknown pair " + p + ": " + e.getMessage());
            return null;
        }
    }

    /** Re-proves each step; returns the clearance the steps prove (min of fresh lb − fresh mu). */
    private double checkSteps(
            QueryContext c,
            PairRef pr,
            double[] ends,
            double[] lbs,
            double[][] planes,
            double[][][] windows,
            double end,
            double margin,
            List<String> problems,
            String where) {
        RobotCollisionModel model = checker.model();
        int la = model.bodyLink(model.pieceBody(pr.a()));
        int lb = pr.isEnvironment() ? -1 : model.bodyLink(model.pieceBody(pr.b()));
        double expect = 0;
        double proven = Double.POSITIVE_INFINITY;
        double whole = checker.grid().wholeMotionBound(c, pr.kind(), pr.a(), pr.b());
        if (ends.length != lbs.length) {
            problems.add(where + ": " + ends.length + " step ends but " + lbs.length + " lower bounds");
            return Double.NEGATIVE_INFINITY;
        }
        for (int k = 0; k < ends.length; k++) {
            double s0 = expect, s1 = ends[k], claimed = lbs[k];
            if (!(s1 > s0) || s1 > 1) {
                problems.add(where + ": step ends do not increase within (0, 1] at s = " + s0);
                return Double.NEGATIVE_INFINITY;
            }
            LinkPoses poses = c.segment.posesAt(s0);
            double fresh = Math.max(
                    checker.pairDistance()
                            .lowerBound(
                                    c,
                                    pr.kind(),
                                    pr.a(),
                                    pr.b(),
                                    pr.slot(),
                                    poses.pose(la),
                                    lb < 0 ? null : poses.pose(lb)),
                    sphereBound(poses, pr, la, lb));
            if (windows != null && windows[k] != null) {
                // triangle runs are the independent verifier's proof (E1); here only what they show is compared
                double shown = Double.POSITIVE_INFINITY;
                for (double[] r : windows[k]) {
                    shown = Math.min(shown, new SeparatingPlane(r[2], r[3], r[4], r[5], r[6], r[7]).clearanceShown());
                }
                if (!(shown >= margin) || claimed != CertificateFormat.EXACT_WINDOW && !(claimed <= shown)) {
                    problems.add(where + ": step at s = " + s0 + " claims lower bound " + claimed + " and margin "
                            + margin + " against triangle planes that show " + shown);
                }
            }
            if (claimed == CertificateFormat.EXACT_WINDOW) {
                // Tight-Inclusion sees boundary crossings only: the window must start outside and beyond the margin
                if (!(fresh > margin)
                        || !pr.isEnvironment()
                        || !checker.advancement().exactWindowClear(c, pr.a(), pr.b(), pr.slot(), s0, s1, margin)) {
                    problems.add(where + ": window [" + s0 + ", " + s1 + "] is not proven clear by Tight-Inclusion"
                            + " (lower bound " + fresh + " at its start, margin " + margin + ")");
                }
                proven = Math.min(proven, margin);
                expect = s1;
                continue;
            }
            double mu = checker.grid().stepBound(c, pr.kind(), pr.a(), pr.b(), s0, s1, whole);
            if (claimed > fresh + SLACK) {
                problems.add(where + ": step at s = " + s0 + " claims lower bound " + claimed + " but it is " + fresh);
            }
            // with witnesses lb claims the distance over the step, backed by the step's plane: never more than it shows
            // (verifier/SOUNDNESS.md, P2), and the plane shows at least the margin (what the independent verifier
            // proves)
            if (planes != null && k < planes.length && planes[k] != null && planes[k].length == 6) {
                double shown = new SeparatingPlane(
                                planes[k][0], planes[k][1], planes[k][2], planes[k][3], planes[k][4], planes[k][5])
                        .clearanceShown();
                if (!(claimed <= shown) || !(shown >= margin)) {
                    problems.add(where + ": step at s = " + s0 + " claims lower bound " + claimed + " and margin "
                            + margin + " against a plane that shows " + shown);
                }
            }
            if (!(fresh - mu > margin)) {
                problems.add(where + ": step [" + s0 + ", " + s1 + "] does not prove clearance (" + fresh + " - " + mu
                        + " <= " + margin + ")");
            }
            proven = Math.min(proven, fresh - mu);
            expect = s1;
        }
        if (expect < end) {
            problems.add(where + ": steps stop at s = " + expect + ", need " + end);
        }
        return proven;
    }

    // Bounding-volume lower bound, recomputed here: piece sphere to obstacle AABB, or piece sphere to piece sphere.
    private double sphereBound(LinkPoses poses, PairRef pr, int la, int lb) {
        RobotCollisionModel model = checker.model();
        Vector3d a = poses.transformPoint(
                la,
                model.pieceSphere(pr.a(), 0),
                model.pieceSphere(pr.a(), 1),
                model.pieceSphere(pr.a(), 2),
                new Vector3d());
        if (pr.isEnvironment()) {
            double[] box = checker.scene().slot(pr.slot()).worldBounds(new double[6]);
            double dx = Math.max(0, Math.max(box[0] - a.x, a.x - box[3]));
            double dy = Math.max(0, Math.max(box[1] - a.y, a.y - box[4]));
            double dz = Math.max(0, Math.max(box[2] - a.z, a.z - box[5]));
            return Math.sqrt(dx * dx + dy * dy + dz * dz)
                    - model.pieceSphere(pr.a(), 3)
                    - checker.prepared().margin(pr.b());
        }
        Vector3d b = poses.transformPoint(
                lb,
                model.pieceSphere(pr.b(), 0),
                model.pieceSphere(pr.b(), 1),
                model.pieceSphere(pr.b(), 2),
                new Vector3d());
        return a.distance(b) - model.pieceSphere(pr.a(), 3) - model.pieceSphere(pr.b(), 3);
    }

    // Every checked pair not listed must be shown far for the whole segment by spheres/AABBs and motion bounds.
    private void checkUnlisted(QueryContext c, Set<String> listed, double reach, List<String> problems, int seg) {
        RobotCollisionModel model = checker.model();
        Scene scene = checker.scene();
        PreparedScene prep = checker.prepared();
        LinkPoses p0 = c.segment.posesAt(0);
        Vector3d a = new Vector3d(), b = new Vector3d();
        double[] box = new double[6];
        for (int body = 0; body < model.bodyCount(); body++) {
            int link = model.bodyLink(body);
            for (int p = model.pieceStart(body); p < model.pieceEnd(body); p++) {
                p0.transformPoint(link, model.pieceSphere(p, 0), model.pieceSphere(p, 1), model.pieceSphere(p, 2), a);
                double sweep = checker.grid().pieceSweep(c, p);
                for (int slot = 0; slot < scene.slotCount(); slot++) {
                    Obstacle o = scene.slot(slot);
                    if (o == null || !model.checks(body, o.name())) {
                        continue;
                    }
                    o.worldBounds(box);
                    for (int k = prep.pieceStart(slot); k < prep.pieceEnd(slot); k++) {
                        if (listed.contains(checker.pairDistance()
                                .linkPair(PairKind.ENVIRONMENT, p, k, slot)
                                .key())) {
                            continue;
                        }
                        double dx = Math.max(0, Math.max(box[0] - a.x, a.x - box[3]));
                        double dy = Math.max(0, Math.max(box[1] - a.y, a.y - box[4]));
                        double dz = Math.max(0, Math.max(box[2] - a.z, a.z - box[5]));
                        if (!(Math.sqrt(dx * dx + dy * dy + dz * dz) - sweep > reach)) {
                            problems.add("segment " + seg + ": pair "
                                    + checker.pairDistance()
                                            .linkPair(PairKind.ENVIRONMENT, p, k, slot)
                                            .key() + " is neither listed nor provably far");
                        }
                    }
                }
            }
        }
        for (int i = 0; i < model.selfPairCount(); i++) {
            int ba = model.selfPairA(i), bb = model.selfPairB(i);
            int la = model.bodyLink(ba), lb = model.bodyLink(bb);
            for (int p = model.pieceStart(ba); p < model.pieceEnd(ba); p++) {
                for (int r = model.pieceStart(bb); r < model.pieceEnd(bb); r++) {
                    if (listed.contains(checker.pairDistance()
                            .linkPair(PairKind.SELF, p, r, -1)
                            .key())) {
                        continue;
                    }
                    p0.transformPoint(la, model.pieceSphere(p, 0), model.pieceSphere(p, 1), model.pieceSphere(p, 2), a);
                    p0.transformPoint(lb, model.pieceSphere(r, 0), model.pieceSphere(r, 1), model.pieceSphere(r, 2), b);
                    double gap = a.distance(b) - model.pieceSphere(p, 3) - model.pieceSphere(r, 3);
                    if (!checker.grid().selfPairFar(c, p, r, gap, reach)) {
                        problems.add("segment " + seg + ": self pair "
                                + checker.pairDistance()
                                        .linkPair(PairKind.SELF, p, r, -1)
                                        .key() + " is neither listed nor provably far");
                    }
                }
            }
        }
    }

    private void checkViolation(
            QueryContext c,
            ViolationRecord v,
            TrajectorySegments path,
            double margin,
            double tol,
            List<String> problems) {
        int seg = v.segment();
        double s = v.fraction();
        if (seg < 0 || seg >= path.segmentCount() || !(s >= 0 && s <= 1)) {
            problems.add("violation at segment " + seg + ", s = " + s + " is outside the trajectory");
            return;
        }
        PairRef pr = resolve(v.pair(), problems, seg);
        if (pr == null) {
            return;
        }
        path.start(c, seg);
        RobotCollisionModel model = checker.model();
        int la = model.bodyLink(model.pieceBody(pr.a()));
        int lb = pr.isEnvironment() ? -1 : model.bodyLink(model.pieceBody(pr.b()));
        LinkPoses poses = c.segment.posesAt(s);
        double fresh = checker.pairDistance()
                .lowerBound(c, pr.kind(), pr.a(), pr.b(), pr.slot(), poses.pose(la), lb < 0 ? null : poses.pose(lb));
        if (fresh > margin + tol) {
            problems.add("claimed violation is not one: fresh lower bound " + fresh + " > margin + tolerance "
                    + (margin + tol));
        }
        // the numbers stated with it: the configuration is the path's at the fraction (same arithmetic as the
        // certifier's, so bit for bit), the lower bound at most the fresh one and within margin + tolerance
        double[] q = c.positions(s);
        if (v.configuration() == null || !java.util.Arrays.equals(v.configuration(), q)) {
            problems.add("violation.configuration is not the trajectory's configuration at segment " + seg + ", s = "
                    + s + ": " + java.util.Arrays.toString(q));
        }
        if (v.lowerBound() == null || !(v.lowerBound() <= fresh + SLACK) || !(v.lowerBound() <= margin + tol)) {
            problems.add("violation.lowerBound " + v.lowerBound() + " is not proven: the fresh lower bound is " + fresh
                    + " and a violation is within margin + tolerance " + (margin + tol));
        }
        if (v.distance() != null && !(v.distance() >= v.lowerBound())) { // an estimate, but never below the bound
            problems.add("violation.distance " + v.distance() + " is below its lowerBound " + v.lowerBound());
        }
    }
}
