package io.collide4j.planner.cli;

import io.collide4j.checker.query.CertificationResult;
import io.collide4j.checker.query.Violation;
import io.collide4j.planner.TrajectoryCertifier;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The self-contained HTML report of a certification: verdict, inputs and hashes, an inline SVG plot
 * of the certified clearance lower bound over time (closest pair at sampled instants, margin line,
 * first violation marked), the worst pairs and the first violation. No scripts, no external files.
 */
final class HtmlReport {
    private static final int W = 760;
    private static final int H = 300;
    private static final int LEFT = 70;
    private static final int RIGHT = 20;
    private static final int TOP = 20;
    private static final int BOTTOM = 45;

    private HtmlReport() {
    }

    static String render(String title, Map<String, String> inputs, TrajectoryCertifier.Certification cert,
                         double[][] profile, String[] profilePairs) {
        CertificationResult r = cert.result();
        StringBuilder h = new StringBuilder();
        h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>")
                .append(esc(title)).append("</title>\n<style>body{font-family:sans-serif;margin:2em;max-width:60em}"
                        + "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 8px;text-align:left}"
                        + ".v{font-size:1.6em;font-weight:bold;padding:.3em .6em;display:inline-block;color:white}"
                        + ".CERTIFIED_FREE{background:#2a7d2a}.VIOLATION{background:#b22}.INCONCLUSIVE{background:#c80}"
                        + "code{font-size:.9em}</style></head><body>\n");
        h.append("<h1>").append(esc(title)).append("</h1>\n");
        h.append("<p><span class=\"v ").append(r.verdict().name()).append("\">").append(r.verdict().name())
                .append("</span></p>\n");
        h.append("<h2>Inputs</h2>\n<table>\n");
        for (Map.Entry<String, String> e : inputs.entrySet()) {
            h.append("<tr><th>").append(esc(e.getKey())).append("</th><td><code>").append(esc(e.getValue()))
                    .append("</code></td></tr>\n");
        }
        h.append(String.format(Locale.ROOT, "<tr><th>minimum separation</th><td>%.6g m</td></tr>%n", cert.minimumSeparation()));
        h.append(String.format(Locale.ROOT, "<tr><th>waypoints / duration</th><td>%d / %.4g s</td></tr>%n",
                cert.times().length, cert.times()[cert.times().length - 1] - cert.times()[0]));
        h.append(String.format(Locale.ROOT, "<tr><th>distance evaluations</th><td>%d</td></tr>%n", r.evaluations()));
        h.append("</table>\n");
        h.append("<h2>Clearance lower bound over time</h2>\n");
        h.append("<p>Certified lower bound on the distance of the closest checked pair at ").append(profile.length)
                .append(" evenly spaced instants (the verdict itself is continuous over the whole motion).</p>\n");
        h.append(plot(profile, cert.minimumSeparation(), r.violation()));
        h.append("<h2>First violation</h2>\n");
        Violation v = r.violation();
        if (v == null) {
            h.append("<p>none").append(r.verdict().name().equals("INCONCLUSIVE")
                    ? " found before the budget ran out (nothing beyond the certified prefix is claimed)" : "").append("</p>\n");
        } else {
            h.append("<table>\n");
            row(h, "time", String.format(Locale.ROOT, "%.6f s (segment %d, fraction %.6f)", v.time(), v.segment(), v.fraction()));
            row(h, "pair", v.contact().pair().key());
            row(h, "certified lower bound", String.format(Locale.ROOT, "%.6g m", v.contact().lowerBound()));
            row(h, "estimated distance", String.format(Locale.ROOT, "%.6g m", v.contact().distance()));
            row(h, "point on " + v.contact().pair().first(), v.contact().pointOnFirst().toString());
            row(h, "point on " + v.contact().pair().second(), v.contact().pointOnSecond().toString());
            row(h, "configuration", Arrays.toString(v.configuration()));
            h.append("</table>\n");
        }
        h.append("<h2>Worst pairs</h2>\n");
        h.append(worstPairs(r, profile, profilePairs));
        h.append("<p><small>collide4j — certificate format ").append(io.collide4j.checker.query.TrajectoryCertifier.FORMAT)
                .append("; re-check it with <code>collide4j verify</code>.</small></p>\n</body></html>\n");
        return h.toString();
    }

    private static void row(StringBuilder h, String k, String v) {
        h.append("<tr><th>").append(esc(k)).append("</th><td><code>").append(esc(v)).append("</code></td></tr>\n");
    }

    private static String worstPairs(CertificationResult r, double[][] profile, String[] pairs) {
        StringBuilder h = new StringBuilder("<table><tr><th>pair</th><th>clearance lower bound (m)</th><th>source</th></tr>\n");
        List<Map.Entry<String, Double>> rows = new ArrayList<>();
        String source;
        if (!r.pairClearance().isEmpty()) {
            rows.addAll(r.pairClearance().entrySet());
            source = "certificate (whole trajectory)";
        } else {
            Map<String, Double> sampled = new LinkedHashMap<>();
            for (int k = 0; k < profile.length; k++) {
                if (!pairs[k].isEmpty()) {
                    sampled.merge(pairs[k], profile[k][1], Math::min);
                }
            }
            rows.addAll(sampled.entrySet());
            source = "closest pair at sampled instants";
        }
        rows.sort(Map.Entry.comparingByValue());
        for (Map.Entry<String, Double> e : rows.subList(0, Math.min(10, rows.size()))) {
            h.append(String.format(Locale.ROOT, "<tr><td><code>%s</code></td><td>%.6f</td><td>%s</td></tr>%n",
                    esc(e.getKey()), e.getValue(), source));
        }
        return h.append("</table>\n").toString();
    }

    /** Inline SVG: clearance polyline, dashed margin line, red marker at the first violation. */
    static String plot(double[][] profile, double margin, Violation v) {
        double t0 = profile[0][0], t1 = profile[profile.length - 1][0];
        double lo = margin, hi = margin;
        for (double[] p : profile) {
            if (Double.isFinite(p[1])) {
                lo = Math.min(lo, p[1]);
                hi = Math.max(hi, p[1]);
            }
        }
        lo = Math.min(lo, 0);
        if (hi - lo < 1e-9) {
            hi = lo + 1e-3;
        }
        hi += 0.05 * (hi - lo);
        double span = t1 > t0 ? t1 - t0 : 1;
        double pw = W - LEFT - RIGHT, ph = H - TOP - BOTTOM;
        double yl = lo, yh = hi;
        java.util.function.DoubleUnaryOperator x = t -> LEFT + (t - t0) / span * pw;
        java.util.function.DoubleUnaryOperator y = d -> TOP + (yh - d) / (yh - yl) * ph;
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                + "viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"clearance lower bound over time\">%n", W, H, W, H));
        s.append(String.format(Locale.ROOT,
                "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%.1f\" fill=\"#fafafa\" stroke=\"#888\"/>%n",
                LEFT, TOP, pw, ph));
        for (int k = 0; k <= 4; k++) {
            double d = yl + (yh - yl) * k / 4;
            double t = t0 + span * k / 4;
            s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" font-size=\"11\" text-anchor=\"end\">%.3f</text>%n",
                    LEFT - 4, y.applyAsDouble(d) + 4, d));
            s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\">%.2f</text>%n",
                    x.applyAsDouble(t), H - BOTTOM + 15, t));
        }
        s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" font-size=\"12\" text-anchor=\"middle\">time (s)</text>%n",
                LEFT + pw / 2, H - 8));
        s.append(String.format(Locale.ROOT, "<text x=\"14\" y=\"%.1f\" font-size=\"12\" text-anchor=\"middle\" "
                + "transform=\"rotate(-90 14 %.1f)\">clearance lower bound (m)</text>%n", TOP + ph / 2, TOP + ph / 2));
        s.append(String.format(Locale.ROOT, "<line class=\"margin\" x1=\"%d\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" "
                + "stroke=\"#b22\" stroke-dasharray=\"6 4\"/>%n", LEFT, LEFT + pw, y.applyAsDouble(margin), y.applyAsDouble(margin)));
        StringBuilder pts = new StringBuilder();
        for (double[] p : profile) {
            double d = Double.isFinite(p[1]) ? p[1] : yh;
            pts.append(String.format(Locale.ROOT, "%.1f,%.1f ", x.applyAsDouble(p[0]), y.applyAsDouble(Math.max(yl, d))));
        }
        s.append("<polyline class=\"clearance\" fill=\"none\" stroke=\"#2255aa\" stroke-width=\"1.5\" points=\"")
                .append(pts.toString().trim()).append("\"/>\n");
        if (v != null) {
            double vx = x.applyAsDouble(v.time());
            s.append(String.format(Locale.ROOT, "<line class=\"violation\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%.1f\" "
                    + "stroke=\"#d00\" stroke-width=\"2\"/><text x=\"%.1f\" y=\"%d\" font-size=\"11\" fill=\"#d00\">first violation"
                    + "</text>%n", vx, vx, TOP, TOP + ph, vx + 3, TOP + 12));
        }
        return s.append("</svg>\n").toString();
    }

    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
