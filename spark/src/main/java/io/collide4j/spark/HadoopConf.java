package io.collide4j.spark;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import org.apache.hadoop.conf.Configuration;

/**
 * The driver's Hadoop configuration (the session's {@code spark.hadoop.*} settings, the user's S3 or HDFS credentials
 * and connectors) broadcast to the executors (once per executor, not in each task's closure: with Hadoop's defaults it
 * is about 110 kB), so that every task opens the output file systems exactly as the driver does. Hadoop's
 * {@code Configuration} is {@code Writable}, not {@code Serializable}; this wraps it. Read-only after construction;
 * {@link #get} is safe from any thread of a task, and task threads of one executor share it.
 */
final class HadoopConf implements Serializable {
    private static final long serialVersionUID = 1L;

    private transient Configuration conf;

    HadoopConf(Configuration conf) {
        this.conf = new Configuration(conf);
    }

    Configuration get() {
        return conf;
    }

    private void writeObject(ObjectOutputStream out) throws IOException {
        out.defaultWriteObject();
        conf.write(out);
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        conf = new Configuration(false);
        conf.readFields(in);
    }
}
