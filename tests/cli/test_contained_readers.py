#!/usr/bin/env python3
"""Files made to break the third-party decoders (docs/design.md "A level from anywhere is safe to open"):
each is answered by `validate` and `ground` within 30 s and 1.5 GB of peak memory, measured by
/usr/bin/time -v (which counts the reader process too), with exit 3 and a refusal at FILE:LINE:COLUMN
that names what stopped it. No height from any of them is ever printed.
- a Collada node that instances itself, and a Collada DAG (assimp recurses without end / expands it);
- a binary FBX of 200,000 nested scopes and a glTF whose asset.extras nests 200,000 arrays (assimp's
  parsers recurse once per level);
- a glTF DAG of depth 30 that the pre-count cannot see: a bad UTF-8 byte, duplicate `children` keys
  (Qt's JSON keeps the last, assimp's the first), and the same file renamed .txt;
- a sparse accessor of 400 million elements with no data;
- PLY and OFF headers that declare 300 million vertices;
- an OBJ with CR-only line ends, over the triangle limit, and one of polylines;
- a progressive JPEG heightmap that takes longer to decode than --read-timeout.
Usage: test_contained_readers.py RAILFORGE_CLI"""
import os
import re
import subprocess
import sys
import tempfile

from checklist import check, finish
from measured_run import measured_run

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import decoder_traps as traps  # noqa: E402

cli = sys.argv[1]
SECONDS = 30
PEAK_MB = 1536


def run(*args):
    """Runs the CLI under /usr/bin/time -v: (exit code, stdout, stderr, seconds, peak MB)."""
    r, seconds, peak = measured_run([cli, *args], timeout=120)
    return r.returncode, r.stdout, r.stderr, seconds, peak


def write(path, data):
    with open(path, "wb" if isinstance(data, bytes) else "w") as f:
        f.write(data)


with tempfile.TemporaryDirectory() as tmp:
    os.makedirs(os.path.join(tmp, ".git"))  # the project

    def answered(name, reference, file_name, data, words, *options):
        """Writes the file and a level naming it; validate and ground must refuse it as `words` says."""
        write(os.path.join(tmp, file_name), data)
        level = os.path.join(tmp, name + ".yaml")
        write(level, "railforge: 1\nlevel: {name: Hostile, units: m}\nreferences:\n  - " + reference % file_name +
              "\nrails: []\n")
        for command in (["validate", level], ["ground", level, "--at", "1,1"]):
            code, out, err, seconds, peak = run(*command, *options)
            what = name + ": " + command[0]
            check(code == 3, what + " exits 3", 3, (code, err[-400:]))
            located = [l for l in err.splitlines() if re.match(re.escape(level) + r":\d+:\d+: ", l)]
            check(any(re.search(words, l) for l in located), what + " says /" + words + "/ at FILE:LINE:COLUMN",
                  words, err[-400:])
            check(seconds < SECONDS, what + " answers within %d s" % SECONDS, SECONDS, seconds)
            check(peak < PEAK_MB, what + " peaks under %d MB" % PEAK_MB, PEAK_MB, peak)
            check(not re.search(r"^-?[\d.]+,-?[\d.]+,-?[\d.]+$", out, re.M), what + " prints no height", "", out)
            print("%s: %.2f s, %.0f MB: %s" % (what, seconds, peak, located[0].split(": ", 1)[1] if located else err))

    mesh = "{id: hostile, mesh: %s, ground: true}"
    crashed = r"reference 'hostile': .*its reader crashed \(signal"
    memory = r"reference 'hostile': .*needed more than the [\d.]+ [KMG]i?B of memory its reader may use \(--max-"
    nodes = r"reference 'hostile': .*more than 100000 nodes once every node is placed.*--max-mesh-nodes"
    stopped = "|".join([crashed, memory, nodes])
    for kind, name, words in [("collada_self", "self.dae", stopped), ("collada_dag", "dag.dae", stopped),
                              ("fbx_scopes", "scopes.fbx", crashed), ("gltf_extras", "extras.gltf", crashed),
                              ("gltf_dag_utf8", "utf8.gltf", stopped), ("gltf_dag_keys", "keys.gltf", stopped),
                              ("gltf_dag", "dag.txt", stopped), ("gltf_sparse", "sparse.gltf", memory),
                              ("ply_header", "huge.ply", stopped), ("off_header", "huge.off", stopped)]:
        answered(kind + "_" + name.replace(".", "_"), mesh, name, traps.MAKERS[kind](), words)

    answered("obj_cr_only", mesh, "cr.obj", traps.obj_cr(200000), r"200000 triangles.*over the limit of 1000 \(--max-triangles", "--max-triangles",
             "1000")
    lines = "v 0 0 0\nv 10 0 0\nv 0 10 0\n" + "l 1 2 3 1\n" * 2000 + "f 1 2 3\n"
    answered("obj_polylines", mesh, "lines.obj", lines, r"6001 triangles.*over the limit of 1000 \(--max-triangles",
             "--max-triangles", "1000")

    # A heightmap whose decode takes longer than the time allowed: a large progressive JPEG.
    jpeg = os.path.join(tmp, "slow.jpg")
    subprocess.run(["convert", "-size", "8000x8000", "plasma:fractal", "-colorspace", "Gray", "-interlace", "JPEG",
                    "-quality", "95", jpeg], check=True)
    heightmap = "{id: hostile, heightmap: %s, rect: [0, 0, 100, 100], z_range: [0, 10], ground: true}"
    answered("jpeg_progressive", heightmap, "slow.jpg", open(jpeg, "rb").read(),
             r"reference 'hostile': 'slow\.jpg': reading took longer than the limit of 0\.3 s \(--read-timeout", "--read-timeout",
             "0.3")

finish()
