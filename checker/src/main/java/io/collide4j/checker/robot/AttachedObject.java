package io.collide4j.checker.robot;

import io.collide4j.checker.scene.ObstacleShape;
import io.collide4j.urdf.Pose;
import java.util.Objects;
import java.util.Set;

/**
 * A body rigidly fixed to a robot link (e.g. a grasped box): {@code pose} is its frame in the link
 * frame. It moves with the link and is checked like a link, except against the link itself and the
 * {@code touchLinks} (whose contact is expected, e.g. the fingers). Immutable.
 */
public record AttachedObject(String name, String link, ObstacleShape shape, Pose pose, Set<String> touchLinks) {
    public AttachedObject {
        Objects.requireNonNull(name, "attached object name");
        Objects.requireNonNull(link, "attached object link");
        Objects.requireNonNull(shape, "attached object shape");
        Objects.requireNonNull(pose, "attached object pose");
        touchLinks = Set.copyOf(touchLinks);
        if (name.isEmpty()) {
            throw new IllegalArgumentException("attached object name must not be empty");
        }
    }
}
