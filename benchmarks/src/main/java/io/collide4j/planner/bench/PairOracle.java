package io.collide4j.planner.bench;

import io.collide4j.checker.geometry.mesh.MeshQuery;
import io.collide4j.checker.narrowphase.DistanceResult;
import io.collide4j.checker.narrowphase.Gjk;
import org.joml.Matrix4d;
import org.joml.Matrix4dc;
import org.joml.Vector3d;

/**
 * The exact oracle for two bodies' solids (their hulls), B posed in A's frame: the exact mesh oracle
 * ({@link MeshQuery}: AABB trees of the hull triangulations, exact-predicate triangle–triangle tests and
 * triangle–triangle distances) plus one containment test each way, since two closed surfaces that do not meet
 * bound solids that are disjoint or nested. Independent of GJK, MPR and EPA, which the benchmark times. Not
 * thread-safe (one per thread).
 */
public final class PairOracle {
    private final MeshQuery query = new MeshQuery();
    private final Vector3d v = new Vector3d();
    private final Matrix4d inverse = new Matrix4d();
    private final Gjk gjk = new Gjk();
    private final DistanceResult dr = new DistanceResult();

    /** Whether the solids of a and b (b at poseB in a's frame) intersect; touching counts. */
    public boolean intersects(BenchBody a, BenchBody b, Matrix4dc poseB) {
        if (query.intersects(a.hullBvh(), null, b.hullBvh(), poseB)) {
            return true;
        }
        // surfaces apart: nested iff one vertex of either lies inside the other hull
        var hb = b.hull();
        poseB.transformPosition(hb.vertex(0, 0), hb.vertex(0, 1), hb.vertex(0, 2), v);
        if (a.hull().contains(v.x, v.y, v.z, 0)) {
            return true;
        }
        var ha = a.hull();
        poseB.invertAffine(inverse).transformPosition(ha.vertex(0, 0), ha.vertex(0, 1), ha.vertex(0, 2), v);
        return b.hull().contains(v.x, v.y, v.z, 0);
    }

    /**
     * Distance between the solids (0 when they intersect). The triangle search prunes node pairs farther than a
     * cap slightly above GJK's estimate ({@link MeshQuery#distanceWithin} with tolerance 0 is exact below the cap);
     * should the true distance not be below the cap, the search runs again without one. GJK only sets how much is
     * searched, never the value.
     */
    public double distance(BenchBody a, BenchBody b, Matrix4dc poseB) {
        if (intersects(a, b, poseB)) {
            return 0;
        }
        gjk.distance(a.shape(), null, b.shape(), poseB, dr);
        double cap = dr.distance * (1 + 1e-6) + 1e-12 * (a.aabbSize() + b.aabbSize());
        if (dr.distance > 0 && Double.isFinite(cap)) {
            double d = query.distanceWithin(a.hullBvh(), null, b.hullBvh(), poseB, 0, cap, 0);
            if (d < cap) {
                return d;
            }
        }
        return query.distance(a.hullBvh(), null, b.hullBvh(), poseB);
    }
}
