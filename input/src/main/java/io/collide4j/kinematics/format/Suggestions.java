package io.collide4j.kinematics.format;

import java.util.Collection;

/** "Did you mean" hints for unknown keys and names, by edit distance. Stateless. */
public final class Suggestions {
    private Suggestions() {}

    /**
     * The known word closest to {@code word} (Levenshtein distance, ties to the first in iteration
     * order) when it is close enough to be a plausible typo (distance ≤ max(1, length / 3)); null
     * otherwise.
     */
    public static String closest(String word, Collection<String> known) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String k : known) {
            int d = distance(word, k);
            if (d < bestDistance) {
                best = k;
                bestDistance = d;
            }
        }
        return best != null && bestDistance <= Math.max(1, word.length() / 3) ? best : null;
    }

    /** {@code "; did you mean X?"} for the closest known word, or {@code ""} when none is close. */
    public static String didYouMean(String word, Collection<String> known) {
        String c = closest(word, known);
        return c == null ? "" : "; did you mean " + c + "?";
    }

    /** Levenshtein distance (two-row dynamic programme, Wagner–Fischer). */
    static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int subst = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                cur[j] = Math.min(subst, Math.min(prev[j], cur[j - 1]) + 1);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
