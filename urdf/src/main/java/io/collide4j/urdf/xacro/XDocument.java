package io.collide4j.urdf.xacro;

import java.util.ArrayList;
import java.util.List;

/** A parsed file: the root element plus the comments and processing instructions around it, in order. */
final class XDocument {
    final XNode.Element holder; // a synthetic parent of the top-level nodes, so they can be moved like children

    XDocument(XNode.Element holder) {
        this.holder = holder;
    }

    XNode.Element root() {
        for (XNode n : holder.children) {
            if (n instanceof XNode.Element) {
                return (XNode.Element) n;
            }
        }
        throw new IllegalStateException("document without a root element");
    }

    List<XNode> topLevel() {
        return new ArrayList<>(holder.children);
    }
}
