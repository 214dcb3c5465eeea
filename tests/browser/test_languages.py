"""The repository's site in each interface language, as a reader sees it.

Screenshots of the index, a claim page with Chinese quotes and the search page, in
English, French and Traditional Chinese, at phone and desktop widths, are kept in
tests/artifacts/ (git-ignored; CI keeps them as artefacts).  A Chinese quote must be
drawn with a CJK font (Debian's fonts-noto-cjk, installed by .ci/run), not with boxes.
"""

from __future__ import annotations

import contextlib
import functools
import io
import re
import shutil
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import BrowserContext, Page
from support import REPO, require
from test_html_valid import check_folder

from claimtrack.cli import main
from conftest import _QuietHandler, _Server

pytestmark = pytest.mark.browser

LANGUAGES = ("en", "fr", "zh-Hant")
WIDTHS = {"phone": (390, 844), "desktop": (1280, 900)}
ARTIFACTS = REPO / "tests" / "artifacts"
# A claim whose evidence quotes the Traditional-Chinese analysis.
CJK_CLAIM = "claims/fast-responses-compound-across-workflow/index.html"
PAGES = {"index": "index.html", "claim-zh-quotes": CJK_CLAIM, "search": "search/index.html"}
CJK = ("\u3400", "\u9fff")
NOTO_CJK = Path("/usr/share/fonts/opentype/noto")


def _tracker_in(language: str, folder: Path) -> Path:
    """The repository's tracker, copied, with ``language:`` set to ``language``."""
    root = folder / "tracker"
    for name in ("claims", "sources", "templates", "static"):
        if (REPO / name).is_dir():
            shutil.copytree(REPO / name, root / name)
    text = (REPO / "tracker.yaml").read_text(encoding="utf-8")
    assert "\nlanguage: en\n" in text
    (root / "tracker.yaml").write_text(
        text.replace("\nlanguage: en\n", f"\nlanguage: {language}\n")
    )
    return root


@pytest.fixture(scope="session")
def language_sites(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """sites/<language>/: the repository's site built in each language."""
    sites = tmp_path_factory.mktemp("languages") / "sites"
    for language in LANGUAGES:
        root = _tracker_in(language, tmp_path_factory.mktemp(language))
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(buf):
            code = main(["build", "--root", str(root), "--out", str(sites / language)])
        assert code == 0, buf.getvalue()
    return sites


@pytest.fixture(scope="session")
def languages_url(language_sites: Path) -> Iterator[str]:
    handler = functools.partial(_QuietHandler, directory=str(language_sites))
    server = _Server(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


@pytest.mark.parametrize("name", list(PAGES))
@pytest.mark.parametrize("width", list(WIDTHS))
@pytest.mark.parametrize("language", LANGUAGES)
def test_screenshots_of_each_language(
    make_context: Callable[..., BrowserContext],
    language_sites: Path,
    languages_url: str,
    language: str,
    width: str,
    name: str,
) -> None:
    rel = PAGES[name]
    assert (language_sites / language / rel).is_file(), f"the {language} site has no {rel}"
    w, h = WIDTHS[width]
    ARTIFACTS.mkdir(exist_ok=True)
    ctx = make_context(viewport={"width": w, "height": h})
    page = ctx.new_page()
    page.goto(f"{languages_url}{language}/{rel}", wait_until="load")
    assert page.evaluate("document.documentElement.lang") == language
    shot = ARTIFACTS / f"{language}-{width}-{name}.png"
    # The claim's Chinese quotes are below the first screen: the whole page, for that one.
    page.screenshot(path=str(shot), full_page=name == "claim-zh-quotes")
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


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_chinese_quote_is_drawn_with_a_cjk_font(
    page: Page, languages_url: str, language: str
) -> None:
    page.goto(f"{languages_url}{language}/{CJK_CLAIM}", wait_until="load")
    selector = 'blockquote[lang="zh-Hant"] p'
    text = page.locator(selector).first.inner_text()
    ideographs = sum(CJK[0] <= c <= CJK[1] for c in text)
    assert ideographs >= 5, text
    require(
        any(NOTO_CJK.glob("NotoSansCJK*")),
        "fonts-noto-cjk is not installed (apt-get install -y fonts-noto-cjk)",
    )
    fonts = _fonts_of(page, selector)
    cjk = sum(int(str(f["glyphCount"])) for f in fonts if "CJK" in str(f["familyName"]))
    # Every ideograph was drawn from a Noto CJK face; a box (.notdef) would come from another.
    assert cjk >= ideographs, f"{ideographs} ideographs, fonts used: {fonts}"


@pytest.mark.parametrize(
    "rel", ["index.html", CJK_CLAIM, "sources/index.html", "sources/zh-hant-analysis/index.html"]
)
@pytest.mark.parametrize("language", ["fr", "zh-Hant"])
def test_axe_reports_no_violation_in_other_languages(
    page: Page, languages_url: str, language: str, rel: str
) -> None:
    page.goto(f"{languages_url}{language}/{rel}", wait_until="load")
    results = Axe().run(page)
    assert results.violations_count == 0, f"{language}/{rel}:\n{results.generate_report()}"


def test_every_page_in_every_language_is_valid_html(language_sites: Path) -> None:
    check_folder(language_sites)


@pytest.mark.parametrize(
    ("language", "pattern"),
    [("fr", r"\d+ affirmations affichées sur \d+\."), ("zh-Hant", r"顯示 \d+ 則說法中的 \d+ 則。")],
)
def test_the_filters_speak_the_page_language(
    page: Page, languages_url: str, language: str, pattern: str
) -> None:
    """filters.js writes its sentence from the page's own translated patterns (on a
    listing: the index is an overview without filters since the listings came)."""
    page.goto(f"{languages_url}{language}/claims/index.html", wait_until="load")
    page.locator('input[name="status"]').first.check()
    assert re.fullmatch(pattern, page.locator("#filter-result").inner_text())
