package io.collide4j.planner.bench;

/**
 * The two scenarios of seed 003's performance benchmark (§5.7.2): I, close proximity without contact (clearance
 * 0–30 % of A's AABB size in 1 % buckets, 15° lattice); II, slight interpenetration (0–10 %, 30° lattice). The seed
 * measured II as intersection volume; ours is the penetration along the approach ray (how far B must move back
 * along the ray it came in on to touch A), which the exact mesh oracle can verify.
 */
public enum Scenario {
    I(15, 30, "clearance"),
    II(30, 10, "penetration");

    private final int stepDegrees;
    private final int maxBucket;
    private final String measure;

    Scenario(int stepDegrees, int maxBucket, String measure) {
        this.stepDegrees = stepDegrees;
        this.maxBucket = maxBucket;
        this.measure = measure;
    }

    public Lattice lattice() {
        return new Lattice(stepDegrees);
    }

    /** Largest bucket (percent of A's AABB size); buckets run 0..maxBucket. */
    public int maxBucket() {
        return maxBucket;
    }

    /** What a bucket measures: clearance (I) or penetration (II). */
    public String measure() {
        return measure;
    }
}
