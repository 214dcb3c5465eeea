"""A claim page whose quote left its source (tests/fixtures/revisions, issue 20), as a reader
sees it in each language: the mark says when the passage went and that the archived copy
still has it, it is visible, axe finds nothing wrong, and the removed quote has no link
into the source's page while the quote still there keeps its own; the diff of what replaced it
(issue 26) reads without colour, its labels in the accessibility tree."""

from __future__ import annotations

from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

CLAIM = "claims/rocket-speed/index.html"
REMOVED = "It runs up to 3x faster than Rocket 1"
KEPT = "Acme announces the Rocket 2 engine."
# The mark in each language, with the dates as Babel writes them there.
MARKS = {
    "": "Removed from the source between 1 October 2026 and 15 November 2026; the archived "
    "copy of 1 September 2026 still has it.",
    "fr/": "Supprimé de la source entre le 1 octobre 2026 et le 15 novembre 2026\u202f; la "
    "copie archivée le 1 septembre 2026 le contient toujours.",
    "zh-hant/": "在2026年10月1日至2026年11月15日之間已從來源移除；2026年9月1日的存檔副本仍保有這段文字。",
}


@pytest.mark.parametrize("prefix", list(MARKS), ids=["en", "fr", "zh-Hant"])
def test_the_removed_quote_is_marked_and_has_no_deep_link(
    page: Page, revisions_url: str, prefix: str
) -> None:
    page.goto(revisions_url + prefix + CLAIM, wait_until="load")
    items = page.locator("li.evidence")
    expect(items).to_have_count(2)
    removed = items.filter(has=page.locator("blockquote", has_text=REMOVED))
    kept = items.filter(has=page.locator("blockquote", has_text=KEPT))
    mark = removed.locator(".revision-removed > p")
    expect(mark).to_be_visible()
    expect(mark).to_have_text(MARKS[prefix])
    # Its three dates are machine-readable too.
    assert mark.locator("time").evaluate_all("ts => ts.map(t => t.dateTime)") == [
        "2026-10-01",
        "2026-11-15",
        "2026-09-01",
    ]
    box = mark.bounding_box()
    assert box is not None and box["width"] > 0 and box["height"] > 0
    # No link into the source's page for a passage it no longer has; one for the other.
    expect(removed.locator("a.deep-link")).to_have_count(0)
    expect(removed.locator('a[href*="#:~:text="]')).to_have_count(0)
    expect(kept.locator(".revision-removed")).to_have_count(0)
    expect(kept.locator("a.deep-link")).to_have_count(1)
    assert "#:~:text=" in (kept.locator("a.deep-link").get_attribute("href") or "")


@pytest.mark.parametrize("prefix", list(MARKS), ids=["en", "fr", "zh-Hant"])
@pytest.mark.parametrize(
    "rel",
    [
        CLAIM,
        "claims/rocket-tested/index.html",
        "sources/acme-post/index.html",
        "sources/acme-faq/index.html",
        "claims/rocket-fuel/index.html",
        # A claim revised by its claimant (issue 26): both pages, and a listing's earlier
        # versions.
        "claims/rocket-thrust/index.html",
        "claims/rocket-thrust-selected/index.html",
        "claims/index.html",
    ],
)
def test_axe_finds_no_violation(page: Page, revisions_url: str, prefix: str, rel: str) -> None:
    page.goto(revisions_url + prefix + rel, wait_until="load")
    results = Axe().run(page)
    assert results.violations_count == 0, f"{prefix}{rel}:\n{results.generate_report()}"


REVISED_NOTE = {
    "": "Revised by its claimant on 20 October 2026:",
    "fr/": "Révisée par son auteur le 20 octobre 2026\u00a0:",
    "zh-hant/": "提出者已於2026年10月20日修正：",
}


@pytest.mark.parametrize("prefix", list(REVISED_NOTE), ids=["en", "fr", "zh-Hant"])
def test_a_revised_claim_leads_to_the_claim_that_replaces_it_and_back(
    page: Page, revisions_url: str, prefix: str
) -> None:
    """Issue 26: the note in the earlier claim's head is visible and its link opens the new
    claim, whose head names the one it replaces; both list the chain, the page's own claim
    marked as the current page and the latest version in words."""
    page.goto(revisions_url + prefix + "claims/rocket-thrust/index.html", wait_until="load")
    note = page.locator("header .revised-note")
    expect(note).to_be_visible()
    expect(note).to_contain_text(REVISED_NOTE[prefix])
    note.locator("a.statement").click()
    expect(page).to_have_url(revisions_url + prefix + "claims/rocket-thrust-selected/index.html")
    expect(page.locator("header .replaces-note")).to_be_visible()
    chain = page.get_by_role("region", name=page.locator("#chain-h").inner_text())
    versions = chain.get_by_role("listitem")
    expect(versions).to_have_count(2)
    expect(versions.nth(1).locator('[aria-current="page"]')).to_have_count(1)
    expect(versions.nth(0).get_by_role("link")).to_have_count(1)
    expect(versions.nth(1).locator(".current-tag").first).to_be_visible()


# The labels that open each change of the diff (issue 26), in each language.
LABELS = {"": ("removed", "added"), "fr/": ("supprimé", "ajouté"), "zh-hant/": ("已移除", "已新增")}


@pytest.mark.parametrize("prefix", list(MARKS), ids=["en", "fr", "zh-Hant"])
def test_the_diff_reads_without_colour(
    page: Page, revisions_url: str, prefix: str, tmp_path: Path
) -> None:
    """Each change's label is visible text and in the accessibility tree, inside its
    <del>/<ins>; in forced-colours mode the labels and the struck words stay on screen."""
    removed, added = LABELS[prefix]
    page.goto(revisions_url + prefix + "sources/acme-post/index.html", wait_until="load")
    first = page.locator("li.revision").first
    expect(first.locator("del .change-label")).to_have_text(f"{removed} ")
    expect(first.locator("ins .change-label")).to_have_text(f"{added} ")
    tree = first.locator(".wording-change").aria_snapshot()
    assert f"deletion: {removed} December" in tree and f"insertion: {added} January" in tree
    page.emulate_media(forced_colors="active")
    for label in (first.locator("del .change-label"), first.locator("ins .change-label")):
        expect(label).to_be_visible()
        box = label.bounding_box()
        assert box is not None and box["width"] > 0
    shot = tmp_path / f"diff-forced-colors-{prefix.strip('/') or 'en'}.png"
    first.screenshot(path=str(shot))
    assert shot.stat().st_size > 0
