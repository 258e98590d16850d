package io.collide4j.checker.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.Scene;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.kinematics.LinkPoses;
import java.util.SplittableRandom;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * {@link SweptSpheres}, the boolean advancement's broad phase: on random straight segments of the Panda and the UR5e
 * (0.05 to 6 rad of joint travel, so 1 to 15 grid cells), every piece's bounding sphere, placed by forward
 * kinematics at dense s in each cell (its ends included), lies inside that cell's swept sphere and inside the piece's
 * box over the segment; and the box gaps are lower bounds of the sampled gaps.
 */
class SweptSpheresTest {
    private static final int SEGMENTS = 60, SAMPLES_PER_CELL = 40;

    @Test
    void cellSpheresAndBoxesHoldEveryPlacedSpherePanda() {
        check(TestRobots.panda(), 17);
    }

    @Test
    void cellSpheresAndBoxesHoldEveryPlacedSphereUr5e() {
        check(TestRobots.ur5e(), 29);
    }

    private static void check(RobotCollisionModel model, long seed) {
        CollisionChecker checker = CollisionChecker.of(model, Scene.empty());
        QueryContext c = checker.newContext();
        SweptSpheres swept = new SweptSpheres(model, checker.grid());
        KinematicModel kin = model.kinematics();
        SplittableRandom rnd = new SplittableRandom(seed);
        int n = kin.variableCount();
        double tightest = Double.POSITIVE_INFINITY;
        for (int k = 0; k < SEGMENTS; k++) {
            double[] q0 = new double[n], q1 = new double[n];
            double scale = 0.05 + rnd.nextDouble() * 1.2;
            for (int i = 0; i < n; i++) {
                double lo = kin.lowerLimit(i), hi = kin.upperLimit(i);
                q0[i] = lo + rnd.nextDouble() * (hi - lo);
                q1[i] = Math.max(lo, Math.min(hi, q0[i] + scale * (2 * rnd.nextDouble() - 1)));
            }
            c.startSegment(q0, q1);
            swept.begin(c);
            int cells = c.cells;
            for (int p = 0; p < model.pieceCount(); p++) {
                int base = swept.table(c, p);
                double r = model.pieceSphere(p, 3);
                int link = model.bodyLink(model.pieceBody(p));
                double[] box = new double[6];
                System.arraycopy(c.sweptBox, 6 * p, box, 0, 6);
                for (int i = 0; i < cells; i++) {
                    int o = base + SweptSpheres.CELL * i;
                    double s0 = SpeedGrid.cellEdge(i, cells), s1 = SpeedGrid.cellEdge(i + 1, cells);
                    for (int j = 0; j <= SAMPLES_PER_CELL; j++) {
                        double s = j == SAMPLES_PER_CELL ? s1 : s0 + (s1 - s0) * j / SAMPLES_PER_CELL;
                        LinkPoses poses = c.segment.posesAt(s);
                        Vector3d at = PairDistance.worldCentre(
                                poses,
                                link,
                                model.pieceSphere(p, 0),
                                model.pieceSphere(p, 1),
                                model.pieceSphere(p, 2),
                                new Vector3d());
                        double off = at.distance(c.sweptCells[o], c.sweptCells[o + 1], c.sweptCells[o + 2]);
                        double room = c.sweptCells[o + 3] - off;
                        assertTrue(room >= 0, () -> "piece sphere left its cell sphere by " + (-room));
                        tightest = Math.min(tightest, room / Math.max(1e-9, c.sweptCells[o + 3]));
                        for (int a = 0; a < 3; a++) {
                            double v = a == 0 ? at.x : a == 1 ? at.y : at.z;
                            assertTrue(v - r >= box[a] && v + r <= box[a + 3], "piece sphere outside its swept box");
                        }
                        // the gap to a box just outside the sampled sphere must not exceed the sampled gap
                        double[] probe = {at.x + r + 0.01, at.y - 1, at.z - 1, at.x + r + 0.5, at.y + 1, at.z + 1};
                        assertTrue(swept.boxGap(c, p, probe) <= 0.01, "box gap above a sampled gap");
                    }
                }
            }
        }
        // the sweeps are bounds, not loose guesses: somewhere the sampled sphere comes near its cell sphere's edge
        assertTrue(tightest < 0.5, "sweeps never within half their size of the sampled motion: " + tightest);
    }

    @Test
    void nanJointsGiveAnUnboundedBox() {
        RobotCollisionModel model = TestRobots.panda();
        CollisionChecker checker = CollisionChecker.of(model, Scene.empty());
        QueryContext c = checker.newContext();
        SweptSpheres swept = new SweptSpheres(model, checker.grid());
        int n = model.kinematics().variableCount();
        double[] q = new double[n];
        for (int i = 0; i < n; i++) {
            q[i] = 0.5 * (model.kinematics().lowerLimit(i) + model.kinematics().upperLimit(i));
        }
        c.startSegment(q, q);
        swept.begin(c);
        int last = model.pieceCount() - 1;
        swept.table(c, last);
        // a finite segment gives a finite box and a zero gap to a box around the robot
        assertTrue(Double.isFinite(c.sweptBox[6 * last]));
        assertEquals(0, swept.boxGap(c, last, new double[] {-5, -5, -5, 5, 5, 5}));
        // NaN speeds (a broken table) must never clear a pair: fake one and recompute
        c.cellSpeed[last * c.memoStride][0] = Double.NaN;
        c.sweptStamp[last] = 0;
        swept.table(c, last);
        assertFalse(
                swept.boxGap(c, last, new double[] {100, 100, 100, 101, 101, 101}) > 0,
                "a NaN sweep cleared a box far away");
    }
}
