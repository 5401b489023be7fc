#!/usr/bin/env python3
"""A level from a stranger, tried as an attacker would (docs/design.md "References and ground"): reference
files and the files they pull in (glTF buffers and images, an OBJ mtllib) outside the project by a
relative path, an absolute path and a symlink; FIFOs, /dev/zero and folders as references and as glTF
buffers; a sparse 4 GB file; a 45,000 x 45,000 PNG; 20,000 duplicate keys, ids and channel keys. Each is
refused by `validate` (exit 3, FILE:LINE:COLUMN) and by `ground` within its time and memory bound, and
nothing of a refused file reaches the output. A reference inside the project through `..` between
sibling folders (levels/ and art/ under one .git) is read; nothing in .git/ itself is, whatever names it
(a path, a link, a glTF URI, an OBJ mtllib).
Usage: test_hostile_references.py RAILFORGE_CLI"""
import base64
import json
import os
import re
import struct
import subprocess
import sys
import tempfile
import threading
import time
import zlib

from checklist import check, finish

cli = sys.argv[1]
SECRET = "TOKEN-3f9a1c77e2b84d05aa61"


def run(*args, timeout=60):
    """Runs the CLI; returns (result, seconds, peak memory of that process in MB). Killed at `timeout`."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.monotonic()
        process = subprocess.Popen([cli, *args], stdout=out, stderr=err)
        timer = threading.Timer(timeout, process.kill)
        timer.start()
        _, status, usage = os.wait4(process.pid, 0)
        timer.cancel()
        seconds = time.monotonic() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        text = lambda f: f.read().decode("utf-8", "replace")
        return (subprocess.CompletedProcess(args, process.returncode, text(out), text(err)), seconds,
                usage.ru_maxrss / 1024.0)


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb" if isinstance(data, bytes) else "w") as f:
        f.write(data)


def gltf_json(buffer_uri, byte_length, image_uri=None):
    """A one-triangle glTF whose buffer is `buffer_uri` (its 3 indices then 3 vertices)."""
    doc = {
        "asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0]}], "nodes": [{"mesh": 0}],
        "meshes": [{"primitives": [{"attributes": {"POSITION": 1}, "indices": 0}]}],
        "buffers": [{"byteLength": byte_length, "uri": buffer_uri}],
        "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 8},
                        {"buffer": 0, "byteOffset": 8, "byteLength": 36}],
        "accessors": [{"bufferView": 0, "componentType": 5123, "count": 3, "type": "SCALAR"},
                      {"bufferView": 1, "componentType": 5126, "count": 3, "type": "VEC3",
                       "min": [0, 0, -10], "max": [10, 0, 0]}],
    }
    if image_uri:
        doc["images"] = [{"uri": image_uri}]
        doc["textures"] = [{"source": 0}]
    return json.dumps(doc)


TRIANGLE = struct.pack("<3H", 0, 1, 2) + b"\0\0" + b"".join(
    struct.pack("<3f", *v) for v in [(0, 0, 0), (10, 0, 0), (0, 0, -10)])


def level(path, references):
    write(path, "railforge: 1\nlevel: {name: Hostile, units: m}\nreferences:\n" +
          "".join("  - " + r + "\n" for r in references) + "rails: []\n")


def png_header(path, width, height):
    """A PNG that declares width x height pixels (one row of data: decoding it would need the rest)."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
    write(path, b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)) +
          chunk(b"IDAT", zlib.compress(b"\0" * (width + 1))) + chunk(b"IEND", b""))


def located(stderr, name):
    """The lines of stderr that are FILE:LINE:COLUMN: error: ... for file `name`."""
    return [l for l in stderr.splitlines() if re.match(re.escape(name) + r":\d+:\d+: ", l)]


with tempfile.TemporaryDirectory() as tmp:
    # A project (a .git folder marks it) with levels/ and art/, and a secret next to it, outside.
    project = os.path.join(tmp, "game")
    os.makedirs(os.path.join(project, ".git"))
    levels = os.path.join(project, "levels")
    art = os.path.join(project, "art")
    write(os.path.join(tmp, "secret.txt"), SECRET * 4)
    # A buffer outside that is a valid triangle too: had it been read, `ground` would answer from it.
    write(os.path.join(tmp, "outside.bin"), TRIANGLE)
    write(os.path.join(art, "inside.bin"), TRIANGLE)

    def refused(name, references, words, command_timeout=2.0, memory=None):
        path = os.path.join(levels, name + ".yaml")
        level(path, references)
        r, seconds, _ = run("validate", path)
        lines = located(r.stderr, path)
        check(r.returncode == 3, name + ": validate exits 3", 3, (r.returncode, r.stderr[-400:]))
        check(any(re.search(words, l) for l in lines), name + ": validate says '" + words + "' at FILE:LINE:COLUMN",
              words, r.stderr[-400:])
        check(seconds < command_timeout, name + ": validate answers within %.0f s" % command_timeout, command_timeout,
              seconds)
        g, seconds, _ = run("ground", path, "--at", "1,1")
        check(g.returncode == 3, name + ": ground exits 3", 3, (g.returncode, g.stderr[-300:]))
        check(SECRET[:8] not in g.stdout + g.stderr + r.stdout + r.stderr, name + ": nothing of the secret comes out")
        check(seconds < command_timeout, name + ": ground answers within %.0f s" % command_timeout, command_timeout,
              seconds)
        return r

    # 1. Outside the project: the reference's own path (relative, absolute, symlink).
    write(os.path.join(art, "ok.gltf"), gltf_json("inside.bin", len(TRIANGLE)))
    refused("relative_out", ["{id: leak, mesh: ../../secret.txt}"], r"reference 'leak': '\.\./\.\./secret\.txt' is outside the project")
    refused("absolute_out", ["{id: leak, heightmap: /etc/passwd, rect: [0, 0, 1, 1], z_range: [0, 1]}"],
            r"'/etc/passwd' is an absolute path outside the project")
    os.symlink(os.path.join(tmp, "secret.txt"), os.path.join(art, "link.obj"))
    refused("symlink_out", ["{id: leak, mesh: ../art/link.obj}"], r"'\.\./art/link\.obj' is outside the project")
    # ... and what a file pulls in: a glTF buffer and image, an OBJ mtllib.
    write(os.path.join(art, "buffer_out.gltf"), gltf_json("../../outside.bin", len(TRIANGLE)))
    refused("gltf_buffer_out", ["{id: terrain, mesh: ../art/buffer_out.gltf}"],
            r"reference 'terrain': its buffer '\.\./\.\./outside\.bin' is outside the project")
    write(os.path.join(art, "image_out.gltf"), gltf_json("inside.bin", len(TRIANGLE), "../../../../etc/passwd"))
    refused("gltf_image_out", ["{id: terrain, mesh: ../art/image_out.gltf}"],
            r"its image '\.\./\.\./\.\./\.\./etc/passwd' is outside the project")
    write(os.path.join(art, "file_uri.gltf"), gltf_json("file:///etc/passwd", len(TRIANGLE)))
    refused("gltf_file_uri", ["{id: terrain, mesh: ../art/file_uri.gltf}"], r"its buffer 'file:///etc/passwd' is not a file")
    write(os.path.join(tmp, "outside.mtl"), "newmtl " + SECRET + "\n")
    write(os.path.join(art, "mtl_out.obj"), "mtllib ../../outside.mtl\nv 0 0 0\nv 10 0 0\nv 0 10 0\nf 1 2 3\n")
    refused("obj_mtllib_out", ["{id: terrain, mesh: ../art/mtl_out.obj, up: z}"],
            r"its file '\.\./\.\./outside\.mtl' is outside the project")

    # ... and the repository's own folder, inside the project: never read, whatever names it.
    write(os.path.join(project, ".git", "config"), "[remote]\n  url = https://" + SECRET + "@example.com/\n")
    refused("git_config", ["{id: leak, mesh: ../.git/config}"],
            r"reference 'leak': '\.\./\.git/config' is inside the version-control folder '\.git'")
    os.symlink(os.path.join(project, ".git", "config"), os.path.join(art, "config.obj"))
    refused("git_config_link", ["{id: leak, mesh: ../art/config.obj}"],
            r"'\.\./art/config\.obj' is inside the version-control folder '\.git'")
    refused("git_config_heightmap", ["{id: leak, heightmap: ../.git/config, rect: [0, 0, 1, 1], z_range: [0, 1]}"],
            r"'\.\./\.git/config' is inside the version-control folder '\.git'")
    write(os.path.join(art, "git_uri.gltf"), gltf_json("../.git/config", len(TRIANGLE)))
    refused("gltf_git_uri", ["{id: terrain, mesh: ../art/git_uri.gltf}"],
            r"its buffer '\.\./\.git/config' is inside the version-control folder '\.git'")
    write(os.path.join(art, "git_mtl.obj"), "mtllib ../.git/config\nv 0 0 0\nv 10 0 0\nv 0 10 0\nf 1 2 3\n")
    refused("obj_git_mtllib", ["{id: terrain, mesh: ../art/git_mtl.obj, up: z}"],
            r"its file '\.\./\.git/config' is inside the version-control folder '\.git'")

    # Inside, through .. between sibling folders: read.
    path = os.path.join(levels, "inside.yaml")
    level(path, ["{id: terrain, mesh: ../art/ok.gltf}"])
    r, _, _ = run("validate", path)
    check(r.returncode == 0, "a reference in ../art under the same .git is read", 0, (r.returncode, r.stderr))
    g, _, _ = run("ground", path, "--at", "1,1")
    check(g.returncode == 0 and g.stdout.splitlines()[1:] == ["1,1,0"], "ground answers from it (the flat triangle)",
          "1,1,0", (g.returncode, g.stdout, g.stderr))
    # The rule lifted on a trusted machine.
    path = os.path.join(levels, "gltf_buffer_out.yaml")
    g, _, _ = run("ground", path, "--at", "1,1", "--allow-outside-project")
    check(g.returncode == 0, "--allow-outside-project reads the buffer outside", 0, (g.returncode, g.stderr))
    # A project marked by railforge-project.yaml instead of .git.
    marked = os.path.join(tmp, "marked")
    write(os.path.join(marked, "railforge-project.yaml"), "")
    write(os.path.join(marked, "art", "inside.bin"), TRIANGLE)
    write(os.path.join(marked, "art", "ok.gltf"), gltf_json("inside.bin", len(TRIANGLE)))
    level(os.path.join(marked, "levels", "l.yaml"), ["{id: terrain, mesh: ../art/ok.gltf}"])
    r, _, _ = run("validate", os.path.join(marked, "levels", "l.yaml"))
    check(r.returncode == 0, "railforge-project.yaml marks the project too", 0, r.stderr)
    # No marker: the level's own folder is the project.
    lone = os.path.join(tmp, "lone")
    write(os.path.join(tmp, "art2", "inside.bin"), TRIANGLE)
    write(os.path.join(tmp, "art2", "ok.gltf"), gltf_json("inside.bin", len(TRIANGLE)))
    level(os.path.join(lone, "l.yaml"), ["{id: terrain, mesh: ../art2/ok.gltf}"])
    r, _, _ = run("validate", os.path.join(lone, "l.yaml"))
    check(r.returncode == 3 and "outside the project" in r.stderr,
          "without .git or railforge-project.yaml, a folder next to the level's is outside", 3, r.stderr)

    # 2. Files that are not regular: FIFO, /dev/zero, a folder, as a reference and as a glTF buffer.
    os.mkfifo(os.path.join(art, "fifo.png"))
    os.mkfifo(os.path.join(art, "fifo.bin"))
    os.symlink("/dev/zero", os.path.join(art, "zero.png"))
    os.makedirs(os.path.join(art, "folder.obj"))
    refused("fifo_heightmap", ["{id: hm, heightmap: ../art/fifo.png, rect: [0, 0, 10, 10], z_range: [0, 1]}"],
            r"'\.\./art/fifo\.png' is a FIFO, not a regular file")
    refused("dev_zero_heightmap", ["{id: hm, heightmap: ../art/zero.png, rect: [0, 0, 10, 10], z_range: [0, 1]}"],
            r"'\.\./art/zero\.png' is (a character device, not a regular file|an absolute path outside|outside the project)")
    refused("folder_mesh", ["{id: m, mesh: ../art/folder.obj}"], r"'\.\./art/folder\.obj' is a folder, not a regular file")
    write(os.path.join(art, "buffer_fifo.gltf"), gltf_json("fifo.bin", len(TRIANGLE)))
    refused("gltf_buffer_fifo", ["{id: terrain, mesh: ../art/buffer_fifo.gltf}"], r"its buffer 'fifo\.bin' is a FIFO")
    write(os.path.join(art, "buffer_folder.gltf"), gltf_json("folder.obj", len(TRIANGLE)))
    refused("gltf_buffer_folder", ["{id: terrain, mesh: ../art/buffer_folder.gltf}"], r"its buffer 'folder\.obj' is a folder")
    # /dev/zero inside the project rules (--allow-outside-project): refused by its type all the same.
    path = os.path.join(levels, "dev_zero_abs.yaml")
    level(path, ["{id: m, mesh: /dev/zero}"])
    r, seconds, _ = run("validate", path, "--allow-outside-project")
    check(r.returncode == 3 and "is a character device, not a regular file" in r.stderr and seconds < 2,
          "/dev/zero, even where outside files are allowed: refused by its type within 2 s", None, (r.stderr, seconds))

    # /dev/zero as a glTF buffer: outside the project, and where outside files are allowed, refused by
    # its type all the same.
    write(os.path.join(art, "buffer_zero.gltf"), gltf_json("../../../../../../../../../dev/zero", len(TRIANGLE)))
    refused("gltf_buffer_dev_zero", ["{id: terrain, mesh: ../art/buffer_zero.gltf}"], r"its buffer '[./]*dev/zero' is outside")
    path = os.path.join(levels, "gltf_buffer_dev_zero.yaml")
    r, seconds, _ = run("validate", path, "--allow-outside-project")
    check(r.returncode == 3 and "is a character device, not a regular file" in r.stderr and seconds < 2,
          "/dev/zero as a glTF buffer, outside files allowed: refused by its type within 2 s", None, (r.stderr, seconds))

    # A sparse 4 GB file: refused by its size within 1 s.
    big = os.path.join(art, "huge.obj")
    with open(big, "wb") as f:
        f.truncate(4 << 30)
    refused("sparse_4gb", ["{id: m, mesh: ../art/huge.obj}"], r"'\.\./art/huge\.obj' is 4 GiB, over the limit of 1 GiB",
            command_timeout=1.0)
    write(os.path.join(art, "buffer_huge.gltf"), gltf_json("huge.obj", len(TRIANGLE)))
    refused("gltf_buffer_sparse", ["{id: terrain, mesh: ../art/buffer_huge.gltf}"], r"its buffer 'huge\.obj' is 4 GiB",
            command_timeout=1.0)

    # 4. An image bomb: a small PNG declaring 45,000 x 45,000 pixels.
    png_header(os.path.join(art, "bomb.png"), 45000, 45000)
    check(os.path.getsize(os.path.join(art, "bomb.png")) < 100000, "the bomb is a small file")
    refused("png_bomb_image", ["{id: plan, image: ../art/bomb.png, rect: [0, 0, 10, 10]}"],
            r"'\.\./art/bomb\.png' declares 45000 x 45000 pixels, over the limit of 16384 x 16384")
    refused("png_bomb_heightmap", ["{id: hm, heightmap: ../art/bomb.png, rect: [0, 0, 10, 10], z_range: [0, 1]}"],
            r"declares 45000 x 45000 pixels")

    # 3. Many problems from a small file: linear, bounded, listed up to 100.
    def bounded(name, text, words):
        path = os.path.join(levels, name + ".yaml")
        write(path, text)
        r, seconds, peak = run("validate", path, timeout=60)
        lines = located(r.stderr, path)
        check(r.returncode == 3, name + ": refused (exit 3)", 3, (r.returncode, r.stderr[-300:]))
        check(seconds < 1.0, name + ": within 1 s", 1.0, seconds)
        check(peak < 200, name + ": under 200 MB", 200, peak)
        check(any(words in l for l in lines), name + ": '" + words + "' at FILE:LINE:COLUMN", words, r.stderr[:300])
        check(len(lines) <= 101 and re.search(r"\u2026 and \d+ more problems", r.stderr),
              name + ": 100 problems listed, then '… and N more'", 101, len(lines))

    n = 20000
    bounded("duplicate_keys", "railforge: 1\nlevel: {name: K, units: m}\nwaypoints:\n  - id: w\n" +
            "".join("    position: [%d, 0, 0]\n" % i for i in range(n)), "duplicate key 'position'")
    bounded("duplicate_ids", "railforge: 1\nlevel: {name: K, units: m}\nwaypoints:\n" +
            "".join("  - {id: w, position: [%d, 0, 0]}\n" % i for i in range(n)), "duplicate waypoint id 'w'")
    bounded("duplicate_channel_keys",
            "railforge: 1\nlevel: {name: K, units: m}\nrails:\n  - id: r\n    points: [[0, 0, 0], [10, 0, 0]]\n"
            "    channels:\n      speed:\n        type: float\n        keys:\n" +
            "".join("          - {s: 5, value: %d}\n" % i for i in range(n)), "is at the same place as key 1")
    check(os.path.getsize(os.path.join(levels, "duplicate_channel_keys.yaml")) < 800000, "the channel file is small")

finish()
