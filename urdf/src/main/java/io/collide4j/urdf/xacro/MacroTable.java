package io.collide4j.urdf.xacro;

import java.util.HashMap;
import java.util.Map;

/**
 * Macros by name with a parent scope (a macro's body may define macros of its own); a namespace table
 * ({@code xacro:include ns=}) sits under its name and has no parent. Not thread-safe: one expansion.
 */
final class MacroTable {
    private final MacroTable parent;
    private final Map<String, Object> entries = new HashMap<>(); // Macro or MacroTable (a namespace)

    MacroTable(MacroTable parent) {
        this.parent = parent;
    }

    Object get(String name) {
        Object v = entries.get(name);
        if (v == null && parent != null) {
            return parent.get(name);
        }
        return v;
    }

    Macro own(String name) {
        Object v = entries.get(name);
        return v instanceof Macro ? (Macro) v : null;
    }

    void put(String name, Object macroOrNamespace) {
        entries.put(name, macroOrNamespace);
    }
}
