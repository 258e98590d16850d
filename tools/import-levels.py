#!/usr/bin/env python3
"""Import levels, back arrows and mutual pairs of a Java source tree (issue 30's measure; no third-party code).

Usage:
  tools/import-levels.py files    checker/src/main/java/io/collide4j/checker/query
  tools/import-levels.py packages checker/src/main/java io.collide4j.checker

`files DIR`: one node per .java file of the package in DIR; an arrow A -> B when A's code (comments and strings
removed) names B's simple class name. Same-package classes need no import, so names are what links them.
`packages ROOT PREFIX`: one node per package under PREFIX; an arrow P -> Q when a file of P imports (or names
fully qualified) a class of Q.

Levels: arrows are walked depth first in sorted order; an arrow to a node still on the walk's stack closes a cycle and
is counted as a back arrow (the number depends on the walk order only through which arrow of a cycle is blamed, so it
is reproducible; zero back arrows means no cycle at all). Without the back arrows the graph is acyclic, and a node's
level is 0 when it uses nothing else, else 1 + the highest level it uses. Mutual pairs: A uses B and B uses A.
Nodes in cycles: the members of strongly connected components of more than one node (independent of walk order;
the back-arrow count is not: compare runs by this one).
"""
import os
import re
import sys

COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
STRING = re.compile(r'"""(?:.|\n)*?"""|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'')


def code_of(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    # strings first would miss quotes inside comments; comments first would eat '//' inside strings: strip strings
    # that contain no comment opener, then comments, then the remaining strings
    text = STRING.sub('""', text)
    return COMMENT.sub(" ", text)


def file_graph(directory):
    names = sorted(f[:-5] for f in os.listdir(directory) if f.endswith(".java") and f != "package-info.java")
    graph = {}
    for n in names:
        code = code_of(os.path.join(directory, n + ".java"))
        words = set(re.findall(r"\b[A-Z][A-Za-z0-9_]*\b", code))
        graph[n] = sorted(m for m in names if m != n and m in words)
    return graph


def package_graph(root, prefix):
    base = os.path.join(root, *prefix.split("."))
    graph = {}
    qualified = re.compile(r"\b(" + re.escape(prefix) + r"(?:\.[a-z_][a-z0-9_]*)*)\.[A-Z]")
    for d, _, files in os.walk(base):
        java = [f for f in files if f.endswith(".java")]
        if not java:
            continue
        pkg = prefix + d[len(base):].replace(os.sep, ".")
        uses = graph.setdefault(pkg, set())
        for f in java:
            for m in qualified.finditer(code_of(os.path.join(d, f))):
                if m.group(1) != pkg:
                    uses.add(m.group(1))
    return {p: sorted(q for q in u if q in graph) for p, u in sorted(graph.items())}


def measure(graph):
    state = {}  # absent: not seen, 1: on the stack, 2: done
    back = []

    def visit(n):
        state[n] = 1
        for m in graph[n]:
            if state.get(m) == 1:
                back.append((n, m))
            elif m not in state:
                visit(m)
        state[n] = 2

    sys.setrecursionlimit(10000)
    for n in sorted(graph):
        if n not in state:
            visit(n)
    back_set = set(back)
    level = {}

    def lvl(n):
        if n not in level:
            used = [lvl(m) for m in graph[n] if (n, m) not in back_set]
            level[n] = 1 + max(used) if used else 0
        return level[n]

    for n in graph:
        lvl(n)
    arrows = sum(len(v) for v in graph.values())
    mutual = sorted((a, b) for a in graph for b in graph[a] if a < b and a in graph[b])
    return level, arrows, back, mutual


def cycles(graph):
    """Strongly connected components with more than one node (Tarjan), largest first: the files caught in cycles."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def strong(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    return sorted(out, key=lambda c: (-len(c), c))


def main():
    if len(sys.argv) < 3 or sys.argv[1] not in ("files", "packages"):
        print(__doc__, file=sys.stderr)
        return 64
    graph = file_graph(sys.argv[2]) if sys.argv[1] == "files" else package_graph(sys.argv[2], sys.argv[3])
    level, arrows, back, mutual = measure(graph)
    levels = 1 + max(level.values()) if level else 0
    loops = cycles(graph)
    print(f"{len(graph)} nodes, {levels} levels, {arrows} arrows, {len(back)} back arrows, {len(mutual)} mutual pairs, "
          f"{sum(len(c) for c in loops)} nodes in cycles (largest {len(loops[0]) if loops else 0})")
    for n in sorted(graph, key=lambda k: (level[k], k)):
        print(f"  L{level[n]:<3} {n}")
    for a, b in back:
        print(f"  back: {a} -> {b}")
    for a, b in mutual:
        print(f"  mutual: {a} <-> {b}")
    for c in loops:
        print(f"  cycle: {' '.join(c)}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # piped into head
        sys.exit(0)
