"""Search in Chromium: quotes in Chinese and French find their claims, a query transfers
under 300 KB, the page passes axe, and without JavaScript it sends readers to the listings."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import quote

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import BrowserContext, Page, Request

pytestmark = pytest.mark.browser

QUERY_BUDGET = 300_000  # bytes, the limit for one query


def _search(page: Page, base_url: str, q: str) -> tuple[list[str], int]:
    """The result links of a search for ``q`` and the bytes its page load transferred."""
    sizes: list[int] = []

    def done(request: Request) -> None:
        s = request.sizes()
        sizes.append(s["responseBodySize"] + s["responseHeadersSize"])

    page.on("requestfinished", done)
    page.goto(base_url + "search/index.html?q=" + quote(q))
    page.wait_for_selector("html[data-search-done]", timeout=15_000)
    links = page.eval_on_selector_all(
        ".search-result a.statement", "links => links.map(a => a.getAttribute('href'))"
    )
    page.wait_for_load_state("networkidle")
    return links, sum(sizes)


@pytest.mark.parametrize(
    ("q", "claim"),
    [
        ("8 倍", "claims/ultrafast-up-to-8x-token-generation/"),  # a zh-Hant quote
        ("價格", "claims/zh-cost-benefit-wait-for-pricing/"),
        ("jusqu'à", "claims/ultrafast-up-to-8x-token-generation/"),  # the French quote
    ],
)
def test_a_phrase_of_a_quote_finds_its_claim(page: Page, base_url: str, q: str, claim: str) -> None:
    links, transferred = _search(page, base_url, q)
    assert any(link.endswith(claim) for link in links), f"{q!r} found {links}"
    assert transferred < QUERY_BUDGET, f"{q!r} transferred {transferred} bytes"


def test_results_link_to_the_claim_pages(page: Page, base_url: str) -> None:
    links, _ = _search(page, base_url, "jusqu'à")
    page.click(".search-result a.statement")
    page.wait_for_load_state()
    assert page.url == links[0] == base_url + "claims/ultrafast-up-to-8x-token-generation/"
    assert page.locator("h1").count() == 1


def test_the_header_box_leads_to_the_search_page(page: Page, base_url: str) -> None:
    page.goto(base_url + "sources/index.html")
    page.fill("#site-search-q", "jusqu'à")
    page.press("#site-search-q", "Enter")
    page.wait_for_selector("html[data-search-done]", timeout=15_000)
    assert page.url.startswith(base_url + "search/index.html?q=")
    assert page.locator(".search-result").count() >= 1


def test_the_search_page_with_results_passes_axe(page: Page, base_url: str) -> None:
    _search(page, base_url, "價格")
    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_report()


def test_without_javascript_the_search_page_links_to_the_listings(
    make_context: Callable[..., BrowserContext], base_url: str
) -> None:
    page = make_context(java_script_enabled=False).new_page()
    page.goto(base_url + "index.html")
    page.fill("#site-search-q", "8 倍")
    page.press("#site-search-q", "Enter")
    page.wait_for_load_state()
    assert page.url.startswith(base_url + "search/index.html?q=")
    assert page.locator(".search-nojs").is_visible()
    hrefs = page.eval_on_selector_all(
        ".browse a", "links => links.map(a => a.getAttribute('href'))"
    )
    # Every claim, and the listings by status, kind, topic and claimant where the site has them.
    assert hrefs[0] == "../index.html"
    assert set(hrefs[1:]) <= {
        "../status/index.html",
        "../kinds/index.html",
        "../topics/index.html",
        "../claimants/index.html",
    }
