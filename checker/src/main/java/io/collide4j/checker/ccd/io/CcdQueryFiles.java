package io.collide4j.checker.ccd.io;

import io.collide4j.checker.ccd.CcdKind;
import io.collide4j.checker.ccd.CcdQuery;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Readers for the Tight-Inclusion benchmark formats: rational CSV (8 rows per query; 6 columns
 * num/den for x, y, z, optionally a 7th 0/1 ground-truth column) and JSON boolean arrays.
 * Each coordinate is converted exactly (correctly rounded) from its BigInteger numerator/denominator.
 */
public final class CcdQueryFiles {

    private CcdQueryFiles() {}

    /** Queries and, when the file has the 7th column, their labels (else labels is null). */
    public record Parsed(List<CcdQuery> queries, List<Boolean> labels) {}

    /** Reads a rational CSV; all lines must have 6 columns, or all 7 (then the labels are returned too). */
    public static Parsed readRationalCsv(Path csv, CcdKind kind) {
        List<CcdQuery> queries = new ArrayList<>();
        List<Boolean> labels = new ArrayList<>();
        int columns = -1;
        double[] block = new double[CcdQuery.SIZE];
        int row = 0;
        int label = -1;
        int lineNo = 0;
        try (BufferedReader r = Files.newBufferedReader(csv, StandardCharsets.US_ASCII)) {
            String line;
            while ((line = r.readLine()) != null) {
                lineNo++;
                if (line.isBlank()) {
                    throw new CcdDataFormatException(csv + ":" + lineNo + ": blank line inside the query data");
                }
                String[] f = line.split(",", -1);
                String where = csv + ":" + lineNo;
                if (columns < 0) {
                    if (f.length != 6 && f.length != 7) {
                        throw new CcdDataFormatException(
                                where + ": expected 6 or 7 comma-separated integers, got " + f.length);
                    }
                    columns = f.length;
                } else if (f.length != columns) {
                    throw new CcdDataFormatException(
                            where + ": expected " + columns + " columns like line 1, got " + f.length);
                }
                for (int c = 0; c < 3; c++) {
                    BigInteger num = Rationals.parseInteger(f[2 * c], where + " column " + (2 * c + 1));
                    BigInteger den = Rationals.parseInteger(f[2 * c + 1], where + " column " + (2 * c + 2));
                    if (den.signum() == 0) {
                        throw new CcdDataFormatException(where + " column " + (2 * c + 2) + ": zero denominator");
                    }
                    double v = Rationals.toDouble(num, den);
                    if (!Double.isFinite(v)) {
                        throw new CcdDataFormatException(
                                where + ": coordinate " + num + "/" + den + " overflows a double");
                    }
                    block[3 * row + c] = v;
                }
                if (columns == 7) {
                    String t = f[6].trim();
                    if (!t.equals("0") && !t.equals("1")) {
                        throw new CcdDataFormatException(
                                where + " column 7: ground truth must be 0 or 1, got '" + t + "'");
                    }
                    int l = t.equals("1") ? 1 : 0;
                    if (row == 0) {
                        label = l;
                    } else if (l != label) {
                        throw new CcdDataFormatException(where + " column 7: ground truth " + l + " differs from "
                                + label + " on the first row of query " + queries.size());
                    }
                }
                row++;
                if (row == 8) {
                    queries.add(CcdQuery.of(kind, block));
                    if (columns == 7) {
                        labels.add(label == 1);
                    }
                    row = 0;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read CCD query file " + csv, e);
        }
        if (row != 0) {
            throw new CcdDataFormatException(csv + ": " + lineNo + " lines is not a multiple of 8 (query "
                    + queries.size() + " has only " + row + " rows)");
        }
        return new Parsed(queries, columns == 7 ? labels : null);
    }

    /** Reads a JSON array of booleans ({@code [true, false, ...]}). */
    public static List<Boolean> readBooleanArray(Path json) {
        String s;
        try {
            s = Files.readString(json, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read JSON file " + json, e);
        }
        List<Boolean> out = new ArrayList<>();
        int i = skipWs(s, 0);
        if (i >= s.length() || s.charAt(i) != '[') {
            throw new CcdDataFormatException(json + ": expected '[' at character " + i);
        }
        i = skipWs(s, i + 1);
        if (i < s.length() && s.charAt(i) == ']') {
            i++;
        } else {
            while (true) {
                if (s.startsWith("true", i)) {
                    out.add(Boolean.TRUE);
                    i += 4;
                } else if (s.startsWith("false", i)) {
                    out.add(Boolean.FALSE);
                    i += 5;
                } else {
                    throw new CcdDataFormatException(
                            json + ": element " + out.size() + " at character " + i + " is not true/false");
                }
                i = skipWs(s, i);
                if (i < s.length() && s.charAt(i) == ',') {
                    i = skipWs(s, i + 1);
                } else if (i < s.length() && s.charAt(i) == ']') {
                    i++;
                    break;
                } else {
                    throw new CcdDataFormatException(
                            json + ": expected ',' or ']' after element " + (out.size() - 1) + " at character " + i);
                }
            }
        }
        if (skipWs(s, i) != s.length()) {
            throw new CcdDataFormatException(json + ": trailing content after the array at character " + i);
        }
        return out;
    }

    private static int skipWs(String s, int i) {
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
        return i;
    }
}
