package io.collide4j.spark;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * One part file of an output table ({@link ResultColumns#RESULTS} or {@link ResultColumns#ERRORS}) written by a task
 * through Hadoop's {@code FileSystem} API: Parquet (parquet-hadoop's example writer, Snappy, the columns as Spark reads
 * them back: strings as UTF-8 binaries, a double array as a standard three-level list) or JSON Lines (nulls left out,
 * as Spark's JSON writer does; doubles in Java's shortest round-trip form). Not thread-safe: one per task.
 */
abstract class TableFile implements Closeable {

    abstract void write(Row row) throws IOException;

    static TableFile open(CertifiedDataset.OutputFormat format, StructType schema, Path file, Configuration conf)
            throws IOException {
        return format == CertifiedDataset.OutputFormat.PARQUET
                ? new Parquet(schema, file, conf)
                : new JsonLines(schema, file, conf);
    }

    /** The part file name of a task's partition, as Spark names its own ({@code part-00007.parquet}). */
    static String partName(int partition, CertifiedDataset.OutputFormat format) {
        return String.format(
                "part-%05d.%s", partition, format == CertifiedDataset.OutputFormat.PARQUET ? "parquet" : "json");
    }

    private static final class JsonLines extends TableFile {
        private static final JsonFactory JSON = new JsonFactory();
        private final StructField[] fields;
        private final OutputStream out;
        private final JsonGenerator g;

        JsonLines(StructType schema, Path file, Configuration conf) throws IOException {
            this.fields = schema.fields();
            this.out = TaskFiles.create(file, conf);
            this.g = JSON.createGenerator(out);
            g.setRootValueSeparator(null);
        }

        @Override
        void write(Row row) throws IOException {
            g.writeStartObject();
            for (int i = 0; i < fields.length; i++) {
                Object v = row.get(i);
                if (v == null) {
                    continue;
                }
                g.writeFieldName(fields[i].name());
                if (v instanceof String s) {
                    g.writeString(s);
                } else if (v instanceof Integer n) {
                    g.writeNumber(n);
                } else if (v instanceof Long n) {
                    g.writeNumber(n);
                } else if (v instanceof Double x) {
                    g.writeNumber(x);
                } else if (v instanceof double[] xs) {
                    g.writeArray(xs, 0, xs.length);
                } else {
                    throw new IllegalStateException(
                            "internal error: column " + fields[i].name() + " holds " + v.getClass());
                }
            }
            g.writeEndObject();
            g.writeRaw('\n');
        }

        @Override
        public void close() throws IOException {
            g.close();
            out.close();
        }
    }

    private static final class Parquet extends TableFile {
        /**
         * The only columns with a dictionary: those that repeat a few values over many rows. The others differ row by
         * row (ids, sources, certificates, clearances, evaluations), where a dictionary would only be built, hashed
         * and then abandoned: for the certificates, kilobytes of text per row.
         */
        private static final Set<String> REPEATED = Set.of(
                "robot", "srdf", "scene", "verdict", "waypoints", "margin", "closest_pair", "budget", "exit_code");

        private final StructField[] fields;
        private final SimpleGroupFactory groups;
        private final ParquetWriter<Group> writer;

        Parquet(StructType schema, Path file, Configuration conf) throws IOException {
            this.fields = schema.fields();
            MessageType type = parquetSchema(schema);
            this.groups = new SimpleGroupFactory(type);
            ExampleParquetWriter.Builder b = ExampleParquetWriter.builder(TaskFiles.parquet(file, conf))
                    .withType(type)
                    .withConf(conf)
                    .withCompressionCodec(CompressionCodecName.SNAPPY)
                    .withWriteMode(ParquetFileWriter.Mode.CREATE)
                    .withDictionaryEncoding(false);
            for (StructField f : fields) {
                if (REPEATED.contains(f.name())) {
                    b = b.withDictionaryEncoding(f.name(), true);
                }
            }
            if (schema.getFieldIndex("certificate").isDefined()) {
                // no reader filters on a certificate's text: its min and max would cost comparisons of kilobytes of
                // text per row
                b = b.withStatisticsEnabled("certificate", false);
            }
            this.writer = b.build();
        }

        @Override
        void write(Row row) throws IOException {
            Group g = groups.newGroup();
            // by field index, not name: the Parquet schema has the table's columns in the table's order, and a name
            // costs a hash lookup per value
            for (int i = 0; i < fields.length; i++) {
                Object v = row.get(i);
                if (v == null) {
                    continue;
                }
                if (v instanceof String s) {
                    g.add(i, s);
                } else if (v instanceof Integer n) {
                    g.add(i, n);
                } else if (v instanceof Long n) {
                    g.add(i, n);
                } else if (v instanceof Double x) {
                    g.add(i, x);
                } else if (v instanceof double[] xs) {
                    Group list = g.addGroup(i);
                    for (double x : xs) {
                        list.addGroup(0).add(0, x);
                    }
                } else {
                    throw new IllegalStateException(
                            "internal error: column " + fields[i].name() + " holds " + v.getClass());
                }
            }
            writer.write(g);
        }

        @Override
        public void close() throws IOException {
            writer.close();
        }

        static MessageType parquetSchema(StructType schema) {
            Types.MessageTypeBuilder b = Types.buildMessage();
            for (StructField f : schema.fields()) {
                b.addField(column(f.name(), f.dataType(), f.nullable()));
            }
            return b.named("spark_schema");
        }

        private static Type column(String name, DataType t, boolean nullable) {
            Type.Repetition r = nullable ? Type.Repetition.OPTIONAL : Type.Repetition.REQUIRED;
            if (t.equals(DataTypes.StringType)) {
                return Types.primitive(PrimitiveTypeName.BINARY, r)
                        .as(LogicalTypeAnnotation.stringType())
                        .named(name);
            } else if (t.equals(DataTypes.IntegerType)) {
                return Types.primitive(PrimitiveTypeName.INT32, r).named(name);
            } else if (t.equals(DataTypes.LongType)) {
                return Types.primitive(PrimitiveTypeName.INT64, r).named(name);
            } else if (t.equals(DataTypes.DoubleType)) {
                return Types.primitive(PrimitiveTypeName.DOUBLE, r).named(name);
            } else if (t instanceof ArrayType a && a.elementType().equals(DataTypes.DoubleType)) {
                return Types.buildGroup(r)
                        .as(LogicalTypeAnnotation.listType())
                        .repeatedGroup()
                        .required(PrimitiveTypeName.DOUBLE)
                        .named("element")
                        .named("list")
                        .named(name);
            }
            throw new IllegalArgumentException("internal error: no Parquet column for " + t.simpleString());
        }
    }
}
