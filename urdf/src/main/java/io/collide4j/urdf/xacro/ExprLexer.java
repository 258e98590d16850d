package io.collide4j.urdf.xacro;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Splits a Python expression into tokens (numbers, strings, names, operators); stateless. */
final class ExprLexer {
    enum Kind {
        NUMBER,
        STRING,
        NAME,
        OP,
        END
    }

    /** One token; {@code value} is the parsed literal for numbers and strings, the text otherwise. */
    record Token(Kind kind, String text, Object value, int pos) {}

    private static final Set<String> OPS3 = Set.of("**=", "//=", ">>=", "<<=", "...");
    private static final Set<String> OPS2 = Set.of(
            "**", "//", "==", "!=", "<=", ">=", "<<", ">>", "->", ":=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=");
    private static final String OPS1 = "+-*/%<>()[]{},:.=~&|^@;";

    private ExprLexer() {}

    static List<Token> lex(String s) {
        List<Token> out = new ArrayList<>();
        int i = 0;
        int n = s.length();
        while (i < n) {
            char c = s.charAt(i);
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f') {
                i++;
            } else if (c == '\\' && i + 1 < n && s.charAt(i + 1) == '\n') {
                i += 2;
            } else if (Character.isDigit(c) || c == '.' && i + 1 < n && Character.isDigit(s.charAt(i + 1))) {
                i = number(s, i, out);
            } else if (c == '\'' || c == '"') {
                i = string(s, i, i, false, out);
            } else if (Character.isLetter(c) || c == '_') {
                int j = i;
                while (j < n && (Character.isLetterOrDigit(s.charAt(j)) || s.charAt(j) == '_')) {
                    j++;
                }
                String word = s.substring(i, j);
                if (j < n && (s.charAt(j) == '\'' || s.charAt(j) == '"') && word.matches("(?i)r|b|u|f|rb|br|fr|rf")) {
                    String p = word.toLowerCase();
                    if (p.contains("b") || p.contains("f")) {
                        throw PyError.subset("string prefix '" + word + "'");
                    }
                    i = string(s, i, j, p.contains("r"), out);
                } else {
                    out.add(new Token(Kind.NAME, word, word, i));
                    i = j;
                }
            } else if (c == '#') {
                throw PyError.subset("comment '#' in an expression");
            } else {
                String op = null;
                if (i + 3 <= n && OPS3.contains(s.substring(i, i + 3))) {
                    op = s.substring(i, i + 3);
                } else if (i + 2 <= n && OPS2.contains(s.substring(i, i + 2))) {
                    op = s.substring(i, i + 2);
                } else if (OPS1.indexOf(c) >= 0) {
                    op = String.valueOf(c);
                }
                if (op == null) {
                    throw new PyError("SyntaxError", "invalid character '" + c + "' at position " + i);
                }
                out.add(new Token(Kind.OP, op, op, i));
                i += op.length();
            }
        }
        out.add(new Token(Kind.END, "", null, n));
        return out;
    }

    private static int number(String s, int start, List<Token> out) {
        int n = s.length();
        int i = start;
        if (s.startsWith("0x", i)
                || s.startsWith("0X", i)
                || s.startsWith("0o", i)
                || s.startsWith("0O", i)
                || s.startsWith("0b", i)
                || s.startsWith("0B", i)) {
            char k = Character.toLowerCase(s.charAt(i + 1));
            int radix = k == 'x' ? 16 : k == 'o' ? 8 : 2;
            int j = i + 2;
            while (j < n && (Character.digit(s.charAt(j), radix) >= 0 || s.charAt(j) == '_')) {
                j++;
            }
            String digits = s.substring(i + 2, j).replace("_", "");
            out.add(new Token(Kind.NUMBER, s.substring(i, j), parseLong(digits, radix, s.substring(i, j)), i));
            return j;
        }
        int j = i;
        boolean isFloat = false;
        while (j < n && (Character.isDigit(s.charAt(j)) || s.charAt(j) == '_')) {
            j++;
        }
        if (j < n && s.charAt(j) == '.') {
            isFloat = true;
            j++;
            while (j < n && (Character.isDigit(s.charAt(j)) || s.charAt(j) == '_')) {
                j++;
            }
        }
        if (j < n && (s.charAt(j) == 'e' || s.charAt(j) == 'E')) {
            int k = j + 1;
            if (k < n && (s.charAt(k) == '+' || s.charAt(k) == '-')) {
                k++;
            }
            if (k < n && Character.isDigit(s.charAt(k))) {
                isFloat = true;
                j = k;
                while (j < n && (Character.isDigit(s.charAt(j)) || s.charAt(j) == '_')) {
                    j++;
                }
            }
        }
        if (j < n && (s.charAt(j) == 'j' || s.charAt(j) == 'J')) {
            throw PyError.subset("complex number literal");
        }
        String text = s.substring(i, j);
        String clean = text.replace("_", "");
        if (isFloat) {
            out.add(new Token(Kind.NUMBER, text, Double.parseDouble(clean), i));
        } else {
            if (clean.length() > 1 && clean.startsWith("0") && !clean.matches("0+")) {
                throw new PyError(
                        "SyntaxError", "leading zeros in decimal integer literals are not permitted: " + text);
            }
            out.add(new Token(Kind.NUMBER, text, parseLong(clean, 10, text), i));
        }
        return j;
    }

    private static Long parseLong(String digits, int radix, String text) {
        try {
            return Long.parseLong(digits, radix);
        } catch (NumberFormatException e) {
            throw PyError.subset("integer literal " + text + " beyond 64 bits");
        }
    }

    /** A string literal from the quote at {@code q} ({@code start}: its prefix); adjacent literals join in the parser. */
    private static int string(String s, int start, int q, boolean raw, List<Token> out) {
        char quote = s.charAt(q);
        boolean triple = s.startsWith(String.valueOf(quote).repeat(3), q);
        int i = q + (triple ? 3 : 1);
        StringBuilder sb = new StringBuilder();
        int n = s.length();
        while (true) {
            if (i >= n) {
                throw new PyError("SyntaxError", "unterminated string literal at position " + start);
            }
            char c = s.charAt(i);
            if (triple ? s.startsWith(String.valueOf(quote).repeat(3), i) : c == quote) {
                i += triple ? 3 : 1;
                break;
            }
            if (c == '\n' && !triple) {
                throw new PyError("SyntaxError", "unterminated string literal at position " + start);
            }
            if (c == '\\' && i + 1 < n) {
                char e = s.charAt(i + 1);
                if (raw) {
                    sb.append(c).append(e);
                    i += 2;
                    continue;
                }
                i += 2;
                switch (e) {
                    case 'n':
                        sb.append('\n');
                        break;
                    case 't':
                        sb.append('\t');
                        break;
                    case 'r':
                        sb.append('\r');
                        break;
                    case '0':
                        sb.append('\0');
                        break;
                    case 'a':
                        sb.append('\u0007');
                        break;
                    case 'b':
                        sb.append('\b');
                        break;
                    case 'f':
                        sb.append('\f');
                        break;
                    case 'v':
                        sb.append('\u000b');
                        break;
                    case '\\':
                        sb.append('\\');
                        break;
                    case '\'':
                        sb.append('\'');
                        break;
                    case '"':
                        sb.append('"');
                        break;
                    case '\n':
                        break;
                    case 'x':
                        sb.append((char) Integer.parseInt(hex(s, i, 2), 16));
                        i += 2;
                        break;
                    case 'u':
                        sb.append((char) Integer.parseInt(hex(s, i, 4), 16));
                        i += 4;
                        break;
                    default:
                        sb.append('\\').append(e); // Python keeps unknown escapes as written
                }
                continue;
            }
            sb.append(c);
            i++;
        }
        out.add(new Token(Kind.STRING, s.substring(start, i), sb.toString(), start));
        return i;
    }

    private static String hex(String s, int i, int len) {
        if (i + len > s.length() || !s.substring(i, i + len).matches("[0-9a-fA-F]+")) {
            throw new PyError("SyntaxError", "truncated \\x or \\u escape at position " + i);
        }
        return s.substring(i, i + len);
    }
}
