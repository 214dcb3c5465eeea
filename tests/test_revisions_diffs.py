"""What replaced a vanished passage, as readers see it (issue 26 §2), on the fixture
tests/fixtures/revisions: acme-post reworded the sentence rocket-speed quotes ("up to 3x"
went), acme-faq deleted the sentence rocket-fuel quotes with nothing in its place,
beta-review was taken down.  The claim page's mark shows the old and new wording with
<del>/<ins> and a visible label, the source page's version history diffs each version
against the one before, claims.json carries replaced_by and removed_in, the feed quotes
both wordings; the diffs are computed once per pair of versions and kept by their hashes,
and a tracker without revisions computes none."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest

from claimtrack.check.analysis import Analysis
from claimtrack.check.store import CheckStore
from claimtrack.load import Cache
from claimtrack.site import build_site
from claimtrack.site.data.feeds import ATOM
from claimtrack.site.model import wording

from .conftest import FIXTURES, SiteOf
from .site_support import FIXTURE_TODAY, build, pages_of

SPEED = "It runs up to 3x faster than Rocket 1, says Acme."
SPEED_NOW = "It runs faster than Rocket 1, says Acme."
FUEL = "Rocket 2 burns 20% less fuel than Rocket 1 on the same route."


@pytest.fixture(scope="module")
def site(site_of: SiteOf) -> Path:
    return site_of(FIXTURES / "revisions", FIXTURE_TODAY)


def read(site: Path, rel: str) -> str:
    return (site / rel).read_text(encoding="utf-8")


def block(page: str, start: str, end: str) -> str:
    at = page.index(start)
    return page[at : page.index(end, at)]


def test_the_claim_page_shows_the_old_wording_beside_the_new(site: Path) -> None:
    page = read(site, "claims/rocket-speed/index.html")
    change = block(page, '<div class="wording-change">', "</div>")
    # The dates of both versions, then each wording in the source's language, the words
    # removed in <del> after a visible label, the cited passage marked.
    assert (
        '<figcaption>Before (the version of <time datetime="2026-10-01">1 October 2026</time>)'
        in change
    )
    assert (
        '<figcaption>After (the version of <time datetime="2026-11-15">15 November 2026</time>)'
        in change
    )
    assert (
        '<p lang="en"><mark>It runs </mark><del><span class="change-label">removed </span>'
        "<mark>up to 3x</mark></del><mark> faster than Rocket 1</mark>, says Acme.</p>"
    ) in change
    assert f'<p lang="en">{SPEED_NOW}</p>' in change
    # The words, without the markup, read as the two versions do.
    text = re.sub(r"<[^>]+>", "", change)
    assert "removed up to 3x" in text and SPEED_NOW in text


def test_a_passage_deleted_with_nothing_in_its_place(site: Path) -> None:
    page = read(site, "claims/rocket-fuel/index.html")
    change = block(page, '<div class="wording-change">', "</div>")
    assert (
        '<del><span class="change-label">removed </span><mark>Rocket 2 burns 20% less fuel '
        "than Rocket 1</mark> on the same route.</del>"
    ) in change
    assert '<p class="wording-none">Nothing took its place.</p>' in change
    assert "<ins>" not in change
    # A page taken down has no wording to show: only the mark says what happened.
    taken_down = read(site, "claims/rocket-tested/index.html")
    assert "revision-removed" in taken_down and "wording-change" not in taken_down


@pytest.mark.parametrize(
    ("prefix", "before", "label", "nothing"),
    [
        ("fr/", "Avant (la version du", "supprimé ", "Rien ne l’a remplacé."),
        ("zh-hant/", "之前（", "已移除 ", "沒有其他文字取而代之。"),
    ],
    ids=["fr", "zh-Hant"],
)
def test_the_words_are_the_pages_and_the_wordings_the_sources(
    site: Path, prefix: str, before: str, label: str, nothing: str
) -> None:
    speed = block(
        read(site, f"{prefix}claims/rocket-speed/index.html"),
        '<div class="wording-change">',
        "</div>",
    )
    assert f"<figcaption>{before}" in speed
    assert f'<del><span class="change-label">{label}</span><mark>up to 3x</mark></del>' in speed
    assert f'<p lang="en">{SPEED_NOW}</p>' in speed  # the source's words, in its language
    assert "Before (the version" not in speed and ">removed <" not in speed
    fuel = read(site, f"{prefix}claims/rocket-fuel/index.html")
    assert f'<p class="wording-none">{nothing}</p>' in fuel


def test_the_source_page_diffs_each_version_against_the_one_before(site: Path) -> None:
    page = read(site, "sources/acme-post/index.html")
    first, second = re.findall(r'<li class="revision revision-changed">(.*?)\n</li>', page, re.S)
    # 1 October: a sentence no claim cites; nothing marked.
    assert (
        '<p>1 change since the version of <time datetime="2026-09-01">1 September 2026</time></p>'
        in first
    )
    assert (
        '<p lang="en">The engine ships in <del><span class="change-label">removed </span>'
        "December</del>.</p>"
    ) in first
    assert (
        '<p lang="en">The engine ships in <ins><span class="change-label">added </span>'
        "January</ins>.</p>"
    ) in first
    assert "<mark>" not in first
    # 15 November, against 1 October: the cited passage marked.
    assert '1 change since the version of <time datetime="2026-10-01">' in second
    assert "<mark>up to 3x</mark>" in second
    faq = read(site, "fr/sources/acme-faq/index.html")
    assert '<p class="wording-none">Rien ne l’a remplacé.</p>' in faq
    assert "1 modification depuis la version du" in faq


def test_claims_json_says_what_replaced_each_removed_quote(site: Path) -> None:
    claims = {c["id"]: c for c in json.loads(read(site, "claims.json"))["claims"]}

    def said(cid: str) -> list[tuple[bool | None, str | None, str | None]]:
        return [
            (e["in_latest_revision"], e["removed_in"], e["replaced_by"])
            for e in claims[cid]["evidence"]
        ]

    assert said("rocket-speed") == [(False, "2026-11-15", SPEED_NOW), (True, None, None)]
    assert said("rocket-fuel") == [(False, "2026-11-15", None)]
    assert said("rocket-tested") == [(False, "2026-11-20", None)]


def summaries(site: Path, rel: str) -> list[str]:
    root = ET.fromstring((site / rel).read_bytes())
    return [
        entry.findtext(f"{{{ATOM}}}summary") or ""
        for entry in root.iter(f"{{{ATOM}}}entry")
        if (c := entry.find(f"{{{ATOM}}}category")) is not None and c.get("term") == "revision"
    ]


def test_the_feed_quotes_both_wordings(site: Path) -> None:
    english = summaries(site, "feed.xml")
    assert any(s.endswith(f"It said: “{SPEED}” It now says: “{SPEED_NOW}”") for s in english)
    assert any(s.endswith(f"It said: “{FUEL}” Nothing took its place.") for s in english)
    french = summaries(site, "fr/feed.xml")
    assert any(
        s.endswith(
            f"Elle disait\u00a0: «\u00a0{SPEED}\u00a0» Elle dit désormais\u00a0: «\u00a0{SPEED_NOW}\u00a0»"
        )
        for s in french
    )
    chinese = summaries(site, "zh-hant/feed.xml")
    assert any(s.endswith(f"原本寫道：「{FUEL}」沒有其他文字取而代之。") for s in chinese)


def test_each_pair_of_versions_is_compared_once_and_kept_by_both_hashes(
    tracker: Callable[[str], Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tracker("revisions")
    calls: list[tuple[str, str]] = []
    compare = wording.hunks

    def counted(old: str, new: str, language: str) -> tuple[wording.Hunk, ...]:
        calls.append((old, new))
        return compare(old, new, language)

    monkeypatch.setattr(wording, "hunks", counted)
    first = build_site(root, tmp_path / "one", today=FIXTURE_TODAY, cache=Cache.open(root))
    assert first.full
    # Three pairs: acme-post's copy and 1 October, 1 October and 15 November; acme-faq's
    # copy and 15 November (beta-review's revision has no text). Each once, though the
    # source page, three claim pages, the feeds and claims.json all show them.
    assert len(calls) == len(set(calls)) == 3
    store = CheckStore(Cache.open(root))
    post = (root / "sources/acme-post.yaml").read_text(encoding="utf-8")
    hashes = re.findall(r"sha256: (\w+)", post)
    assert store.diff(hashes[1], hashes[2], "en") is not None
    # Another run reads them from the cache: nothing compared again, the same pages.
    calls.clear()
    build_site(root, tmp_path / "two", today=FIXTURE_TODAY, cache=Cache.open(root))
    assert calls == []
    assert pages_of(tmp_path / "two") == pages_of(tmp_path / "one")


def test_a_tracker_without_revisions_compares_nothing(
    tracker: Callable[[str], Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def never(*_: object) -> None:
        raise AssertionError("compared versions of a source that has none")

    monkeypatch.setattr(wording, "hunks", never)
    monkeypatch.setattr(Analysis, "passage_in", never)
    for name in ("minimal", "languages"):
        build(tracker(name), tmp_path / f"{name}-site")


def test_a_source_whose_text_is_not_published_shows_only_its_cited_passages_changes(
    tracker: Callable[[str], Path], tmp_path: Path
) -> None:
    root = tracker("revisions")
    record = root / "sources/acme-post.yaml"
    text = record.read_text(encoding="utf-8")
    record.write_text(text[: text.index("archive_public:")], encoding="utf-8")
    build(root, tmp_path / "site")
    page = read(tmp_path / "site", "sources/acme-post/index.html")
    first, second = re.findall(r'<li class="revision revision-changed">(.*?)\n</li>', page, re.S)
    # 1 October changed a sentence no claim cites: counted, not shown, and not "no change".
    assert "1 change since the version of" in first and "wording-change" not in first
    assert "1 change is not shown here: only those of the cited passages are" in first
    assert "December" not in first and "No change in the words" not in first
    # 15 November changed the cited one: shown as on the claim page.
    assert "<mark>up to 3x</mark>" in second and "not shown here" not in second
