/**
 * Batches of state, motion and CCD queries on one robot and scene, run by an engine on the CPU (a worker pool) or on
 * an OpenCL device, with the same certified answers as the one-at-a-time queries in {@code query}.
 *
 * <p>Glossary: <b>engine</b> ({@link io.collide4j.checker.batch.EngineKind}): CPU or OpenCL implementation of one
 * batch kind, chosen by {@link io.collide4j.checker.batch.EngineChoice}; <b>batch robot</b>
 * ({@link io.collide4j.checker.batch.BatchRobot}): the robot's pieces flattened into primitive arrays for the kernels,
 * with its tables in one class each: {@code ChainLayout} (links, joint slots, the tier's forward kinematics),
 * {@code SphereCover} (covering spheres of a piece), {@code ObstacleBoxes}, {@code PairTable} (the pairs isFree
 * checks) and {@code ReachTable} (the motion tier's joint reach); <b>verdict</b> ({@link
 * io.collide4j.checker.batch.StateVerdict}) and motion status: per item of a batch, enums as in single queries;
 * <b>kernel</b>: OpenCL source under {@code resources/io/collide4j/checker/batch}. Thread safety: see each engine; a
 * {@link io.collide4j.checker.batch.BatchChecker} may be shared, its results are immutable.
 */
package io.collide4j.checker.batch;
