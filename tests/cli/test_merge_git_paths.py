#!/usr/bin/env python3
"""The merge driver on the paths a team hits every week, each in a real git repository made here
(docs/design.md "Merging levels"): no side is ever lost without a word.
- a side that does not load (a syntax error, a YAML alias, an edge to no waypoint) is merged line by
  line: both sides' lines are in the file, git lists it unmerged, `validate` exits 3 and says so, and
  the message names the file as the repository does;
- a driver whose binary was moved after git-setup still merges by object (found on PATH), or merges
  line by line with markers when it is nowhere; `git-setup --check` says which;
- a rename on both sides to different ids and a deletion the other side uses are conflicts, and
  either side of the markers is a level that loads;
- points are matched by identity: an insert on one side and a move, a tilt or a speed key on the
  other merge cleanly with the key on its point;
- THEIRS' comment edit inside a rail OURS also changed is kept; CRLF on one side gives one line end;
- `git diff` of a conflicted level or of a syntax error is git's text diff (exit 0); a patch of a
  non-level YAML, an added and a deleted level applies.
Usage: test_merge_git_paths.py RAILFORGE_CLI"""
import os
import shutil
import sys
import tempfile

from checklist import check, finish
from git_repos import ENV, commit_sides, edit, git, merge, new_repo, read, run, side_of, write

cli = os.path.abspath(sys.argv[1])
workdir = tempfile.mkdtemp(prefix="railforge-merge-paths-")
ENV["HOME"] = workdir  # no user's git config
# No railforge-cli on PATH unless a case puts one there.
ENV["PATH"] = os.pathsep.join(p for p in ENV["PATH"].split(os.pathsep)
                              if not os.path.exists(os.path.join(p, "railforge-cli")))

BASE = """\
# Paths test: comments must survive.
railforge: 1
level: {name: Paths, units: m}
waypoints:
  - {id: a, position: [0, 0, 0]}
  - {id: e, position: [10, 0, 0]}
  - {id: f, position: [20, 0, 0]}
edges:
  - {from: a, to: e}
  - {from: e, to: f}
rails:
  - id: coaster
    spline: {type: catmull-rom, alpha: 0.5}
    # the lift hill
    points:
      - [0, 0, 0]
      - [10, 0, 5]
      - [20, 0, 10]
      - [30, 0, 5]
      - [40, 0, 0]
    channels:
      speed: {type: float, interp: linear, keys: [{point: 3, value: 18}]}
  - id: spur
    spline: {type: linear, alpha: 0.5}
    points: [[0, 5, 0], [0, 20, 0]]
patrols:
  - id: guard
    stops: [a, f]
    mode: loop
    smoothing: []
"""


def validate(repo, file="level.yaml", env=None):
    return run([cli, "validate", file], repo, env=env)


def merged(name, ours, theirs, base=BASE, cli_for_setup=None, env=None, before_merge=None):
    """Main (ours) merges theirs in a new repository; returns (repo, git's result, the file's text)."""
    repo = os.path.join(workdir, name)
    setup = new_repo(repo, cli_for_setup or cli, env=env)
    check(setup.returncode == 0, name + ": git-setup runs", found=setup.stdout + setup.stderr)
    commit_sides(repo, base, ours, theirs, env=env)
    if before_merge:
        before_merge(repo)
    result = merge(repo, env=env)
    return repo, result, read(os.path.join(repo, "level.yaml"))


def unmerged_in_git(repo):
    return "UU level.yaml" in git(repo, "status", "--porcelain").stdout


def loads(repo, text, name):
    write(os.path.join(repo, name), text)
    return validate(repo, name)


# --- a side that does not load: merged line by line, never OURS alone ------------------------------
OURS_SPUR = edit(BASE, ("[[0, 5, 0], [0, 20, 0]]", "[[0, 5, 0], [0, 25, 0]]"))
for name, theirs, broken_line in [
        ("syntax error", edit(BASE, ("[[0, 5, 0], [0, 20, 0]]", "[[0, 5, 0], [0, 21, 0]"),
                              ("- {id: f, position: [20, 0, 0]}", "- {id: f, position: [22, 0, 0]}")),
         "[[0, 5, 0], [0, 21, 0]"),
        ("yaml alias", edit(BASE, ("    points: [[0, 5, 0], [0, 20, 0]]", "    points: &p [[0, 5, 0], [0, 21, 0]]\n"
                                   "    tags: *p"),
                            ("- {id: f, position: [20, 0, 0]}", "- {id: f, position: [22, 0, 0]}")),
         "&p [[0, 5, 0], [0, 21, 0]]"),
        ("edge to no waypoint", edit(BASE, ("[[0, 5, 0], [0, 20, 0]]", "[[0, 5, 0], [0, 21, 0]]"),
                                     ("  - {from: e, to: f}\n", "  - {from: e, to: f}\n  - {from: f, to: zz}\n"),
                                     ("- {id: f, position: [20, 0, 0]}", "- {id: f, position: [22, 0, 0]}")),
         "[[0, 5, 0], [0, 21, 0]]")]:
    repo, result, text = merged("theirs with a " + name, OURS_SPUR, theirs)
    check(result.returncode != 0 and "CONFLICT" in result.stdout, name + ": git reports a conflict",
          found=result.stdout + result.stderr)
    check(text != OURS_SPUR, name + ": the result is not OURS alone", found=text)
    check("<<<<<<< " in text and broken_line in text and "[0, 25, 0]" in text,
          name + ": both sides' lines are in the file, between git's markers", found=text)
    check("{id: f, position: [22, 0, 0]}" in text, name + ": THEIRS' valid edit elsewhere is in the file", found=text)
    check(unmerged_in_git(repo), name + ": git status lists the file unmerged",
          found=git(repo, "status", "--porcelain").stdout)
    messages = result.stdout + result.stderr
    check("level.yaml (theirs)" in messages and ".merge_file" not in messages,
          name + ": the message names the file and the side, not git's temporary file", found=messages)
    v = validate(repo)
    check(v.returncode == 3 and "unmerged" in v.stderr, name + ": validate exits 3 and says git lists it unmerged",
          found=v.stderr)
    # Taking OURS' lines gives OURS' level with THEIRS' clean edit: still unmerged until git add.
    kept = side_of(text, "ours")
    check(loads(repo, kept, "ours.yaml").returncode == 0 or name == "edge to no waypoint",
          name + ": OURS' side of the markers loads", found=loads(repo, kept, "ours.yaml").stderr)

# Non-overlapping edits with a side that does not load: git's line merge is clean, both sides' lines
# are in, and the file stays unmerged for git and for validate (the text alone would not tell).
theirs = edit(BASE, ("- {id: f, position: [20, 0, 0]}", "- {id: f, position: [22, 0, 0]"))
repo, result, text = merged("a broken line apart from ours' edit", OURS_SPUR, theirs)
check("[0, 25, 0]" in text and "position: [22, 0, 0]" in text and unmerged_in_git(repo),
      "apart: both sides' lines, and git lists the file unmerged", found=text)
v = validate(repo)
check(v.returncode == 3 and "unmerged" in v.stderr, "apart: validate exits 3 (unmerged, and the syntax error)",
      found=v.stderr)
git(repo, "add", "level.yaml")
v = validate(repo)
check(v.returncode == 3 and "unmerged" not in v.stderr, "after git add: only the syntax error is left", found=v.stderr)

# --- a driver that is found ----------------------------------------------------------------------------
# git-setup run from a build that is moved away afterwards.
def moved_build_env(on_path):
    build = os.path.join(workdir, "build-" + ("on-path" if on_path else "gone"))
    os.makedirs(build)
    shutil.copy(cli, os.path.join(build, "railforge-cli"))
    return build


POINT_EDITS = ([("      - [10, 0, 5]\n", "      - [10, 0, 6]\n")], [("      - [30, 0, 5]\n", "      - [30, 0, 7]\n")])
for on_path in (True, False):
    build = moved_build_env(on_path)
    env = dict(ENV)
    if on_path:
        env["PATH"] = os.path.dirname(cli) + os.pathsep + env["PATH"]
    name = "driver moved, " + ("railforge-cli on PATH" if on_path else "railforge-cli nowhere")

    def move_it(repo, build=build):
        shutil.rmtree(build)

    repo, result, text = merged(name, edit(BASE, *POINT_EDITS[0]), edit(BASE, *POINT_EDITS[1]),
                                cli_for_setup=os.path.join(build, "railforge-cli"), env=env, before_merge=move_it)
    if on_path:
        check(result.returncode == 0 and "      - [10, 0, 6]\n" in text and "      - [30, 0, 7]\n" in text,
              name + ": merged by object", found=result.stdout + result.stderr + text)
        c = run([cli, "git-setup", "--check"], repo, env=env)
        check(c.returncode == 0 and "on PATH" in c.stdout, name + ": git-setup --check says it would merge",
              found=c.stdout + c.stderr)
    else:
        # git's line merge of two lines apart: clean; the driver's message says why it merged by lines.
        check("      - [10, 0, 6]\n" in text and "      - [30, 0, 7]\n" in text and text != edit(BASE, *POINT_EDITS[0]),
              name + ": merged line by line, never OURS alone", found=result.stdout + result.stderr + text)
        check("neither on PATH nor at" in result.stdout + result.stderr, name + ": git's output says why",
              found=result.stdout + result.stderr)
        c = run([cli, "git-setup", "--check"], repo, env=env)
        check(c.returncode == 1 and "no railforge-cli can be found" in c.stdout,
              name + ": git-setup --check says levels would not merge by object", found=c.stdout + c.stderr)

# A teammate who cloned later has the attributes but not the config.
repo = os.path.join(workdir, "cloned later")
git(workdir, "clone", "-q", os.path.join(workdir, "driver moved, railforge-cli on PATH"), repo)
c = run([cli, "git-setup", "--check"], repo)
check(c.returncode == 1 and "merge.railforge.driver is not set" in c.stdout and "ok: level.yaml is merged" in c.stdout,
      "a fresh clone: --check names the missing config", found=c.stdout + c.stderr)
again = run([cli, "git-setup"], repo)
twice = run([cli, "git-setup"], repo)
check(again.returncode == 0 and twice.returncode == 0 and twice.stdout.count("(already set)") == 3 and
      "already there" in twice.stdout, "git-setup twice says what was already there", found=twice.stdout)

# --- honest conflicts ----------------------------------------------------------------------------------
def either_side_loads(name, repo, text):
    for keep in ("ours", "theirs"):
        v = loads(repo, side_of(text, keep), keep + ".yaml")
        check(v.returncode == 0, "%s: taking %s's side of every conflict gives a level that loads" % (name, keep),
              found=v.stderr + side_of(text, keep))


rename = lambda new: [("{id: e,", "{id: %s," % new), ("{from: a, to: e}", "{from: a, to: %s}" % new),
                      ("{from: e, to: f}", "{from: %s, to: f}" % new)]
repo, result, text = merged("rename against rename", edit(BASE, *rename("hub")), edit(BASE, *rename("centre")))
check(result.returncode != 0 and unmerged_in_git(repo), "rename/rename: a conflict", found=result.stdout + text)
check("ours renames waypoint 'e' to 'hub', theirs to 'centre'" in result.stderr + result.stdout + text,
      "rename/rename: the conflict says what each side did", found=result.stderr + text)
either_side_loads("rename/rename", repo, text)
check("{id: hub" in side_of(text, "ours") and "{id: centre" not in side_of(text, "ours") and
      "{id: centre" in side_of(text, "theirs") and "{id: hub" not in side_of(text, "theirs"),
      "rename/rename: each side holds its own name only", found=text)

SPUR = "  - id: spur\n    spline: {type: linear, alpha: 0.5}\n    points: [[0, 5, 0], [0, 20, 0]]\n"
repo, result, text = merged("delete against use", edit(BASE, (SPUR, "")),
                            edit(BASE, ("patrols:\n", "  - id: branch\n    spline: {type: linear, alpha: 0.5}\n"
                                                      "    points: [[0, 5, 0], [-10, 5, 0]]\n"
                                                      "junctions:\n  - id: siding\n    at: {rail: spur, end: start}\n"
                                                      "    links: [{rail: branch, end: start}]\npatrols:\n")))
check(result.returncode != 0 and unmerged_in_git(repo), "delete/use: a conflict", found=result.stdout + text)
either_side_loads("delete/use", repo, text)
check("siding" not in side_of(text, "ours") and "spur" not in side_of(text, "ours") and
      "id: siding" in side_of(text, "theirs") and "id: spur" in side_of(text, "theirs"),
      "delete/use: the junction goes with the rail, on each side", found=text)

# --- points matched by identity ---------------------------------------------------------------------------
INSERT = ("      - [10, 0, 5]\n", "      - [10, 0, 5]\n      - [15, 0, 8]\n")
INSERT_KEYS = ("{point: 3, value: 18}", "{point: 4, value: 18}")  # the editor moves the key with its point
for name, ours, theirs, expect in [
        ("insert against move", [INSERT, INSERT_KEYS], [("      - [30, 0, 5]\n", "      - [30, 1, 5]\n")],
         ["      - [15, 0, 8]\n      - [20, 0, 10]\n      - [30, 1, 5]\n", "{point: 4, value: 18}"]),
        ("insert against tilt", [INSERT, INSERT_KEYS], [("      - [20, 0, 10]\n", "      - {at: [20, 0, 10], tilt: 12}\n")],
         ["      - [15, 0, 8]\n", "tilt: 12", "{point: 4, value: 18}"]),
        ("insert against key value", [INSERT, INSERT_KEYS], [("{point: 3, value: 18}", "{point: 3, value: 20}")],
         ["      - [15, 0, 8]\n", "{point: 4, value: 20}"]),
        ("move against insert", [("      - [30, 0, 5]\n", "      - [30, 1, 5]\n")], [INSERT, INSERT_KEYS],
         ["      - [15, 0, 8]\n", "[30, 1, 5]", "{point: 4, value: 18}"]),
        ("delete against key value", [("      - [10, 0, 5]\n", ""), ("{point: 3, value: 18}", "{point: 2, value: 18}")],
         [("{point: 3, value: 18}", "{point: 3, value: 20}")], ["{point: 2, value: 20}"])]:
    repo, result, text = merged(name, edit(BASE, *ours), edit(BASE, *theirs))
    check(result.returncode == 0 and not unmerged_in_git(repo), name + ": merges cleanly",
          found=result.stdout + result.stderr + text)
    for line in expect:
        check(line in text, name + ": the merge holds " + line.strip(), found=text)
    check(validate(repo).returncode == 0, name + ": the merged level loads", found=validate(repo).stderr)
    where = [l for l in text.splitlines() if "tilt: 12" in l]
    if where:
        check("[20, 0, 10]" in where[0], name + ": the tilt stays on its point", found=where)

REVERSED = "      - [40, 0, 0]\n      - [30, 0, 5]\n      - [20, 0, 10]\n      - [10, 0, 5]\n      - [0, 0, 0]\n"
FORWARD = "      - [0, 0, 0]\n      - [10, 0, 5]\n      - [20, 0, 10]\n      - [30, 0, 5]\n      - [40, 0, 0]\n"
repo, result, text = merged("reversed against moved", edit(BASE, (FORWARD, REVERSED), ("{point: 3,", "{point: 1,")),
                            edit(BASE, ("      - [20, 0, 10]\n", "      - [20, 0, 12]\n")))
check(result.returncode != 0 and "ours reverses the rail, theirs moves point 2 to (20, 0, 12)" in text,
      "a reversed rail against a moved point: one conflict saying what each did", found=text)
check(REVERSED in side_of(text, "ours") and "      - [20, 0, 12]\n" in side_of(text, "theirs") and
      "[20, 0, 10]" not in side_of(text, "theirs"), "reversed/moved: each side is a rail its designer drew",
      found=text)
either_side_loads("reversed/moved", repo, text)

# --- comments ---------------------------------------------------------------------------------------------
repo, result, text = merged("theirs' comment in a rail ours changed",
                            edit(BASE, ("      - [30, 0, 5]\n", "      - [30, 0, 6]\n")),
                            edit(BASE, ("    # the lift hill\n", "    # the lift hill, 10 m\n")))
check(result.returncode == 0 and "# the lift hill, 10 m" in text and "[30, 0, 6]" in text,
      "THEIRS' comment edit inside a rail OURS also changed is kept", found=result.stdout + result.stderr + text)

repo, result, text = merged("one comment changed on both sides",
                            edit(BASE, ("    # the lift hill\n", "    # the lift hill (ours)\n")),
                            edit(BASE, ("    # the lift hill\n", "    # the lift hill (theirs)\n")))
check(result.returncode != 0 and unmerged_in_git(repo) and "# the lift hill (ours)" in side_of(text, "ours") and
      "# the lift hill (theirs)" in side_of(text, "theirs"), "the same comment changed differently: a conflict",
      found=result.stdout + result.stderr + text)
either_side_loads("comment conflict", repo, text)
NEW_RAIL = "  - id: quarry\n    spline: {type: linear, alpha: 0.5}\n    points: [[50, 0, 0], [60, 0, 0]]\n"
repo, result, text = merged("the same rail added, each with its comment",
                            edit(BASE, ("patrols:\n", "  # ours: the quarry line\n" + NEW_RAIL + "patrols:\n")),
                            edit(BASE, ("patrols:\n", "  # theirs: to the quarry\n" + NEW_RAIL + "patrols:\n")))
check(result.returncode == 0 and "# ours: the quarry line" in text and "# theirs: to the quarry" in text and
      text.count("id: quarry") == 1, "the same rail added on both sides: both comments above it, the rail once",
      found=result.stdout + result.stderr + text)
repo, result, text = merged("trailing comment edit on a line ours changed",
                            edit(BASE, ("    spline: {type: linear, alpha: 0.5}\n    points: [[0, 5, 0], [0, 20, 0]]",
                                        "    spline: {type: linear, alpha: 0.5}\n    points: [[0, 5, 0], [0, 26, 0]]")),
                            edit(BASE, ("  - id: spur\n", "  - id: spur   # to the quarry\n")))
check(result.returncode == 0 and "- id: spur   # to the quarry" in text and "[0, 26, 0]" in text,
      "THEIRS' trailing comment on a rail OURS changed is kept", found=result.stdout + result.stderr + text)

# --- line endings --------------------------------------------------------------------------------------
crlf = edit(BASE, ("- {id: a, position: [0, 0, 0]}", "- {id: a, position: [0, 0, 1]}")).replace("\n", "\r\n")
repo, result, text = merged("crlf on theirs", edit(BASE, ("[[0, 5, 0], [0, 20, 0]]", "[[0, 5, 0], [0, 22, 0]]")), crlf)
check(result.returncode == 0 and "\r" not in text and "[0, 0, 1]" in text and "[0, 22, 0]" in text,
      "CRLF on THEIRS' side: the result is OURS' LF throughout", found=repr(text[:200]))

# --- git diff --------------------------------------------------------------------------------------------------
repo, result, text = merged("diff of a conflict", edit(BASE, ("      - [10, 0, 5]\n", "      - [10, 0, 6]\n")),
                            edit(BASE, ("      - [10, 0, 5]\n", "      - [10, 0, 7]\n")))
d = git(repo, "diff", "HEAD", "--", "level.yaml")
check(d.returncode == 0 and "<<<<<<<" in d.stdout and "/tmp/" not in d.stdout,
      "git diff of a conflicted level: git's text diff, exit 0", found=d.stdout + d.stderr)
git(repo, "merge", "--abort")
write(os.path.join(repo, "level.yaml"), edit(BASE, ("[[0, 5, 0], [0, 20, 0]]", "[[0, 5, 0], [0, 21, 0]")))
write(os.path.join(repo, "other.yaml"), "a: 1\n")
git(repo, "add", "other.yaml")
git(repo, "commit", "-q", "-m", "other")
write(os.path.join(repo, "other.yaml"), "a: 2\n")
d = git(repo, "diff")
check(d.returncode == 0 and "+    points: [[0, 5, 0], [0, 21, 0]" in d.stdout and "+a: 2" in d.stdout,
      "git diff of a level with a syntax error: a text diff, exit 0, the files after it shown too",
      found=d.stdout + d.stderr)
check("a/level.yaml" in d.stdout and "git-blob" not in d.stdout and "/tmp/" not in d.stdout,
      "git diff names files by their paths in the repository", found=d.stdout)

# A change of a non-level YAML, an added and a deleted level, and a level's own change: a patch that applies.
git(repo, "checkout", "-q", "--", ".")
write(os.path.join(repo, "gone.yaml"), BASE)
git(repo, "add", "gone.yaml")
git(repo, "commit", "-q", "-m", "to delete")
git(repo, "rm", "-q", "gone.yaml")
write(os.path.join(repo, "new.yaml"), edit(BASE, ("name: Paths", "name: New")))
git(repo, "add", "new.yaml")
write(os.path.join(repo, "other.yaml"), "a: 3\n")
write(os.path.join(repo, "level.yaml"), edit(BASE, ("{point: 3, value: 18}", "{point: 3, value: 20}"),
                                            ("    # the lift hill\n", "    # the lift hill, 10 m\n")))
d = git(repo, "diff", "HEAD")
check(d.returncode == 0 and "rail 'coaster': channel 'speed': key at point 3: 18 -> 20" in d.stdout,
      "git diff tells a channel key's value", found=d.stdout + d.stderr)
check("the lift hill, 10 m" in d.stdout, "git diff shows a comment change", found=d.stdout)
patch = os.path.join(workdir, "p.patch")
write(patch, d.stdout)
git(repo, "stash", "-q")
a = git(repo, "apply", "--check", patch)
check(a.returncode == 0, "git diff > p.patch && git apply --check p.patch", found=a.stderr + d.stdout)
a = git(repo, "apply", patch)
check(a.returncode == 0 and os.path.exists(os.path.join(repo, "new.yaml")) and
      "name: New" in read(os.path.join(repo, "new.yaml")) and "value: 20" in read(os.path.join(repo, "level.yaml")) and
      not os.path.exists(os.path.join(repo, "gone.yaml")) and read(os.path.join(repo, "other.yaml")) == "a: 3\n",
      "the patch applies: added, deleted and changed files as they were", found=a.stderr)

finish()
