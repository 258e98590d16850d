package io.collide4j.checker.ccd.io;

import io.collide4j.checker.ccd.CcdKind;
import io.collide4j.checker.ccd.CcdQuery;
import java.util.List;

/**
 * An immutable named list of CCD queries of one kind with their exact ground truth
 * (true = the primitives touch for some t in [0, 1], zero separation).
 */
public record CcdQuerySet(String name, CcdKind kind, List<CcdQuery> queries, List<Boolean> groundTruth) {

    public CcdQuerySet {
        queries = List.copyOf(queries);
        groundTruth = List.copyOf(groundTruth);
        if (queries.size() != groundTruth.size()) {
            throw new IllegalArgumentException(
                    name + ": " + queries.size() + " queries but " + groundTruth.size() + " ground-truth labels");
        }
        for (int i = 0; i < queries.size(); i++) {
            if (queries.get(i).kind() != kind) {
                throw new IllegalArgumentException(
                        name + ": query " + i + " is " + queries.get(i).kind() + ", expected " + kind);
            }
        }
    }

    /** Number of queries. */
    public int size() {
        return queries.size();
    }

    /** Number of queries labelled colliding. */
    public int positives() {
        int n = 0;
        for (boolean b : groundTruth) {
            if (b) {
                n++;
            }
        }
        return n;
    }
}
