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
import json
import os
import re
import struct
import subprocess
import sys
import tempfile

from checklist import check, finish
from measured_run import measured_run

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


TRIANGLE_URI = "data:application/octet-stream;base64," + __import__("base64").b64encode(
    struct.pack("<3H", 0, 1, 2) + b"\0\0" +
    b"".join(struct.pack("<3f", *v) for v in [(0, 0, 0), (10, 0, 0), (0, 0, -10)])).decode()


def one_triangle_gltf(nodes, scene_nodes):
    return {
        "asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": scene_nodes}], "nodes": nodes,
        "meshes": [{"primitives": [{"attributes": {"POSITION": 1}, "indices": 0}]}],
        "buffers": [{"byteLength": 44, "uri": TRIANGLE_URI}],
        "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 6},
                        {"buffer": 0, "byteOffset": 8, "byteLength": 36}],
        "accessors": [{"bufferView": 0, "componentType": 5123, "count": 3, "type": "SCALAR"},
                      {"bufferView": 1, "componentType": 5126, "count": 3, "type": "VEC3",
                       "min": [0, 0, -10], "max": [10, 0, 0]}],
    }


def dag_nodes(depth):
    """Two nodes per level, each naming both nodes of the next: 2^depth placed leaves."""
    nodes = []
    for level in range(depth):
        children = [2 * level + 2, 2 * level + 3] if level + 1 < depth else []
        for _ in range(2):
            nodes.append({"children": children} if children else {"mesh": 0})
    return nodes


def dag_gltf(depth=30):
    return json.dumps(one_triangle_gltf(dag_nodes(depth), [0]))


def fbx_nested_scopes(depth):
    """A binary FBX 7.4 file of `depth` nodes, each the only child of the one before."""
    header = b"Kaydara FBX Binary  \x00\x1a\x00" + struct.pack("<I", 7400)
    leaf = 13 + 1  # a record header, a one-letter name, no properties, no children
    # The record at level i spans its header and name, the records under it, and a 13-byte end marker.
    sizes = [0] * depth
    sizes[depth - 1] = leaf
    for i in range(depth - 2, -1, -1):
        sizes[i] = leaf + sizes[i + 1] + 13
    out = bytearray(header)
    for i in range(depth):
        end = len(out) + sizes[i]
        out += struct.pack("<IIIB", end, 0, 0, 1) + b"A"
    out += b"\0" * 13 * (depth - 1)
    out += b"\0" * 13  # the top level's end
    return bytes(out)


COLLADA = """<?xml version="1.0" encoding="utf-8"?>
<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
  <asset><unit meter="1"/><up_axis>Z_UP</up_axis></asset>
  <library_geometries>
    <geometry id="tri"><mesh>
      <source id="p"><float_array id="pa" count="9">0 0 0 10 0 0 0 10 0</float_array>
        <technique_common><accessor source="#pa" count="3" stride="3">
          <param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/>
        </accessor></technique_common></source>
      <vertices id="v"><input semantic="POSITION" source="#p"/></vertices>
      <triangles count="1"><input semantic="VERTEX" source="#v" offset="0"/><p>0 1 2</p></triangles>
    </mesh></geometry>
  </library_geometries>
  <library_nodes>
%s
  </library_nodes>
  <library_visual_scenes>
    <visual_scene id="scene"><node id="root"><instance_node url="#n0"/></node></visual_scene>
  </library_visual_scenes>
  <scene><instance_visual_scene url="#scene"/></scene>
</COLLADA>
"""


def collada_self():
    return COLLADA % '    <node id="n0"><instance_geometry url="#tri"/><instance_node url="#n0"/></node>'


def collada_dag(depth=30):
    nodes = []
    for i in range(depth):
        inner = ('<instance_node url="#n%d"/><instance_node url="#n%d"/>' % (i + 1, i + 1) if i + 1 < depth
                 else '<instance_geometry url="#tri"/>')
        nodes.append('    <node id="n%d">%s</node>' % (i, inner))
    return COLLADA % "\n".join(nodes)


def nested_extras_gltf(depth=200000):
    text = json.dumps(one_triangle_gltf([{"mesh": 0}], [0]))
    return text.replace('"asset": {"version": "2.0"}',
                        '"asset": {"version": "2.0", "extras": ' + "[" * depth + "]" * depth + "}")


def sparse_without_data():
    doc = one_triangle_gltf([{"mesh": 0}], [0])
    # POSITION: 400 million vertices, no bufferView (all zero), one sparse value from the buffer.
    doc["accessors"][1] = {"componentType": 5126, "count": 400000000, "type": "VEC3",
                           "sparse": {"count": 1, "indices": {"bufferView": 0, "componentType": 5123},
                                      "values": {"bufferView": 1}}}
    return json.dumps(doc)


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

    answered("collada_self", mesh, "self.dae", collada_self(), stopped)
    answered("collada_dag", mesh, "dag.dae", collada_dag(), stopped)
    answered("fbx_scopes", mesh, "scopes.fbx", fbx_nested_scopes(200000), crashed)
    answered("gltf_nested_extras", mesh, "extras.gltf", nested_extras_gltf(), crashed)

    dag = dag_gltf()
    answered("gltf_dag_bad_utf8", mesh, "utf8.gltf",
             dag.replace('"version": "2.0"', '"version": "2.0", "generator": "x"').encode().replace(b'"x"', b'"\xff"'),
             stopped)
    answered("gltf_dag_duplicate_keys", mesh, "keys.gltf",
             re.sub(r'\{"children": (\[\d+, \d+\])\}', r'{"children": \1, "children": []}', dag), stopped)
    answered("gltf_dag_txt", mesh, "dag.txt", dag, stopped)
    answered("gltf_sparse", mesh, "sparse.gltf", sparse_without_data(), memory)

    answered("ply_header", mesh, "huge.ply",
             "ply\nformat ascii 1.0\nelement vertex 300000000\nproperty float x\nproperty float y\n"
             "property float z\nelement face 1\nproperty list uchar int vertex_indices\nend_header\n0 0 0\n", stopped)
    answered("off_header", mesh, "huge.off", "OFF\n300000000 1 0\n0 0 0\n", stopped)

    faces = "v 0 0 0\rv 10 0 0\rv 0 10 0\r" + "f 1 2 3\r" * 200000
    answered("obj_cr_only", mesh, "cr.obj", faces, r"200000 triangles.*over the limit of 1000 \(--max-triangles", "--max-triangles",
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
