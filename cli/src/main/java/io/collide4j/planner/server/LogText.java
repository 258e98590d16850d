package io.collide4j.planner.server;

/** Client text made safe for the server log. Stateless. */
final class LogText {
    private LogText() {}

    /** Client text as one bounded log line: control characters escaped, at most 300 characters. */
    static String printable(String s) {
        if (s == null) {
            return null;
        }
        StringBuilder b = new StringBuilder(Math.min(s.length(), 300) + 8);
        for (int i = 0; i < s.length() && b.length() < 300; i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                b.append(String.format("\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.length() < s.length() ? b.append("...").toString() : b.toString();
    }
}
