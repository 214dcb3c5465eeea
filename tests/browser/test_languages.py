"""The repository's site in each of its languages (en at /, zh-Hant and fr under their
prefixes), as a reader sees it.

Screenshots of the index, a claim page with Chinese quotes, the search page and the two
claim pages issue 17 names (the 8x claim and the price omission), in every language, at
phone and desktop widths, are kept in tests/artifacts/ (git-ignored; CI keeps them as
artefacts) for a person to look at.  A Chinese text must be drawn with a CJK font
(Debian's fonts-noto-cjk, installed by .ci/run), not with boxes; the marks of translated
blocks must stay inside the page and apart from each other at phone width.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import BrowserContext, Page
from support import REPO, require, site_languages

pytestmark = pytest.mark.browser

LANGUAGES = site_languages()  # tag -> folder under the site root ("" for the main one)
WIDTHS = {"phone": (390, 844), "desktop": (1280, 900)}
ARTIFACTS = REPO / "tests" / "artifacts"
# A claim whose evidence quotes the Traditional-Chinese analysis.
CJK_CLAIM = "claims/fast-responses-compound-across-workflow/index.html"
CLAIM_8X = "claims/ultrafast-up-to-8x-token-generation/index.html"
CLAIM_PRICE = "claims/omission-price/index.html"
PAGES = {
    "index": "index.html",
    "claim-zh-quotes": CJK_CLAIM,
    "search": "search/index.html",
    "claim-8x": CLAIM_8X,
    "claim-price": CLAIM_PRICE,
}
# The claim pages are judged whole (their quotes and marks are below the first screen).
WHOLE = {"claim-zh-quotes", "claim-8x", "claim-price"}
# One page of each kind, for axe in every language.
AXE_PAGES = {
    "index": "index.html",
    "claim": CLAIM_8X,
    "claim (omission)": CLAIM_PRICE,
    "source": "sources/zh-hant-analysis/index.html",
    "listing": "claims/index.html",
    "sources": "sources/index.html",
    "search": "search/index.html",
    "404": "404.html",
}
CJK = ("\u3400", "\u9fff")
NOTO_CJK = Path("/usr/share/fonts/opentype/noto")

# Every translation mark's box, and whether any two overlap or one leaves the page.
MARKS = """() => {
  const w = document.documentElement.clientWidth;
  const boxes = [...document.querySelectorAll('.mark-machine, .mark-stale, .mark-missing')]
    .map(el => [el, el.getBoundingClientRect()]).filter(([, b]) => b.width > 0);
  const out = [], hit = (a, b) =>
    a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  boxes.forEach(([el, b], i) => {
    if (b.left < -0.5 || b.right > w + 0.5) out.push(el.textContent + ' leaves the page');
    boxes.slice(i + 1).forEach(([other, c]) => {
      if (hit(b, c)) out.push(el.textContent + ' overlaps ' + other.textContent);
    });
    // The mark's own text block must not run into the translated block it marks.
    const block = el.closest('.translation-mark');
    const prev = block && block.previousElementSibling;
    if (prev && block.tagName === 'P' && hit(prev.getBoundingClientRect(), b))
      out.push(el.textContent + ' overlaps its block');
  });
  return {count: boxes.length, problems: out};
}"""


def _url(base_url: str, language: str, rel: str) -> str:
    return f"{base_url}{LANGUAGES[language]}{rel}"


@pytest.mark.parametrize("name", list(PAGES))
@pytest.mark.parametrize("width", list(WIDTHS))
@pytest.mark.parametrize("language", list(LANGUAGES))
def test_screenshots_of_each_language(
    make_context: Callable[..., BrowserContext],
    site_dir: Path,
    base_url: str,
    language: str,
    width: str,
    name: str,
) -> None:
    rel = PAGES[name]
    assert (site_dir / LANGUAGES[language] / rel).is_file(), f"the {language} site has no {rel}"
    w, h = WIDTHS[width]
    ARTIFACTS.mkdir(exist_ok=True)
    ctx = make_context(viewport={"width": w, "height": h})
    page = ctx.new_page()
    page.goto(_url(base_url, language, rel), wait_until="load")
    assert page.evaluate("document.documentElement.lang") == language
    marks = page.evaluate(MARKS)
    assert not marks["problems"], f"{language}/{rel} at {w} px: {marks['problems']}"
    if language != next(iter(LANGUAGES)) and name in {"claim-8x", "claim-price"}:
        # Every block of these claims is a machine's translation: its marks are shown.
        assert marks["count"] >= 2, f"{language}/{rel}: no translation mark drawn"
    shot = ARTIFACTS / f"{language}-{width}-{name}.png"
    page.screenshot(path=str(shot), full_page=name in WHOLE)
    assert shot.stat().st_size > 1000
    ctx.close()


def _fonts_of(page: Page, selector: str) -> list[dict[str, object]]:
    """The platform fonts Chromium drew the element's text with, and how many glyphs each."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    document = cdp.send("DOM.getDocument", {"depth": -1})
    node = cdp.send(
        "DOM.querySelector", {"nodeId": document["root"]["nodeId"], "selector": selector}
    )
    fonts: list[dict[str, object]] = cdp.send(
        "CSS.getPlatformFontsForNode", {"nodeId": node["nodeId"]}
    )["fonts"]
    return fonts


def _assert_cjk_font(page: Page, selector: str) -> None:
    text = page.locator(selector).first.inner_text()
    ideographs = sum(CJK[0] <= c <= CJK[1] for c in text)
    assert ideographs >= 4, text
    require(
        any(NOTO_CJK.glob("NotoSansCJK*")),
        "fonts-noto-cjk is not installed (apt-get install -y fonts-noto-cjk)",
    )
    fonts = _fonts_of(page, selector)
    cjk = sum(int(str(f["glyphCount"])) for f in fonts if "CJK" in str(f["familyName"]))
    # Every ideograph was drawn from a Noto CJK face; a box (.notdef) would come from another.
    assert cjk >= ideographs, f"{selector}: {ideographs} ideographs, fonts used: {fonts}"


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_a_chinese_quote_is_drawn_with_a_cjk_font(page: Page, base_url: str, language: str) -> None:
    page.goto(_url(base_url, language, CJK_CLAIM), wait_until="load")
    _assert_cjk_font(page, 'blockquote[lang="zh-Hant"] p')


@pytest.mark.parametrize(
    "selector",
    [
        "h1",
        "p.rationale",
        ".translation-mark .mark-machine",
        '.language-switcher a[lang="zh-Hant"]',
    ],
)
def test_the_chinese_interface_and_translations_are_drawn_with_a_cjk_font(
    page: Page, base_url: str, selector: str
) -> None:
    """On the zh-Hant page the translated statement and rationale, the marks and the
    switcher (which names 繁體中文 in itself) are Chinese drawn with Noto CJK."""
    page.goto(_url(base_url, "zh-Hant", CLAIM_PRICE), wait_until="load")
    _assert_cjk_font(page, selector)


@pytest.mark.parametrize("rel", list(AXE_PAGES.values()), ids=list(AXE_PAGES))
@pytest.mark.parametrize("language", list(LANGUAGES))
def test_axe_reports_no_violation_in_any_language(
    page: Page, base_url: str, language: str, rel: str
) -> None:
    page.goto(_url(base_url, language, rel), wait_until="load")
    assert page.evaluate("document.documentElement.lang") == language
    results = Axe().run(page)
    assert results.violations_count == 0, f"{language}/{rel}:\n{results.generate_report()}"


@pytest.mark.parametrize(
    ("language", "pattern"),
    [("fr", r"\d+ affirmations affichées sur \d+\."), ("zh-Hant", r"顯示 \d+ 則說法中的 \d+ 則。")],
)
def test_the_filters_speak_the_page_language(
    page: Page, base_url: str, language: str, pattern: str
) -> None:
    """filters.js writes its sentence from the page's own translated patterns (on a
    listing: the index is an overview without filters since the listings came)."""
    page.goto(_url(base_url, language, "claims/index.html"), wait_until="load")
    page.locator('input[name="status"]').first.check()
    assert re.fullmatch(pattern, page.locator("#filter-result").inner_text())


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_figures_words_are_in_the_pages_language(
    page: Page, base_url: str, language: str
) -> None:
    """The figure's metric and baseline are shown as the records translate them (issue
    27), read in the page's language (lang) and marked as a machine's; on the main
    language's page, the records' own words."""
    main = next(iter(LANGUAGES))
    record = yaml.safe_load(
        (REPO / "claims" / "ultrafast-up-to-8x-token-generation.yaml").read_text("utf-8")
    )
    words = record["quantity"]
    if language != main:
        words = record["translations"][language]["quantity"]
        assert record["translations"][language]["translated_by"] == "machine"
    page.goto(_url(base_url, language, CLAIM_8X), wait_until="load")
    facts = page.locator("#figure-h + dl.facts dd")
    langs = facts.evaluate_all("dds => dds.map(dd => dd.closest('[lang]').lang)")
    texts = facts.all_inner_texts()
    for key in ("metric", "baseline"):
        at = next(i for i, text in enumerate(texts) if text.startswith(words[key]))
        assert langs[at] == language, list(zip(texts, langs, strict=True))
        if language != main:
            marks = facts.nth(at).locator("[data-translated-by='machine'], .translation-mark")
            assert marks.count() >= 1, texts[at]
