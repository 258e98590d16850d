package io.collide4j.spark;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Duplicate ids found without a pass of their own: each task reports a 64-bit hash of every decoded row's id
 * ({@link TaskReport#idHashes}, sorted), and the driver looks for a hash reported twice. None (the usual case) proves
 * every id unique, since equal ids hash alike; a hash seen twice only names candidates, which the driver checks
 * against the ids themselves (a hash collision then costs time, never a wrong answer). The driver holds 8 bytes per
 * row. Stateless.
 */
final class IdHashes {
    private IdHashes() {}

    /** FNV-1a over the id's UTF-16 units, then MurmurHash3's 64-bit finaliser to spread the bits. */
    static long of(String id) {
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < id.length(); i++) {
            h = (h ^ id.charAt(i)) * 0x100000001b3L;
        }
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        return h ^ (h >>> 33);
    }

    /** The hashes reported more than once, within one task or across tasks (all of them sorted together: 8 bytes a row). */
    static Set<Long> repeated(List<TaskReport> reports) {
        long[] all =
                new long[reports.stream().mapToInt(r -> r.idHashes().length).sum()];
        int at = 0;
        for (TaskReport r : reports) {
            System.arraycopy(r.idHashes(), 0, all, at, r.idHashes().length);
            at += r.idHashes().length;
        }
        Arrays.sort(all);
        Set<Long> twice = new HashSet<>();
        for (int i = 1; i < all.length; i++) {
            if (all[i] == all[i - 1]) {
                twice.add(all[i]);
            }
        }
        return twice;
    }

    /** Whether a task read a row whose id hashes to one of {@code hashes}. */
    static boolean touches(TaskReport r, Set<Long> hashes) {
        for (long h : hashes) {
            if (Arrays.binarySearch(r.idHashes(), h) >= 0) {
                return true;
            }
        }
        return false;
    }
}
