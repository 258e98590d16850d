package io.collide4j.spark;

import io.collide4j.planner.Collide4j;
import org.apache.spark.sql.SparkSession;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Scaling benchmark (not a test): trajectories certified per second by one Spark master on a generated dataset of
 * valid Panda trajectories in MotionBenchMaker scenes ({@link GeneratedDataset}, no malformed rows). One JVM per
 * master, so that one run's JIT and loaded checkers do not flatter the next; round 1 also warms up (checkers loaded
 * per executor, JIT), later rounds are the steady state. Run (after {@code mvn -B -q package -DskipTests} and
 * {@code mvn -B -q -pl spark -am test-compile}):
 * <pre>java --add-opens=... -cp 'spark/target/test-classes:spark/target/collide4j-spark.jar:spark/target/lib/*' \
 *     io.collide4j.spark.ScalingBench 'local[2]' 2000 3</pre>
 */
public final class ScalingBench {
    private ScalingBench() {
    }

    public static void main(String[] args) throws Exception {
        String master = args.length > 0 ? args[0] : "local[2]";
        int n = args.length > 1 ? Integer.parseInt(args[1]) : 2000;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        Path zip = Path.of(System.getProperty("collide4j.testdata", "tests/data")).resolve("vamp/resources/panda/problems.zip");
        SparkSession spark = SparkSession.builder().master(master).appName("collide4j scaling bench")
                .config("spark.ui.enabled", false).config("spark.sql.shuffle.partitions", 16).getOrCreate();
        spark.sparkContext().setLogLevel("WARN");
        try {
            Path dir = Files.createTempDirectory("collide4j-spark-bench");
            double[] upper = Collide4j.builder().robot("panda").sceneName(GeneratedDataset.BUNDLED_SCENE).build().upperLimits();
            GeneratedDataset data = GeneratedDataset.write(spark, dir, zip, n, false, 7, upper);
            DatasetCertifier certifier = DatasetCertifier.builder().build();
            for (int r = 1; r <= rounds; r++) {
                long t0 = System.nanoTime();
                CertifiedDataset d = certifier.certify(spark, List.of(data.parquet.toString(), data.jsonl.toString(),
                        data.csv.toString()));
                long results = d.results().count();
                long errors = d.errors().count();
                double s = (System.nanoTime() - t0) / 1e9;
                System.out.printf(Locale.ROOT, "[spark-bench] %s round %d: %d rows (%d results, %d errors) in %.2f s:"
                        + " %.1f trajectories/s%n", master, r, d.inputRows(), results, errors, s, d.inputRows() / s);
                d.release();
            }
            // the same rows certified in this JVM by one thread without Spark: the work itself, for comparison
            java.util.Map<String, Collide4j> checkers = new java.util.HashMap<>();
            for (int r = 1; r <= 2; r++) {
                long t0 = System.nanoTime();
                for (GeneratedDataset.Spec s : data.valid) {
                    Collide4j c = checkers.computeIfAbsent(s.scene(), scene -> scene.equals(GeneratedDataset.BUNDLED_SCENE)
                            ? Collide4j.builder().robot("panda").sceneName(scene).build()
                            : Collide4j.builder().robot("panda").scene(Path.of(scene)).build());
                    c.trajectoryCertifier().certify(new io.collide4j.kinematics.JointTrajectory(GeneratedDataset.JOINTS,
                            s.times(), s.positions(), s.velocities(), s.accelerations()), 0,
                            s.budget() == null ? io.collide4j.planner.TrajectoryCertifier.DEFAULT_BUDGET : s.budget(),
                            new java.io.StringWriter());
                }
                double s = (System.nanoTime() - t0) / 1e9;
                System.out.printf(Locale.ROOT, "[spark-bench] one thread, no Spark, round %d: %d trajectories in %.2f s:"
                        + " %.1f trajectories/s%n", r, data.valid.size(), s, data.valid.size() / s);
            }
        } finally {
            spark.stop();
        }
    }
}
