#!/usr/bin/env python3
"""Random xacro documents for differential testing against the real xacro (see README.md): properties (lazy,
non-lazy, defaults, scopes), macros (defaults, ^, blocks, nesting), conditionals, comments in odd places, text with
expressions, xacro:element/attribute. Run: python3 gen.py N OUTDIR"""
import random
import sys

n, out = int(sys.argv[1]), sys.argv[2]


def doc(rng):
    names = []
    lines = []
    depth = [0]

    def ind():
        return '  ' * (depth[0] + 1)

    def val():
        k = rng.randrange(10)
        if names and k < 4:
            a = rng.choice(names)
            b = rng.choice(names)
            op = rng.choice(['+', '-', '*', '/', '//', '%', '**'])
            if op == '**':
                return '${%s ** %s}' % (a, rng.choice(['2', '0.5', '-1']))
            return '${%s %s %s}' % (a, op, b)
        if k < 6:
            return rng.choice(['1', '2.5', '-3', '0.1', '1e-5', '7', "'txt'", 'true', 'False', '0.30000000000000004',
                               '100', '1e16', '3.0', '-0.0'])
        if k < 8 and names:
            return '${%s if %s > 0 else %s}' % (rng.choice(names), rng.choice(names), rng.choice(['0', '1.5', "'neg'"]))
        return '${%s}' % rng.choice(['pi/3', 'radians(30)', 'sqrt(2)', '2**10', '10/4', '-7//2', 'round(2.5)',
                                     "'%.3f' % pi", 'str(1.0)', 'len("abc")', '[1,2][1]', 'max(1, 2.5)', 'cos(1)'])

    def comment():
        if rng.random() < 0.3:
            lines.append(ind() + '<!-- c%d -->' % rng.randrange(100))
            if rng.random() < 0.3:
                lines.append('')

    def prop():
        name = 'p%d' % rng.randrange(8)
        attrs = 'name="%s" value="%s"' % (name, val())
        r = rng.random()
        if r < 0.15:
            attrs += ' lazy_eval="false"'
        elif r < 0.25:
            attrs = 'name="%s" default="%s"' % (name, val())
        comment()
        lines.append(ind() + '<xacro:property %s/>' % attrs)
        names.append(name)

    def use():
        comment()
        k = rng.randrange(4)
        if k == 0:
            lines.append(ind() + '<u a="%s" b="%s"/>' % (val(), val()))
        elif k == 1:
            lines.append(ind() + '<t>%s and %s</t>' % (val(), val()))
        elif k == 2:
            lines.append(ind() + '<w>')
            lines.append(ind() + '  %s' % val())
            lines.append(ind() + '</w>')
        else:
            lines.append(ind() + '<e x="%s"><inner y="%s"/></e>' % (val(), val()))

    lines.append('<?xml version="1.0"?>')
    lines.append('<robot name="gen" xmlns:xacro="http://www.ros.org/wiki/xacro">')
    for i in range(rng.randrange(2, 5)):
        prop()
    # a macro with defaults, forwarding and a block
    params = ['m_a', 'm_b:=%s' % rng.choice(['1', '2.5', "${%s}" % names[0]]), '%s:=^|9' % rng.choice(names), '*blk']
    comment()
    lines.append(ind() + '<xacro:macro name="mac" params="%s">' % ' '.join(params))
    depth[0] += 1
    comment()
    lines.append(ind() + '<m a="${m_a}" b="${m_b}" f="${%s}"/>' % params[2].split(':')[0])
    if rng.random() < 0.5:
        lines.append(ind() + '<xacro:property name="fromm" value="${m_a * 2}" scope="%s"/>' % rng.choice(['parent', 'global']))
    comment()
    lines.append(ind() + '<xacro:insert_block name="blk"/>')
    if rng.random() < 0.5:
        lines.append(ind() + '<xacro:if value="${m_a > 1}"><big/></xacro:if>')
    depth[0] -= 1
    lines.append(ind() + '</xacro:macro>')
    for i in range(rng.randrange(1, 4)):
        use()
        comment()
        lines.append(ind() + '<xacro:mac m_a="%s"%s>' % (rng.choice(['1', '2', '3.5', '${%s}' % rng.choice(names)]),
                                                            ' m_b="x"' if rng.random() < 0.3 else ''))
        lines.append(ind() + '  <blk n="%d" v="%s"/>' % (i, val()))
        lines.append(ind() + '</xacro:mac>')
        if rng.random() < 0.5:
            lines.append(ind() + '<after v="${fromm}"/>' if rng.random() < 0.5 else ind() + '<plain/>')
    for i in range(rng.randrange(1, 3)):
        comment()
        tag = rng.choice(['xacro:if', 'xacro:unless'])
        lines.append(ind() + '<%s value="%s">' % (tag, rng.choice(['true', '0', '${%s}' % rng.choice(names),
                                                                   '${%s > 1}' % rng.choice(names)])))
        depth[0] += 1
        use()
        depth[0] -= 1
        lines.append(ind() + '</%s>' % tag)
    if rng.random() < 0.3:
        lines.append(ind() + '<xacro:element xacro:name="${\'el\' + str(1)}" k="%s"><xacro:attribute name="z" value="v"/></xacro:element>' % val())
    lines.append('</robot>')
    return '\n'.join(lines) + '\n'


for i in range(n):
    with open('%s/g%03d.xacro' % (out, i), 'w') as f:
        f.write(doc(random.Random(i)))
