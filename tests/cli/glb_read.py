"""Reads a binary glTF (.glb) without RailForge's code: its JSON and its buffer, and accessors as
tuples (the test scripts' own reader, so that a bug in the writer cannot hide in a shared one)."""
import json
import struct


def read_glb(path):
    data = open(path, "rb").read()
    magic, version, length = struct.unpack("<4sII", data[:12])
    assert magic == b"glTF" and version == 2 and length == len(data), (magic, version, length)
    json_length, json_type = struct.unpack("<I4s", data[12:20])
    assert json_type == b"JSON"
    doc = json.loads(data[20:20 + json_length])
    at = 20 + json_length
    bin_length, bin_type = struct.unpack("<I4s", data[at:at + 8])
    assert bin_type == b"BIN\x00"
    return doc, data[at + 8:at + 8 + bin_length]


def accessor(doc, blob, index):
    a = doc["accessors"][index]
    view = doc["bufferViews"][a["bufferView"]]
    width = {"SCALAR": 1, "VEC2": 2, "VEC3": 3, "VEC4": 4}[a["type"]]
    fmt = {5126: "f", 5125: "I"}[a["componentType"]]
    start = view.get("byteOffset", 0) + a.get("byteOffset", 0)
    values = struct.unpack_from("<%d%s" % (a["count"] * width, fmt), blob, start)
    return [values[i:i + width] for i in range(0, len(values), width)] if width > 1 else list(values)
