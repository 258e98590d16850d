package io.collide4j.kinematics.format;

/**
 * User text quoted in a message, with the characters a terminal does not show (controls, byte order marks, zero-width
 * and other format characters, unpaired surrogates) written as {@code \}{@code uXXXX} escapes: a column named
 * "BOM + time" must not read as "time" in the message that refuses it. Stateless, thread-safe.
 */
public final class VisibleText {
    private VisibleText() {}

    /** {@code s} with its invisible characters escaped; {@code s} itself (no copy) when it has none. */
    public static String of(String s) {
        if (s == null) {
            return null;
        }
        int i = 0;
        while (i < s.length() && visible(s, i)) {
            i += Character.charCount(s.codePointAt(i));
        }
        if (i == s.length()) {
            return s;
        }
        StringBuilder b = new StringBuilder(s.length() + 8).append(s, 0, i);
        while (i < s.length()) {
            int cp = s.codePointAt(i);
            if (visible(s, i)) {
                b.appendCodePoint(cp);
            } else {
                b.append(String.format("\\u%04x", (int) s.charAt(i)));
                cp = s.charAt(i); // an unpaired surrogate or a BMP character: one char
            }
            i += Character.charCount(cp);
        }
        return b.toString();
    }

    /**
     * The first unpaired UTF-16 surrogate of {@code s} as an escape (backslash, u, four hex digits), or null when there
     * is none. Such a string has no UTF-8 form: written out it becomes '?', so it cannot come back or name a file as
     * given.
     */
    public static String unpairedSurrogate(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return String.format("\\u%04x", (int) c);
            }
        }
        return null;
    }

    private static boolean visible(String s, int i) {
        int cp = s.codePointAt(i);
        if (Character.isSurrogate(s.charAt(i)) && Character.charCount(cp) == 1) {
            return false; // unpaired
        }
        int type = Character.getType(cp);
        return type != Character.CONTROL
                && type != Character.FORMAT
                && type != Character.UNASSIGNED
                && type != Character.PRIVATE_USE
                && type != Character.LINE_SEPARATOR
                && type != Character.PARAGRAPH_SEPARATOR;
    }
}
