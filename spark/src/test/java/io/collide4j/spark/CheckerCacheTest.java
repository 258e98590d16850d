package io.collide4j.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.collide4j.kinematics.JointTrajectory;
import io.collide4j.planner.TrajectoryCertifier;
import io.collide4j.planner.options.CertifyApi;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.zip.ZipFile;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Executors keep their checkers across jobs ({@link ExecutorCheckers}); this checks that they are keyed by the content
 * of the files a row names, not by their paths: a scene file replaced in place between two datasets certified in one
 * session gives the second dataset the certificate a fresh single-machine checker gives for the new content (the
 * certificate records the scene's digest, so a stale checker shows). Two MotionBenchMaker scenes from tests/data
 * stand in for the old and new content.
 */
class CheckerCacheTest {
    @TempDir
    Path dir;

    @Test
    void aSceneFileReplacedBetweenJobsIsLoadedAgain() throws IOException {
        Path scene = dir.resolve("scene.yaml");
        Path jsonl = dir.resolve("rows.jsonl");
        String label = jsonl + " line 1";
        double[][] q = {{0, -0.785, 0, -2.356, 0, 1.571, 0.785}, {0.2, -0.6, 0.1, -2.2, 0, 1.7, 0.785}};
        Files.writeString(
                jsonl,
                "{\"id\":\"a\",\"robot\":\"panda\",\"scene\":\"" + scene + "\",\"joint_names\":"
                        + json(GeneratedDataset.JOINTS) + ",\"times\":[0,1],\"positions\":[" + json(q[0]) + ","
                        + json(q[1])
                        + "]}\n");
        JointTrajectory t = new JointTrajectory(GeneratedDataset.JOINTS, new double[] {0, 1}, q, null, null);
        SparkSession spark = SparkSession.builder()
                .master("local[1]")
                .appName("collide4j checker cache test")
                .config("spark.ui.enabled", false)
                .getOrCreate();
        try {
            spark.sparkContext().setLogLevel("WARN");
            String[] certificates = new String[2];
            List<String> scenarios = List.of("box_panda", "cage_panda");
            for (int i = 0; i < 2; i++) {
                copyScene(scenarios.get(i), scene);
                CertifiedDataset d = DatasetCertifier.builder()
                        .build()
                        .certify(
                                spark,
                                List.of(jsonl.toString()),
                                dir.resolve("out" + i).toString());
                List<Row> rows = d.results().collectAsList();
                assertEquals(1, rows.size(), "one result for " + scenarios.get(i));
                certificates[i] = rows.get(0).getAs("certificate");
            }
            // the second job's executor had the first scene's checker cached under the same path
            String fresh = CertifyApi.certifyToText(
                            CertifyApi.checker(
                                    List.of("--robot", "panda", "--scene", scene.toString()),
                                    new PrintStream(OutputStream.nullOutputStream())),
                            t,
                            label,
                            TrajectoryCertifier.DEFAULT_BUDGET)
                    .certificate();
            assertEquals(fresh, certificates[1], "certificate in the replaced scene");
            assertNotEquals(certificates[0], certificates[1], "the certificate names the scene's content");
        } finally {
            spark.stop();
        }
    }

    private static void copyScene(String scenario, Path to) throws IOException {
        try (ZipFile zip = new ZipFile(DatasetCertificationTest.ZIP.toFile());
                InputStream in = zip.getInputStream(zip.getEntry("problems/" + scenario + "/scene0001.yaml"))) {
            Files.copy(in, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static String json(List<String> names) {
        return "[\"" + String.join("\",\"", names) + "\"]";
    }

    private static String json(double[] v) {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < v.length; i++) {
            b.append(i == 0 ? "" : ",").append(v[i]);
        }
        return b.append(']').toString();
    }
}
