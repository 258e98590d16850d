package io.collide4j.checker.robot;

/**
 * Where a convex piece of the robot model comes from, as a certificate's witness section names it: the index of the
 * link's {@code <collision>} element in URDF document order, how the piece relates to that element, and the link's
 * padding and scale. The claim for {@link Kind#HULL} and {@link Kind#PRIMITIVE}: the element (a mesh's vertex hull, or
 * the primitive), scaled by {@code scale} about its origin and grown by {@code padding}, lies inside the piece as the
 * model measures it (its shape grown by {@link RobotCollisionModel#pieceMargin}), so whatever is proven about the
 * model's piece holds for it.
 *
 * @param element index of the {@code <collision>} element of the link (0 for an {@link Kind#ATTACHED} or
 *                {@link Kind#DECOMPOSED} attached object, −1 for other attached objects)
 * @param kind    how the piece covers the element
 * @param padding the link's padding (m, ≥ 0)
 * @param scale   the link's scale (≥ 1)
 */
public record PieceOrigin(int element, Kind kind, double padding, double scale) {
    /** How a piece relates to its collision element. */
    public enum Kind {
        /** The one convex piece covering a mesh element: a superset of the hull of the mesh's vertices. */
        HULL,
        /** A URDF box, sphere or cylinder, exactly. */
        PRIMITIVE,
        /**
         * An attached object given as one box, sphere, cylinder or capsule, exactly, or a point set or mesh covered by one
         * hull (a superset of the hull of its points): the certificate's witness lists its shape (or points), parent link
         * and pose ({@code CertificateWitness.attached}), which verify binds to the caller's inputs.
         */
        ATTACHED,
        /**
         * One of several convex hulls covering a mesh element (a convex decomposition, {@code --decompose}), numbered
         * by its order among the element's pieces: the certificate's {@code cover} entry for the element says which
         * piece holds which part of each mesh triangle ({@code CoverTree}), which an independent verifier checks
         * against the mesh file itself. An attached mesh so covered is element 0 of its object, its triangles listed in
         * the witness.
         */
        DECOMPOSED,
        /** An attached mesh, a piece not given as a hull: nothing an independent reader can bind to the URDF alone. */
        OTHER
    }
}
