package io.collide4j.spark;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.ChecksumFileSystem;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

import java.io.IOException;

/**
 * The file system a task writes a file through: the one of the file's URI, except that a checksummed local file system
 * (Hadoop's {@code LocalFileSystem}) is bypassed for its raw one, so that one certificate per trajectory does not
 * come with a hidden {@code .crc} file beside it. Other file systems (HDFS, S3A) keep their own integrity checks.
 * The cached instances are only read, never reconfigured: Spark's own writers in the same JVM share them.
 */
final class TaskFiles {
    private TaskFiles() {
    }

    static FileSystem of(Path file, Configuration conf) throws IOException {
        FileSystem fs = file.getFileSystem(conf);
        return fs instanceof ChecksumFileSystem c ? c.getRawFileSystem() : fs;
    }
}
