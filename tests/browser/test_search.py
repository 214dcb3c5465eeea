"""Search in Chromium: each language's search page searches that language's pages, in every
search shard (quotes
in Chinese and French and the translated texts find their claims), a query transfers under
300 KB, the interface's words are the catalogs' in every language, the page passes axe,
and without JavaScript it sends readers to the listings."""

from __future__ import annotations

import random
import re
import shutil
import subprocess
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from urllib.parse import quote

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import BrowserContext, Page, Request
from tests import pagefind_files

from claimtrack.i18n import interface
from claimtrack.site.addresses import SEARCH_SHARDS, search_shard
from claimtrack.site.publish.pagefind_run import executable

pytestmark = pytest.mark.browser

QUERY_BUDGET = 300_000  # bytes, the limit for one query
PREFIXES = {"en": "", "zh-Hant": "zh-hant/", "fr": "fr/"}


def _search(page: Page, base_url: str, q: str, prefix: str = "") -> tuple[list[str], int]:
    """The result links of a search for ``q`` on the search page of the language under
    ``prefix``, and the bytes its page load transferred."""
    sizes: list[int] = []

    def done(request: Request) -> None:
        s = request.sizes()
        sizes.append(s["responseBodySize"] + s["responseHeadersSize"])

    page.on("requestfinished", done)
    page.goto(base_url + prefix + "search/index.html?q=" + quote(q))
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


@pytest.mark.parametrize(
    ("prefix", "q", "claim"),
    [
        ("", "8 倍", "claims/ultrafast-up-to-8x-token-generation/"),  # the three
        ("zh-hant/", "價格", "zh-hant/claims/omission-price/"),
        ("fr/", "prix", "fr/claims/omission-price/"),
        ("fr/", "jusqu'à", "fr/claims/ultrafast-up-to-8x-token-generation/"),
        ("zh-hant/", "倍", "zh-hant/claims/ultrafast-up-to-8x-token-generation/"),
        ("fr/", "價格", "fr/claims/omission-price/"),  # its Chinese quote, on the French page
    ],
)
def test_each_language_searches_its_own_pages(
    page: Page, base_url: str, prefix: str, q: str, claim: str
) -> None:
    links, transferred = _search(page, base_url, q, prefix)
    assert base_url + claim in links, f"{q!r} on /{prefix}search/ found {links}"
    # Only that language's pages: the main language's have no language prefix.
    others = [p for p in PREFIXES.values() if p and p != prefix]
    assert all(link.startswith(base_url + prefix) for link in links), links
    assert not any(link.startswith(base_url + other) for link in links for other in others)
    assert transferred < QUERY_BUDGET, f"{q!r} transferred {transferred} bytes"


@pytest.mark.parametrize("prefix", ["", "zh-hant/", "fr/"])
def test_one_query_searches_every_shard(
    page: Page, base_url: str, site_dir: Path, prefix: str
) -> None:
    """A language's claim pages are in SEARCH_SHARDS Pagefind indexes (pagefind/<n>/),
    merged in the browser: a word that pages of every shard hold finds those pages, each
    shard's among them, and no page that lacks it."""
    indexes = pagefind_files.shards(site_dir / prefix / "pagefind")
    assert len(indexes) == SEARCH_SHARDS  # the repository's claims fill every shard
    words = [pagefind_files.words(index) for index in indexes]
    # The rarest word that every shard indexed.
    common = [w for w in set.intersection(*(set(w) for w in words)) if w.isalpha()]
    word = min(common, key=lambda w: (sum(len(ws[w]) for ws in words), w))
    holding = {base_url + url.lstrip("/") for ws in words for url in ws[word]}
    # Pagefind finds the words a query word begins too.
    begins = {
        base_url + url.lstrip("/")
        for ws in words
        for indexed, urls in ws.items()
        if indexed.startswith(word)
        for url in urls
    }
    _search(page, base_url, word, prefix)
    while page.is_visible("#search-more"):
        page.click("#search-more")
    page.wait_for_function(
        "document.querySelectorAll('.search-result').length"
        " === Number(document.documentElement.dataset.searchDone)"
    )
    links = page.eval_on_selector_all(
        ".search-result a.statement", "links => links.map(a => a.href)"
    )
    assert holding <= set(links) <= begins, word
    found = {search_shard(link.rstrip("/").rsplit("/", 1)[-1], SEARCH_SHARDS) for link in links}
    assert found == set(range(SEARCH_SHARDS)), (word, links)


def test_a_word_finds_its_longer_forms_in_the_next_index_chunk(
    page: Page, site_dir: Path, tmp_path: Path, serve: Callable[[Path], AbstractContextManager[str]]
) -> None:
    """Pagefind loads the index chunk a word falls in, not the one its longer forms run on
    into (`8`, `8x`): the search page loads that one too, so a word finds every page with a
    word it begins, wherever the chunks' bounds fall (with shards, more of them fall).  The
    index is made over pages of the test's own: 300 with numbers that begin `8` (45 on each
    of the first half, 20 `89...` on each of the second), and `8` itself on the first ten:
    two chunks, the second all `89...`."""
    site = tmp_path / "site"
    shutil.copytree(site_dir / "static", site / "static")
    search = (site_dir / "search" / "index.html").read_text("utf-8")
    (site / "search").mkdir()
    (site / "search" / "index.html").write_text(
        re.sub(r'data-shards="[^"]*"', 'data-shards="0"', search), "utf-8"
    )
    rng, pages = random.Random(8), 300
    for number in range(pages):
        # Numbers, which Pagefind indexes whole (it splits "8x" into "8x", "8" and "x").
        head = "012345678" if number < pages // 2 else "9"
        words = [
            "8" + rng.choice(head) + "".join(rng.choice("0123456789") for _ in range(5))
            for _ in range(45 if number < pages // 2 else 20)
        ]
        words += ["8"] if number < 10 else []
        folder = site / "claims" / f"c{number}"
        folder.mkdir(parents=True)
        (folder / "index.html").write_text(
            f'<!doctype html><html lang="en"><head><title>Claim {number}</title></head><body>'
            f"<main data-pagefind-body><h1>Claim {number}</h1><p>{' '.join(words)}</p></main>"
            "</body></html>",
            "utf-8",
        )
    index = site / "pagefind" / "0"
    command = [str(executable()), "--site", str(site), "--glob", "claims/*/index.html"]
    subprocess.run([*command, "--output-path", str(index), "--silent"], check=True)
    # What the test needs: two chunks, `8` in the first, and pages whose words that begin
    # `8` are all in the second.
    chunks = pagefind_files.chunk_words(index)
    assert len(chunks) == 2 and "8" in chunks[0], [len(c) for c in chunks]
    on = pagefind_files.words(index)
    only_second = {
        url
        for url in pagefind_files.urls(index)
        if all(w in chunks[1] for w, urls in on.items() if w.startswith("8") and url in urls)
    }
    assert only_second, "no page's words all fell in the second chunk"
    with serve(site) as url:
        _search(page, url, "8")
        assert page.get_attribute("html", "data-search-done") == str(pages)


# The interface's words on a search page: its main part and the header's box, as text
# and as the attributes a reader hears or sees (the switcher names languages in
# themselves, and result statements are records' texts: neither is interface).
_WORDS = """() => {
  const texts = [];
  const scopes = document.querySelectorAll("main, form.site-search");
  for (const scope of scopes) {
    for (const el of scope.querySelectorAll("*")) {
      if (el.closest(".search-excerpt, a.statement")) continue;
      for (const node of el.childNodes) {
        if (node.nodeType === Node.TEXT_NODE && node.textContent.trim()) {
          texts.push(node.textContent.trim());
        }
      }
      for (const attr of el.attributes) {
        if (["placeholder", "aria-label", "title"].includes(attr.name) ||
            (attr.name.startsWith("data-") && attr.name !== "data-bundle")) {
          texts.push(attr.value.trim());
        }
      }
    }
  }
  return texts.filter(t => t);
}"""


def _words(page: Page, base_url: str, prefix: str, q: str) -> set[str]:
    _search(page, base_url, q, prefix)
    words: list[str] = page.evaluate(_WORDS)
    return set(words)


@pytest.mark.parametrize(("tag", "q"), [("zh-Hant", "價格"), ("fr", "prix")])
def test_no_english_is_left_on_a_translated_search_page(
    page: Page, base_url: str, tag: str, q: str
) -> None:
    """Every interface word the English search page shows (labels, options, buttons, the
    result count, the status and kind of each result, the messages the script writes)
    is in the catalog's words on the other language's page; a word the catalog leaves
    the same ("Omission" in French) is the only one both pages share."""
    ui = interface(tag)
    assert ui is not None
    english = _words(page, base_url, "", q)
    there = _words(page, base_url, PREFIXES[tag], q)
    assert {"Search", "Status", "Any kind", "Show more results"} <= english
    summary = page.text_content("#search-summary") or ""
    assert summary and summary in there
    shared = {w for w in english & there if ui.gettext(w) != w}
    # Figures (a result count, the "8" of "8x") are the same in every language.
    shared = {w for w in shared if any(c.isalpha() for c in w)}
    assert not shared, f"English left on /{PREFIXES[tag]}search/: {sorted(shared)}"


def test_results_link_to_the_claim_pages(page: Page, base_url: str) -> None:
    links, _ = _search(page, base_url, "jusqu'à")
    page.click(".search-result a.statement")
    page.wait_for_load_state()
    assert page.url == links[0] == base_url + "claims/ultrafast-up-to-8x-token-generation/"
    assert page.locator("h1").count() == 1


@pytest.mark.parametrize("prefix", ["", "zh-hant/", "fr/"])
def test_the_header_box_leads_to_its_language_s_search_page(
    page: Page, base_url: str, prefix: str
) -> None:
    page.goto(base_url + prefix + "sources/index.html")
    page.fill("#site-search-q", "jusqu'à")
    page.press("#site-search-q", "Enter")
    page.wait_for_selector("html[data-search-done]", timeout=15_000)
    assert page.url.startswith(base_url + prefix + "search/index.html?q=")
    links = page.eval_on_selector_all(
        ".search-result a.statement", "links => links.map(a => a.href)"
    )
    assert links and all(link.startswith(base_url + prefix + "claims/") for link in links)


@pytest.mark.parametrize(("prefix", "q"), [("", "價格"), ("zh-hant/", "價格"), ("fr/", "prix")])
def test_the_search_page_with_results_passes_axe(
    page: Page, base_url: str, prefix: str, q: str
) -> None:
    _search(page, base_url, q, prefix)
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
