package io.collide4j.planner.server;

import io.collide4j.urdf.Geometry;
import io.collide4j.urdf.GeometryElement;
import io.collide4j.urdf.LinkDescription;
import io.collide4j.urdf.ResourceResolver;
import io.collide4j.urdf.RobotDescription;
import io.collide4j.urdf.XmlTree;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The folders whose files a server client may name ({@code serve --root DIR}); none by default, so a client
 * can use only bundled models and inline content. A requested path is resolved (relative ones against each
 * root in order), its symbolic links followed ({@link Path#toRealPath}) and only then compared with the roots'
 * real paths, so {@code ../} escapes and links out of a root are refused like any outside path. The refusal is
 * one message for "missing", "not a regular file" and "not allowed", naming only the request field and the
 * path as the client sent it, so a client learns nothing about files outside the roots. Immutable, thread-safe.
 *
 * <p>A file that passes the check may still be swapped for a link between the check and the read (a race
 * with someone who can write inside a root); roots should be folders only trusted users can write.
 */
public final class FileRoots {
    private final List<Path> roots; // real paths

    private FileRoots(List<Path> roots) {
        this.roots = List.copyOf(roots);
    }

    /** No roots: every file request is refused. */
    public static FileRoots none() {
        return new FileRoots(List.of());
    }

    /** These folders (each must exist; symbolic links in them are resolved now). */
    public static FileRoots of(List<Path> folders) {
        List<Path> real = new ArrayList<>();
        for (Path f : folders) {
            try {
                Path r = f.toRealPath();
                if (!Files.isDirectory(r)) {
                    throw new IllegalArgumentException("root '" + f + "' is not a folder");
                }
                real.add(r);
            } catch (IOException e) {
                throw new IllegalArgumentException("root '" + f + "' does not exist or cannot be read", e);
            }
        }
        return new FileRoots(real);
    }

    public List<Path> roots() {
        return roots;
    }

    /**
     * How a URDF under the roots finds its meshes: {@code package://NAME/...} in each root (then relative to the
     * URDF), never through ROS_PACKAGE_PATH or package.xml discovery outside the roots.
     */
    public ResourceResolver resolver() {
        return ResourceResolver.ofPaths(roots);
    }

    /**
     * The real path of the regular, readable file the client named in {@code field}, or a −32602 refusal that is
     * the same whether the file is missing or outside the roots.
     */
    public Path resolve(String requested, String field) {
        List<Path> tries = new ArrayList<>();
        try {
            Path p = Path.of(requested);
            if (p.isAbsolute()) {
                tries.add(p);
            } else {
                roots.forEach(r -> tries.add(r.resolve(p)));
            }
        } catch (InvalidPathException e) {
            throw refusal(field, requested);
        }
        for (Path t : tries) {
            Path real = allowedOrNull(t);
            if (real != null) {
                return real;
            }
        }
        throw refusal(field, requested);
    }

    /**
     * Refuses a URDF (already {@link #resolve resolved}) that references meshes by anything but local files
     * inside the roots ({@code http:}, {@code ftp:}, {@code jar:}, a path out of the roots): checked on the XML
     * before the URDF parser sees it, so no reference is ever opened, let alone fetched over a network.
     */
    public void checkUrdfReferences(Path realUrdf, String field) {
        XmlTree.Element root;
        try (InputStream in = Files.newInputStream(realUrdf)) {
            root = XmlTree.parse(in, realUrdf.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        checkMeshes(root, realUrdf.toUri(), field);
    }

    /** As {@link #checkUrdfReferences(Path, String)} for URDF text expanded from a xacro file at {@code base}. */
    public void checkUrdfText(String xml, URI base, String field) {
        XmlTree.Element root = XmlTree.parse(
                new java.io.ByteArrayInputStream(xml.getBytes(java.nio.charset.StandardCharsets.UTF_8)),
                base + " (expanded by xacro)");
        checkMeshes(root, base, field);
    }

    /** True when {@code p} is a readable regular file under one of the roots (symbolic links resolved). */
    public boolean readable(Path p) {
        return allowedOrNull(p) != null;
    }

    /** After parsing: every mesh the description resolved lies inside the roots (a second line of defence). */
    public void checkResolvedMeshes(RobotDescription d, String field) {
        for (LinkDescription l : d.links()) {
            for (List<GeometryElement> list : List.of(l.collisions(), l.visuals())) {
                for (GeometryElement g : list) {
                    if (g.geometry() instanceof Geometry.Mesh m && m.mesh().isPresent() && !insideRoots(m.resolved())) {
                        throw meshRefusal(field);
                    }
                }
            }
        }
    }

    private void checkMeshes(XmlTree.Element top, URI base, String field) {
        java.util.ArrayDeque<XmlTree.Element> todo =
                new java.util.ArrayDeque<>(); // no recursion: nesting is the file's
        todo.push(top);
        while (!todo.isEmpty()) {
            XmlTree.Element e = todo.pop();
            if (e.name().equals("mesh") && e.attribute("filename") != null) {
                checkMesh(e.attribute("filename"), base, field);
            }
            e.children().forEach(todo::push);
        }
    }

    private void checkMesh(String reference, URI base, String field) {
        List<URI> candidates;
        try {
            candidates = resolver().candidates(reference, base);
        } catch (IllegalArgumentException ex) {
            throw meshRefusal(field);
        }
        for (URI u : candidates) {
            if (!"file".equals(u.getScheme())) {
                throw meshRefusal(field);
            }
            Path p;
            try {
                p = Path.of(u);
            } catch (IllegalArgumentException ex) {
                throw meshRefusal(field);
            }
            if (Files.exists(p) && allowedOrNull(p) == null) {
                throw meshRefusal(field);
            }
        }
    }

    private boolean insideRoots(URI u) {
        if (!"file".equals(u.getScheme())) {
            return false;
        }
        try {
            return allowedOrNull(Path.of(u)) != null;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private Path allowedOrNull(Path p) {
        try {
            Path real = p.toRealPath();
            for (Path r : roots) {
                if (real.startsWith(r) && Files.isRegularFile(real) && Files.isReadable(real)) {
                    return real;
                }
            }
            return null;
        } catch (IOException | SecurityException e) {
            return null;
        }
    }

    private RequestException refusal(String field, String requested) {
        return new RequestException(
                RequestException.INVALID_PARAMS,
                field + ": no readable file '" + requested
                        + "' under the server's --root folders"
                        + (roots.isEmpty()
                                ? " (this server has none: only bundled" + " models and inline content)"
                                : ""));
    }

    private static RequestException meshRefusal(String field) {
        return new RequestException(
                RequestException.INVALID_PARAMS,
                field + ": the URDF references a mesh that is not"
                        + " a local file under the server's --root folders (http, ftp and other non-file references are refused)");
    }
}
