package io.collide4j.urdf;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.parsers.SAXParser;
import javax.xml.parsers.SAXParserFactory;
import org.xml.sax.Attributes;
import org.xml.sax.InputSource;
import org.xml.sax.Locator;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * A minimal read-only XML element tree that remembers the line of every start tag (the JDK DOM
 * does not). Built with the JDK SAX parser; DTDs and external entities are refused, so loading
 * a file never reaches the network. Namespaces are ignored (local names only). Immutable.
 */
public final class XmlTree {

    /** One element: local name, attributes (document order), child elements, trimmed-free text, start line. */
    public record Element(String name, Map<String, String> attributes, List<Element> children, String text, int line) {
        public String attribute(String key) {
            return attributes.get(key);
        }

        public List<Element> children(String childName) {
            List<Element> out = new ArrayList<>();
            for (Element e : children) {
                if (e.name.equals(childName)) {
                    out.add(e);
                }
            }
            return out;
        }

        /** The first child with this name, or null. */
        public Element child(String childName) {
            for (Element e : children) {
                if (e.name.equals(childName)) {
                    return e;
                }
            }
            return null;
        }
    }

    private XmlTree() {}

    /** Parses a whole document; malformed XML raises {@link XmlSyntaxException} naming source, line and column. */
    public static Element parse(InputStream in, String source) {
        try {
            SAXParserFactory f = SAXParserFactory.newInstance();
            f.setNamespaceAware(true);
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            f.setFeature("http://xml.org/sax/features/external-general-entities", false);
            f.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
            SAXParser p = f.newSAXParser();
            Builder b = new Builder();
            InputSource is = new InputSource(in);
            is.setSystemId(source);
            p.parse(is, b);
            return b.root;
        } catch (SAXParseException e) {
            throw new XmlSyntaxException(
                    source,
                    e.getLineNumber(),
                    "malformed XML at column " + e.getColumnNumber() + ": " + e.getMessage(),
                    e);
        } catch (SAXException | ParserConfigurationException e) {
            throw new XmlSyntaxException(source, 0, "malformed XML: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new XmlSyntaxException(source, 0, "cannot read XML: " + e, e);
        }
    }

    private static final class Builder extends DefaultHandler {
        private Locator locator;
        private Element root;
        private final Deque<Frame> stack = new ArrayDeque<>();

        private static final class Frame {
            final String name;
            final Map<String, String> attributes;
            final int line;
            final List<Element> children = new ArrayList<>();
            final StringBuilder text = new StringBuilder();

            Frame(String name, Map<String, String> attributes, int line) {
                this.name = name;
                this.attributes = attributes;
                this.line = line;
            }
        }

        @Override
        public void setDocumentLocator(Locator locator) {
            this.locator = locator;
        }

        @Override
        public void startElement(String uri, String localName, String qName, Attributes atts) {
            Map<String, String> a = new LinkedHashMap<>();
            for (int i = 0; i < atts.getLength(); i++) {
                String n = atts.getLocalName(i);
                a.put(n == null || n.isEmpty() ? atts.getQName(i) : n, atts.getValue(i));
            }
            String name = localName == null || localName.isEmpty() ? qName : localName;
            stack.push(new Frame(name, a, locator == null ? 0 : locator.getLineNumber()));
        }

        @Override
        public void characters(char[] ch, int start, int length) {
            stack.peek().text.append(ch, start, length);
        }

        @Override
        public void endElement(String uri, String localName, String qName) {
            Frame f = stack.pop();
            Element e = new Element(
                    f.name,
                    Collections.unmodifiableMap(f.attributes),
                    Collections.unmodifiableList(f.children),
                    f.text.toString(),
                    f.line);
            if (stack.isEmpty()) {
                root = e;
            } else {
                stack.peek().children.add(e);
            }
        }
    }
}
