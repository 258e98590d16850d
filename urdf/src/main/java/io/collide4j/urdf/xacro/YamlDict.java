package io.collide4j.urdf.xacro;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A mapping read by {@code xacro.load_yaml} (or made by {@code xacro.dotify}): a dict whose keys can also be read
 * as attributes ({@code limits.upper}); a missing key raises AttributeError "The yaml dictionary has no key",
 * as xacro's YamlDictWrapper does for both forms. Not thread-safe (expression values are per expansion).
 */
final class YamlDict extends LinkedHashMap<Object, Object> {
    YamlDict(Map<?, ?> content) {
        super(content);
    }

    /** {@code d.name}: a dict method when dict has one of that name (Python finds those first), else the key. */
    Object attribute(String name) {
        if (Methods.isDictMethod(name)) {
            return Methods.bind(this, name);
        }
        return getKey(name);
    }

    Object getKey(Object key) {
        Object k = Py.findKey(this, key);
        if (k == null) {
            throw new PyError("AttributeError", "The yaml dictionary has no key '" + Py.str(key) + "'");
        }
        return get(k);
    }
}
