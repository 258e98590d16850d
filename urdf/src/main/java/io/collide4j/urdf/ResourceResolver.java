package io.collide4j.urdf;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Turns URDF file references into URIs, working over {@link URL} resolution so that documents
 * inside jars ({@code jar:file:...!/...}) resolve their siblings like files do.
 * <ul>
 * <li>{@code package://NAME/rest}: for each package root R in order, {@code R/NAME/rest}, and
 *     {@code R/rest} when R's own last folder is NAME; finally {@code NAME/rest} relative to the
 *     referring document's folder (VAMP-style "package://meshes/..." next to the URDF).</li>
 * <li>{@code file:///abs} and other absolute URIs: as written. An absolute path: that file.</li>
 * <li>anything else: relative to the referring document.</li>
 * </ul>
 * Immutable and thread-safe.
 */
public final class ResourceResolver {
    private final List<URI> packageRoots;

    private ResourceResolver(List<URI> packageRoots) {
        this.packageRoots = List.copyOf(packageRoots);
    }

    /** A resolver with no package roots (references resolve relative to the document only). */
    public static ResourceResolver none() {
        return new ResourceResolver(List.of());
    }

    /** Package roots given as directories. */
    public static ResourceResolver ofPaths(List<Path> roots) {
        List<URI> uris = new ArrayList<>();
        for (Path p : roots) {
            uris.add(directoryUri(p.toAbsolutePath().normalize().toUri()));
        }
        return new ResourceResolver(uris);
    }

    /** Package roots given as URIs of directories (file:, jar:, ...); a trailing '/' is added if missing. */
    public static ResourceResolver ofUris(List<URI> roots) {
        List<URI> uris = new ArrayList<>();
        roots.forEach(u -> uris.add(directoryUri(u)));
        return new ResourceResolver(uris);
    }

    /** Package roots from the {@code ROS_PACKAGE_PATH} environment variable (path-separator list), if set. */
    public static ResourceResolver fromEnvironment() {
        String env = System.getenv("ROS_PACKAGE_PATH");
        List<Path> roots = new ArrayList<>();
        if (env != null) {
            for (String s : env.split(File.pathSeparator)) {
                if (!s.isBlank()) {
                    roots.add(Path.of(s));
                }
            }
        }
        return ofPaths(roots);
    }

    public List<URI> packageRoots() {
        return packageRoots;
    }

    /** The places where {@code reference} may be, in search order ({@code base}: the referring document). */
    public List<URI> candidates(String reference, URI base) {
        List<URI> out = new ArrayList<>();
        if (reference.startsWith("package://")) {
            String rest = reference.substring("package://".length());
            int slash = rest.indexOf('/');
            String pkg = slash < 0 ? rest : rest.substring(0, slash);
            String inPkg = slash < 0 ? "" : rest.substring(slash + 1);
            for (URI root : packageRoots) {
                out.add(resolve(root, pkg + "/" + inPkg));
                if (lastSegment(root).equals(pkg)) {
                    out.add(resolve(root, inPkg));
                }
            }
            if (base != null) {
                out.add(resolve(base, rest));
            }
            return out;
        }
        if (hasScheme(reference)) {
            out.add(URI.create(reference.replace(" ", "%20")));
            return out;
        }
        if (reference.startsWith("/") || Path.of(reference).isAbsolute()) {
            out.add(Path.of(reference).toUri());
            return out;
        }
        out.add(base == null ? Path.of(reference).toAbsolutePath().toUri() : resolve(base, reference));
        return out;
    }

    /** The first candidate that can be opened, if any. */
    public Optional<URI> resolve(String reference, URI base) {
        for (URI u : candidates(reference, base)) {
            if (exists(u)) {
                return Optional.of(u);
            }
        }
        return Optional.empty();
    }

    /** True when the URI names a readable file or resource (directories do not count). */
    public static boolean exists(URI uri) {
        if ("file".equals(uri.getScheme())) {
            try {
                return Files.isRegularFile(Path.of(uri));
            } catch (IllegalArgumentException e) {
                return false;
            }
        }
        try (InputStream in = uri.toURL().openStream()) {
            return true;
        } catch (IOException | IllegalArgumentException e) {
            return false;
        }
    }

    private static boolean hasScheme(String ref) {
        int colon = ref.indexOf(':');
        // one-letter "schemes" are Windows drive letters
        return colon > 1 && ref.substring(0, colon).matches("[A-Za-z][A-Za-z0-9+.-]*");
    }

    private static URI resolve(URI base, String relative) {
        try {
            String encoded = new URI(null, null, relative, null).getRawPath();
            return new URL(base.toURL(), encoded).toURI();
        } catch (URISyntaxException | MalformedURLException | IllegalArgumentException e) {
            throw new IllegalArgumentException("cannot resolve '" + relative + "' against " + base + ": " + e.getMessage(), e);
        }
    }

    private static URI directoryUri(URI u) {
        String s = u.toString();
        return s.endsWith("/") ? u : URI.create(s + "/");
    }

    private static String lastSegment(URI dir) {
        String s = dir.toString();
        s = s.substring(0, s.length() - 1);
        String seg = s.substring(s.lastIndexOf('/') + 1);
        return java.net.URLDecoder.decode(seg.replace("+", "%2B"), java.nio.charset.StandardCharsets.UTF_8);
    }
}
