package io.collide4j.checker.batch;

import io.collide4j.checker.ccd.CcdKind;
import io.collide4j.checker.ccd.CcdQuery;
import io.collide4j.checker.ccd.io.CcdDatasets;
import io.collide4j.checker.ccd.io.CcdQuerySet;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Every shared CCD query (handcrafted sample queries, scalable-ccd cloth-funnel step 227, ccd-query-io) as flat arrays. */
final class SharedCcdData {

    final double[] coords;
    final CcdKind[] kinds;
    final boolean[] truth;
    final String[] setOf;

    private static SharedCcdData instance;

    private SharedCcdData(List<CcdQuerySet> sets) {
        int n = sets.stream().mapToInt(CcdQuerySet::size).sum();
        coords = new double[n * CcdQuery.SIZE];
        kinds = new CcdKind[n];
        truth = new boolean[n];
        setOf = new String[n];
        int i = 0;
        for (CcdQuerySet s : sets) {
            for (int k = 0; k < s.size(); k++, i++) {
                s.queries().get(k).copyTo(coords, CcdQuery.SIZE * i);
                kinds[i] = s.kind();
                truth[i] = s.groundTruth().get(k);
                setOf[i] = s.name() + "#" + k;
            }
        }
    }

    static synchronized SharedCcdData load() {
        if (instance == null) {
            Path data = Path.of(System.getProperty("collide4j.testdata"));
            List<CcdQuerySet> sets = new ArrayList<>(CcdDatasets.sampleQueries(data.resolve("ccd-sample-queries")));
            Path cloth = data.resolve("scalable-ccd-sample-data/cloth-funnel");
            sets.add(CcdDatasets.scalable(cloth, "227", CcdKind.VERTEX_FACE));
            sets.add(CcdDatasets.scalable(cloth, "227", CcdKind.EDGE_EDGE));
            sets.add(CcdDatasets.queryIo(data.resolve("ccd-query-io")));
            instance = new SharedCcdData(sets);
        }
        return instance;
    }

    int size() {
        return kinds.length;
    }
}
