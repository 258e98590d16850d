package io.collide4j.checker.srdf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.query.CollisionChecker;
import io.collide4j.checker.query.Contact;
import io.collide4j.checker.robot.LinkPairProof;
import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.Scene;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.UrdfParser;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Never pairs are proven, not sampled. The planted robot: an arm turns about z (j1) and tilts about y (j2); its tip
 * carries a 0.1 mm ball 1 m out, and the base carries a 0.2 mm cube exactly where that ball is at j1 = 1.0,
 * j2 = 0.5. So tip and base touch only within about ±3e-4 rad of that configuration in both joints: a uniform sample
 * hits that region with probability below 1e-8, and 10,000 samples all show the pair apart. A far post on the base
 * (5 m behind the axis, beyond the tip's 1 m reach) can never touch the tip.
 */
class SrdfNeverProofTest {
    static final double T1 = 1.0;
    static final double T2 = 0.5;

    static String urdf() {
        // the ball's place at (T1, T2): Rz(T1) Ry(T2) (1, 0, 0) = (cos T1 cos T2, sin T1 cos T2, -sin T2)
        String at = String.format(
                Locale.ROOT,
                "%.17g %.17g %.17g",
                Math.cos(T1) * Math.cos(T2),
                Math.sin(T1) * Math.cos(T2),
                -Math.sin(T2));
        return """
                <robot name="planted">
                  <link name="base">
                    <collision><origin xyz="%s"/><geometry><box size="0.0002 0.0002 0.0002"/></geometry></collision>
                  </link>
                  <link name="post"><collision><origin xyz="-5 0 0"/><geometry><box size="0.1 0.1 2"/></geometry></collision></link>
                  <link name="hub"><collision><geometry><sphere radius="0.01"/></geometry></collision></link>
                  <link name="tip"><collision><origin xyz="1 0 0"/><geometry><sphere radius="0.0001"/></geometry></collision></link>
                  <joint name="fix" type="fixed"><parent link="base"/><child link="post"/></joint>
                  <joint name="j1" type="revolute"><parent link="base"/><child link="hub"/><axis xyz="0 0 1"/>
                    <limit lower="-3.14159" upper="3.14159" effort="1" velocity="1"/></joint>
                  <joint name="j2" type="revolute"><parent link="hub"/><child link="tip"/><axis xyz="0 1 0"/>
                    <limit lower="-1.5" upper="1.5" effort="1" velocity="1"/></joint>
                </robot>
                """.formatted(at);
    }

    static RobotDescription robot() {
        return parse(urdf());
    }

    private static RobotDescription parse(String urdf) {
        return UrdfParser.create()
                .parse(
                        new ByteArrayInputStream(urdf.getBytes(StandardCharsets.UTF_8)),
                        URI.create("file:///mem/planted.urdf"));
    }

    private static Map<String, String> reasons(SrdfGenerator.Result r) {
        Map<String, String> got = new TreeMap<>();
        r.disabled()
                .forEach(p -> got.put(p.link1() + "-" + p.link2(), p.reason().srdfName()));
        return got;
    }

    @Test
    void thePlantedContactIsRealAndTheSamplesMissIt() {
        RobotDescription robot = robot();
        KinematicModel km = KinematicModel.of(robot);
        CollisionChecker c =
                CollisionChecker.of(RobotCollisionModel.builder(robot, km).build(), Scene.empty());
        List<Contact> at = c.contacts(new double[] {T1, T2}, 0, 10, c.newContext());
        assertTrue(
                at.stream()
                        .anyMatch(x ->
                                x.pair().key().contains("tip") && x.pair().key().contains("base")),
                "by construction the ball sits in the cube at (T1, T2): " + at);
        // MoveIt's behaviour: 10,000 samples all show the pair apart, so sampling alone would disable it
        SrdfGenerator.Result moveIt = SrdfGenerator.generate(
                robot,
                SrdfGenerator.Parameters.defaults()
                        .withSamples(10_000)
                        .withSeed(3)
                        .withSampledNever(true));
        assertEquals("Sampled", reasons(moveIt).get("base-tip"), reasons(moveIt).toString());
        assertTrue(moveIt.toSrdf().contains("reason=\"Sampled\""));
    }

    @Test
    void provenModeKeepsThePlantedPairCheckedAndProvesTheFarOne() {
        SrdfGenerator.Result r = SrdfGenerator.generate(
                robot(), SrdfGenerator.Parameters.defaults().withSamples(10_000).withSeed(3));
        Map<String, String> got = reasons(r);
        // hub (at the axis) and tip (1 m out) against the post 5 m behind: proven; base-hub, base-post, hub-tip joined
        assertEquals(
                Map.of(
                        "base-hub",
                        "Adjacent",
                        "hub-tip",
                        "Adjacent",
                        "base-post",
                        "Adjacent",
                        "post-hub",
                        "Never",
                        "post-tip",
                        "Never"),
                got);
        assertFalse(got.containsKey("base-tip"), "no proof covers base-tip: it must stay checked");
        assertEquals(List.of("base tip"), r.sampledOnly());
        assertEquals(Map.of("base tip", 0), r.checkedPairCollisions());
        assertEquals(2, r.provenNever());
        assertTrue(r.toSrdf().contains("not proven, so still checked:\n     base/tip."), r.toSrdf());
    }

    @Test
    void theProverSettlesFarPairsAndStopsAtTheContact() {
        RobotDescription robot = robot();
        RobotCollisionModel model =
                RobotCollisionModel.builder(robot, KinematicModel.of(robot)).build();
        LinkPairProof prover = new LinkPairProof(model, LinkPairProof.DEFAULT_BUDGET);
        LinkPairProof.Result far = prover.prove("post", "tip");
        assertEquals(LinkPairProof.Outcome.PROVEN, far.outcome());
        LinkPairProof.Result planted = prover.prove("base", "tip");
        assertFalse(planted.proven(), planted.toString());
        // one box (the whole range: the tip may move 4.6 m, it is 1 m from the cube at the centre) settles nothing
        assertEquals(
                LinkPairProof.Outcome.BUDGET,
                new LinkPairProof(model, 1).prove("base", "tip").outcome());
    }

    @Test
    void piecesSettledByTheirSpheresDoNotHideTheContact() {
        // base and tip get a second piece each, far from the contact (a slab 3 m below the base, a ball half-way out
        // on the arm, which stays 0.5 m from the cube): their body spheres then span the contact, and the prover
        // settles most piece pairs by their spheres; the planted contact must still stop the proof
        String two = urdf().replace(
                        "</collision>\n  </link>\n  <link name=\"post\">",
                        "</collision>\n    <collision><origin xyz=\"0 0 -3\"/><geometry><box size=\"1 1 0.1\"/></geometry>"
                                + "</collision>\n  </link>\n  <link name=\"post\">")
                .replace(
                        "<sphere radius=\"0.0001\"/></geometry></collision></link>",
                        "<sphere radius=\"0.0001\"/></geometry></collision><collision><origin xyz=\"0.5 0 0\"/>"
                                + "<geometry><sphere radius=\"0.0001\"/></geometry></collision></link>");
        RobotDescription robot = parse(two);
        assertEquals(2, robot.linksByName().get("base").collisions().size(), two);
        assertEquals(2, robot.linksByName().get("tip").collisions().size(), two);
        RobotCollisionModel model =
                RobotCollisionModel.builder(robot, KinematicModel.of(robot)).build();
        LinkPairProof prover = new LinkPairProof(model, LinkPairProof.DEFAULT_BUDGET);
        LinkPairProof.Result planted = prover.prove("base", "tip");
        assertEquals(LinkPairProof.Outcome.TOUCHING, planted.outcome(), planted.toString());
        assertEquals(LinkPairProof.Outcome.PROVEN, prover.prove("post", "tip").outcome());
    }
}
