"""The filters (status, kind, topic, claimant) of a listing page change what is shown, in
agreement with claims.json; without JavaScript every claim of the page is listed.  The
fixture's claims fit on one page of the listing of every claim, claims/."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page

pytestmark = pytest.mark.browser

ITEMS = "#all-claims li[data-status]"
VISIBLE_IDS = f"""() => [...document.querySelectorAll('{ITEMS}')]
  .filter(li => li.offsetParent !== null)
  .map(li => li.querySelector('a.statement').getAttribute('href').split('/')[2])
  .sort()"""


def _facets(claims: list[dict[str, Any]]) -> dict[str, dict[str, set[str]]]:
    """For each filter, each value -> the ids of the claims it should show (from claims.json)."""
    facets: dict[str, dict[str, set[str]]] = {"status": {}, "kind": {}, "topic": {}, "claimant": {}}
    for c in claims:
        facets["status"].setdefault(c["status"], set()).add(c["id"])
        facets["kind"].setdefault(c["kind"], set()).add(c["id"])
        facets["claimant"].setdefault(c["claimant"]["name"], set()).add(c["id"])
        for topic in c["topics"]:
            facets["topic"].setdefault(topic, set()).add(c["id"])
    return facets


def _pick(values: dict[str, set[str]], total: int) -> str:
    """The value that narrows the list the least while still narrowing it, else any value."""
    narrowing = [v for v, ids in sorted(values.items()) if len(ids) < total]
    if narrowing:
        return max(narrowing, key=lambda v: len(values[v]))
    return sorted(values)[0]


def _select(page: Page, facet: str, value: str) -> None:
    if facet in {"status", "kind"}:
        page.locator(f'#filters input[name="{facet}"][value="{value}"]').check()
    else:
        page.locator(f"#filter-{facet}").select_option(value)


def _visible_ids(page: Page) -> list[str]:
    ids: list[str] = page.evaluate(VISIBLE_IDS)
    return ids


@pytest.fixture
def index(page: Page, base_url: str) -> Page:
    page.goto(base_url + "claims/index.html", wait_until="load")
    return page


def test_all_claims_listed_and_filters_shown_with_javascript(
    index: Page, claims_data: list[dict[str, Any]]
) -> None:
    assert index.locator("#filters").is_visible(), "the filter form stays hidden with JavaScript"
    assert _visible_ids(index) == sorted(c["id"] for c in claims_data)
    assert index.locator("#filter-result").inner_text() == f"Showing all {len(claims_data)} claims."


@pytest.mark.parametrize("facet", ["status", "kind", "topic", "claimant"])
def test_filter_changes_what_is_shown(
    index: Page, claims_data: list[dict[str, Any]], facet: str
) -> None:
    total = len(claims_data)
    values = _facets(claims_data)[facet]
    assert values, f"no claim has a {facet}"
    value = _pick(values, total)
    expected = sorted(values[value])
    _select(index, facet, value)
    shown = _visible_ids(index)
    assert shown == expected, f"{facet}={value!r}: shown {shown}, claims.json says {expected}"
    if len(expected) < total:
        assert index.locator("#filter-result").inner_text() == (
            f"Showing {len(expected)} of {total} claims."
        )
    # Every status group that is left empty is hidden with its heading.
    for group in index.locator("#all-claims [data-group]").all():
        status = group.get_attribute("data-group")
        has_claims = any(c["status"] == status and c["id"] in expected for c in claims_data)
        assert group.is_visible() == has_claims, f"{facet}={value!r}: group {status}"
    index.get_by_role("button", name="Clear filters").click()
    index.wait_for_function(
        f"() => document.querySelectorAll('{ITEMS}:not([hidden])').length === {total}"
    )
    assert len(_visible_ids(index)) == total


def test_filters_combine(index: Page, claims_data: list[dict[str, Any]]) -> None:
    """Two filters show the claims that match both (and none at all is a clear zero)."""
    facets = _facets(claims_data)
    kind = _pick(facets["kind"], len(claims_data))
    claimant = _pick(facets["claimant"], len(claims_data))
    _select(index, "kind", kind)
    _select(index, "claimant", claimant)
    expected = sorted(facets["kind"][kind] & facets["claimant"][claimant])
    assert _visible_ids(index) == expected
    assert index.locator("#filter-result").inner_text() == (
        f"Showing {len(expected)} of {len(claims_data)} claims."
    )


def test_without_javascript_every_claim_is_listed(
    make_context: Callable[..., BrowserContext], base_url: str, claims_data: list[dict[str, Any]]
) -> None:
    page = make_context(java_script_enabled=False).new_page()
    page.goto(base_url + "claims/index.html", wait_until="load")
    hrefs = page.locator(f"{ITEMS} a.statement").evaluate_all(
        "links => links.filter(a => a.offsetParent !== null).map(a => a.getAttribute('href'))"
    )
    assert sorted(h.split("/")[2] for h in hrefs) == sorted(c["id"] for c in claims_data)
    assert not page.locator("#filters").is_visible(), "filters that cannot work are shown"


def test_opened_from_disk_styles_and_filters_work(
    page: Page, site_dir: Path, claims_data: list[dict[str, Any]]
) -> None:
    """file://…/claims/index.html: the stylesheet and the script load, and a claim link opens
    its page."""
    failed: list[str] = []
    page.on("requestfailed", lambda request: failed.append(f"{request.url} {request.failure}"))
    page.goto((site_dir / "claims" / "index.html").as_uri(), wait_until="load")
    assert not failed, "opened from disk, these files did not load:\n" + "\n".join(failed)
    assert page.locator("link[rel=stylesheet]").count(), "no stylesheet"
    assert index_ready(page), "the filter script did not run from disk"
    assert len(_visible_ids(page)) == len(claims_data)
    page.locator(f"{ITEMS} a.statement").first.click()
    page.wait_for_load_state("load")
    assert page.url.endswith("/index.html") and "/claims/" in page.url, page.url
    assert page.locator("h1").first.is_visible()


def index_ready(page: Page) -> bool:
    visible: bool = page.locator("#filters").is_visible()
    return visible
