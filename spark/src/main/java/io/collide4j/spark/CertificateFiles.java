package io.collide4j.spark;

import java.nio.charset.StandardCharsets;

/**
 * File names for certificates written one per trajectory: the id with every byte outside {@code [A-Za-z0-9_-]}
 * percent-encoded (dots too, so no id names a parent folder or a hidden file), then {@code .json}. Distinct ids give
 * distinct names.
 */
final class CertificateFiles {
    private CertificateFiles() {
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
