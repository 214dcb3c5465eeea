"""A claim's timeline (issue 26 §5) as a reader sees it, in each language of
tests/fixtures/revisions: every event's kind is a visible word in the accessibility tree,
also in forced-colours mode, and the events run newest first.  axe reads the page of each
kind of event in each language in test_revisions.py (a source's version, a revision by
the claimant) and test_corrections.py (a correction), the Nu HTML checker the whole site
in test_html_valid.py.
Screenshots at phone and desktop width, and in forced colours, are kept in
tests/artifacts/ (git-ignored) for a person to look at."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from support import REPO

pytestmark = pytest.mark.browser

ARTIFACTS = REPO / "tests" / "artifacts"
# Each language's words for the kinds rocket-speed's timeline holds: a source's version
# that took its passage away, and the claim made.
KINDS = {
    "": ("Source changed", "Claim made"),
    "fr/": ("Source modifiée", "Affirmation formulée"),
    "zh-hant/": ("來源已變更", "提出說法"),
}
WIDTHS = {"phone": (390, 844), "desktop": (1280, 900)}


@pytest.mark.parametrize("prefix", list(KINDS), ids=["en", "fr", "zh-Hant"])
def test_the_timeline_says_each_kind_in_words_newest_first(
    page: Page, revisions_url: str, prefix: str
) -> None:
    page.goto(revisions_url + prefix + "claims/rocket-speed/index.html", wait_until="load")
    timeline = page.get_by_role("region", name=page.locator("#history-h").inner_text())
    events = timeline.locator("ol.timeline > li")
    expect(events).to_have_count(3)
    changed, made = KINDS[prefix]
    expect(events.first.locator(".event-kind")).to_have_text(changed)
    expect(events.last.locator(".event-kind")).to_have_text(made)
    dates = events.locator(".timeline-head time").evaluate_all("ts => ts.map(t => t.dateTime)")
    assert dates == sorted(dates, reverse=True) == ["2026-11-15", "2026-09-02", "2026-09-01"]
    # The words are in the accessibility tree, and stay on screen without author colours.
    tree = timeline.aria_snapshot()
    assert changed in tree and made in tree
    page.emulate_media(forced_colors="active")
    for label in (events.first.locator(".event-kind"), events.last.locator(".event-kind")):
        expect(label).to_be_visible()
        box = label.bounding_box()
        assert box is not None and box["width"] > 0
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    name = prefix.strip("/") or "en"
    timeline.screenshot(path=str(ARTIFACTS / f"timeline-forced-colors-{name}.png"))


@pytest.mark.parametrize("prefix", list(KINDS), ids=["en", "fr", "zh-Hant"])
@pytest.mark.parametrize("width", list(WIDTHS))
def test_screenshots_of_the_timeline(
    page: Page, revisions_url: str, prefix: str, width: str
) -> None:
    """The timeline stays inside the page at each width (nothing wider than the window)."""
    w, h = WIDTHS[width]
    page.set_viewport_size({"width": w, "height": h})
    page.goto(revisions_url + prefix + "claims/rocket-speed/index.html", wait_until="load")
    timeline = page.locator("section", has=page.locator("#history-h"))
    overflow = timeline.evaluate(
        "s => [...s.querySelectorAll('*')].filter(e => e.getBoundingClientRect().right >"
        " document.documentElement.clientWidth + 1).map(e => e.outerHTML.slice(0, 80))"
    )
    assert overflow == []
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    name = prefix.strip("/") or "en"
    timeline.screenshot(path=str(ARTIFACTS / f"timeline-{name}-{width}.png"))
