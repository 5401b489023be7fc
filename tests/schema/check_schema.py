#!/usr/bin/env python3
"""Validate YAML or JSON files against a RailForge JSON Schema (draft 2020-12).

Usage: check_schema.py SCHEMA.json FILE.yaml|FILE.json [...]   (.json files are read as JSON)

Prints one line per problem, `FILE: path: message`, where path is a JSON pointer
into the document ("/" is the whole document). Exit codes: 0 all files valid,
1 any file invalid or unreadable, 2 usage error or a bad schema.
"""
import json
import sys

import jsonschema
import yaml


def pointer(path):
    """JSON pointer text for a jsonschema error path."""
    parts = [str(p).replace("~", "~0").replace("/", "~1") for p in path]
    return "/" + "/".join(parts)


def load_validator(schema_path):
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def errors_for(validator, data):
    """(pointer, message) pairs for every error in data, in document order."""
    found = []
    for error in validator.iter_errors(data):
        found.append((list(error.absolute_path), pointer(error.absolute_path), error.message))
    found.sort(key=lambda e: ([(0, p, "") if isinstance(p, int) else (1, 0, p) for p in e[0]], e[2]))
    return [(path, message) for _, path, message in found]


def check_file(validator, file_name):
    """Returns the list of `FILE: path: message` lines for one file."""
    try:
        with open(file_name, encoding="utf-8") as f:
            data = json.load(f) if file_name.endswith(".json") else yaml.safe_load(f)
    except OSError as exc:
        return [f"{file_name}: /: cannot read: {exc.strerror or exc}"]
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{file_name}:{mark.line + 1}:{mark.column + 1}" if mark else file_name
        problem = getattr(exc, "problem", None) or str(exc)
        return [f"{where}: /: YAML error: {problem}"]
    except json.JSONDecodeError as exc:
        return [f"{file_name}:{exc.lineno}:{exc.colno}: /: JSON error: {exc.msg}"]
    except UnicodeDecodeError as exc:
        return [f"{file_name}: /: not UTF-8: {exc}"]
    return [f"{file_name}: {path}: {message}" for path, message in errors_for(validator, data)]


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    try:
        validator = load_validator(argv[1])
    except (OSError, ValueError, jsonschema.SchemaError) as exc:
        print(f"{argv[1]}: bad schema: {exc}", file=sys.stderr)
        return 2
    failed = False
    for file_name in argv[2:]:
        lines = check_file(validator, file_name)
        for line in lines:
            print(line)
        failed = failed or bool(lines)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
