package io.collide4j.spark;

import org.apache.spark.HashPartitioner;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.util.CollectionAccumulator;
import scala.Tuple2;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;

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

    /**
     * The ids of a partition's decoded rows, for finding duplicates; once they are all read, the partition's
     * {@link Digest} is added to {@code digests}. (A retried or recomputed partition may add its digest twice:
     * {@link #onePerPartition} keeps one.)
     */
    static Iterator<String> ids(int partition, Iterator<Decoded> rows, CollectionAccumulator<Digest> digests) {
        return new Iterator<>() {
            long n;
            long work;
            final Set<CheckerReference> refs = new LinkedHashSet<>();
            TrajectoryRow next;
            boolean done;

            @Override
            public boolean hasNext() {
                while (next == null && !done) {
                    if (!rows.hasNext()) {
                        done = true;
                        digests.add(new Digest(partition, n, work, new ArrayList<>(refs)));
                        break;
                    }
                    Decoded d = rows.next();
                    n++;
                    work += work(d);
                    next = d.row();
                    if (next != null) {
                        refs.add(next.reference());
                    }
                }
                return next != null;
            }

            @Override
            public String next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                String id = next.id();
                next = null;
                return id;
            }
        };
    }

    /** One digest per partition {@code 0..partitions-1}, in order. */
    static List<Digest> onePerPartition(List<Digest> digests, int partitions) {
        Digest[] one = new Digest[partitions];
        for (Digest d : digests) {
            one[d.partition()] = d;
        }
        for (int i = 0; i < partitions; i++) {
            if (one[i] == null) {
                throw new IllegalStateException("internal error: input partition " + i + " was not counted");
            }
        }
        return List.of(one);
    }

    /**
     * {@code rows} rearranged into {@code partitions} partitions of about equal work; {@code digests} are those of
     * {@code rows}' partitions, in order ({@link #onePerPartition}).
     */
    static JavaRDD<Decoded> balance(JavaRDD<Decoded> rows, List<Digest> digests, int partitions) {
        long[] offsets = new long[rows.getNumPartitions()];
        long total = 0;
        for (Digest d : digests) {
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
