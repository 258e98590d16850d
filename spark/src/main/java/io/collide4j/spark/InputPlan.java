package io.collide4j.spark;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.util.LineReader;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.spark.sql.execution.datasources.parquet.ParquetToSparkSchemaConverter;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * What a certification job reads, planned on the driver from file listings, file lengths, Parquet footers, CSV
 * header lines and the first rows of each text input alone (Hadoop's {@code FileSystem}; no Spark job, no Spark SQL
 * query): the {@link InputUnit}s in input order on one work line, and how many tasks share it ({@link WorkBalance}).
 * A file whose columns are wrong is refused here, before any row is read, with an {@link IllegalArgumentException}
 * naming the file and the columns. Immutable; serialized into each task.
 *
 * @param units the units, in input order (inputs as given; a folder's part files by name; row groups in file order)
 * @param total the length of the work line (the units' estimated work)
 * @param tasks how many tasks take the rows
 */
record InputPlan(List<InputUnit> units, long total, int tasks) implements Serializable {

    /** Rows of JSON Lines or CSV text are at least this many bytes (id, robot, scene, names, two waypoints). */
    private static final long MIN_TEXT_ROW_BYTES = 100;

    /**
     * Plans {@code inputs} (files or folders of part files; format by name, {@link InputFormat}) for at most
     * {@code maxTasks} tasks (fewer when the input cannot have as many rows).
     *
     * @throws IllegalArgumentException a missing input, a folder without part files, a file that is not what its
     *                                  name says, or one whose columns are wrong
     * @throws UncheckedIOException     an input that cannot be read
     */
    static InputPlan of(List<String> inputs, Configuration conf, int maxTasks) {
        List<InputUnit> units = new ArrayList<>();
        long at = 0;
        long rowsAtMost = 0;
        for (String in : inputs) {
            InputFormat format = InputFormat.of(in);
            double bytesPerWork = -1; // text: measured on the input's first file, for all its files
            for (Part part : parts(in, conf)) {
                List<InputUnit> made;
                if (format == InputFormat.PARQUET) {
                    made = parquet(part, conf, at);
                } else {
                    List<String> columns = format == InputFormat.CSV ? csvColumns(part, conf) : List.of();
                    if (bytesPerWork < 0) {
                        bytesPerWork = bytesPerWork(format, part, columns, conf);
                    }
                    made = List.of(text(format, part, columns, at, bytesPerWork));
                }
                for (InputUnit u : made) {
                    at += u.work();
                    rowsAtMost += u.rows() >= 0 ? u.rows() : u.length() / MIN_TEXT_ROW_BYTES + 1;
                }
                units.addAll(made);
            }
        }
        return new InputPlan(List.copyOf(units), at, (int) Math.max(1, Math.min(maxTasks, rowsAtMost)));
    }

    /** A file to read and what error messages call it. */
    private record Part(FileStatus file, String source) {}

    /**
     * The files of an input: the file itself, or a folder's files by name, leaving out those whose names start with
     * '_' or '.' (Hadoop's and Spark's markers and checksums), as Spark's sources do. A glob matches files and
     * folders alike. A folder inside a dataset folder is refused rather than skipped, so no row goes unread.
     */
    private static List<Part> parts(String in, Configuration conf) {
        Path p = new Path(in);
        try {
            FileSystem fs = p.getFileSystem(conf);
            FileStatus[] found = fs.globStatus(p);
            if (found == null || found.length == 0) {
                throw new IllegalArgumentException(in + ": no such file or folder");
            }
            boolean named = found.length == 1
                    && found[0].isFile()
                    && found[0].getPath().getName().equals(p.getName());
            List<Part> parts = new ArrayList<>();
            for (FileStatus f : found) {
                if (f.isFile()) {
                    parts.add(new Part(f, named ? in : f.getPath().toString()));
                    continue;
                }
                FileStatus[] children = fs.listStatus(f.getPath());
                Arrays.sort(children, Comparator.comparing(c -> c.getPath().getName()));
                String folder = found.length == 1
                        ? in.replaceAll("/+$", "")
                        : f.getPath().toString();
                int before = parts.size();
                for (FileStatus c : children) {
                    String name = c.getPath().getName();
                    if (name.startsWith("_") || name.startsWith(".")) {
                        continue;
                    }
                    if (!c.isFile()) {
                        throw new IllegalArgumentException(folder + "/" + name + ": a folder inside a dataset folder;"
                                + " expected only part files (name the folder itself as another input)");
                    }
                    parts.add(new Part(c, folder + "/" + name));
                }
                if (parts.size() == before) {
                    throw new IllegalArgumentException(folder + ": a folder without part files (names starting with"
                            + " '_' or '.' are not read)");
                }
            }
            return parts;
        } catch (FileNotFoundException e) {
            throw new IllegalArgumentException(in + ": no such file or folder", e);
        } catch (IOException e) {
            throw new UncheckedIOException(in + ": cannot read: " + e.getMessage(), e);
        }
    }

    /** One unit per row group, from the footer; the schema checked as Spark would read it. */
    private static List<InputUnit> parquet(Part part, Configuration conf, long at) {
        String source = part.source();
        try (ParquetFileReader r = ParquetFileReader.open(HadoopInputFile.fromStatus(part.file(), conf))) {
            MessageType schema = r.getFooter().getFileMetaData().getSchema();
            StructType columns;
            try {
                columns = new ParquetToSparkSchemaConverter(SQLConf.get()).convert(schema);
            } catch (RuntimeException e) { // a Parquet type Spark has no type for
                throw new IllegalArgumentException(source + ": unreadable Parquet schema: " + e.getMessage(), e);
            }
            DatasetReader.checkColumns(source, columns, true);
            List<String> names = List.of(columns.fieldNames());
            List<InputUnit> units = new ArrayList<>();
            long firstRow = 0;
            long base = at;
            List<BlockMetaData> groups = r.getRowGroups();
            for (int g = 0; g < groups.size(); g++) {
                BlockMetaData b = groups.get(g);
                if (b.getRowCount() == 0) {
                    continue;
                }
                long values = 0;
                for (ColumnChunkMetaData c : b.getColumns()) {
                    if (c.getPath().toArray()[0].equals(DatasetReader.POSITIONS)) {
                        values += c.getValueCount();
                    }
                }
                long work = Math.max(b.getRowCount(), values > 0 ? values : b.getTotalByteSize() / Double.BYTES);
                units.add(new InputUnit(
                        InputFormat.PARQUET,
                        part.file().getPath().toString(),
                        source,
                        names,
                        g,
                        firstRow,
                        b.getRowCount(),
                        0,
                        base,
                        work));
                firstRow += b.getRowCount();
                base += work;
            }
            return units;
        } catch (IOException e) {
            // parquet-hadoop says "not a Parquet file" (wrong magic bytes) or why the footer cannot be read
            throw new IllegalArgumentException(source + ": cannot read as Parquet: " + e.getMessage(), e);
        }
    }

    /** A CSV file's column names from its header line, checked. */
    private static List<String> csvColumns(Part part, Configuration conf) {
        List<String> names = csvHeader(part, conf);
        StructType header = new StructType();
        for (String n : names) {
            header = header.add(n, DataTypes.StringType, true);
        }
        DatasetReader.checkColumns(part.source(), header, false);
        return names;
    }

    /** A whole JSON Lines or CSV file, its work estimated from its length. */
    private static InputUnit text(InputFormat format, Part part, List<String> columns, long at, double bytesPerWork) {
        long length = part.file().getLen();
        return new InputUnit(
                format, part.file().getPath().toString(), part.source(), columns, -1, 0, -1, length, at, (long)
                        (length / bytesPerWork));
    }

    /** Rows of a text input the driver decodes to learn how many bytes its rows take per unit of work. */
    static final int SAMPLE_ROWS = 32;

    /**
     * Bytes of text per unit of work ({@link WorkBalance#work}: waypoints × joints) over the first
     * {@link #SAMPLE_ROWS} rows of {@code part} that decode, so that text rows sit on the work line at their work,
     * like Parquet rows, whatever else they carry (times, velocities and accelerations triple a row's bytes without
     * adding waypoints); {@link WorkBalance#TEXT_BYTES_PER_VALUE} when none decodes. Lines that do not decode are
     * not counted (they are cheap to refuse).
     */
    private static double bytesPerWork(InputFormat format, Part part, List<String> columns, Configuration conf) {
        Path file = part.file().getPath();
        long bytes = 0;
        long work = 0;
        try (FSDataInputStream s = file.getFileSystem(conf).open(file)) {
            LineReader lines = new LineReader(s, conf);
            Text line = new Text();
            boolean header = format == InputFormat.CSV;
            int sampled = 0;
            for (long index = 0; sampled < SAMPLE_ROWS; ) {
                int consumed = lines.readLine(line);
                if (consumed == 0) {
                    break;
                }
                if (header || line.getLength() == 0) {
                    header = false;
                    continue;
                }
                String text = line.toString();
                Decoded d = format == InputFormat.CSV
                        ? DatasetReader.csvRow(part.source(), columns, text, index)
                        : DatasetReader.jsonLine(part.source(), text, index);
                index++;
                if (d.row() != null && d.row().positions() != null) {
                    bytes += consumed;
                    work += WorkBalance.work(d);
                    sampled++;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(part.source() + ": cannot read: " + e.getMessage(), e);
        }
        return work == 0 ? WorkBalance.TEXT_BYTES_PER_VALUE : Math.max(1.0, (double) bytes / work);
    }

    /** The column names in a CSV file's first line (none in an empty file). */
    private static List<String> csvHeader(Part part, Configuration conf) {
        Path file = part.file().getPath();
        try (FSDataInputStream s = file.getFileSystem(conf).open(file)) {
            Text line = new Text();
            if (new LineReader(s, conf).readLine(line) == 0) {
                return List.of();
            }
            String[] cells = CsvRecord.split(line.toString());
            if (cells == null) {
                throw new IllegalArgumentException(part.source() + ": header line: malformed CSV (a quote not closed,"
                        + " or text after a closing quote): " + CsvRecord.abbreviate(line.toString()));
            }
            List<String> names = new ArrayList<>();
            for (String c : cells) {
                names.add(c == null ? "" : c);
            }
            return List.copyOf(names);
        } catch (IOException e) {
            throw new UncheckedIOException(part.source() + ": cannot read: " + e.getMessage(), e);
        }
    }
}
