package io.collide4j.checker.certificate;

import com.fasterxml.jackson.annotation.JsonInclude;
import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;

/**
 * Where a certificate's robot and scene came from, recorded so that {@code verify} can find bundled inputs
 * by itself and name exactly the file it needs otherwise. The hashes in the certificate say what the content
 * was; this says where to look for it. Either part may be null when the caller does not know (a model built
 * in memory).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@NullMarked
public record Provenance(@Nullable Source robot, @Nullable Source scene) {
    /** No provenance known. */
    public static final Provenance UNKNOWN = new Provenance(null, null);

    /**
     * One input: a bundled model's name, or a file's path (absolute as given to the certifier), exactly one of
     * the two; {@code srdf} optionally names the robot's SRDF file next to a URDF.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Source(
            @Nullable String bundled,
            @Nullable String file,
            @Nullable String srdf) {
        public Source {
            if ((bundled == null) == (file == null)) {
                throw new IllegalArgumentException("a source is either bundled or a file, exactly one");
            }
            if (srdf != null && file == null) {
                throw new IllegalArgumentException("srdf goes with a URDF file");
            }
        }

        public static Source bundled(String name) {
            return new Source(name, null, null);
        }

        public static Source file(String path) {
            return new Source(null, path, null);
        }

        @Override
        public String toString() {
            return bundled != null ? "bundled " + bundled : file + (srdf == null ? "" : " (SRDF " + srdf + ")");
        }
    }
}
