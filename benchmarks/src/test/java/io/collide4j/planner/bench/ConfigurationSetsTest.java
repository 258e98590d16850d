package io.collide4j.planner.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.narrowphase.Epa;
import io.collide4j.checker.narrowphase.PenetrationResult;
import io.collide4j.planner.Collide4j;
import java.io.BufferedReader;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.joml.Matrix4d;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The stored configuration sets (tests/data/bench/configuration-sets-v1.csv): complete, regenerated bit for bit from
 * their seed, and every sampled target re-verified with the exact oracle within 1e-9. By default Scenario I is
 * checked on every 16th configuration (124), Scenario II on every 8th (88), the robots on every 4th (32);
 * the full run ({@code -Pslow}) checks all 2,816 (about 40 s on 2 cores).
 */
class ConfigurationSetsTest {
    private static ConfigurationSets sets;
    private static final Map<String, BenchBody> BODIES = new HashMap<>();

    @BeforeAll
    static void read() throws Exception {
        Path file = Path.of(System.getProperty("collide4j.testdata", "../tests/data"))
                .resolve("bench/configuration-sets-v1.csv");
        sets = ConfigurationSets.read(file);
    }

    private static BenchBody body(String name) {
        return BODIES.computeIfAbsent(name, BenchBody::named);
    }

    private static BenchBody[] bodies(int pair) {
        return new BenchBody[] {
            body(sets.bodyPairs().get(pair)[0]), body(sets.bodyPairs().get(pair)[1])
        };
    }

    @Test
    void everyBucketOfEveryPairAndRobotIsFilled() {
        assertEquals(1, sets.seed());
        assertEquals(ConfigurationSetGenerator.V1_PAIRS.size(), sets.bodyPairs().size());
        for (int p = 0; p < sets.bodyPairs().size(); p++) {
            assertArrayEquals(
                    ConfigurationSetGenerator.V1_PAIRS.get(p), sets.bodyPairs().get(p));
            for (Scenario sc : Scenario.values()) {
                for (int b = 0; b <= sc.maxBucket(); b++) {
                    int pp = p, bb = b;
                    long n = sets.pairs().stream()
                            .filter(c -> c.pair() == pp && c.scenario() == sc && c.bucket() == bb)
                            .count();
                    assertEquals(16, n, "pair " + p + " scenario " + sc + " bucket " + b);
                }
            }
        }
        for (String robot : ConfigurationSetGenerator.V1_ROBOTS) {
            for (int mm = 0; mm <= ConfigurationSetGenerator.ROBOT_MAX_MM; mm++) {
                int m = mm;
                assertEquals(
                        4,
                        sets.robots().stream()
                                .filter(r -> r.robot().equals(robot) && r.bucketMm() == m)
                                .count(),
                        robot + " " + mm + " mm");
            }
        }
    }

    /** Index of a stored configuration within its (pair, scenario, bucket) group. */
    private static PairConfiguration stored(int pair, Scenario sc, int bucket, int index) {
        return sets.pairs().stream()
                .filter(c -> c.pair() == pair && c.scenario() == sc && c.bucket() == bucket)
                .skip(index)
                .findFirst()
                .orElseThrow();
    }

    @Test
    void regeneratingASubsetFromTheSeedGivesIdenticalData() {
        ConfigurationSetGenerator g = new ConfigurationSetGenerator(sets.seed());
        int[][] picks = {
            {0, 0, 0, 3}, {0, 0, 13, 0}, {0, 1, 7, 5}, {3, 0, 29, 15}, {3, 1, 0, 2}, {2, 1, 10, 9}, {1, 0, 1, 4}
        };
        for (int[] k : picks) {
            BenchBody[] ab = bodies(k[0]);
            Scenario sc = Scenario.values()[k[1]];
            PairConfiguration again = g.pair(k[0], ab[0], ab[1], sc, k[2], k[3], new PairOracle());
            assertEquals(
                    stored(k[0], sc, k[2], k[3]), again, "pair " + k[0] + " " + sc + " bucket " + k[2] + " #" + k[3]);
        }
        for (Object[] k : new Object[][] {{"panda", 6, 1}, {"ur5e", 11, 2}}) {
            String robot = (String) k[0];
            int mm = (Integer) k[1], index = (Integer) k[2];
            RobotConfiguration stored = sets.robots().stream()
                    .filter(r -> r.robot().equals(robot) && r.bucketMm() == mm)
                    .skip(index)
                    .findFirst()
                    .orElseThrow();
            RobotConfiguration again = g.robot(
                    ConfigurationSetGenerator.robotChecker(robot, stored.scene()), robot, stored.scene(), mm, index);
            // pair sets use only IEEE-exact operations and StrictMath: bit-identical anywhere; the robot sets go
            // through
            // FK's Math.sin/cos, which Java lets differ by an ulp between platforms, so they agree to 1e-9 elsewhere
            // (and bit for bit on the x86-64 machine that wrote them)
            assertEquals(stored.clearance(), again.clearance(), 1e-9, robot);
            assertArrayEquals(stored.q(), again.q(), 1e-9, robot);
        }
    }

    @Test
    void scenarioOneClearancesReverifyWithTheExactOracle() {
        scenarioOne(16);
    }

    @Test
    void scenarioTwoPenetrationsReverifyWithTheExactOracle() {
        scenarioTwo(8);
    }

    @Test
    void robotClearancesReverify() {
        robots(4);
    }

    @Test
    @Tag("slow")
    void everyStoredTargetReverifiesInFull() {
        scenarioOne(1);
        scenarioTwo(1);
        robots(1);
    }

    /** Every {@code every}-th Scenario I configuration. */
    private static void scenarioOne(int every) {
        PairOracle oracle = new PairOracle();
        Matrix4d m = new Matrix4d();
        int k = 0, checked = 0;
        for (PairConfiguration c : sets.pairs()) {
            if (c.scenario() != Scenario.I || k++ % every != 0) {
                continue;
            }
            BenchBody[] ab = bodies(c.pair());
            double nominal = c.bucket() / 100.0 * ab[0].aabbSize();
            double d = oracle.distance(ab[0], ab[1], c.pose(ab[0], ab[1], m));
            assertEquals(c.target(), d, 1e-9, ConfigurationSets.pairLine(c));
            assertEquals(
                    nominal, c.target(), 1e-9, "stored target against the bucket: " + ConfigurationSets.pairLine(c));
            if (c.bucket() > 0) {
                assertFalse(oracle.intersects(ab[0], ab[1], m), ConfigurationSets.pairLine(c));
            }
            checked++;
        }
        assertTrue(checked >= 120, "checked " + checked);
    }

    /** Every {@code every}-th Scenario II configuration. */
    private static void scenarioTwo(int every) {
        PairOracle oracle = new PairOracle();
        Epa epa = new Epa();
        PenetrationResult pr = new PenetrationResult();
        Matrix4d m = new Matrix4d();
        int k = 0, checked = 0;
        for (PairConfiguration c : sets.pairs()) {
            if (c.scenario() != Scenario.II || k++ % every != 0) {
                continue;
            }
            BenchBody[] ab = bodies(c.pair());
            double nominal = c.bucket() / 100.0 * ab[0].aabbSize();
            assertEquals(nominal, c.target(), 1e-9, ConfigurationSets.pairLine(c));
            Lattice l = c.scenario().lattice();
            assertTrue(
                    oracle.intersects(ab[0], ab[1], c.pose(ab[0], ab[1], m)),
                    "stored pose intersects: " + ConfigurationSets.pairLine(c));
            // first contact along the ray, bisected here with the oracle from a bracket it confirms
            double lo = c.s() + c.target() - 1e-7, hi = c.s() + c.target() + 1e-7;
            assertTrue(oracle.intersects(
                    ab[0],
                    ab[1],
                    l.pose(ab[0], ab[1], c.iPhiA(), c.iThetaA(), c.iPhiB(), c.iThetaB(), c.iPsiB(), lo, m)));
            assertFalse(oracle.intersects(
                    ab[0],
                    ab[1],
                    l.pose(ab[0], ab[1], c.iPhiA(), c.iThetaA(), c.iPhiB(), c.iThetaB(), c.iPsiB(), hi, m)));
            while (hi - lo > 1e-12) {
                double s = (lo + hi) / 2;
                if (oracle.intersects(
                        ab[0],
                        ab[1],
                        l.pose(ab[0], ab[1], c.iPhiA(), c.iThetaA(), c.iPhiB(), c.iThetaB(), c.iPsiB(), s, m))) {
                    lo = s;
                } else {
                    hi = s;
                }
            }
            assertEquals(c.target(), lo - c.s(), 1e-9, ConfigurationSets.pairLine(c));
            // the minimal penetration depth is at most the penetration along any one direction
            epa.penetration(ab[0].shape(), null, ab[1].shape(), c.pose(ab[0], ab[1], m), pr);
            assertTrue(
                    pr.depthLower <= c.target() + 1e-9,
                    "EPA lower bound " + pr.depthLower + " > " + ConfigurationSets.pairLine(c));
            checked++;
        }
        assertTrue(checked >= 80, "checked " + checked);
    }

    /** Every {@code every}-th robot configuration. */
    private static void robots(int every) {
        Map<String, Collide4j> checkers = new HashMap<>();
        int k = 0;
        for (RobotConfiguration r : sets.robots()) {
            if (k++ % every != 0) {
                continue;
            }
            Collide4j c =
                    checkers.computeIfAbsent(r.robot(), n -> ConfigurationSetGenerator.robotChecker(n, r.scene()));
            assertEquals(
                    r.clearance(), ConfigurationSetGenerator.clearance(c, r.q()), 1e-9, r.robot() + " " + r.bucketMm());
            assertEquals(r.bucketMm() / 1000.0, r.clearance(), 1e-9, r.robot() + " " + r.bucketMm() + " mm");
            assertTrue(r.clearance() >= r.bucketMm() / 1000.0, "stored on the free side of the bucket");
        }
    }

    @Test
    void oracleMatchesAnalyticBoxes() {
        PairOracle o = new PairOracle();
        BenchBody a = BenchBody.box("a", 0.1, 0.1, 0.1), b = BenchBody.box("b", 0.05, 0.05, 0.05);
        // faces 0.03 apart
        assertEquals(0.03, o.distance(a, b, new Matrix4d().translation(0.18, 0, 0)), 1e-15);
        // b turned 45° about z: its edge leads by 0.05·√2
        assertEquals(
                0.2 - 0.05 * Math.sqrt(2) - 0.1,
                o.distance(a, b, new Matrix4d().translation(0.2, 0, 0).rotateZ(Math.PI / 4)),
                1e-15);
        // nested: no surface contact, the solids still intersect
        assertTrue(o.intersects(a, b, new Matrix4d().translation(0.01, 0.02, 0)));
        assertTrue(o.intersects(b, a, new Matrix4d().translation(0.01, 0.02, 0)));
        assertEquals(0, o.distance(a, b, new Matrix4d()));
    }

    @Test
    void latticePosePutsTheReferencePointOnTheRay() {
        BenchBody a = body("panda/panda_link3"), b = body("panda/panda_hand");
        Lattice l = new Lattice(15);
        double[] u = new double[3];
        l.direction(5, 3, u);
        Matrix4d m = l.pose(a, b, 5, 3, 7, 2, 11, 0.37, new Matrix4d());
        org.joml.Vector3d p =
                m.transformPosition(new org.joml.Vector3d(b.reference()[0], b.reference()[1], b.reference()[2]));
        double[] ra = a.reference();
        assertEquals(ra[0] + 0.37 * u[0], p.x, 1e-15);
        assertEquals(ra[1] + 0.37 * u[1], p.y, 1e-15);
        assertEquals(ra[2] + 0.37 * u[2], p.z, 1e-15);
        assertEquals(1, m.determinant3x3(), 1e-14);
        assertEquals(24L * 13 * 24 * 24 * 24, l.size());
    }

    @Test
    void malformedSetsAreRefusedNamingTheLine() {
        String head =
                "format," + ConfigurationSets.FORMAT + "\nseed,1\nbody-pair,0,panda/panda_link3,panda/panda_link3\n";
        List<String[]> cases = new ArrayList<>();
        cases.add(new String[] {head + "pair,0,III,1,0,0,0,0,0,0.1,0.01\n", "x:4: scenario 'III'"});
        cases.add(new String[] {head + "pair,0,I,31,0,0,0,0,0,0.1,0.01\n", "x:4: bucket 31 outside 0..30"});
        cases.add(new String[] {head + "pair,0,I,1,0,13,0,0,0,0.1,0.01\n", "x:4: iThetaA 13 outside 0..12"});
        cases.add(new String[] {head + "pair,1,I,1,0,0,0,0,0,0.1,0.01\n", "x:4: pair index 1 has no body-pair line"});
        cases.add(new String[] {head + "pair,0,I,1,0,0,0,0,0,NaN,0.01\n", "x:4: s must be finite"});
        cases.add(new String[] {head + "pair,0,I,1,0,0,0,0,0,0.1\n", "x:4: 'pair' needs 11 fields, found 10"});
        cases.add(new String[] {head + "robots,panda\n", "x:4: unknown record 'robots'"});
        cases.add(new String[] {"seed,1\n", "x:1: expected 'format,"});
        cases.add(new String[] {"format," + ConfigurationSets.FORMAT + "\n", "x: missing seed line"});
        for (String[] c : cases) {
            IllegalArgumentException e = assertThrows(
                    IllegalArgumentException.class,
                    () -> ConfigurationSets.read(new BufferedReader(new StringReader(c[0])), "x"));
            assertTrue(e.getMessage().startsWith(c[1]), e.getMessage() + " / expected " + c[1]);
        }
    }
}
