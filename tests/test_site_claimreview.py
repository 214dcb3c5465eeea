"""ClaimReview as fact-check tools read it: extracted by extruct from every claim page of
every language of the fixture sites, with and without their base_url, and held to
Google's required and recommended properties
(https://developers.google.com/search/docs/appearance/structured-data/factcheck) and to
what the page itself shows.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from typing import Any

import extruct
import lxml.html
import pytest

from claimtrack.load import load_tracker
from claimtrack.site import build_site

from .reach_support import Built, build_copy, html_pages
from .site_support import FIXTURE_TODAY

# The numeric scale (jsonld.py's docstring says why): a status that does not say how true a
# claim is has none.  Written out here, not read from the code under test.
SCALE = {"false": 1, "misleading": 2, "disputed": 3, "corroborated": 4, "verified": 5}
CLAIM_PAGE = re.compile(r"^(?:[a-z-]+/)?claims/([a-z0-9-]+)/index\.html$")


@pytest.fixture(
    scope="module",
    params=[
        ("minimal", False),
        ("minimal", True),
        ("languages", False),
        ("languages", True),
        ("revisions", False),
        ("revisions", True),
    ],
    ids=lambda p: f"{p[0]}-{'base' if p[1] else 'nobase'}",
)
def site(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Built:
    name, base = request.param
    return build_copy(name, tmp_path_factory.mktemp(name), base=base)


def claim_pages(out: Path) -> list[tuple[str, str]]:
    """(page, claim id) of every claim page of every language."""
    found = [(p, m.group(1)) for p in html_pages(out) if (m := CLAIM_PAGE.match(p))]
    assert found
    return found


def extracted(html: str, url: str) -> list[dict[str, Any]]:
    data = extruct.extract(html, base_url=url, syntaxes=["json-ld"], uniform=True)
    return [d for d in data["json-ld"] if d.get("@type") == "ClaimReview"]


def text_of(doc: Any, xpath: str) -> str:
    (element,) = doc.xpath(xpath)
    return " ".join(element.text_content().split())


def main_page(page: str) -> str:
    """The main language's version of a claim page (``fr/claims/x/`` -> ``claims/x/``)."""
    return page[page.index("claims/") :]


def a_date(value: object) -> bool:
    return isinstance(value, str) and dt.date.fromisoformat(value).isoformat() == value


def test_every_claim_page_has_a_complete_claim_review(site: Built) -> None:
    tracker = load_tracker(site.root)
    for page, cid in claim_pages(site.out):
        html = (site.out / page).read_text(encoding="utf-8")
        doc = lxml.html.fromstring(html)
        url = f"{site.base}{page.removesuffix('index.html')}" if site.base else page
        (review,) = extracted(html, url)
        where = f"{site.name} {page}"
        # Required: claimReviewed, reviewRating.alternateName, url.
        assert review["claimReviewed"] == text_of(doc, "//h1"), where
        rating = review["reviewRating"]
        badge = "//p[@class='verdict-status']//span[contains(@class, 'badge ')]"
        assert rating["alternateName"] == text_of(doc, badge), where
        if site.base is not None:
            (canonical,) = doc.xpath("//link[@rel='canonical']/@href")
            assert review["url"] == canonical == url, where
        else:
            assert "url" not in review, where
        # The page's language, and its words.
        assert review["inLanguage"] == doc.get("lang"), where
        # The rationale as the page shows it while that is the original or a current
        # translation; a stale one (it may argue for an earlier status) gives way to the
        # original, the main-language page's.
        (rationale,) = doc.xpath("//p[@class='rationale']")
        shown = " ".join(rationale.text_content().split())
        if rationale.get("data-translation") == "stale":
            main = lxml.html.fromstring((site.out / main_page(page)).read_text("utf-8"))
            shown = text_of(main, "//p[@class='rationale']")
        assert " ".join(rating["ratingExplanation"].split()) == shown, where
        # Recommended: author, datePublished, itemReviewed; the rating's scale.
        status = tracker.claims[cid].record.status.value
        if status in SCALE:
            assert rating["ratingValue"] == SCALE[status], where
            assert (rating["worstRating"], rating["bestRating"]) == (1, 5), where
        else:
            assert not {"ratingValue", "worstRating", "bestRating"} & set(rating), where
        author = review["author"]
        assert author["@type"] == "Organization" and author["name"], where
        assert author["name"] in text_of(doc, "//title"), where
        assert author.get("url") == site.base, where
        assert a_date(review["datePublished"]), where
        item = review["itemReviewed"]
        assert item["@type"] == "Claim" and item["author"]["name"], where
        # When the claim was made: the page's own timeline says it ("Claim made").
        made = doc.xpath("//li[@class='event-made']//time/@datetime")
        assert item.get("datePublished") == (made[0] if made else None), where
        cited = list(dict.fromkeys(ev.source for ev in tracker.claims[cid].record.evidence))
        assert len(item["appearance"]) == len(cited), where
        for appearance, sid in zip(item["appearance"], cited, strict=True):
            source = tracker.sources[sid].record
            assert appearance["headline"] == source.title, where
            assert appearance.get("url") == source.url, where  # never invented


@pytest.fixture(scope="module")
def revisions(tmp_path_factory: pytest.TempPathFactory) -> Built:
    return build_copy("revisions", tmp_path_factory.mktemp("revisions"), base=True)


def review_of(site: Built, page: str) -> dict[str, Any]:
    html = (site.out / page).read_text(encoding="utf-8")
    (review,) = extracted(html, f"{site.base}{page.removesuffix('index.html')}")
    return review


def test_the_verdict_is_in_each_pages_language(revisions: Built) -> None:
    """Issue 27: the French page's review said "Unverified" under ``inLanguage: fr``."""
    labels = {
        "claims/rocket-announced/index.html": ("en", "Verified"),
        "fr/claims/rocket-announced/index.html": ("fr", "Vérifié"),
        "zh-hant/claims/rocket-announced/index.html": ("zh-Hant", "已證實"),
    }
    for page, (tag, label) in labels.items():
        review = review_of(revisions, page)
        assert (review["inLanguage"], review["reviewRating"]["alternateName"]) == (tag, label)


def test_a_claim_no_source_dates_has_no_date_of_its_own(tmp_path: Path) -> None:
    """itemReviewed.datePublished is never invented: without a dated source, none."""
    site = build_copy("minimal", tmp_path, base=True)
    page = "claims/rocket-speed/index.html"
    assert review_of(site, page)["itemReviewed"]["datePublished"] == "2026-10-01"
    for path in (site.root / "sources").glob("*.yaml"):
        text = path.read_text(encoding="utf-8")
        path.write_text(re.sub(r"^published:.*\n", "", text, flags=re.MULTILINE), "utf-8")
    build_site(site.root, site.out, today=FIXTURE_TODAY, search=False)
    for page, _ in claim_pages(site.out):
        assert "datePublished" not in review_of(site, page)["itemReviewed"], page
