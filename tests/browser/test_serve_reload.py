"""`claimtrack serve` in a real browser: an open page reloads by itself after each rebuild."""

from __future__ import annotations

import datetime as dt
import io
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, expect
from support import REPO

from claimtrack.live import LiveServer

pytestmark = pytest.mark.browser

FIXTURE = REPO / "tests" / "fixtures" / "minimal"
WAIT_MS = 15_000


@pytest.fixture
def live(tmp_path: Path) -> Iterator[tuple[LiveServer, Path]]:
    root = tmp_path / "tracker"
    shutil.copytree(FIXTURE, root)
    server = LiveServer(
        root,
        root / "site",
        port=0,
        today=dt.date(2026, 11, 30),
        interval=0.05,
        stdout=io.StringIO(),
        stderr=io.StringIO(),
    )
    server.start()
    try:
        yield server, root
    finally:
        server.stop()


def test_open_page_follows_edits_breakage_and_fix(
    live: tuple[LiveServer, Path], context: BrowserContext
) -> None:
    server, root = live
    page = context.new_page()
    page.goto(server.url + "claims/rocket-speed/")
    heading = page.locator("main")
    expect(heading).to_contain_text("Rocket 2 runs up to 3x faster than Rocket 1.")
    page.evaluate("window.__notReloaded = true")

    claim = root / "claims" / "rocket-speed.yaml"
    good = claim.read_text().replace(
        "up to 3x faster than Rocket 1.", "up to 4x faster, says Acme."
    )
    claim.write_text(good)
    expect(heading).to_contain_text("up to 4x faster, says Acme.", timeout=WAIT_MS)
    assert page.evaluate("window.__notReloaded === undefined")  # a reload, not a patch

    claim.write_text(good.replace("kind: figure", "kind: figur"))
    banner = page.locator("#claimtrack-live-errors")
    expect(banner).to_be_visible(timeout=WAIT_MS)
    expect(banner).to_contain_text("claims/rocket-speed.yaml:5:7")
    expect(heading).to_contain_text("up to 4x faster, says Acme.")  # the last good build

    claim.write_text(good)
    expect(banner).to_have_count(0, timeout=WAIT_MS)
    expect(heading).to_contain_text("up to 4x faster, says Acme.")
