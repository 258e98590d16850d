package io.collide4j.planner;

import io.collide4j.checker.certificate.CertificateWitness;
import io.collide4j.checker.query.MeshMode;
import io.collide4j.kinematics.JointTrajectory;
import io.collide4j.verifier.BoundInputs;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What a loaded {@link Collide4j} (robot, scene, group, holds, padding, scale, allowed pairs) says a certificate must
 * state, as the plain data the verifiers' binding stage compares a certificate with ({@link BoundInputs},
 * {@link io.collide4j.verifier.Binding}; verifier/SOUNDNESS.md, "Binding"). Stateless.
 */
public final class CertificateInputs {
    private CertificateInputs() {}

    /**
     * The inputs {@code c} gives for a certificate made in {@code mode} (its {@code meshMode}: which pieces the scene's
     * meshes became); {@code trajectory} is the user's trajectory file, or null when none was given.
     *
     * @throws IllegalArgumentException the trajectory does not fit the planning group
     */
    public static BoundInputs of(Collide4j c, MeshMode mode, @Nullable JointTrajectory trajectory) {
        List<String> columns = c.model().kinematics().variableNames();
        double[] rest = c.fullConfiguration(new double[c.variableNames().size()]);
        Map<String, Double> held = new LinkedHashMap<>();
        for (int v = 0; v < columns.size(); v++) {
            if (!c.variableNames().contains(columns.get(v))) {
                held.put(columns.get(v), rest[v]);
            }
        }
        return new BoundInputs(
                c.model().contentHash(),
                c.scene().contentHash(),
                c.tolerance(),
                columns,
                held,
                CertificateWitness.derivedJson(c.checker(), mode),
                trajectory == null ? null : c.trajectoryCertifier().trajectoryHash(trajectory));
    }
}
