#!/usr/bin/env python3
"""Self-check of the JSON Schemas in resources/schema/.

Checks that both schemas are valid draft 2020-12 schemas, that the demo level
and small hand-written documents are ACCEPTED, and that deliberately wrong
documents are REJECTED. Prints one line per case and "N passed, M failed";
exits 1 when any case failed.

Usage: test_schema_selfcheck.py [REPO_ROOT]   (default: two folders up from here)
"""
import json
import os
import subprocess
import sys
import tempfile

import jsonschema
import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(HERE))
LEVEL_SCHEMA = os.path.join(ROOT, "resources", "schema", "level.schema.json")
EXPORT_SCHEMA = os.path.join(ROOT, "resources", "schema", "export.schema.json")
DEMO = os.path.join(ROOT, "resources", "levels", "demo.yaml")
CHECKER = os.path.join(HERE, "check_schema.py")

# A small valid level; the bad cases below are each a complete document.
GOOD_LEVEL = """
railforge: 1
level: {name: Tiny, units: m}
waypoints:
  - {id: w1, position: [0, 0, 0], properties: {wait: 2.0, tag: gate, alert: true, colour: "#FF8800"}}
  - {id: w2, position: [10, 0]}
edges:
  - {from: w1, to: w2, bidirectional: false, cost: 12.5}
obstacles:
  - {id: rock, polygon: [[4, 4], [6, 4], [6, 6]]}
  - {id: pillar, circle: {center: [10, 2], radius: 1.5}}
rails:
  - {id: r1, closed: false, spline: {type: catmull-rom, alpha: 0.5}, points: [[0, 0, 0], [10, 5, 0]]}
  - {id: r2, spline: {type: linear}, points: [[0, 0], [1, 1], {at: [2, 0], tilt: 15}], properties: {speed: 3}}
  - id: r3
    spline: {type: bezier, alpha: 0.5}
    points:
      - [0, 0, 0]
      - {at: [4, 2, 0], in: [-1, 0, 0], out: [2, 0, 0], mode: aligned, tilt: 30}
      - {at: [8, 0, 0], in: [0, 1, 0], out: [0, -1, 0], mode: mirrored}
      - {at: [9, 3, 1], mode: corner}
patrols:
  - id: p1
    stops: [w1, w2]
    mode: pingpong
    agent: guard
    follow: navmesh
    smoothing:
      - {strategy: line-of-sight, params: {radius: 0.5}}
      - {strategy: chaikin, params: {iterations: 2}, enabled: false}
agents:
  - {id: guard, radius: 0.4, height: 1.8, climb: 0.4, slope: 45, navmesh: {cell: 0.1}}
  - {id: dog, radius: 0.3, height: 0.6, climb: 0, slope: 30}
"""

GOOD_MINIMAL_LEVEL = """
railforge: 1
level: {name: Empty, units: m}
"""

GOOD_EXPORT = """
format: railforge-export
version: 2
level: {name: Demo, units: m}
coordinates: {up: z, handedness: right, metres_per_unit: 1}
graph:
  nodes:
    - {id: w1, position: [0, 0, 0], properties: {}}
    - {id: w2, position: [10, 0, 0], properties: {tag: door}}
  edges:
    - {from: w1, to: w2, cost: 10, bidirectional: true, properties: {}}
obstacles:
  - {id: pillar, circle: {center: [10, 2], radius: 1.5}, properties: {}}
rails:
  - id: r1
    closed: false
    length: 10.0
    spacing: 5.0
    samples:
      - [0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
      - [5, 5, 0, 0, 1, 0, 0, 0, 0, 1]
      - [10, 10, 0, 0, 1, 0, 0, 0, 0, 1]
    bezier:
      - [[0, 0, 0], [0, 0, 0], [3.3, 0, 0]]
      - [[10, 0, 0], [6.7, 0, 0], [10, 0, 0]]
    knot_s: [0, 10.0]
    tilt: [0, 15.0]
    properties: {speed: 2.0}
patrols:
  - id: p1
    mode: loop
    length: 20.0
    spacing: 10.0
    samples: [[0, 0, 0, 0, 1, 0, 0], [10, 10, 0, 0, -1, 0, 0], [20, 0, 0, 0, -1, 0, 0]]
    stops: [{waypoint: w1, s: 0}, {waypoint: w2, s: 10.0}, {waypoint: w1, s: 20.0}]
    pipeline: [{strategy: chaikin, version: "1.0.0", params: {iterations: 2}}]
    properties: {}
"""

BAD_LEVELS = {
    "agent with a negative radius": GOOD_LEVEL.replace("radius: 0.4, height: 1.8", "radius: -0.4, height: 1.8"),
    "agent with a slope of 90": GOOD_LEVEL.replace("slope: 45", "slope: 90"),
    "agent with an unknown key": GOOD_LEVEL.replace("slope: 45,", "slope: 45, speed: 3,"),
    "agent with a navmesh cell of 0": GOOD_LEVEL.replace("cell: 0.1", "cell: 0"),
    "patrol following an unknown thing": GOOD_LEVEL.replace("follow: navmesh", "follow: rails"),
    "wrong spline type": """
railforge: 1
level: {name: Bad, units: m}
rails:
  - {id: r1, closed: false, spline: {type: hermite, alpha: 0.5}, points: [[0, 0, 0], [1, 0, 0]]}
""",
    "handles on a catmull-rom rail": """
railforge: 1
level: {name: Bad, units: m}
rails:
  - {id: r1, spline: {type: catmull-rom}, points: [[0, 0, 0], {at: [1, 0, 0], in: [1, 0, 0], out: [1, 0, 0]}]}
""",
    "unknown handle mode": """
railforge: 1
level: {name: Bad, units: m}
rails:
  - {id: r1, spline: {type: bezier}, points: [[0, 0, 0], {at: [1, 0, 0], mode: smooth}]}
""",
    "point map without at": """
railforge: 1
level: {name: Bad, units: m}
rails:
  - {id: r1, spline: {type: bezier}, points: [[0, 0, 0], {tilt: 10}]}
""",
    "tilt as text": """
railforge: 1
level: {name: Bad, units: m}
rails:
  - {id: r1, spline: {type: bezier}, points: [[0, 0, 0], {at: [1, 0, 0], tilt: steep}]}
""",
    "alpha 2": """
railforge: 1
level: {name: Bad, units: m}
rails:
  - {id: r1, closed: false, spline: {type: catmull-rom, alpha: 2}, points: [[0, 0, 0], [1, 0, 0]]}
""",
    "rail point beyond the coordinate range": """
railforge: 1
level: {name: Bad, units: m}
rails:
  - {id: r1, closed: false, spline: {type: linear, alpha: 0.5}, points: [[0, 0, 0], [1, 0, 1.0e+300]]}
""",
    "circle radius beyond the range": """
railforge: 1
level: {name: Bad, units: m}
obstacles:
  - {id: o, circle: {center: [0, 0], radius: 2.0e+9}}
""",
    "obstacle with both polygon and circle": """
railforge: 1
level: {name: Bad, units: m}
obstacles:
  - {id: both, polygon: [[4, 4], [6, 4], [6, 6]], circle: {center: [10, 2], radius: 1.5}}
""",
    "obstacle with neither polygon nor circle": """
railforge: 1
level: {name: Bad, units: m}
obstacles:
  - {id: nothing}
""",
    "waypoint missing id": """
railforge: 1
level: {name: Bad, units: m}
waypoints:
  - {position: [0, 0, 0]}
""",
    "empty id": """
railforge: 1
level: {name: Bad, units: m}
waypoints:
  - {id: "", position: [0, 0, 0]}
""",
    "unknown key in waypoint": """
railforge: 1
level: {name: Bad, units: m}
waypoints:
  - {id: w1, position: [0, 0, 0], colour: red}
""",
    "unknown top-level key": """
railforge: 1
level: {name: Bad, units: m}
triggers: []
""",
    "position of 4 numbers": """
railforge: 1
level: {name: Bad, units: m}
waypoints:
  - {id: w1, position: [0, 0, 0, 0]}
""",
    "position of strings": """
railforge: 1
level: {name: Bad, units: m}
waypoints:
  - {id: w1, position: [a, b, c]}
""",
    "polygon of 2 points": """
railforge: 1
level: {name: Bad, units: m}
obstacles:
  - {id: thin, polygon: [[0, 0], [1, 1]]}
""",
    "zero radius": """
railforge: 1
level: {name: Bad, units: m}
obstacles:
  - {id: dot, circle: {center: [0, 0], radius: 0}}
""",
    "zero edge cost": """
railforge: 1
level: {name: Bad, units: m}
edges:
  - {from: w1, to: w2, cost: 0}
""",
    "bidirectional as a string": """
railforge: 1
level: {name: Bad, units: m}
edges:
  - {from: w1, to: w2, bidirectional: "yes"}
""",
    "unknown patrol mode": """
railforge: 1
level: {name: Bad, units: m}
patrols:
  - {id: p1, stops: [w1, w2], mode: random}
""",
    "patrol with one stop": """
railforge: 1
level: {name: Bad, units: m}
patrols:
  - {id: p1, stops: [w1], mode: once}
""",
    "property value that is a list": """
railforge: 1
level: {name: Bad, units: m}
waypoints:
  - {id: w1, position: [0, 0, 0], properties: {tags: [a, b]}}
""",
    "property value null": """
railforge: 1
level: {name: Bad, units: m}
waypoints:
  - {id: w1, position: [0, 0, 0], properties: {wait: null}}
""",
    "rail with one point": """
railforge: 1
level: {name: Bad, units: m}
rails:
  - {id: r1, spline: {type: linear}, points: [[0, 0, 0]]}
""",
    "wrong format version": """
railforge: 2
level: {name: Bad, units: m}
""",
    "missing level": """
railforge: 1
waypoints: []
""",
}

BAD_EXPORTS = {
    "rail sample row without its up vector": GOOD_EXPORT.replace("[5, 5, 0, 0, 1, 0, 0, 0, 0, 1]", "[5, 5, 0, 0, 1, 0, 0]"),
    "patrol sample row of 6 numbers": GOOD_EXPORT.replace("[10, 10, 0, 0, -1, 0, 0]", "[10, 10, 0, 0, -1, 0]"),
    "version 1": GOOD_EXPORT.replace("version: 2", "version: 1"),
    "no coordinates": GOOD_EXPORT.replace("coordinates: {up: z, handedness: right, metres_per_unit: 1}\n", ""),
    "y up": GOOD_EXPORT.replace("up: z", "up: y"),
    "rail without knot_s": GOOD_EXPORT.replace("    knot_s: [0, 10.0]\n", ""),
    "stop without s": GOOD_EXPORT.replace("{waypoint: w2, s: 10.0}", "{waypoint: w2}"),
    "edge without resolved cost": GOOD_EXPORT.replace("cost: 10, ", ""),
    "waypoints outside the graph": GOOD_EXPORT.replace("obstacles:\n", "waypoints: []\nobstacles:\n"),
    "bezier knot of 2 triples": GOOD_EXPORT.replace(
        "[[10, 0, 0], [6.7, 0, 0], [10, 0, 0]]", "[[10, 0, 0], [6.7, 0, 0]]"),
    "zero spacing": GOOD_EXPORT.replace("spacing: 5.0", "spacing: 0"),
    "negative length": GOOD_EXPORT.replace("length: 10.0", "length: -1.0"),
    "wrong format name": GOOD_EXPORT.replace("format: railforge-export", "format: railforge"),
    "rail without bezier": GOOD_EXPORT.replace(
        """    bezier:
      - [[0, 0, 0], [0, 0, 0], [3.3, 0, 0]]
      - [[10, 0, 0], [6.7, 0, 0], [10, 0, 0]]
""", ""),
}

passed = 0
failed = 0


def report(ok, name, detail=""):
    global passed, failed
    if ok:
        passed += 1
        print(f"PASS {name}")
    else:
        failed += 1
        print(f"FAIL {name}{': ' + detail if detail else ''}")


def load_schema(path):
    with open(path, encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def expect_valid(validator, name, text):
    errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(yaml.safe_load(text))]
    report(not errors, f"accepts {name}", "; ".join(errors))


def expect_invalid(validator, name, text):
    data = yaml.safe_load(text)
    report(not validator.is_valid(data), f"rejects {name}", "was accepted")


def check_cli():
    """check_schema.py: exit 0 on the demo, exit 1 and FILE: path: message on a bad file."""
    run = subprocess.run([sys.executable, CHECKER, LEVEL_SCHEMA, DEMO], capture_output=True, text=True)
    report(run.returncode == 0 and run.stdout == "", "check_schema.py accepts demo.yaml",
           f"exit {run.returncode}: {run.stdout}{run.stderr}")
    with tempfile.TemporaryDirectory() as tmp:
        bad = os.path.join(tmp, "bad.yaml")
        with open(bad, "w", encoding="utf-8") as f:
            f.write(BAD_LEVELS["alpha 2"])
        run = subprocess.run([sys.executable, CHECKER, LEVEL_SCHEMA, DEMO, bad], capture_output=True, text=True)
        ok = run.returncode == 1 and run.stdout.startswith(f"{bad}: /rails/0/spline/alpha: ")
        report(ok, "check_schema.py reports FILE: path: message and exits 1",
               f"exit {run.returncode}: {run.stdout}{run.stderr}")
    run = subprocess.run([sys.executable, CHECKER, LEVEL_SCHEMA], capture_output=True, text=True)
    report(run.returncode == 2, "check_schema.py usage error exits 2", f"exit {run.returncode}")


def main():
    try:
        level = load_schema(LEVEL_SCHEMA)
        report(True, "level.schema.json is a valid draft 2020-12 schema")
        export = load_schema(EXPORT_SCHEMA)
        report(True, "export.schema.json is a valid draft 2020-12 schema")
    except (OSError, ValueError, jsonschema.SchemaError) as exc:
        report(False, "schemas load", str(exc))
        print(f"{passed} passed, {failed} failed")
        return 1

    with open(DEMO, encoding="utf-8") as f:
        expect_valid(level, "demo.yaml", f.read())
    with open(os.path.join(ROOT, "resources", "levels", "banked.yaml"), encoding="utf-8") as f:
        expect_valid(level, "banked.yaml (bezier rails, tilt)", f.read())
    expect_valid(level, "small level", GOOD_LEVEL)
    expect_valid(level, "minimal level", GOOD_MINIMAL_LEVEL)
    for name, text in BAD_LEVELS.items():
        expect_invalid(level, name, text)

    expect_valid(export, "small export", GOOD_EXPORT)
    for name, text in BAD_EXPORTS.items():
        expect_invalid(export, f"export: {name}", text)
    expect_invalid(export, "a level document as export", GOOD_LEVEL)
    expect_invalid(level, "an export as level document", GOOD_EXPORT)

    check_cli()
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
