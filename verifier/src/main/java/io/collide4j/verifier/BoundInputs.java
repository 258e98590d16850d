package io.collide4j.verifier;

import java.util.List;
import java.util.Map;

/**
 * What the user's inputs say a certificate must state, as plain data (SOUNDNESS.md, "Binding"): derived by the caller
 * from the robot, scene and options it loaded (URDF, SRDF, group, holds, padding, scale, allowed pairs, scene) and,
 * when the user gave one, the trajectory file. The verifier compares the certificate with these before any plane is
 * checked ({@link Binding}); it never reads the certificate's own copy of them as the truth. Immutable.
 *
 * @param robotHash      the loaded robot model's content hash
 * @param sceneHash      the loaded scene's content hash
 * @param tolerance      the loaded checker's motion tolerance (the recompute verifier's reach is margin + tolerance)
 * @param columns        the robot's joint variables in the order of a full configuration (the trajectory's columns)
 * @param held           every variable outside the planning group and its held value: constant in every waypoint,
 *                       with velocity and acceleration 0
 * @param witnessJson    the {@code witness} section derived from the loaded inputs (the JSON the certifier would
 *                       write for them), compared with the certificate's, member by member and number by number
 * @param trajectoryHash the hash of the user's trajectory file as certify would have certified it; null when the user
 *                       gave no trajectory (the certificate then speaks only of its own waypoints)
 */
public record BoundInputs(
        String robotHash,
        String sceneHash,
        double tolerance,
        List<String> columns,
        Map<String, Double> held,
        String witnessJson,
        String trajectoryHash) {
    public BoundInputs {
        columns = List.copyOf(columns);
        held = Map.copyOf(held);
    }
}
