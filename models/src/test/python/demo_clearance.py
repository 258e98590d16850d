#!/usr/bin/env python3
"""Independent clearance check (scene format: checker/SCENE_FORMAT.md; every object here has a full pose) of the bundled Panda demo trajectory against the table_shelf scene.

Plain numpy, no collide4j code: forward kinematics from the URDF (fixed-axis RPY, revolute about
the joint axis), every collision-mesh vertex transformed to the world, distance to every scene
object computed analytically. The certified clearance is
    min over samples of (vertex distance) - H - motion between samples,
since every triangle is sampled on a barycentric grid whose sub-triangle edges are at most H, so
every surface point lies within H of a sample, and between
two samples no point moves more than sum_j |dq_j| * (max distance of any vertex from the base
origin, 1.2 m bounds it for the Panda). Prints the minimum and where it happens.
usage: demo_clearance.py <models resources dir io/collide4j/models>
"""
import json, sys, os, math
import xml.etree.ElementTree as ET
import numpy as np

root = sys.argv[1]
H = 0.015  # surface sampling resolution (m)
urdf = ET.parse(os.path.join(root, 'panda/panda.urdf')).getroot()

def rpy_matrix(r, p, y):
    cr, sr, cp, sp, cy, sy = math.cos(r), math.sin(r), math.cos(p), math.sin(p), math.cos(y), math.sin(y)
    rx = np.array([[1, 0, 0], [0, cr, -sr], [0, sr, cr]])
    ry = np.array([[cp, 0, sp], [0, 1, 0], [-sp, 0, cp]])
    rz = np.array([[cy, -sy, 0], [sy, cy, 0], [0, 0, 1]])
    return rz @ ry @ rx

def origin(e):
    T = np.eye(4)
    o = e.find('origin')
    if o is not None:
        xyz = [float(v) for v in o.get('xyz', '0 0 0').split()]
        rpy = [float(v) for v in o.get('rpy', '0 0 0').split()]
        T[:3, :3] = rpy_matrix(*rpy)
        T[:3, 3] = xyz
    return T

def axis_angle(axis, a):
    axis = np.array(axis) / np.linalg.norm(axis)
    K = np.array([[0, -axis[2], axis[1]], [axis[2], 0, -axis[0]], [-axis[1], axis[0], 0]])
    R = np.eye(3) + math.sin(a) * K + (1 - math.cos(a)) * K @ K
    T = np.eye(4); T[:3, :3] = R
    return T

def load_obj(path):
    v, f = [], []
    for line in open(path):
        t = line.split()
        if not t: continue
        if t[0] == 'v': v.append([float(x) for x in t[1:4]])
        elif t[0] == 'f':
            idx = [int(c.split('/')[0]) - 1 for c in t[1:]]
            for k in range(1, len(idx) - 1): f.append((idx[0], idx[k], idx[k + 1]))
    v = np.array(v)
    # Sample every triangle on a barycentric grid fine enough that each sub-triangle edge is <= H:
    # every surface point is then within H of a sample.
    pts = []
    for a, b, c in f:
        A, B, C = v[a], v[b], v[c]
        e = max(np.linalg.norm(A - B), np.linalg.norm(B - C), np.linalg.norm(A - C))
        n = max(1, int(math.ceil(e / H)))
        for i in range(n + 1):
            for j in range(n + 1 - i):
                pts.append(A + (B - A) * i / n + (C - A) * j / n)
    return np.unique(np.array(pts), axis=0), H

links = {}
for l in urdf.findall('link'):
    pieces = []
    for c in l.findall('collision'):
        m = c.find('geometry/mesh')
        fn = m.get('filename').replace('package://', '')
        v, edge = load_obj(os.path.join(root, 'panda', fn))
        pieces.append((origin(c), v, edge))
    links[l.get('name')] = pieces
joints = urdf.findall('joint')
child_joint = {j.find('child').get('link'): j for j in joints}
arm = ['panda_joint%d' % i for i in range(1, 8)]

def fk(q):
    qmap = dict(zip(arm, q))
    T = {'panda_link0': np.eye(4)}
    pending = [j for j in joints]
    while pending:
        rest = []
        for j in pending:
            p, c = j.find('parent').get('link'), j.find('child').get('link')
            if p not in T: rest.append(j); continue
            M = T[p] @ origin(j)
            if j.get('type') in ('revolute', 'continuous'):
                ax = [float(x) for x in (j.find('axis').get('xyz') if j.find('axis') is not None else '1 0 0').split()]
                M = M @ axis_angle(ax, qmap.get(j.get('name'), 0.0))
            T[c] = M
        pending = rest
    return T

def quat_matrix(x, y, z, w):
    return np.array([[1 - 2 * (y*y + z*z), 2 * (x*y - z*w), 2 * (x*z + y*w)],
                     [2 * (x*y + z*w), 1 - 2 * (x*x + z*z), 2 * (y*z - x*w)],
                     [2 * (x*z - y*w), 2 * (y*z + x*w), 1 - 2 * (x*x + y*y)]])

def distance(obj, P):
    """Euclidean distance of points P (n,3) to the solid object (0 inside)."""
    R = quat_matrix(*obj['pose']['quaternion'])
    L = (P - np.array(obj['pose']['xyz'])) @ R  # world → object frame
    if obj['type'] == 'box':
        s = obj['size']
        d = np.maximum(np.abs(L) - np.array(s) / 2, 0)
        return np.linalg.norm(d, axis=1)
    s = [obj['radius'], obj.get('length', 0.0)]
    if obj['type'] == 'sphere':
        return np.maximum(np.linalg.norm(L, axis=1) - s[0], 0)
    if obj['type'] == 'cylinder':
        radial = np.maximum(np.linalg.norm(L[:, :2], axis=1) - s[0], 0)
        axial = np.maximum(np.abs(L[:, 2]) - s[1] / 2, 0)
        return np.hypot(radial, axial)
    if obj['type'] == 'capsule':
        z = np.clip(L[:, 2], -s[1] / 2, s[1] / 2)
        return np.maximum(np.linalg.norm(L - np.stack([0 * z, 0 * z, z], axis=1), axis=1) - s[0], 0)
    raise ValueError(obj['type'])

scene = json.load(open(os.path.join(root, 'scenes/table_shelf.json')))
rows = [list(map(float, l.split(','))) for l in open(os.path.join(root, 'trajectories/panda_shelf_demo.csv')) if l[0].isdigit()]
best = (1e9, None)
REACH = 1.2
for k in range(len(rows) - 1):
    q0, q1 = np.array(rows[k][1:]), np.array(rows[k + 1][1:])
    n = max(1, int(math.ceil(np.sum(np.abs(q1 - q0)) * REACH / 0.004)))  # samples ≤ 4 mm of motion apart
    step_motion = np.sum(np.abs(q1 - q0)) * REACH / n
    for i in range(n + 1):
        q = q0 + (q1 - q0) * i / n
        T = fk(q)
        for name, pieces in links.items():
            for (O, v, edge) in pieces:
                M = T[name] @ O
                P = v @ M[:3, :3].T + M[:3, 3]
                for obj in scene['objects']:
                    d = distance(obj, P).min() - edge - step_motion / 2
                    if d < best[0]:
                        best = (d, (k, i / n, name, obj['name'], float(distance(obj, P).min())))
print('certified clearance lower bound: %.4f m at segment %d s=%.3f link %s object %s (vertex distance %.4f)' % (
    best[0], *best[1]))
