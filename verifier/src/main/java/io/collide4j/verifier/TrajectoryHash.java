package io.collide4j.verifier;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The certificate format's {@code trajectoryHash}, recomputed here from the trajectory's numbers (written for the
 * verifier from the format's definition, not shared with the certifier; a test in planner-adapters checks that both
 * give the same hex for linear, cubic and quintic trajectories). SHA-256 over typed, length-prefixed fields: a
 * string as its UTF-8 length (8 bytes, big-endian) and bytes, a count as 8 bytes, a double as the 8 bytes of its
 * bits with −0 read as +0 (the same real), an array as its length and elements. Fields: "collide4j-trajectory", the
 * waypoint count, each waypoint row, the times; with velocities "velocities" and each row; with accelerations too
 * "accelerations" and each row. Stateless.
 */
public final class TrajectoryHash {
    private TrajectoryHash() {}

    /** The hex hash; {@code velocities} and {@code accelerations} may be null (accelerations need velocities). */
    public static String of(double[][] waypoints, double[][] velocities, double[][] accelerations, double[] times) {
        MessageDigest md;
        try {
            md = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 unavailable", e);
        }
        text(md, "collide4j-trajectory");
        count(md, waypoints.length);
        rows(md, waypoints);
        numbers(md, times);
        if (velocities != null) {
            text(md, "velocities");
            rows(md, velocities);
            if (accelerations != null) {
                text(md, "accelerations");
                rows(md, accelerations);
            }
        }
        return HexFormat.of().formatHex(md.digest());
    }

    private static void rows(MessageDigest md, double[][] rows) {
        for (double[] r : rows) {
            numbers(md, r);
        }
    }

    private static void numbers(MessageDigest md, double[] v) {
        count(md, v.length);
        for (double d : v) {
            count(md, Double.doubleToLongBits(d == 0 ? 0.0 : d));
        }
    }

    private static void text(MessageDigest md, String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        count(md, b.length);
        md.update(b);
    }

    private static void count(MessageDigest md, long v) {
        for (int i = 0; i < 8; i++) {
            md.update((byte) (v >>> (56 - 8 * i)));
        }
    }
}
