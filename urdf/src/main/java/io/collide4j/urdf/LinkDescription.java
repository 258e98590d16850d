package io.collide4j.urdf;

import java.util.List;

/** A URDF link: its collision and visual elements (lists are immutable copies). */
public record LinkDescription(String name, List<GeometryElement> collisions, List<GeometryElement> visuals) {
    public LinkDescription {
        collisions = List.copyOf(collisions);
        visuals = List.copyOf(visuals);
    }
}
