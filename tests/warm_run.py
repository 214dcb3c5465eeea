"""The driver of test_warm_property: a tracker edited, serve's builder and `claimtrack build`
and `check` run warm on it, each compared with a cold run (see that module's docstring)."""

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

from claimtrack import fsutil
from claimtrack.cli import main
from claimtrack.load import Cache
from claimtrack.site import SiteBuilder, build_site
from claimtrack.site.publish.swap import MARKER

from .conftest import FIXTURES, TODAY
from .equal_sites import Outcome, bundle_shape, explain, outcome, snapshot
from .site_support import FIXTURE_TODAY
from .tracker_edits import Edit, Tree

FIXTURE = FIXTURES / "three-languages"
HOUR = 3600 * 10**9  # a width of the racy window (fsutil.RECENT_NS)


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
