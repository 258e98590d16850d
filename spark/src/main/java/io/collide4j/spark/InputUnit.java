package io.collide4j.spark;

import java.io.Serializable;
import java.util.List;

/**
 * A piece of the input that one reader opens: a whole JSON Lines or CSV file, or one row group of a Parquet file; with
 * its place in the job's work line ({@link InputPlan}: {@code base}, then {@code work} estimated units of work). The
 * driver makes them from file lengths and Parquet footers, without reading a row; the executors read them.
 *
 * @param format    how the file encodes its rows
 * @param file      the file (a Hadoop path or URI)
 * @param source    what error messages call the file: the input as the user named it, or the input folder and the
 *                  part file's name
 * @param columns   the columns as the file names them (CSV: its header line; Parquet: its schema), already checked
 * @param rowGroup  Parquet: the row group's index in the file; text: -1
 * @param firstRow  Parquet: rows of the file before this row group (rows are numbered from 1 in the file); text: 0
 * @param rows      Parquet: rows in the row group; text: -1 (unknown until read)
 * @param length    text: the file's length in bytes; Parquet: 0
 * @param base      where the unit starts on the work line
 * @param work      the unit's estimated work ({@link WorkBalance})
 */
record InputUnit(
        InputFormat format,
        String file,
        String source,
        List<String> columns,
        int rowGroup,
        long firstRow,
        long rows,
        long length,
        long base,
        long work)
        implements Serializable {}
