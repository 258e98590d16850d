package io.collide4j.spark;

import io.collide4j.checker.certificate.CertificationResult;
import io.collide4j.checker.certificate.Violation;
import io.collide4j.planner.TrajectoryCertifier;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * The columns of the results and errors tables. A result: the row's id, source and references, the verdict, the first
 * violation (time, segment, fraction, pair, its clearance lower bound, configuration; null unless VIOLATION), the
 * certified clearance lower bound over all checked pairs and the pair that has it (over the certified part of the
 * motion), distance evaluations and budget, and the certificate (inline text, or the file it was written to).
 */
final class ResultColumns {
    static final StructType RESULTS = new StructType()
            .add("id", DataTypes.StringType, false)
            .add("source", DataTypes.StringType, false)
            .add("robot", DataTypes.StringType, false)
            .add("srdf", DataTypes.StringType, true)
            .add("scene", DataTypes.StringType, false)
            .add("verdict", DataTypes.StringType, false)
            .add("waypoints", DataTypes.IntegerType, false)
            .add("margin", DataTypes.DoubleType, false)
            .add("clearance_lower_bound", DataTypes.DoubleType, true)
            .add("closest_pair", DataTypes.StringType, true)
            .add("violation_time", DataTypes.DoubleType, true)
            .add("violation_segment", DataTypes.IntegerType, true)
            .add("violation_fraction", DataTypes.DoubleType, true)
            .add("violation_pair", DataTypes.StringType, true)
            .add("violation_lower_bound", DataTypes.DoubleType, true)
            .add("violation_configuration", DataTypes.createArrayType(DataTypes.DoubleType, false), true)
            .add("evaluations", DataTypes.LongType, false)
            .add("budget", DataTypes.LongType, false)
            .add("certificate", DataTypes.StringType, true)
            .add("certificate_file", DataTypes.StringType, true);

    static final StructType ERRORS = new StructType()
            .add("id", DataTypes.StringType, true)
            .add("source", DataTypes.StringType, false)
            .add("exit_code", DataTypes.IntegerType, false)
            .add("reason", DataTypes.StringType, false);

    private ResultColumns() {}

    static Row result(
            TrajectoryRow row,
            TrajectoryCertifier.Certification cert,
            long budget,
            String certificate,
            String certificateFile) {
        CertificationResult r = cert.result();
        Map.Entry<String, Double> closest = r.pairClearance().entrySet().stream()
                .min(Map.Entry.<String, Double>comparingByValue().thenComparing(Map.Entry.comparingByKey()))
                .orElse(null);
        Violation v = r.violation();
        return RowFactory.create(
                row.id(),
                row.source(),
                row.robot(),
                row.srdf(),
                row.scene(),
                r.verdict().name(),
                cert.times().length,
                cert.margin(),
                closest == null ? null : closest.getValue(),
                closest == null ? null : closest.getKey(),
                v == null ? null : v.time(),
                v == null ? null : v.segment(),
                v == null ? null : v.fraction(),
                v == null ? null : v.contact().pair().key(),
                v == null ? null : v.contact().lowerBound(),
                v == null ? null : v.configuration().clone(),
                r.evaluations(),
                budget,
                certificate,
                certificateFile);
    }

    static Row error(RowError e) {
        return RowFactory.create(e.id(), e.source(), e.exitCode(), e.reason());
    }
}
