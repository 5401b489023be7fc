#!/usr/bin/env python3
"""No two folders of src/ include each other, directly or around a ring.

Every folder of src/app, src/document and src/cli (and the top folders: core, plugin-api, ...) is a
node; `#include "a/b/file.h"` in a file of folder X is an edge X -> a/b. The folders must form
layers: the graph has no cycle. On failure this names every ring and, for each edge in it, the
include lines that make it, so the fix (move a file down, or the include up) is one look away.
On success it prints the folders bottom-up, an order in which each includes only those before it.
"""
import collections
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "src")
INCLUDE = re.compile(r'\s*#\s*include\s+"([^"]+)"')
GROUPED = {"app", "document"}  # their subfolders are the nodes; elsewhere the top folder is


def folder_of(path):
    """The node a file (path relative to src/) belongs to."""
    parts = path.split("/")
    if parts[0] in GROUPED and len(parts) > 2:
        return parts[0] + "/" + parts[1]
    return parts[0]


def read_graph():
    edges = collections.defaultdict(lambda: collections.defaultdict(list))
    nodes = set()
    for directory, _, files in os.walk(ROOT):
        for name in sorted(files):
            if not name.endswith((".h", ".cpp")):
                continue
            path = os.path.join(directory, name)
            relative = os.path.relpath(path, ROOT)
            source = folder_of(relative)
            nodes.add(source)
            with open(path, encoding="utf-8", errors="replace") as text:
                for number, line in enumerate(text, 1):
                    match = INCLUDE.match(line)
                    if not match or not os.path.exists(os.path.join(ROOT, match.group(1))):
                        continue  # a sibling's bare name, a generated or a system header
                    target = folder_of(match.group(1))
                    if target != source:
                        edges[source][target].append(f"src/{relative}:{number}: #include \"{match.group(1)}\"")
    return nodes, edges


def rings(nodes, edges):
    """Tarjan's strongly connected components with more than one folder."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(10000)
    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return found


def layers(nodes, edges):
    """The folders bottom-up (only called when there is no ring)."""
    order, done = [], set()
    while len(done) < len(nodes):
        ready = sorted(n for n in nodes if n not in done and all(t in done for t in edges[n]))
        order.append(ready)
        done.update(ready)
    return order


def main():
    nodes, edges = read_graph()
    found = rings(nodes, edges)
    if found:
        for ring in found:
            print("these folders include each other around a ring: " + ", ".join(ring))
            for a in ring:
                for b in ring:
                    for line in edges[a].get(b, [])[:5]:
                        print(f"  {a} -> {b}: {line}")
        return 1
    print("no include loops among the folders of src/; bottom-up:")
    for number, layer in enumerate(layers(nodes, edges)):
        print(f"  {number}: {' '.join(layer)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
