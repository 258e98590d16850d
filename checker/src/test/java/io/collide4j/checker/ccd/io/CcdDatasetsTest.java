package io.collide4j.checker.ccd.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.collide4j.checker.ccd.CcdKind;
import io.collide4j.checker.ccd.CcdQuery;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CcdDatasetsTest {

    static final Path DATA = Path.of(System.getProperty("collide4j.testdata"));

    @Test
    void sampleQueriesHaveTheDocumentedCounts() {
        List<CcdQuerySet> sets = CcdDatasets.sampleQueries(DATA.resolve("ccd-sample-queries"));
        int total = 0, positives = 0, ee = 0, vf = 0, eePos = 0, vfPos = 0;
        for (CcdQuerySet s : sets) {
            total += s.size();
            positives += s.positives();
            if (s.kind() == CcdKind.EDGE_EDGE) {
                ee += s.size();
                eePos += s.positives();
            } else {
                vf += s.size();
                vfPos += s.positives();
            }
        }
        // README table: 4120 + 74 EE (151 + 36 colliding), 2835 + 250 VF (124 + 124 colliding), 7279 / 435 in all
        assertEquals(7279, total);
        assertEquals(435, positives);
        assertEquals(4194, ee);
        assertEquals(3085, vf);
        assertEquals(187, eePos);
        assertEquals(248, vfPos);
        assertEquals(22, sets.size());
    }

    @Test
    void firstUnitTestQueryMatchesTheReadmeExample() {
        CcdQuerySet s = CcdDatasets.sampleQueries(DATA.resolve("ccd-sample-queries")).stream()
                .filter(x -> x.name().equals("unit-tests/vertex-face"))
                .findFirst()
                .orElseThrow();
        CcdQuery q = s.queries().get(0);
        double[] expected = {0, 1, 0, -1, 0, 1, 1, 0, 1, 0, 0, -1, 0, 2, -1.0 / 8388608, -1, -1, 1, 1, -1, 1, 0, -1, -1
        };
        for (int i = 0; i < 24; i++) {
            assertEquals(expected[i], q.coord(i), 0.0, "coordinate " + i);
        }
        assertEquals(false, s.groundTruth().get(0));
    }

    @Test
    void everyCoordinateEqualsExactBigDecimalQuotient() throws IOException {
        // Re-read every CSV line independently and compare each parsed coordinate with the exact quotient.
        int checked = 0;
        for (Path csv : allCsv()) {
            CcdKind kind = csv.toString().contains("vf") || csv.toString().contains("vertex-face")
                    ? CcdKind.VERTEX_FACE
                    : CcdKind.EDGE_EDGE;
            List<CcdQuery> qs = CcdQueryFiles.readRationalCsv(csv, kind).queries();
            List<String> lines = Files.readAllLines(csv);
            for (int li = 0; li < lines.size(); li++) {
                String[] f = lines.get(li).split(",");
                for (int c = 0; c < 3; c++) {
                    BigDecimal num = new BigDecimal(new BigInteger(f[2 * c].trim()));
                    BigDecimal den = new BigDecimal(new BigInteger(f[2 * c + 1].trim()));
                    BigDecimal exact = num.divide(den); // terminating: every denominator is a power of two
                    double parsed = qs.get(li / 8).coord(3 * (li % 8) + c);
                    assertEquals(0, exact.compareTo(new BigDecimal(parsed)), () -> csv + " line " + lines);
                    checked++;
                }
            }
        }
        assertTrue(checked > 7279 * 24, "checked " + checked);
    }

    private static List<Path> allCsv() throws IOException {
        try (var s = Files.walk(DATA.resolve("ccd-sample-queries"))) {
            List<Path> a = new java.util.ArrayList<>(
                    s.filter(p -> p.toString().endsWith(".csv")).sorted().toList());
            Path cloth = DATA.resolve("scalable-ccd-sample-data/cloth-funnel/queries");
            a.add(cloth.resolve("227vf.csv"));
            a.add(cloth.resolve("227ee.csv"));
            a.add(DATA.resolve("ccd-query-io/queries.csv"));
            return a;
        }
    }

    @Test
    void clothFunnelAndQueryIoLoadWithSeparateTruth() {
        Path cloth = DATA.resolve("scalable-ccd-sample-data/cloth-funnel");
        CcdQuerySet vf = CcdDatasets.scalable(cloth, "227", CcdKind.VERTEX_FACE);
        CcdQuerySet ee = CcdDatasets.scalable(cloth, "227", CcdKind.EDGE_EDGE);
        assertEquals(92, vf.size());
        assertEquals(27, vf.positives());
        assertEquals(263, ee.size());
        assertEquals(107, ee.positives());
        CcdQuerySet io = CcdDatasets.queryIo(DATA.resolve("ccd-query-io"));
        assertEquals(2, io.size());
        assertEquals(0, io.positives());
        // first row of the CCD-Query-IO file: 6896999465383287 / 2^55
        assertEquals(
                6896999465383287.0 / 36028797018963968.0, io.queries().get(0).coord(0), 0.0);
    }

    @Test
    void malformedFilesNameFileAndLine(@TempDir Path dir) throws IOException {
        Path bad = dir.resolve("bad.csv");
        Files.writeString(bad, "1,1,2,1,3,1\n".repeat(7) + "1,1,x,1,3,1\n");
        CcdDataFormatException e =
                assertThrows(CcdDataFormatException.class, () -> CcdQueryFiles.readRationalCsv(bad, CcdKind.EDGE_EDGE));
        assertTrue(e.getMessage().contains("bad.csv:8") && e.getMessage().contains("column 3"), e.getMessage());
        Files.writeString(bad, "1,1,2,1,3,1\n".repeat(9));
        e = assertThrows(CcdDataFormatException.class, () -> CcdQueryFiles.readRationalCsv(bad, CcdKind.EDGE_EDGE));
        assertTrue(e.getMessage().contains("multiple of 8"), e.getMessage());
        Files.writeString(bad, "1,1,2,1,3,1,0\n".repeat(7) + "1,1,2,1,3,1,1\n");
        e = assertThrows(CcdDataFormatException.class, () -> CcdQueryFiles.readRationalCsv(bad, CcdKind.EDGE_EDGE));
        assertTrue(e.getMessage().contains("bad.csv:8 column 7"), e.getMessage());
        Path json = dir.resolve("t.json");
        Files.writeString(json, "[true, flase]");
        e = assertThrows(CcdDataFormatException.class, () -> CcdQueryFiles.readBooleanArray(json));
        assertTrue(e.getMessage().contains("element 1"), e.getMessage());
    }
}
