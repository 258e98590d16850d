package io.collide4j.checker.query;

/**
 * One checked pair as the checker indexes it: robot piece a and either obstacle piece b of the obstacle in
 * {@code slot} ({@link PairKind#ENVIRONMENT}) or robot piece b ({@link PairKind#SELF}, slot −1). For code off the hot
 * path (certificate verification); hot paths read {@link CandidatePairs} in place.
 */
public record PairRef(PairKind kind, int a, int b, int slot) {
    public static PairRef environment(int a, int b, int slot) {
        return new PairRef(PairKind.ENVIRONMENT, a, b, slot);
    }

    public static PairRef self(int a, int b) {
        return new PairRef(PairKind.SELF, a, b, -1);
    }

    public boolean isEnvironment() {
        return kind == PairKind.ENVIRONMENT;
    }
}
