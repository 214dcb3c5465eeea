"""Shared fixtures: run the command line in-process and build small trackers."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from claimtrack.cli import main
from claimtrack.load.cache import CACHE_DIR_VARIABLE

REPO = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
# Fixture trackers are judged as of this day, so that their dates never go stale.
TODAY = "2026-11-30"


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
