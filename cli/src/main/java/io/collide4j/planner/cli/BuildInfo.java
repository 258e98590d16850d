package io.collide4j.planner.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * The version and commit this build was made from, as Maven wrote them into {@code version.properties} at build time
 * (cli/pom.xml: the commit from git, else from a {@code git archive} tarball, else "unknown").
 * A class path without the filtered resource (an IDE that does not run Maven's resource filtering) says so rather
 * than printing Maven's placeholders.
 *
 * @param version the project version, e.g. {@code 0.1.0-SNAPSHOT}
 * @param commit  the abbreviated commit, {@code -dirty} appended when tracked files had uncommitted changes
 */
record BuildInfo(String version, String commit) {

    private static final String RESOURCE = "version.properties";
    private static final String UNKNOWN = "unknown";

    /** The build information of the class path this class was loaded from. */
    static BuildInfo current() {
        Properties p = new Properties();
        try (InputStream in = BuildInfo.class.getResourceAsStream(RESOURCE)) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + RESOURCE + " from the class path", e);
        }
        return of(p);
    }

    /** From the properties Maven wrote; a missing or unfilled value is "unknown". */
    static BuildInfo of(Properties p) {
        return new BuildInfo(filled(p.getProperty("version")), filled(p.getProperty("commit")));
    }

    /** One line: {@code collide4j 0.1.0-SNAPSHOT (commit 1a2b3c4d5e6f, Java 17.0.15)}. */
    String line() {
        return "collide4j " + version + " (commit " + commit + ", Java " + Runtime.version() + ")";
    }

    /** A value Maven did not fill in (no filtering ran) is unknown, never a literal "${...}". */
    private static String filled(String value) {
        return value == null || value.isBlank() || value.contains("${") ? UNKNOWN : value.trim();
    }
}
