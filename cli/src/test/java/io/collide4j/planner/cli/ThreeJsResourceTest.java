package io.collide4j.planner.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/**
 * The vendored three.js is the file of the npm package {@code three@0.170.0} (sha256 taken from the tarball when
 * it was vendored, see viewer/README.md), ships with its MIT licence, and can be inlined in a script element.
 */
class ThreeJsResourceTest {
    static final String THREE_SHA256 = "08fd7545d13d2c7fb65ab691530a802dafefd638596501854f267d0fb13c39e7";

    static byte[] bytes(String name) throws Exception {
        try (InputStream in = HtmlReport.class.getResourceAsStream(name)) {
            assertNotNull(in, name);
            return in.readAllBytes();
        }
    }

    @Test
    void vendoredBuildIsThePinnedNpmFileWithItsLicence() throws Exception {
        byte[] three = bytes(HtmlReport.THREE_JS);
        assertEquals(
                THREE_SHA256,
                HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(three)));
        assertTrue(new String(three, 0, 200, StandardCharsets.UTF_8).contains("SPDX-License-Identifier: MIT"));
        String licence = new String(bytes("viewer/three-LICENSE"), StandardCharsets.UTF_8);
        assertTrue(licence.startsWith("The MIT License") && licence.contains("three.js authors"), licence);
        String readme = new String(bytes("viewer/README.md"), StandardCharsets.UTF_8);
        assertTrue(readme.contains("0.170.0") && readme.contains(THREE_SHA256), "README names version and hash");
        // HtmlReport.resource refuses text that would end or comment out the script element it is inlined in
        assertEquals(three.length, HtmlReport.resource(HtmlReport.THREE_JS).getBytes(StandardCharsets.UTF_8).length);
    }
}
