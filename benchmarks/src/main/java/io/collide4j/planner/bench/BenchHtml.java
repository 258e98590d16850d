package io.collide4j.planner.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The benchmark report: one self-contained HTML file (inline CSS and SVG, no scripts, no network) with the
 * configuration-set tables and a time-per-bucket plot for each scenario and robot, and the bounding-volume study's
 * tables. Either part may be absent.
 */
public final class BenchHtml {
    private static final String[] COLOURS = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#17becf"
    };

    private BenchHtml() {}

    public static String render(
            String title, String machine, BucketBench.Result buckets, BoundingVolumeStudy.Result bv) {
        StringBuilder h = new StringBuilder();
        h.append("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>")
                .append(esc(title))
                .append("</title><style>body{font-family:sans-serif;margin:2em;max-width:1100px}"
                        + "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}"
                        + "th{background:#eee}td:first-child,th:first-child{text-align:left}svg{background:#fff;border:1px solid #ddd}"
                        + "</style></head><body>");
        h.append("<h1>")
                .append(esc(title))
                .append("</h1><p>")
                .append(esc(machine))
                .append("</p>");
        if (buckets != null) {
            for (var s : buckets.pairs().entrySet()) {
                Scenario sc = s.getKey();
                h.append("<h2>Scenario ")
                        .append(sc)
                        .append(": time per query by ")
                        .append(sc.measure())
                        .append(" bucket (% of A's AABB size)</h2>");
                Map<String, double[][]> series = new LinkedHashMap<>();
                for (BucketBench.Algorithm a : BucketBench.Algorithm.values()) {
                    List<double[]> pts = new ArrayList<>();
                    for (var b : s.getValue().entrySet()) {
                        pts.add(new double[] {b.getKey(), b.getValue().get(a).meanNs() / 1e3});
                    }
                    series.put(a.label(), pts.toArray(new double[0][]));
                }
                h.append(plot(series, sc.measure() + " bucket (%)", "mean µs per query (log)"));
                h.append("<table><tr><th>bucket</th><th>n</th>");
                for (BucketBench.Algorithm a : BucketBench.Algorithm.values()) {
                    h.append("<th>").append(esc(a.label())).append(" mean µs</th><th>max µs</th><th>wrong</th>");
                }
                h.append("</tr>");
                for (var b : s.getValue().entrySet()) {
                    h.append("<tr><td>")
                            .append(b.getKey())
                            .append(" %</td><td>")
                            .append(b.getValue().values().iterator().next().count())
                            .append("</td>");
                    for (BucketBench.Algorithm a : BucketBench.Algorithm.values()) {
                        BucketBench.Timing t = b.getValue().get(a);
                        h.append(String.format(
                                Locale.ROOT,
                                "<td>%.2f</td><td>%.2f</td><td>%d</td>",
                                t.meanNs() / 1e3,
                                t.maxNs() / 1e3,
                                t.wrong()));
                    }
                    h.append("</tr>");
                }
                h.append("</table>");
            }
            for (var r : buckets.robots().entrySet()) {
                h.append("<h2>Robot ")
                        .append(esc(r.getKey()))
                        .append(": time per configuration by clearance bucket (mm)</h2>");
                Map<String, double[][]> series = new LinkedHashMap<>();
                List<String> labels =
                        new ArrayList<>(r.getValue().values().iterator().next().keySet());
                for (String l : labels) {
                    List<double[]> pts = new ArrayList<>();
                    for (var b : r.getValue().entrySet()) {
                        pts.add(new double[] {b.getKey(), b.getValue().get(l).meanNs() / 1e3});
                    }
                    series.put(l, pts.toArray(new double[0][]));
                }
                h.append(plot(series, "clearance bucket (mm)", "mean µs per configuration (log)"));
                h.append("<table><tr><th>bucket</th>");
                for (String l : labels) {
                    h.append("<th>")
                            .append(esc(l))
                            .append(" mean µs</th>")
                            .append(l.equals("isValid") ? "<th>max µs</th>" : "");
                }
                h.append("</tr>");
                for (var b : r.getValue().entrySet()) {
                    h.append("<tr><td>").append(b.getKey()).append(" mm</td>");
                    for (String l : labels) {
                        BucketBench.Timing t = b.getValue().get(l);
                        h.append(String.format(Locale.ROOT, "<td>%.2f</td>", t.meanNs() / 1e3));
                        if (l.equals("isValid")) {
                            h.append(String.format(Locale.ROOT, "<td>%.2f</td>", t.maxNs() / 1e3));
                        }
                    }
                    h.append("</tr>");
                }
                h.append("</table>");
            }
            for (String n : buckets.notes()) {
                h.append("<p>").append(esc(n)).append("</p>");
            }
        }
        if (bv != null) {
            h.append("<h2>Bounding volumes along the approach-and-pass motion (seed 004 §7.2)</h2>");
            for (BoundingVolumeStudy.PairStudy p : bv.pairs()) {
                h.append(String.format(
                        Locale.ROOT,
                        "<h3>%s (%d triangles, %d steps; exact mesh oracle: %.2f %% touching)</h3>",
                        esc(p.a() + " / " + p.b()),
                        p.triangles(),
                        p.steps(),
                        p.exactPercent()));
                h.append("<table><tr><th>volume</th><th>avg. test µs</th><th>positives %</th><th>memory bytes</th>"
                        + "<th>recompute µs</th><th>missed</th></tr>");
                for (BoundingVolumeStudy.Row r : p.rows()) {
                    h.append(row(r));
                }
                h.append("</table>");
            }
            BoundingVolumeStudy.DecompositionStudy d = bv.decomposition();
            h.append(String.format(
                    Locale.ROOT,
                    "<h2>Decomposition effect (seed 004 §7.5): %s, %d triangles, %d pieces "
                            + "(decomposed in %.0f ms, hull in %.1f ms), OBB then GJK against 10 boxes</h2>",
                    esc(d.object()),
                    d.triangles(),
                    d.pieces(),
                    d.decomposeMs(),
                    d.hullMs()));
            h.append("<table><tr><th>object</th><th>avg. test µs</th><th>positives %</th><th>memory bytes</th></tr>");
            for (BoundingVolumeStudy.Row r : List.of(d.single(), d.decomposed())) {
                h.append(String.format(
                        Locale.ROOT,
                        "<tr><td>%s</td><td>%.3f</td><td>%.2f</td><td>%d</td></tr>",
                        esc(r.volume()),
                        r.testNs() / 1e3,
                        r.positivePercent(),
                        r.memoryBytes()));
            }
            h.append("</table>");
            BoundingVolumeStudy.ArmDemo a = bv.arm();
            h.append(String.format(
                    Locale.ROOT,
                    "<h2>7-link arm demo (seed 004 §7.6)</h2><p>%s in %s, %d frames at 60 Hz: "
                            + "collision test %.1f µs per frame (max %.1f µs) = %.3f %% of the 16.7 ms frame; "
                            + "%d frames in collision.</p>",
                    esc(a.robot()),
                    esc(a.scene()),
                    a.frames(),
                    a.testNsMean() / 1e3,
                    a.testNsMax() / 1e3,
                    a.frameSharePercent(),
                    a.collidingFrames()));
        }
        return h.append("</body></html>\n").toString();
    }

    private static String row(BoundingVolumeStudy.Row r) {
        return String.format(
                Locale.ROOT,
                "<tr><td>%s</td><td>%.3f</td><td>%.2f</td><td>%d</td><td>%.3f</td><td>%d</td></tr>",
                esc(r.volume()),
                r.testNs() / 1e3,
                r.positivePercent(),
                r.memoryBytes(),
                r.recomputeNs() / 1e3,
                r.missed());
    }

    /** A log-y line plot of the series (x, y) in SVG, with a legend. */
    static String plot(Map<String, double[][]> series, String xLabel, String yLabel) {
        double xmin = Double.POSITIVE_INFINITY,
                xmax = Double.NEGATIVE_INFINITY,
                ymin = Double.POSITIVE_INFINITY,
                ymax = Double.NEGATIVE_INFINITY;
        for (double[][] s : series.values()) {
            for (double[] p : s) {
                xmin = Math.min(xmin, p[0]);
                xmax = Math.max(xmax, p[0]);
                if (p[1] > 0) {
                    ymin = Math.min(ymin, p[1]);
                    ymax = Math.max(ymax, p[1]);
                }
            }
        }
        if (!(xmax > xmin)) {
            xmax = xmin + 1;
        }
        if (!(ymax > 0)) {
            ymin = 1;
            ymax = 10;
        }
        double ly0 = Math.floor(Math.log10(ymin)), ly1 = Math.ceil(Math.log10(ymax));
        if (ly1 <= ly0) {
            ly1 = ly0 + 1;
        }
        int w = 760, hgt = 340, left = 70, right = 190, top = 20, bottom = 50;
        double pw = w - left - right, ph = hgt - top - bottom;
        StringBuilder s = new StringBuilder(String.format(
                Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-size=\"12\">",
                w,
                hgt));
        for (double e = ly0; e <= ly1; e++) {
            double y = top + ph - (e - ly0) / (ly1 - ly0) * ph;
            s.append(String.format(
                    Locale.ROOT,
                    "<line x1=\"%d\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>"
                            + "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>",
                    left,
                    y,
                    left + pw,
                    y,
                    left - 6,
                    y + 4,
                    fmt(Math.pow(10, e))));
        }
        int ticks = 6;
        for (int k = 0; k <= ticks; k++) {
            double xv = xmin + (xmax - xmin) * k / ticks, x = left + pw * k / ticks;
            s.append(String.format(
                    Locale.ROOT,
                    "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#999\"/>"
                            + "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>",
                    x,
                    top,
                    x,
                    top + ph + 4,
                    x,
                    top + ph + 18,
                    fmt(xv)));
        }
        s.append(String.format(
                Locale.ROOT,
                "<rect x=\"%d\" y=\"%d\" width=\"%.0f\" height=\"%.0f\" fill=\"none\" stroke=\"#333\"/>",
                left,
                top,
                pw,
                ph));
        s.append(String.format(
                Locale.ROOT,
                "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>",
                left + pw / 2,
                hgt - 8,
                esc(xLabel)));
        s.append(String.format(
                Locale.ROOT,
                "<text transform=\"translate(16,%.1f) rotate(-90)\" text-anchor=\"middle\">%s</text>",
                top + ph / 2,
                esc(yLabel)));
        int k = 0;
        for (var e : series.entrySet()) {
            String colour = COLOURS[k % COLOURS.length];
            StringBuilder pts = new StringBuilder();
            for (double[] p : e.getValue()) {
                if (p[1] > 0) {
                    double x = left + (p[0] - xmin) / (xmax - xmin) * pw;
                    double y = top + ph - (Math.log10(p[1]) - ly0) / (ly1 - ly0) * ph;
                    pts.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
                }
            }
            s.append("<polyline fill=\"none\" stroke=\"")
                    .append(colour)
                    .append("\" stroke-width=\"2\" points=\"")
                    .append(pts.toString().trim())
                    .append("\"/>");
            double ly = top + 10 + 18 * k;
            s.append(String.format(
                    Locale.ROOT,
                    "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2\"/>"
                            + "<text x=\"%.1f\" y=\"%.1f\">%s</text>",
                    left + pw + 10,
                    ly,
                    left + pw + 30,
                    ly,
                    colour,
                    left + pw + 36,
                    ly + 4,
                    esc(e.getKey())));
            k++;
        }
        return s.append("</svg>").toString();
    }

    private static String fmt(double v) {
        if (v == Math.rint(v)) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        return new java.math.BigDecimal(String.format(Locale.ROOT, "%.3g", v))
                .stripTrailingZeros()
                .toPlainString();
    }

    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
