package io.collide4j.urdf.xacro;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;

/**
 * The comparison the xacro test data's README prescribes, written for the tests with the JDK's DOM (not the code
 * under test): same elements in order, same attributes (order aside), same text and comments (surrounding
 * whitespace aside); a value whose space-separated tokens all parse as numbers equals another such value when the
 * numbers are equal as doubles. Returns the first difference, or null.
 */
final class XmlEquivalence {
    private XmlEquivalence() {}

    static String difference(String expected, String actual) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(false);
        Document a = f.newDocumentBuilder().parse(new ByteArrayInputStream(expected.getBytes(StandardCharsets.UTF_8)));
        Document b = f.newDocumentBuilder().parse(new ByteArrayInputStream(actual.getBytes(StandardCharsets.UTF_8)));
        return nodes(children(a), children(b), "/");
    }

    private static List<Node> children(Node n) {
        List<Node> out = new ArrayList<>();
        for (Node c = n.getFirstChild(); c != null; c = c.getNextSibling()) {
            if (c.getNodeType() == Node.TEXT_NODE && c.getNodeValue().isBlank()) {
                continue;
            }
            if (c.getNodeType() == Node.ELEMENT_NODE
                    || c.getNodeType() == Node.TEXT_NODE
                    || c.getNodeType() == Node.COMMENT_NODE
                    || c.getNodeType() == Node.CDATA_SECTION_NODE
                    || c.getNodeType() == Node.PROCESSING_INSTRUCTION_NODE) {
                out.add(c);
            }
        }
        return out;
    }

    private static String nodes(List<Node> x, List<Node> y, String path) {
        for (int i = 0; i < Math.min(x.size(), y.size()); i++) {
            String d = node(x.get(i), y.get(i), path + "[" + i + "]");
            if (d != null) {
                return d;
            }
        }
        if (x.size() != y.size()) {
            return path + ": expected " + x.size() + " child nodes, got " + y.size() + " (first extra: "
                    + describe(x.size() > y.size() ? x.get(y.size()) : y.get(x.size())) + ")";
        }
        return null;
    }

    private static String describe(Node n) {
        return n.getNodeType() == Node.ELEMENT_NODE
                ? "<" + n.getNodeName() + " " + attributes(n) + ">"
                : n.getNodeName() + " '" + n.getNodeValue().strip() + "'";
    }

    private static Map<String, String> attributes(Node n) {
        Map<String, String> m = new TreeMap<>();
        NamedNodeMap a = n.getAttributes();
        for (int i = 0; a != null && i < a.getLength(); i++) {
            m.put(a.item(i).getNodeName(), a.item(i).getNodeValue());
        }
        return m;
    }

    private static String node(Node x, Node y, String path) {
        if (x.getNodeType() != y.getNodeType()) {
            return path + ": expected " + describe(x) + ", got " + describe(y);
        }
        if (x.getNodeType() != Node.ELEMENT_NODE) {
            return sameValue(x.getNodeValue().strip(), y.getNodeValue().strip())
                    ? null
                    : path + ": expected " + describe(x) + ", got " + describe(y);
        }
        String here = path + "/" + x.getNodeName();
        if (!x.getNodeName().equals(y.getNodeName())) {
            return here + ": expected element <" + x.getNodeName() + ">, got <" + y.getNodeName() + ">";
        }
        Map<String, String> ax = attributes(x);
        Map<String, String> ay = attributes(y);
        if (!ax.keySet().equals(ay.keySet())) {
            return here + ": expected attributes " + ax.keySet() + ", got " + ay.keySet() + " "
                    + ((Element) x).getAttribute("name");
        }
        for (String k : ax.keySet()) {
            if (!sameValue(ax.get(k), ay.get(k))) {
                return here + "@" + k + ": expected '" + ax.get(k) + "', got '" + ay.get(k) + "'";
            }
        }
        return nodes(children(x), children(y), here);
    }

    /** Equal text, or the same count of numbers, each pair equal as doubles. */
    static boolean sameValue(String a, String b) {
        if (a.equals(b)) {
            return true;
        }
        String[] x = a.strip().split("\\s+");
        String[] y = b.strip().split("\\s+");
        if (x.length != y.length) {
            return false;
        }
        for (int i = 0; i < x.length; i++) {
            try {
                if (Double.parseDouble(x[i]) != Double.parseDouble(y[i])) {
                    return false;
                }
            } catch (NumberFormatException e) {
                if (!x[i].equals(y[i])) {
                    return false;
                }
            }
        }
        return true;
    }
}
