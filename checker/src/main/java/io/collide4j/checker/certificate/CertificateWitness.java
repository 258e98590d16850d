package io.collide4j.checker.certificate;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.collide4j.checker.geometry.HullShape;
import io.collide4j.checker.query.CollisionChecker;
import io.collide4j.checker.query.MeshMode;
import io.collide4j.checker.query.PreparedScene;
import io.collide4j.checker.robot.AllowedPair;
import io.collide4j.checker.robot.PieceOrigin;
import io.collide4j.checker.robot.RobotCollisionModel;
import io.collide4j.checker.scene.Obstacle;
import io.collide4j.checker.scene.ObstacleShape;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.joml.Matrix4dc;

/**
 * The {@code witness} section of a {@link CertificateFormat#FORMAT} certificate: what an independent verifier needs,
 * besides the URDF/SRDF, to read the per-step planes — the trajectory's joint columns, held joints, the self pairs not
 * checked (with the reason), per link the collision element each piece covers, the attached primitives (shape, parent
 * link, pose), and the scene's obstacles as plain
 * shapes with their exact pose matrices and paddings. Written by {@link CertificateWriter}, read by {@link Certificate};
 * {@link #of} builds it from a checker, and {@link #derivedJson} gives it as {@code collide4j verify} binds a
 * certificate's witness to it (verifier module, {@code Binding}).
 */
@JsonPropertyOrder({"joints", "held", "allowed", "pieces", "obstacles", "attached"})
public record CertificateWitness(
        List<String> joints,
        Map<String, Double> held,
        List<AllowedEntry> allowed,
        Map<String, List<Piece>> pieces,
        List<ObstacleEntry> obstacles,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<AttachedEntry> attached) {

    /** Jackson leaves a missing member null: a certificate with no attached objects has none. */
    public CertificateWitness {
        attached = attached == null ? List.of() : attached;
    }

    /** A self link pair not checked: {@code [first, second, reason]}. */
    @JsonFormat(shape = JsonFormat.Shape.ARRAY)
    @JsonPropertyOrder({"first", "second", "reason"})
    public record AllowedEntry(String first, String second, String reason) {}

    /** A robot piece: its collision element, how it covers it (HULL, PRIMITIVE, OTHER), padding and scale. */
    @JsonPropertyOrder({"element", "kind", "padding", "scale"})
    public record Piece(Integer element, String kind, Double padding, Double scale) {}

    /**
     * An obstacle slot: shape {@code box} (size), {@code sphere} (radius), {@code cylinder} / {@code capsule} (radius,
     * length; axis z, centred), {@code hull} (vertices, obstacle frame), {@code mesh} (a mesh kept exact in
     * {@link MeshMode#EXACT}: its vertices, obstacle frame, and triangles as vertex indices, in the input mesh's order,
     * which the window steps' triangle runs number) or {@code other} (nothing an independent verifier can check: a
     * mesh covered by several pieces), the pose as a row-major 4×4 matrix
     * (obstacle frame to world, the one the certifier used) and the padding that covers the pose's rounding and any
     * covering gap.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"name", "shape", "size", "radius", "length", "vertices", "triangles", "pose", "padding"})
    public record ObstacleEntry(
            String name,
            String shape,
            double[] size,
            Double radius,
            Double length,
            double[][] vertices,
            int[][] triangles,
            double[] pose,
            Double padding) {

        /** An entry without triangles (every shape but an exact mesh). */
        ObstacleEntry(
                String name,
                String shape,
                double[] size,
                Double radius,
                Double length,
                double[][] vertices,
                double[] pose,
                Double padding) {
            this(name, shape, size, radius, length, vertices, null, pose, padding);
        }
    }

    /**
     * An attached object of kind ATTACHED or DECOMPOSED: shape {@code box} (size), {@code sphere} (radius),
     * {@code cylinder} / {@code capsule} (radius, length; axis z, centred) as the caller gave it, {@code hull}
     * (vertices: a point set's points or a mesh's vertices, one piece covering their hull) or {@code mesh} (vertices and
     * triangles, several DECOMPOSED pieces with a cover tree), the parent link, and the pose in the link frame as the
     * caller gave it, {@code [x, y, z, qx, qy, qz, qw]} (the quaternion as the {@link io.collide4j.urdf.Pose} normalised
     * it): an independent verifier builds the rotation from these numbers itself. Its padding and scale are in its
     * {@code pieces} entry.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"name", "link", "shape", "size", "radius", "length", "vertices", "triangles", "pose"})
    public record AttachedEntry(
            String name,
            String link,
            String shape,
            double[] size,
            Double radius,
            Double length,
            double[][] vertices,
            int[][] triangles,
            double[] pose) {}

    /** The section for a robot model and a prepared scene. */
    static CertificateWitness of(RobotCollisionModel model, PreparedScene prepared) {
        List<AllowedEntry> allowed = new ArrayList<>();
        for (AllowedPair p : model.allowedPairs()) {
            allowed.add(new AllowedEntry(p.first(), p.second(), p.reason()));
        }
        Map<String, List<Piece>> pieces = new LinkedHashMap<>();
        for (int body = 0; body < model.bodyCount(); body++) {
            List<Piece> list = new ArrayList<>();
            for (int p = model.pieceStart(body); p < model.pieceEnd(body); p++) {
                PieceOrigin o = model.pieceOrigin(p);
                list.add(new Piece(o.element(), o.kind().name(), o.padding(), o.scale()));
            }
            pieces.put(model.bodyName(body), list);
        }
        return new CertificateWitness(
                List.copyOf(model.kinematics().variableNames()),
                Map.of(),
                allowed,
                pieces,
                obstacles(prepared),
                attached(model));
    }

    /**
     * The section this checker's robot and scene give, the scene prepared in {@code mode} (the certificate's mesh
     * mode), as the JSON the certifier writes: what {@code collide4j verify} derives from the user's inputs and binds a
     * certificate's witness to (verifier module, {@code Binding}).
     */
    public static String derivedJson(CollisionChecker checker, MeshMode mode) {
        PreparedScene p =
                checker.prepared().meshMode() == mode ? checker.prepared() : PreparedScene.of(checker.scene(), mode);
        CertificateWitness w = of(checker.model(), checker.prepared());
        try {
            return io.collide4j.kinematics.format.StrictJson.mapper()
                    .writeValueAsString(new CertificateWitness(
                            w.joints(), w.held(), w.allowed(), w.pieces(), obstacles(p), w.attached()));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("cannot write the witness", e);
        }
    }

    /**
     * One entry per attached object whose pieces are ATTACHED or DECOMPOSED (the others stay OTHER pieces, for the
     * recompute verifier).
     */
    static List<AttachedEntry> attached(RobotCollisionModel model) {
        List<AttachedEntry> out = new ArrayList<>();
        for (io.collide4j.checker.robot.AttachedObject a : model.attachedObjects()) {
            int body = model.bodyIndex(a.name());
            PieceOrigin.Kind kind = model.pieceOrigin(model.pieceStart(body)).kind();
            if (kind != PieceOrigin.Kind.ATTACHED && kind != PieceOrigin.Kind.DECOMPOSED) {
                continue;
            }
            io.collide4j.urdf.Pose q = a.pose();
            double[] pose = {q.x(), q.y(), q.z(), q.qx(), q.qy(), q.qz(), q.qw()};
            String n = a.name(), l = a.link();
            ObstacleShape s = a.shape();
            AttachedEntry e;
            if (s instanceof ObstacleShape.Box b) {
                e = new AttachedEntry(
                        n, l, "box", new double[] {b.sizeX(), b.sizeY(), b.sizeZ()}, null, null, null, null, pose);
            } else if (s instanceof ObstacleShape.Sphere sp) {
                e = new AttachedEntry(n, l, "sphere", null, sp.radius(), null, null, null, pose);
            } else if (s instanceof ObstacleShape.Cylinder c) {
                e = new AttachedEntry(n, l, "cylinder", null, c.radius(), c.length(), null, null, pose);
            } else if (s instanceof ObstacleShape.Capsule c) {
                e = new AttachedEntry(n, l, "capsule", null, c.radius(), c.length(), null, null, pose);
            } else if (s instanceof ObstacleShape.ConvexHull h) {
                e = new AttachedEntry(n, l, "hull", null, null, null, rows(h.copyPoints(), 3), null, pose);
            } else if (s instanceof ObstacleShape.Mesh m && kind == PieceOrigin.Kind.ATTACHED) {
                // one hull covers the mesh: the hull of its vertices is what the piece must hold
                e = new AttachedEntry(
                        n, l, "hull", null, null, null, rows(m.mesh().copyVertices(), 3), null, pose);
            } else if (s instanceof ObstacleShape.Mesh m) {
                e = new AttachedEntry(
                        n,
                        l,
                        "mesh",
                        null,
                        null,
                        null,
                        rows(m.mesh().copyVertices(), 3),
                        triangles(m.mesh().copyTriangles()),
                        pose);
            } else {
                throw new IllegalStateException("attached object '" + n + "' has shape " + s);
            }
            out.add(e);
        }
        return out;
    }

    /** A flat array as rows of {@code width} numbers. */
    private static double[][] rows(double[] flat, int width) {
        double[][] r = new double[flat.length / width][];
        for (int i = 0; i < r.length; i++) {
            r[i] = java.util.Arrays.copyOfRange(flat, width * i, width * i + width);
        }
        return r;
    }

    private static int[][] triangles(int[] flat) {
        int[][] r = new int[flat.length / 3][];
        for (int i = 0; i < r.length; i++) {
            r[i] = java.util.Arrays.copyOfRange(flat, 3 * i, 3 * i + 3);
        }
        return r;
    }

    /** One entry per scene slot (null for a removed obstacle's slot). */
    static List<ObstacleEntry> obstacles(PreparedScene prepared) {
        List<ObstacleEntry> out = new ArrayList<>();
        for (int slot = 0; slot < prepared.scene().slotCount(); slot++) {
            Obstacle o = prepared.scene().slot(slot);
            out.add(o == null ? null : entry(prepared, slot, o));
        }
        return out;
    }

    private static ObstacleEntry entry(PreparedScene prepared, int slot, Obstacle o) {
        int first = prepared.pieceStart(slot);
        double[] pose = rowMajor(prepared.pose(slot));
        Double pad = prepared.margin(first);
        boolean onePiece = prepared.pieceEnd(slot) - first == 1;
        ObstacleShape s = o.shape();
        if (onePiece && prepared.mesh(first) != null && s instanceof ObstacleShape.Mesh m) {
            // the triangles themselves (the padding covers the pose's rounding and the covering hull's gap, so it is
            // at least what the exact distance is measured with); -0.0 written as 0.0, as MeshSurface welds them
            double[][] v = rows(m.mesh().copyVertices(), 3);
            for (double[] row : v) {
                for (int k = 0; k < 3; k++) {
                    row[k] += 0.0;
                }
            }
            return new ObstacleEntry(
                    o.name(), "mesh", null, null, null, v, triangles(m.mesh().copyTriangles()), pose, pad);
        }
        if (!onePiece || prepared.mesh(first) != null) {
            return new ObstacleEntry(o.name(), "other", null, null, null, null, pose, null);
        }
        if (s instanceof ObstacleShape.Box b) {
            return new ObstacleEntry(
                    o.name(), "box", new double[] {b.sizeX(), b.sizeY(), b.sizeZ()}, null, null, null, pose, pad);
        } else if (s instanceof ObstacleShape.Sphere sp) {
            return new ObstacleEntry(o.name(), "sphere", null, sp.radius(), null, null, pose, pad);
        } else if (s instanceof ObstacleShape.Cylinder c) {
            return new ObstacleEntry(o.name(), "cylinder", null, c.radius(), c.length(), null, pose, pad);
        } else if (s instanceof ObstacleShape.Capsule c) {
            return new ObstacleEntry(o.name(), "capsule", null, c.radius(), c.length(), null, pose, pad);
        } else if (prepared.shape(first) instanceof HullShape h) {
            // the covering hull's own vertices; the padding includes its covering gap
            double[][] v = new double[h.vertexCount()][];
            for (int i = 0; i < v.length; i++) {
                v[i] = new double[] {
                    h.hull().vertex(i, 0), h.hull().vertex(i, 1), h.hull().vertex(i, 2)
                };
            }
            return new ObstacleEntry(o.name(), "hull", null, null, null, v, pose, pad);
        }
        return new ObstacleEntry(o.name(), "other", null, null, null, null, pose, null);
    }

    private static double[] rowMajor(Matrix4dc m) {
        return new double[] {
            m.m00(), m.m10(), m.m20(), m.m30(), m.m01(), m.m11(), m.m21(), m.m31(), m.m02(), m.m12(), m.m22(), m.m32(),
            m.m03(), m.m13(), m.m23(), m.m33()
        };
    }
}
