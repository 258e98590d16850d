package io.collide4j.spark;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.ChecksumFileSystem;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.parquet.hadoop.util.HadoopOutputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.OutputFile;

/**
 * How a task creates a file: through the Hadoop file system of the file's URI, except on the local file system, where
 * the file is written with {@code java.nio} at the path Hadoop maps it to. Two reasons, both per file and so per
 * certificate: Hadoop's checksummed local file system writes a hidden {@code .crc} beside each file, and without
 * Hadoop's native library its raw local file system sets each new file's permissions by forking {@code chmod}
 * (measured: certificates as files 0.18× one thread instead of inline's 0.49×, local[1] on this machine). The results
 * and errors part files follow the same rule ({@link #parquet}), which saves each task four forks. Other file
 * systems (HDFS, S3A) are used as they are. The cached file system instances are only read, never reconfigured:
 * Spark's own writers in the same JVM share them.
 */
final class TaskFiles {
    private TaskFiles() {}

    /** The file system to write {@code file} through: the raw one under a checksummed local one, else its own. */
    static FileSystem of(Path file, Configuration conf) throws IOException {
        FileSystem fs = file.getFileSystem(conf);
        return fs instanceof ChecksumFileSystem c ? c.getRawFileSystem() : fs;
    }

    /**
     * Where a Parquet writer writes {@code file}, under the same rule as {@link #create}: on the local file system a
     * {@code java.nio} file (no {@code .crc} beside it, no forked {@code chmod} for it or its checksum: two processes
     * per part file, so per task), its folders made; elsewhere the file system of its URI.
     */
    static OutputFile parquet(Path file, Configuration conf) throws IOException {
        FileSystem fs = of(file, conf);
        if (fs instanceof RawLocalFileSystem local) {
            java.nio.file.Path p = local.pathToFile(file).toPath();
            Files.createDirectories(p.getParent());
            return new LocalOutputFile(p);
        }
        return HadoopOutputFile.fromPath(file, conf);
    }

    /** Makes {@code dir} and its parents on {@code fs} ({@link #of}): on the local file system without a forked chmod. */
    static void mkdirs(FileSystem fs, Path dir) throws IOException {
        if (fs instanceof RawLocalFileSystem local) {
            Files.createDirectories(local.pathToFile(dir).toPath());
        } else if (!fs.mkdirs(dir)) {
            throw new IOException("cannot make the folder " + dir);
        }
    }

    /** A new file (replaced if it exists), its folders made. */
    static OutputStream create(Path file, Configuration conf) throws IOException {
        FileSystem fs = of(file, conf);
        if (fs instanceof RawLocalFileSystem local) {
            java.nio.file.Path p = local.pathToFile(file).toPath();
            Files.createDirectories(p.getParent());
            return new BufferedOutputStream(
                    Files.newOutputStream(
                            p,
                            StandardOpenOption.CREATE,
                            StandardOpenOption.TRUNCATE_EXISTING,
                            StandardOpenOption.WRITE),
                    1 << 16);
        }
        return fs.create(file, true);
    }
}
