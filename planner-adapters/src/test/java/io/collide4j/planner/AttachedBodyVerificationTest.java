package io.collide4j.planner;

import io.collide4j.checker.query.CertificateWitness;
import io.collide4j.checker.query.CertificationResult;
import io.collide4j.checker.query.CollisionChecker;
import io.collide4j.checker.query.Verdict;
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
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Attached objects and caller-allowed pairs through the independent verifier (issue 31): the Panda demo certified
 * with a bar held in the hand (rotated 0.4 rad about z, through both fingers) and a caller-allowed pair verifies, with
 * exactly the three unproven pairs reported as assumptions; the box's pose moved by one ulp, or an assumption removed
 * from the allowed list, is refused naming the item; and a box grown in the witness is refused by the plane and
 * far-pair tests (the verifier checks the attached geometry, it does not take it on trust).
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
        double half = 0.2;   // quaternion of a 0.4 rad turn about z
        AttachedObject box = new AttachedObject("part", "panda_hand", new ObstacleShape.Box(0.02, 0.12, 0.03),
                new Pose(0, 0, 0.105, 0, 0, Math.sin(half), Math.cos(half)), Set.of("panda_leftfinger", "panda_rightfinger"));
        RobotCollisionModel model = RobotCollisionModel.builder(Models.robot("panda"), km).srdf(Models.semantics("panda"))
                .attach(box).allow("panda_link0", "panda_hand").build();
        CollisionChecker checker = CollisionChecker.of(model, panda.scene());
        CertificationResult r = new io.collide4j.checker.query.TrajectoryCertifier(checker).certify(plain.fullWaypoints(),
                null, null, plain.times(), panda.margin(), panda.tolerance(), TrajectoryCertifier.DEFAULT_BUDGET,
                checker.newContext());
        assertEquals(Verdict.CERTIFIED_FREE, r.verdict());
        json = r.certificateJson();
        bound = new BoundInputs(model.contentHash(), panda.scene().contentHash(), panda.tolerance(),
                km.variableNames(), Map.of(), CertificateWitness.derivedJson(checker, io.collide4j.checker.query.MeshMode.HULL), null);
    }

    static VerificationReport verify(String text) {
        return IndependentVerifier.verify(Models.robot("panda"), Models.semantics("panda"),
                text.getBytes(StandardCharsets.UTF_8), "attached.json", bound);
    }

    static VerificationReport unbound(String text) {
        return IndependentVerifier.verify(Models.robot("panda"), Models.semantics("panda"),
                new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), "attached.json");
    }

    @Test
    void theCertificateVerifiesAndListsWhatItAssumes() {
        assertTrue(json.contains("\"attached\":[{\"name\":\"part\",\"link\":\"panda_hand\",\"shape\":\"box\""), json.substring(0, 2000));
        assertTrue(json.contains("\"part\",0,\"env:") || json.contains("[\"part\",0,"), "the box is a listed piece of some pair");
        VerificationReport r = verify(json);
        assertTrue(r.valid(), r.problems().toString());
        assertTrue(r.stepsChecked() > 0);
        // the three pairs this test allowed without a reason the URDF or SRDF gives, and nothing else
        assertEquals(Set.of(new Assumption(Assumption.Kind.ATTACHED_CONTACT, "panda_hand", "part"),
                        new Assumption(Assumption.Kind.ATTACHED_CONTACT, "panda_leftfinger", "part"),
                        new Assumption(Assumption.Kind.ATTACHED_CONTACT, "panda_rightfinger", "part"),
                        new Assumption(Assumption.Kind.CALLER_ALLOWED_PAIR, "panda_hand", "panda_link0")),
                Set.copyOf(sorted(r.assumptions())));
        assertEquals(4, r.assumptions().size());
    }

    /** Pairs written in name order, so the comparison does not depend on which body the model numbered first. */
    private static List<Assumption> sorted(List<Assumption> as) {
        return as.stream().map(a -> a.first().compareTo(a.second()) <= 0 ? a : new Assumption(a.kind(), a.second(), a.first()))
                .toList();
    }

    @Test
    void anAttachedPoseMovedOneUlpIsRefusedNamingIt() {
        Matcher m = Pattern.compile("\"link\":\"panda_hand\",\"shape\":\"box\",\"size\":\\[[^]]*],\"pose\":\\[[^,]*,[^,]*,([^,]*),")
                .matcher(json);
        assertTrue(m.find());
        double z = Double.parseDouble(m.group(1));
        assertEquals(0.105, z);
        String moved = json.substring(0, m.start(1)) + Math.nextUp(z) + json.substring(m.end(1));
        VerificationReport r = verify(moved);
        assertFalse(r.valid());
        assertTrue(r.problems().get(0).startsWith("witness.attached[0] (attached object 'part').pose[2]: the certificate states"
                + " 0.10500000000000001, the inputs give 0.105"), r.problems().toString());
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
        assertTrue(u.problems().stream().anyMatch(p -> p.contains("panda_leftfinger") && p.contains("part")),
                u.problems().toString());
        assertTrue(u.assumptions().stream().noneMatch(a -> Set.of(a.first(), a.second()).equals(Set.of("panda_leftfinger", "part"))));
    }

    @Test
    void theAttachedGeometryIsCheckedNotTrusted() {
        // a 2 m box in the hand reaches the table and the shelf: whatever planes the certificate carries, the
        // verifier, reading the box from the witness, must refuse (unbound, so only the geometry tests can)
        String grown = json.replace("\"shape\":\"box\",\"size\":[0.02,0.12,0.03]", "\"shape\":\"box\",\"size\":[2.0,2.0,2.0]");
        assertTrue(!grown.equals(json), "box size as written");
        assertTrue(unbound(json).valid());
        VerificationReport r = unbound(grown);
        assertFalse(r.valid());
        assertTrue(r.problems().stream().anyMatch(p -> p.contains("part")), r.problems().toString());
    }
}
