#!/usr/bin/env python3
"""Levels merged in real git repositories with RailForge's merge driver (`railforge-cli git-setup`):
- two branches that edit different objects, different fields of one object, different points of one
  rail written on one line, or the same field alike merge with no conflict into a level that loads,
  holds every change and keeps OURS' comments (and THEIRS' comments inside the objects it changed);
- a rename on one branch with an edit of the same waypoint and a new edge to it on the other merges
  into the renamed waypoint with both;
- the same point moved differently, delete against modify and one id added twice differently are
  conflicts: git reports the file conflicted and `validate` names each at its marker's line;
- a merge that would leave an edge to a deleted waypoint is a conflict;
- files that are not levels still merge line by line; markers left by git's own line merge are
  reported at the marker;
- `diff` tells changes by object and field, also as git's diff; `git-setup` is idempotent.
Usage: test_merge_cli.py RAILFORGE_CLI"""
import json
import os
import subprocess
import sys
import tempfile

from checklist import check, finish
from git_repos import side_of as side

cli = os.path.abspath(sys.argv[1])

BASE = """\
# Test level for merges: a small network whose comments must survive.
railforge: 1
level: {name: Merge test, units: m}
waypoints:
  # the yard
  - {id: a, position: [0, 0, 0]}
  - {id: b, position: [10, 0, 0]}
  - {id: c, position: [10, 10, 0]}
edges:
  - {from: a, to: b}
  - {from: b, to: c}
rails:
  - id: main   # the main line
    spline: {type: linear, alpha: 0.5}
    points: [[0, 0, 0], [10, 0, 0], [20, 0, 0], [30, 0, 0]]
  - id: spur
    spline: {type: catmull-rom, alpha: 0.5}
    points: [[0, 5, 0], [5, 10, 0], [10, 15, 0]]
patrols:
  - id: guard
    stops: [a, c]
    mode: loop
    smoothing: []
"""

ENV = dict(os.environ, GIT_CONFIG_NOSYSTEM="1", GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@t",
           GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@t", LC_ALL="C")


def run(args, cwd, **kw):
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, env=ENV, timeout=120, **kw)


def git(cwd, *args):
    r = run(["git", *args], cwd)
    if r.returncode not in (0, 1):
        print("git", args, r.stdout, r.stderr)
    return r


def edit(text, *pairs):
    for old, new in pairs:
        assert old in text, old
        text = text.replace(old, new)
    return text


def merge_in_git(name, ours_edits, theirs_edits, base=BASE, file="level.yaml", setup_cli=None):
    """A repository whose main branch holds `base`; branch `theirs` and main each edit it; main merges
    theirs (git-setup run by `setup_cli`, else the CLI under test). Returns (repo folder, git merge
    result, merged text)."""
    repo = os.path.join(workdir, name)
    os.makedirs(repo)
    git(repo, "init", "-q", "-b", "main")
    setup = run([setup_cli or cli, "git-setup"], repo)
    check(setup.returncode == 0, name + ": git-setup runs", found=setup.stderr)
    path = os.path.join(repo, file)
    with open(path, "w") as f:
        f.write(base)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "base")
    git(repo, "checkout", "-q", "-b", "theirs")
    with open(path, "w") as f:
        f.write(edit(base, *theirs_edits))
    git(repo, "commit", "-q", "-am", "theirs")
    git(repo, "checkout", "-q", "main")
    with open(path, "w") as f:
        f.write(edit(base, *ours_edits))
    git(repo, "commit", "-q", "-am", "ours")
    result = git(repo, "merge", "--no-edit", "theirs")
    with open(path) as f:
        return repo, result, f.read()


def validate(repo, file="level.yaml"):
    return run([cli, "validate", file], repo)


def clean(name, ours_edits, theirs_edits, expect_lines):
    repo, result, text = merge_in_git(name, ours_edits, theirs_edits)
    check(result.returncode == 0, name + ": git merges with no conflict", found=result.stdout + result.stderr)
    check(validate(repo).returncode == 0, name + ": the merged level loads", found=validate(repo).stdout)
    for line in expect_lines:
        check(line in text, name + ": the merge holds " + line, found=text)
    check("# Test level for merges" in text and "# the yard" in text, name + ": OURS' comments kept", found=text)
    return text


workdir = tempfile.mkdtemp(prefix="railforge-merge-")
ENV["HOME"] = workdir  # no user's git config

# --- clean merges ---------------------------------------------------------------------------------
clean("different objects",
      [("- {id: a, position: [0, 0, 0]}", "- {id: a, position: [0, 0, 2]}")],
      [("points: [[0, 5, 0], [5, 10, 0]", "points: [[0, 5, 0], [5, 12, 0]")],
      ["- {id: a, position: [0, 0, 2]}", "points: [[0, 5, 0], [5, 12, 0], [10, 15, 0]]"])
clean("different fields of one object",
      [("spline: {type: linear, alpha: 0.5}", "spline: {type: bezier, alpha: 0.5}")],
      [("points: [[0, 0, 0], [10, 0, 0]", "points: [[0, 0, 0], [11, 0, 0]")],
      ["spline: {type: bezier, alpha: 0.5}", "points: [[0, 0, 0], [11, 0, 0], [20, 0, 0], [30, 0, 0]]"])
text = clean("different points of one rail on one line",
             [("[10, 0, 0], [20, 0, 0]", "[10, 0, 1], [20, 0, 0]")],
             [("[20, 0, 0], [30, 0, 0]", "[20, 0, 0], [30, 0, 5]")],
             ["points: [[0, 0, 0], [10, 0, 1], [20, 0, 0], [30, 0, 5]]"])
check("- id: main   # the main line" in text, "a comment on the merged rail's line is kept", found=text)
clean("the same field alike",
      [("stops: [a, c]", "stops: [a, b, c]")],
      [("stops: [a, c]", "stops: [a, b, c]")],
      ["stops: [a, b, c]"])
text = clean("theirs' comments in what theirs changed",
             [("- {id: a, position: [0, 0, 0]}", "- {id: a, position: [0, 0, 2]}")],
             [("  - id: spur\n", "  - id: spur   # the spur to the quarry\n"),
              ("[5, 10, 0]", "[5, 11, 0]")],
             ["- id: spur   # the spur to the quarry", "[5, 11, 0]"])

# --- a rename followed ----------------------------------------------------------------------------
# Theirs renames waypoint c to gate (with its edge and patrol stop, as the editor does); ours moves c
# and adds an edge a>c.
text = clean("rename against edit and new edge",
             [("- {id: c, position: [10, 10, 0]}", "- {id: c, position: [12, 10, 0]}"),
              ("  - {from: b, to: c}\n", "  - {from: b, to: c}\n  - {from: a, to: c}\n")],
             [("{id: c,", "{id: gate,"), ("{from: b, to: c}", "{from: b, to: gate}"), ("stops: [a, c]", "stops: [a, gate]")],
             ["- {id: gate, position: [12, 10, 0]}", "{from: a, to: gate}", "{from: b, to: gate}", "stops: [a, gate]"])
check("id: c," not in text and "to: c}" not in text, "no trace of the old id is left", found=text)

# --- conflicts ------------------------------------------------------------------------------------
def conflicted(name, ours_edits, theirs_edits, expect):
    repo, result, text = merge_in_git(name, ours_edits, theirs_edits)
    check(result.returncode != 0 and "CONFLICT" in result.stdout, name + ": git reports a conflict",
          found=result.stdout + result.stderr)
    status = git(repo, "status", "--porcelain").stdout
    check("UU level.yaml" in status, name + ": git status shows the level conflicted", found=status)
    v = validate(repo)
    check(v.returncode == 3, name + ": validate exits 3", found=v.returncode)
    lines = text.split("\n")
    for what in expect:
        found = [l for l in v.stderr.splitlines() if "unresolved merge conflict in " + what in l]
        check(len(found) == 1, name + ": validate names the conflict in " + what, found=v.stderr)
        if found:
            line = int(found[0].split(":")[1])
            check(lines[line - 1].startswith("<<<<<<< "), name + ": ... at its marker's line", found=found[0])
    return repo, text, v


repo, text, v = conflicted("the same point moved differently",
                           [("[10, 0, 0], [20, 0, 0]", "[10, 0, 1], [20, 0, 0]")],
                           [("[10, 0, 0], [20, 0, 0]", "[10, 0, 2], [20, 0, 0]")],
                           ["rail 'main' (ours moves point 1 to (10, 0, 1), theirs to (10, 0, 2))"])
# Either side of the markers is a level: ours' lines with the rest read as ours' merge, and theirs'.
for keep in ("ours", "theirs"):
    path = os.path.join(repo, keep + ".yaml")
    with open(path, "w") as f:
        f.write(side(text, keep))
    check(validate(repo, keep + ".yaml").returncode == 0, "taking %s's side gives a level that loads" % keep,
          found=validate(repo, keep + ".yaml").stderr)

conflicted("delete against modify",
           [("  - id: spur\n    spline: {type: catmull-rom, alpha: 0.5}\n    points: [[0, 5, 0], [5, 10, 0], [10, 15, 0]]\n", "")],
           [("[5, 10, 0]", "[5, 11, 0]")],
           ["rail 'spur' (ours deletes it, theirs changes it)"])
conflicted("the same id added differently",
           [("  - {id: c, position: [10, 10, 0]}\n", "  - {id: c, position: [10, 10, 0]}\n  - {id: d, position: [1, 1, 0]}\n")],
           [("  - {id: c, position: [10, 10, 0]}\n", "  - {id: c, position: [10, 10, 0]}\n  - {id: d, position: [2, 2, 0]}\n")],
           ["waypoint 'd' (both add it, differently)"])
repo, text, v = conflicted("an edge to a waypoint the other side deleted",
                           [("  - {from: b, to: c}\n", "  - {from: b, to: c}\n  - {from: a, to: c}\n")],
                           [("  - {id: c, position: [10, 10, 0]}\n", ""), ("  - {from: b, to: c}\n", ""),
                            ("stops: [a, c]", "stops: [a, b]")],
                           ["waypoint 'c' (theirs deletes it; ours still uses it in edge 'a>c')"])

# A junction added on one side on a rail the other side deleted: a conflict on the rail, not a junction
# left on nothing.
repo, text, v = conflicted("a junction on a rail the other side deleted",
                           [("patrols:\n", "  - id: branch\n    spline: {type: linear, alpha: 0.5}\n"
                                            "    points: [[0, 5, 0], [-10, 5, 0]]\n"
                                            "junctions:\n  - id: fork\n    at: {rail: spur, end: start}\n"
                                            "    links: [{rail: branch, end: start}]\npatrols:\n")],
                           [("  - id: spur\n    spline: {type: catmull-rom, alpha: 0.5}\n"
                             "    points: [[0, 5, 0], [5, 10, 0], [10, 15, 0]]\n", "")],
                           ["rail 'spur' (theirs deletes it; ours still uses it in junction 'fork')"])

# --- markers from git's own line merge --------------------------------------------------------------
lines = BASE.split("\n")
at = lines.index("    points: [[0, 0, 0], [10, 0, 0], [20, 0, 0], [30, 0, 0]]")
marked = "\n".join(lines[:at] + ["<<<<<<< HEAD", "    points: [[0, 0, 0], [10, 0, 1], [20, 0, 0], [30, 0, 0]]",
                                 "=======", "    points: [[0, 0, 0], [10, 0, 2], [20, 0, 0], [30, 0, 0]]",
                                 ">>>>>>> feature"] + lines[at + 1:])
with open(os.path.join(workdir, "marked.yaml"), "w") as f:
    f.write(marked)
v = validate(workdir, "marked.yaml")
expected = "marked.yaml:%d:1: unresolved merge conflict in rail 'main' (left by a line merge: '<<<<<<< HEAD')" % (at + 1)
check(v.returncode == 3 and v.stderr.strip() == expected, "git's own markers: reported at the marker, naming the rail",
      expected=expected, found=v.stderr)

# --- files that are not levels --------------------------------------------------------------------
NOTES = "title: notes\nitems:\n  - one\n  - two\n  - three\n"
repo, result, text = merge_in_git("not a level", [("  - one\n", "  - uno\n")], [("  - three\n", "  - tres\n")],
                                  base=NOTES, file="notes.yaml")
check(result.returncode == 0 and text == "title: notes\nitems:\n  - uno\n  - two\n  - tres\n",
      "a YAML file that is not a level merges line by line", found=text)

# Files git's line merge cannot merge (binary): exit 3, OUT left as it was.
binary = {}
for side, text in (("base", b"\0a\0"), ("ours", b"\0b\0"), ("theirs", b"\0c\0")):
    binary[side] = os.path.join(workdir, side + ".bin")
    with open(binary[side], "wb") as f:
        f.write(text)
r = subprocess.run([cli, "merge", binary["base"], binary["ours"], binary["theirs"], "-o", binary["ours"]],
                   capture_output=True, text=True, env=ENV)
with open(binary["ours"], "rb") as f:
    check(r.returncode == 3 and f.read() == b"\0b\0" and "nothing was written" in r.stderr,
          "binary files git cannot merge: exit 3, OURS untouched", found=(r.returncode, r.stderr))

# --- merge as a command ---------------------------------------------------------------------------
def files(**texts):
    out = {}
    for k, t in texts.items():
        out[k] = os.path.join(workdir, k + ".yaml")
        with open(out[k], "w") as f:
            f.write(t)
    return out


ours = edit(BASE, ("- {id: a, position: [0, 0, 0]}", "- {id: a, position: [0, 0, 2]}"), ("# the yard", "# the yard (ours)"))
f = files(base=BASE, ours=ours, theirs=BASE, theirs_ws=BASE.replace("mode: loop", "mode:  loop"))
for name, (a, b, expect) in {"theirs unchanged": (f["ours"], f["theirs"], ours),
                             "ours unchanged": (f["base"], f["ours"], ours),
                             "both alike": (f["ours"], f["ours"], ours)}.items():
    out = os.path.join(workdir, "out.yaml")
    r = subprocess.run([cli, "merge", f["base"], a, b, "-o", out], capture_output=True, text=True)
    with open(out) as g:
        check(r.returncode == 0 and g.read() == expect, "merge, " + name + ": the changed side byte for byte")
r = subprocess.run([cli, "merge", f["base"], f["ours"]], capture_output=True, text=True)
check(r.returncode == 2, "merge without THEIRS is a usage error (2)", found=r.returncode)
bad = files(broken=BASE.replace("position: [0, 0, 0]", "position: [0, 0, zz]"))
r = subprocess.run([cli, "merge", f["base"], bad["broken"], f["theirs_ws"], "-o", os.path.join(workdir, "x.yaml")],
                   capture_output=True, text=True)
merged = open(os.path.join(workdir, "x.yaml")).read() if os.path.exists(os.path.join(workdir, "x.yaml")) else ""
check(r.returncode == 1 and "broken.yaml:6:" in r.stderr and "merged line by line" in r.stderr and
      "[0, 0, zz]" in merged and "mode:  loop" in merged,
      "a side that does not load: located, merged line by line with both sides' lines, exit 1",
      found=r.stderr + merged)

# --- diff -----------------------------------------------------------------------------------------
after = edit(BASE, ("[10, 0, 0], [20, 0, 0]", "[10.5, 0, 0], [20, 0, 0]"), ("{id: c,", "{id: gate,"),
             ("{from: b, to: c}", "{from: b, to: gate}"), ("stops: [a, c]", "stops: [a, gate]"),
             ("patrols:\n", "  - id: east\n    spline: {type: linear, alpha: 0.5}\n    points: [[30, 0, 0], [40, 10, 0]]\n"
                          "patrols:\n"), ("smoothing: []\n", "smoothing: []\njunctions:\n  - id: j1\n"
                                           "    at: {rail: main, end: end}\n    links: [{rail: east, end: start}]\n"))
f = files(before=BASE, after=after)
r = subprocess.run([cli, "diff", f["before"], f["after"]], capture_output=True, text=True)
expected = ["waypoint 'c' renamed to 'gate'", "rail 'main': point 1 moved by (0.5, 0, 0)", "rail 'east' added",
            "junction 'j1' added"]
check(r.returncode == 0 and r.stdout.splitlines() == expected, "diff tells changes by object and field",
      expected=expected, found=r.stdout + r.stderr)
r = subprocess.run([cli, "diff", "--json", f["before"], f["after"]], capture_output=True, text=True)
changes = json.loads(r.stdout)["changes"] if r.returncode == 0 else []
check({"kind": "waypoint", "id": "c", "change": "renamed", "to": "gate"} in changes and
      {"kind": "junction", "id": "j1", "change": "added"} in changes, "diff --json", found=r.stdout)
repo = os.path.join(workdir, "not a level")  # git-setup ran there: git diff uses RailForge's diff
with open(os.path.join(repo, "level.yaml"), "w") as g:
    g.write(BASE)
git(repo, "add", "level.yaml")
git(repo, "commit", "-q", "-m", "level")
with open(os.path.join(repo, "level.yaml"), "w") as g:
    g.write(after)
d = git(repo, "diff")
check("railforge diff level.yaml" in d.stdout and "junction 'j1' added" in d.stdout, "git diff shows the level's changes",
      found=d.stdout + d.stderr)
with open(os.path.join(repo, "notes.yaml"), "a") as g:
    g.write("  - four\n")
d = git(repo, "diff", "notes.yaml")
check("+  - four" in d.stdout, "git diff of a YAML file that is not a level is git's own", found=d.stdout + d.stderr)
again = run([cli, "git-setup"], repo)
with open(os.path.join(repo, ".gitattributes")) as g:
    attrs = g.read()
check(again.returncode == 0 and attrs.count("merge=railforge") == 1 and "already there" in again.stdout,
      "git-setup twice writes the attribute once", found=attrs + again.stdout)

# --- git-setup from an awkward folder ------------------------------------------------------------------
# The CLI in a folder whose name holds %P (git's placeholder for the merged file's name, which git
# quotes itself), spaces and both quotes; the merged file is named to run a command if ever unquoted.
# The driver line git runs starts that very CLI with the right arguments, and nothing else runs.
import shutil  # noqa: E402 (only this case copies the binary)

odd = os.path.join(workdir, "tools %P it's \"odd\" 100%")
os.makedirs(odd)
odd_cli = os.path.join(odd, "railforge-cli")
shutil.copy(cli, odd_cli)
name = "a$(touch PWNED).yaml"
# Two points of one rail on one line: git's own line merge would conflict, the driver does not.
repo, result, text = merge_in_git("awkward driver path", [("[10, 0, 0], [20, 0, 0]", "[10, 0, 1], [20, 0, 0]")],
                                  [("[20, 0, 0], [30, 0, 0]", "[20, 0, 0], [30, 0, 5]")], file=name,
                                  setup_cli=odd_cli)
driver = git(repo, "config", "merge.railforge.driver").stdout.strip()
check("%%P" in driver and "railforge-cli merge %O %A %B -o %A --name %P" in driver,
      "git-setup doubles the % of the folder's name and leaves git's placeholders", found=driver)
check(result.returncode == 0 and "points: [[0, 0, 0], [10, 0, 1], [20, 0, 0], [30, 0, 5]]" in text,
      "the driver git runs from there merges the level by object", found=result.stdout + result.stderr + text)
check(not any(os.path.exists(os.path.join(folder, "PWNED")) for folder in (repo, workdir, odd)),
      "the file's name ran nothing", found=os.listdir(repo))

finish()
