"""Fixtures for testing the built site in a real browser (see /work/shared/browser-testing.md).

- `site_dir`: the repository's site (archive pages on, in a copy), built once per session
  with `claimtrack build` into a temporary folder.
- `base_url`: that folder served by http.server on 127.0.0.1 and a free port, in a thread;
  `measured_url`, `revisions_url`: the sites of those fixtures, likewise.
- `browser_type_launch_args`: Debian's Chromium (`shutil.which("chromium")`) with the flags
  that keep it off the network.
- `context` / `make_context`: browser contexts that abort every request to a host other than
  127.0.0.1 or localhost.

What the tests need: Chromium from Debian, Java and `node_modules/vnu-jar` (all installed
by `.ci/run`). When one is missing they fail under CI=true and skip with a reason otherwise.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import io
import json
import shutil
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Route
from support import REPO, is_local, require

from claimtrack.cli import main

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost",
]


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The repository's site, built once with `claimtrack build --root COPY --out TMP/site`.

    COPY is the repository's data with `archive_public: true` on every archived source, so
    that the archive pages are checked too; the repository itself keeps them off (rights),
    and this copy is only served on 127.0.0.1 for the test.
    """
    tmp = tmp_path_factory.mktemp("browser")
    root, out = tmp / "tracker", tmp / "site"
    root.mkdir()
    shutil.copy(REPO / "tracker.yaml", root / "tracker.yaml")
    for folder in ("claims", "sources", "schema"):
        shutil.copytree(REPO / folder, root / folder)
    for archive in (root / "sources").glob("*.txt"):
        record = archive.with_suffix(".yaml")
        text = record.read_text(encoding="utf-8")
        assert "\narchive_public: false\n" in text, record
        record.write_text(
            text.replace("\narchive_public: false\n", "\narchive_public: true\n"), "utf-8"
        )
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(buf):
        code = main(["build", "--root", str(root), "--out", str(out)])
    if code != 0 or not (out / "index.html").is_file():
        pytest.fail(
            f"`claimtrack build --root {root}` exited {code}:\n{buf.getvalue()}", pytrace=False
        )
    assert list(out.glob("sources/*/archive/index.html")), "no archive page to check"
    return out


@pytest.fixture(scope="session")
def html_pages(site_dir: Path) -> list[str]:
    """Every .html file of the built site, as a path relative to the site folder."""
    return sorted(p.relative_to(site_dir).as_posix() for p in site_dir.rglob("*.html"))


@pytest.fixture(scope="session")
def claims_data(site_dir: Path) -> list[dict[str, Any]]:
    claims: list[dict[str, Any]] = json.loads(
        (site_dir / "claims.json").read_text(encoding="utf-8")
    )["claims"]
    return claims


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


class _Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        # The browser drops connections it no longer needs; that is not worth a traceback.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@contextlib.contextmanager
def served(folder: Path) -> Iterator[str]:
    """``folder`` served on 127.0.0.1 and a free port, in a thread; yields its URL."""
    handler = functools.partial(_QuietHandler, directory=str(folder))
    server = _Server(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


@pytest.fixture
def serve() -> Callable[[Path], contextlib.AbstractContextManager[str]]:
    """``served``, for a test that serves a folder of its own (``with serve(folder) as url``)."""
    return served


@pytest.fixture(scope="session")
def base_url(site_dir: Path) -> Iterator[str]:
    """The built site served on 127.0.0.1 and a free port (overrides pytest-base-url's)."""
    with served(site_dir) as url:
        yield url


def _fixture_site(tmp_path_factory: pytest.TempPathFactory, name: str) -> Path:
    """The site of tests/fixtures/NAME, built on the fixtures' day."""
    out = tmp_path_factory.mktemp(f"browser-{name}") / "site"
    buf = io.StringIO()
    fixture = REPO / "tests" / "fixtures" / name
    with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(buf):
        code = main(["build", "--root", str(fixture), "--out", str(out), "--today", "2026-11-30"])
    if code != 0:
        pytest.fail(f"building {fixture} exited {code}:\n{buf.getvalue()}", pytrace=False)
    return out


@pytest.fixture(scope="session")
def measured_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site of tests/fixtures/measured (a figure with three measurements)."""
    return _fixture_site(tmp_path_factory, "measured")


@pytest.fixture(scope="session")
def measured_url(measured_dir: Path) -> Iterator[str]:
    with served(measured_dir) as url:
        yield url


@pytest.fixture(scope="session")
def revisions_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site of tests/fixtures/revisions (a quote reworded by a later revision, one
    deleted with nothing in its place, a source gone, a claim citing later versions, a claim
    revised by its claimant, a correction), in English, French and Chinese."""
    return _fixture_site(tmp_path_factory, "revisions")


@pytest.fixture(scope="session")
def revisions_url(revisions_dir: Path) -> Iterator[str]:
    with served(revisions_dir) as url:
        yield url


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Launch Debian's Chromium (Playwright's own browser download is not available here)."""
    chromium = shutil.which("chromium")
    require(
        chromium is not None,
        "Chromium is not installed (apt-get install -y --no-install-recommends chromium)",
    )
    return {
        **browser_type_launch_args,
        "executable_path": chromium,
        "args": CHROMIUM_FLAGS,
    }


def _block(route: Route) -> None:
    route.abort("blockedbyclient")


@pytest.fixture
def make_context(new_context: Callable[..., BrowserContext]) -> Callable[..., BrowserContext]:
    """Create a browser context (any `browser.new_context` options) that never leaves 127.0.0.1."""

    def make(**kwargs: Any) -> BrowserContext:
        ctx = new_context(**kwargs)
        ctx.route(lambda url: not is_local(url), _block)
        return ctx

    return make


@pytest.fixture
def context(make_context: Callable[..., BrowserContext]) -> BrowserContext:
    return make_context()
