package io.collide4j.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** RFC 4180 records, one line each: the fields written out by hand. */
class CsvRecordTest {
    @Test
    void quotedFieldsHoldCommasAndDoubledQuotes() {
        assertArrayEquals(
                new String[] {"a", "[1, 2]", "say \"hi\"", "x"}, CsvRecord.split("a,\"[1, 2]\",\"say \"\"hi\"\"\",x"));
        assertArrayEquals(new String[] {"one"}, CsvRecord.split("one"));
    }

    @Test
    void emptyFieldsQuotedOrNotAreMissing() {
        assertArrayEquals(new String[] {null, "b", null, null}, CsvRecord.split(",b,\"\","));
        assertArrayEquals(new String[] {null}, CsvRecord.split(""));
    }

    @Test
    void malformedRecordsAreRefused() {
        assertNull(CsvRecord.split("a,\"open"), "a quote not closed on the line");
        assertNull(CsvRecord.split("a,\"closed\"x,b"), "text after a closing quote");
        assertNull(CsvRecord.split("a,b\"c"), "a quote inside an unquoted field");
    }
}
