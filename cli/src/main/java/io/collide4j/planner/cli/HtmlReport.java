package io.collide4j.planner.cli;

import io.collide4j.checker.certificate.Certificate;
import io.collide4j.checker.certificate.CertificationResult;
import io.collide4j.checker.certificate.Verdict;
import io.collide4j.checker.certificate.Violation;
import io.collide4j.checker.query.Contact;
import io.collide4j.planner.Collide4j;
import io.collide4j.planner.TrajectoryCertifier;
import io.collide4j.planner.TrajectoryCertifier.ProfileSample;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The self-contained HTML report of a certification: verdict, inputs and hashes, a 3-D view of the motion
 * (three.js, inlined from the vendored copy in {@code viewer/}, see its README; no network, works from
 * {@code file://}), an inline SVG plot of the certified clearance lower bound over time (closest pair at
 * sampled instants, margin line, first violation or unresolved interval marked; clicking it moves the view),
 * the worst pairs and the first violation. Everything but the 3-D view reads without scripts.
 */
final class HtmlReport {
    /** The vendored three.js build and the view's own script, under {@code viewer/} next to this class. */
    static final String THREE_JS = "viewer/three.module.min.js";

    static final String VIEWER_JS = "viewer/viewer.js";
    /** Instants sampled between two progress updates. */
    private static final int PROGRESS_CHUNK = 25;

    private static final int W = 760;
    private static final int H = 300;
    private static final int LEFT = 70;
    private static final int RIGHT = 20;
    private static final int TOP = 20;
    private static final int BOTTOM = 45;

    private HtmlReport() {}

    /** A rendered report and the frames it shows (sampled instants plus the first violation). */
    record Page(String html, List<ProfileSample> frames) {}

    /**
     * The report for a certification of {@code c}'s robot in its scene: {@code samples} evenly spaced instants
     * plus the first violation's exact state; {@code inputs} are the rows of the inputs table;
     * {@code certificate} gives the certificate's text (read only for INCONCLUSIVE, to find where the budget ran out:
     * a streamed certificate is on disk, not in the result).
     */
    static Page create(
            String title,
            Map<String, String> inputs,
            Collide4j c,
            TrajectoryCertifier.Certification cert,
            int samples,
            Supplier<String> certificate,
            Progress progress) {
        CertificationResult r = cert.result();
        int[] exact = new int[1];
        double[] times = TrajectoryCertifier.evenTimes(cert, samples);
        List<ProfileSample> sampled = new ArrayList<>(samples);
        for (int k = 0; k < samples; k += PROGRESS_CHUNK) { // in chunks, so that a long report shows progress
            sampled.addAll(c.trajectoryCertifier()
                    .profile(cert, Arrays.copyOfRange(times, k, Math.min(samples, k + PROGRESS_CHUNK))));
            if (progress != null) {
                progress.update(sampled.size());
            }
        }
        List<ProfileSample> frames = ViewerData.withViolation(sampled, r.violation(), exact);
        double[] unresolved = unresolved(r, cert.times(), certificate);
        String view = ViewerData.json(
                c.model(),
                c.scene(),
                r.verdict(),
                cert.margin(),
                r.violation(),
                frames,
                exact[0],
                unresolved == null ? Double.NaN : unresolved[0],
                unresolved == null ? Double.NaN : unresolved[1]);
        double[][] profile = new double[frames.size()][];
        String[] pairs = new String[frames.size()];
        for (int k = 0; k < profile.length; k++) {
            Contact ct = frames.get(k).closest();
            profile[k] = new double[] {frames.get(k).time(), ct == null ? Double.POSITIVE_INFINITY : ct.lowerBound()};
            pairs[k] = ct == null ? "" : ct.pair().key();
        }
        return new Page(render(title, inputs, cert, profile, pairs, unresolved, view), frames);
    }

    /**
     * The part of the motion an INCONCLUSIVE certificate leaves unproved: from the start of the segment where the
     * budget ran out (the certificate's last segment) to the end; null for other verdicts.
     */
    static double[] unresolved(CertificationResult r, double[] times, Supplier<String> certificate) {
        if (r.verdict() != Verdict.INCONCLUSIVE) {
            return null;
        }
        int seg = Math.max(
                0, Certificate.read(certificate.get(), "certificate").segments().size() - 1);
        return new double[] {times[Math.min(seg, times.length - 1)], times[times.length - 1]};
    }

    static String render(
            String title,
            Map<String, String> inputs,
            TrajectoryCertifier.Certification cert,
            double[][] profile,
            String[] profilePairs,
            double[] unresolved,
            String viewJson) {
        CertificationResult r = cert.result();
        StringBuilder h = new StringBuilder();
        h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>")
                .append(esc(title))
                .append("</title>\n<style>body{font-family:sans-serif;margin:2em;max-width:60em}"
                        + "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 8px;text-align:left}"
                        + ".v{font-size:1.6em;font-weight:bold;padding:.3em .6em;display:inline-block;color:white}"
                        + "#c4j-view{position:relative}#c4j-canvas{width:100%;height:460px;display:block;border:1px solid #ccc}"
                        + "#c4j-tip{position:absolute;display:none;background:#222;color:#fff;padding:2px 6px;font-size:12px;"
                        + "pointer-events:none}#c4j-controls{margin:.4em 0}#c4j-slider{width:100%;margin:0}"
                        + "#c4j-band{height:6px;margin:0 0 .4em 0;background:#e4e4e4}"
                        + "#c4j-info.contact{color:#b00;font-weight:bold}#c4j-plot{cursor:crosshair}"
                        + ".CERTIFIED_FREE{background:#2a7d2a}.VIOLATION{background:#b22}.INCONCLUSIVE{background:#c80}"
                        + "code{font-size:.9em}</style></head><body>\n");
        h.append("<h1>").append(esc(title)).append("</h1>\n");
        h.append("<p><span class=\"v ")
                .append(r.verdict().name())
                .append("\">")
                .append(r.verdict().name())
                .append("</span></p>\n");
        h.append("<h2>Inputs</h2>\n<table>\n");
        for (Map.Entry<String, String> e : inputs.entrySet()) {
            h.append("<tr><th>")
                    .append(esc(e.getKey()))
                    .append("</th><td><code>")
                    .append(esc(e.getValue()))
                    .append("</code></td></tr>\n");
        }
        h.append(String.format(
                Locale.ROOT, "<tr><th>required margin</th><td>%s m</td></tr>%n", Fixed.of(cert.margin())));
        h.append(String.format(
                Locale.ROOT,
                "<tr><th>waypoints / duration</th><td>%d / %s s</td></tr>%n",
                cert.times().length,
                Fixed.of(cert.times()[cert.times().length - 1] - cert.times()[0])));
        // "how close did I get to the shelf" beside the closest pair overall, which may be two links of the robot
        closest(h, "closest pair", r.pairClearance(), "");
        closest(h, "closest scene obstacle", r.pairClearance(), "|env:");
        h.append(
                r.evaluations() >= 0
                        ? String.format(
                                Locale.ROOT, "<tr><th>distance evaluations</th><td>%d</td></tr>%n", r.evaluations())
                        : "<tr><th>distance evaluations</th><td>not recorded in the certificate</td></tr>\n");
        h.append("</table>\n");
        view(h);
        h.append("<h2>Clearance lower bound over time</h2>\n");
        h.append("<p>Certified lower bound on the distance of the closest checked pair at ")
                .append(profile.length)
                .append(" evenly spaced instants (the verdict itself is continuous over the whole motion).</p>\n");
        h.append(plot(profile, cert.margin(), r.violation(), unresolved));
        h.append("<h2>First violation</h2>\n");
        Violation v = r.violation();
        if (v == null) {
            h.append("<p>none")
                    .append(
                            r.verdict().name().equals("INCONCLUSIVE")
                                    ? " found before the budget ran out (nothing beyond the certified prefix is claimed)"
                                    : "")
                    .append("</p>\n");
        } else {
            h.append("<table>\n");
            row(h, "what", cert.margin() > 0 ? "margin violated" : "first contact");
            row(
                    h,
                    "time",
                    String.format(
                            Locale.ROOT,
                            "%s s (segment %d, fraction %s)",
                            Fixed.of(v.time()),
                            v.segment(),
                            Fixed.of(v.fraction())));
            row(h, "pair", v.contact().pair().key());
            row(h, "certified lower bound", Fixed.lowerBound(v.contact().lowerBound()) + " m");
            row(h, "estimated distance", Fixed.of(v.contact().distance()) + " m");
            row(
                    h,
                    "point on " + v.contact().pair().first(),
                    Fixed.vector(
                                    v.contact().pointOnFirst().x(),
                                    v.contact().pointOnFirst().y(),
                                    v.contact().pointOnFirst().z())
                            + " m");
            row(
                    h,
                    "point on " + v.contact().pair().second(),
                    Fixed.vector(
                                    v.contact().pointOnSecond().x(),
                                    v.contact().pointOnSecond().y(),
                                    v.contact().pointOnSecond().z())
                            + " m");
            row(h, "configuration", Fixed.vector(v.configuration()));
            h.append("</table>\n");
        }
        h.append("<h2>Worst pairs</h2>\n");
        h.append(worstPairs(r, profile, profilePairs));
        h.append("<p><small>collide4j — certificate format ")
                .append(io.collide4j.checker.certificate.CertificateFormat.FORMAT)
                .append("; re-check it with <code>collide4j verify</code>.</small></p>\n");
        script(h, viewJson);
        return h.append("</body></html>\n").toString();
    }

    /** The 3-D view's markup: canvas, time slider, play/pause, speed, drawing style, first-contact ghost. */
    private static void view(StringBuilder h) {
        h.append(
                        "<h2>Motion</h2>\n<div id=\"c4j-view\"><canvas id=\"c4j-canvas\"></canvas><div id=\"c4j-tip\"></div></div>\n")
                .append(
                        "<div id=\"c4j-controls\"><input id=\"c4j-slider\" type=\"range\" min=\"0\" max=\"0\" value=\"0\" "
                                + "aria-label=\"time\"><div id=\"c4j-band\" title=\"red: first contact; orange: unresolved\"></div><button id=\"c4j-play\" type=\"button\">play</button> speed "
                                + "<select id=\"c4j-speed\"><option>0.25</option><option>0.5</option><option selected>1</option>"
                                + "<option>2</option><option>4</option></select> geometry <select id=\"c4j-style\">"
                                + "<option value=\"solid\">convex pieces</option><option value=\"wireframe\">convex pieces, wireframe"
                                + "</option><option value=\"meshes\">collision meshes (decimated)</option></select> "
                                + "<label><input id=\"c4j-ghost\" type=\"checkbox\" checked> first-contact pose"
                                + "</label></div>\n<p id=\"c4j-info\">The 3-D view needs JavaScript and WebGL.</p>\n")
                .append(
                        "<p><small>Drag to turn, wheel to zoom, hover for link names. Orange: the closest checked pair at "
                                + "this instant and its witness segment; red: the first contact (pose shown as a red ghost).")
                .append("</small></p>\n");
    }

    /** The view's data, three.js (as an ES module through a Blob URL, which also works from file://) and script. */
    private static void script(StringBuilder h, String viewJson) {
        h.append("<script type=\"application/json\" id=\"c4j-data\">")
                .append(viewJson)
                .append("</script>\n");
        h.append("<script type=\"text/plain\" id=\"c4j-three\">")
                .append(resource(THREE_JS))
                .append("</script>\n");
        h.append("<script type=\"module\">\ntry {\nconst THREE = await import(URL.createObjectURL(new Blob("
                        + "[document.getElementById('c4j-three').textContent], {type: 'text/javascript'})));\n")
                .append(resource(VIEWER_JS))
                .append(
                        "\n} catch (e) {\n  document.getElementById('c4j-info').textContent = '3-D view failed: ' + e;\n"
                                + "  console.error('collide4j viewer', e);\n}\n</script>\n");
    }

    /** A bundled text resource, checked to be safe inside a script element. */
    static String resource(String name) {
        try (InputStream in = HtmlReport.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name + " (the build did not package it)");
            }
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            String lower = text.toLowerCase(Locale.ROOT);
            if (lower.contains("</script") || lower.contains("<!--")) {
                throw new IllegalStateException(name + " contains '</script' or '<!--' and cannot be inlined");
            }
            return text;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A row with the least certified clearance among the pairs whose key contains {@code filter}, if any. */
    private static void closest(StringBuilder h, String label, Map<String, Double> clearance, String filter) {
        clearance.entrySet().stream()
                .filter(e -> e.getKey().contains(filter))
                .min(Map.Entry.comparingByValue())
                .ifPresent(e -> row(h, label, "≥ " + Fixed.lowerBound(e.getValue()) + " m (" + e.getKey() + ")"));
    }

    private static void row(StringBuilder h, String k, String v) {
        h.append("<tr><th>")
                .append(esc(k))
                .append("</th><td><code>")
                .append(esc(v))
                .append("</code></td></tr>\n");
    }

    private static String worstPairs(CertificationResult r, double[][] profile, String[] pairs) {
        StringBuilder h =
                new StringBuilder("<table><tr><th>pair</th><th>clearance lower bound (m)</th><th>source</th></tr>\n");
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
            h.append(String.format(
                    Locale.ROOT,
                    "<tr><td><code>%s</code></td><td>%.6f</td><td>%s</td></tr>%n",
                    esc(e.getKey()),
                    e.getValue(),
                    source));
        }
        return h.append("</table>\n").toString();
    }

    /**
     * Inline SVG: clearance polyline, dashed margin line, red marker at the first violation, the unresolved
     * interval shaded (null for none), a cursor line the 3-D view moves; its data attributes map time to x.
     */
    static String plot(double[][] profile, double margin, Violation v, double[] unresolved) {
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
        s.append(String.format(
                Locale.ROOT,
                "<svg id=\"c4j-plot\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
                        + "height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"clearance lower bound over time\" "
                        + "data-x0=\"%d\" data-pw=\"%s\" data-t0=\"%s\" data-t1=\"%s\">%n",
                W,
                H,
                W,
                H,
                LEFT,
                pw,
                t0,
                t0 + span));
        s.append(String.format(
                Locale.ROOT,
                "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%.1f\" fill=\"#fafafa\" stroke=\"#888\"/>%n",
                LEFT,
                TOP,
                pw,
                ph));
        // ticks at round values (0.05, 0.1, 0.15 ...; 0, 2, 4 s), not at quarters of the data's range
        for (Ticks.Tick d : Ticks.between(yl, yh, 5)) {
            s.append(String.format(
                    Locale.ROOT,
                    "<text x=\"%d\" y=\"%.1f\" font-size=\"11\" text-anchor=\"end\">%s</text>%n",
                    LEFT - 4,
                    y.applyAsDouble(d.value()) + 4,
                    d.label()));
        }
        for (Ticks.Tick t : Ticks.between(t0, t0 + span, 6)) {
            s.append(String.format(
                    Locale.ROOT,
                    "<text x=\"%.1f\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\">%s</text>%n",
                    x.applyAsDouble(t.value()),
                    H - BOTTOM + 15,
                    t.label()));
        }
        s.append(String.format(
                Locale.ROOT,
                "<text x=\"%.1f\" y=\"%d\" font-size=\"12\" text-anchor=\"middle\">time (s)</text>%n",
                LEFT + pw / 2,
                H - 8));
        s.append(String.format(
                Locale.ROOT,
                "<text x=\"14\" y=\"%.1f\" font-size=\"12\" text-anchor=\"middle\" "
                        + "transform=\"rotate(-90 14 %.1f)\">clearance lower bound (m)</text>%n",
                TOP + ph / 2,
                TOP + ph / 2));
        s.append(String.format(
                Locale.ROOT,
                "<line class=\"margin\" x1=\"%d\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" "
                        + "stroke=\"#b22\" stroke-dasharray=\"6 4\"/>%n",
                LEFT,
                LEFT + pw,
                y.applyAsDouble(margin),
                y.applyAsDouble(margin)));
        StringBuilder pts = new StringBuilder();
        for (double[] p : profile) {
            double d = Double.isFinite(p[1]) ? p[1] : yh;
            pts.append(
                    String.format(Locale.ROOT, "%.1f,%.1f ", x.applyAsDouble(p[0]), y.applyAsDouble(Math.max(yl, d))));
        }
        s.append("<polyline class=\"clearance\" fill=\"none\" stroke=\"#2255aa\" stroke-width=\"1.5\" points=\"")
                .append(pts.toString().trim())
                .append("\"/>\n");
        if (unresolved != null) {
            double ux0 = x.applyAsDouble(unresolved[0]), ux1 = x.applyAsDouble(unresolved[1]);
            s.append(String.format(
                    Locale.ROOT,
                    "<rect class=\"unresolved\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%.1f\" "
                            + "fill=\"#c80\" fill-opacity=\"0.2\"/><text x=\"%.1f\" y=\"%d\" font-size=\"11\" fill=\"#a60\">"
                            + "unresolved (budget ran out)</text>%n",
                    ux0,
                    TOP,
                    Math.max(1, ux1 - ux0),
                    ph,
                    ux0 + 3,
                    TOP + 12));
        }
        s.append(String.format(
                Locale.ROOT,
                "<line id=\"c4j-cursor\" x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%.1f\" "
                        + "stroke=\"#333\" stroke-width=\"1\"/>%n",
                LEFT,
                LEFT,
                TOP,
                TOP + ph));
        if (v != null) {
            double vx = x.applyAsDouble(v.time());
            s.append(String.format(
                    Locale.ROOT,
                    "<line class=\"violation\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%.1f\" "
                            + "stroke=\"#d00\" stroke-width=\"2\"/><text x=\"%.1f\" y=\"%d\" font-size=\"11\" fill=\"#d00\">first violation"
                            + "</text>%n",
                    vx,
                    vx,
                    TOP,
                    TOP + ph,
                    vx + 3,
                    TOP + 12));
        }
        return s.append("</svg>\n").toString();
    }

    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
