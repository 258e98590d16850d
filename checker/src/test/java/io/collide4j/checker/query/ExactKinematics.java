package io.collide4j.checker.query;

import java.io.ByteArrayInputStream;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * High-precision reference forward kinematics written for the tests, sharing no code with the library: reads a
 * URDF with the JDK's DOM parser, takes every number as the decimal written in the file (BigDecimal), evaluates sine
 * and cosine by Taylor series after exact range reduction with a 63-digit π, and multiplies 3×4 transforms in
 * {@link #MC} (40 significant digits). Joint values are the configuration's doubles taken exactly. Differences to
 * double-precision FK (errors of 1e-16 and up) are resolved with 20+ digits to spare. Immutable after
 * construction; thread-safe.
 */
final class ExactKinematics {
    static final MathContext MC = new MathContext(40, RoundingMode.HALF_EVEN);
    private static final MathContext WIDE = new MathContext(60, RoundingMode.HALF_EVEN);
    static final BigDecimal PI = new BigDecimal("3.14159265358979323846264338327950288419716939937510582097494459");
    private static final BigDecimal HALF_PI = PI.divide(BigDecimal.valueOf(2), WIDE);

    /** A joint as written: origin transform (constant, exact), axis (normalised exactly), mimic. */
    record Joint(
            String name,
            String type,
            String parent,
            String child,
            BigDecimal[] origin,
            BigDecimal[] axis,
            String mimicJoint,
            BigDecimal multiplier,
            BigDecimal offset) {
        boolean movable() {
            return !type.equals("fixed");
        }
    }

    final Map<String, Joint> parentJoint = new HashMap<>(); // by child link
    final Map<String, Joint> joints = new HashMap<>();
    final List<String> links = new ArrayList<>();
    final Map<String, Element> linkElements = new HashMap<>();
    final String root;

    ExactKinematics(String urdfText) {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            Document doc =
                    f.newDocumentBuilder().parse(new ByteArrayInputStream(urdfText.getBytes(StandardCharsets.UTF_8)));
            Element robot = doc.getDocumentElement();
            NodeList ls = robot.getElementsByTagName("link");
            for (int i = 0; i < ls.getLength(); i++) {
                Element l = (Element) ls.item(i);
                if (l.getParentNode() == robot) {
                    links.add(l.getAttribute("name"));
                    linkElements.put(l.getAttribute("name"), l);
                }
            }
            NodeList js = robot.getElementsByTagName("joint");
            for (int i = 0; i < js.getLength(); i++) {
                Element j = (Element) js.item(i);
                if (j.getParentNode() != robot) {
                    continue;
                }
                Element origin = child(j, "origin");
                Element axis = child(j, "axis");
                Element mimic = child(j, "mimic");
                BigDecimal[] ax = numbers(axis == null ? "1 0 0" : axis.getAttribute("xyz"), 3);
                BigDecimal n = ax[0].pow(2).add(ax[1].pow(2)).add(ax[2].pow(2)).sqrt(WIDE);
                for (int k = 0; k < 3 && n.signum() != 0; k++) { // fixed joints may carry a zero axis
                    ax[k] = ax[k].divide(n, MC);
                }
                Joint jt = new Joint(
                        j.getAttribute("name"),
                        j.getAttribute("type"),
                        child(j, "parent").getAttribute("link"),
                        child(j, "child").getAttribute("link"),
                        transform(origin),
                        ax,
                        mimic == null ? null : mimic.getAttribute("joint"),
                        mimic == null || mimic.getAttribute("multiplier").isEmpty()
                                ? BigDecimal.ONE
                                : new BigDecimal(
                                        mimic.getAttribute("multiplier").trim()),
                        mimic == null || mimic.getAttribute("offset").isEmpty()
                                ? BigDecimal.ZERO
                                : new BigDecimal(mimic.getAttribute("offset").trim()));
                joints.put(jt.name, jt);
                parentJoint.put(jt.child, jt);
            }
            String r = null;
            for (String l : links) {
                if (!parentJoint.containsKey(l)) {
                    r = l;
                }
            }
            root = r;
        } catch (Exception e) {
            throw new IllegalStateException("reference URDF reader: " + e, e);
        }
    }

    static Element child(Element e, String name) {
        NodeList n = e.getChildNodes();
        for (int i = 0; i < n.getLength(); i++) {
            if (n.item(i) instanceof Element c && c.getTagName().equals(name)) {
                return c;
            }
        }
        return null;
    }

    static List<Element> children(Element e, String name) {
        List<Element> out = new ArrayList<>();
        NodeList n = e.getChildNodes();
        for (int i = 0; i < n.getLength(); i++) {
            if (n.item(i) instanceof Element c && c.getTagName().equals(name)) {
                out.add(c);
            }
        }
        return out;
    }

    static BigDecimal[] numbers(String text, int n) {
        String t = text == null ? "" : text.trim();
        if (t.isEmpty()) {
            BigDecimal[] z = new BigDecimal[n];
            java.util.Arrays.fill(z, BigDecimal.ZERO);
            return z;
        }
        String[] parts = t.split("\\s+");
        if (parts.length != n) {
            throw new IllegalArgumentException("expected " + n + " numbers, got '" + text + "'");
        }
        BigDecimal[] out = new BigDecimal[n];
        for (int i = 0; i < n; i++) {
            out[i] = new BigDecimal(parts[i]);
        }
        return out;
    }

    /** The exact transform of an {@code <origin>} element (null: identity): 12 numbers, R row-major then t. */
    static BigDecimal[] transform(Element origin) {
        BigDecimal[] xyz = numbers(origin == null ? null : origin.getAttribute("xyz"), 3);
        BigDecimal[] rpy = numbers(origin == null ? null : origin.getAttribute("rpy"), 3);
        BigDecimal[] r = rpy(rpy[0], rpy[1], rpy[2]);
        BigDecimal[] out = new BigDecimal[12];
        System.arraycopy(r, 0, out, 0, 9);
        System.arraycopy(xyz, 0, out, 9, 3);
        return out;
    }

    /** Rz(yaw)·Ry(pitch)·Rx(roll), row-major. */
    static BigDecimal[] rpy(BigDecimal roll, BigDecimal pitch, BigDecimal yaw) {
        BigDecimal[] a = sinCos(roll), b = sinCos(pitch), c = sinCos(yaw);
        BigDecimal sr = a[0], cr = a[1], sp = b[0], cp = b[1], sy = c[0], cy = c[1];
        return new BigDecimal[] {
            cy.multiply(cp, MC),
            cy.multiply(sp, MC).multiply(sr, MC).subtract(sy.multiply(cr, MC), MC),
            cy.multiply(sp, MC).multiply(cr, MC).add(sy.multiply(sr, MC), MC),
            sy.multiply(cp, MC),
            sy.multiply(sp, MC).multiply(sr, MC).add(cy.multiply(cr, MC), MC),
            sy.multiply(sp, MC).multiply(cr, MC).subtract(cy.multiply(sr, MC), MC),
            sp.negate(),
            cp.multiply(sr, MC),
            cp.multiply(cr, MC)
        };
    }

    private static final BigDecimal TWO_OVER_PI = BigDecimal.valueOf(2).divide(PI, WIDE);
    /** Taylor terms: with |r| ≤ π/4 + 1e-40, r^n/n! < 1e-50 for n ≥ 46. */
    private static final int TERMS = 48;

    private static final BigDecimal[] INV_FACT = new BigDecimal[TERMS + 1];

    static {
        BigDecimal f = BigDecimal.ONE;
        for (int n = 0; n <= TERMS; n++) {
            if (n > 0) {
                f = f.multiply(BigDecimal.valueOf(n));
            }
            INV_FACT[n] = BigDecimal.ONE.divide(f, WIDE);
        }
    }

    /**
     * {sin x, cos x} to ~45 digits: x = k·π/2 + r exactly in 60-digit arithmetic (k the nearest integer to x·2/π,
     * so |r| ≤ π/4), Taylor series of sin r and cos r (Horner in r², coefficients ±1/n!), then the quadrant k mod 4.
     */
    static BigDecimal[] sinCos(BigDecimal x) {
        if (x.signum() == 0) {
            return new BigDecimal[] {BigDecimal.ZERO, BigDecimal.ONE};
        }
        BigDecimal k = x.multiply(TWO_OVER_PI, WIDE).setScale(0, RoundingMode.HALF_EVEN);
        BigDecimal r = x.subtract(k.multiply(HALF_PI, WIDE), WIDE);
        BigDecimal r2 = r.multiply(r, WIDE);
        // cos r = Σ (−1)^m r^{2m}/(2m)!, sin r = r·Σ (−1)^m r^{2m}/(2m+1)!
        BigDecimal c = BigDecimal.ZERO, s = BigDecimal.ZERO;
        for (int m = TERMS / 2 - 1; m >= 0; m--) {
            BigDecimal ce = m % 2 == 0 ? INV_FACT[2 * m] : INV_FACT[2 * m].negate();
            BigDecimal se = m % 2 == 0 ? INV_FACT[2 * m + 1] : INV_FACT[2 * m + 1].negate();
            c = c.multiply(r2, WIDE).add(ce, WIDE);
            s = s.multiply(r2, WIDE).add(se, WIDE);
        }
        s = s.multiply(r, WIDE);
        int q = k.remainder(BigDecimal.valueOf(4)).intValueExact();
        q = (q + 4) % 4;
        BigDecimal sin, cos;
        switch (q) {
            case 0 -> {
                sin = s;
                cos = c;
            }
            case 1 -> {
                sin = c;
                cos = s.negate();
            }
            case 2 -> {
                sin = s.negate();
                cos = c.negate();
            }
            default -> {
                sin = c.negate();
                cos = s;
            }
        }
        return new BigDecimal[] {sin.round(MC), cos.round(MC)};
    }

    /** a·b for 12-number transforms (R row-major, t). */
    static BigDecimal[] mul(BigDecimal[] a, BigDecimal[] b) {
        BigDecimal[] o = new BigDecimal[12];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                o[3 * i + j] = a[3 * i].multiply(b[j], MC)
                        .add(a[3 * i + 1].multiply(b[3 + j], MC), MC)
                        .add(a[3 * i + 2].multiply(b[6 + j], MC), MC);
            }
            o[9 + i] = a[3 * i].multiply(b[9], MC)
                    .add(a[3 * i + 1].multiply(b[10], MC), MC)
                    .add(a[3 * i + 2].multiply(b[11], MC), MC)
                    .add(a[9 + i], MC);
        }
        return o;
    }

    static BigDecimal[] identity() {
        BigDecimal z = BigDecimal.ZERO, one = BigDecimal.ONE;
        return new BigDecimal[] {one, z, z, z, one, z, z, z, one, z, z, z};
    }

    /** Joint motion for value v. */
    static BigDecimal[] motion(Joint j, BigDecimal v) {
        BigDecimal[] a = j.axis;
        if (j.type.equals("prismatic")) {
            BigDecimal[] m = identity();
            for (int k = 0; k < 3; k++) {
                m[9 + k] = a[k].multiply(v, MC);
            }
            return m;
        }
        BigDecimal[] sc = sinCos(v);
        BigDecimal s = sc[0], c = sc[1], t = BigDecimal.ONE.subtract(c, MC);
        BigDecimal[] m = identity();
        for (int r = 0; r < 3; r++) {
            for (int col = 0; col < 3; col++) {
                BigDecimal e = t.multiply(a[r], MC).multiply(a[col], MC);
                if (r == col) {
                    e = e.add(c, MC);
                }
                m[3 * r + col] = e;
            }
        }
        // + s [a]x
        m[1] = m[1].subtract(s.multiply(a[2], MC), MC);
        m[2] = m[2].add(s.multiply(a[1], MC), MC);
        m[3] = m[3].add(s.multiply(a[2], MC), MC);
        m[5] = m[5].subtract(s.multiply(a[0], MC), MC);
        m[6] = m[6].subtract(s.multiply(a[1], MC), MC);
        m[7] = m[7].add(s.multiply(a[0], MC), MC);
        return m;
    }

    /** Exact value of a movable joint for active-joint values given by name (mimic chains resolved exactly). */
    BigDecimal jointValue(Joint j, Map<String, BigDecimal> active) {
        if (j.mimicJoint == null) {
            BigDecimal v = active.get(j.name);
            if (v == null) {
                throw new IllegalArgumentException("no value for joint " + j.name);
            }
            return v;
        }
        return j.multiplier
                .multiply(jointValue(joints.get(j.mimicJoint), active), MC)
                .add(j.offset, MC);
    }

    /** Exact pose of every link (by name) for the given active-joint values. */
    Map<String, BigDecimal[]> poses(Map<String, BigDecimal> active) {
        Map<String, BigDecimal[]> out = new HashMap<>();
        for (String l : links) {
            pose(l, active, out);
        }
        return out;
    }

    /** Exact pose of one link (memoised in cache). */
    BigDecimal[] pose(String link, Map<String, BigDecimal> active, Map<String, BigDecimal[]> cache) {
        BigDecimal[] p = cache.get(link);
        if (p != null) {
            return p;
        }
        Joint j = parentJoint.get(link);
        if (j == null) {
            p = identity();
        } else {
            p = mul(pose(j.parent, active, cache), j.origin);
            if (j.movable()) {
                p = mul(p, motion(j, jointValue(j, active)));
            }
        }
        cache.put(link, p);
        return p;
    }

    // ---------------------------------------------------------------- double-precision steering FK

    /**
     * The same kinematics in plain double arithmetic (the exact constants rounded once, Math.sin/cos, naive
     * products): errors ~1e-15 m, used only to steer searches; every verdict a test states comes from {@link #pose}.
     */
    double[] poseDouble(String link, Map<String, Double> active) {
        Joint j = parentJoint.get(link);
        if (j == null) {
            return new double[] {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0};
        }
        double[] p = mulDouble(poseDouble(j.parent, active), toDouble(j.origin));
        if (j.movable()) {
            double v = jointValueDouble(j, active);
            double ax = j.axis[0].doubleValue(), ay = j.axis[1].doubleValue(), az = j.axis[2].doubleValue();
            double[] m = {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0};
            if (j.type.equals("prismatic")) {
                m[9] = ax * v;
                m[10] = ay * v;
                m[11] = az * v;
            } else {
                double s = Math.sin(v), c = Math.cos(v), t = 1 - c;
                double[] a = {ax, ay, az};
                for (int r = 0; r < 3; r++) {
                    for (int col = 0; col < 3; col++) {
                        m[3 * r + col] = t * a[r] * a[col] + (r == col ? c : 0);
                    }
                }
                m[1] -= s * az;
                m[2] += s * ay;
                m[3] += s * az;
                m[5] -= s * ax;
                m[6] -= s * ay;
                m[7] += s * ax;
            }
            p = mulDouble(p, m);
        }
        return p;
    }

    private double jointValueDouble(Joint j, Map<String, Double> active) {
        if (j.mimicJoint == null) {
            return active.get(j.name);
        }
        return j.multiplier.doubleValue() * jointValueDouble(joints.get(j.mimicJoint), active) + j.offset.doubleValue();
    }

    static double[] toDouble(BigDecimal[] a) {
        double[] o = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            o[i] = a[i].doubleValue();
        }
        return o;
    }

    static double[] mulDouble(double[] a, double[] b) {
        double[] o = new double[12];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                o[3 * i + j] = a[3 * i] * b[j] + a[3 * i + 1] * b[3 + j] + a[3 * i + 2] * b[6 + j];
            }
            o[9 + i] = a[3 * i] * b[9] + a[3 * i + 1] * b[10] + a[3 * i + 2] * b[11] + a[9 + i];
        }
        return o;
    }
}
