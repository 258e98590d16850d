package io.collide4j.urdf.xacro;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A {@code <xacro:macro>} definition: its body (the macro element, cloned per call), its parameters in order
 * ({@code *name} / {@code **name} for blocks) and their defaults: {@code p:=v}, {@code p:=^} (the caller's
 * property {@code p}), {@code p:=^|v} (the caller's, else v). Immutable after parsing.
 */
final class Macro {
    /** A default: {@code forward} (take the caller's property of the same name first) and/or a text; either may be absent. */
    record Default(boolean forward, String text) {}

    // xacro's re_macro_arg: param, ':=' or '=', optional '^' or '^|', a default up to unquoted whitespace
    private static final String DEFAULT_VALUE = "\\$\\{.*?\\}|\\$\\(.*?\\)|(?:'.*?'|\".*?\"|[^\\s'\"]+)+|";
    private static final Pattern PARAM = Pattern.compile(
            "^\\s*([^\\s:=]+?)\\s*:?=\\s*(\\^\\|?)?(" + DEFAULT_VALUE + ")(?:\\s+|$)(.*)", Pattern.DOTALL);

    final String name;
    final XNode.Element body;
    final List<String> params;
    final Map<String, Default> defaults;
    final String file;

    private Macro(String name, XNode.Element body, List<String> params, Map<String, Default> defaults, String file) {
        this.name = name;
        this.body = body;
        this.params = List.copyOf(params);
        this.defaults = Map.copyOf(defaults);
        this.file = file;
    }

    static Macro parse(String name, XNode.Element body, String params, String file) {
        List<String> names = new ArrayList<>();
        Map<String, Default> defaults = new LinkedHashMap<>();
        String rest = params == null ? "" : params;
        while (!rest.isEmpty()) {
            Matcher m = PARAM.matcher(rest);
            if (m.find()) {
                String p = m.group(1);
                String dflt = m.group(3).isEmpty() ? null : m.group(3);
                names.add(p);
                defaults.put(p, new Default(m.group(2) != null, dflt));
                rest = m.group(4);
            } else {
                String s = Strings.strip(rest, null, true, false);
                if (s.isEmpty()) {
                    break;
                }
                int ws = 0;
                while (ws < s.length() && !Strings.isSpace(s.charAt(ws))) {
                    ws++;
                }
                names.add(s.substring(0, ws));
                rest = ws < s.length() ? Strings.strip(s.substring(ws), null, true, false) : "";
            }
        }
        return new Macro(name, body, names, defaults, file);
    }
}
