package io.collide4j.urdf.xacro;

/**
 * Writes the expanded tree as xacro does (minidom's {@code toprettyxml(indent='  ')} with xacro's patched element
 * writer): {@code <?xml version="1.0" ?>}, attributes sorted by name, 2-space indentation, an element whose only
 * child is text on one line, whitespace-only text dropped elsewhere, other text written with its own whitespace
 * between the indentation and a newline; {@code & < " >} escaped in text and attributes alike. Stateless.
 */
final class XmlWriter {
    private XmlWriter() {}

    static String write(XDocument doc) {
        StringBuilder sb = new StringBuilder("<?xml version=\"1.0\" ?>\n");
        for (XNode n : doc.holder.children) {
            node(sb, n, "");
        }
        return sb.toString();
    }

    private static void node(StringBuilder sb, XNode n, String indent) {
        if (n instanceof XNode.Element) {
            element(sb, (XNode.Element) n, indent);
        } else if (n instanceof XNode.Text) {
            XNode.Text t = (XNode.Text) n;
            if (t.cdata) {
                sb.append("<![CDATA[").append(t.data).append("]]>");
            } else {
                sb.append(escape(indent + t.data + "\n"));
            }
        } else if (n instanceof XNode.Comment) {
            sb.append(indent).append("<!--").append(((XNode.Comment) n).data).append("-->\n");
        } else if (n instanceof XNode.Instruction) {
            XNode.Instruction pi = (XNode.Instruction) n;
            sb.append(indent)
                    .append("<?")
                    .append(pi.target)
                    .append(' ')
                    .append(pi.data)
                    .append("?>\n");
        }
    }

    private static void element(StringBuilder sb, XNode.Element e, String indent) {
        sb.append(indent).append('<').append(e.name);
        e.attributes.keySet().stream()
                .sorted()
                .forEach(k -> sb.append(' ')
                        .append(k)
                        .append("=\"")
                        .append(escape(e.attributes.get(k)))
                        .append('"'));
        if (e.children.isEmpty()) {
            sb.append("/>\n");
            return;
        }
        if (e.children.size() == 1
                && e.children.get(0) instanceof XNode.Text
                && !((XNode.Text) e.children.get(0)).cdata) {
            sb.append('>')
                    .append(escape(((XNode.Text) e.children.get(0)).data))
                    .append("</")
                    .append(e.name)
                    .append(">\n");
            return;
        }
        sb.append(">\n");
        for (XNode c : e.children) {
            if (c instanceof XNode.Text
                    && !((XNode.Text) c).cdata
                    && ((XNode.Text) c).data.chars().allMatch(ch -> isPySpace((char) ch))) {
                continue;
            }
            node(sb, c, indent + "  ");
        }
        sb.append(indent).append("</").append(e.name).append(">\n");
    }

    /** Python's {@code str.isspace} per character (an empty text also counts as blank here, as minidom skips it). */
    private static boolean isPySpace(char c) {
        return Strings.isSpace(c);
    }

    private static String escape(String s) {
        if (s.indexOf('&') < 0 && s.indexOf('<') < 0 && s.indexOf('"') < 0 && s.indexOf('>') < 0) {
            return s;
        }
        return s.replace("&", "&amp;")
                .replace("<", "&lt;")
                .replace("\"", "&quot;")
                .replace(">", "&gt;");
    }
}
