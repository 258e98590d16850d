package io.collide4j.planner.bench;

/**
 * One stored robot configuration: bundled robot and scene, bucket (required clearance in millimetres), the
 * measured clearance there (the checker's closest-pair distance, metres, margin 0) and the joint values of the
 * robot's default planning group.
 */
public record RobotConfiguration(String robot, String scene, int bucketMm, double clearance, double[] q) {
    public RobotConfiguration {
        q = q.clone();
    }

    @Override
    public double[] q() {
        return q.clone();
    }
}
