package io.collide4j.tests.bench;

import io.collide4j.checker.query.CollisionChecker;
import io.collide4j.checker.query.QueryContext;
import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.Obstacle;
import io.collide4j.checker.scene.ObstacleShape;
import io.collide4j.checker.scene.Scene;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.planner.Collide4j;
import io.collide4j.urdf.Pose;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The discrete-check lever of issue 29 kept (the self-pair tables, {@code SelfPairTables}) on the bundled Panda with
 * seeded random states within the limits:
 * <ul>
 * <li>{@code selfOnly}: an empty scene, so the time is forward kinematics and the self pairs, where the tables
 *     (link5–link7, link5–hand and link5–fingers over joints 6 and 7) replace GJK calls;</li>
 * <li>{@code boxes}: 7 boxes around the arm, so environment pairs come first as in MBM scenes.</li>
 * </ul>
 * Each call checks the next of 20,000 states (the tables fill during warm-up, as in a planning run that revisits
 * joint-6/7 cells). To compare with the GJK-only self pairs, run it on the commit before the tables.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class DiscreteLeversBench {
    private CollisionChecker empty, boxes;
    private QueryContext emptyC, boxesC;
    private final List<double[]> states = new ArrayList<>();
    private int next;

    @Setup(Level.Trial)
    public void setUp() {
        Collide4j robot = Collide4j.builder().robot("panda").build();
        RobotCollisionModel model = robot.checker().model();
        List<Obstacle> near = new ArrayList<>();
        Random rnd = new Random(29);
        for (int i = 0; i < 7; i++) {
            double a = 2 * Math.PI * i / 7;
            near.add(new Obstacle(
                    "near" + i,
                    new ObstacleShape.Box(0.1, 0.2, 0.3),
                    Pose.fromXyzRpy(0.55 * Math.cos(a), 0.55 * Math.sin(a), 0.1 + 0.1 * i, 0, 0, 0)));
        }
        empty = CollisionChecker.of(model, Scene.empty());
        boxes = CollisionChecker.of(model, Scene.of(near));
        emptyC = empty.newContext();
        boxesC = boxes.newContext();
        KinematicModel k = model.kinematics();
        for (int i = 0; i < 20_000; i++) {
            double[] q = new double[k.variableCount()];
            for (int j = 0; j < q.length; j++) {
                q[j] = k.lowerLimit(j) + rnd.nextDouble() * (k.upperLimit(j) - k.lowerLimit(j));
            }
            states.add(q);
        }
    }

    private double[] nextState() {
        return states.get(next++ % states.size());
    }

    @Benchmark
    public boolean selfOnly() {
        return empty.isFree(nextState(), 0, emptyC);
    }

    @Benchmark
    public boolean boxes() {
        return boxes.isFree(nextState(), 0, boxesC);
    }
}
