package io.collide4j.spark;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.NoSuchElementException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.util.LineReader;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.schema.MessageType;

/**
 * The rows one task takes ({@link WorkBalance}), read on the executor straight from the files of the units whose
 * stretch of the work line reaches the task's slice: a text file from its start (line numbers count from there; the
 * lines before the slice are only counted, not decoded), a Parquet row group from its first record (records before
 * the slice are assembled and dropped). Stops reading a unit at the first row past the slice. Not thread-safe: one per
 * task; closes what it opened when the rows run out (and on {@link #close}).
 */
final class TaskInput implements Iterator<Decoded>, Closeable {
    private final InputPlan plan;
    private final int task;
    private final Configuration conf;
    private int unit = -1;
    private Rows open;
    private Decoded next;

    TaskInput(InputPlan plan, int task, Configuration conf) {
        this.plan = plan;
        this.task = task;
        this.conf = conf;
    }

    /** The rows of one unit that belong to this task, in order; null when there are no more. */
    private interface Rows extends Closeable {
        Decoded next() throws IOException;
    }

    @Override
    public boolean hasNext() {
        try {
            while (next == null) {
                if (open != null) {
                    next = open.next();
                    if (next != null) {
                        break;
                    }
                    open.close();
                    open = null;
                }
                if (!advance()) {
                    return false;
                }
            }
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot read " + plan.units().get(unit).source() + ": " + e.getMessage(), e);
        }
    }

    /** Opens the next unit this task reads; false when none is left. */
    private boolean advance() throws IOException {
        while (++unit < plan.units().size()) {
            InputUnit u = plan.units().get(unit);
            if (WorkBalance.reads(u, task, plan.tasks(), plan.total())) {
                open = u.format() == InputFormat.PARQUET ? new ParquetRows(u) : new TextRows(u);
                return true;
            }
        }
        return false;
    }

    @Override
    public Decoded next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        Decoded d = next;
        next = null;
        return d;
    }

    @Override
    public void close() throws IOException {
        if (open != null) {
            open.close();
            open = null;
        }
    }

    private int taskOf(long twiceMiddle) {
        return WorkBalance.task(twiceMiddle, plan.tasks(), plan.total());
    }

    /** JSON Lines (every line a row) or CSV (a header line, then every non-empty line a row). */
    private final class TextRows implements Rows {
        private final InputUnit u;
        private final FSDataInputStream in;
        private final LineReader lines;
        private final Text line = new Text();
        private long offset;
        private long rows;
        private boolean header;

        TextRows(InputUnit u) throws IOException {
            this.u = u;
            Path p = new Path(u.file());
            this.in = p.getFileSystem(conf).open(p);
            this.lines = new LineReader(in, conf);
            this.header = u.format() == InputFormat.CSV;
        }

        @Override
        public Decoded next() throws IOException {
            while (true) {
                long at = offset;
                // the same line ends as Hadoop's text input: \n, \r or \r\n, not kept
                int consumed = lines.readLine(line);
                if (consumed == 0 || at >= u.length()) {
                    return null; // the end, or lines appended after the driver planned the job: not this job's rows
                }
                offset += consumed;
                if (header) {
                    header = false;
                    continue;
                }
                if (u.format() == InputFormat.CSV && line.getLength() == 0) {
                    continue; // Spark's CSV reader skips empty lines and does not count them as rows
                }
                long index = rows++;
                // a last line that grew since planning stays on its unit's stretch, with the tasks that read the unit
                int k = taskOf(WorkBalance.twiceMiddle(u, at, Math.min(consumed, u.length() - at), u.length()));
                if (k < task) {
                    continue;
                }
                if (k > task) {
                    return null;
                }
                String text = line.toString();
                return u.format() == InputFormat.CSV
                        ? DatasetReader.csvRow(u.source(), u.columns(), text, index)
                        : DatasetReader.jsonLine(u.source(), text, index);
            }
        }

        @Override
        public void close() throws IOException {
            lines.close();
        }
    }

    /** One Parquet row group, record by record (parquet-hadoop's example records). */
    private final class ParquetRows implements Rows {
        private final InputUnit u;
        private final ParquetFileReader file;
        private final RecordReader<Group> records;
        private long index;

        ParquetRows(InputUnit u) throws IOException {
            this.u = u;
            this.file = ParquetFileReader.open(HadoopInputFile.fromPath(new Path(u.file()), conf));
            try {
                MessageType schema = file.getFooter().getFileMetaData().getSchema();
                PageReadStore pages = file.readRowGroup(u.rowGroup());
                this.records = new ColumnIOFactory()
                        .getColumnIO(schema)
                        .getRecordReader(pages, new GroupRecordConverter(schema));
            } catch (IOException | RuntimeException e) {
                file.close();
                throw e;
            }
        }

        @Override
        public Decoded next() {
            while (index < u.rows()) {
                int k = taskOf(WorkBalance.twiceMiddle(u, index, 1, u.rows()));
                if (k > task) {
                    return null;
                }
                Group g = records.read();
                index++;
                if (k == task) {
                    return ParquetRow.decode(g, u.source() + " row " + (u.firstRow() + index));
                }
            }
            return null;
        }

        @Override
        public void close() throws IOException {
            file.close();
        }
    }
}
