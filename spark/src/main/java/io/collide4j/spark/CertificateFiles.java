package io.collide4j.spark;

import io.collide4j.kinematics.format.VisibleText;
import java.nio.charset.StandardCharsets;

/**
 * File names for certificates written one per trajectory: the id with every byte outside {@code [A-Za-z0-9_-]}
 * percent-encoded (dots too, so no id names a parent folder or a hidden file), then {@code .json}. Distinct ids give
 * distinct names.
 */
final class CertificateFiles {
    /** Longest file name, in bytes, that common file systems (ext4, XFS, APFS, NTFS) accept. */
    static final int MAX_NAME_BYTES = 255;

    private CertificateFiles() {}

    /**
     * Why {@code id} cannot name a certificate file (its encoded name is longer than {@link #MAX_NAME_BYTES}, or it has
     * no UTF-8 form), or null
     * when it can. Checked for every row, whether certificates go to files or inline, so that a dataset's answers do
     * not depend on the output mode; a too-long name failed only when written (exit 73, "File name too long").
     */
    static String refusal(String id) {
        String unpaired = VisibleText.unpairedSurrogate(id);
        if (unpaired != null) { // encoded as '?' it would share its file with other ids
            return "id: has an unpaired UTF-16 surrogate (" + unpaired + "), which has no UTF-8 form and cannot name a"
                    + " certificate file of its own; use another id";
        }
        int bytes = name(id).length(); // ASCII by construction: characters are bytes
        if (bytes <= MAX_NAME_BYTES) {
            return null;
        }
        return "id: " + id.length() + " characters, whose certificate file name (the id with every character outside"
                + " [A-Za-z0-9_-] percent-encoded, then .json) would be " + bytes + " bytes, over the limit of "
                + MAX_NAME_BYTES + "; use an id of at most " + (MAX_NAME_BYTES - ".json".length())
                + " letters, digits, '_' or '-' (any other character takes three bytes per byte of its UTF-8 form)";
    }

    static String name(String id) {
        StringBuilder b = new StringBuilder();
        for (byte x : id.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (x & 0xff);
            if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
                b.append(c);
            } else {
                b.append('%').append(String.format("%02X", x & 0xff));
            }
        }
        return b.append(".json").toString();
    }
}
