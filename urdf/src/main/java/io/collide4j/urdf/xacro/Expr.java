package io.collide4j.urdf.xacro;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The syntax tree of a {@code ${...}} expression; each node evaluates itself against an {@link Env}. Immutable. */
interface Expr {
    Object eval(Env env);

    /** Name lookup: the property tables, then xacro's global symbols; unknown names raise NameError. */
    interface Env {
        Object lookup(String name);
    }

    record Const(Object value) implements Expr {
        public Object eval(Env env) {
            return value;
        }
    }

    record Name(String name) implements Expr {
        public Object eval(Env env) {
            if (name.startsWith("__")) {
                throw new PyError("XacroException", "Use of invalid name(s): " + name);
            }
            return env.lookup(name);
        }
    }

    record Attr(Expr target, String name) implements Expr {
        public Object eval(Env env) {
            if (name.startsWith("__")) {
                throw new PyError("XacroException", "Use of invalid name(s): " + name);
            }
            return Operators.attribute(target.eval(env), name);
        }
    }

    record Call(Expr function, List<Expr> args, Map<String, Expr> kwargs) implements Expr {
        public Object eval(Env env) {
            Object f = function.eval(env);
            List<Object> a = new ArrayList<>();
            for (Expr e : args) {
                a.add(e.eval(env));
            }
            Map<String, Object> k = new LinkedHashMap<>();
            kwargs.forEach((n, e) -> k.put(n, e.eval(env)));
            if (!(f instanceof PyCallable)) {
                throw PyError.typeError("'" + Py.typeName(f) + "' object is not callable");
            }
            return ((PyCallable) f).call(a, k);
        }
    }

    record Subscript(Expr target, Expr index) implements Expr {
        public Object eval(Env env) {
            Object t = target.eval(env);
            if (index instanceof Slice) {
                Slice s = (Slice) index;
                return Operators.slice(
                        t,
                        s.lo == null ? null : s.lo.eval(env),
                        s.hi == null ? null : s.hi.eval(env),
                        s.step == null ? null : s.step.eval(env));
            }
            return Operators.index(t, index.eval(env));
        }
    }

    /** {@code lo:hi:step} inside brackets (parts may be null); only meaningful under {@link Subscript}. */
    record Slice(Expr lo, Expr hi, Expr step) implements Expr {
        public Object eval(Env env) {
            throw PyError.subset("slice outside of a subscript");
        }
    }

    record Unary(String op, Expr operand) implements Expr {
        public Object eval(Env env) {
            return Operators.unary(op, operand.eval(env));
        }
    }

    record Binary(String op, Expr left, Expr right) implements Expr {
        public Object eval(Env env) {
            return Operators.binary(op, left.eval(env), right.eval(env));
        }
    }

    /** A comparison chain {@code a < b <= c}: each operand evaluated once, stops at the first false link. */
    record Compare(List<Expr> operands, List<String> ops) implements Expr {
        public Object eval(Env env) {
            Object left = operands.get(0).eval(env);
            for (int i = 0; i < ops.size(); i++) {
                Object right = operands.get(i + 1).eval(env);
                if (!Operators.compare(ops.get(i), left, right)) {
                    return false;
                }
                left = right;
            }
            return true;
        }
    }

    /** {@code and} / {@code or}: the deciding operand's value, not a bool (Python's short-circuit). */
    record BoolOp(boolean and, List<Expr> operands) implements Expr {
        public Object eval(Env env) {
            Object v = null;
            for (Expr e : operands) {
                v = e.eval(env);
                if (Py.truthy(v) != and) {
                    return v;
                }
            }
            return v;
        }
    }

    record Not(Expr operand) implements Expr {
        public Object eval(Env env) {
            return !Py.truthy(operand.eval(env));
        }
    }

    record IfElse(Expr condition, Expr then, Expr otherwise) implements Expr {
        public Object eval(Env env) {
            return Py.truthy(condition.eval(env)) ? then.eval(env) : otherwise.eval(env);
        }
    }

    record ListLiteral(List<Expr> items) implements Expr {
        public Object eval(Env env) {
            List<Object> out = new ArrayList<>();
            items.forEach(e -> out.add(e.eval(env)));
            return out;
        }
    }

    record TupleLiteral(List<Expr> items) implements Expr {
        public Object eval(Env env) {
            List<Object> out = new ArrayList<>();
            items.forEach(e -> out.add(e.eval(env)));
            return new PyTuple(out);
        }
    }

    record DictLiteral(List<Expr> keys, List<Expr> values) implements Expr {
        public Object eval(Env env) {
            Map<Object, Object> out = new LinkedHashMap<>();
            for (int i = 0; i < keys.size(); i++) {
                Object k = keys.get(i).eval(env);
                Operators.checkHashable(k);
                Object old = Py.findKey(out, k);
                out.put(old == null ? k : old, values.get(i).eval(env));
            }
            return out;
        }
    }

    /** {@code [elt for a, b in iterable if cond ...]}: one {@code for} clause; targets shadow outer names. */
    record ListComprehension(Expr element, List<String> targets, Expr iterable, List<Expr> conditions) implements Expr {
        public Object eval(Env env) {
            List<Object> out = new ArrayList<>();
            for (Object item : Py.iterate(iterable.eval(env))) {
                Map<String, Object> local = new HashMap<>();
                if (targets.size() == 1) {
                    local.put(targets.get(0), item);
                } else {
                    List<Object> parts = Py.iterate(item);
                    if (parts.size() != targets.size()) {
                        throw PyError.value(
                                "cannot unpack " + parts.size() + " values into " + targets.size() + " names");
                    }
                    for (int i = 0; i < parts.size(); i++) {
                        local.put(targets.get(i), parts.get(i));
                    }
                }
                Env inner = name -> local.containsKey(name) ? local.get(name) : env.lookup(name);
                boolean keep = true;
                for (Expr c : conditions) {
                    keep &= Py.truthy(c.eval(inner));
                }
                if (keep) {
                    out.add(element.eval(inner));
                }
            }
            return out;
        }
    }
}
