package io.collide4j.urdf.xacro;

import io.collide4j.urdf.ResourceResolver;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Where {@code $(find PKG)} points: the folder of a ROS package. {@link #of(ResourceResolver)} uses the same
 * search as {@code package://} mesh references (package roots, {@code ROS_PACKAGE_PATH}, package.xml discovery
 * around the file), so a description that loads its meshes through {@code package://} finds its xacro
 * includes the same way. Implementations must be thread-safe.
 */
public interface PackageFinder {
    /** The package's folder; {@code referringFile} is the absolute path of the file being processed (may be null). */
    Optional<Path> find(String pkg, Path referringFile);

    /** Where a package was looked for, for "not found" errors. */
    default String describe(String pkg) {
        return "no package folder of that name";
    }

    /** Packages found as {@code package://PKG/package.xml} (else a folder {@code package://PKG/}) resolves. */
    static PackageFinder of(ResourceResolver resolver) {
        return new PackageFinder() {
            @Override
            public Optional<Path> find(String pkg, Path referringFile) {
                URI base = referringFile == null ? null : referringFile.toUri();
                for (URI u : resolver.candidates("package://" + pkg + "/package.xml", base)) {
                    if (ResourceResolver.exists(u) && "file".equals(u.getScheme())) {
                        return Optional.of(Path.of(u).getParent());
                    }
                }
                for (URI u : resolver.candidates("package://" + pkg + "/", base)) {
                    if ("file".equals(u.getScheme())
                            && Files.isDirectory(Path.of(u))
                            && Path.of(u).getFileName() != null
                            && Path.of(u).getFileName().toString().equals(pkg)) {
                        return Optional.of(Path.of(u));
                    }
                }
                return Optional.empty();
            }

            @Override
            public String describe(String pkg) {
                return resolver.packageSearchDescription("package://" + pkg + "/", null);
            }
        };
    }

    /** A fixed map of package names to folders (tests, or a caller that knows its packages). */
    static PackageFinder of(Map<String, Path> packages) {
        Map<String, Path> copy = Map.copyOf(packages);
        return new PackageFinder() {
            @Override
            public Optional<Path> find(String pkg, Path referringFile) {
                return Optional.ofNullable(copy.get(pkg));
            }

            @Override
            public String describe(String pkg) {
                return "known packages: " + new java.util.TreeSet<>(copy.keySet());
            }
        };
    }
}
