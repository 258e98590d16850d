package io.collide4j.urdf.xacro;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Python's str methods on Java strings (whitespace as Python's {@code str.isspace}). Stateless. */
final class Strings {
    private Strings() {}

    static boolean isSpace(char c) {
        return c == ' '
                || c == '\t'
                || c == '\n'
                || c == '\r'
                || c == '\u000b'
                || c == '\f'
                || c == '\u001c'
                || c == '\u001d'
                || c == '\u001e'
                || c == '\u001f'
                || c == '\u0085'
                || Character.isWhitespace(c)
                || Character.isSpaceChar(c);
    }

    static String strip(String s, String chars, boolean left, boolean right) {
        int a = 0;
        int b = s.length();
        while (left && a < b && (chars == null ? isSpace(s.charAt(a)) : chars.indexOf(s.charAt(a)) >= 0)) {
            a++;
        }
        while (right && b > a && (chars == null ? isSpace(s.charAt(b - 1)) : chars.indexOf(s.charAt(b - 1)) >= 0)) {
            b--;
        }
        return s.substring(a, b);
    }

    /** {@code s.split(sep, maxsplit)}; sep null: runs of whitespace, no empty items. */
    static List<Object> split(String s, String sep, long maxsplit) {
        List<Object> out = new ArrayList<>();
        if (sep == null) {
            int i = 0;
            int n = s.length();
            while (true) {
                while (i < n && isSpace(s.charAt(i))) {
                    i++;
                }
                if (i >= n) {
                    break;
                }
                if (maxsplit >= 0 && out.size() == maxsplit) {
                    out.add(strip(s.substring(i), null, false, true));
                    break;
                }
                int j = i;
                while (j < n && !isSpace(s.charAt(j))) {
                    j++;
                }
                out.add(s.substring(i, j));
                i = j;
            }
            return out;
        }
        if (sep.isEmpty()) {
            throw PyError.value("empty separator");
        }
        int i = 0;
        while (maxsplit < 0 || out.size() < maxsplit) {
            int j = s.indexOf(sep, i);
            if (j < 0) {
                break;
            }
            out.add(s.substring(i, j));
            i = j + sep.length();
        }
        out.add(s.substring(i));
        return out;
    }

    private static String str(String method, Object v) {
        if (!(v instanceof String)) {
            throw PyError.typeError(method + "() argument must be str, not " + Py.typeName(v));
        }
        return (String) v;
    }

    private static Object optional(List<Object> args, int i) {
        return args.size() > i ? args.get(i) : PyNone.NONE;
    }

    static Object call(String s, String name, List<Object> args, Map<String, Object> kwargs) {
        if (!kwargs.isEmpty() && !name.equals("format") && !name.equals("split") && !name.equals("rsplit")) {
            throw PyError.typeError(name + "() takes no keyword arguments");
        }
        switch (name) {
            case "split":
            case "rsplit": {
                Object sep = kwargs.containsKey("sep") ? kwargs.get("sep") : optional(args, 0);
                Object max =
                        kwargs.containsKey("maxsplit") ? kwargs.get("maxsplit") : args.size() > 1 ? args.get(1) : -1L;
                Methods.arity(name, args, 0, 2);
                long m = Py.asLong(PyNumbers.toInt(max));
                String sp = sep instanceof PyNone ? null : str(name, sep);
                if (name.equals("split") || m < 0) {
                    return split(s, sp, m);
                }
                // rsplit with a limit: split the reversed string and reverse back
                List<Object> parts = split(
                        new StringBuilder(s).reverse().toString(),
                        sp == null ? null : new StringBuilder(sp).reverse().toString(),
                        m);
                List<Object> out = new ArrayList<>();
                for (int i = parts.size() - 1; i >= 0; i--) {
                    out.add(new StringBuilder((String) parts.get(i)).reverse().toString());
                }
                return out;
            }
            case "strip":
            case "lstrip":
            case "rstrip": {
                Methods.arity(name, args, 0, 1);
                Object c = optional(args, 0);
                return strip(
                        s, c instanceof PyNone ? null : str(name, c), !name.equals("rstrip"), !name.equals("lstrip"));
            }
            case "lower":
                return s.toLowerCase(java.util.Locale.ROOT);
            case "upper":
                return s.toUpperCase(java.util.Locale.ROOT);
            case "casefold":
                return s.toLowerCase(java.util.Locale.ROOT);
            case "swapcase": {
                StringBuilder sb = new StringBuilder();
                for (char c : s.toCharArray()) {
                    sb.append(Character.isUpperCase(c) ? Character.toLowerCase(c) : Character.toUpperCase(c));
                }
                return sb.toString();
            }
            case "capitalize":
                return s.isEmpty()
                        ? s
                        : s.substring(0, 1).toUpperCase(java.util.Locale.ROOT)
                                + s.substring(1).toLowerCase(java.util.Locale.ROOT);
            case "title": {
                StringBuilder sb = new StringBuilder();
                boolean prevCased = false;
                for (char c : s.toCharArray()) {
                    sb.append(prevCased ? Character.toLowerCase(c) : Character.toUpperCase(c));
                    prevCased = Character.isLetter(c);
                }
                return sb.toString();
            }
            case "replace": {
                Methods.arity(name, args, 2, 3);
                String old = str(name, args.get(0));
                String rep = str(name, args.get(1));
                long count = args.size() > 2 ? Py.asLong(PyNumbers.toInt(args.get(2))) : -1;
                if (count < 0) {
                    return s.replace(old, rep);
                }
                StringBuilder sb = new StringBuilder();
                int i = 0;
                for (long k = 0; k < count; k++) {
                    int j = old.isEmpty() ? (i <= s.length() ? i : -1) : s.indexOf(old, i);
                    if (j < 0) {
                        break;
                    }
                    sb.append(s, i, j).append(rep);
                    if (old.isEmpty()) {
                        if (j < s.length()) {
                            sb.append(s.charAt(j));
                        }
                        i = j + 1;
                    } else {
                        i = j + old.length();
                    }
                }
                if (i <= s.length()) {
                    sb.append(s.substring(i));
                }
                return sb.toString();
            }
            case "startswith":
            case "endswith": {
                Methods.arity(name, args, 1, 1);
                List<Object> options =
                        args.get(0) instanceof PyTuple ? ((PyTuple) args.get(0)).items() : List.of(args.get(0));
                for (Object o : options) {
                    String p = str(name, o);
                    if (name.equals("startswith") ? s.startsWith(p) : s.endsWith(p)) {
                        return true;
                    }
                }
                return false;
            }
            case "join": {
                Methods.arity(name, args, 1, 1);
                StringBuilder sb = new StringBuilder();
                List<Object> items = Py.iterate(args.get(0));
                for (int i = 0; i < items.size(); i++) {
                    if (!(items.get(i) instanceof String)) {
                        throw PyError.typeError("sequence item " + i + ": expected str instance, "
                                + Py.typeName(items.get(i)) + " found");
                    }
                    sb.append(i == 0 ? "" : s).append((String) items.get(i));
                }
                return sb.toString();
            }
            case "find":
            case "rfind":
            case "index": {
                Methods.arity(name, args, 1, 1);
                String sub = str(name, args.get(0));
                int i = name.equals("rfind") ? s.lastIndexOf(sub) : s.indexOf(sub);
                if (i < 0 && name.equals("index")) {
                    throw PyError.value("substring not found");
                }
                return (long) i;
            }
            case "count": {
                Methods.arity(name, args, 1, 1);
                String sub = str(name, args.get(0));
                if (sub.isEmpty()) {
                    return (long) s.length() + 1;
                }
                long n = 0;
                for (int i = s.indexOf(sub); i >= 0; i = s.indexOf(sub, i + sub.length())) {
                    n++;
                }
                return n;
            }
            case "format":
                return Formatting.format(s, args, kwargs);
            case "isdigit":
            case "isnumeric":
            case "isdecimal":
                return !s.isEmpty() && s.chars().allMatch(Character::isDigit);
            case "isalpha":
                return !s.isEmpty() && s.chars().allMatch(Character::isLetter);
            case "isalnum":
                return !s.isEmpty() && s.chars().allMatch(Character::isLetterOrDigit);
            case "isspace":
                return !s.isEmpty() && s.chars().allMatch(c -> isSpace((char) c));
            case "isupper":
                return s.chars().anyMatch(Character::isLetter) && s.equals(s.toUpperCase(java.util.Locale.ROOT));
            case "islower":
                return s.chars().anyMatch(Character::isLetter) && s.equals(s.toLowerCase(java.util.Locale.ROOT));
            case "isidentifier":
                return s.matches("[A-Za-z_][A-Za-z0-9_]*");
            case "zfill": {
                Methods.arity(name, args, 1, 1);
                long w = Py.asLong(PyNumbers.toInt(args.get(0)));
                if (s.length() >= w) {
                    return s;
                }
                String sign = !s.isEmpty() && (s.charAt(0) == '-' || s.charAt(0) == '+') ? s.substring(0, 1) : "";
                return sign + "0".repeat((int) (w - s.length())) + s.substring(sign.length());
            }
            case "ljust":
            case "rjust":
            case "center": {
                Methods.arity(name, args, 1, 2);
                int w = (int) Py.asLong(PyNumbers.toInt(args.get(0)));
                String fill = args.size() > 1 ? str(name, args.get(1)) : " ";
                if (fill.length() != 1) {
                    throw PyError.typeError("The fill character must be exactly one character long");
                }
                int pad = Math.max(0, w - s.length());
                int left = name.equals("ljust") ? 0 : name.equals("rjust") ? pad : pad / 2 + (pad & w & 1);
                return fill.repeat(left) + s + fill.repeat(pad - left);
            }
            case "splitlines": {
                List<Object> out = new ArrayList<>();
                for (String line : s.split("\r\n|\r|\n", -1)) {
                    out.add(line);
                }
                if (!out.isEmpty() && ((String) out.get(out.size() - 1)).isEmpty()) {
                    out.remove(out.size() - 1);
                }
                return out;
            }
            case "partition":
            case "rpartition": {
                Methods.arity(name, args, 1, 1);
                String sep = str(name, args.get(0));
                int i = name.equals("partition") ? s.indexOf(sep) : s.lastIndexOf(sep);
                if (i < 0) {
                    return name.equals("partition") ? new PyTuple(List.of(s, "", "")) : new PyTuple(List.of("", "", s));
                }
                return new PyTuple(List.of(s.substring(0, i), sep, s.substring(i + sep.length())));
            }
            case "removeprefix": {
                String p = str(name, args.get(0));
                return s.startsWith(p) ? s.substring(p.length()) : s;
            }
            case "removesuffix": {
                String p = str(name, args.get(0));
                return s.endsWith(p) && !p.isEmpty() ? s.substring(0, s.length() - p.length()) : s;
            }
            default:
                throw new PyError("AttributeError", "'str' object has no attribute '" + name + "'");
        }
    }
}
