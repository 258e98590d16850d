package io.collide4j.spark;

import org.apache.spark.HashPartitioner;
import org.apache.spark.api.java.JavaRDD;
import scala.Tuple2;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Spreads rows over partitions by expected work rather than by count, so that a few long trajectories do not hold one
 * task while the others are done: each row weighs {@link #work} (waypoints × joints, the number of joint values the
 * certifier interpolates; 1 for a row that failed to decode), rows keep their input order, and partition k takes the
 * rows whose middle of cumulative work falls in the k-th of {@code partitions} equal slices of the total. A row heavier
 * than a slice fills a partition alone (a row is never split). Deterministic: a retried task gets the same rows.
 */
final class WorkBalance {
    private WorkBalance() {
    }

    /** The expected work of one row. */
    static long work(Decoded d) {
        TrajectoryRow r = d.row();
        if (r == null || r.positions() == null || r.jointNames() == null) {
            return 1;
        }
        return Math.max(1L, (long) r.positions().length * Math.max(1, r.jointNames().size()));
    }

    /** Rows and work of one input partition, and the robot-and-scene references its rows name. */
    record Digest(int partition, long rows, long work, List<CheckerReference> references) implements Serializable {
    }

    static Iterator<Digest> digest(int partition, Iterator<Decoded> rows) {
        long n = 0;
        long work = 0;
        java.util.Set<CheckerReference> refs = new java.util.LinkedHashSet<>();
        while (rows.hasNext()) {
            Decoded d = rows.next();
            n++;
            work += work(d);
            if (d.row() != null) {
                refs.add(d.row().reference());
            }
        }
        return List.of(new Digest(partition, n, work, new ArrayList<>(refs))).iterator();
    }

    /**
     * {@code rows} rearranged into {@code partitions} partitions of about equal work; {@code digests} are those of
     * {@code rows}' partitions (in any order).
     */
    static JavaRDD<Decoded> balance(JavaRDD<Decoded> rows, List<Digest> digests, int partitions) {
        long[] offsets = new long[rows.getNumPartitions()];
        long total = 0;
        List<Digest> sorted = new ArrayList<>(digests);
        sorted.sort(java.util.Comparator.comparingInt(Digest::partition));
        for (Digest d : sorted) {
            offsets[d.partition()] = total;
            total += d.work();
        }
        long all = Math.max(1, total);
        return rows.mapPartitionsWithIndex((i, it) -> new Iterator<Tuple2<Integer, Decoded>>() {
            long at = offsets[i];

            @Override
            public boolean hasNext() {
                return it.hasNext();
            }

            @Override
            public Tuple2<Integer, Decoded> next() {
                Decoded d = it.next();
                long w = work(d);
                int k = (int) Math.min(partitions - 1, slice(2 * at + w, partitions, 2 * all));   // twice the middle
                at += w;
                return new Tuple2<>(k, d);
            }
        }, true).mapToPair(t -> t).partitionBy(new HashPartitioner(partitions)).values();
    }

    /** floor(x * parts / total), exact unless x * parts overflows. */
    static long slice(long x, int parts, long total) {
        try {
            return Math.multiplyExact(x, parts) / total;
        } catch (ArithmeticException e) {
            return (long) ((double) x / total * parts);
        }
    }
}
