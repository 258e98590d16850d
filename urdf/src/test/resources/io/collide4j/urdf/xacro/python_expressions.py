#!/usr/bin/env python3
"""Writes python-expressions.tsv: random expressions of the subset xacro evaluates, and what CPython prints for
str(eval(expression)) with xacro's global symbols (math functions directly, a 'python' namespace), or '!' and the
exception name. Ground truth for PythonOracleTest. Run: python3 python_expressions.py > python-expressions.tsv"""
import math
import random
import sys

rng = random.Random(28)


class NS:
    def __init__(self, d):
        self.__dict__.update(d)


G = {k: v for k, v in math.__dict__.items() if not k.startswith('_')}
G.update(dict(list=list, dict=dict, map=map, len=len, str=str, float=float, int=int, True_=True, min=min, max=max,
              round=round))
G['math'] = NS({k: v for k, v in math.__dict__.items() if not k.startswith('_')})
G['python'] = NS(dict(abs=abs, sum=sum, all=all, any=any, sorted=sorted, divmod=divmod, str=str, len=len))
G['__builtins__'] = {}


def number():
    k = rng.randrange(9)
    if k == 0:
        return str(rng.randrange(-20, 21))
    if k == 1:
        return str(rng.randrange(0, 10 ** rng.randrange(1, 12)))
    if k == 2:
        return repr(round(rng.uniform(-10, 10), rng.randrange(0, 6)))
    if k == 3:
        return repr(rng.uniform(-1, 1) * 10 ** rng.randrange(-12, 20))
    if k == 4:
        return rng.choice(['pi', 'e', 'tau', 'math.pi', '0.1', '0.2', '0.3', '1e-5', '1e16', '2.5', '0.5', '1.5'])
    if k == 5:
        return repr(rng.choice([0.0, -0.0, 1e-7, 3e-5, 1e15, 1e17, 123456789.125, 2 ** 53 + 1.0]))
    if k == 6:
        return str(rng.randrange(1, 5))
    if k == 7:
        return repr(rng.randrange(-100, 100) / 8)
    return repr(rng.random())


def expr(depth):
    if depth <= 0:
        return number()
    k = rng.randrange(14)
    a = expr(depth - 1)
    b = expr(depth - 1)
    if k <= 4:
        op = rng.choice(['+', '-', '*', '/', '//', '%', '**', '+', '-', '*', '/'])
        if op == '**':
            b = rng.choice(['2', '3', '0.5', '-1', '-2', '0', '1.5', '10'])
        return '(%s %s %s)' % (a, op, b)
    if k == 5:
        return '-%s' % a
    if k == 6:
        f = rng.choice(['sqrt', 'sin', 'cos', 'tan', 'atan', 'exp', 'log', 'log10', 'fabs', 'radians', 'degrees',
                        'math.floor', 'math.ceil', 'round', 'python.abs', 'float', 'int', 'asin', 'acos', 'math.trunc'])
        return '%s(%s)' % (f, a)
    if k == 7:
        f = rng.choice(['atan2', 'min', 'max', 'round', 'math.hypot', 'math.copysign', 'math.fmod', 'pow', 'math.log'])
        if f == 'round':
            b = str(rng.randrange(-2, 6))
        return '%s(%s, %s)' % (f, a, b)
    if k == 8:
        return '(%s %s %s)' % (a, rng.choice(['<', '>', '==', '!=', '<=', '>=']), b)
    if k == 9:
        return '(%s if %s %s %s else %s)' % (a, a, rng.choice(['<', '>']), b, b)
    if k == 10:
        return '(%s %s %s)' % (a, rng.choice(['and', 'or']), b)
    if k == 11:
        return "'%s' %% %s" % (rng.choice(['%.3f', '%g', '%s', '%d', '%e', '%.10g', '%5.1f', '%+.2e', '%r']), a)
    if k == 12:
        return 'str(%s)' % a
    return '[%s, %s][%d]' % (a, b, rng.randrange(-2, 2))


seen = set()
out = sys.stdout
out.write('# expression<TAB>str(result) or !ExceptionName; CPython %s\n' % sys.version.split()[0])
while len(seen) < 3000:
    e = expr(rng.randrange(1, 4))
    if e in seen or '\t' in e:
        continue
    seen.add(e)
    try:
        v = eval(e, dict(G))
        r = str(v)
        if isinstance(v, int) and not isinstance(v, bool) and not -2 ** 63 <= v < 2 ** 63:
            r = '!OverflowError'   # beyond 64 bits: collide4j refuses
        if isinstance(v, complex):
            r = '!complex'
    except Exception as ex:
        r = '!' + type(ex).__name__
    out.write('%s\t%s\n' % (e, r))
