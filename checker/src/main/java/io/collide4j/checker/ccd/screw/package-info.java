/**
 * D2M: exact continuous collision detection of rigid triangle meshes under linear translation + linear rotation
 * (seed 000, Buddingh' 2014), with the printed pseudo-code's gaps closed (see D2M.md).
 *
 * <p>Glossary:
 * <ul>
 *   <li><b>LTLRM</b> ({@link io.collide4j.checker.ccd.screw.LtlrMotion}): a pivot on a straight line at constant
 *   velocity, the body turning at a constant rate about a fixed world axis through it; a screw motion when the pivot
 *   is on the screw axis. Time t runs over [0, 1].</li>
 *   <li><b>root function</b>: f(t) whose zero is a feature contact: signed point–plane distance (vertex–face), the
 *   unnormalised (δ1 × δ2)·γ (edge–edge).</li>
 *   <li><b>hybrid root finder</b>: time bisection plus the Taylor–Lagrange bounding parabola
 *   f(t0) + f'(t0)(t − t0) ± M(t − t0)²/2, with the inclusion test fused in.</li>
 *   <li><b>ε_d</b>: the gap the answer leaves: the answer is the first time a feature pair can be within about ε_d,
 *   never later than the first contact.</li>
 *   <li><b>ε_t</b>: ε_d / v_rel, the narrowest time domain the finder splits.</li>
 *   <li><b>sphere tree</b> ({@link io.collide4j.checker.ccd.screw.ScrewMesh}): midpoint-cut binary tree of
 *   enclosing spheres; the <b>continuous sphere test</b> bounds when two of them can touch.</li>
 *   <li><b>Capoeira</b>: the descent stopped at leaf spheres: a fast lower bound on the time of contact.</li>
 *   <li><b>TOC</b>: time of contact.</li>
 * </ul>
 */
package io.collide4j.checker.ccd.screw;
