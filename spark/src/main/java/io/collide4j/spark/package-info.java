/**
 * Certification of trajectory datasets on Apache Spark: each trajectory is certified exactly as
 * {@code collide4j certify} certifies it (same checker, same steps, same certificate bytes), in parallel across
 * executors.
 *
 * <p>Glossary.
 * <ul>
 *   <li><b>trajectory row</b> ({@link io.collide4j.spark.TrajectoryRow}): one input row — id, robot and scene
 *   references, joint names, times, positions, optional velocities, accelerations and budget — whatever file encoding
 *   it came in ({@link io.collide4j.spark.InputFormat}: Parquet, JSON Lines, CSV).</li>
 *   <li><b>reference</b> ({@link io.collide4j.spark.CheckerReference}): which robot (bundled name or URDF file, optional
 *   SRDF) in which scene (bundled name, scene file or {@code none}); resolved against the driver's working folder by
 *   each task, and loaded once per executor JVM ({@link io.collide4j.spark.ExecutorCheckers}).</li>
 *   <li><b>fingerprint</b> ({@link io.collide4j.spark.CheckerSource}): SHA-256 of the files a reference names, taken
 *   by each task when it first meets the reference; executors reuse a loaded checker across tasks and jobs only while
 *   it matches.</li>
 *   <li><b>plan</b>, <b>unit</b> ({@link io.collide4j.spark.InputPlan}, {@link io.collide4j.spark.InputUnit}): the
 *   inputs as the driver sees them without reading a row — a text file, or a Parquet row group — laid end to end on
 *   the <b>work line</b>, each unit as long as its estimated work.</li>
 *   <li><b>id hash</b> ({@link io.collide4j.spark.IdHashes}): 64 bits of a row's id that its task reports, so that
 *   duplicate ids are found without a pass of their own.</li>
 *   <li><b>result</b>: a certified row — verdict, first violation, clearance lower bound, evaluations, certificate.</li>
 *   <li><b>error</b> ({@link io.collide4j.spark.RowError}): a row that could not be certified — malformed, duplicate id,
 *   unloadable robot or scene, out of the joint limits — with its id (when it has one), where it came from and why.
 *   Every input row is exactly one result or one error.</li>
 *   <li><b>margin</b>: the required separation, as everywhere in collide4j; <b>clearance</b> is only the certified lower
 *   bound on the measured distance.</li>
 *   <li><b>budget</b>: distance evaluations per trajectory; when it runs out the verdict is INCONCLUSIVE.</li>
 *   <li><b>work</b> ({@link io.collide4j.spark.WorkBalance}): a row's expected certification cost, waypoints × joints;
 *   rows are spread over tasks by an estimate of it made before they are read (bytes of text at the rate of the
 *   input's first rows, Parquet value counts), each task reading its own rows: nothing is shuffled.</li>
 *   <li><b>task attempt</b>: one run of a task by Spark (a failed one is retried); it writes its part files and
 *   certificates under {@code _temporary/JOB/pPART-aATTEMPT} of each output root, and only the attempt whose
 *   {@link io.collide4j.spark.TaskReport report} reached the driver is <b>committed</b> (moved into place,
 *   {@link io.collide4j.spark.OutputCommit}).</li>
 * </ul>
 *
 * <p>Threads: executors share one immutable checker per reference; each task thread certifies with its own query
 * context (the checker's per-thread scratch) and writes its own files. The commit runs on the driver after the job.
 */
package io.collide4j.spark;
