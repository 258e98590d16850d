package io.collide4j.tests.tools;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * Same-JVM A/B of two builds (checker/HOT_PATHS.md's method): each jar in its own class loader, the same workload
 * ({@link JarAbWorkload}, whose bytes are defined in both loaders), passes alternating A, B / B, A, CPU time of the
 * measuring thread; prints B/A per round and in total. Identical code loaded twice differs by a few per cent (each
 * copy is JIT-compiled on its own), so run it again with the jars swapped and trust only effects larger than that.
 * Run from the repository root after {@code mvn -pl benchmarks -am package -DskipTests} (the shaded bench jar
 * leaves this package out, so the module's own jar comes first):
 * {@code java -cp benchmarks/target/collide4j-benchmarks-0.1.0-SNAPSHOT.jar:benchmarks/target/collide4j-bench.jar
 * io.collide4j.tests.tools.JarAb A.jar B.jar tests/data/vamp/resources/panda/problems.zip free|free-short|check|check-sg|valid|valid-sg [rounds]
 * [passes]}, A and B being {@code collide4j-bench.jar} copies of the two builds.
 */
public final class JarAb {
    private JarAb() {}

    public static void main(String[] args) throws Exception {
        if (args.length < 4 || args.length > 6) {
            System.err.println(
                    "usage: JarAb A.jar B.jar PROBLEMS.zip free|free-short|check|check-sg|valid|valid-sg [rounds (4)] [passes per round (4)]");
            System.exit(64);
        }
        for (int i = 0; i < 3; i++) {
            if (!Files.isReadable(Path.of(args[i]))) {
                System.err.println("JarAb: " + args[i] + " not found or unreadable");
                System.exit(66);
            }
        }
        int rounds = args.length > 4 ? Integer.parseInt(args[4]) : 4;
        int passes = args.length > 5 ? Integer.parseInt(args[5]) : 4;
        LongSupplier a = load(Path.of(args[0]), args[2], args[3]);
        LongSupplier b = load(Path.of(args[1]), args[2], args[3]);
        for (int i = 0; i < 3; i++) { // warm-up, untimed
            a.getAsLong();
            b.getAsLong();
        }
        double ta = 0, tb = 0;
        for (int r = 0; r < rounds; r++) {
            long ra = 0, rb = 0;
            for (int p = 0; p < passes; p++) {
                if (p % 2 == 0) {
                    ra += a.getAsLong();
                    rb += b.getAsLong();
                } else {
                    rb += b.getAsLong();
                    ra += a.getAsLong();
                }
            }
            ta += ra;
            tb += rb;
            System.out.printf(
                    Locale.ROOT,
                    "round %d: A %.2f ms CPU/pass, B %.2f ms CPU/pass, B/A %.3f%n",
                    r,
                    ra / 1e6 / passes,
                    rb / 1e6 / passes,
                    (double) rb / ra);
        }
        System.out.printf(Locale.ROOT, "total B/A %.3f (A: %s; B: %s)%n", tb / ta, a, b);
    }

    private static LongSupplier load(Path jar, String zip, String mode) throws Exception {
        String name = JarAbWorkload.class.getName();
        byte[] bytes;
        try (InputStream in = JarAb.class.getResourceAsStream("/" + name.replace('.', '/') + ".class")) {
            if (in == null) {
                throw new IOException("no class file for " + name);
            }
            bytes = in.readAllBytes();
        }
        ClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader()) {
            @Override
            protected Class<?> findClass(String n) throws ClassNotFoundException {
                // the workload from these bytes in both loaders, whatever copy (if any) the jar has
                return n.equals(name) ? defineClass(n, bytes, 0, bytes.length) : super.findClass(n);
            }
        };
        return (LongSupplier) loader.loadClass(name)
                .getConstructor(String.class, String.class)
                .newInstance(zip, mode);
    }
}
