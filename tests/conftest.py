"""Shared fixtures: run the command line in-process and build small trackers."""

from __future__ import annotations

import datetime as dt
import hashlib
import os
import shutil
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from jinja2 import Environment

from claimtrack.cli import main
from claimtrack.load.cache import CACHE_DIR_VARIABLE
from claimtrack.site import build_site
from claimtrack.site.cards import draw, plan

REPO = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
# Fixture trackers are judged as of this day, so that their dates never go stale.
TODAY = "2026-11-30"
# The shared fixture ``site_of``: a tracker's site, built once (root, today) -> site folder.
SiteOf = Callable[[Path, dt.date | None], Path]


@dataclass
class Result:
    code: int
    out: str
    err: str

    @property
    def output(self) -> str:
        return self.out + self.err


@pytest.fixture(autouse=True, scope="session")
def _caches_outside_the_fixtures(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Commands run on tests/fixtures/ in place: their caches must not land there."""
    folder = tmp_path_factory.mktemp("caches")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(CACHE_DIR_VARIABLE, str(folder))
        yield


@pytest.fixture(autouse=True, scope="session")
def _each_template_compiled_once() -> Iterator[None]:
    """Jinja's compiled code for a template, kept for the whole test process.

    The suite builds sites in process hundreds of times, and each build, like each new
    process, compiles its templates again: 39 of the 60 s of
    test_every_kind_of_edit_warm_and_cold went to Jinja's compiler. The code is a function
    of the template's source, its name and file, and the language whose constant messages
    it holds (``Interface.key``: the tag and the catalog's content), so each is compiled
    once per test process. Environments are still made as the product makes them: an
    environment wrongly kept after its language's words or a template changed keeps its
    own templates, and the warm-equals-cold tests still see it. A template that does not
    compile raises every time (nothing is kept)."""
    compile_template = Environment.compile
    compiled: dict[tuple[Any, ...], Any] = {}

    def kept(
        env: Environment,
        source: Any,
        name: str | None = None,
        filename: str | None = None,
        raw: bool = False,
        defer_init: bool = False,
    ) -> Any:
        ui = getattr(env, "ui", None)
        if raw or not isinstance(source, str) or ui is None:
            return compile_template(env, source, name, filename, raw, defer_init)
        key = (source, name, filename, defer_init, ui.key, type(env))
        code = compiled.get(key)
        if code is None:
            code = compiled[key] = compile_template(env, source, name, filename, raw, defer_init)
        return code

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Environment, "compile", kept)
        yield


@pytest.fixture(autouse=True, scope="session")
def _each_card_drawn_once(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """A share card's PNG, kept for the whole test process by its ``Card``: exactly what it
    shows and with what, the output's key (cards/draw.py). Drawing one took 12 ms in the
    tests, and a build of the 300-claim tracker of test_site_update draws 602 of them, most
    of its time. Kept in a folder, so that the render workers a build forks
    find and leave them too, by the digest of the card's ``repr`` (its fields are strings,
    numbers and frozen dataclasses of them). A card whose key changed is drawn again, as
    the product draws it; `cards_drawn_afresh` turns this off for a test of the drawing
    itself, and the tests of the same bytes in another process run no memo at all."""
    folder = tmp_path_factory.mktemp("cards")

    def kept(card: draw.Card) -> bytes:
        path = folder / hashlib.sha256(repr(card).encode("utf-8")).hexdigest()
        try:
            return path.read_bytes()
        except FileNotFoundError:
            png = draw.draw(card)
            temporary = path.with_name(f"{path.name}.{os.getpid()}.{threading.get_ident()}")
            temporary.write_bytes(png)
            os.replace(temporary, path)
            return png

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(plan, "draw", kept)
        yield


@pytest.fixture
def cards_drawn_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every card drawn by Pillow again, none taken from `_each_card_drawn_once`."""
    monkeypatch.setattr(plan, "draw", draw.draw)


@pytest.fixture
def run_cli(capsys: pytest.CaptureFixture[str]) -> Callable[..., Result]:
    """Run `claimtrack ARGS...` in this process; returns exit code and output."""

    def run(*args: str | Path) -> Result:
        try:
            code = main([str(a) for a in args])
        except SystemExit as exc:  # argparse exits 2 on usage errors
            code = int(exc.code or 0)
        captured = capsys.readouterr()
        return Result(code, captured.out, captured.err)

    return run


@pytest.fixture(scope="session")
def site_of(tmp_path_factory: pytest.TempPathFactory) -> SiteOf:
    """The site ``build_site(root, out, today=today)`` makes of a tracker no test edits (one
    under tests/fixtures/, or the repository), built once per test run and worker: the
    modules that only read such a site share it.  Each built its own before, the
    repository's (with search, 3 s) six times a run, tests/fixtures/revisions' thirteen.
    Read it; never write into it (a test that edits a site builds its own copy)."""
    built: dict[tuple[Path, dt.date | None], Path] = {}

    def site(root: Path, today: dt.date | None) -> Path:
        found = built.get((root, today))
        if found is None:
            found = tmp_path_factory.mktemp(f"site-{root.name}") / "site"
            build_site(root, found, today=today)
            built[(root, today)] = found
        return found

    return site


@pytest.fixture
def tracker(tmp_path: Path) -> Callable[[str], Path]:
    """Copy a fixture tracker from tests/fixtures/NAME into a temporary folder."""

    def make(name: str = "minimal") -> Path:
        dest = tmp_path / name
        shutil.copytree(FIXTURES / name, dest, symlinks=True)
        return dest

    return make


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The browser tests run last.  Playwright's sync API keeps an event loop running in
    the main thread for the rest of the session, from its first test on; the language
    server's tests (pytest-asyncio) cannot start a loop of their own after that.  Spread
    over processes (pytest-xdist, as .ci/run runs them), each worker runs the tests it is
    sent in this order too."""
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)
