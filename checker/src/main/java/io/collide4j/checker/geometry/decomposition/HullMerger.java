package io.collide4j.checker.geometry.decomposition;

import io.collide4j.checker.geometry.ConvexHull;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.ForkJoinPool;
import java.util.stream.IntStream;

/**
 * Greedy V-HACD style merging of neighbouring pieces into their joint hull: while more than
 * {@code maxHulls} remain, the merge adding the least volume (hull(A∪B) − vol A − vol B). A merged piece contains both
 * inputs, so coverage is preserved. Pieces whose leaf boxes touch are neighbours; if no neighbour
 * pair is left while too many pieces remain, every pair is tried. Ties break on piece indices and
 * costs are computed in parallel into indexed slots, so the result does not depend on thread count.
 *
 * <p>Lazily: a new candidate is queued with a lower bound on its cost ({@link #bound}, no hull built) and hulled only
 * when that bound reaches the head of the queue; its cost then goes back into the queue. An exact cost at the head is
 * below every other candidate's bound, so it is the least cost, and the bound at the same key and lower indices pops
 * first: the merges, and so the pieces, are those of hulling every candidate at once (bit-identical), while most
 * candidates go stale before their bound comes up (union hulls built: teddy 1,829 instead of 9,555, torus1 890
 * instead of 3,798).
 */
final class HullMerger {
    /** Surviving hulls in order of their lowest input index and, per input piece, its output piece. */
    record Result(List<ConvexHull> hulls, int[] owner, long unionsHulled) {}

    /** A candidate merge: with its hull and exact cost, or (merged null) with a lower bound for cost. */
    private record Candidate(double cost, int a, int b, int versionA, int versionB, ConvexHull merged) {}

    /**
     * Bounds hulled together when one reaches the head of the queue (those right behind it, up to the first exact
     * cost): a fixed number, so the work done does not depend on the thread count either.
     */
    private static final int BATCH = 4;

    private static final Comparator<Candidate> BY_INDEX =
            Comparator.<Candidate>comparingInt(c -> c.a).thenComparingInt(c -> c.b);
    private static final Comparator<Candidate> BY_COST =
            Comparator.<Candidate>comparingDouble(c -> c.cost).thenComparing(BY_INDEX);

    private final ConvexHull[] piece;
    private final int[] version;
    private final int[] parent;
    private final BitSet alive;
    private final List<BitSet> neighbours = new ArrayList<>();
    private final ForkJoinPool pool;
    /**
     * Candidates for every neighbour pair, kept across the merging phases (stale ones skipped by version): the
     * phase past the hull budget starts from the costs the first phase computed instead of hulling every pair again.
     */
    private PriorityQueue<Candidate> queue;

    private int count;
    /** Union hulls built, for the statistics (deterministic: see {@link #BATCH}). */
    private long hulled;

    private HullMerger(List<ConvexHull> hulls, List<int[]> boxes, ForkJoinPool pool) {
        int n = hulls.size();
        this.piece = hulls.toArray(new ConvexHull[0]);
        this.version = new int[n];
        this.parent = new int[n];
        for (int i = 0; i < n; i++) {
            parent[i] = i;
        }
        this.alive = new BitSet(n);
        this.alive.set(0, n);
        this.pool = pool;
        this.count = n;
        for (int i = 0; i < n; i++) {
            neighbours.add(new BitSet(n));
        }
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                if (touch(boxes.get(i), boxes.get(j))) {
                    neighbours.get(i).set(j);
                    neighbours.get(j).set(i);
                }
            }
        }
    }

    /**
     * Merges {@code hulls}, whose leaf boxes are {@code boxes} (cells [lo,hi) per axis), down to
     * {@code maxHulls}, then on (neighbours only, least added volume first) while the summed
     * {@code returnedVolume} of the pieces (the volume each will have as returned, e.g. after vertex
     * limiting) stays within {@code targetVolume}, or the merge adds at most {@code freeVolume} to it (two
     * pieces whose joint hull is as tight as they are: fewer pieces, no looser); the first other merge
     * that would exceed the target ends merging.
     */
    static Result merge(
            List<ConvexHull> hulls,
            List<int[]> boxes,
            int maxHulls,
            double targetVolume,
            double freeVolume,
            java.util.function.ToDoubleFunction<ConvexHull> returnedVolume,
            ForkJoinPool pool) {
        HullMerger m = new HullMerger(hulls, boxes, pool);
        if (m.count > maxHulls) {
            m.run(c -> true, maxHulls);
            if (m.count > maxHulls) {
                m.connectAll();
                m.run(c -> true, maxHulls);
            }
        }
        if (m.count > 1) {
            // Merge on while the pieces as they will be returned (vertex-limited) stay within the target.
            double[] finalVolume = new double[m.piece.length];
            double[] total = {0};
            for (int i = m.alive.nextSetBit(0); i >= 0; i = m.alive.nextSetBit(i + 1)) {
                finalVolume[i] = returnedVolume.applyAsDouble(m.piece[i]);
                total[0] += finalVolume[i];
            }
            if (total[0] < targetVolume || freeVolume > 0) {
                m.run(
                        c -> {
                            double merged = returnedVolume.applyAsDouble(c.merged);
                            double added = merged - finalVolume[c.a] - finalVolume[c.b];
                            double after = total[0] + added;
                            if (after > targetVolume && added > freeVolume) {
                                return false;
                            }
                            total[0] = after;
                            finalVolume[c.a] = merged;
                            return true;
                        },
                        1);
            }
        }
        List<ConvexHull> out = new ArrayList<>();
        int[] slot = new int[hulls.size()];
        for (int i = m.alive.nextSetBit(0); i >= 0; i = m.alive.nextSetBit(i + 1)) {
            slot[i] = out.size();
            out.add(m.piece[i]);
        }
        int[] owner = new int[hulls.size()];
        for (int i = 0; i < owner.length; i++) {
            int r = i;
            while (m.parent[r] != r) {
                r = m.parent[r];
            }
            owner[i] = slot[r];
        }
        return new Result(out, owner, m.hulled);
    }

    /**
     * Merges best-first (least added volume, then indices) while the best candidate is accepted and more than
     * {@code floor} remain. A rejected candidate ends merging for good (it is not put back).
     */
    private void run(java.util.function.Predicate<Candidate> accept, int floor) {
        if (queue == null) {
            queue = new PriorityQueue<>(BY_COST);
            List<int[]> pairs = new ArrayList<>();
            for (int i = alive.nextSetBit(0); i >= 0; i = alive.nextSetBit(i + 1)) {
                BitSet nb = neighbours.get(i);
                for (int j = nb.nextSetBit(i + 1); j >= 0; j = nb.nextSetBit(j + 1)) {
                    pairs.add(new int[] {i, j});
                }
            }
            queue.addAll(bound(pairs));
        }
        while (count > floor) {
            Candidate c = queue.poll();
            if (c == null) {
                return;
            }
            if (stale(c)) {
                continue;
            }
            if (c.merged == null) { // a bound at the head: hull it (and the bounds right behind it), queue the costs
                List<int[]> batch = new ArrayList<>();
                batch.add(new int[] {c.a, c.b});
                while (batch.size() < BATCH && queue.peek() != null && queue.peek().merged == null) {
                    Candidate d = queue.poll();
                    if (!stale(d)) {
                        batch.add(new int[] {d.a, d.b});
                    }
                }
                queue.addAll(evaluate(batch));
                continue;
            }
            if (!accept.test(c)) {
                return;
            }
            piece[c.a] = c.merged;
            piece[c.b] = null;
            alive.clear(c.b);
            parent[c.b] = c.a;
            version[c.a]++;
            count--;
            BitSet nb = neighbours.get(c.a);
            nb.or(neighbours.get(c.b));
            nb.clear(c.a);
            nb.clear(c.b);
            for (int k = nb.nextSetBit(0); k >= 0; k = nb.nextSetBit(k + 1)) {
                neighbours.get(k).clear(c.b);
                neighbours.get(k).set(c.a);
            }
            List<int[]> fresh = new ArrayList<>();
            for (int k = nb.nextSetBit(0); k >= 0; k = nb.nextSetBit(k + 1)) {
                fresh.add(new int[] {Math.min(k, c.a), Math.max(k, c.a)});
            }
            queue.addAll(bound(fresh));
        }
    }

    private boolean stale(Candidate c) {
        return !alive.get(c.a) || !alive.get(c.b) || version[c.a] != c.versionA || version[c.b] != c.versionB;
    }

    /** Makes every pair of pieces neighbours, queueing candidates for the pairs that were not. */
    private void connectAll() {
        List<int[]> fresh = new ArrayList<>();
        for (int i = alive.nextSetBit(0); i >= 0; i = alive.nextSetBit(i + 1)) {
            for (int j = alive.nextSetBit(i + 1); j >= 0; j = alive.nextSetBit(j + 1)) {
                if (!neighbours.get(i).get(j)) {
                    fresh.add(new int[] {i, j});
                }
                neighbours.get(i).set(j);
                neighbours.get(j).set(i);
            }
        }
        queue.addAll(bound(fresh));
    }

    /** Candidates for the pairs with lower bounds on their costs (no hull built), computed side by side. */
    private List<Candidate> bound(List<int[]> pairs) {
        Candidate[] out = new Candidate[pairs.size()];
        pool.submit(() -> IntStream.range(0, pairs.size()).parallel().forEach(k -> {
                    int a = pairs.get(k)[0], b = pairs.get(k)[1];
                    out[k] = new Candidate(bound(piece[a], piece[b]), a, b, version[a], version[b], null);
                }))
                .join();
        return List.of(out);
    }

    /**
     * A lower bound on hull(A∪B) − vol A − vol B without building the hull: the union's hull contains the hull of A
     * and any one vertex q of B, whose volume is vol A plus the pyramids from q over the faces of A that q is beyond
     * (area × distance / 3; exact for a convex A), so the cost is at least that excess minus vol B; the same with the
     * roles swapped. A millionth of vol A + vol B is taken off for rounding (areas, distances, and the canonical
     * hull's tolerance), which only lets the bound come up a little earlier.
     */
    static double bound(ConvexHull a, ConvexHull b) {
        double va = Hulls.volume(a), vb = Hulls.volume(b);
        double bound = Math.max(apexExcess(a, b) - vb, apexExcess(b, a) - va) - 1e-6 * (va + vb);
        return Double.isNaN(bound) ? Double.NEGATIVE_INFINITY : bound; // NaN would sort last and hide the candidate
    }

    /** The largest, over b's vertices q, of vol hull(a ∪ {q}) − vol a. */
    private static double apexExcess(ConvexHull a, ConvexHull b) {
        int nt = a.triangleCount();
        double[] area = new double[nt];
        double[] unit = new double[4 * nt];
        for (int t = 0; t < nt; t++) {
            int i = a.triangle(t, 0), j = a.triangle(t, 1), k = a.triangle(t, 2);
            double ux = a.vertex(j, 0) - a.vertex(i, 0), uy = a.vertex(j, 1) - a.vertex(i, 1);
            double uz = a.vertex(j, 2) - a.vertex(i, 2);
            double wx = a.vertex(k, 0) - a.vertex(i, 0), wy = a.vertex(k, 1) - a.vertex(i, 1);
            double wz = a.vertex(k, 2) - a.vertex(i, 2);
            double cx = uy * wz - uz * wy, cy = uz * wx - ux * wz, cz = ux * wy - uy * wx;
            area[t] = 0.5 * Math.sqrt(cx * cx + cy * cy + cz * cz);
            double nx = a.plane(t, 0), ny = a.plane(t, 1), nz = a.plane(t, 2);
            double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
            unit[4 * t] = nx / len;
            unit[4 * t + 1] = ny / len;
            unit[4 * t + 2] = nz / len;
            unit[4 * t + 3] = a.plane(t, 3) / len;
        }
        double best = 0;
        for (int v = 0; v < b.vertexCount(); v++) {
            double x = b.vertex(v, 0), y = b.vertex(v, 1), z = b.vertex(v, 2);
            double sum = 0;
            for (int t = 0; t < nt; t++) {
                double d = unit[4 * t] * x + unit[4 * t + 1] * y + unit[4 * t + 2] * z - unit[4 * t + 3];
                if (d > 0) {
                    sum += area[t] * d;
                }
            }
            best = Math.max(best, sum / 3);
        }
        return best;
    }

    private List<Candidate> evaluate(List<int[]> pairs) {
        Candidate[] out = new Candidate[pairs.size()];
        pool.submit(() -> IntStream.range(0, pairs.size()).parallel().forEach(k -> {
                    int a = pairs.get(k)[0], b = pairs.get(k)[1];
                    ConvexHull merged = union(piece[a], piece[b]);
                    double vm = Hulls.volume(merged);
                    double cost = vm - Hulls.volume(piece[a]) - Hulls.volume(piece[b]);
                    out[k] = new Candidate(cost, a, b, version[a], version[b], merged);
                }))
                .join();
        hulled += pairs.size();
        return List.of(out);
    }

    static ConvexHull union(ConvexHull a, ConvexHull b) {
        double[] va = Hulls.vertices(a), vb = Hulls.vertices(b);
        double[] all = new double[va.length + vb.length];
        System.arraycopy(va, 0, all, 0, va.length);
        System.arraycopy(vb, 0, all, va.length, vb.length);
        return Hulls.of(all);
    }

    /** True if two cell boxes ([lo,hi) per axis) share a face patch of positive area. */
    static boolean touch(int[] p, int[] q) {
        for (int a = 0; a < 3; a++) {
            if (p[3 + a] == q[a] || q[3 + a] == p[a]) {
                int b = (a + 1) % 3, c = (a + 2) % 3;
                if (p[b] < q[3 + b] && q[b] < p[3 + b] && p[c] < q[3 + c] && q[c] < p[3 + c]) {
                    return true;
                }
            }
        }
        return false;
    }
}
