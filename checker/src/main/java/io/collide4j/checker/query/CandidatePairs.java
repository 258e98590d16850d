package io.collide4j.checker.query;

import java.util.Arrays;

/**
 * A growable list of candidate pairs (kind, robot piece a, piece b, obstacle slot) kept in one primitive array, so
 * that collecting a motion's or a state's pairs allocates nothing once it has grown to size. Piece b is an obstacle
 * piece of {@link #slot} for {@link PairKind#ENVIRONMENT} pairs, a robot piece for {@link PairKind#SELF} pairs (slot
 * −1). Per-thread scratch, owned by a {@link QueryContext}.
 */
public final class CandidatePairs {
    private static final PairKind[] KINDS = PairKind.values();
    private static final int STRIDE = 4;

    private int[] data = new int[STRIDE * 16];
    private int count;

    public int count() {
        return count;
    }

    void clear() {
        count = 0;
    }

    void add(PairKind kind, int a, int b, int slot) {
        if (STRIDE * count + STRIDE > data.length) {
            data = Arrays.copyOf(data, 2 * data.length);
        }
        int o = STRIDE * count++;
        data[o] = kind.ordinal();
        data[o + 1] = a;
        data[o + 2] = b;
        data[o + 3] = slot;
    }

    public PairKind kind(int i) {
        return KINDS[data[STRIDE * i]];
    }

    /** The robot piece of pair i. */
    public int pieceA(int i) {
        return data[STRIDE * i + 1];
    }

    /** The other piece of pair i: an obstacle piece ({@link PairKind#ENVIRONMENT}) or a robot piece. */
    public int pieceB(int i) {
        return data[STRIDE * i + 2];
    }

    /** The obstacle slot of pair i; −1 for a self pair. */
    public int slot(int i) {
        return data[STRIDE * i + 3];
    }
}
