package io.collide4j.urdf.xacro;

import io.collide4j.urdf.XmlSyntaxException;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayDeque;
import java.util.Deque;
import javax.xml.XMLConstants;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.parsers.SAXParser;
import javax.xml.parsers.SAXParserFactory;
import org.xml.sax.Attributes;
import org.xml.sax.InputSource;
import org.xml.sax.Locator;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import org.xml.sax.ext.DefaultHandler2;

/**
 * Reads a xacro file into an {@link XNode} tree with qualified names as written ({@code xacro:macro}), attribute
 * order, comments, CDATA sections and processing instructions kept, and the line of every node. DTDs and external
 * entities are refused, so reading never reaches the network. Stateless.
 */
final class XmlReader {
    private XmlReader() {}

    static XDocument read(InputStream in, String file) {
        try {
            SAXParserFactory f = SAXParserFactory.newInstance();
            f.setNamespaceAware(false);
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            f.setFeature("http://xml.org/sax/features/external-general-entities", false);
            f.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
            SAXParser p = f.newSAXParser();
            Builder b = new Builder(file);
            p.setProperty("http://xml.org/sax/properties/lexical-handler", b);
            InputSource is = new InputSource(in);
            is.setSystemId(file);
            p.parse(is, b);
            return new XDocument(b.holder);
        } catch (SAXParseException e) {
            throw new XmlSyntaxException(
                    file,
                    e.getLineNumber(),
                    "malformed XML at column " + e.getColumnNumber() + ": " + e.getMessage(),
                    e);
        } catch (SAXException | ParserConfigurationException e) {
            throw new XmlSyntaxException(file, 0, "malformed XML: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new XmlSyntaxException(file, 0, "cannot read XML: " + e, e);
        }
    }

    private static final class Builder extends DefaultHandler2 {
        private final String file;
        private final XNode.Element holder;
        private final Deque<XNode.Element> stack = new ArrayDeque<>();
        private Locator locator;
        private StringBuilder text;
        private int textLine;
        private boolean inCdata;
        private int lastLine; // where the previous event ended: where the next start tag begins

        Builder(String file) {
            this.file = file;
            this.holder = new XNode.Element("#document", file, 0);
            stack.push(holder);
        }

        private int line() {
            return locator == null ? 0 : locator.getLineNumber();
        }

        private void flush() {
            if (text != null) {
                if (stack.peek() != holder) {
                    stack.peek().append(new XNode.Text(text.toString(), inCdata, file, textLine));
                }
                text = null;
            }
        }

        @Override
        public void setDocumentLocator(Locator locator) {
            this.locator = locator;
        }

        @Override
        public void startElement(String uri, String localName, String qName, Attributes atts) {
            flush();
            // the locator is at the end of the start tag; a tag written over several lines starts where the
            // previous event (text, tag, comment) ended
            XNode.Element e = new XNode.Element(qName, file, lastLine > 0 ? lastLine : line());
            lastLine = line();
            for (int i = 0; i < atts.getLength(); i++) {
                e.attributes.put(atts.getQName(i), atts.getValue(i));
            }
            stack.peek().append(e);
            stack.push(e);
        }

        @Override
        public void endElement(String uri, String localName, String qName) {
            flush();
            stack.pop();
            lastLine = line();
        }

        @Override
        public void characters(char[] ch, int start, int length) {
            if (text == null) {
                text = new StringBuilder();
                textLine = line();
            }
            text.append(ch, start, length);
            lastLine = line();
        }

        @Override
        public void ignorableWhitespace(char[] ch, int start, int length) {
            characters(ch, start, length);
        }

        @Override
        public void startCDATA() {
            flush();
            inCdata = true;
        }

        @Override
        public void endCDATA() {
            if (text == null) {
                text = new StringBuilder();
            }
            flush();
            inCdata = false;
        }

        @Override
        public void comment(char[] ch, int start, int length) {
            flush();
            stack.peek().append(new XNode.Comment(new String(ch, start, length), file, line()));
            lastLine = line();
        }

        @Override
        public void processingInstruction(String target, String data) {
            flush();
            stack.peek().append(new XNode.Instruction(target, data, file, line()));
            lastLine = line();
        }
    }
}
