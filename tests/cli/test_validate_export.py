#!/usr/bin/env python3
"""`railforge-cli validate --export` against python-jsonschema, the reference: exports of every level
in resources/ and tests/data/levels, as JSON and as YAML, untouched (valid) and with random damage
(a key removed or added, a value of the wrong type or out of range, a row cut short, the format or
version changed). For each file the CLI's verdict must be the reference's: exit 0 when the schema
accepts it, exit 3 with located FILE:LINE:COLUMN lines when it does not.
Usage: test_validate_export.py RAILFORGE_CLI SOURCE_DIR"""
import copy
import glob
import json
import os
import random
import re
import subprocess
import sys
import tempfile

import jsonschema
import yaml

from checklist import check, finish

cli, source = sys.argv[1], sys.argv[2]
with open(os.path.join(source, "resources/schema/export.schema.json")) as f:
    validator = jsonschema.Draft202012Validator(json.load(f))
LOCATED = re.compile(r"^.+:\d+:\d+: ")


def paths(value, prefix=()):
    """Every place in a JSON value, as a tuple of keys and indices."""
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, prefix + (i,))


def damage(doc, rng):
    """One random change at a random place; returns a description."""
    places = [p for p in paths(doc) if p]
    place = rng.choice(places)
    parent = doc
    for key in place[:-1]:
        parent = parent[key]
    last = place[-1]
    kind = rng.choice(["remove", "add-key", "string", "negative", "cut", "null", "format", "version"])
    if kind == "remove" and isinstance(parent, dict):
        del parent[last]
    elif kind == "add-key" and isinstance(parent, dict):
        parent["unexpected_" + str(rng.randint(0, 99))] = 1
    elif kind == "string":
        parent[last] = "text"
    elif kind == "negative" and isinstance(parent[last], (int, float)) and not isinstance(parent[last], bool):
        parent[last] = -abs(parent[last]) - 1
    elif kind == "cut" and isinstance(parent[last], list) and parent[last]:
        parent[last] = parent[last][:-1]
    elif kind == "null":
        parent[last] = None
    elif kind == "format":
        doc["format"] = "railforge-level"
    elif kind == "version":
        doc["version"] = 1
    else:
        parent[last] = [] if not isinstance(parent[last], list) else {}
    return "%s at /%s" % (kind, "/".join(map(str, place)))


def verdict(path):
    r = subprocess.run([cli, "validate", "--export", path], capture_output=True, text=True, timeout=60)
    return r


rng = random.Random(2026)
with tempfile.TemporaryDirectory() as tmp:
    levels = sorted(glob.glob(os.path.join(source, "resources/levels/*.yaml")) +
                    glob.glob(os.path.join(source, "tests/data/levels/*.yaml")))
    exports = []
    for level in levels:
        out = os.path.join(tmp, os.path.basename(level) + ".json")
        r = subprocess.run([cli, "export", level, "-o", out], capture_output=True, text=True)
        if r.returncode == 0:
            with open(out) as f:
                exports.append((os.path.basename(level), json.load(f)))
    check(len(exports) >= 3, "at least three levels export (%d did)" % len(exports))
    cases = 0
    for name, doc in exports:
        for trial in range(12):
            damaged = copy.deepcopy(doc)
            what = "untouched" if trial == 0 else damage(damaged, rng)
            expected_ok = validator.is_valid(damaged)
            for ext, dump in ((".json", lambda d, f: json.dump(d, f)),
                              (".yaml", lambda d, f: yaml.safe_dump(d, f, sort_keys=False))):
                path = os.path.join(tmp, "case%d%s" % (cases, ext))
                with open(path, "w") as f:
                    dump(damaged, f)
                r = verdict(path)
                label = "%s %s (%s)" % (name, what, ext)
                if expected_ok:
                    check(r.returncode == 0, label + ": accepted as the reference does: " + r.stderr[:300])
                else:
                    lines = r.stderr.strip().splitlines()
                    check(r.returncode == 3 and lines and all(LOCATED.match(l) or ": " in l for l in lines),
                          label + ": refused, located, as the reference does (exit %d): %s" % (r.returncode, r.stderr[:300]))
                cases += 1
    print("%d files checked" % cases)
finish()
