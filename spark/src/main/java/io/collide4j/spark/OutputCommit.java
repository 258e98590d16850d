package io.collide4j.spark;

import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Atomic output of a certification job under one output root (any Hadoop file system URI: {@code file:},
 * {@code hdfs:}, {@code s3a:} with the user's connector), in the manner of Hadoop's {@code FileOutputCommitter}
 * (algorithm 1): a task attempt writes only under {@code ROOT/_temporary/JOB/ATTEMPT/} with the relative paths its
 * files will have; the driver, once the job's action has returned exactly one successful report per partition, moves
 * those attempts' files into place ({@link #commit}) and deletes {@code ROOT/_temporary/JOB} with whatever failed,
 * retried or speculative attempts left there. So a failed or retried task never leaves a partial or duplicated file
 * in the output, and a job that fails leaves only {@code _temporary} (deleted by {@link #abort}). A commit is
 * idempotent: a file already moved is not moved again, one already at the destination is replaced (certificates of
 * the same id in a shared certificate folder). Serializable (executors need the attempt paths); the commit itself runs
 * on the driver.
 */
final class OutputCommit implements Serializable {
    private static final long serialVersionUID = 1L;
    static final String TEMPORARY = "_temporary";

    private final String root;
    private final String job;

    OutputCommit(String root) {
        this(root, UUID.randomUUID().toString());
    }

    OutputCommit(String root, String job) {
        this.root = root;
        this.job = job;
    }

    String root() {
        return root;
    }

    /** The folder a task attempt writes into; named by partition and Spark's attempt number. */
    Path attemptDir(int partition, int attempt) {
        return new Path(new Path(new Path(root, TEMPORARY), job), String.format("p%05d-a%d", partition, attempt));
    }

    /** The attempt folder of a committed {@link TaskReport}. */
    Path attemptDir(TaskReport r) {
        return attemptDir(r.partition(), r.attempt());
    }

    /** Moves the files of the successful attempts (one per partition) into place, then drops {@code _temporary}. */
    void commit(List<TaskReport> successful, Configuration conf) {
        Path rootPath = new Path(root);
        try {
            FileSystem fs = TaskFiles.of(rootPath, conf);
            for (TaskReport r : successful) {
                Path attempt = attemptDir(r);
                if (fs.exists(attempt)) { // else it wrote nothing, or an earlier run of this commit moved it
                    move(fs, attempt, rootPath);
                }
            }
            deleteTemporary(fs);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot commit the output in " + root + ": " + e.getMessage(), e);
        }
    }

    /**
     * Moves the tree under {@code from} into {@code to}, file by file, replacing files already there. Lists with
     * {@code listStatus}, not {@code listFiles}: the latter asks each local file's owner and permissions, which
     * Hadoop's local file system without its native library gets by forking {@code ls}, once per certificate.
     */
    private static void move(FileSystem fs, Path from, Path to) throws IOException {
        TaskFiles.mkdirs(fs, to);
        for (FileStatus f : fs.listStatus(from)) {
            Path target = new Path(to, f.getPath().getName());
            if (f.isDirectory()) {
                move(fs, f.getPath(), target);
            } else if (!fs.rename(f.getPath(), target)) {
                // HDFS and others do not replace: a certificate of the same id from an earlier job
                if (!fs.exists(target) || !fs.delete(target, false) || !fs.rename(f.getPath(), target)) {
                    throw new IOException("cannot move " + f.getPath() + " to " + target);
                }
            }
        }
    }

    /** Drops everything the job's attempts wrote (a job that failed). Best effort: the job's error matters more. */
    void abort(Configuration conf) {
        try {
            deleteTemporary(TaskFiles.of(new Path(root), conf));
        } catch (IOException ignored) {
            // the job's own failure is what is reported; a leftover _temporary names itself
        }
    }

    private void deleteTemporary(FileSystem fs) throws IOException {
        Path temporary = new Path(root, TEMPORARY);
        fs.delete(new Path(temporary, job), true);
        FileStatus[] left = fs.exists(temporary) ? fs.listStatus(temporary) : null;
        if (left != null && left.length == 0) {
            fs.delete(temporary, false); // other jobs writing certificates to the same folder keep theirs
        }
    }
}
