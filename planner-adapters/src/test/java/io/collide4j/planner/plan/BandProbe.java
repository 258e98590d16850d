package io.collide4j.planner.plan;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The planted geometry of the planning-margin tests: a 0.1 m cube on two prismatic joints (x, y) under a box
 * 0.4 × 0.2 × 0.2 whose lower face is y = 0.05 + {@link #GAP}, so at (0, 0) the exact clearance is GAP = 5e-5 m, half
 * the default 1e-4 m tolerance. One fixture for the library, CLI, server and JNI tests (shared through the test-jar).
 */
public final class BandProbe {
    /** Exact clearance of the cube at (0, 0) from the box: half the default tolerance. */
    public static final double GAP = 5e-5;

    public static final String URDF = """
            <robot name="band_probe">
              <link name="base"/>
              <link name="slider"/>
              <link name="cube"><collision><geometry><box size="0.1 0.1 0.1"/></geometry></collision></link>
              <joint name="x" type="prismatic"><parent link="base"/><child link="slider"/><axis xyz="1 0 0"/>
                <limit lower="-1" upper="1" effort="1" velocity="1"/></joint>
              <joint name="y" type="prismatic"><parent link="slider"/><child link="cube"/><axis xyz="0 1 0"/>
                <limit lower="-0.5" upper="0.5" effort="1" velocity="1"/></joint>
            </robot>""";

    /** The box's centre height: its lower face at 0.05 + GAP, half its height 0.1 above that. */
    public static final String BOX_Y = Double.toString(0.05 + GAP + 0.1);

    /** The box as one scene-JSON object. */
    public static final String SHELF = """
            {"name": "shelf", "type": "box", "size": [0.4, 0.2, 0.2],
             "pose": {"xyz": [0, %s, 0], "quaternion": [0, 0, 0, 1]}}""".formatted(BOX_Y);

    /** The scene: the box alone. */
    public static final String SCENE = """
            {"format": "collide4j-scene/1", "name": "band", "objects": [%s]}""".formatted(SHELF);

    private BandProbe() {}

    /** Writes {@code band_probe.urdf} into {@code dir} and returns its path. */
    public static Path writeUrdf(Path dir) throws IOException {
        return Files.writeString(dir.resolve("band_probe.urdf"), URDF, StandardCharsets.UTF_8);
    }

    /** Writes {@code band.json} into {@code dir} and returns its path. */
    public static Path writeScene(Path dir) throws IOException {
        return Files.writeString(dir.resolve("band.json"), SCENE, StandardCharsets.UTF_8);
    }
}
