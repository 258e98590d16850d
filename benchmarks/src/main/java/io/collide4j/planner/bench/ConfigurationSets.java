package io.collide4j.planner.bench;

import io.collide4j.urdf.DecimalText;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The stored benchmark configuration sets (seed 003 §5.7.2: "a preprocessing step [that] has to be done only
 * once"): pair configurations of the sphere method with exact targets, and robot configurations at controlled
 * clearance. Text format {@value #FORMAT}, one record per line, '#' comments:
 * <pre>
 * format,collide4j-configuration-sets/1
 * seed,&lt;long&gt;
 * body-pair,&lt;index&gt;,&lt;body A&gt;,&lt;body B&gt;
 * pair,&lt;index&gt;,&lt;I|II&gt;,&lt;bucket %&gt;,&lt;iPhiA&gt;,&lt;iThetaA&gt;,&lt;iPhiB&gt;,&lt;iThetaB&gt;,&lt;iPsiB&gt;,&lt;s&gt;,&lt;target&gt;
 * robot,&lt;robot&gt;,&lt;scene&gt;,&lt;bucket mm&gt;,&lt;clearance&gt;,&lt;q1&gt;;&lt;q2&gt;;...
 * </pre>
 * Doubles are written with {@link Double#toString} (they read back to the same bits). Reading is strict: an
 * unknown record, a wrong field count, a bad number or an index out of range is an error naming the line.
 */
public record ConfigurationSets(
        long seed, List<String[]> bodyPairs, List<PairConfiguration> pairs, List<RobotConfiguration> robots) {
    public static final String FORMAT = "collide4j-configuration-sets/1";

    public ConfigurationSets {
        bodyPairs = List.copyOf(bodyPairs);
        pairs = List.copyOf(pairs);
        robots = List.copyOf(robots);
    }

    /** Writes the sets, with the given comment lines (without '#') first. */
    public void write(Writer out, List<String> comments) throws IOException {
        for (String c : comments) {
            out.write("# " + c + "\n");
        }
        out.write("format," + FORMAT + "\n");
        out.write("seed," + seed + "\n");
        for (int i = 0; i < bodyPairs.size(); i++) {
            out.write("body-pair," + i + "," + bodyPairs.get(i)[0] + ","
                    + bodyPairs.get(i)[1] + "\n");
        }
        for (PairConfiguration p : pairs) {
            out.write(pairLine(p) + "\n");
        }
        for (RobotConfiguration r : robots) {
            StringBuilder b = new StringBuilder("robot,")
                    .append(r.robot())
                    .append(',')
                    .append(r.scene())
                    .append(',')
                    .append(r.bucketMm())
                    .append(',')
                    .append(r.clearance())
                    .append(',');
            double[] q = r.q();
            for (int j = 0; j < q.length; j++) {
                b.append(j == 0 ? "" : ";").append(q[j]);
            }
            out.write(b.append('\n').toString());
        }
    }

    static String pairLine(PairConfiguration p) {
        return String.format(
                Locale.ROOT,
                "pair,%d,%s,%d,%d,%d,%d,%d,%d,%s,%s",
                p.pair(),
                p.scenario(),
                p.bucket(),
                p.iPhiA(),
                p.iThetaA(),
                p.iPhiB(),
                p.iThetaB(),
                p.iPsiB(),
                Double.toString(p.s()),
                Double.toString(p.target()));
    }

    /** Reads a file; a missing file is {@link NoSuchFileException}, a malformed one {@link IllegalArgumentException}. */
    public static ConfigurationSets read(Path file) throws IOException {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return read(in, file.toString());
        }
    }

    public static ConfigurationSets read(BufferedReader in, String source) {
        Long seed = null;
        boolean format = false;
        List<String[]> bodies = new ArrayList<>();
        List<PairConfiguration> pairs = new ArrayList<>();
        List<RobotConfiguration> robots = new ArrayList<>();
        int lineNo = 0;
        try {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                lineNo++;
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] f = line.split(",", -1);
                String where = source + ":" + lineNo;
                if (!format && !f[0].equals("format")) {
                    throw new IllegalArgumentException(where + ": expected 'format," + FORMAT + "' first");
                }
                switch (f[0]) {
                    case "format" -> {
                        fields(f, 2, where);
                        if (!f[1].equals(FORMAT)) {
                            throw new IllegalArgumentException(where + ": format '" + f[1] + "', expected " + FORMAT);
                        }
                        format = true;
                    }
                    case "seed" -> {
                        fields(f, 2, where);
                        seed = parseLong(f[1], where, "seed");
                    }
                    case "body-pair" -> {
                        fields(f, 4, where);
                        if (parseInt(f[1], where, "index") != bodies.size()) {
                            throw new IllegalArgumentException(
                                    where + ": body-pair index " + f[1] + ", expected " + bodies.size());
                        }
                        bodies.add(new String[] {f[2], f[3]});
                    }
                    case "pair" -> {
                        fields(f, 11, where);
                        int pair = parseInt(f[1], where, "pair index");
                        if (pair < 0 || pair >= bodies.size()) {
                            throw new IllegalArgumentException(
                                    where + ": pair index " + pair + " has no body-pair line");
                        }
                        Scenario sc;
                        try {
                            sc = Scenario.valueOf(f[2]);
                        } catch (IllegalArgumentException e) {
                            throw new IllegalArgumentException(where + ": scenario '" + f[2] + "', expected I or II");
                        }
                        int bucket = parseInt(f[3], where, "bucket");
                        if (bucket < 0 || bucket > sc.maxBucket()) {
                            throw new IllegalArgumentException(
                                    where + ": bucket " + bucket + " outside 0.." + sc.maxBucket());
                        }
                        Lattice l = sc.lattice();
                        int[] idx = new int[5];
                        String[] names = {"iPhiA", "iThetaA", "iPhiB", "iThetaB", "iPsiB"};
                        for (int k = 0; k < 5; k++) {
                            idx[k] = parseInt(f[4 + k], where, names[k]);
                            int max = k == 1 ? l.polar() : l.turns();
                            if (idx[k] < 0 || idx[k] >= max) {
                                throw new IllegalArgumentException(
                                        where + ": " + names[k] + " " + idx[k] + " outside 0.." + (max - 1));
                            }
                        }
                        double s = parseFinite(f[9], where, "s"), target = parseFinite(f[10], where, "target");
                        if (s < 0 || target < 0) {
                            throw new IllegalArgumentException(where + ": s and target must be >= 0");
                        }
                        pairs.add(new PairConfiguration(
                                pair, sc, bucket, idx[0], idx[1], idx[2], idx[3], idx[4], s, target));
                    }
                    case "robot" -> {
                        fields(f, 6, where);
                        int mm = parseInt(f[3], where, "bucket");
                        double clearance = parseFinite(f[4], where, "clearance");
                        String[] qs = f[5].split(";", -1);
                        double[] q = new double[qs.length];
                        for (int j = 0; j < q.length; j++) {
                            q[j] = parseFinite(qs[j], where, "q[" + j + "]");
                        }
                        robots.add(new RobotConfiguration(f[1], f[2], mm, clearance, q));
                    }
                    default ->
                        throw new IllegalArgumentException(where + ": unknown record '" + f[0]
                                + "', expected format, seed, body-pair, pair or robot");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (!format || seed == null) {
            throw new IllegalArgumentException(source + ": missing " + (format ? "seed" : "format") + " line");
        }
        return new ConfigurationSets(seed, bodies, pairs, robots);
    }

    private static void fields(String[] f, int n, String where) {
        if (f.length != n) {
            throw new IllegalArgumentException(where + ": '" + f[0] + "' needs " + n + " fields, found " + f.length);
        }
    }

    private static int parseInt(String s, String where, String what) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(where + ": " + what + " '" + s + "' is not an integer");
        }
    }

    private static long parseLong(String s, String where, String what) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(where + ": " + what + " '" + s + "' is not an integer");
        }
    }

    private static double parseFinite(String s, String where, String what) {
        double v;
        try {
            v = DecimalText.parse(s);
        } catch (NumberFormatException e) {
            if (!DecimalText.isNonFiniteWord(s)) {
                throw new IllegalArgumentException(where + ": " + what + " '" + s + "' is not a number");
            }
            v = Double.NaN; // a word for a non-finite value: refused below as such
        }
        if (!Double.isFinite(v)) {
            throw new IllegalArgumentException(where + ": " + what + " must be finite, got " + s);
        }
        return v;
    }
}
