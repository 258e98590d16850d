package io.collide4j.urdf.mesh;

import io.collide4j.urdf.TriangleMesh;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

/**
 * Writes meshes as OBJ (one {@code o} object per mesh, exact doubles via {@link Double#toString})
 * or binary STL (float coordinates, so exact only for float-representable inputs). Stateless.
 */
public final class MeshWriter {
    private MeshWriter() {}

    /** OBJ with one named object per mesh (names default to piece0, piece1, ...); indices are global, 1-based. */
    public static void writeObj(List<TriangleMesh> meshes, List<String> names, Writer out) {
        try {
            int base = 1;
            for (int m = 0; m < meshes.size(); m++) {
                TriangleMesh mesh = meshes.get(m);
                String name = names != null && m < names.size() ? names.get(m) : "piece" + m;
                out.write("o " + name.replaceAll("\\s", "_") + "\n");
                for (int v = 0; v < mesh.vertexCount(); v++) {
                    out.write("v " + mesh.vertex(v, 0) + " " + mesh.vertex(v, 1) + " " + mesh.vertex(v, 2) + "\n");
                }
                for (int t = 0; t < mesh.triangleCount(); t++) {
                    out.write("f " + (base + mesh.index(t, 0)) + " " + (base + mesh.index(t, 1)) + " "
                            + (base + mesh.index(t, 2)) + "\n");
                }
                base += mesh.vertexCount();
            }
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Binary STL with unit facet normals (zero for degenerate facets) and a fixed 80-byte header. */
    public static void writeBinaryStl(TriangleMesh mesh, OutputStream out) {
        ByteBuffer b = ByteBuffer.allocate(84 + 50 * mesh.triangleCount()).order(ByteOrder.LITTLE_ENDIAN);
        byte[] header = "binary STL written by collide4j".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        b.put(header);
        b.position(80);
        b.putInt(mesh.triangleCount());
        for (int t = 0; t < mesh.triangleCount(); t++) {
            int a = mesh.index(t, 0);
            int c1 = mesh.index(t, 1);
            int c2 = mesh.index(t, 2);
            double ux = mesh.vertex(c1, 0) - mesh.vertex(a, 0);
            double uy = mesh.vertex(c1, 1) - mesh.vertex(a, 1);
            double uz = mesh.vertex(c1, 2) - mesh.vertex(a, 2);
            double wx = mesh.vertex(c2, 0) - mesh.vertex(a, 0);
            double wy = mesh.vertex(c2, 1) - mesh.vertex(a, 1);
            double wz = mesh.vertex(c2, 2) - mesh.vertex(a, 2);
            double nx = uy * wz - uz * wy;
            double ny = uz * wx - ux * wz;
            double nz = ux * wy - uy * wx;
            double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
            double s = len > 0 ? 1 / len : 0;
            b.putFloat((float) (nx * s)).putFloat((float) (ny * s)).putFloat((float) (nz * s));
            for (int k = 0; k < 3; k++) {
                int v = mesh.index(t, k);
                b.putFloat((float) mesh.vertex(v, 0))
                        .putFloat((float) mesh.vertex(v, 1))
                        .putFloat((float) mesh.vertex(v, 2));
            }
            b.putShort((short) 0);
        }
        try {
            out.write(b.array());
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
