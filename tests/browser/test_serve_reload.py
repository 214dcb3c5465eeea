"""`claimtrack serve` in a real browser: an open page reloads by itself after each rebuild."""

from __future__ import annotations

import datetime as dt
import io
import itertools
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, expect
from support import REPO

from claimtrack.live import LiveServer, http

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


def test_a_page_told_to_wait_polls_later_and_still_reloads(
    live: tuple[LiveServer, Path], context: BrowserContext, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every poll is over the cap: the server answers at once, with retry_after.
    monkeypatch.setattr(http, "MAX_POLLS", 0)
    monkeypatch.setattr(http, "POLL_RETRY_SECONDS", 0.5)
    server, root = live
    page = context.new_page()
    polls: list[float] = []
    page.on("request", lambda r: polls.append(time.monotonic()) if "/poll?" in r.url else None)
    page.goto(server.url + "claims/rocket-speed/")
    with page.expect_request("**/__claimtrack/poll?*", timeout=WAIT_MS):
        pass
    with page.expect_request("**/__claimtrack/poll?*", timeout=WAIT_MS):
        pass
    gaps = [b - a for a, b in itertools.pairwise(polls)]
    assert gaps and min(gaps) > 0.4, gaps  # it waited instead of asking again at once

    claim = root / "claims" / "rocket-speed.yaml"
    claim.write_text(claim.read_text().replace("Rocket 2 runs up to 3x", "Rocket 2 runs up to 6x"))
    expect(page.locator("main")).to_contain_text("runs up to 6x faster", timeout=WAIT_MS)
