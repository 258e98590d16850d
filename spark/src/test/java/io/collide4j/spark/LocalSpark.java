package io.collide4j.spark;

import org.apache.spark.sql.SparkSession;

/** The local Spark session the tests start: no web UI, bound to the loopback address, only errors logged. */
final class LocalSpark {
    private LocalSpark() {}

    static SparkSession start(String master, String appName) {
        SparkSession spark = SparkSession.builder()
                .master(master)
                .appName(appName)
                .config("spark.ui.enabled", false)
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .getOrCreate();
        spark.sparkContext().setLogLevel("ERROR");
        return spark;
    }
}
