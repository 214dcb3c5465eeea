"""Accessibility: axe-core reports no violation on the index, a claim page, a source page,
the sources index, an archive page, and the listings (every claim, with its filters; a
claimant's; the topics)."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

pytestmark = pytest.mark.browser


def _first(html_pages: list[str], prefix: str) -> str:
    pages = [p for p in html_pages if p.startswith(prefix) and p.count("/") == 2]
    assert pages, f"the built site has no page under {prefix}"
    return pages[0]


@pytest.mark.parametrize(
    "kind",
    ["index", "claim", "source", "sources index", "archive", "listing", "claimant", "topics"],
)
def test_axe_reports_no_violation(
    page: Page, base_url: str, html_pages: list[str], kind: str
) -> None:
    rel = {
        "index": lambda: "index.html",
        "claim": lambda: _first(html_pages, "claims/"),
        "source": lambda: _first(html_pages, "sources/"),
        "sources index": lambda: "sources/index.html",
        "archive": lambda: next(p for p in html_pages if p.endswith("/archive/index.html")),
        "listing": lambda: "claims/index.html",
        "claimant": lambda: _first(html_pages, "claimants/"),
        "topics": lambda: "topics/index.html",
    }[kind]()
    page.goto(base_url + rel, wait_until="load")
    results = Axe().run(page)
    assert results.violations_count == 0, f"{rel}:\n{results.generate_report()}"
