package io.collide4j.checker.scene;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A SHA-256 accumulator for canonical content hashes (scenes, robot models, trajectories): typed,
 * length-prefixed fields so that different field sequences never collide by concatenation; doubles
 * by their exact bits (−0 folded to +0). Single-use, not thread-safe.
 */
public final class ContentDigest {
    private final MessageDigest md;
    private final byte[] buf = new byte[8];

    public ContentDigest() {
        try {
            md = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 unavailable", e);
        }
    }

    public ContentDigest add(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        add(b.length);
        md.update(b);
        return this;
    }

    public ContentDigest add(long v) {
        for (int i = 0; i < 8; i++) {
            buf[i] = (byte) (v >>> (56 - 8 * i));
        }
        md.update(buf);
        return this;
    }

    public ContentDigest add(double v) {
        return add(Double.doubleToLongBits(v == 0 ? 0.0 : v));
    }

    public ContentDigest add(double... v) {
        add((long) v.length);
        for (double d : v) {
            add(d);
        }
        return this;
    }

    public ContentDigest add(int[] v) {
        add((long) v.length);
        for (int i : v) {
            add((long) i);
        }
        return this;
    }

    public ContentDigest add(boolean b) {
        md.update((byte) (b ? 1 : 0));
        return this;
    }

    /** The hash as 64 lowercase hex digits (finishes this digest). */
    public String hex() {
        return HexFormat.of().formatHex(md.digest());
    }
}
