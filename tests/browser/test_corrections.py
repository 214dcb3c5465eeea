"""Corrections as a reader sees them (tests/fixtures/revisions: rocket-announced, corrected
on 2026-11-20; issue 26 §3), in each language: the claim page's mark and the corrections
page pass axe; the previous wording is said to be one in words
that the accessibility tree carries and that stay visible in forced-colors mode (not
only a line through it); the footer leads to the corrections page.  The Nu HTML checker reads the whole fixture's
site in test_html_valid.py."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

CLAIM = "claims/rocket-announced/index.html"
CORRECTIONS = "corrections/index.html"
WAS = "Acme has launched an engine named Rocket 2."
# Each language's words: the mark's head, the label before the previous wording, a field.
WORDS = {
    "": ("Corrected on 20 November 2026", "What it said before:", "Statement"),
    "fr/": ("Corrigé le 20 novembre 2026", "Ce qu’elle disait avant\u00a0:", "Énoncé"),
    "zh-hant/": ("更正日期：2026年11月20日", "修改前的內容：", "說法內容"),
}
IDS = ["en", "fr", "zh-Hant"]


@pytest.mark.parametrize("prefix", list(WORDS), ids=IDS)
@pytest.mark.parametrize("rel", [CLAIM, CORRECTIONS])
def test_axe_finds_no_violation(page: Page, revisions_url: str, prefix: str, rel: str) -> None:
    page.goto(revisions_url + prefix + rel, wait_until="load")
    results = Axe().run(page)
    assert results.violations_count == 0, f"{prefix}{rel}:\n{results.generate_report()}"


@pytest.mark.parametrize("prefix", list(WORDS), ids=IDS)
def test_the_previous_wording_is_labelled_in_words_not_only_struck_through(
    page: Page, revisions_url: str, prefix: str
) -> None:
    head, before, field = WORDS[prefix]
    page.emulate_media(forced_colors="active")
    page.goto(revisions_url + prefix + CLAIM, wait_until="load")
    mark = page.locator(".correction")
    expect(mark).to_have_count(1)
    expect(mark.locator(".correction-head")).to_have_text(head)
    label = mark.locator(".correction-before")
    expect(label).to_be_visible()
    expect(label).to_have_text(before)
    # The accessibility tree has the label, the field's name and the previous wording.
    tree = mark.aria_snapshot()  # its text with white space made plain (no-break spaces)
    said = before.replace("\u00a0", " ")
    assert said in tree and f"term: {field}" in tree and f"deletion: {WAS}" in tree, tree
    deleted = mark.locator("del").first
    expect(deleted).to_have_text(WAS)
    if prefix:  # off English pages, the records' language is said
        expect(deleted).to_have_attribute("lang", "en")
    box = deleted.bounding_box()
    assert box is not None and box["width"] > 0 and box["height"] > 0


@pytest.mark.parametrize("prefix", list(WORDS), ids=IDS)
def test_the_footer_leads_to_the_corrections_page(
    page: Page, revisions_url: str, prefix: str
) -> None:
    page.goto(revisions_url + prefix + "index.html", wait_until="load")
    page.locator("footer a[href$='corrections/index.html']").click()
    expect(page).to_have_url(revisions_url + prefix + CORRECTIONS)
    items = page.locator("li.correction-item")
    expect(items).to_have_count(1)
    items.locator("a.statement").click()
    expect(page).to_have_url(revisions_url + prefix + CLAIM)
