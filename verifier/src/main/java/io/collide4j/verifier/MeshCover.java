package io.collide4j.verifier;

import io.collide4j.urdf.TriangleMesh;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A decomposed mesh element's cover read from the certificate's {@code cover} tree and checked against the mesh the
 * verifier loaded (SOUNDNESS.md, lemma D1): the tree's leaves tile every triangle of the mesh exactly, each leaf is
 * given to one piece, and piece j is the convex hull of the (enclosed) corners of its leaves. Nothing of the
 * decomposer's hulls is used: whatever they were, the surface of the mesh lies in the union of these pieces.
 *
 * <p>Grammar (tokens separated by one space; per triangle, in mesh order, one tree in pre-order): {@code P} a leaf of
 * piece P; {@code P*K} K whole triangles, leaves of piece P; {@code m} then 4 subtrees: the node cut at its edge
 * midpoints (children: corner 0, corner 1, corner 2, middle); {@code c K T1 T2} then 3 subtrees: with
 * M = P_K + T1(P_{K+1} − P_K), N = P_K + T2(P_{K+2} − P_K), children (P_K, M, N), (M, P_{K+1}, P_{K+2}),
 * (M, P_{K+2}, N); {@code e K T} then 2 subtrees: with M = P_{K+1} + T(P_{K+2} − P_{K+1}), children (P_K, P_{K+1}, M),
 * (P_K, M, P_{K+2}). T is the double the decimal parses to and must lie in [0, 1]. Nodes are in barycentric
 * coordinates (u, v) of the mesh triangle (a, b, c): the point a + u(b − a) + v(c − a).
 *
 * <p>Immutable once read; not shared between threads while reading.
 */
final class MeshCover {
    /** Deepest split accepted (the certifier splits at most 24 times; deeper trees only cost time). */
    static final int MAX_DEPTH = 64;

    private static final Pattern PIECE = Pattern.compile("0|[1-9][0-9]{0,8}");
    private static final Pattern RUN = Pattern.compile("(0|[1-9][0-9]{0,8})\\*([1-9][0-9]{0,8})");
    private static final Pattern NUMBER = Pattern.compile("(0|[1-9][0-9]*)(\\.[0-9]+)?([eE]-?[0-9]{1,3})?");

    private final List<double[]> points = new ArrayList<>(); // per piece: x, y, z of distinct corner midpoints
    private final double[] slack; // per piece: half-width of the corners' enclosures
    private final int[] fill;
    private final List<Set<Key>> seen = new ArrayList<>();
    private final TriangleMesh mesh;
    private final String[] tokens;
    private final String where;
    private int next;
    private int triangle;
    private String problem;

    private record Key(double x, double y, double z) {}

    private MeshCover(TriangleMesh mesh, String tree, int pieces, String where) {
        this.mesh = mesh;
        this.tokens = tree.isEmpty() ? new String[0] : tree.split(" ", -1);
        this.where = where;
        this.slack = new double[pieces];
        this.fill = new int[pieces];
        for (int i = 0; i < pieces; i++) {
            points.add(new double[48]);
            seen.add(new HashSet<>());
        }
    }

    /**
     * The cover of {@code mesh} by {@code pieces} pieces the tree text states, or null after adding to {@code problems}
     * what is wrong, naming {@code where} and the triangle.
     */
    static MeshCover read(TriangleMesh mesh, String tree, int pieces, String where, List<String> problems) {
        MeshCover c = new MeshCover(mesh, tree, pieces, where);
        c.readAll();
        if (c.problem != null) {
            problems.add(c.problem);
            return null;
        }
        return c;
    }

    /**
     * Piece {@code j}: the points of its leaves' corners, each within the piece's slack plus {@code vertexSlack} (the
     * loaded vertices' own error, lemma S4) per coordinate of the exact corner; its hull holds every leaf (convexity).
     */
    Shape shape(int j, double vertexSlack) {
        double[] xyz = java.util.Arrays.copyOf(points.get(j), fill[j]);
        return new Shape.Points(xyz, slack[j] == 0 && vertexSlack == 0 ? 0 : Interval.up(slack[j] + vertexSlack));
    }

    private void readAll() {
        int n = mesh.triangleCount();
        while (triangle < n && problem == null) {
            if (next >= tokens.length) {
                fail("has no patches: the tree ends after " + triangle + " of the mesh's " + n + " triangles");
                return;
            }
            var run = RUN.matcher(tokens[next]);
            if (run.matches()) {
                next++;
                int piece = Integer.parseInt(run.group(1)), count = Integer.parseInt(run.group(2));
                if (count > n - triangle) {
                    fail("a run of " + count + " triangles passes the mesh's last triangle " + (n - 1));
                    return;
                }
                for (int k = 0; k < count && problem == null; k++) {
                    leaf(piece, WHOLE);
                    triangle++;
                }
                continue;
            }
            node(WHOLE, 0);
            triangle++;
        }
        if (problem == null && next < tokens.length) {
            triangle = n - 1;
            fail("the tree goes on after the mesh's " + n + " triangles, at token " + next + " '" + tokens[next] + "'");
        }
    }

    /** The whole triangle: corners (0,0), (1,0), (0,1) as (u0, v0, u1, v1, u2, v2). */
    private static final Interval[] WHOLE = {
        Interval.ZERO, Interval.ZERO, Interval.ONE, Interval.ZERO, Interval.ZERO, Interval.ONE
    };

    private void node(Interval[] c, int depth) {
        if (problem != null) {
            return;
        }
        if (next >= tokens.length) {
            fail("the tree ends inside the triangle's splits");
            return;
        }
        String t = tokens[next++];
        if (PIECE.matcher(t).matches()) {
            leaf(Integer.parseInt(t), c);
            return;
        }
        if (depth >= MAX_DEPTH) {
            fail("splits deeper than " + MAX_DEPTH);
            return;
        }
        switch (t) {
            case "m" -> {
                Interval[] m = {
                    mid(c[0], c[2]), mid(c[1], c[3]), mid(c[2], c[4]), mid(c[3], c[5]), mid(c[4], c[0]), mid(c[5], c[1])
                }; // midpoints of edges 0-1 (a), 1-2 (b), 2-0 (c)
                node(new Interval[] {c[0], c[1], m[0], m[1], m[4], m[5]}, depth + 1);
                node(new Interval[] {m[0], m[1], c[2], c[3], m[2], m[3]}, depth + 1);
                node(new Interval[] {m[4], m[5], m[2], m[3], c[4], c[5]}, depth + 1);
                node(new Interval[] {m[0], m[1], m[2], m[3], m[4], m[5]}, depth + 1);
            }
            case "c" -> {
                int k = corner();
                Interval t1 = parameter(), t2 = parameter();
                if (problem != null) {
                    return;
                }
                int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
                Interval mu = lerp(c[2 * k], c[2 * k1], t1), mv = lerp(c[2 * k + 1], c[2 * k1 + 1], t1);
                Interval nu = lerp(c[2 * k], c[2 * k2], t2), nv = lerp(c[2 * k + 1], c[2 * k2 + 1], t2);
                node(new Interval[] {c[2 * k], c[2 * k + 1], mu, mv, nu, nv}, depth + 1);
                node(new Interval[] {mu, mv, c[2 * k1], c[2 * k1 + 1], c[2 * k2], c[2 * k2 + 1]}, depth + 1);
                node(new Interval[] {mu, mv, c[2 * k2], c[2 * k2 + 1], nu, nv}, depth + 1);
            }
            case "e" -> {
                int k = corner();
                Interval s = parameter();
                if (problem != null) {
                    return;
                }
                int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
                Interval mu = lerp(c[2 * k1], c[2 * k2], s), mv = lerp(c[2 * k1 + 1], c[2 * k2 + 1], s);
                node(new Interval[] {c[2 * k], c[2 * k + 1], c[2 * k1], c[2 * k1 + 1], mu, mv}, depth + 1);
                node(new Interval[] {c[2 * k], c[2 * k + 1], mu, mv, c[2 * k2], c[2 * k2 + 1]}, depth + 1);
            }
            default ->
                fail("token " + (next - 1) + " '" + t + "' is not a piece number, m, c or e"
                        + (RUN.matcher(t).matches() ? " (a run only stands for whole triangles)" : ""));
        }
    }

    private int corner() {
        String t = next < tokens.length ? tokens[next++] : "";
        if (!t.equals("0") && !t.equals("1") && !t.equals("2")) {
            fail("token " + (next - 1) + " '" + t + "': a cut's corner must be 0, 1 or 2");
            return 0;
        }
        return t.charAt(0) - '0';
    }

    /** A cut's parameter: the double the decimal token parses to, in [0, 1] (a point: its value is the definition). */
    private Interval parameter() {
        String t = next < tokens.length ? tokens[next++] : "";
        if (problem != null) {
            return Interval.ZERO;
        }
        double v = NUMBER.matcher(t).matches() ? Double.parseDouble(t) : Double.NaN;
        if (!(v >= 0 && v <= 1)) {
            fail("token " + (next - 1) + " '" + t + "': a cut's parameter must be a plain decimal in [0, 1]");
            return Interval.ZERO;
        }
        return Interval.point(v);
    }

    private static Interval mid(Interval p, Interval q) {
        return p.add(q).mul(0.5);
    }

    /** p + t(q − p): the exact point of the edge lies in the result (lemma I1). */
    private static Interval lerp(Interval p, Interval q, Interval t) {
        return p.add(t.mul(q.sub(p)));
    }

    /** Gives the node to piece j: its three corners, a + u(b − a) + v(c − a) enclosed, join the piece's points. */
    private void leaf(int j, Interval[] c) {
        if (j >= fill.length) {
            fail("piece " + j + " is not one of the element's " + fill.length + " DECOMPOSED pieces");
            return;
        }
        int[] v = {mesh.index(triangle, 0), mesh.index(triangle, 1), mesh.index(triangle, 2)};
        for (int k = 0; k < 3; k++) {
            double[] mid = new double[3];
            for (int axis = 0; axis < 3; axis++) {
                Interval a = Interval.point(mesh.vertex(v[0], axis));
                Interval x = a.add(c[2 * k].mul(
                                Interval.point(mesh.vertex(v[1], axis)).sub(a)))
                        .add(c[2 * k + 1].mul(
                                Interval.point(mesh.vertex(v[2], axis)).sub(a)));
                if (!Double.isFinite(x.lo()) || !Double.isFinite(x.hi())) {
                    fail("a corner's enclosure is not finite");
                    return;
                }
                mid[axis] = x.mid();
                // the exact corner is within max(hi − mid, mid − lo) of mid, rounded up
                slack[j] = Math.max(slack[j], Interval.up(Math.max(x.hi() - mid[axis], mid[axis] - x.lo())));
            }
            if (seen.get(j).add(new Key(mid[0], mid[1], mid[2]))) {
                double[] p = points.get(j);
                if (fill[j] + 3 > p.length) {
                    p = java.util.Arrays.copyOf(p, 2 * p.length);
                    points.set(j, p);
                }
                System.arraycopy(mid, 0, p, fill[j], 3);
                fill[j] += 3;
            }
        }
    }

    private void fail(String what) {
        if (problem == null) {
            problem = where + " triangle " + triangle + ": " + what;
        }
    }
}
