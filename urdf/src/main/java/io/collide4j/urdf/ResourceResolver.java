package io.collide4j.urdf;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Turns URDF file references into URIs, working over {@link URL} resolution so that documents
 * inside jars ({@code jar:file:...!/...}) resolve their siblings like files do.
 * <ul>
 * <li>{@code package://NAME/rest}, in this order: for each package root R, {@code R/NAME/rest}, and
 *     {@code R/rest} when R's own last folder is NAME; for each root R that is a local folder, the
 *     folder under R (up to {@value #CRAWL_DEPTH} levels deep, as {@code rospack} crawls) whose
 *     {@code package.xml} declares {@code <name>NAME</name>}; then {@code NAME/rest} relative to the
 *     referring document's folder (VAMP-style "package://meshes/..." next to the URDF); finally, when
 *     discovery is on and the document is a local file, the package found by its {@code package.xml}
 *     in the document's folder or one of its ancestors (up to {@value #UPWARD_LEVELS} levels), or in a
 *     direct subfolder of one of them (the document's sibling packages in a ROS workspace), else a folder
 *     named NAME in those places. So a package whose folder name differs from its declared name
 *     resolves, and so does a description tree shipped without package.xml files.</li>
 * <li>{@code file:} URIs and absolute paths: that file. Anything else without a scheme: relative to
 *     the referring document.</li>
 * <li>Every other scheme ({@code http}, {@code https}, {@code ftp}, ...) is refused: collide4j reads
 *     only local files and never opens a network connection ({@link #refusedScheme}).</li>
 * </ul>
 * {@link #standard} is what every entry point uses: given roots, then {@code ROS_PACKAGE_PATH}, then
 * discovery. Immutable and thread-safe (the package.xml scans are cached in concurrent maps).
 */
public final class ResourceResolver {
    /** How deep below a package root a {@code package.xml} is looked for. */
    public static final int CRAWL_DEPTH = 4;
    /** How many folders above the document are searched for its package (and sibling packages). */
    public static final int UPWARD_LEVELS = 8;

    private final List<URI> packageRoots;
    private final boolean discover;
    private final Map<Path, Map<String, Path>> crawled = new ConcurrentHashMap<>();
    private final Map<Path, Optional<String>> packageNames = new ConcurrentHashMap<>();

    private ResourceResolver(List<URI> packageRoots, boolean discover) {
        this.packageRoots = List.copyOf(packageRoots);
        this.discover = discover;
    }

    /** A resolver with no package roots and no discovery (references resolve relative to the document only). */
    public static ResourceResolver none() {
        return new ResourceResolver(List.of(), false);
    }

    /** Package roots given as directories; no ROS_PACKAGE_PATH, no upward discovery. */
    public static ResourceResolver ofPaths(List<Path> roots) {
        return new ResourceResolver(uris(roots), false);
    }

    /** Package roots given as URIs of directories (file:, jar:, ...); a trailing '/' is added if missing. */
    public static ResourceResolver ofUris(List<URI> roots) {
        List<URI> uris = new ArrayList<>();
        roots.forEach(u -> uris.add(directoryUri(u)));
        return new ResourceResolver(uris, false);
    }

    /** Package roots from the {@code ROS_PACKAGE_PATH} environment variable (path-separator list), if set. */
    public static ResourceResolver fromEnvironment() {
        return ofPaths(rosPackagePath(System.getenv("ROS_PACKAGE_PATH")));
    }

    /**
     * The resolver of every entry point (CLI, server, {@code Collide4jBuilder}): the given roots
     * ({@code --package-path}), then the folders of the {@code ROS_PACKAGE_PATH} environment variable, then
     * package.xml discovery around the document.
     */
    public static ResourceResolver standard(List<Path> roots) {
        return standard(roots, System.getenv("ROS_PACKAGE_PATH"));
    }

    /** As {@link #standard(List)} with an explicit {@code ROS_PACKAGE_PATH} value (null: unset). */
    public static ResourceResolver standard(List<Path> roots, String rosPackagePath) {
        List<Path> all = new ArrayList<>(roots);
        all.addAll(rosPackagePath(rosPackagePath));
        return new ResourceResolver(uris(all), true);
    }

    /** The folders of a {@code ROS_PACKAGE_PATH} value (platform path separator; blank entries skipped). */
    public static List<Path> rosPackagePath(String value) {
        List<Path> roots = new ArrayList<>();
        if (value != null) {
            for (String s : value.split(File.pathSeparator)) {
                if (!s.isBlank()) {
                    roots.add(Path.of(s.trim()));
                }
            }
        }
        return roots;
    }

    /** A resolver with these package roots placed before this one's (discovery setting kept). */
    public ResourceResolver withRootsFirst(List<Path> roots) {
        List<URI> all = new ArrayList<>(uris(roots));
        all.addAll(packageRoots);
        return new ResourceResolver(all, discover);
    }

    public List<URI> packageRoots() {
        return packageRoots;
    }

    /** Whether packages are also discovered by their package.xml around the referring document. */
    public boolean discovers() {
        return discover;
    }

    /**
     * The scheme of a reference that collide4j refuses to open (anything but {@code file:} and
     * {@code package:}), lower-cased; empty for local references. One-letter "schemes" are Windows drives.
     */
    public static Optional<String> refusedScheme(String reference) {
        if (!hasScheme(reference)) {
            return Optional.empty();
        }
        String scheme = reference.substring(0, reference.indexOf(':')).toLowerCase(Locale.ROOT);
        return scheme.equals("file") || scheme.equals("package") ? Optional.empty() : Optional.of(scheme);
    }

    /**
     * True when a URI is local: {@code file:}, or {@code jar:} whose archive is itself local (bundled
     * models on the class path). Anything else would need a network connection or an unknown handler.
     */
    public static boolean isLocal(URI uri) {
        String scheme = uri.getScheme();
        if ("file".equalsIgnoreCase(scheme)) {
            return true;
        }
        if ("jar".equalsIgnoreCase(scheme)) {
            String inner = uri.getRawSchemeSpecificPart();
            int bang = inner.indexOf("!/");
            try {
                return isLocal(new URI(bang < 0 ? inner : inner.substring(0, bang)));
            } catch (URISyntaxException e) {
                return false;
            }
        }
        return false;
    }

    /** {@code uri} itself, or IllegalArgumentException naming {@code what} when it is not {@link #isLocal local}. */
    public static URI requireLocal(URI uri, String what) {
        if (!isLocal(uri)) {
            throw new IllegalArgumentException(what + " '" + uri + "': scheme '" + uri.getScheme()
                    + "' refused; collide4j reads only local files (file:, relative paths, package://) and never"
                    + " opens network connections — download the file and refer to it locally");
        }
        return uri;
    }

    /**
     * The places where {@code reference} may be, in search order ({@code base}: the referring document).
     * A reference with a refused scheme ({@link #refusedScheme}) raises IllegalArgumentException.
     */
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
            for (URI root : packageRoots) {
                localDirectory(root)
                        .map(r -> crawl(r).get(pkg))
                        .ifPresent(d -> addOnce(out, resolve(dirUri(d), inPkg)));
            }
            if (base != null) {
                out.add(resolve(base, rest));
            }
            if (discover && base != null) {
                discovered(pkg, base).ifPresent(d -> addOnce(out, resolve(dirUri(d), inPkg)));
            }
            return out;
        }
        Optional<String> refused = refusedScheme(reference);
        if (refused.isPresent()) {
            throw new IllegalArgumentException("scheme '" + refused.get() + "' refused: collide4j reads only local"
                    + " files (file:, relative paths, package://) and never opens network connections");
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

    /**
     * Where a {@code package://NAME/...} reference was looked for, in words, for "not found" errors: the
     * roots, and the folders whose package.xml files were read when discovery is on.
     */
    public String packageSearchDescription(String reference, URI base) {
        if (!reference.startsWith("package://")) {
            return "";
        }
        String rest = reference.substring("package://".length());
        String pkg = rest.contains("/") ? rest.substring(0, rest.indexOf('/')) : rest;
        StringBuilder sb = new StringBuilder("package '")
                .append(pkg)
                .append("' was searched in package roots ")
                .append(packageRoots)
                .append(discover ? " (given roots, then ROS_PACKAGE_PATH" : " (")
                .append(discover ? ", each" : "each")
                .append(" with package.xml files up to ")
                .append(CRAWL_DEPTH)
                .append(" levels deep)");
        Optional<Path> doc =
                base == null ? Optional.empty() : localDirectory(base).map(Path::getParent);
        if (discover && doc.isPresent()) {
            sb.append(", and by package.xml or folder name in ")
                    .append(doc.get())
                    .append(", its ")
                    .append(UPWARD_LEVELS)
                    .append(" parent folders and their direct subfolders");
        }
        sb.append("; give the folder that holds package '")
                .append(pkg)
                .append(
                        "' with --package-path DIR (repeatable; Java: UrdfParser.withPackageRoots) or in ROS_PACKAGE_PATH");
        return sb.toString();
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

    /** True when the URI names a readable local file or resource (directories and non-local URIs do not count). */
    public static boolean exists(URI uri) {
        if (!isLocal(uri)) {
            return false;
        }
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

    // ------------------------------------------------------------------ package.xml discovery

    /**
     * The package folder named {@code pkg} found around a local document, if any: first by a package.xml that
     * declares it (in the document's folder, its ancestors, or their direct subfolders), then by a folder of
     * that name in the same places (catkin's convention, for trees shipped without package.xml files).
     */
    private Optional<Path> discovered(String pkg, URI base) {
        Optional<Path> doc = localDirectory(base);
        if (doc.isEmpty()) {
            return Optional.empty();
        }
        for (boolean byPackageXml : new boolean[] {true, false}) {
            Path dir = doc.get().getParent();
            for (int level = 0; dir != null && level <= UPWARD_LEVELS; level++, dir = dir.getParent()) {
                if (isPackage(dir, pkg, byPackageXml)) {
                    return Optional.of(dir);
                }
                for (Path child : subfolders(dir)) {
                    if (isPackage(child, pkg, byPackageXml)) {
                        return Optional.of(child);
                    }
                }
            }
        }
        return Optional.empty();
    }

    private boolean isPackage(Path dir, String pkg, boolean byPackageXml) {
        return byPackageXml
                ? pkg.equals(packageName(dir).orElse(null))
                : dir.getFileName() != null && dir.getFileName().toString().equals(pkg);
    }

    /** Package name → folder for every package.xml under {@code root} (rospack-style: not below a package). */
    private Map<String, Path> crawl(Path root) {
        return crawled.computeIfAbsent(root, r -> {
            Map<String, Path> found = new LinkedHashMap<>();
            crawl(r, 0, found);
            return Map.copyOf(found);
        });
    }

    private void crawl(Path dir, int depth, Map<String, Path> found) {
        Optional<String> name = packageName(dir);
        if (name.isPresent()) {
            found.putIfAbsent(name.get(), dir);
            return;
        }
        if (depth >= CRAWL_DEPTH) {
            return;
        }
        for (Path child : subfolders(dir)) {
            crawl(child, depth + 1, found);
        }
    }

    /** The {@code <name>} declared by {@code dir/package.xml}; empty when there is none or it cannot be read. */
    private Optional<String> packageName(Path dir) {
        return packageNames.computeIfAbsent(dir, d -> {
            Path xml = d.resolve("package.xml");
            if (!Files.isRegularFile(xml)) {
                return Optional.empty();
            }
            try (InputStream in = Files.newInputStream(xml)) {
                XmlTree.Element root = XmlTree.parse(in, xml.toString());
                XmlTree.Element name = root.name().equals("package") ? root.child("name") : null;
                // an unreadable package.xml only means "not this package": the mesh error lists where we looked
                return name == null || name.text().isBlank()
                        ? Optional.empty()
                        : Optional.of(name.text().trim());
            } catch (IOException | DescriptionException e) {
                return Optional.empty();
            }
        });
    }

    /** Sorted non-hidden subfolders (symbolic links not followed, so a crawl cannot loop). */
    private static List<Path> subfolders(Path dir) {
        List<Path> out = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
            for (Path p : ds) {
                if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)
                        && !p.getFileName().toString().startsWith(".")) {
                    out.add(p);
                }
            }
        } catch (IOException | SecurityException e) {
            return List.of();
        }
        out.sort(null);
        return out;
    }

    private static Optional<Path> localDirectory(URI u) {
        if (!"file".equals(u.getScheme())) {
            return Optional.empty();
        }
        try {
            return Optional.of(Path.of(u));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static void addOnce(List<URI> out, URI u) {
        if (!out.contains(u)) {
            out.add(u);
        }
    }

    // ------------------------------------------------------------------ URI helpers

    private static List<URI> uris(List<Path> roots) {
        List<URI> uris = new ArrayList<>();
        for (Path p : roots) {
            uris.add(dirUri(p));
        }
        return uris;
    }

    private static URI dirUri(Path p) {
        return directoryUri(p.toAbsolutePath().normalize().toUri());
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
            throw new IllegalArgumentException(
                    "cannot resolve '" + relative + "' against " + base + ": " + e.getMessage(), e);
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
