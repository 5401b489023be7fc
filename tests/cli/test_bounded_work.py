#!/usr/bin/env python3
"""Tiny levels that ask for unbounded work (docs/design.md "A level from anywhere is safe to open"): a
tube of size 1e9 on a line and on a helix, ties every 1e-300 on 30 rails, a rail 1.8e9 m long for
fit-heights and drape, and tolerances of 1e-6 and 1e-300. Each command answers within 30 s and 1.5 GB
of peak memory (/usr/bin/time -v): a refusal (exit 3) that names the option raising the limit, or a
correct result; nothing is written on a refusal. Raising a limit past what the machine holds ends in
"ran out of memory" (exit 3), never an abort.
Usage: test_bounded_work.py RAILFORGE_CLI"""
import json
import math
import os
import re
import resource
import subprocess
import sys
import tempfile

from checklist import check, finish
from measured_run import measured_run

cli = sys.argv[1]
SECONDS = 30
PEAK_MB = 1536


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def refused(name, args, words, out=None):
    r, seconds, peak = measured_run([cli, *args], timeout=120)
    check(r.returncode == 3, name + ": exits 3", 3, (r.returncode, r.stderr[-400:]))
    check(re.search(words, r.stderr), name + ": says /" + words + "/", words, r.stderr[-400:])
    check(seconds < SECONDS, name + ": within %d s" % SECONDS, SECONDS, seconds)
    check(peak < PEAK_MB, name + ": under %d MB" % PEAK_MB, PEAK_MB, peak)
    if out:
        check(not os.path.exists(out), name + ": writes nothing")


with tempfile.TemporaryDirectory() as tmp:
    os.makedirs(os.path.join(tmp, ".git"))
    p = lambda name: os.path.join(tmp, name)

    # export-mesh: a tube as wide as a planet, on a line and on a helix.
    write(p("tube.yaml"), "railforge: 1\nlevel: {name: Tube, units: m}\nrails:\n"
          "  - {id: r, points: [[0, 0, 0], [100, 0, 0]], track: {section: tube, size: 1e9}}\n")
    helix = ", ".join("[%g, %g, %g]" % (20 * math.cos(t / 4), 20 * math.sin(t / 4), t) for t in range(40))
    write(p("helix.yaml"), "railforge: 1\nlevel: {name: Helix, units: m}\nrails:\n"
          "  - {id: h, points: [" + helix + "], track: {section: tube, size: 1e9}}\n")
    triangles = r"over the limit of 8000000 triangles for the whole export \(--max-mesh-triangles"
    # On a straight line a tube of any size is two rings: a correct, small result.
    r, seconds, peak = measured_run([cli, "export-mesh", p("tube.yaml"), "-o", p("tube.glb")])
    check(r.returncode == 0 and os.path.getsize(p("tube.glb")) < 100000 and seconds < SECONDS and peak < PEAK_MB,
          "export-mesh tube 1e9 on a line: written, small", 0, (r.returncode, seconds, peak, r.stderr[-300:]))
    refused("export-mesh helix 1e9", ["export-mesh", p("helix.yaml"), "-o", p("helix.glb")], triangles, p("helix.glb"))
    # ... a level-wide tie spacing of 1e-300 on 30 rails: the whole export's parts.
    rails = "".join("  - {id: r%d, points: [[0, %d, 0], [50, %d, 0]]}\n" % (i, 3 * i, 3 * i) for i in range(30))
    write(p("ties.yaml"), "railforge: 1\nlevel: {name: Ties, units: m, track: {section: rails, size: 1.5, "
          "ties: {every: 1e-300}}}\nrails:\n" + rails)
    refused("export-mesh ties every 1e-300", ["export-mesh", p("ties.yaml"), "-o", p("ties.glb")],
            r"ties, supports and footings, over the limit of 1000000 for the whole export \(--max-track-parts",
            p("ties.glb"))
    # The same level at a sane spacing is written, with every tie.
    write(p("sane.yaml"), open(p("ties.yaml")).read().replace("every: 1e-300", "every: 1"))
    r, seconds, peak = measured_run([cli, "export-mesh", p("sane.yaml"), "-o", p("sane.gltf"), "--plain"])
    check(r.returncode == 0 and os.path.exists(p("sane.gltf")), "ties every 1 m: written", 0, r.stderr[-300:])
    if r.returncode == 0:
        nodes = json.load(open(p("sane.gltf")))["nodes"]
        check(sum(1 for n in nodes if "tie" in n.get("name", "")) >= 30 * 50,
              "ties every 1 m: 50 ties on each of the 30 rails", 1500, len(nodes))

    # fit-heights and drape on a rail 1.8e9 m long (the coordinates' range) over a flat ground.
    write(p("ground.obj"), "v -10 -10 0\nv 10 -10 0\nv 10 10 0\nv -10 10 0\nf 1 2 3\nf 1 3 4\n")
    write(p("long.yaml"), "railforge: 1\nlevel: {name: Long, units: m}\n"
          "references:\n  - {id: g, mesh: ground.obj, up: z, ground: true}\n"
          "rails:\n  - {id: r, points: [[-9e8, 0, 1], [9e8, 0, 1]]}\n")
    samples = r"over the limit of 10000000 per rail \(--max-rail-samples raises it\)"
    refused("fit-heights 1.8e9 m", ["fit-heights", p("long.yaml"), "--rail", "r", "--clearance", "1", "--max-grade", "6",
                                  "-o", p("fit.yaml")], samples, p("fit.yaml"))
    refused("drape 1.8e9 m", ["drape", p("long.yaml"), "--rail", "r", "-o", p("draped.yaml")], samples,
            p("draped.yaml"))
    # Tolerances against a 10 m rail: too fine is refused, never answered looser than asked.
    write(p("short.yaml"), "railforge: 1\nlevel: {name: Short, units: m}\n"
          "references:\n  - {id: g, mesh: ground.obj, up: z, ground: true}\n"
          "rails:\n  - {id: r, points: [[-5, 0, 3], [5, 0, 3]]}\n")
    for tolerance in ("1e-6", "1e-300"):
        refused("fit-heights --tolerance " + tolerance,
                ["fit-heights", p("short.yaml"), "--rail", "r", "--clearance", "1", "--max-grade", "6",
                 "--tolerance", tolerance, "-o", p("fine.yaml")], samples, p("fine.yaml"))
    # A fine tolerance the limit allows: the clearance asked for is kept.
    r, seconds, peak = measured_run([cli, "fit-heights", p("short.yaml"), "--rail", "r", "--clearance", "1",
                                     "--max-grade", "6", "--tolerance", "1e-3", "-o", p("fine.yaml")])
    check(r.returncode == 0 and seconds < SECONDS and peak < PEAK_MB, "fit-heights --tolerance 1e-3: fitted",
          0, (r.returncode, seconds, peak, r.stderr[-300:]))
    if r.returncode == 0:
        g = subprocess.run([cli, "sample", p("fine.yaml"), "--rail", "r", "--spacing", "0.05"], capture_output=True,
                           text=True)
        heights = [float(line.split(",")[3]) for line in g.stdout.splitlines()[1:] if line.count(",") >= 3]
        check(heights and min(heights) >= 1 - 1e-3, "the fitted rail keeps the clearance of 1 over z = 0", 1,
              min(heights) if heights else g.stderr)

    # Past every limit and past the machine: the CLI's last line of defence says so and exits 3.
    def small_memory():
        resource.setrlimit(resource.RLIMIT_AS, (1 << 31, 1 << 31))

    write(p("far.yaml"), open(p("long.yaml")).read().replace("-9e8", "-4.5e7").replace("[9e8", "[4.5e7"))
    r = subprocess.run([cli, "fit-heights", p("far.yaml"), "--rail", "r", "--clearance", "1", "--max-grade", "6",
                        "--max-rail-samples", "1e9", "--tolerance", "0.4", "-o", p("fit.yaml")], capture_output=True, text=True,
                       preexec_fn=small_memory, timeout=120)
    check(r.returncode == 3 and "ran out of memory" in r.stderr and "nothing was written" in r.stderr,
          "a limit raised past the machine's memory: 'ran out of memory', exit 3 (not an abort)", 3,
          (r.returncode, r.stderr[-300:]))
    check(not os.path.exists(p("fit.yaml")), "... and nothing written")

finish()
