"""Real git repositories for the merge tests: a repository set up with `railforge-cli git-setup`, a base
commit, a branch `theirs` and main each editing the file, and main merging theirs."""
import os
import subprocess

ENV = dict(os.environ, GIT_CONFIG_NOSYSTEM="1", GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@t",
           GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@t", LC_ALL="C")


def run(args, cwd, env=None, **kw):
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, env=env or ENV, timeout=120, **kw)


def git(cwd, *args, env=None):
    return run(["git", *args], cwd, env=env)


def edit(text, *pairs):
    """`text` with each (old, new) replaced; each old must be there."""
    for old, new in pairs:
        assert old in text, old
        text = text.replace(old, new)
    return text


def write(path, text, newline="\n"):
    with open(path, "w", newline=newline) as f:
        f.write(text)


def read(path):
    with open(path, newline="") as f:
        return f.read()


def new_repo(folder, cli, env=None):
    """A fresh repository in `folder`, set up by `cli git-setup`; returns git-setup's result."""
    os.makedirs(folder)
    git(folder, "init", "-q", "-b", "main", env=env)
    return run([cli, "git-setup"], folder, env=env)


def commit_sides(repo, base, ours, theirs, file="level.yaml", env=None):
    """Commits `base`, then `theirs` on branch theirs and `ours` on main (each a text, or None for the
    file deleted); main is checked out."""
    path = os.path.join(repo, file)
    write(path, base)
    git(repo, "add", "-A", env=env)
    git(repo, "commit", "-q", "-m", "base", env=env)
    git(repo, "checkout", "-q", "-b", "theirs", env=env)
    for text in (theirs, ours):
        if text is None:
            git(repo, "rm", "-q", file, env=env)
        else:
            write(path, text, newline="")
            git(repo, "add", file, env=env)
        git(repo, "commit", "-q", "-m", "side", env=env)
        if text is theirs:
            git(repo, "checkout", "-q", "main", env=env)


def merge(repo, env=None):
    return git(repo, "merge", "--no-edit", "theirs", env=env)


def side_of(text, keep):
    """The text with git's markers resolved by keeping `keep` ("ours" or "theirs") everywhere."""
    out, state = [], "both"
    for line in text.split("\n"):
        if line.startswith("<<<<<<<"):
            state = "ours"
        elif line.startswith("|||||||") and state == "ours":
            state = "base"
        elif line.startswith("=======") and state in ("ours", "base"):
            state = "theirs"
        elif line.startswith(">>>>>>>") and state == "theirs":
            state = "both"
        elif state == "both" or state == keep:
            out.append(line)
    return "\n".join(out)
