package io.collide4j.urdf.xacro;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The mutable XML tree xacro rewrites in place (what minidom is to the Python xacro): elements keep attribute
 * order, child order and parent links; every node remembers the file and line it was read from, so errors inside
 * macro bodies name where the text was written. Not thread-safe: one expansion owns its tree.
 */
abstract class XNode {
    Element parent;
    final String file;
    final int line;

    XNode(String file, int line) {
        this.file = file;
        this.line = line;
    }

    abstract XNode copy();

    /** The nodes in the subtree at {@code root} (itself included); iterative, as trees grow deep through macros. */
    static long count(XNode root) {
        long n = 0;
        java.util.ArrayDeque<XNode> open = new java.util.ArrayDeque<>();
        open.push(root);
        while (!open.isEmpty()) {
            XNode x = open.pop();
            n++;
            if (x instanceof Element e) {
                e.children.forEach(open::push);
            }
        }
        return n;
    }

    static final class Element extends XNode {
        String name;
        final LinkedHashMap<String, String> attributes = new LinkedHashMap<>();
        final List<XNode> children = new ArrayList<>();

        Element(String name, String file, int line) {
            super(file, line);
            this.name = name;
        }

        @Override
        Element copy() {
            Element e = new Element(name, file, line);
            e.attributes.putAll(attributes);
            for (XNode c : children) {
                e.append(c.copy());
            }
            return e;
        }

        void append(XNode child) {
            detach(child);
            child.parent = this;
            children.add(child);
        }

        /** Inserts {@code child} (moved from wherever it is) before {@code reference}, a child of this element. */
        void insertBefore(XNode child, XNode reference) {
            detach(child);
            int i = indexOf(reference);
            child.parent = this;
            children.add(i, child);
        }

        void remove(XNode child) {
            children.remove(indexOf(child));
            child.parent = null;
        }

        int indexOf(XNode child) {
            for (int i = 0; i < children.size(); i++) {
                if (children.get(i) == child) {
                    return i;
                }
            }
            throw new IllegalStateException("not a child of <" + name + ">");
        }

        private static void detach(XNode child) {
            if (child.parent != null) {
                child.parent.remove(child);
            }
        }

        Element firstChildElement() {
            for (XNode c : children) {
                if (c instanceof Element) {
                    return (Element) c;
                }
            }
            return null;
        }

        Map<String, String> attributeCopy() {
            return new LinkedHashMap<>(attributes);
        }
    }

    static final class Text extends XNode {
        String data;
        final boolean cdata;

        Text(String data, boolean cdata, String file, int line) {
            super(file, line);
            this.data = data;
            this.cdata = cdata;
        }

        @Override
        Text copy() {
            return new Text(data, cdata, file, line);
        }
    }

    static final class Comment extends XNode {
        String data;

        Comment(String data, String file, int line) {
            super(file, line);
            this.data = data;
        }

        @Override
        Comment copy() {
            return new Comment(data, file, line);
        }
    }

    static final class Instruction extends XNode {
        final String target;
        final String data;

        Instruction(String target, String data, String file, int line) {
            super(file, line);
            this.target = target;
            this.data = data;
        }

        @Override
        Instruction copy() {
            return new Instruction(target, data, file, line);
        }
    }

    /** The next sibling of {@code node}, or null. */
    static XNode next(XNode node) {
        if (node.parent == null) {
            return null;
        }
        int i = node.parent.indexOf(node);
        return i + 1 < node.parent.children.size() ? node.parent.children.get(i + 1) : null;
    }

    static XNode previous(XNode node) {
        if (node.parent == null) {
            return null;
        }
        int i = node.parent.indexOf(node);
        return i > 0 ? node.parent.children.get(i - 1) : null;
    }

    static Element nextElement(XNode node) {
        for (XNode n = next(node); n != null; n = next(n)) {
            if (n instanceof Element) {
                return (Element) n;
            }
        }
        return null;
    }
}
