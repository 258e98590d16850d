/**
 * The independent certificate verifier (issue 21): re-checks a {@code collide4j-certificate/3} with its own interval
 * arithmetic, interval forward kinematics and separating-plane tests, sharing no code with the certifier (only the
 * urdf module's description records, XML reader and loaded meshes). Every lemma it relies on is stated in
 * {@code verifier/SOUNDNESS.md}; the code cites them by name (I1–I3, F1–F3, M1–M2, H1, S1–S4, D1–D2, E1–E2, P1–P2, C1–C3,
 * A1–A2). Before any
 * plane, {@link io.collide4j.verifier.Binding} binds a certificate to the user's inputs (SOUNDNESS.md, "Binding").
 *
 * <p>Glossary.
 * <ul>
 * <li><b>enclosure</b>: an interval (or interval vector/matrix) that contains the exact real value.</li>
 * <li><b>outward rounding</b>: stepping each computed bound one double away, so the enclosure survives rounding.</li>
 * <li><b>piece</b>: a convex set checked as one: a link's mesh hull or primitive (scaled, padded), a decomposition
 * piece (the hull of the mesh patches its cover gives it), or an obstacle.</li>
 * <li><b>cover</b>: per decomposed mesh element, a split tree of every mesh triangle into patches (leaves), each given
 * to one DECOMPOSED piece ({@link io.collide4j.verifier.MeshCover}); the leaves tile the triangles exactly.</li>
 * <li><b>step</b>: an s-interval [ends[k−1], ends[k]] of a segment with one plane (n, c, gA, gB).</li>
 * <li><b>window</b>: a step the certifier settled by Tight-Inclusion against an obstacle kept as an exact mesh; its
 * proof is a list of <b>runs</b>, consecutive triangles sharing one plane, that must cover every triangle
 * ({@link io.collide4j.verifier.MeshWindows}).</li>
 * <li><b>plane test</b>: sup n·x over piece A ≤ c − gA and inf n·y over piece B ≥ c + gB over the whole step.</li>
 * <li><b>margin</b>: the required separation; "clearance" is a proven lower bound on a distance.</li>
 * <li><b>anchor</b>: the configuration at one s inside a plane test's interval (a short dyadic near its middle, shared
 * by the segment's tests) whose frames are enclosed; <b>travel</b>: a bound on how far a piece moves along n from there
 * over the interval ({@link io.collide4j.verifier.TravelBound}, lemmas M1, M2).</li>
 * <li><b>bare bounds</b>: an enclosure kept as lo/hi doubles (locals, flat arrays, per-thread scratch) on the hot
 * paths (frames, piece supports, levers), computed with {@code Interval.addLo} and friends: the same doubles the
 * {@link io.collide4j.verifier.Interval} methods give, without a record per product.</li>
 * <li><b>streamed segments</b>: the certificate's step arrays read token by token
 * ({@link io.collide4j.verifier.SegmentReader}), refused exactly as the whole-document tree reader refused them.</li>
 * <li><b>subdivision</b>: bisection of an s-interval when an enclosure is too loose to prove a test.</li>
 * <li><b>allowed pair</b>: a self pair not checked, justified by adjacency, the SRDF or a Drake filter group, or
 * granted as an assumption (the caller's allow entry, an attachment).</li>
 * <li><b>attached object</b>: a primitive fixed to a link at a stated pose (a grasped part), checked like a link.</li>
 * <li><b>assumption</b>: something the verifier did not prove and reports ({@link io.collide4j.verifier.Assumption});
 * {@code verify --strict} refuses any.</li>
 * <li><b>binding</b>: comparing every field a claim depends on with the user's inputs, or recomputing it, before
 * anything is proven; <b>bound inputs</b>: those inputs as plain data ({@link io.collide4j.verifier.BoundInputs}).</li>
 * <li><b>claim</b>: a number or verdict the certificate states (margin, verdict, step bounds lb, pair clearances,
 * the violation); each is proven or the certificate refused.</li>
 * </ul>
 */
package io.collide4j.verifier;
