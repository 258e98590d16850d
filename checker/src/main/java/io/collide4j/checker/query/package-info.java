/**
 * Queries (state, motion) on a robot and a scene. Trajectory certificates, built on these queries, are in
 * {@code io.collide4j.checker.certificate}.
 *
 * <ul>
 *   <li><b>margin</b>: the required separation; <b>clearance</b>: a measured distance or its certified lower bound.</li>
 *   <li><b>earliest-contact query</b> ({@code checkMotion}) vs <b>boolean motion query</b> ({@code isMotionFree}): the
 *       same certified proof of a free motion (checkMotion runs the boolean proof first, with a clearance bound, and
 *       its <b>earliest-contact search</b> only when that proof fails; they may differ only on motions that come
 *       within the tolerance band); the first also finds when and where contact first becomes possible. Their settings travel together as a
 *       {@link io.collide4j.checker.query.MotionQuery} (margin, tolerance, budget, sample step).</li>
 *   <li><b>pair</b>: a robot piece against an obstacle piece or another robot piece ({@code PairKind} ENVIRONMENT or
 *       SELF); <b>candidate pairs</b>: the pairs the broad phase ({@code CandidatePairCollector}) could not show far
 *       enough apart, kept per context in a {@code CandidatePairs} list (one primitive array behind named accessors,
 *       allocation-free); {@code PairRef}: one pair as a record of indices, off the hot path; {@code LinkPair}: one pair
 *       by name (body or obstacle and piece), the one link-pair type of contacts, results and certificates.</li>
 *   <li><b>speed grid</b> ({@code SpeedGrid}): certified speed bounds of each piece's bounding sphere per cell of a
 *       segment's [0, 1], and the motion bounds and step rule built on them; {@code GridCells}: how many cells a
 *       segment gets for its joint travel.</li>
 *   <li><b>context</b> ({@code QueryContext}): one thread's scratch for one checker, made by
 *       {@code CollisionChecker.newContext()}; it knows the robot model it is sized for, not the checker (so the
 *       collaborators that read it form no cycle with the checker). {@code ExactMeshScratch}: its part for exact mesh
 *       obstacles.</li>
 *   <li><b>advancement</b> ({@code Advancement}): certified conservative advancement of one pair or of all candidate
 *       pairs in lockstep rounds, for checkMotion's search and the certifier; its outcome is an {@code AdvanceStatus}
 *       (CLEARED, VIOLATED, INCONCLUSIVE, PAUSED). {@code BooleanAdvancement}: the same bounds for isMotionFree, with
 *       the sphere tier, a looser GJK and a larger step fraction.</li>
 *   <li><b>swept spheres</b> ({@code SweptSpheres}): per piece and speed-grid cell, the piece's bounding sphere at the
 *       cell's midpoint and how far it can move within the cell; their box over the whole segment. The boolean
 *       advancement's broad phase, placed once per piece and segment.</li>
 *   <li><b>sphere tier</b>: the certified cheap lower bounds in front of GJK ({@code SphereTier}): a piece's covering
 *       spheres ({@link io.collide4j.checker.robot.CoveringSpheres}) against an obstacle piece's world primitive
 *       ({@code ObstacleBounds}) or another piece's spheres. Used by the discrete check and the boolean motion query
 *       ({@code BooleanAdvancement}); the certifier and checkMotion's search step on GJK alone, so certificates are unchanged.</li>
 *   <li><b>self-pair table</b> ({@code SelfPairTables}): for a self pair separated by one or two revolute joints, a
 *       grid over those joints' values of GJK's certified bound and a distance estimate at each cell's centre; with
 *       a Lipschitz slide it decides such pairs (free or colliding) in the discrete check before GJK.</li>
 * </ul>
 */
package io.collide4j.checker.query;
