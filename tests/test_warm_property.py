"""Property: warm equals cold.  After random edits, `serve`'s next build and a second
`claimtrack build` give exactly the site a cold build gives, byte for byte, and a second
`check` says what `check --no-cache` says.

A tracker in three languages (tests/fixtures/three-languages: English, French, Chinese) is
copied and edited by the edits of tracker_edits (claims, sources, archives, tracker.yaml,
translations, templates, static files, stamps).  Two sites are kept beside it:

- ``serve``: one long-lived SiteBuilder with the tracker's disk cache, told after each edit
  (or each sequence) exactly the paths it touched, as serve's watcher tells it;
- ``site``: built by `claimtrack build` run in this process as a new process would run it
  (every module-level memo cleared first), on the same disk cache.

Between sequences a file of each site may be deleted by hand: the next good build that
looks must put it back (serve watches the tracker, not its site: until a build succeeds, its
builds are told no paths, as after a restart).

After each build both are compared with a cold build (``build_site`` with
``Cache.disabled()``, or `build --no-cache`) into a folder of its own: both succeed with
the same warnings and the same files, folders, modes and bytes, or both fail the same way
and the failed build left its site exactly as it was.  A cold outcome is made once for each
content of the tracker (same input, same site).  Search is off here (Pagefind's
chunks are its own: see test_a_warm_build_with_search_indexes_the_same_pages for the
one exception); test_incremental_property builds with it.

CLAIMTRACK_PROPERTY_EXAMPLES=N runs more examples by hand (same seed, with shrinking).
"""

from __future__ import annotations

import hashlib
import io
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claimtrack import fsutil
from claimtrack.cli import main
from claimtrack.load import Cache
from claimtrack.site import SiteBuilder, build_site
from claimtrack.site.publish.swap import MARKER

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


def process(*args: str | Path) -> Ran:
    """`claimtrack ARGS` in a new process."""
    command = "import sys; from claimtrack.cli import main; sys.exit(main(sys.argv[1:]))"
    done = subprocess.run(
        [sys.executable, "-c", command, *map(str, args)], capture_output=True, text=True
    )
    return Ran(done.returncode, _RUN_DETAILS.sub("", done.stdout), done.stderr)


@dataclass
class Run:
    """The tracker, its two kept sites, and what was done to them (for the failure message)."""

    base: Path
    # How `claimtrack` runs: in this process, or in new ones.
    run_cli: Callable[..., Ran] = cli
    history: list[str] = field(default_factory=list)
    colds: int = 0
    serve_looks: bool = False  # a file of serve's site was deleted by hand
    # Cold outcomes by what made them and the tracker's contents.
    _colds: dict[tuple[str, str], Any] = field(default_factory=dict)

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

    def contents(self) -> str:
        """A digest of the tracker's files, names and bytes: what a cold build is made from."""
        digest = hashlib.sha256()
        for path in sorted(self.root.rglob("*")):
            if path.is_file():
                digest.update(f"{path.relative_to(self.root)}\0".encode())
                digest.update(hashlib.sha256(path.read_bytes()).digest())
        return digest.hexdigest()

    def cold_build(self) -> Outcome:
        """build_site with no cache into a new folder; an outcome is a function of the
        tracker's bytes (same input, same site), so one is made once for each content
        (a touch, a revert)."""
        key = ("build_site", self.contents())
        if key not in self._colds:
            fresh = self.cold_folder()
            cache = Cache.disabled()
            self._colds[key] = outcome(
                partial(
                    build_site, self.root, fresh, today=FIXTURE_TODAY, cache=cache, search=False
                ),
                fresh,
            )
            if self._colds[key].kind != "built":
                assert not fresh.exists(), self.fail("a failed cold build left a folder", "")
            shutil.rmtree(fresh, ignore_errors=True)
        return self._colds[key]

    def serve_build(self, changed: list[str] | None) -> None:
        """serve's builder told ``changed``, against build_site with no cache.  After a file
        of its site was deleted by hand it is told no paths until a build succeeds: only a
        build that looks at each file, and gets as far as writing, puts such a file back."""
        changed = None if self.serve_looks else changed
        self.history.append(f"serve: build(changed={changed})")
        before = snapshot(self.serve_site) if self.serve_site.exists() else {}
        warm = outcome(partial(self.serve.build, changed=changed), self.serve_site)
        cold = self.cold_build()
        assert warm == cold, self.fail("serve's build differs from a cold one", explain(warm, cold))
        self.serve_looks = self.serve_looks and warm.kind != "built"
        if warm.kind != "built":
            assert snapshot(self.serve_site) == before, self.fail("a failed build changed it", "")

    def warm_build(self, search: bool = False) -> None:
        """`claimtrack build` again, against `build --no-cache` into a new folder."""
        self.history.append("claimtrack build")
        before = snapshot(self.site) if self.site.exists() else {}
        args = ("build", "--root", self.root, "--today", TODAY)
        options = () if search else ("--no-search",)
        ran = self.run_cli(*args, "--out", self.site, *options)
        key = (f"build search={search}", self.contents())
        if key not in self._colds:
            fresh = self.cold_folder()
            cold = self.run_cli(*args, "--out", fresh, "--no-cache", *options)
            made = fresh.exists()
            site = Outcome("built", site=snapshot(fresh)) if made else Outcome("none")
            self._colds[key] = (cold, site, bundle_shape(fresh) if made else [])
            assert made == (cold.code == 0), self.fail("a failed cold build left a folder", "")
            shutil.rmtree(fresh, ignore_errors=True)
        cold, cold_site, cold_bundles = self._colds[key]
        assert ran == cold, self.fail("a second build said otherwise", f"{ran}\n{cold}")
        if ran.code == 0:
            warm_site = Outcome("built", site=snapshot(self.site))
            diff = explain(warm_site, cold_site)
            assert warm_site == cold_site, self.fail("a second build gave another site", diff)
            if search:
                assert bundle_shape(self.site) == cold_bundles, self.fail(
                    "another search bundle", ""
                )
        else:
            assert snapshot(self.site) == before, self.fail("a failed build changed the site", "")

    def warm_check(self, number: int) -> None:
        """`claimtrack check` again says what `check --no-cache` says (text, then JSON)."""
        args = ("check", "--root", self.root, "--today", TODAY, "--format")
        form = ("text", "json")[number % 2]
        self.history.append(f"claimtrack check --format {form}")
        warm, cold = self.run_cli(*args, form), self.run_cli(*args, form, "--no-cache")
        assert warm == cold, self.fail("a second check said otherwise", f"{warm}\n{cold}")

    def delete_by_hand(self, site: Path, pick: int) -> None:
        """A file of a built site deleted by hand (the next build that looks writes it again)."""
        # Not the marker: a folder without it is one claimtrack refuses to replace.
        found = site.rglob("*") if site.is_dir() else ()
        files = sorted(p for p in found if p.is_file() and p.name != MARKER)
        if files:
            victim = files[pick % len(files)]
            self.history.append(f"deleted by hand: {victim.relative_to(self.base)}")
            victim.unlink()


@dataclass(frozen=True)
class Sequence:
    """Edits, then builds; ``each``: serve builds after every edit (else once, after all);
    ``delete``: a site file deleted by hand before `claimtrack build` (which one)."""

    edits: tuple[Edit, ...]
    each: bool = True
    delete: int | None = None
    # The racy window (fsutil.RECENT_NS) while it runs, when not the real one: a clock made
    # of the window's width, not of sleeps (a loaded machine takes seconds between builds).
    window: int | None = None


def check_sequences(sequences: list[Sequence], run_cli: Callable[..., Ran] = cli) -> list[str]:
    """Run the sequences; returns what was done."""
    with tempfile.TemporaryDirectory() as tmp, pytest.MonkeyPatch.context() as patch:
        run = Run(Path(tmp), run_cli)
        run.serve_build(None)
        run.warm_build()
        for number, sequence in enumerate(sequences):
            patch.undo()
            if sequence.window is not None:
                patch.setattr(fsutil, "RECENT_NS", sequence.window)
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
                # serve's watcher reports edits of the tracker, not of its site: a build
                # that was told no paths (a restart, the polling watcher) looks at each file.
                run.delete_by_hand(run.serve_site, sequence.delete)
                run.serve_looks = True
                run.serve_build(None)
                run.delete_by_hand(run.site, sequence.delete)
            run.warm_build()
            run.warm_check(number)
        return run.history


sequences = st.builds(
    Sequence,
    st.lists(edits, min_size=1, max_size=4).map(tuple),
    st.booleans(),
    st.none() | st.integers(0, 200),
)


@settings(PROFILE, max_examples=int(BY_HAND or 5))
@given(st.lists(sequences, min_size=1, max_size=2))
def test_warm_builds_equal_cold_builds(sequences: list[Sequence]) -> None:
    check_sequences(sequences)


def test_a_second_save_within_one_tick_is_read_after_the_window(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by racy_rewrite: the load cache kept the stamp of a file read within the racy
    window, so a second save in the same tick (same mtime, size and inode) was taken for
    the first once the window had passed, and the next build kept the first save's pages."""
    # The window an hour wide while the tracker is saved and built, then none (passed).
    monkeypatch.setattr(fsutil, "RECENT_NS", HOUR)
    run = Run(tmp_path)
    tree = Tree(run.root, fixture=FIXTURE)
    Edit("change_statement", 0, 0).apply(tree)  # a save: its stamp is recent
    run.warm_build()  # reads it within the window
    Edit("racy_rewrite", 0, 0).apply(tree)  # a second save within the same tick
    assert tree.log[-1] == "racy rewrite claims/rocket-engine.yaml", tree.log
    run.history += tree.log
    monkeypatch.setattr(fsutil, "RECENT_NS", -(1 << 62))
    run.warm_build()
    run.warm_check(0)


# Every kind of edit the issue names, on the three-language tracker (claims, sorted:
# rocket-engine, rocket-price, rocket-speed; sources: acme-post, fr-report), serve building
# after each edit unless each=False.  E: a sequence after which every build fails.
HOUR = 3600 * 10**9
FIXED = [
    Sequence(
        (
            Edit("change_statement", 2, 0),  # its French and Chinese go stale
            Edit("change_status", 0, 1),
            Edit("change_kind", 0, 2),
            Edit("change_topics", 1, 3),
        ),
        delete=0,
    ),
    Sequence(
        (
            Edit("change_claimant", 2, 1),
            Edit("change_claimant", 0, 3),
            Edit("change_quote", 2, 1),
            Edit("change_kind", 1, 0),
        ),
        each=False,
    ),
    Sequence((Edit("change_quote", 0, 6),), delete=5),  # E: quote-not-found
    Sequence(
        (
            Edit("change_quote", 0, 0),
            Edit("change_source_notes", 0, 1),
            Edit("change_archive", 0, 1),
            Edit("change_source_notes", 1, 3),
        )
    ),
    Sequence(
        (
            Edit("add_claim", 0, 0),
            Edit("add_source", 0, 0),
            Edit("change_related", 3, 0),  # rocket-speed relates to nothing now
            Edit("delete_claim", 1, 0),  # rocket-engine
        ),
        each=False,
        delete=40,
    ),
    # E: Chinese translations, and no Chinese site.
    Sequence(
        (
            Edit("change_site_title", 0, 1),
            Edit("translate_chinese", 1, 1),
            Edit("set_site_languages", 0, 1),
        )
    ),
    Sequence(
        (
            Edit("set_site_languages", 0, 2),
            Edit("translate_chinese", 0, 2),
            Edit("translate_claim", 1, 1),
            Edit("translate_source", 0, 0),
        ),
        each=False,
    ),
    # E: an unknown template variable (the site file deleted by hand stays deleted).
    Sequence(
        (Edit("set_template", 1, 1), Edit("set_static", 0, 2), Edit("break_template", 0, 1)),
        delete=3,
    ),
    # Stamps without bytes; a save, then one in the same tick, then one reverting it (the
    # window an hour wide: every save of these two sequences is recent).
    Sequence(
        (
            Edit("delete_template", 0, 0),
            Edit("touch_file", 0, 0),
            Edit("touch_file", 4, 1),
            Edit("change_statement", 1, 1),
            Edit("racy_rewrite", 1, 0),
        ),
        window=HOUR,
    ),
    Sequence((Edit("racy_rewrite", 1, 0),), window=HOUR),
    Sequence((Edit("revert_all", 0, 0), Edit("delete_static", 0, 0))),
]


def test_every_kind_of_edit_warm_and_cold() -> None:
    history = check_sequences(FIXED)
    assert history.count("racy rewrite claims/rocket-price.yaml") == 2, history


def test_a_second_build_in_a_new_process_equals_a_cold_one() -> None:
    """As `claimtrack build` runs twice from a shell (one sequence: a process each run)."""
    check_sequences([FIXED[0]], run_cli=process)


def test_a_warm_build_with_search_indexes_the_same_pages(tmp_path: Path) -> None:
    """With search on, the pages byte for byte, and each search bundle by its files."""
    run = Run(tmp_path)
    run.warm_build(search=True)
    tree = Tree(run.root, fixture=FIXTURE)
    for edit in (Edit("change_statement", 2, 0), Edit("add_claim", 0, 1)):
        edit.apply(tree)
    run.history += tree.log
    run.warm_build(search=True)
