"""Atom feed, ClaimReview JSON-LD, sitemap and canonical links."""

from __future__ import annotations

import datetime as dt
import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from claimtrack.load import load_tracker
from claimtrack.records import Status
from claimtrack.site.data.jsonld import RATING_VALUES

from .conftest import FIXTURES, REPO, TODAY, SiteOf
from .site_support import build, minimal_copy, parse

A = "{http://www.w3.org/2005/Atom}"
SM = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
TRACKERS = {"minimal": (FIXTURES / "minimal", dt.date.fromisoformat(TODAY)), "repo": (REPO, None)}


@pytest.fixture(scope="module", params=sorted(TRACKERS))
def site(request: pytest.FixtureRequest, site_of: SiteOf) -> tuple[Path, Path]:
    root, today = TRACKERS[request.param]
    return root, site_of(root, today)


def entries(out: Path) -> list[ET.Element]:
    feed = ET.parse(out / "feed.xml").getroot()
    assert feed.tag == f"{A}feed"
    return feed.findall(f"{A}entry")


def test_atom_feed_parses_newest_first(site: tuple[Path, Path]) -> None:
    root, out = site
    feed = ET.parse(out / "feed.xml").getroot()
    for required in ("id", "title", "updated", "author"):
        assert feed.find(f"{A}{required}") is not None, required
    items = entries(out)
    tracker = load_tracker(root)
    changes = sum(len(c.record.history) for c in tracker.claims.values())
    assert len(items) == min(changes, 200)
    updated = [e.findtext(f"{A}updated") or "" for e in items]
    assert updated == sorted(updated, reverse=True)
    assert feed.findtext(f"{A}updated") == updated[0]
    ids = [e.findtext(f"{A}id") or "" for e in items]
    assert len(set(ids)) == len(ids)
    assert all(i.startswith("urn:uuid:") for i in ids)
    for entry in items:
        link = entry.find(f"{A}link")
        assert link is not None
        assert (out / link.attrib["href"]).is_file()


def test_feed_ids_are_stable_across_builds_and_edits(tmp_path: Path) -> None:
    root = minimal_copy(tmp_path)
    build(root, tmp_path / "one")
    first = {e.findtext(f"{A}id"): e.findtext(f"{A}title") for e in entries(tmp_path / "one")}
    claim = root / "claims" / "rocket-speed.yaml"
    text = claim.read_text(encoding="utf-8").replace(
        "status: unverified\nhistory:", "status: disputed\nhistory:"
    )
    text = text.replace(
        "rationale:",
        "  - date: 2026-11-01\n    status: disputed\n    note: A test bench measured 2x.\n"
        "rationale:",
    )
    claim.write_text(text, encoding="utf-8")
    build(root, tmp_path / "two")
    second = entries(tmp_path / "two")
    again = {e.findtext(f"{A}id"): e.findtext(f"{A}title") for e in second}
    assert set(first) < set(again)
    assert (second[0].findtext(f"{A}title") or "").startswith("Now disputed:")
    assert second[0].findtext(f"{A}updated") == "2026-11-01T00:00:00Z"


def reviews(out: Path, cid: str) -> list[dict[str, Any]]:
    return parse(out / "claims" / cid / "index.html").reviews()


def test_claim_review_blocks(site: tuple[Path, Path]) -> None:
    root, out = site
    tracker = load_tracker(root)
    for cid, loaded in tracker.claims.items():
        claim = loaded.record
        blocks = reviews(out, cid)
        assert len(blocks) == 1, cid
        review = blocks[0]
        assert review["@context"] == "https://schema.org"
        assert review["@type"] == "ClaimReview"
        assert review["claimReviewed"] == claim.statement
        rating = review["reviewRating"]
        assert rating["alternateName"] == claim.status.value.capitalize()
        if claim.status in RATING_VALUES:
            assert rating["ratingValue"] == RATING_VALUES[Status(claim.status)]
            assert (rating["worstRating"], rating["bestRating"]) == (1, 5)
        else:
            assert "ratingValue" not in rating
        item = review["itemReviewed"]
        assert item["@type"] == "Claim"
        assert item["author"]["name"] == claim.claimant.name
        headlines = [a["headline"] for a in item["appearance"]]
        cited = dict.fromkeys(e.source for e in claim.evidence)
        assert headlines == [tracker.sources[s].record.title for s in cited]
        for appearance, sid in zip(item["appearance"], cited, strict=True):
            source = tracker.sources[sid].record
            assert appearance.get("url") == source.url  # absent when unknown, never invented
            published = source.published.isoformat() if source.published else None
            assert appearance.get("datePublished") == published
        assert review["author"]["name"] == tracker.settings.title
        assert review["datePublished"] == claim.history[-1].date.isoformat()
        assert "url" not in review  # no base_url configured


def test_base_url_gives_absolute_urls_and_a_sitemap(tmp_path: Path) -> None:
    root = minimal_copy(tmp_path)
    with (root / "tracker.yaml").open("a", encoding="utf-8") as handle:
        handle.write("base_url: https://claims.example.org/rocket\n")
    out = tmp_path / "site"
    build(root, out)
    review = reviews(out, "rocket-speed")[0]
    assert review["url"] == "https://claims.example.org/rocket/claims/rocket-speed/"
    canonical = [
        attrs["href"]
        for tag, attrs in parse(out / "claims" / "rocket-speed" / "index.html").tags
        if tag == "link" and attrs.get("rel") == "canonical"
    ]
    assert canonical == ["https://claims.example.org/rocket/claims/rocket-speed/"]
    urlset = ET.parse(out / "sitemap.xml").getroot()
    locs = [u.findtext(f"{SM}loc") for u in urlset.findall(f"{SM}url")]
    assert "https://claims.example.org/rocket/" in locs
    assert "https://claims.example.org/rocket/sources/fr-report/" in locs
    assert all((loc or "").startswith("https://claims.example.org/rocket/") for loc in locs)
    claims = json.loads((out / "claims.json").read_text(encoding="utf-8"))["claims"]
    assert claims[0]["site_url"] == "https://claims.example.org/rocket/claims/rocket-price/"
    feed = ET.parse(out / "feed.xml").getroot()
    assert feed.findtext(f"{A}id") == "https://claims.example.org/rocket/feed.xml"
    # Links between pages stay relative even then, except on the 404 page, which a server
    # shows at any missing address.
    index = parse(out / "index.html").hrefs()
    assert "claims/rocket-speed/index.html" in index
    assert "https://claims.example.org/rocket/index.html" in parse(out / "404.html").hrefs()


def test_no_sitemap_or_canonical_without_base_url(tmp_path: Path) -> None:
    out = tmp_path / "site"
    build(FIXTURES / "minimal", out)
    assert not (out / "sitemap.xml").exists()
    assert 'rel="canonical"' not in (out / "index.html").read_text(encoding="utf-8")


def test_feed_and_sitemap_are_well_formed_xml_with_every_character_a_page_allows(
    tmp_path: Path,
) -> None:
    # Tab, the replacement character, an emoji, markup characters: all accepted, and the
    # files must still parse.  (DEL and the C1 controls are legal XML but refused: an HTML
    # page cannot carry them; tests/test_fuzz_findings.py.)
    root = minimal_copy(tmp_path)
    with (root / "tracker.yaml").open("a", encoding="utf-8") as handle:
        handle.write("base_url: https://claims.example.org/a&b\n")
    note = "Tab\there, \ufffd, \U0001f680, 中文 & <b>"
    path = root / "claims" / "rocket-speed.yaml"
    text = path.read_text(encoding="utf-8")
    escaped = '"Tab\\there, \\ufffd, \U0001f680, 中文 & <b>"'
    path.write_text(text.replace("note: Recorded from the announcement.", f"note: {escaped}"))
    out = tmp_path / "site"
    build(root, out)
    feed = ET.parse(out / "feed.xml").getroot()
    summaries = [e.findtext(f"{A}summary") for e in feed.findall(f"{A}entry")]
    assert f"Unverified: {note}" in summaries
    urlset = ET.parse(out / "sitemap.xml").getroot()
    locs = [u.findtext(f"{SM}loc") or "" for u in urlset.findall(f"{SM}url")]
    assert locs and all(loc.startswith("https://claims.example.org/a&b/") for loc in locs)


def test_the_feed_chosen_again_after_edits_is_the_feed_chosen_anew(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """feeds.newest, given the last lists and entries, looks only at the lists an edit
    replaced: whatever the edits (a claim's changes moved later, earlier, gone, or more
    of them), its answer is the one a look at every list gives."""
    import random

    from claimtrack.site.data import feeds

    rng = random.Random(28)

    def changes(cid: str) -> list[feeds.Keyed]:
        days = rng.sample(range(300), rng.randrange(0, 5))
        return [((-day, cid, feeds.HISTORY, -i), (None, 0, i)) for i, day in enumerate(days)]  # type: ignore[misc]

    each = [changes(f"c{n:03}") for n in range(120)]
    last = (each, feeds.newest(each))
    walks: list[bool] = []  # per choice: whether every list was walked
    nsmallest = feeds.heapq.nsmallest

    def spied(n: int, items: Any, key: Any) -> Any:
        walks.append(not isinstance(items, list))
        return nsmallest(n, items, key=key)

    monkeypatch.setattr(feeds.heapq, "nsmallest", spied)
    taken = 0
    for _ in range(300):
        each = list(each)
        for _ in range(rng.choice((1, 1, 2, 5))):
            n = rng.randrange(len(each))
            each[n] = changes(f"c{n:03}")
        walks.clear()
        again = feeds.newest(each, last)
        taken += walks == [False]  # chosen from the last entries and the edited lists
        assert again == feeds.newest(each)
        assert [key for key, _ in again] == sorted(key for lst in each for key, _ in lst)[
            : feeds.MAX_ENTRIES
        ]
        last = (each, again)
    assert len(last[1]) == feeds.MAX_ENTRIES
    assert taken > 100  # here half the edits move changes out of the first 200: the rest


@pytest.mark.parametrize("name", ["revisions", "measured", "three-languages", "repository"])
def test_the_feed_chosen_from_views_made_when_read_is_the_feed_of_every_view(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A build in a new process chooses the feed's entries from the claims newest first by
    the date their latest change can carry (feeds.newest_of_views), making the views of
    those alone: its choice is the one every whole view gives, however few entries a feed
    holds, and no change is later than its claim's ``newest_change``."""
    import heapq
    import itertools

    from claimtrack.check import Checker
    from claimtrack.load import Loader
    from claimtrack.site.data import feeds
    from claimtrack.site.model.cache import ModelCache, build_model

    root = REPO if name == "repository" else FIXTURES / name
    tracker = Loader(root).load()
    analysis, _ = Checker().run(tracker, dt.date.fromisoformat(TODAY))
    whole = build_model(analysis).claims
    for view in whole:
        keys = feeds.change_keys(view)
        assert all(-key[0] <= view.newest_change.toordinal() for key, _ in keys), view.summary.id
    every = sorted(key for view in whole for key, _ in feeds.change_keys(view))
    assert len(every) >= 3
    unmade = []
    for most in (1, 2, 3, 5, len(every) - 1, len(every), 200):
        monkeypatch.setattr(feeds, "MAX_ENTRIES", most)
        deferred = ModelCache().build(analysis, None, defer=True).claims
        chosen = feeds.newest_of_views(deferred)
        assert [key for key, _ in chosen] == every[:most]
        assert chosen == heapq.nsmallest(
            most, itertools.chain.from_iterable(map(feeds.change_keys, whole)), key=lambda k: k[0]
        )
        unmade.append(sum("_shown" in view.__dict__ for view in deferred))
    # A feed of a few entries leaves views unmade, where some claims changed last earlier.
    assert name == "measured" or unmade[0] > 0
