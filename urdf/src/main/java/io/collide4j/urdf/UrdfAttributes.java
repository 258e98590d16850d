package io.collide4j.urdf;

import io.collide4j.urdf.XmlTree.Element;

/**
 * Strict reading of one URDF file's attributes: required values, finite numbers, lengths and angles within
 * {@link ModelLimits}, three-number vectors and origins. Every refusal is a {@link UrdfException} naming the file,
 * the line, the element path ({@code where}) and what was expected. One instance per parsed file; immutable.
 */
final class UrdfAttributes {
    private final String src;

    UrdfAttributes(String src) {
        this.src = src;
    }

    /** The file's label in messages. */
    String source() {
        return src;
    }

    UrdfException error(Element at, String element, String message) {
        return new UrdfException(src, at.line(), element, message);
    }

    Pose origin(Element o, String where) {
        if (o == null) {
            return Pose.IDENTITY;
        }
        String ow = where + " / origin";
        double[] xyz = length(o, ow, "xyz", vector(o, ow, "xyz", new double[3]));
        double[] rpy = vector(o, ow, "rpy", new double[3]);
        for (double a : rpy) {
            inRange(o, ow, "rpy", a, ModelLimits.MAX_ANGLE, "rad");
        }
        return Pose.fromXyzRpy(xyz[0], xyz[1], xyz[2], rpy[0], rpy[1], rpy[2]);
    }

    String required(Element e, String where, String attribute) {
        String v = e.attribute(attribute);
        if (v == null || v.isBlank()) {
            throw error(e, where, "missing required attribute '" + attribute + "'");
        }
        return v;
    }

    String requiredChildAttribute(Element e, String where, String child, String attribute) {
        Element c = e.child(child);
        if (c == null) {
            throw error(e, where, "missing <" + child + " " + attribute + "=\"...\"/>");
        }
        return required(c, where + " / " + child, attribute);
    }

    double number(Element e, String where, String attribute) {
        return parseNumber(e, where, attribute, required(e, where, attribute));
    }

    double optionalNumber(Element e, String where, String attribute, double fallback) {
        String v = e.attribute(attribute);
        return v == null ? fallback : parseNumber(e, where, attribute, v);
    }

    double parseNumber(Element e, String where, String attribute, String text) {
        try {
            double d = DecimalText.parse(text);
            if (!Double.isNaN(d) && !Double.isInfinite(d)) {
                return d;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw error(e, where, "attribute " + attribute + "=\"" + text + "\": expected a finite number");
    }

    /** A required length attribute within ±{@link ModelLimits#MAX_LENGTH}. */
    double length(Element e, String where, String attribute) {
        return inRange(e, where, attribute, number(e, where, attribute), ModelLimits.MAX_LENGTH, "m");
    }

    /** {@code values} of a length attribute, each within ±{@link ModelLimits#MAX_LENGTH}; returned as given. */
    double[] length(Element e, String where, String attribute, double[] values) {
        for (double v : values) {
            inRange(e, where, attribute, v, ModelLimits.MAX_LENGTH, "m");
        }
        return values;
    }

    double inRange(Element e, String where, String attribute, double value, double max, String unit) {
        if (!(Math.abs(value) <= max)) {
            throw error(
                    e,
                    where,
                    "attribute " + attribute + "=\"" + e.attribute(attribute) + "\": " + value
                            + " is out of range; expected a magnitude of at most " + max + " " + unit
                            + " (larger values"
                            + " cannot be evaluated with a bounded rounding error)");
        }
        return value;
    }

    /** Three numbers in one attribute; {@code fallback} when absent (null: required). */
    double[] vector(Element e, String where, String attribute, double[] fallback) {
        String v = e.attribute(attribute);
        if (v == null) {
            if (fallback == null) {
                throw error(e, where, "missing required attribute '" + attribute + "'");
            }
            return fallback.clone();
        }
        String[] tok = v.trim().split("\\s+");
        if (tok.length != 3) {
            throw error(e, where, "attribute " + attribute + "=\"" + v + "\": expected 3 numbers, found " + tok.length);
        }
        double[] d = new double[3];
        for (int i = 0; i < 3; i++) {
            d[i] = parseNumber(e, where, attribute, tok[i]);
        }
        return d;
    }
}
