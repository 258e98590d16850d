#!/usr/bin/env python3
"""Plans a collision-free motion for the bundled Panda with a short pure-Python RRT-Connect on collide4j, then
certifies the path and writes its certificate.

    python3 plan_rrt.py [--scene table_shelf] [--margin 0.01] [--seed 1] [--budget 5000] [--certificate path.json]

Every edge the trees keep is certified free by collide4j (is_motion_free, continuous, not sampled), so the path
is free before it is certified; the certificate lets anyone re-check it later (``collide4j verify``).
RRT-Connect: J. J. Kuffner and S. M. LaValle, "RRT-Connect: An efficient approach to single-query path
planning", ICRA 2000.
"""
import argparse
import sys
import time

import numpy as np

try:
    import collide4j
except ImportError:   # run from a source checkout
    import os
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    import collide4j

#: Start and goal of the example problem: from the Panda's ready pose to a reach down over the table on its left,
#: where the straight joint-space motion is blocked.
START = np.array([0.0, -0.785, 0.0, -2.356, 0.0, 1.571, 0.785])
GOAL = np.array([1.81, 1.13, 0.09, -2.22, -2.65, 1.41, -0.54])


class Tree:
    """Nodes and parent links of one RRT tree (arrays grown by doubling)."""

    def __init__(self, root):
        self.nodes = np.empty((64, root.size))
        self.parent = np.empty(64, dtype=int)
        self.nodes[0], self.parent[0], self.size = root, -1, 1

    def add(self, q, parent):
        if self.size == len(self.parent):
            self.nodes = np.concatenate([self.nodes, np.empty_like(self.nodes)])
            self.parent = np.concatenate([self.parent, np.empty_like(self.parent)])
        self.nodes[self.size], self.parent[self.size] = q, parent
        self.size += 1
        return self.size - 1

    def nearest(self, q):
        return int(np.argmin(np.sum((self.nodes[:self.size] - q) ** 2, axis=1)))

    def path_to_root(self, i):
        out = []
        while i >= 0:
            out.append(self.nodes[i])
            i = self.parent[i]
        return out


# margin + PLANNING_SLACK is what the trees are checked at: 2 x the checker's default tolerance (1e-4 m)
PLANNING_SLACK = 2e-4


def extend(checker, tree, q, step):
    """One step of at most ``step`` (joint-space norm) from the nearest node toward q; the new node or None."""
    i = tree.nearest(q)
    d = q - tree.nodes[i]
    n = np.linalg.norm(d)
    target = q if n <= step else tree.nodes[i] + d * (step / n)
    if checker.is_valid(target) and checker.is_motion_free(tree.nodes[i], target):
        return tree.add(target, i)
    return None


def connect(checker, tree, q, step):
    """Extends toward q until it is reached (its index) or blocked (None)."""
    while True:
        j = extend(checker, tree, q, step)
        if j is None:
            return None
        if np.array_equal(tree.nodes[j], q):
            return j


def plan(checker, start, goal, budget=5000, step=0.4, seed=1):
    """RRT-Connect from start to goal; a list of configurations, or None when ``budget`` samples did not suffice."""
    for name, q in (("start", start), ("goal", goal)):
        if not checker.is_valid(q):
            raise ValueError(name + " configuration is not valid (in collision, closer than the margin, or outside"
                             " the joint limits)")
    rng = np.random.default_rng(seed)
    a, b = Tree(np.asarray(start, float)), Tree(np.asarray(goal, float))
    lo, hi = checker.lower_limits, checker.upper_limits
    samples = np.empty((0, checker.dof))
    for _ in range(budget):
        if len(samples) == 0:   # sample in batches: one JVM call validates 256 states
            batch = rng.uniform(lo, hi, size=(256, checker.dof))
            samples = batch[checker.is_valid_many(batch)]
            continue
        q, samples = samples[0], samples[1:]
        j = extend(checker, a, q, step)
        if j is not None:
            k = connect(checker, b, a.nodes[j], step)
            if k is not None:
                first, second = a.path_to_root(j)[::-1], b.path_to_root(k)[1:]
                path = first + second
                return path if np.array_equal(path[0], start) else path[::-1]
        a, b = b, a
    return None


def shortcut(checker, path, tries=100, seed=2):
    """Random shortcutting: replaces a stretch by a straight motion whenever that motion is certified free."""
    rng = np.random.default_rng(seed)
    path = list(path)
    for _ in range(tries):
        if len(path) < 3:
            break
        i, j = sorted(rng.choice(len(path), size=2, replace=False))
        if j - i > 1 and checker.is_motion_free(path[i], path[j]):
            path = path[:i + 1] + path[j:]
    return path


def timed(path, speed=0.5):
    """Waypoint times for moving at ``speed`` rad/s (joint-space norm) along straight segments."""
    d = [np.linalg.norm(b - a) for a, b in zip(path, path[1:])]
    return np.concatenate([[0.0], np.cumsum(np.maximum(d, 1e-6) / speed)])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scene", default="table_shelf", help="bundled scene name or scene file")
    ap.add_argument("--margin", type=float, default=0.01, help="required separation in metres")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget", type=int, default=5000, help="samples before giving up")
    ap.add_argument("--certificate", help="write the path's certificate here")
    args = ap.parse_args(argv)
    # The trees are checked at the planning margin (margin + 2 x the checker's 1e-4 m tolerance, as Java's
    # Collide4j.planningMargin) and the path is certified at the margin: is_valid / is_motion_free accept clearances
    # in (margin, margin + tolerance] that certify reports, so planning at the margin could return a path its own
    # certificate refuses (README, "Planning margin").
    with collide4j.Checker("panda", scene=args.scene, margin=args.margin + PLANNING_SLACK) as checker:
        t0 = time.perf_counter()
        path = plan(checker, START, GOAL, budget=args.budget, seed=args.seed)
        if path is None:
            print("no path within %d samples" % args.budget)
            return None, None
        path = shortcut(checker, path)
        planned = time.perf_counter() - t0
        cert = checker.certify(timed(path), np.array(path), margin=args.margin)
        print("path of %d waypoints in %.3f s; certificate: %s" % (len(path), planned, cert.verdict.name))
        if args.certificate:
            cert.write(args.certificate)
        return path, cert


if __name__ == "__main__":
    path, cert = main()
    sys.exit(0 if cert is not None and cert.certified_free else 1)
