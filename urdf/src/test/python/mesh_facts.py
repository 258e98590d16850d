#!/usr/bin/env python3
"""Independent mesh facts for MeshLoaderRealDataTest: facet count, distinct vertices, degenerate
facets and bounding box, computed without collide4j (plain struct / text parsing)."""
import struct, sys, os

def stl(path):
    data = open(path, 'rb').read()
    n = struct.unpack_from('<I', data, 80)[0]
    assert 84 + 50 * n == len(data)
    tris = []
    for f in range(n):
        v = struct.unpack_from('<9f', data, 84 + 50 * f + 12)
        tris.append((v[0:3], v[3:6], v[6:9]))
    return tris

def obj(path):
    verts, tris = [], []
    for line in open(path):
        t = line.split('#')[0].split()
        if not t: continue
        if t[0] == 'v': verts.append(tuple(float(x) for x in t[1:4]))
        elif t[0] == 'f':
            idx = [int(c.split('/')[0]) for c in t[1:]]
            idx = [i - 1 if i > 0 else len(verts) + i for i in idx]
            for k in range(1, len(idx) - 1):
                tris.append((verts[idx[0]], verts[idx[k]], verts[idx[k + 1]]))
    return tris

def facts(tris):
    def z(v): return tuple(c + 0.0 for c in v)
    distinct = set(z(v) for t in tris for v in t)
    degenerate = 0
    for a, b, c in tris:
        a, b, c = z(a), z(b), z(c)
        u = [b[i] - a[i] for i in range(3)]; w = [c[i] - a[i] for i in range(3)]
        cr = (u[1]*w[2]-u[2]*w[1], u[2]*w[0]-u[0]*w[2], u[0]*w[1]-u[1]*w[0])
        if a == b or b == c or a == c or cr == (0.0, 0.0, 0.0): degenerate += 1
    lo = [min(v[i] for t in tris for v in t) for i in range(3)]
    hi = [max(v[i] for t in tris for v in t) for i in range(3)]
    return len(tris), len(distinct), degenerate, lo, hi

root = sys.argv[1]
for rel in sys.argv[2:]:
    p = os.path.join(root, rel)
    tris = stl(p) if rel.lower().endswith('.stl') else obj(p)
    n, d, g, lo, hi = facts(tris)
    print(f'{rel}: triangles={n} distinct={d} degenerate={g} min={[repr(x) for x in lo]} max={[repr(x) for x in hi]}')
