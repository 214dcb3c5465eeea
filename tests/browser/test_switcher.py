"""The language switcher of the repository's site: on a claim page, a source page, a
listing and the index of every language, each of its links leads to the same page in the
other language (the URL and ``<html lang>``), with JavaScript on or off, by mouse or by
keyboard, and it stays usable on a phone."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page
from support import site_languages

pytestmark = pytest.mark.browser

LANGUAGES = site_languages()  # tag -> folder under the site root ("" for the main one)
PAGES = {
    "claim": "claims/ultrafast-up-to-8x-token-generation/index.html",
    "source": "sources/zh-hant-analysis/index.html",
    "listing": "claims/index.html",
    "index": "index.html",
}
SWITCHER = "nav.language-switcher"
# Enough Tab presses to pass the skip link, the header's links and the search form.
MAX_TABS = 20


def _link(tag: str) -> str:
    return f'{SWITCHER} a[hreflang="{tag}"]'


def _visit_each_other_language(page: Page, base_url: str, language: str, rel: str) -> None:
    for target in LANGUAGES:
        page.goto(f"{base_url}{LANGUAGES[language]}{rel}", wait_until="load")
        link = page.locator(_link(target))
        assert link.count() == 1, f"{language}/{rel}: no switcher link to {target}"
        if target == language:
            assert link.get_attribute("aria-current") == "true"
            continue
        link.click()
        page.wait_for_load_state("load")
        assert page.url == f"{base_url}{LANGUAGES[target]}{rel}", (language, target)
        assert page.evaluate("document.documentElement.lang") == target
        assert page.locator(_link(target)).get_attribute("aria-current") == "true"


@pytest.mark.parametrize("kind", list(PAGES))
@pytest.mark.parametrize("language", list(LANGUAGES))
def test_each_switcher_link_leads_to_the_same_page_in_its_language(
    page: Page, base_url: str, language: str, kind: str
) -> None:
    _visit_each_other_language(page, base_url, language, PAGES[kind])


@pytest.mark.parametrize("kind", list(PAGES))
def test_the_switcher_works_without_javascript(
    make_context: Callable[..., BrowserContext], base_url: str, kind: str
) -> None:
    ctx = make_context(java_script_enabled=False)
    page = ctx.new_page()
    for language in LANGUAGES:
        _visit_each_other_language(page, base_url, language, PAGES[kind])
    ctx.close()


@pytest.mark.parametrize("kind", list(PAGES))
@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_switcher_is_reachable_by_keyboard(
    page: Page, base_url: str, language: str, kind: str
) -> None:
    """Tab from the top of the page reaches the next language's link, with a visible
    focus ring, and Enter follows it."""
    tags = list(LANGUAGES)
    target = tags[(tags.index(language) + 1) % len(tags)]
    rel = PAGES[kind]
    page.goto(f"{base_url}{LANGUAGES[language]}{rel}", wait_until="load")
    is_target = f"document.activeElement.matches('{_link(target)}')"
    for _ in range(MAX_TABS):
        page.keyboard.press("Tab")
        if page.evaluate(is_target):
            break
    else:
        pytest.fail(f"{language}/{rel}: {MAX_TABS} Tabs never reach the link to {target}")
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none", f"{language}/{rel}: the focused link to {target} shows no ring"
    page.keyboard.press("Enter")
    page.wait_for_url(f"{base_url}{LANGUAGES[target]}{rel}")
    assert page.evaluate("document.documentElement.lang") == target


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_switcher_is_usable_on_a_phone(
    make_context: Callable[..., BrowserContext], base_url: str, language: str
) -> None:
    """At 390 px every language's link is on the screen, apart from the others, and at
    least 24 px high (WCAG 2.5.8, a target a thumb can hit)."""
    ctx = make_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    page.goto(f"{base_url}{LANGUAGES[language]}{PAGES['claim']}", wait_until="load")
    boxes = [page.locator(_link(tag)).bounding_box() for tag in LANGUAGES]
    for tag, box in zip(LANGUAGES, boxes, strict=True):
        assert box is not None, f"{language}: the link to {tag} is not drawn"
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, (tag, box)
        assert box["height"] >= 24, (tag, box)
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert a is not None and b is not None
            apart = a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
            assert apart or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"]
    other = next(tag for tag in LANGUAGES if tag != language)
    page.locator(_link(other)).tap()
    page.wait_for_url(f"{base_url}{LANGUAGES[other]}{PAGES['claim']}")
    ctx.close()
