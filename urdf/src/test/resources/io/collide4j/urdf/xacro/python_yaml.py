#!/usr/bin/env python3
"""Writes python-yaml.tsv: plain YAML scalars of many shapes and what PyYAML's SafeLoader makes of each (repr, with
xacro's !degrees/!radians for tagged ones; dates printed with str()). Ground truth for PythonOracleTest.
Run: python3 python_yaml.py > python-yaml.tsv"""
import datetime
import math
import random
import sys
import yaml

rng = random.Random(2829)
yaml.SafeLoader.add_constructor('!radians', lambda l, n: float(eval(l.construct_scalar(n), {'pi': math.pi})))
yaml.SafeLoader.add_constructor('!degrees', lambda l, n: math.radians(float(eval(l.construct_scalar(n), {'pi': math.pi}))))
FIXED = ['yes', 'No', 'ON', 'off', 'y', 'n', 'true', 'False', 'TRUE', 'null', 'Null', '~', '', 'NULL', 'nil', '0', '-0',
         '+12', '012', '0o12', '0x1F', '0b101', '1_000', '1__0', '_1', '1_', '190:20:30', '1.5', '1.', '.5', '-.5', '1e3',
         '1.0e3', '1.0e+3', '1.0E-3', '1e-3', '.inf', '-.Inf', '.NaN', '.nan', 'inf', 'nan', '0.1', '6.8523015e+5',
         '685.230_15e+03', '685_230.15', '1:20.5', '2001-12-14', '2001-12-14t21:59:43.10-05:00', 'abc', '"quoted 1"',
         "'single 2'", '1.2.3', '- x', '0.0', '-0.0', '+.5', '1e+3', '0x', '00', '09', '0.5e', '3e', '12e03', '0.00001']


def scalar():
    if rng.random() < 0.5:
        return rng.choice(FIXED)
    k = rng.randrange(5)
    if k == 0:
        return rng.choice(['', '-', '+']) + str(rng.randrange(0, 100000))
    if k == 1:
        return '%s%d.%d' % (rng.choice(['', '-', '+']), rng.randrange(100), rng.randrange(1000))
    if k == 2:
        return '%d.%de%s%d' % (rng.randrange(10), rng.randrange(100), rng.choice(['', '+', '-']), rng.randrange(20))
    if k == 3:
        return rng.choice(['!degrees ', '!radians ']) + rng.choice(['90', '-45.5', 'pi/2', '180', '1e1', '0'])
    return rng.choice(['a', 'b_c', 'x1', 'True1', 'on_off', '0x1G', '1,000', '$1']) + rng.choice(['', '2'])


sys.stdout.write('# yaml scalar<TAB>repr of what PyYAML %s SafeLoader made of it (value of key v)\n' % yaml.__version__)
seen = set()
while len(seen) < 600:
    s = scalar()
    if s in seen or '\t' in s:
        continue
    seen.add(s)
    try:
        v = yaml.safe_load('v: ' + s)['v']
        r = str(v) if isinstance(v, (datetime.date, datetime.datetime)) else repr(v)
    except Exception as ex:
        r = '!' + type(ex).__name__
    sys.stdout.write('%s\t%s\n' % (s, r))
