"""An update in place killed (SIGKILL) at any step of its commit: the next command sees
the site wholly old or wholly new, never a mix (site/publish/commit.py).

The edit changes one claim's statement and deletes another claim, so that its commit
writes pages and data files and deletes a claim's pages.  The build to be killed runs
in a process of its own that kills itself at the chosen step (a function the step calls
is wrapped, as in test_swap_kills.py): the moment is where the code is, not when.
Then ``settle`` (what every command runs first) must leave the site byte for byte the
old one or the new one, and the next build the new one.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from claimtrack.load import Cache
from claimtrack.site import SiteBuilder, build_site
from claimtrack.site.publish import commit
from claimtrack.site.publish.swap import MARKER, MARKER_TEXT

from .conftest import FIXTURES
from .proc_support import DEADLINE, child_env
from .site_support import FIXTURE_TODAY, files_of, minimal_copy
from .test_site_swap import DEAD_PID

KILLED_UPDATE = """
import datetime as dt, os, signal, sys
from pathlib import Path
from claimtrack.load import Cache
from claimtrack.site import build as site_build
from claimtrack.site.publish import commit, swap

root, out, step, with_search = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3], sys.argv[4]

def die():
    os.kill(os.getpid(), signal.SIGKILL)

def at_call(module, name, count, when="before"):
    real, calls = getattr(module, name), []
    def wrapped(*args, **kwargs):
        calls.append(1)
        if len(calls) == count and when == "before":
            die()
        result = real(*args, **kwargs)
        if len(calls) == count and when == "after":
            die()
        return result
    setattr(module, name, wrapped)

def in_commit(module, name, count, when="before"):
    # Only the calls a commit makes (os.replace is also used by other writes).
    real_commit = commit.commit
    def wrapped_commit(*args, **kwargs):
        at_call(module, name, count, when)
        return real_commit(*args, **kwargs)
    commit.commit = wrapped_commit

if step == "staged-one":  # one file staged beside the site, the others not
    in_commit(commit, "_stage", 2)
elif step == "staged-all":  # every file staged, no journal yet
    in_commit(commit, "atomic_write_bytes", 1)
elif step == "decided":  # the journal written, nothing renamed
    in_commit(os, "replace", 2)  # the journal's own write is the first os.replace
elif step == "renamed-one":  # one file renamed into the site
    in_commit(os, "replace", 3)
elif step == "deleting":  # every file renamed, one deleted
    in_commit(os, "unlink", 1, when="after")
elif step == "marked":  # the marker written again, the journal still there
    in_commit(commit, "atomic_write_bytes", 2, when="after")
elif step == "cleaning":  # the journal deleted, the staging folder not yet
    in_commit(swap, "remove_marked", 1)
elif step == "serve-unindexed":  # serve's update committed, then killed before its index
    builder = site_build.SiteBuilder(root, out, dt.date(2026, 11, 30), Cache.open(root))
    builder.build(changed=["claims/rocket-speed.yaml", "claims/rocket-extra.yaml"])
    die()
else:
    raise SystemExit(f"no such step: {step}")

builder = site_build.SiteBuilder(
    root, out, dt.date(2026, 11, 30), Cache.open(root), search=with_search == "search"
)
result = builder._build(track=False)  # as `claimtrack build` does
raise SystemExit(f"the build was not killed (full: {result.full})")
"""

STEPS = ["staged-one", "staged-all", "decided", "renamed-one", "deleting", "marked", "cleaning"]


def _tracker(tmp_path: Path) -> Path:
    """The minimal tracker with one more claim, which the edit deletes."""
    root = minimal_copy(tmp_path)
    claims = root / "claims"
    extra = (claims / "rocket-price.yaml").read_text(encoding="utf-8")
    extra = extra.replace("related: [rocket-speed]\n", "").replace(
        "did not announce the price", "did not say what it weighs"
    )
    (claims / "rocket-extra.yaml").write_text(extra, encoding="utf-8")
    return root


def _edit(root: Path) -> None:
    speed = root / "claims" / "rocket-speed.yaml"
    text = speed.read_text(encoding="utf-8")
    text = text.replace("statement: Rocket 2 runs", "statement: Rocket 2, Acme says, runs")
    speed.write_text(text, encoding="utf-8")
    (root / "claims" / "rocket-extra.yaml").unlink()


def _fresh(root: Path, tmp_path: Path, name: str, *, search: bool = False) -> dict[str, bytes]:
    out = tmp_path / name / "site"
    build_site(root, out, today=FIXTURE_TODAY, search=search)
    return files_of(out)


def _hidden(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


def _kill(root: Path, out: Path, step: str, search: str) -> None:
    killed = subprocess.run(
        [sys.executable, "-c", KILLED_UPDATE, str(root), str(out), step, search],
        env=child_env(),
        capture_output=True,
        text=True,
        timeout=DEADLINE,
    )
    assert killed.returncode == -9, killed.stderr  # SIGKILL, at the step


@pytest.mark.parametrize("step", STEPS)
def test_a_commit_killed_at_any_step_leaves_the_site_wholly_old_or_new(
    tmp_path: Path, step: str
) -> None:
    root = _tracker(tmp_path)
    out = tmp_path / "site"
    build_site(root, out, today=FIXTURE_TODAY, cache=Cache.open(root), search=False)
    old = files_of(out)
    _edit(root)
    new = _fresh(root, tmp_path, "fresh")
    assert old != new

    _kill(root, out, step, "no-search")
    assert _hidden(tmp_path) != []  # the killed commit's folder, beside the site

    commit.settle(out)  # what every command does first
    settled = files_of(out)
    decided = step not in ("staged-one", "staged-all")
    assert settled == (new if decided else old)
    assert _hidden(tmp_path) == []

    builder = SiteBuilder(root, out, FIXTURE_TODAY, Cache.open(root), search=False)
    result = builder._build(track=False)  # the next `claimtrack build`
    assert files_of(out) == new
    if decided:
        # The killed process never saved its record of what it wrote: the site is not
        # the one the record on disk describes, so it is built whole, never trusted.
        assert result.full
    else:  # the site never saw the commit: the record still describes it
        assert not result.full
        changed = [p for p in new if old.get(p) != new[p]]
        assert result.written == len(changed)


def test_an_update_in_place_writes_only_what_changed_and_equals_a_cold_build(
    tmp_path: Path,
) -> None:
    root = _tracker(tmp_path)
    out = tmp_path / "site"
    build_site(root, out, today=FIXTURE_TODAY, cache=Cache.open(root), search=False)
    old = files_of(out)
    inode = out.stat().st_ino
    _edit(root)
    result = build_site(root, out, today=FIXTURE_TODAY, cache=Cache.open(root), search=False)
    new = files_of(out)
    assert new == _fresh(root, tmp_path, "fresh")
    assert out.stat().st_ino == inode  # the same folder: nothing swapped
    assert not result.full
    changed = {p for p in new if old.get(p) != new[p]}
    assert result.written == len(changed)
    assert not any("rocket-extra" in p for p in new)


def test_pages_committed_without_their_index_are_indexed_by_the_next_build(
    tmp_path: Path,
) -> None:
    """serve killed after an update in place, before it made the index again: the pages
    are in place, their index is the old one, and the next build must know (by the
    pages' stamps: nothing was saved)."""
    root = _tracker(tmp_path)
    out = tmp_path / "site"
    build_site(root, out, today=FIXTURE_TODAY, cache=Cache.open(root), search=True)
    _edit(root)
    _kill(root, out, "serve-unindexed", "search")
    builder = SiteBuilder(root, out, FIXTURE_TODAY, Cache.open(root), search=True)
    builder._build(track=False)
    assert builder.index.runs >= 1  # the stale index was made again
    again = SiteBuilder(root, out, FIXTURE_TODAY, Cache.open(root), search=True)
    again._build(track=False)
    assert again.index.runs == 0  # and is known to be current
    fresh = tmp_path / "fresh"
    shutil.rmtree(fresh, ignore_errors=True)
    pages = {p: b for p, b in files_of(out).items() if "pagefind" not in p}
    assert pages == {
        p: b for p, b in _fresh(root, tmp_path, "fresh", search=True).items() if "pagefind" not in p
    }


def test_a_journal_naming_a_path_outside_the_site_is_never_applied(tmp_path: Path) -> None:
    """A commit folder beside the site is trusted only as far as what a build writes: a
    journal that names a path out of the site (damaged, or not claimtrack's) is left
    alone, and nothing outside the site is renamed over or deleted."""
    out = tmp_path / "site"
    build_site(FIXTURES / "minimal", out, today=FIXTURE_TODAY, search=False)
    precious = tmp_path / "precious.txt"
    precious.write_text("mine", encoding="utf-8")
    folder = tmp_path / f".site.commit-{DEAD_PID}-abcdefgh"
    folder.mkdir()
    (folder / MARKER).write_bytes(MARKER_TEXT)
    (folder / "0").write_text("overwritten", encoding="utf-8")
    journal = {"moves": [["0", "../precious.txt"]], "deletes": ["../precious.txt"]}
    (folder / commit.JOURNAL).write_text(json.dumps(journal), encoding="utf-8")
    before = files_of(out)
    commit.settle(out)
    assert precious.read_text(encoding="utf-8") == "mine"
    assert files_of(out) == before
    assert folder.is_dir()  # left for a person to look at
