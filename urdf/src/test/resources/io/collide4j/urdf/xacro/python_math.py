#!/usr/bin/env python3
"""Writes python-math.tsv: math functions at random arguments and CPython's repr of the result (glibc's libm),
or '!' and the exception name. Ground truth for PythonOracleTest. Run: python3 python_math.py > python-math.tsv"""
import math
import random
import sys

rng = random.Random(2828)
ONE = ['sin', 'cos', 'tan', 'atan', 'asin', 'acos', 'exp', 'log', 'log10', 'log2', 'sqrt', 'exp2', 'log1p', 'expm1',
       'degrees', 'radians', 'fabs', 'floor', 'ceil']
TWO = ['atan2', 'pow', 'hypot', 'fmod', 'copysign', 'log']


def arg():
    k = rng.randrange(6)
    if k == 0:
        return rng.uniform(-7, 7)
    if k == 1:
        return rng.uniform(-1, 1)
    if k == 2:
        return rng.uniform(-1, 1) * 10 ** rng.randrange(-8, 9)
    if k == 3:
        return rng.randrange(-720, 721) * 0.25
    if k == 4:
        return round(rng.uniform(0, 10), rng.randrange(1, 6))
    return rng.choice([math.pi / 2, math.pi, math.pi / 4, -math.pi / 3, 1e-300, 1e300, 0.5, 2.0, 10.0, 100.0, 1e-5])


sys.stdout.write('# function<TAB>arguments (repr)<TAB>repr(result) or !ExceptionName; CPython %s\n' % sys.version.split()[0])
for n in range(4000):
    f = rng.choice(ONE + TWO)
    args = [arg()] if f in ONE else [arg(), arg()]
    if f == 'pow' and rng.random() < 0.5:
        args[1] = float(rng.randrange(-5, 6))
    try:
        r = repr(getattr(math, f)(*args))
    except Exception as ex:
        r = '!' + type(ex).__name__
    sys.stdout.write('%s\t%s\t%s\n' % (f, ' '.join(repr(a) for a in args), r))
