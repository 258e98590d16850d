package io.collide4j.spark;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.spark.executor.TaskMetrics;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobEnd;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerStageSubmitted;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.sql.SparkSession;

/**
 * Where the wall time of one {@link DatasetCertifier#certify} call goes, from Spark's own timestamps (for
 * {@link ScalingBench}, not a test): the driver's work before the job (planning, closure), job start to stage
 * submission and to the first task's launch, each task's launch, deserialisation, run, result serialisation, GC and
 * finish, the last task's end to the job's end, and the job's end to the call's return (collecting the reports,
 * commit, summary). Spark stamps its events with {@link System#currentTimeMillis}, so the call is stamped with it too;
 * milliseconds are all Spark gives. Events arrive on Spark's listener bus thread; the lists are guarded by this.
 */
final class JobTimeline extends SparkListener {
    private record Task(
            long launch,
            long finish,
            long deserialize,
            long deserializeCpuNanos,
            long run,
            long cpuNanos,
            long resultSerialize,
            long gc,
            long resultBytes,
            String executor) {}

    private final List<Long> jobStarts = new ArrayList<>();
    private final List<Long> jobEnds = new ArrayList<>();
    private final List<Long> stages = new ArrayList<>();
    private final List<Task> tasks = new ArrayList<>();

    static JobTimeline on(SparkSession spark) {
        JobTimeline t = new JobTimeline();
        spark.sparkContext().addSparkListener(t);
        return t;
    }

    synchronized void clear() {
        jobStarts.clear();
        jobEnds.clear();
        stages.clear();
        tasks.clear();
    }

    @Override
    public synchronized void onJobStart(SparkListenerJobStart e) {
        jobStarts.add(e.time());
    }

    @Override
    public synchronized void onJobEnd(SparkListenerJobEnd e) {
        jobEnds.add(e.time());
    }

    @Override
    public synchronized void onStageSubmitted(SparkListenerStageSubmitted e) {
        stages.add(
                e.stageInfo().submissionTime().isDefined()
                        ? (Long) e.stageInfo().submissionTime().get()
                        : -1L);
    }

    @Override
    public synchronized void onTaskEnd(SparkListenerTaskEnd e) {
        TaskMetrics m = e.taskMetrics();
        tasks.add(new Task(
                e.taskInfo().launchTime(),
                e.taskInfo().finishTime(),
                m == null ? -1 : m.executorDeserializeTime(),
                m == null ? -1 : m.executorDeserializeCpuTime(),
                m == null ? -1 : m.executorRunTime(),
                m == null ? -1 : m.executorCpuTime(),
                m == null ? -1 : m.resultSerializationTime(),
                m == null ? -1 : m.jvmGCTime(),
                m == null ? -1 : m.resultSize(),
                e.taskInfo().executorId()));
    }

    /**
     * Prints the timeline of the call that ran from {@code called} to {@code returned} (epoch milliseconds), after
     * Spark's listener bus has delivered its events.
     */
    void print(SparkSession spark, String run, long called, long returned) {
        try {
            spark.sparkContext().listenerBus().waitUntilEmpty();
        } catch (java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("Spark's listener bus did not empty", e);
        }
        synchronized (this) {
            if (jobStarts.isEmpty()) {
                System.out.printf(Locale.ROOT, "[timeline] %s: no job%n", run);
                return;
            }
            long jobStart = jobStarts.get(0);
            long jobEnd = jobEnds.get(jobEnds.size() - 1);
            List<Task> sorted = new ArrayList<>(tasks);
            sorted.sort(java.util.Comparator.comparingLong(Task::launch));
            long firstLaunch = sorted.isEmpty() ? jobStart : sorted.get(0).launch();
            long lastFinish = sorted.stream().mapToLong(Task::finish).max().orElse(jobEnd);
            System.out.printf(
                    Locale.ROOT,
                    "[timeline] %s: call %d ms = driver before job %d + job start to stage %d + to first launch %d"
                            + " + tasks %d + last task end to job end %d + job end to return %d; %d job(s), %d"
                            + " task(s)%n",
                    run,
                    returned - called,
                    jobStart - called,
                    stages.isEmpty() ? -1 : stages.get(0) - jobStart,
                    firstLaunch - (stages.isEmpty() ? jobStart : stages.get(0)),
                    lastFinish - firstLaunch,
                    jobEnd - lastFinish,
                    returned - jobEnd,
                    jobStarts.size(),
                    sorted.size());
            long sumDeser = 0;
            long sumRun = 0;
            long sumSer = 0;
            long sumGc = 0;
            long sumBytes = 0;
            for (Task t : sorted) {
                System.out.printf(
                        Locale.ROOT,
                        "[timeline]   task on %s: launch +%d ms, finish +%d ms (%d ms): deserialise %d ms (CPU %.1f),"
                                + " run %d ms (CPU %.1f), result serialise %d ms, GC %d ms, result %d bytes%n",
                        t.executor(),
                        t.launch() - called,
                        t.finish() - called,
                        t.finish() - t.launch(),
                        t.deserialize(),
                        t.deserializeCpuNanos() / 1e6,
                        t.run(),
                        t.cpuNanos() / 1e6,
                        t.resultSerialize(),
                        t.gc(),
                        t.resultBytes());
                sumDeser += t.deserialize();
                sumRun += t.run();
                sumSer += t.resultSerialize();
                sumGc += t.gc();
                sumBytes += t.resultBytes();
            }
            System.out.printf(
                    Locale.ROOT,
                    "[timeline] %s: tasks' sums: deserialise %d ms, run %d ms, result serialise %d ms, GC %d ms,"
                            + " launch-to-finish outside run %d ms, results %d bytes%n",
                    run,
                    sumDeser,
                    sumRun,
                    sumSer,
                    sumGc,
                    sorted.stream().mapToLong(t -> t.finish() - t.launch()).sum() - sumRun - sumDeser,
                    sumBytes);
        }
    }
}
