#!/usr/bin/env python3
"""Files made to break third-party decoders, made the same way for the CLI's and the editor's tests
(docs/design.md "A level from anywhere is safe to open"). Run as a script, writes one of them:
  decoder_traps.py collada_self PATH    a Collada node that instances itself (assimp recurses without end)
  decoder_traps.py collada_dag PATH     a Collada DAG, 30 levels of two instances each
  decoder_traps.py fbx_scopes PATH      a binary FBX of 200,000 nested scopes
  decoder_traps.py gltf_extras PATH     a one-triangle glTF whose asset.extras nests 200,000 arrays
  decoder_traps.py gltf_dag PATH        a glTF DAG of depth 30 (2^30 placed leaves)
  decoder_traps.py gltf_dag_utf8 PATH   the same with one invalid UTF-8 byte (the pre-count cannot parse it)
  decoder_traps.py gltf_dag_keys PATH   the same with duplicate children keys (Qt keeps the last, assimp the first)
  decoder_traps.py gltf_sparse PATH     a sparse accessor of 400 million elements without data
  decoder_traps.py ply_header PATH      a PLY header declaring 300 million vertices
  decoder_traps.py off_header PATH      an OFF header declaring 300 million vertices
  decoder_traps.py obj_cr PATH [FACES]  an OBJ with CR-only line ends, FACES (4,100,000) one-triangle faces"""
import base64
import json
import re
import struct
import sys

TRIANGLE_URI = "data:application/octet-stream;base64," + base64.b64encode(
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




def gltf_dag_utf8():
    return dag_gltf().replace('"version": "2.0"', '"version": "2.0", "generator": "x"').encode().replace(
        b'"x"', b'"\xff"')


def gltf_dag_keys():
    return re.sub(r'\{"children": (\[\d+, \d+\])\}', r'{"children": \1, "children": []}', dag_gltf())


PLY_HEADER = ("ply\nformat ascii 1.0\nelement vertex 300000000\nproperty float x\nproperty float y\n"
              "property float z\nelement face 1\nproperty list uchar int vertex_indices\nend_header\n0 0 0\n")
OFF_HEADER = "OFF\n300000000 1 0\n0 0 0\n"


def obj_cr(faces=4100000):
    """CR-only line ends: assimp reads a line per CR (a count that splits at LF sees one line)."""
    return "v 0 0 0\rv 10 0 0\rv 0 10 0\r" + "f 1 2 3\r" * faces

MAKERS = {
    "collada_self": collada_self, "collada_dag": collada_dag, "fbx_scopes": lambda: fbx_nested_scopes(200000),
    "gltf_extras": nested_extras_gltf, "gltf_dag": dag_gltf, "gltf_dag_utf8": gltf_dag_utf8,
    "gltf_dag_keys": gltf_dag_keys, "gltf_sparse": sparse_without_data, "ply_header": lambda: PLY_HEADER,
    "off_header": lambda: OFF_HEADER, "obj_cr": obj_cr,
}


def make(kind, path, *more):
    data = MAKERS[kind](*(int(m) for m in more))
    with open(path, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())


if __name__ == "__main__":
    make(sys.argv[1], sys.argv[2], *sys.argv[3:])
