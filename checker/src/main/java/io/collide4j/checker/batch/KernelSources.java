package io.collide4j.checker.batch;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Loads OpenCL C sources shipped as resources next to this package's classes. */
final class KernelSources {

    private KernelSources() {}

    /** The text of resource {@code io/collide4j/checker/batch/<name>}; fails naming the resource when absent. */
    static String load(String name) {
        try (InputStream in = KernelSources.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(
                        "OpenCL kernel resource io/collide4j/checker/batch/" + name + " is missing from the classpath");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read OpenCL kernel resource " + name, e);
        }
    }
}
