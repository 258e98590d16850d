package io.collide4j.urdf.xacro;

import io.collide4j.urdf.xacro.ExprLexer.Kind;
import io.collide4j.urdf.xacro.ExprLexer.Token;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Recursive-descent parser for the Python expression subset xacro evaluates, with Python's precedence:
 * conditional expression, {@code or}, {@code and}, {@code not}, comparison chains (incl. {@code in}, {@code is}),
 * {@code | ^ &}, shifts, {@code + -}, {@code * / // %}, unary {@code + - ~}, {@code **} (right-associative, binds
 * tighter than a unary minus on its left), calls, subscripts and slices, attributes, list/tuple/dict literals and
 * single-clause list comprehensions. Statements, lambdas, f-strings, walrus and star-arguments are refused.
 * One instance per expression; not thread-safe.
 */
final class ExprParser {
    private static final Set<String> KEYWORDS = Set.of(
            "False",
            "None",
            "True",
            "and",
            "as",
            "assert",
            "async",
            "await",
            "break",
            "class",
            "continue",
            "def",
            "del",
            "elif",
            "else",
            "except",
            "finally",
            "for",
            "from",
            "global",
            "if",
            "import",
            "in",
            "is",
            "lambda",
            "nonlocal",
            "not",
            "or",
            "pass",
            "raise",
            "return",
            "try",
            "while",
            "with",
            "yield");

    private final List<Token> tokens;
    private int pos;

    private ExprParser(List<Token> tokens) {
        this.tokens = tokens;
    }

    /** Parses a whole expression ({@code a, b} is a tuple, as in Python's eval). */
    static Expr parse(String text) {
        ExprParser p = new ExprParser(ExprLexer.lex(text));
        if (p.peek().kind() == Kind.END) {
            throw new PyError("SyntaxError", "empty expression");
        }
        Expr e = p.testList();
        if (p.peek().kind() != Kind.END) {
            Token t = p.peek();
            throw new PyError("SyntaxError", "unexpected '" + t.text() + "' at position " + t.pos());
        }
        return e;
    }

    /** Whether {@code name} is a Python keyword (not usable as a property or parameter name). */
    static boolean isKeyword(String name) {
        return KEYWORDS.contains(name);
    }

    private Token peek() {
        return tokens.get(pos);
    }

    private boolean isOp(String op) {
        Token t = peek();
        return t.kind() == Kind.OP && t.text().equals(op);
    }

    private boolean isWord(String word) {
        Token t = peek();
        return t.kind() == Kind.NAME && t.text().equals(word);
    }

    private boolean acceptOp(String op) {
        if (isOp(op)) {
            pos++;
            return true;
        }
        return false;
    }

    private boolean acceptWord(String word) {
        if (isWord(word)) {
            pos++;
            return true;
        }
        return false;
    }

    private void expectOp(String op) {
        if (!acceptOp(op)) {
            Token t = peek();
            throw new PyError(
                    "SyntaxError",
                    "expected '" + op + "' at position " + t.pos()
                            + (t.kind() == Kind.END ? " (end of expression)" : ", found '" + t.text() + "'"));
        }
    }

    private Expr testList() {
        Expr first = test();
        if (!isOp(",")) {
            return first;
        }
        List<Expr> items = new ArrayList<>(List.of(first));
        while (acceptOp(",")) {
            if (startsExpression()) {
                items.add(test());
            }
        }
        return new Expr.TupleLiteral(items);
    }

    private boolean startsExpression() {
        Token t = peek();
        if (t.kind() == Kind.END) {
            return false;
        }
        if (t.kind() == Kind.OP) {
            return "([{-+~".contains(t.text()) && t.text().length() == 1;
        }
        return !(t.kind() == Kind.NAME
                && KEYWORDS.contains(t.text())
                && !Set.of("not", "None", "True", "False", "lambda").contains(t.text()));
    }

    private Expr test() {
        if (isWord("lambda")) {
            throw PyError.subset("lambda");
        }
        Expr e = orTest();
        if (acceptWord("if")) {
            Expr cond = orTest();
            if (!acceptWord("else")) {
                throw new PyError("SyntaxError", "expected 'else' after 'if' in a conditional expression");
            }
            return new Expr.IfElse(cond, e, test());
        }
        if (isOp(":=")) {
            throw PyError.subset("assignment expression ':='");
        }
        return e;
    }

    private Expr orTest() {
        Expr e = andTest();
        if (!isWord("or")) {
            return e;
        }
        List<Expr> ops = new ArrayList<>(List.of(e));
        while (acceptWord("or")) {
            ops.add(andTest());
        }
        return new Expr.BoolOp(false, ops);
    }

    private Expr andTest() {
        Expr e = notTest();
        if (!isWord("and")) {
            return e;
        }
        List<Expr> ops = new ArrayList<>(List.of(e));
        while (acceptWord("and")) {
            ops.add(notTest());
        }
        return new Expr.BoolOp(true, ops);
    }

    private Expr notTest() {
        if (acceptWord("not")) {
            return new Expr.Not(notTest());
        }
        return comparison();
    }

    private Expr comparison() {
        Expr e = bitOr();
        List<Expr> operands = new ArrayList<>(List.of(e));
        List<String> ops = new ArrayList<>();
        while (true) {
            String op = null;
            Token t = peek();
            if (t.kind() == Kind.OP && Set.of("<", ">", "==", "!=", "<=", ">=").contains(t.text())) {
                op = t.text();
                pos++;
            } else if (acceptWord("in")) {
                op = "in";
            } else if (isWord("not")
                    && tokens.get(pos + 1).kind() == Kind.NAME
                    && tokens.get(pos + 1).text().equals("in")) {
                pos += 2;
                op = "not in";
            } else if (acceptWord("is")) {
                op = acceptWord("not") ? "is not" : "is";
            }
            if (op == null) {
                break;
            }
            ops.add(op);
            operands.add(bitOr());
        }
        return ops.isEmpty() ? e : new Expr.Compare(operands, ops);
    }

    private Expr bitOr() {
        Expr e = bitXor();
        while (acceptOp("|")) {
            e = new Expr.Binary("|", e, bitXor());
        }
        return e;
    }

    private Expr bitXor() {
        Expr e = bitAnd();
        while (acceptOp("^")) {
            e = new Expr.Binary("^", e, bitAnd());
        }
        return e;
    }

    private Expr bitAnd() {
        Expr e = shift();
        while (acceptOp("&")) {
            e = new Expr.Binary("&", e, shift());
        }
        return e;
    }

    private Expr shift() {
        Expr e = arith();
        while (isOp("<<") || isOp(">>")) {
            String op = peek().text();
            pos++;
            e = new Expr.Binary(op, e, arith());
        }
        return e;
    }

    private Expr arith() {
        Expr e = term();
        while (isOp("+") || isOp("-")) {
            String op = peek().text();
            pos++;
            e = new Expr.Binary(op, e, term());
        }
        return e;
    }

    private Expr term() {
        Expr e = factor();
        while (isOp("*") || isOp("/") || isOp("//") || isOp("%") || isOp("@")) {
            String op = peek().text();
            if (op.equals("@")) {
                throw PyError.subset("matrix multiplication '@'");
            }
            pos++;
            e = new Expr.Binary(op, e, factor());
        }
        return e;
    }

    private Expr factor() {
        if (isOp("-") || isOp("+") || isOp("~")) {
            String op = peek().text();
            pos++;
            return new Expr.Unary(op, factor());
        }
        return power();
    }

    private Expr power() {
        Expr e = atomExpr();
        if (acceptOp("**")) {
            return new Expr.Binary("**", e, factor());
        }
        return e;
    }

    private Expr atomExpr() {
        Expr e = atom();
        while (true) {
            if (acceptOp("(")) {
                e = call(e);
            } else if (acceptOp("[")) {
                e = new Expr.Subscript(e, subscript());
                expectOp("]");
            } else if (acceptOp(".")) {
                Token t = peek();
                if (t.kind() != Kind.NAME) {
                    throw new PyError("SyntaxError", "expected a name after '.' at position " + t.pos());
                }
                pos++;
                e = new Expr.Attr(e, t.text());
            } else {
                return e;
            }
        }
    }

    private Expr call(Expr function) {
        List<Expr> args = new ArrayList<>();
        Map<String, Expr> kwargs = new LinkedHashMap<>();
        while (!isOp(")")) {
            if (isOp("*") || isOp("**")) {
                throw PyError.subset("argument unpacking with '*' or '**'");
            }
            Token t = peek();
            if (t.kind() == Kind.NAME
                    && tokens.get(pos + 1).kind() == Kind.OP
                    && tokens.get(pos + 1).text().equals("=")) {
                pos += 2;
                if (kwargs.put(t.text(), test()) != null) {
                    throw new PyError("SyntaxError", "keyword argument repeated: " + t.text());
                }
            } else {
                if (!kwargs.isEmpty()) {
                    throw new PyError("SyntaxError", "positional argument follows keyword argument");
                }
                Expr a = test();
                if (isWord("for")) {
                    a = comprehension(a);
                }
                args.add(a);
            }
            if (!acceptOp(",")) {
                break;
            }
        }
        expectOp(")");
        return new Expr.Call(function, args, kwargs);
    }

    private Expr subscript() {
        Expr lo = null;
        if (!isOp(":")) {
            lo = test();
            if (!isOp(":")) {
                if (isOp(",")) {
                    List<Expr> items = new ArrayList<>(List.of(lo));
                    while (acceptOp(",") && !isOp("]")) {
                        items.add(test());
                    }
                    return new Expr.TupleLiteral(items);
                }
                return lo;
            }
        }
        expectOp(":");
        Expr hi = isOp(":") || isOp("]") ? null : test();
        Expr step = null;
        if (acceptOp(":") && !isOp("]")) {
            step = test();
        }
        return new Expr.Slice(lo, hi, step);
    }

    private Expr atom() {
        Token t = peek();
        switch (t.kind()) {
            case NUMBER:
                pos++;
                return new Expr.Const(t.value());
            case STRING: {
                StringBuilder sb = new StringBuilder();
                while (peek().kind() == Kind.STRING) {
                    sb.append((String) peek().value());
                    pos++;
                }
                return new Expr.Const(sb.toString());
            }
            case NAME:
                pos++;
                switch (t.text()) {
                    case "True":
                        return new Expr.Const(Boolean.TRUE);
                    case "False":
                        return new Expr.Const(Boolean.FALSE);
                    case "None":
                        return new Expr.Const(PyNone.NONE);
                    default:
                        if (KEYWORDS.contains(t.text())) {
                            throw new PyError(
                                    "SyntaxError", "unexpected keyword '" + t.text() + "' at position " + t.pos());
                        }
                        return new Expr.Name(t.text());
                }
            case OP:
                pos++;
                if (t.text().equals("(")) {
                    if (acceptOp(")")) {
                        return new Expr.TupleLiteral(List.of());
                    }
                    Expr first = test();
                    if (isWord("for")) {
                        throw PyError.subset("generator expression (use a list comprehension [...])");
                    }
                    if (acceptOp(")")) {
                        return first;
                    }
                    List<Expr> items = new ArrayList<>(List.of(first));
                    while (acceptOp(",") && !isOp(")")) {
                        items.add(test());
                    }
                    expectOp(")");
                    return new Expr.TupleLiteral(items);
                }
                if (t.text().equals("[")) {
                    List<Expr> items = new ArrayList<>();
                    if (!isOp("]")) {
                        Expr first = test();
                        if (isWord("for")) {
                            Expr c = comprehension(first);
                            expectOp("]");
                            return c;
                        }
                        items.add(first);
                        while (acceptOp(",") && !isOp("]")) {
                            items.add(test());
                        }
                    }
                    expectOp("]");
                    return new Expr.ListLiteral(items);
                }
                if (t.text().equals("{")) {
                    List<Expr> keys = new ArrayList<>();
                    List<Expr> values = new ArrayList<>();
                    while (!isOp("}")) {
                        if (isOp("**")) {
                            throw PyError.subset("dict unpacking '**'");
                        }
                        keys.add(test());
                        if (!acceptOp(":")) {
                            throw PyError.subset("set literal");
                        }
                        values.add(test());
                        if (isWord("for")) {
                            throw PyError.subset("dict comprehension");
                        }
                        if (!acceptOp(",")) {
                            break;
                        }
                    }
                    expectOp("}");
                    return new Expr.DictLiteral(keys, values);
                }
                throw new PyError("SyntaxError", "unexpected '" + t.text() + "' at position " + t.pos());
            default:
                throw new PyError("SyntaxError", "unexpected end of expression");
        }
    }

    private Expr comprehension(Expr element) {
        acceptWord("for");
        List<String> targets = new ArrayList<>();
        boolean paren = acceptOp("(");
        do {
            Token t = peek();
            if (t.kind() != Kind.NAME || KEYWORDS.contains(t.text())) {
                throw PyError.subset("comprehension target other than names");
            }
            pos++;
            targets.add(t.text());
        } while (acceptOp(","));
        if (paren) {
            expectOp(")");
        }
        if (!acceptWord("in")) {
            throw new PyError("SyntaxError", "expected 'in' in a comprehension");
        }
        Expr iterable = orTest();
        List<Expr> conditions = new ArrayList<>();
        while (acceptWord("if")) {
            conditions.add(orTest());
        }
        if (isWord("for")) {
            throw PyError.subset("comprehension with several 'for' clauses");
        }
        return new Expr.ListComprehension(element, targets, iterable, conditions);
    }
}
