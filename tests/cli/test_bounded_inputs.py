#!/usr/bin/env python3
"""Small files that would cost gigabytes, answered within the time and memory a machine can spare
(docs/design.md "References and ground"): eight heightmap references to one 16384 x 16384 16-bit PNG
(half a megabyte on disk, 512 MiB decoded: read once, shared by all eight), six references to a 16384 x
16384 RGBA64 PNG (2 GiB decoded: over the image memory limit), a glTF whose nodes form a graph of depth 22
(each node names its child twice: 8 million nodes once placed), a .glb declaring a 4 GiB chunk in 51
bytes, and a 160 MB OBJ of 5.8 million triangles. `validate` and `ground` each answer within 30 s and
1.5 GB of peak memory (measured by /usr/bin/time -v), a refusal exits 3 and names the file, the limit and
the option that raises it, and raising that option reads the file.
Usage: test_bounded_inputs.py RAILFORGE_CLI"""
import json
import os
import re
import subprocess
import sys
import tempfile

from checklist import check, finish
from measured_run import measured_run

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from costly_files import grid_obj, liar_glb, node_graph, png  # noqa: E402

cli = sys.argv[1]
SECONDS = 30
PEAK_MB = 1500


def run(*args):
    """Runs the CLI under /usr/bin/time -v; returns (result, wall seconds, peak resident MB)."""
    return measured_run([cli, *args])


def level(path, references):
    with open(path, "w") as f:
        f.write("railforge: 1\nlevel: {name: Bounded, units: m}\nreferences:\n" +
                "".join("  - " + r + "\n" for r in references) + "rails: []\n")


def answered(name, path, refused_words=None, option=None, ground_at="5,5"):
    """validate and ground on `path`, each within the bounds; refused with `refused_words` (exit 3,
    naming the option) when given, else read (exit 0)."""
    for command in (["validate", path], ["ground", path, "--at", ground_at]):
        r, seconds, peak = run(*command)
        what = name + ": " + command[0]
        check(seconds < SECONDS, what + " answers within %d s" % SECONDS, SECONDS, seconds)
        check(peak < PEAK_MB, what + " peaks under %d MB" % PEAK_MB, PEAK_MB, peak)
        if refused_words:
            check(r.returncode == 3, what + " refuses it (exit 3)", 3, (r.returncode, r.stderr[-500:]))
            check(re.search(refused_words, r.stderr) is not None, what + " says '%s'" % refused_words, refused_words,
                  r.stderr[-500:])
            check(re.search(re.escape(path) + r":\d+:\d+: ", r.stderr) is not None or command[0] == "ground",
                  what + " names the place at FILE:LINE:COLUMN", path, r.stderr[-300:])
            if option:
                check(option in r.stderr, what + " names the option that raises the limit, " + option, option,
                      r.stderr[-300:])
        else:
            check(r.returncode == 0, what + " reads it (exit 0)", 0, (r.returncode, r.stderr[-500:]))
    return r


with tempfile.TemporaryDirectory() as tmp:
    project = os.path.join(tmp, "game")
    art = os.path.join(project, "art")
    levels = os.path.join(project, "levels")
    for folder in (os.path.join(project, ".git"), art, levels):
        os.makedirs(folder)

    # 1. Eight references to one 16384 x 16384 16-bit heightmap: decoded once (512 MiB), shared.
    png(os.path.join(art, "flat16.png"), 16384, 16384, 16, 0)
    check(os.path.getsize(os.path.join(art, "flat16.png")) < 1 << 20, "the 16-bit heightmap is under 1 MB on disk")
    path = os.path.join(levels, "eight_heightmaps.yaml")
    level(path, ["{id: h%d, heightmap: ../art/flat16.png, rect: [0, 0, 100, 100], z_range: [%d, %d]}" % (i, i, i + 1)
                 for i in range(8)])
    r = answered("eight references to one 16384^2 16-bit heightmap", path)
    # The highest of the eight black grids is the last one's z_range start.
    check(r.stdout.splitlines()[-1:] == ["5,5,7"], "ground answers from all eight (the highest, 7)", "5,5,7",
          r.stdout[-200:])
    # Two different such files fit the default (768 MiB) once, not twice: the second is refused, by name.
    png(os.path.join(art, "flat16b.png"), 16384, 16384, 16, 0)
    with open(os.path.join(art, "flat16b.png"), "ab") as f:
        f.write(b"\0")  # another file, not a link to the first
    path = os.path.join(levels, "two_heightmaps.yaml")
    level(path, ["{id: a, heightmap: ../art/flat16.png, rect: [0, 0, 100, 100], z_range: [0, 1]}",
                 "{id: b, heightmap: ../art/flat16b.png, rect: [0, 0, 100, 100], z_range: [0, 1]}"])
    answered("two different 16384^2 heightmaps", path,
             r"reference 'b': '\.\./art/flat16b\.png' decodes to 512 MiB .*over the limit of 768 MiB",
             "--max-image-memory")

    # 2. Six references to a 2 MB RGBA64 PNG of 16384 x 16384: 2 GiB decoded, refused before decoding.
    png(os.path.join(art, "deep.png"), 16384, 16384, 16, 6)
    path = os.path.join(levels, "six_rgba64.yaml")
    level(path, ["{id: d%d, heightmap: ../art/deep.png, rect: [0, 0, 100, 100], z_range: [0, 1]}" % i
                 for i in range(6)])
    answered("six references to a 16384^2 RGBA64 PNG", path, r"'\.\./art/deep\.png' decodes to 2 GiB",
             "--max-image-memory")

    # 3. A glTF whose nodes each name their child twice, 22 deep: 8 million nodes, 4 million triangles.
    node_graph(os.path.join(art, "dag.gltf"), 22)
    check(os.path.getsize(os.path.join(art, "dag.gltf")) < 2000, "the node graph is under 2 KB")
    path = os.path.join(levels, "dag.yaml")
    level(path, ["{id: dag, mesh: ../art/dag.gltf}"])
    answered("a glTF node graph of depth 22", path,
             r"its scene has 8388607 nodes once every node is placed as often as it is used, over the limit of 100000",
             "--max-mesh-nodes")
    # The same graph 10 deep (2047 nodes, 1024 triangles) is read, every use of the triangle placed.
    node_graph(os.path.join(art, "dag10.gltf"), 10)
    path = os.path.join(levels, "dag10.yaml")
    level(path, ["{id: dag, mesh: ../art/dag10.gltf}"])
    answered("a glTF node graph of depth 10", path)
    # A loop of nodes is refused by name.
    node_graph(os.path.join(art, "loop.gltf"), nodes=[{"children": [1]}, {"children": [0], "mesh": 0}])
    path = os.path.join(levels, "loop.yaml")
    level(path, ["{id: loop, mesh: ../art/loop.gltf}"])
    answered("a glTF whose nodes form a loop", path, r"its nodes form a loop")

    # 4. A 51-byte .glb that declares a 4 GiB JSON chunk: refused by its header.
    liar_glb(os.path.join(art, "liar.glb"))
    path = os.path.join(levels, "liar.yaml")
    level(path, ["{id: liar, mesh: ../art/liar.glb}"])
    answered("a 51-byte .glb declaring a 4 GiB chunk", path, r"its header declares a chunk of 4\.0 GiB in a file of 51 bytes")

    # 5. A 160 MB OBJ: a terrain grid of 1700 x 1700 vertices, 5.8 million triangles as quads.
    triangles = grid_obj(os.path.join(art, "big.obj"), 1700)
    size = os.path.getsize(os.path.join(art, "big.obj"))
    check(size > 150e6, "the OBJ is over 150 MB", 150e6, size)
    path = os.path.join(levels, "big_obj.yaml")
    level(path, ["{id: big, mesh: ../art/big.obj, up: z}"])
    answered("a 160 MB OBJ", path, r"'\.\./art/big\.obj': it holds %d triangles .*over the limit of 4000000" %
             triangles, "--max-triangles")
    # Raised, the limit lets the import start; one that runs past the time limit is refused and left behind.
    r, seconds, _ = run("validate", path, "--max-triangles", "6000000", "--read-timeout", "0.5")
    check(r.returncode == 3 and "reading took longer than the limit of 0.5 s (--read-timeout raises it)" in r.stderr,
          "a read over the time limit is refused, naming --read-timeout", 3, (r.returncode, r.stderr[-300:]))
    check(seconds < 5, "and answered soon after the limit (the import left behind)", 5, seconds)

finish()
