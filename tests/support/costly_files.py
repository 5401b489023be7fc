#!/usr/bin/env python3
"""Small files that would cost gigabytes to read, made the same way for the CLI's and the editor's tests
(docs/design.md "References and ground"). Run as a script, writes one of them:
  costly_files.py heightmap16 PATH   a 16384 x 16384 16-bit grey PNG, all black (0.5 MB; 512 MiB decoded)
  costly_files.py rgba64 PATH        a 16384 x 16384 RGBA64 PNG, all black (2 MB; 2 GiB decoded)
  costly_files.py dag PATH [DEPTH]   a glTF whose every node names its child twice, DEPTH (22) deep
  costly_files.py liar_glb PATH      a 51-byte .glb whose header declares a 4 GiB JSON chunk
  costly_files.py grid_obj PATH [N]  an OBJ terrain of N x N vertices (1700: 160 MB, 5.8 M triangles)"""
import base64
import json
import struct
import sys
import zlib


def png(path, width, height, bit_depth, colour_type):
    """An all-black PNG, compressed row by row (a few hundred KB for hundreds of MB of pixels)."""
    channels = {0: 1, 2: 3, 4: 2, 6: 4}[colour_type]
    row = b"\0" * (1 + width * channels * bit_depth // 8)
    packer = zlib.compressobj(6)
    data = b"".join(packer.compress(row) for _ in range(height)) + packer.flush()

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xffffffff)

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, bit_depth, colour_type,
                                                                  0, 0, 0)) + chunk(b"IDAT", data) + chunk(b"IEND", b""))


def node_graph(path, depth=22, nodes=None):
    """A one-triangle glTF (an embedded buffer) whose nodes each name their child twice, `depth` deep:
    2^(depth+1) - 1 nodes and 2^depth triangles once every node is placed. `nodes` replaces the graph."""
    triangle = struct.pack("<3H", 0, 1, 2) + b"\0\0" + b"".join(
        struct.pack("<3f", *v) for v in [(0, 0, 0), (10, 0, 0), (0, 0, -10)])
    doc = {
        "asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0]}],
        "nodes": nodes or [{"children": [i + 1, i + 1]} for i in range(depth)] + [{"mesh": 0}],
        "meshes": [{"primitives": [{"attributes": {"POSITION": 1}, "indices": 0}]}],
        "buffers": [{"byteLength": len(triangle),
                     "uri": "data:application/octet-stream;base64," + base64.b64encode(triangle).decode()}],
        "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 6},
                        {"buffer": 0, "byteOffset": 8, "byteLength": 36}],
        "accessors": [{"bufferView": 0, "componentType": 5123, "count": 3, "type": "SCALAR"},
                      {"bufferView": 1, "componentType": 5126, "count": 3, "type": "VEC3",
                       "min": [0, 0, -10], "max": [10, 0, 0]}],
    }
    with open(path, "w") as f:
        json.dump(doc, f)


def liar_glb(path):
    """51 bytes that say a JSON chunk of almost 4 GiB follows."""
    with open(path, "wb") as f:
        f.write(b"glTF" + struct.pack("<II", 2, 51) + struct.pack("<I", 0xFFFFFFF0) + b"JSON" + b"{}" + b" " * 29)


def grid_obj(path, n=1700):
    """A terrain of n x n vertices as quads: 2 (n - 1)^2 triangles."""
    with open(path, "w") as f:
        for row in range(n):
            f.write("".join("v %d.5 %d.5 %.2f\n" % (c, row, (c * row) % 7 * 0.25) for c in range(n)))
        for row in range(n - 1):
            f.write("".join("f %d %d %d %d\n" % (row * n + c + 1, row * n + c + 2, (row + 1) * n + c + 2,
                                                 (row + 1) * n + c + 1) for c in range(n - 1)))
    return 2 * (n - 1) ** 2


if __name__ == "__main__":
    kind, target, *more = sys.argv[1:]
    if kind == "heightmap16":
        png(target, 16384, 16384, 16, 0)
    elif kind == "rgba64":
        png(target, 16384, 16384, 16, 6)
    elif kind == "dag":
        node_graph(target, int(more[0]) if more else 22)
    elif kind == "liar_glb":
        liar_glb(target)
    elif kind == "grid_obj":
        grid_obj(target, int(more[0]) if more else 1700)
    else:
        sys.exit("costly_files.py: unknown kind " + kind)
