package io.collide4j.spark;

import java.util.ArrayList;
import java.util.List;

/**
 * One CSV record on one line, split strictly by RFC 4180: fields separated by commas, a field that starts with a
 * double quote runs to the next lone double quote ({@code ""} inside stands for one), and nothing but a comma or the
 * end of the line may follow it. An empty field, quoted or not, is a missing value (null), as Spark's CSV reader has
 * it. Records do not span lines (as with Spark's default {@code multiLine=false}). Stateless.
 */
final class CsvRecord {
    private CsvRecord() {}

    /**
     * The fields of {@code line}; null when it is not a CSV record (a quote not closed, text after a closing quote, a
     * quote inside an unquoted field).
     */
    static String[] split(String line) {
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        int i = 0;
        int n = line.length();
        while (true) {
            field.setLength(0);
            if (i < n && line.charAt(i) == '"') {
                i++;
                while (true) {
                    if (i >= n) {
                        return null; // the quote is not closed on this line
                    }
                    char c = line.charAt(i++);
                    if (c != '"') {
                        field.append(c);
                    } else if (i < n && line.charAt(i) == '"') {
                        field.append('"');
                        i++;
                    } else {
                        break;
                    }
                }
                if (i < n && line.charAt(i) != ',') {
                    return null; // text after the closing quote
                }
            } else {
                while (i < n && line.charAt(i) != ',') {
                    char c = line.charAt(i++);
                    if (c == '"') {
                        return null;
                    }
                    field.append(c);
                }
            }
            fields.add(field.length() == 0 ? null : field.toString());
            if (i >= n) {
                return fields.toArray(String[]::new);
            }
            i++; // the comma
        }
    }

    /** A record for an error message: one line, at most 120 characters. */
    static String abbreviate(String s) {
        String one = s.replace('\n', ' ').replace('\r', ' ');
        return one.length() <= 120 ? one : one.substring(0, 117) + "...";
    }
}
