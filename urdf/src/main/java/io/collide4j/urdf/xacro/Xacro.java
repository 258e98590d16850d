package io.collide4j.urdf.xacro;

import io.collide4j.urdf.ResourceResolver;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * A xacro processor (ros/xacro 2.0.x semantics, "in-order" processing) written for collide4j: expands a
 * {@code .xacro} file into the XML text the real {@code xacro} writes, without Python or ROS. Expressions in
 * {@code ${...}} are read by a small interpreter for the Python subset xacro descriptions use; nothing is ever
 * executed. Configure with the {@code with...} methods (each returns a new instance), then {@link #expand}.
 * <p>Differences from xacro 2.0.10, all in the direction of refusing: integers are 64-bit (a larger result is an
 * error), macros nest at most {@value Processor#MAX_MACRO_DEPTH} deep, an include loop is reported instead of
 * recursing, DTDs are refused; {@code $(dirname)} is the folder of the file being processed (2.0.10 has no
 * file information there and fails).
 * <p>Immutable and thread-safe; each {@link #expand} call works on its own state.
 */
public final class Xacro {
    private final Map<String, String> args;
    private final PackageFinder packages;
    private final Map<String, String> environment;
    private final Path workingDirectory;
    private final Warnings warnings;
    private final Predicate<Path> readable;

    private Xacro(
            Map<String, String> args,
            PackageFinder packages,
            Map<String, String> environment,
            Path workingDirectory,
            Warnings warnings,
            Predicate<Path> readable) {
        this.args = Map.copyOf(args);
        this.packages = packages;
        this.environment = Map.copyOf(environment);
        this.workingDirectory = workingDirectory;
        this.warnings = warnings;
        this.readable = readable;
    }

    /**
     * No arguments; packages found like {@code package://} ({@link ResourceResolver#standard} with no extra roots);
     * the process environment; the current directory; warnings dropped.
     */
    public static Xacro create() {
        return new Xacro(
                Map.of(),
                PackageFinder.of(ResourceResolver.standard(List.of())),
                System.getenv(),
                Path.of("").toAbsolutePath(),
                w -> {},
                p -> true);
    }

    /** The {@code name:=value} arguments (they take precedence over {@code xacro:arg} defaults). */
    public Xacro withArgs(Map<String, String> arguments) {
        return new Xacro(arguments, packages, environment, workingDirectory, warnings, readable);
    }

    public Xacro withPackages(PackageFinder finder) {
        return new Xacro(args, finder, environment, workingDirectory, warnings, readable);
    }

    /** Packages for {@code $(find)} resolved as {@code package://} is by this resolver. */
    public Xacro withResolver(ResourceResolver resolver) {
        return withPackages(PackageFinder.of(resolver));
    }

    /** The variables {@code $(env)} and {@code $(optenv)} read. */
    public Xacro withEnvironment(Map<String, String> env) {
        return new Xacro(args, packages, env, workingDirectory, warnings, readable);
    }

    /** The folder relative input paths (and the banner's path) are taken from. */
    public Xacro withWorkingDirectory(Path dir) {
        return new Xacro(args, packages, environment, dir.toAbsolutePath().normalize(), warnings, readable);
    }

    /** Where warnings and {@code xacro.message}/{@code xacro.warning} output go (called on the expanding thread). */
    public Xacro withWarnings(Warnings sink) {
        return new Xacro(args, packages, environment, workingDirectory, sink, readable);
    }

    /**
     * Which files may be read (the top file, includes, YAML files; given absolute and normalized): a server
     * confines xacro to its root folders. Another file is refused with a XacroException naming it.
     */
    public Xacro withReadableFiles(Predicate<Path> allowed) {
        return new Xacro(args, packages, environment, workingDirectory, warnings, allowed);
    }

    Predicate<Path> readable() {
        return readable;
    }

    Map<String, String> args() {
        return args;
    }

    PackageFinder packages() {
        return packages;
    }

    Map<String, String> environment() {
        return environment;
    }

    Path workingDirectory() {
        return workingDirectory;
    }

    Warnings warnings() {
        return warnings;
    }

    /**
     * Expands {@code file} (relative paths against the working directory; the path appears, as given, in the
     * banner comment) and returns the XML text xacro would write.
     *
     * @throws XacroException for anything xacro would refuse, naming file, line and name
     * @throws io.collide4j.urdf.XmlSyntaxException for malformed XML in the file or an include
     */
    public String expand(Path file) {
        return expandWithDependencies(file).xml();
    }

    /** The expansion and every file it read (includes, YAML files), absolute. */
    public Expansion expandWithDependencies(Path file) {
        Processor p = new Processor(this);
        String name = file.toString().replace('\\', '/');
        XDocument doc;
        try {
            doc = p.process(name);
        } catch (PyError e) { // every evaluation is wrapped with its location; this is a last line of defence
            throw new XacroException(name, 0, e.type() + ": " + e.getMessage(), e);
        }
        return new Expansion(XmlWriter.write(doc), List.copyOf(p.dependencies()));
    }

    /** An expanded document and the files it was made from. */
    public record Expansion(String xml, List<Path> dependencies) {}

    /** True for file names xacro handles: {@code *.xacro} (also {@code robot.urdf.xacro}). */
    public static boolean isXacro(Path file) {
        Path name = file.getFileName();
        return name != null
                && name.toString().toLowerCase(java.util.Locale.ROOT).endsWith(".xacro");
    }
}
