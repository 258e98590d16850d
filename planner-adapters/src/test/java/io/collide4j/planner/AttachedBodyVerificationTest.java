package io.collide4j.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.certificate.CertificateWitness;
import io.collide4j.checker.certificate.CertificationResult;
import io.collide4j.checker.certificate.Verdict;
import io.collide4j.checker.query.CollisionChecker;
import io.collide4j.checker.robot.AttachedObject;
import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.ObstacleShape;
import io.collide4j.kinematics.JointTrajectory;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.kinematics.TrajectoryCsv;
import io.collide4j.models.Models;
import io.collide4j.urdf.Pose;
import io.collide4j.verifier.Assumption;
import io.collide4j.verifier.BoundInputs;
import io.collide4j.verifier.IndependentVerifier;
import io.collide4j.verifier.VerificationReport;
import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Attached objects and caller-allowed pairs through the independent verifier (issue 31): the Panda demo certified
 * with a bar held in the hand (rotated 0.4 rad about z, through both fingers) and a caller-allowed pair verifies, with
 * exactly the three unproven pairs reported as assumptions; the box's pose moved by one ulp, or an assumption removed
 * from the allowed list, is refused naming the item; and a box grown in the witness is refused by the plane and
 * far-pair tests (the verifier checks the attached geometry, it does not take it on trust); a planted certifier that
 * forgets attached objects is accepted by the recompute verifier over its own model and rejected by the independent
 * verifier naming the bar it forgot.
 */
class AttachedBodyVerificationTest {
    static String json;
    static BoundInputs bound;
    static Collide4j panda;

    @BeforeAll
    static void certify() {
        panda = Collide4j.builder().robot("panda").sceneName("table_shelf").build();
        JointTrajectory demo = TrajectoryCsv.read(new StringReader(Models.trajectoryCsv("panda_shelf_demo")), "demo");
        TrajectoryCertifier.Certification plain = panda.trajectoryCertifier().certify(demo, panda.margin(), 10);
        KinematicModel km = KinematicModel.of(Models.robot("panda"));
        double half = 0.2; // quaternion of a 0.4 rad turn about z
        AttachedObject box = new AttachedObject(
                "part",
                "panda_hand",
                new ObstacleShape.Box(0.02, 0.12, 0.03),
                new Pose(0, 0, 0.105, 0, 0, Math.sin(half), Math.cos(half)),
                Set.of("panda_leftfinger", "panda_rightfinger"));
        RobotCollisionModel model = RobotCollisionModel.builder(Models.robot("panda"), km)
                .srdf(Models.semantics("panda"))
                .attach(box)
                .allow("panda_link0", "panda_hand")
                .build();
        CollisionChecker checker = CollisionChecker.of(model, panda.scene());
        CertificationResult r = new io.collide4j.checker.certificate.TrajectoryCertifier(checker)
                .certify(
                        plain.fullWaypoints(),
                        null,
                        null,
                        plain.times(),
                        panda.margin(),
                        panda.tolerance(),
                        TrajectoryCertifier.DEFAULT_BUDGET,
                        checker.newContext());
        assertEquals(Verdict.CERTIFIED_FREE, r.verdict());
        json = r.certificateJson();
        bound = new BoundInputs(
                model.contentHash(),
                panda.scene().contentHash(),
                panda.tolerance(),
                km.variableNames(),
                Map.of(),
                CertificateWitness.derivedJson(checker, io.collide4j.checker.query.MeshMode.HULL),
                null);
    }

    static VerificationReport verify(String text) {
        return IndependentVerifier.verify(
                Models.robot("panda"),
                Models.semantics("panda"),
                text.getBytes(StandardCharsets.UTF_8),
                "attached.json",
                bound);
    }

    static VerificationReport unbound(String text) {
        return IndependentVerifier.verify(
                Models.robot("panda"),
                Models.semantics("panda"),
                new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)),
                "attached.json");
    }

    @Test
    void theCertificateVerifiesAndListsWhatItAssumes() {
        assertTrue(
                json.contains("\"attached\":[{\"name\":\"part\",\"link\":\"panda_hand\",\"shape\":\"box\""),
                json.substring(0, 2000));
        assertTrue(
                json.contains("\"part\",0,\"env:") || json.contains("[\"part\",0,"),
                "the box is a listed piece of some pair");
        VerificationReport r = verify(json);
        assertTrue(r.valid(), r.problems().toString());
        assertTrue(r.stepsChecked() > 0);
        // the three pairs this test allowed without a reason the URDF or SRDF gives, and nothing else
        assertEquals(
                Set.of(
                        new Assumption(Assumption.Kind.ATTACHED_CONTACT, "panda_hand", "part"),
                        new Assumption(Assumption.Kind.ATTACHED_CONTACT, "panda_leftfinger", "part"),
                        new Assumption(Assumption.Kind.ATTACHED_CONTACT, "panda_rightfinger", "part"),
                        new Assumption(Assumption.Kind.CALLER_ALLOWED_PAIR, "panda_hand", "panda_link0")),
                Set.copyOf(sorted(r.assumptions())));
        assertEquals(4, r.assumptions().size());
    }

    /** Pairs written in name order, so the comparison does not depend on which body the model numbered first. */
    private static List<Assumption> sorted(List<Assumption> as) {
        return as.stream()
                .map(a -> a.first().compareTo(a.second()) <= 0 ? a : new Assumption(a.kind(), a.second(), a.first()))
                .toList();
    }

    @Test
    void anAttachedPoseMovedOneUlpIsRefusedNamingIt() {
        Matcher m = Pattern.compile(
                        "\"link\":\"panda_hand\",\"shape\":\"box\",\"size\":\\[[^]]*],\"pose\":\\[[^,]*,[^,]*,([^,]*),")
                .matcher(json);
        assertTrue(m.find());
        double z = Double.parseDouble(m.group(1));
        assertEquals(0.105, z);
        String moved = json.substring(0, m.start(1)) + Math.nextUp(z) + json.substring(m.end(1));
        VerificationReport r = verify(moved);
        assertFalse(r.valid());
        assertTrue(
                r.problems()
                        .get(0)
                        .startsWith("witness.attached[0] (attached object 'part').pose[2]: the certificate states"
                                + " 0.10500000000000001, the inputs give 0.105"),
                r.problems().toString());
    }

    @Test
    void anAssumptionRemovedFromTheListIsRefusedNamingIt() {
        String entry = "[\"panda_leftfinger\",\"part\",\"Attached\"],";
        String other = "[\"part\",\"panda_leftfinger\",\"Attached\"],";
        String e = json.contains(entry) ? entry : other;
        assertTrue(json.contains(e), "the finger-part entry is in witness.allowed");
        String removed = json.replace(e, "");
        VerificationReport r = verify(removed);
        assertFalse(r.valid());
        assertTrue(r.problems().get(0).contains("witness.allowed"), r.problems().toString());
        // without the binding stage the pair is checked instead of assumed: the 12 cm bar passes through both fingers
        // (they are at most 4 cm from the hand's axis), so no plane can separate them and the verifier names the pair
        VerificationReport u = unbound(removed);
        assertFalse(u.valid());
        assertTrue(
                u.problems().stream().anyMatch(p -> p.contains("panda_leftfinger") && p.contains("part")),
                u.problems().toString());
        assertTrue(u.assumptions().stream()
                .noneMatch(a -> Set.of(a.first(), a.second()).equals(Set.of("panda_leftfinger", "part"))));
    }

    @Test
    void theAttachedGeometryIsCheckedNotTrusted() {
        // a 2 m box in the hand reaches the table and the shelf: whatever planes the certificate carries, the
        // verifier, reading the box from the witness, must refuse (unbound, so only the geometry tests can)
        String grown =
                json.replace("\"shape\":\"box\",\"size\":[0.02,0.12,0.03]", "\"shape\":\"box\",\"size\":[2.0,2.0,2.0]");
        assertTrue(!grown.equals(json), "box size as written");
        assertTrue(unbound(json).valid());
        VerificationReport r = unbound(grown);
        assertFalse(r.valid());
        assertTrue(
                r.problems().stream().anyMatch(p -> p.contains("part")),
                r.problems().toString());
    }

    /**
     * A planted bug: a certifier that forgets to check attached objects. It certifies the demo with a 1 m bar held
     * below the hand (which reaches the table: the honest certifier finds a VIOLATION) using a model without the bar,
     * and labels the certificate with the real inputs' witness and robot hash. Its planes are self-consistent (the
     * recompute verifier over the same forgetful model accepts them), the binding stage finds every field as the
     * inputs give it, and the independent verifier, which enumerates the bar's pairs itself (C3), rejects it naming the
     * bar.
     */
    @Test
    void aCertifierThatForgetsTheAttachedObjectIsCaught() {
        JointTrajectory demo = TrajectoryCsv.read(new StringReader(Models.trajectoryCsv("panda_shelf_demo")), "demo");
        TrajectoryCertifier.Certification plain = panda.trajectoryCertifier().certify(demo, panda.margin(), 10);
        KinematicModel km = KinematicModel.of(Models.robot("panda"));
        AttachedObject bar = new AttachedObject(
                "bar",
                "panda_hand",
                new ObstacleShape.Box(0.04, 0.04, 1.0),
                new Pose(0, 0, 0.5, 0, 0, 0, 1),
                Set.of("panda_leftfinger", "panda_rightfinger"));
        RobotCollisionModel honest = RobotCollisionModel.builder(Models.robot("panda"), km)
                .srdf(Models.semantics("panda"))
                .attach(bar)
                .build();
        RobotCollisionModel forgetful = RobotCollisionModel.builder(Models.robot("panda"), km)
                .srdf(Models.semantics("panda"))
                .build();
        CollisionChecker real = CollisionChecker.of(honest, panda.scene());
        CollisionChecker planted = CollisionChecker.of(forgetful, panda.scene());
        assertEquals(
                Verdict.VIOLATION,
                new io.collide4j.checker.certificate.TrajectoryCertifier(real)
                        .certify(
                                plain.fullWaypoints(),
                                null,
                                null,
                                plain.times(),
                                panda.margin(),
                                panda.tolerance(),
                                TrajectoryCertifier.DEFAULT_BUDGET,
                                real.newContext())
                        .verdict(),
                "the bar does reach something");
        String raw = new io.collide4j.checker.certificate.TrajectoryCertifier(planted)
                .certify(
                        plain.fullWaypoints(),
                        null,
                        null,
                        plain.times(),
                        panda.margin(),
                        panda.tolerance(),
                        TrajectoryCertifier.DEFAULT_BUDGET,
                        planted.newContext())
                .certificateJson();
        assertTrue(raw.contains("\"verdict\":\"CERTIFIED_FREE\""));
        assertEquals(
                List.of(),
                new io.collide4j.checker.certificate.CertificateVerifier(forgetful, panda.scene())
                        .verify(raw)
                        .problems());

        String witness = CertificateWitness.derivedJson(real, io.collide4j.checker.query.MeshMode.HULL);
        Matcher w =
                Pattern.compile("\"witness\":(\\{.*?\"obstacles\":\\[.*?]})").matcher(raw);
        assertTrue(w.find(), "the witness section");
        String labelled = (raw.substring(0, w.start(1)) + witness + raw.substring(w.end(1)))
                .replace(forgetful.contentHash(), honest.contentHash());
        BoundInputs inputs = new BoundInputs(
                honest.contentHash(),
                panda.scene().contentHash(),
                panda.tolerance(),
                km.variableNames(),
                Map.of(),
                witness,
                null);
        VerificationReport r = IndependentVerifier.verify(
                Models.robot("panda"),
                Models.semantics("panda"),
                labelled.getBytes(StandardCharsets.UTF_8),
                "planted.json",
                inputs);
        assertFalse(r.valid());
        assertTrue(
                r.problems().stream().allMatch(p -> p.contains("bar")),
                r.problems().toString());
        assertTrue(
                r.problems()
                        .get(0)
                        .contains(
                                "is not listed and its enclosures do not prove it farther apart than the" + " margin"),
                r.problems().toString());
    }
}
