"""A build killed (SIGKILL) at any step leaves nothing the next build does not clean up.

Each build to be killed runs in a process of its own that kills itself at the chosen
step: a function the step calls is wrapped so that it sends SIGKILL to its own process
(before or after doing its work, as the step says).  No sleep: the moment is where the
code is, not when.  The next build, in this process, must leave no hidden folder beside
the site and a whole site in place.  Each step is taken on each path that makes a build
folder: a cold build (no cache), a warm one after the theme changed (the cache on) and
serve's (SiteBuilder tracking what it wrote, no cache).  An edit of the records with a
record of the last build is written in place, in a commit: test_commit_kills.py.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from claimtrack.load import Cache
from claimtrack.site import build as site_build
from claimtrack.site import build_site
from claimtrack.site.publish.swap import MARKER

from .conftest import FIXTURES
from .proc_support import DEADLINE, child_env
from .site_support import FIXTURE_TODAY, files_of, minimal_copy

PAGE_404 = (Path(site_build.__file__).parent.parent / "templates" / "404.html").read_text()
DEAD_PID = 4_000_000  # above Linux's default pid_max: no such process

# The build to kill, in a process of its own: argv = root, out, path, step.
KILLED_BUILD = """
import datetime as dt, os, signal, sys, tempfile
from pathlib import Path
from claimtrack.load import Cache
from claimtrack.site import build as site_build
from claimtrack.site.html import render
from claimtrack.site.publish import swap

root, out, path, step = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3], sys.argv[4]

def die():
    os.kill(os.getpid(), signal.SIGKILL)

def after(module, name, when=lambda *a, **k: True):
    real = getattr(module, name)
    def wrapped(*args, **kwargs):
        result = real(*args, **kwargs)
        if when(*args, **kwargs):
            die()
        return result
    setattr(module, name, wrapped)

def before(module, name):
    def wrapped(*args, **kwargs):
        die()
    setattr(module, name, wrapped)

def counted(module, name, count, then):
    real, calls = getattr(module, name), []
    def wrapped(*args, **kwargs):
        calls.append(1)
        if len(calls) == count:
            then()
        return real(*args, **kwargs)
    setattr(module, name, wrapped)

def at_third_file(then):
    # then() before the third file is put into the build folder, rendered or linked
    put, real_open, real_link = [], os.open, os.link
    def put_one():
        put.append(1)
        if len(put) == 3:
            then()
    def opened(path, flags, *args, **kwargs):
        name = str(path)
        if flags & os.O_CREAT and ".build-" in name and not name.endswith(swap.MARKER):
            put_one()
        return real_open(path, flags, *args, **kwargs)
    def linked(source, target, *args, **kwargs):
        if ".build-" in str(target):
            put_one()
        return real_link(source, target, *args, **kwargs)
    os.open, os.link = opened, linked

def die_at_third_unlink():
    counted(os, "unlink", 3, die)

if step == "made":  # the folder exists, nothing is in it yet
    after(tempfile, "mkdtemp", lambda *a, prefix="", **k: ".build-" in prefix)
elif step == "marked":  # the marker is written, no page yet
    before(site_build, "link_unchanged")
elif step == "pages":  # some pages in the folder
    at_third_file(die)
elif step == "before-swap":  # every file written
    before(swap, "swap")
elif step == "swapped":  # the new site in place, the old one under the build folder's name
    before(swap, "remove_tree")
elif step == "old-site":  # part of the old site deleted
    real_remove_tree = swap.remove_tree
    def remove_tree(folder):
        die_at_third_unlink()
        real_remove_tree(folder)
    swap.remove_tree = remove_tree
elif step == "failed":  # the build failed, part of its folder deleted
    def fail():
        die_at_third_unlink()
        raise RuntimeError("this build fails")
    at_third_file(fail)
else:
    raise SystemExit(f"no such step: {step}")

# serve's builder without a cache: no record of the last build, so a new folder.
cache = None if path in ("cold", "serve") else Cache.open(root)
builder = site_build.SiteBuilder(root, out, dt.date(2026, 11, 30), cache, search=False)
builder._build(track=path == "serve")
raise SystemExit("the build was not killed")
"""

STEPS = ["made", "marked", "pages", "before-swap", "swapped", "old-site", "failed"]


def hidden(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


@pytest.mark.parametrize("path", ["cold", "warm", "serve"])
@pytest.mark.parametrize("step", STEPS)
def test_a_build_killed_at_any_step_is_cleaned_up_by_the_next(
    tmp_path: Path, path: str, step: str
) -> None:
    root = minimal_copy(tmp_path)
    out = tmp_path / "site"
    build_site(root, out, today=FIXTURE_TODAY, cache=Cache.open(root), search=False)
    if path == "warm":
        # A new theme: a new folder (an edit of the records is written in place, in a
        # commit: test_commit_kills.py).
        (root / "templates").mkdir(exist_ok=True)
        (root / "templates" / "404.html").write_text(PAGE_404 + "<!-- mine -->\n")
    killed = subprocess.run(
        [sys.executable, "-c", KILLED_BUILD, str(root), str(out), path, step],
        env=child_env(),
        capture_output=True,
        text=True,
        timeout=DEADLINE,
    )
    assert killed.returncode == -9, killed.stderr  # SIGKILL, at the step
    [left] = hidden(tmp_path)  # what the killed build left beside the site
    assert left.startswith(".site.")
    build_site(root, out, today=FIXTURE_TODAY, cache=Cache.open(root), search=False)
    assert hidden(tmp_path) == []
    fresh = tmp_path / "fresh" / "site"
    build_site(root, fresh, today=FIXTURE_TODAY, search=False)
    assert files_of(out) == files_of(fresh)


def test_a_leftover_without_the_marker_is_removed_when_its_name_is_claimtracks(
    tmp_path: Path,
) -> None:
    """What a claimtrack that deleted the marker first left when killed: the full site
    under a build folder's exact name, its process gone."""
    out = tmp_path / "site"
    build_site(FIXTURES / "minimal", out, today=FIXTURE_TODAY, search=False)
    stale = tmp_path / f".site.build-{DEAD_PID}-k2_x9q0a"
    for rel, data in files_of(out).items():
        if rel != MARKER:
            (stale / rel).parent.mkdir(parents=True, exist_ok=True)
            (stale / rel).write_bytes(data)
    empty = tmp_path / f".site.search-{DEAD_PID}-aaaaaaaa"  # killed before its marker
    empty.mkdir()
    build_site(FIXTURES / "minimal", out, today=FIXTURE_TODAY, search=False)
    assert hidden(tmp_path) == []


@pytest.mark.parametrize(
    "name",
    [
        f".site.build-{DEAD_PID}-x",  # not the name a build gives its folder
        f".site.build-{DEAD_PID}-abcdefghi",
        f".site.build-{DEAD_PID}-ABCDEFGH",
        f".site.old-{DEAD_PID}-abcdefgh",  # an old site is only ever put back, when marked
        f".other.build-{DEAD_PID}-abcdefgh",  # another output folder's
        ".site.build-{running}-abcdefgh",  # its process runs (this test's)
        ".site.build-1-abcdefgh",
    ],
)
def test_an_unmarked_folder_that_is_not_a_dead_builds_survives(tmp_path: Path, name: str) -> None:
    # The pid is this process's, filled in here: a test's name must not change with the
    # process that collects it (each of pytest-xdist's workers collects them all).
    foreign = tmp_path / name.format(running=os.getpid())
    foreign.mkdir()
    (foreign / "notes.txt").write_text("mine", encoding="utf-8")
    build_site(FIXTURES / "minimal", tmp_path / "site", today=FIXTURE_TODAY, search=False)
    assert (foreign / "notes.txt").read_text(encoding="utf-8") == "mine"


def test_a_link_named_like_a_leftover_is_never_followed(tmp_path: Path) -> None:
    target = tmp_path / "precious"
    target.mkdir()
    (target / "notes.txt").write_text("mine", encoding="utf-8")
    os.symlink(target, tmp_path / f".site.build-{DEAD_PID}-abcdefgh")
    build_site(FIXTURES / "minimal", tmp_path / "site", today=FIXTURE_TODAY, search=False)
    assert (target / "notes.txt").read_text(encoding="utf-8") == "mine"
