package io.collide4j.tests.bench;

import io.collide4j.kinematics.JointInterpolatedMotion;
import io.collide4j.kinematics.JointPath;
import io.collide4j.kinematics.KinematicModel;
import io.collide4j.kinematics.LinkPoses;
import io.collide4j.kinematics.RobotSegment;
import io.collide4j.kinematics.ScrewMotion;
import io.collide4j.urdf.UrdfParser;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.joml.Matrix4d;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Kinematics hot paths on the Panda (VAMP URDF, 12 links, 7 joints): FK of all links, Jacobian, and the
 * per-step motion bounds conservative advancement calls. Inputs cycle through 64 random configurations so
 * nothing is constant-folded. Run from the repository root (reads tests/data, or -Dcollide4j.testdata).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class KinematicsBench {
    private KinematicModel model;
    private LinkPoses poses;
    private RobotSegment segment;
    private double[][] configs;
    private double[] jac;
    private JointInterpolatedMotion motion;
    private ScrewMotion screw;
    private int hand;
    private int link3;
    private int i;

    @Setup
    public void setup() {
        Path data = Path.of(System.getProperty("collide4j.testdata", "tests/data"));
        model = KinematicModel.of(
                UrdfParser.create().withVisualMeshes(false).parse(data.resolve("vamp/resources/panda/panda.urdf")));
        poses = new LinkPoses(model);
        segment = new RobotSegment(model);
        Random rnd = new Random(1);
        configs = new double[64][model.variableCount()];
        for (double[] q : configs) {
            for (int j = 0; j < q.length; j++) {
                double lo = model.lowerLimit(j);
                double hi = model.upperLimit(j);
                q[j] = lo + rnd.nextDouble() * (hi - lo);
            }
        }
        jac = new double[6 * model.variableCount()];
        hand = model.linkIndex("panda_hand");
        link3 = model.linkIndex("panda_link3");
        segment.set(configs[0], configs[1]);
        motion = new JointInterpolatedMotion(model, hand, JointPath.linear(configs[0], configs[1]));
        screw = new ScrewMotion(motion.pose(0, new Matrix4d()), motion.pose(1, new Matrix4d()));
    }

    private double[] next() {
        i = (i + 1) & 63;
        return configs[i];
    }

    private double nextS() {
        return (i & 63) / 64.0;
    }

    @Benchmark
    public LinkPoses fkAllLinks() {
        return model.forwardKinematics(next(), poses);
    }

    @Benchmark
    public double[] jacobianHand() {
        model.forwardKinematics(next(), poses);
        return model.jacobian(poses, hand, 0, 0, 0.1, jac);
    }

    @Benchmark
    public double segmentWorldBoundHand() {
        next();
        double s = nextS();
        return segment.worldBound(hand, s * 0.9, s * 0.9 + 0.05, 0, 0, 0.05, 0.1);
    }

    /** A conservative-advancement-sized step (0.2 % of the segment, one piece). */
    @Benchmark
    public double segmentWorldBoundHandShortStep() {
        next();
        double s = nextS();
        return segment.worldBound(hand, s * 0.99, s * 0.99 + 0.002, 0, 0, 0.05, 0.1);
    }

    @Benchmark
    public double segmentChordBoundHandShortStep() {
        next();
        double s = nextS();
        return segment.chordBound(hand, s * 0.99, s * 0.99 + 0.002, 0, 0, 0.05, 0.1);
    }

    @Benchmark
    public double segmentPairBoundShortStep() {
        next();
        double s = nextS();
        return segment.pairBound(hand, 0, 0, 0.05, 0.1, link3, 0, 0, -0.05, 0.08, s * 0.99, s * 0.99 + 0.002);
    }

    /** 5 % of a segment between two random configurations: long enough to be split into pieces. */
    @Benchmark
    public double segmentChordBoundHand() {
        next();
        double s = nextS();
        return segment.chordBound(hand, s * 0.9, s * 0.9 + 0.05, 0, 0, 0.05, 0.1);
    }

    @Benchmark
    public double segmentPairBoundHandVsLink3() {
        next();
        double s = nextS();
        return segment.pairBound(hand, 0, 0, 0.05, 0.1, link3, 0, 0, -0.05, 0.08, s * 0.9, s * 0.9 + 0.05);
    }

    @Benchmark
    public double segmentSetAndPoseAt() {
        double[] a = next();
        segment.set(a, configs[(i + 7) & 63]);
        return segment.posesAt(0.5).pose(hand).m30();
    }

    @Benchmark
    public double jointInterpolatedMaxDisplacement() {
        next();
        double s = nextS();
        return motion.maxDisplacement(s * 0.9, s * 0.9 + 0.05, 0, 0, 0.05, 0.1);
    }

    @Benchmark
    public double screwMaxDisplacement() {
        next();
        double s = nextS();
        return screw.maxDisplacement(s * 0.9, s * 0.9 + 0.05, 0, 0, 0.05, 0.1);
    }
}
