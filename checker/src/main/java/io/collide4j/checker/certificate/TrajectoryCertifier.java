package io.collide4j.checker.certificate;

import io.collide4j.checker.query.AdvanceStatus;
import io.collide4j.checker.query.Advancement;
import io.collide4j.checker.query.CollisionChecker;
import io.collide4j.checker.query.Contact;
import io.collide4j.checker.query.LinkPair;
import io.collide4j.checker.query.MeshMode;
import io.collide4j.checker.query.PairKind;
import io.collide4j.checker.query.QueryContext;
import java.io.StringWriter;
import java.io.Writer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongConsumer;

/**
 * Certifies a joint-space trajectory (waypoints at strictly increasing times joined by straight joint-space
 * segments, or by the cubic / quintic pieces of a trajectory with velocities) against a {@link CollisionChecker}'s robot and scene, by conservative
 * advancement of every candidate pair on every segment, and writes a certificate that
 * {@link CertificateVerifier} can re-check. Stateless apart from the caller's {@link QueryContext}.
 *
 * <p>Certificate (JSON, format {@value CertificateFormat#FORMAT}, written as a stream by {@link CertificateWriter} so that its size
 * is not bounded by memory): margin, tolerance, SHA-256 of robot model,
 * scene and trajectory, optionally the {@link Provenance} of robot and scene (format /2.1; a certificate without
 * provenance is written, and still read, as {@value CertificateFormat#FORMAT_2}), the trajectory itself (exact:
 * interpolation, waypoints, velocities and accelerations
 * when given, times), {@code segments}: per segment (in order) a list of the candidate pairs, each
 * {@code {"pair": [first, firstPiece, second, secondPiece, environment], "ends": [...], "lb": [...]}} — the
 * advancement steps, step k spanning [ends[k−1], ends[k]] (ends[−1] = 0) and claiming distance &gt; margin there,
 * with lb[k] a claimed lower bound on the distance at its start — then the verdict, the first violation if any
 * (null otherwise) and per-pair clearance lower bounds, and the mesh mode ({@link MeshMode}) its lower bounds were computed in. In
 * {@link MeshMode#EXACT} a mesh pair that comes within the tolerance of the margin is refined by Tight-Inclusion as
 * in {@code checkMotion}: a window it proves clear is a step whose lower bound is {@value CertificateFormat#EXACT_WINDOW}, and the
 * verifier re-runs Tight-Inclusion on exactly that window. To keep it compact, step ends inside a segment are short decimals (the certifier
 * advances to a step's end rounded down to about two significant digits of the step's length, and evaluates
 * there), and lower bounds and clearances are rounded down to {@value CertificateFormat#CLAIM_DIGITS} significant digits: claims
 * only get weaker, and the verifier recomputes everything.
 *
 * <p>A trajectory must stay inside the robot's joint limits, between waypoints too (a spline can overshoot where
 * its waypoints do not); one that leaves them is refused with a {@link io.collide4j.kinematics.TrajectoryException}
 * naming the segment, joint, time and value of the largest excursion ({@code KinematicModel.limitViolations}).
 */
public final class TrajectoryCertifier {
    private final CollisionChecker checker;
    private final boolean witnesses;

    /** A certifier that writes witnesses (format {@value CertificateFormat#FORMAT}): a separating plane per step, see {@link WitnessPlanes}. */
    public TrajectoryCertifier(CollisionChecker checker) {
        this(checker, true);
    }

    private TrajectoryCertifier(CollisionChecker checker, boolean witnesses) {
        this.checker = checker;
        this.witnesses = witnesses;
    }

    /**
     * A certifier that writes no witnesses: format {@value CertificateFormat#FORMAT_2_1} ({@value
     * CertificateFormat#FORMAT_2} without provenance), which
     * only the recompute verifier ({@link CertificateVerifier}) checks; the same verdicts and steps, smaller files.
     */
    public static TrajectoryCertifier withoutWitnesses(CollisionChecker checker) {
        return new TrajectoryCertifier(checker, false);
    }

    /** SHA-256 of the waypoints and times of a straight-segment trajectory (exact bits). */
    public static String trajectoryHash(double[][] waypoints, double[] times) {
        return TrajectorySegments.hash(waypoints, null, null, times);
    }

    /** The hash of a trajectory with velocities (and accelerations; either may be null), as certificates state it. */
    public static String trajectoryHash(
            double[][] waypoints, double[][] velocities, double[][] accelerations, double[] times) {
        return TrajectorySegments.hash(waypoints, velocities, accelerations, times);
    }

    /**
     * Certifies the trajectory for margin with the default tolerance; {@code budget} caps distance
     * evaluations over the whole trajectory (INCONCLUSIVE when it runs out).
     */
    public CertificationResult certify(
            double[][] waypoints, double[] times, double margin, long budget, QueryContext c) {
        return certify(waypoints, times, margin, CollisionChecker.DEFAULT_TOLERANCE, budget, c);
    }

    public CertificationResult certify(
            double[][] waypoints, double[] times, double margin, double tolerance, long budget, QueryContext c) {
        return certify(waypoints, null, null, times, margin, tolerance, budget, c);
    }

    /**
     * Certifies the motion a controller executes when it follows waypoints with velocities (cubic Hermite pieces)
     * and optionally accelerations (quintic pieces), all given per waypoint over every model variable; velocities
     * null means straight joint-space segments. The continuous check covers the curved pieces themselves (the
     * kinematics' motion bounds use the spline's velocity bounds), not a sampling of them.
     */
    public CertificationResult certify(
            double[][] waypoints,
            double[][] velocities,
            double[][] accelerations,
            double[] times,
            double margin,
            double tolerance,
            long budget,
            QueryContext c) {
        StringWriter w = new StringWriter();
        CertificationResult r = certify(
                waypoints, velocities, accelerations, times, margin, tolerance, budget, c, Provenance.UNKNOWN, w);
        return new CertificationResult(r.verdict(), r.violation(), r.pairClearance(), r.evaluations(), w.toString());
    }

    /**
     * As {@link #certify(double[][], double[][], double[][], double[], double, double, long, QueryContext)}, but the
     * certificate, recording {@code provenance}, is streamed to {@code out} (flushed, not closed) as the segments are
     * proved, and the result's {@code certificateJson} is null: a million-waypoint trajectory never has its
     * certificate in memory.
     */
    public CertificationResult certify(
            double[][] waypoints,
            double[][] velocities,
            double[][] accelerations,
            double[] times,
            double margin,
            double tolerance,
            long budget,
            QueryContext c,
            Provenance provenance,
            Writer out) {
        return certify(
                waypoints, velocities, accelerations, times, margin, tolerance, budget, c, provenance, out, null);
    }

    /**
     * As {@link #certify(double[][], double[][], double[][], double[], double, double, long, QueryContext,
     * Provenance, Writer)}, calling {@code segmentsDone} (null: none) on the calling thread after each segment with
     * the number of segments certified so far (1, 2, …, up to {@code waypoints.length - 1}; fewer when a
     * violation or the budget stops it), for progress display. It sees nothing else and changes nothing: results
     * and certificate bytes are those without it.
     */
    public CertificationResult certify(
            double[][] waypoints,
            double[][] velocities,
            double[][] accelerations,
            double[] times,
            double margin,
            double tolerance,
            long budget,
            QueryContext c,
            Provenance provenance,
            Writer out,
            LongConsumer segmentsDone) {
        if (!c.belongsTo(checker)) {
            throw new IllegalArgumentException("query context belongs to another checker");
        }
        if (!(margin >= 0) || !Double.isFinite(margin) || !(tolerance > 0) || !Double.isFinite(tolerance)) {
            throw new IllegalArgumentException("need margin >= 0 and tolerance > 0, got " + margin + ", " + tolerance);
        }
        TrajectorySegments path =
                new TrajectorySegments(checker.model().kinematics(), waypoints, velocities, accelerations, times);
        c.evaluations = 0;
        c.budget = budget;
        Map<String, Double> clearance = new HashMap<>();
        CertificateWriter cert = new CertificateWriter(out);
        cert.header(
                margin,
                tolerance,
                checker.prepared().meshMode(),
                checker.model().contentHash(),
                checker.scene().contentHash(),
                path,
                times,
                provenance,
                witnesses ? CertificateWitness.of(checker.model(), checker.prepared()) : null,
                witnesses ? CertificateCover.of(checker.model()) : null);
        WitnessPlanes planer =
                witnesses ? new WitnessPlanes(checker.model(), checker.prepared(), checker.grid()) : null;
        MeshWindowPlanes runner = witnesses && checker.prepared().meshMode() == MeshMode.EXACT
                ? new MeshWindowPlanes(checker.model(), checker.prepared(), checker.grid())
                : null;
        Advancement advancement = checker.advancement();
        Map<String, Double> planeClearance = new HashMap<>();
        Map<String, Integer> listedIn = new HashMap<>(); // pair key -> segments that list it with proven steps
        Verdict verdict = Verdict.CERTIFIED_FREE;
        Violation violation = null;
        for (int i = 0; i + 1 < waypoints.length && verdict == Verdict.CERTIFIED_FREE; i++) {
            path.start(c, i);
            checker.collector().collectMotionPairs(c, margin + tolerance);
            List<CertificateWriter.PairRecord> pairs = new ArrayList<>();
            double earliest = 2;
            Contact hit = null;
            for (int p = 0; p < c.pairs.count(); p++) {
                PairKind kind = c.pairs.kind(p);
                int a = c.pairs.pieceA(p), b = c.pairs.pieceB(p), slot = c.pairs.slot(p);
                List<Double> ends = new ArrayList<>();
                List<Double> lbs = new ArrayList<>();
                List<SeparatingPlane> planes = planer == null ? null : new ArrayList<>();
                // exact mesh pairs are measured against triangles, not a convex piece: a step gets one plane against
                // the mesh's hull when that holds, else per-triangle runs (windows, verifier lemma E1)
                boolean exactMesh =
                        kind == PairKind.ENVIRONMENT && checker.prepared().mesh(b) != null;
                boolean planar = planer != null && !exactMesh;
                List<TriangleRun[]> windows = planer != null && exactMesh ? new ArrayList<>() : null;
                double whole = planar ? checker.grid().wholeMotionBound(c, kind, a, b) : 0;
                AdvanceStatus st = advancement.advance(
                        c,
                        kind,
                        a,
                        b,
                        slot,
                        Math.min(1, earliest),
                        margin,
                        tolerance,
                        new Advancement.StepSink() {
                            @Override
                            public void step(double s0, double s1, double lb, double mu) {
                                if (planar) {
                                    planer.cover(
                                            c,
                                            kind,
                                            a,
                                            b,
                                            slot,
                                            s0,
                                            s1,
                                            CertificateFormat.roundDown(lb, CertificateFormat.CLAIM_DIGITS),
                                            margin,
                                            whole,
                                            ends,
                                            lbs,
                                            planes);
                                    return;
                                }
                                ends.add(s1);
                                lbs.add(CertificateFormat.roundDown(lb, CertificateFormat.CLAIM_DIGITS));
                                meshProof(s0, s1);
                            }

                            /**
                             * An exact-mesh step's or Tight-Inclusion window's proof: one plane against the mesh's hull (holds
                             * the surface and the solid, and anchors lemma E2), else its triangle runs (E1), else neither.
                             */
                            private void meshProof(double s0, double s1) {
                                if (planes == null) {
                                    return;
                                }
                                SeparatingPlane p =
                                        windows == null ? null : planer.wholeStep(c, a, b, slot, s0, s1, margin);
                                planes.add(p);
                                if (windows != null) {
                                    windows.add(p == null ? runner.runs(c, a, b, slot, s0, s1, margin) : null);
                                }
                            }

                            @Override
                            public double end(double s0, double s1) {
                                return CertificateFormat.shortEnd(s0, s1);
                            }

                            @Override
                            public void exactWindow(double s0, double s1) {
                                ends.add(s1);
                                lbs.add(CertificateFormat.EXACT_WINDOW);
                                meshProof(s0, s1);
                            }
                        },
                        0);
                LinkPair id = checker.pairDistance().linkPair(kind, a, b, slot);
                if (planes != null) {
                    provableBounds(lbs, planes, windows);
                }
                boolean anyRuns = windows != null && windows.stream().anyMatch(w -> w != null);
                pairs.add(new CertificateWriter.PairRecord(
                        id,
                        unbox(ends),
                        unbox(lbs),
                        planes == null ? null : planes.toArray(new SeparatingPlane[0]),
                        anyRuns ? windows.toArray(new TriangleRun[0][]) : null));
                if (st == AdvanceStatus.INCONCLUSIVE) {
                    verdict = Verdict.INCONCLUSIVE;
                    break;
                }
                if (st == AdvanceStatus.VIOLATED) {
                    earliest = c.stopS;
                    hit = contactOf(c, kind, a, b, slot);
                } else if (!ends.isEmpty()) {
                    clearance.merge(id.key(), c.clearance, Math::min);
                    listedIn.merge(id.key(), 1, Integer::sum);
                    if (planes != null) {
                        planeClearance.merge(
                                id.key(), Math.min(planeClearance(planes), runClearance(windows)), Math::min);
                    }
                }
            }
            cert.segment(pairs);
            if (verdict == Verdict.CERTIFIED_FREE && hit != null) {
                verdict = Verdict.VIOLATION;
                double t = times[i] + earliest * (times[i + 1] - times[i]);
                violation = new Violation(i, earliest, t, c.positions(earliest), hit);
            }
            if (segmentsDone != null) {
                segmentsDone.accept(i + 1);
            }
        }
        if (verdict != Verdict.CERTIFIED_FREE) {
            clearance.clear(); // only a complete certificate supports per-pair clearance over the trajectory
        }
        Map<String, Double> claimed = new TreeMap<>();
        // with witnesses a claim is also at most what the planes show, so the independent verifier can check it
        // a segment that does not list a pair shows it only beyond margin + tolerance: the certificate claims nothing
        // over the trajectory for it (the result keeps the listed segments' bound, as before)
        int segments = waypoints.length - 1;
        clearance.forEach((k, v) -> {
            if (listedIn.getOrDefault(k, 0) == segments) {
                claimed.put(
                        k,
                        CertificateFormat.roundDown(
                                Math.min(v, planeClearance.getOrDefault(k, v)), CertificateFormat.CLAIM_DIGITS));
            }
        });
        cert.finish(verdict, violation, claimed);
        return new CertificationResult(verdict, violation, clearance, c.evaluations, null);
    }

    /**
     * Lowers each step's claimed lower bound to what its plane shows over the step, so that a verifier that reads only
     * planes proves every number the certificate states (verifier/SOUNDNESS.md, lemma P2): lb[k] becomes a lower bound
     * of the pair's distance over the whole step (hence also at its start, what the recompute verifier checks against
     * its fresh bound, a check that only gets easier). Planeless steps (Tight-Inclusion windows, exact meshes) keep theirs.
     */
    private static void provableBounds(List<Double> lbs, List<SeparatingPlane> planes, List<TriangleRun[]> windows) {
        for (int k = 0; k < lbs.size(); k++) {
            SeparatingPlane p = planes.get(k);
            TriangleRun[] runs = windows == null ? null : windows.get(k);
            double shown = p != null
                    ? p.clearanceShown()
                    : runs != null ? runClearance(java.util.Collections.singletonList(runs)) : Double.NaN;
            if (!Double.isNaN(shown) && lbs.get(k) != CertificateFormat.EXACT_WINDOW) {
                // clearanceShown is shrunk by ~2e-15 relative, below the verifier's interval quotient (a few ulps)
                lbs.set(k, Math.min(lbs.get(k), CertificateFormat.roundDown(shown, CertificateFormat.CLAIM_DIGITS)));
            }
        }
    }

    /** The least clearance the runs of window steps show (+∞ for none); a step's runs come as one array. */
    private static double runClearance(List<TriangleRun[]> windows) {
        double min = Double.POSITIVE_INFINITY;
        if (windows != null) {
            for (TriangleRun[] runs : windows) {
                if (runs != null) {
                    for (TriangleRun r : runs) {
                        min = Math.min(min, r.plane().clearanceShown());
                    }
                }
            }
        }
        return min;
    }

    /**
     * The least clearance the pair's planes show: (gA + gB) / |n| over its steps, rounded down (a step without a plane
     * shows nothing, so it does not lower the claim; the independent verifier refuses such a certificate anyway).
     */
    private static double planeClearance(List<SeparatingPlane> planes) {
        double min = Double.POSITIVE_INFINITY;
        for (SeparatingPlane p : planes) {
            if (p != null) {
                min = Math.min(min, p.clearanceShown());
            }
        }
        return min;
    }

    private static double[] unbox(List<Double> l) {
        double[] out = new double[l.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = l.get(i);
        }
        return out;
    }

    private Contact contactOf(QueryContext c, PairKind kind, int a, int b, int slot) {
        double margins = checker.model().pieceMargin(a)
                + (kind == PairKind.ENVIRONMENT
                        ? checker.prepared().margin(b)
                        : checker.model().pieceMargin(b));
        double est = c.result.intersecting ? -margins : c.result.distance - margins;
        return new Contact(
                checker.pairDistance().linkPair(kind, a, b, slot),
                c.minLowerBound,
                Math.max(c.minLowerBound, est),
                new org.joml.Vector3d(c.result.witnessA),
                new org.joml.Vector3d(c.result.witnessB),
                new org.joml.Vector3d(c.result.normal));
    }
}
