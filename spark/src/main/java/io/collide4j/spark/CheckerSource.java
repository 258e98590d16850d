package io.collide4j.spark;

import io.collide4j.checker.scene.ContentDigest;
import io.collide4j.models.Models;
import java.io.IOException;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A resolved {@link CheckerReference} with a fingerprint of the files it names as they were when a task of the job
 * first met the reference (each task takes it once, on its executor): SHA-256 over each named file's bytes (robot
 * URDF or xacro, SRDF, scene file; bundled names stand for themselves). Executors cache checkers by it
 * ({@link ExecutorCheckers}), so that a file edited between two datasets certified in one long-lived executor is
 * loaded again instead of answering with the checker of its old content.
 * Files those files include (meshes, xacro includes) are not fingerprinted: replacing one in place needs a new
 * session. Immutable.
 */
record CheckerSource(CheckerReference reference, String fingerprint) implements Serializable {

    /** {@code resolved}'s files fingerprinted now; a file that cannot be read counts as absent (its load reports it). */
    static CheckerSource of(CheckerReference resolved) {
        ContentDigest d = new ContentDigest();
        String robot = resolved.robot();
        addFile(d, robot == null || Models.names().contains(robot) ? null : robot);
        addFile(d, resolved.srdf());
        String scene = resolved.scene();
        addFile(d, scene == null || scene.equals("none") || Models.sceneNames().contains(scene) ? null : scene);
        return new CheckerSource(resolved, d.hex());
    }

    private static void addFile(ContentDigest d, String file) {
        if (file == null || file.isEmpty()) {
            d.add(0);
            return;
        }
        try {
            // ISO-8859-1 maps each byte to one char, so distinct bytes give distinct strings
            d.add(1).add(new String(Files.readAllBytes(Path.of(file)), StandardCharsets.ISO_8859_1));
        } catch (IOException | RuntimeException unreadable) {
            d.add(2);
        }
    }
}
