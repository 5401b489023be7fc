#!/usr/bin/env python3
"""Switches over RailForge's own enums list every value and have no `default:`, so adding a value
makes the compiler (-Wswitch, an error in CI) name every switch that must handle it. A `default:`
is fine over ints, chars, errno and other libraries' enums (Qt, yaml-cpp). Fails listing each
`default:` whose switch's cases name a RailForge enum (`case Kind::Value:`)."""
import os
import re
import sys

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
FOREIGN = re.compile(r"^(Q\w*|YAML|Qt|std)(::|$)")
CASE = re.compile(r"^\s*case\s+((?:\w+::)+)\w+\s*:")
found = []
for folder in ("src", "plugins"):
    for dirpath, _, files in os.walk(os.path.join(root, folder)):
        for name in files:
            if not name.endswith((".cpp", ".h")):
                continue
            path = os.path.join(dirpath, name)
            lines = open(path, encoding="utf-8").read().splitlines()
            for i, line in enumerate(lines):
                if not line.strip().startswith("default:"):
                    continue
                # The cases of the same switch: back to its `switch (`.
                for back in range(i - 1, max(-1, i - 200), -1):
                    if re.search(r"\bswitch\s*\(", lines[back]):
                        break
                    m = CASE.match(lines[back])
                    if m:
                        qualifier = m.group(1)[:-2]
                        if not FOREIGN.match(qualifier):
                            found.append("%s:%d: default: in a switch over %s" %
                                         (os.path.relpath(path, root), i + 1, qualifier))
                        break
if found:
    print("switches over RailForge enums must list every value, without default:")
    print("\n".join(found))
    sys.exit(1)
print("every switch over a RailForge enum lists its values")
