"""Property: warm equals cold.  After random edits, `serve`'s next build and a second
`claimtrack build` give exactly the site a cold build gives, byte for byte, and a second
`check` says what `check --no-cache` says.

A tracker in three languages (tests/fixtures/three-languages: English, French, Chinese) is
copied and edited by the edits of tracker_edits (claims, sources, archives, tracker.yaml,
translations, templates, static files, stamps).  Two sites are kept beside it:

- ``serve``: one long-lived SiteBuilder with the tracker's disk cache, told after each edit
  (or each sequence) exactly the paths it touched, as serve's watcher tells it;
- ``site``: built by `claimtrack build` run in this process as a new process would run it
  (every module-level memo cleared first), on the same disk cache.  Between sequences a
  file of it may be deleted by hand: the next build must put it back.

After each build both are compared with a cold build (``build_site`` with
``Cache.disabled()``, or `build --no-cache`) into a folder of its own: both succeed with
the same warnings and the same files, folders, modes and bytes, or both fail the same way
and the failed build left its site exactly as it was.  Search is off here (Pagefind's
chunks are its own: see test_a_warm_build_with_search_indexes_the_same_pages for the
one exception); test_incremental_property builds with it.

CLAIMTRACK_PROPERTY_EXAMPLES=N runs more examples by hand (same seed, with shrinking).
"""

from __future__ import annotations

import io
import re
import shutil
import sys
import tempfile
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claimtrack import fsutil
from claimtrack.cli import main
from claimtrack.load import Cache
from claimtrack.site import SiteBuilder, build_site

from .conftest import FIXTURES, TODAY
from .equal_sites import Outcome, bundle_shape, explain, outcome, snapshot
from .site_support import FIXTURE_TODAY
from .test_incremental_property import BY_HAND, PROFILE, edits
from .tracker_edits import Edit, Tree

FIXTURE = FIXTURES / "three-languages"


def forget_memos() -> None:
    """Clear every module-level memo of claimtrack (functools caches): what a new process
    starts without."""
    for name, module in list(sys.modules.items()):
        if name == "claimtrack" or name.startswith("claimtrack."):
            for value in list(vars(module).values()):
                clear = getattr(value, "cache_clear", None)
                if callable(clear):
                    clear()


@dataclass(frozen=True)
class Ran:
    code: int
    out: str
    err: str


# What differs between two runs of one build: its time and its folder.
_RUN_DETAILS = re.compile(r" in \d+\.\d+ s| into \S+|file://\S+")


def cli(*args: str | Path) -> Ran:
    """`claimtrack ARGS` in this process, as a new process would run it."""
    forget_memos()
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main([str(a) for a in args])
    return Ran(code, _RUN_DETAILS.sub("", out.getvalue()), err.getvalue())


@dataclass
class Run:
    """The tracker, its two kept sites, and what was done to them (for the failure message)."""

    base: Path
    history: list[str] = field(default_factory=list)
    colds: int = 0

    def __post_init__(self) -> None:
        self.root = self.base / "tracker"
        shutil.copytree(FIXTURE, self.root)
        self.serve_site = self.base / "serve"
        self.site = self.base / "site"
        self.serve = SiteBuilder(
            self.root, self.serve_site, FIXTURE_TODAY, Cache.open(self.root), search=False
        )

    def fail(self, what: str, detail: str) -> str:
        return f"{what}, after:\n" + "\n".join(self.history) + f"\n{detail}"

    def cold_folder(self) -> Path:
        self.colds += 1
        return self.base / f"cold-{self.colds}"

    def serve_build(self, changed: list[str] | None) -> None:
        """serve's builder told ``changed``, against build_site with no cache."""
        self.history.append(f"serve: build(changed={changed})")
        before = snapshot(self.serve_site) if self.serve_site.exists() else {}
        warm = outcome(partial(self.serve.build, changed=changed), self.serve_site)
        fresh = self.cold_folder()
        cache = Cache.disabled()
        cold = outcome(
            partial(build_site, self.root, fresh, today=FIXTURE_TODAY, cache=cache, search=False),
            fresh,
        )
        assert warm == cold, self.fail("serve's build differs from a cold one", explain(warm, cold))
        if warm.kind != "built":
            assert snapshot(self.serve_site) == before, self.fail("a failed build changed it", "")
        shutil.rmtree(fresh, ignore_errors=True)

    def warm_build(self, search: bool = False) -> None:
        """`claimtrack build` again, against `build --no-cache` into a new folder."""
        self.history.append("claimtrack build")
        before = snapshot(self.site) if self.site.exists() else {}
        args = ("build", "--root", self.root, "--today", TODAY)
        options = () if search else ("--no-search",)
        ran = cli(*args, "--out", self.site, *options)
        fresh = self.cold_folder()
        cold = cli(*args, "--out", fresh, "--no-cache", *options)
        assert ran == cold, self.fail("a second build said otherwise", f"{ran}\n{cold}")
        if ran.code == 0:
            warm_site, cold_site = (
                Outcome("built", site=snapshot(self.site)),
                Outcome("built", site=snapshot(fresh)),
            )
            diff = explain(warm_site, cold_site)
            assert warm_site == cold_site, self.fail("a second build gave another site", diff)
            if search:
                assert bundle_shape(self.site) == bundle_shape(fresh), self.fail(
                    "another search bundle", ""
                )
        else:
            assert snapshot(self.site) == before, self.fail("a failed build changed the site", "")
            assert not fresh.exists(), self.fail("a failed cold build left a folder", "")
        shutil.rmtree(fresh, ignore_errors=True)

    def warm_check(self, number: int) -> None:
        """`claimtrack check` again says what `check --no-cache` says (text, then JSON)."""
        args = ("check", "--root", self.root, "--today", TODAY, "--format")
        form = ("text", "json")[number % 2]
        self.history.append(f"claimtrack check --format {form}")
        warm, cold = cli(*args, form), cli(*args, form, "--no-cache")
        assert warm == cold, self.fail("a second check said otherwise", f"{warm}\n{cold}")

    def delete_by_hand(self, pick: int) -> None:
        """A file of the built site deleted by hand (the next build writes it again)."""
        files = sorted(p for p in self.site.rglob("*") if p.is_file()) if self.site.is_dir() else []
        if files:
            victim = files[pick % len(files)]
            self.history.append(f"deleted by hand: site/{victim.relative_to(self.site)}")
            victim.unlink()


@dataclass(frozen=True)
class Sequence:
    """Edits, then builds; ``each``: serve builds after every edit (else once, after all);
    ``delete``: a site file deleted by hand before `claimtrack build` (which one)."""

    edits: tuple[Edit, ...]
    each: bool = True
    delete: int | None = None


def check_sequences(sequences: list[Sequence]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        run = Run(Path(tmp))
        run.serve_build(None)
        run.warm_build()
        for number, sequence in enumerate(sequences):
            tree = Tree(run.root, fixture=FIXTURE)
            for edit in sequence.edits:
                edit.apply(tree)
                if sequence.each:
                    run.history += tree.log
                    tree.log.clear()
                    run.serve_build(sorted(tree.touched))
                    tree.touched.clear()
            if not sequence.each:
                run.history += tree.log
                run.serve_build(sorted(tree.touched))
            if sequence.delete is not None:
                run.delete_by_hand(sequence.delete)
            run.warm_build()
            run.warm_check(number)


sequences = st.builds(
    Sequence,
    st.lists(edits, min_size=1, max_size=4).map(tuple),
    st.booleans(),
    st.none() | st.integers(0, 200),
)


@settings(PROFILE, max_examples=int(BY_HAND or 8))
@given(st.lists(sequences, min_size=1, max_size=3))
def test_warm_builds_equal_cold_builds(sequences: list[Sequence]) -> None:
    check_sequences(sequences)


def test_a_second_save_within_one_tick_is_read_after_the_window(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by racy_rewrite: the load cache kept the stamp of a file read within the racy
    window, so a second save in the same tick (same mtime, size and inode) was taken for
    the first once the window had passed, and the next build kept the first save's pages."""
    run = Run(tmp_path)
    tree = Tree(run.root, fixture=FIXTURE)
    Edit("change_statement", 0, 0).apply(tree)  # a save: its stamp is recent
    run.warm_build()  # reads it within the window
    Edit("racy_rewrite", 0, 0).apply(tree)  # a second save within the same tick
    assert tree.log[-1] == "racy rewrite claims/rocket-engine.yaml", tree.log
    run.history += tree.log
    # Seconds later (no sleep: the window is made to have passed for every file).
    monkeypatch.setattr(fsutil, "RECENT_NS", -(1 << 62))
    run.warm_build()
    run.warm_check(0)
