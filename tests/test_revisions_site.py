"""What readers see of a source's revisions (issue 20): the claim page's mark of a passage
gone from the source's latest revision (and no deep link to it then), the source page's
list of revisions, the feed's entries, claims.json and sources.json; and a new revision
making again exactly the pages it shows on (tests/fixtures/revisions)."""

from __future__ import annotations

import hashlib
import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from claimtrack.site import SiteBuilder
from claimtrack.site.data.feeds import ATOM, removal_entry_id

from .conftest import FIXTURES, SiteOf
from .site_support import FIXTURE_TODAY, build, files_of, pages_of

REMOVED = "It runs up to 3x faster than Rocket 1"
KEPT = "Acme announces the Rocket 2 engine."


@pytest.fixture(scope="module")
def site(site_of: SiteOf) -> Path:
    return site_of(FIXTURES / "revisions", FIXTURE_TODAY)


def evidence_items(page: str) -> list[str]:
    return re.findall(
        r'<li class="evidence[^"]*">.*?</li>\n(?=<li class="evidence|</ol>)', page, re.S
    )


def read(site: Path, rel: str) -> str:
    return (site / rel).read_text(encoding="utf-8")


def test_the_claim_page_marks_the_removed_passage_and_drops_its_deep_link(site: Path) -> None:
    removed, kept = evidence_items(read(site, "claims/rocket-speed/index.html"))
    assert REMOVED in removed and KEPT in kept
    assert (
        'Removed from the source between <time datetime="2026-10-01">1 October 2026</time> and '
        '<time datetime="2026-11-15">15 November 2026</time>; the archived copy of '
        '<time datetime="2026-09-01">1 September 2026</time> still has it.'
    ) in removed
    assert "deep-link" not in removed and "#:~:text=" not in removed
    # The archived copy still proves it: found, in context, on the archive page.
    assert "check-found" in removed and "<mark>It runs up to 3x faster" in removed
    assert "revision-removed" not in kept
    assert 'class="deep-link" href="https://acme.example/news/rocket-2#:~:text=' in kept


def test_a_page_taken_down_is_said_so(site: Path) -> None:
    (item,) = evidence_items(read(site, "claims/rocket-tested/index.html"))
    assert (
        "The source&#39;s page was taken down between "
        '<time datetime="2026-09-01">1 September 2026</time> and '
        '<time datetime="2026-11-20">20 November 2026</time>; the archived copy of '
        '<time datetime="2026-09-01">1 September 2026</time> still has this passage.'
    ) in item
    assert "deep-link" not in item


@pytest.mark.parametrize(
    ("prefix", "words"),
    [
        ("fr/", "Supprimé de la source entre le"),
        ("zh-hant/", "之間已從來源移除；"),
    ],
)
def test_the_mark_is_in_the_pages_language(site: Path, prefix: str, words: str) -> None:
    removed, kept = evidence_items(read(site, f"{prefix}claims/rocket-speed/index.html"))
    assert words in removed and "revision-removed" not in kept
    assert "Removed from the source" not in removed


def test_the_source_page_lists_its_revisions_and_their_cited_passages(site: Path) -> None:
    page = read(site, "sources/acme-post/index.html")
    section = page[
        page.index('id="revisions-h"') : page.index("</section>", page.index("revisions-h"))
    ]
    revisions = re.findall(r'<li class="revision revision-(\w+)">(.*?)</li>\n</ul>', section, re.S)
    assert [outcome for outcome, _ in revisions] == ["changed", "changed"]
    first, second = (body for _, body in revisions)
    assert '<time datetime="2026-10-01">' in first and '<time datetime="2026-11-15">' in second
    assert first.count("still there") == 2 and 'passage-state">removed' not in first
    assert re.search(
        rf'<li class="passage-removed passage-changed"><q lang="en">{REMOVED}</q> '
        r'<span class="passage-state">removed</span>',
        second,
    )
    gone = read(site, "sources/beta-review/index.html")
    assert 'class="outcome outcome-gone">Gone (HTTP 404 or 410)' in gone
    # A source never rechecked has no such section.
    assert "revisions-h" not in read(site, "sources/index.html")


def test_claims_json_says_whether_each_passage_is_in_the_latest_revision(site: Path) -> None:
    claims = {c["id"]: c for c in json.loads(read(site, "claims.json"))["claims"]}
    speed = claims["rocket-speed"]["evidence"]
    assert [(e["quote"], e["in_latest_revision"]) for e in speed] == [
        (REMOVED, False),
        (KEPT, True),
    ]
    assert speed[0]["text_fragment_url"] is None and speed[1]["text_fragment_url"]
    assert [e["in_latest_revision"] for e in claims["rocket-tested"]["evidence"]] == [False]


def test_sources_json_carries_the_revisions(site: Path) -> None:
    sources = {s["id"]: s for s in json.loads(read(site, "sources.json"))["sources"]}
    revisions = sources["acme-post"]["revisions"]
    assert [(r["retrieved"], r["outcome"]) for r in revisions] == [
        ("2026-10-01", "changed"),
        ("2026-11-15", "changed"),
    ]
    assert revisions[1]["cited_passages"] == [
        {"quote": KEPT, "present": True},
        {"quote": REMOVED, "present": False},
    ]
    (gone,) = sources["beta-review"]["revisions"]
    assert gone["outcome"] == "gone" and gone["sha256"] is None
    assert gone["cited_passages"] == [
        {"quote": "found it twice as fast as Rocket 1", "present": False}
    ]


def entries(site: Path, rel: str = "feed.xml") -> list[dict[str, Any]]:
    root = ET.fromstring((site / rel).read_bytes())
    found = []
    for entry in root.iter(f"{{{ATOM}}}entry"):
        category = entry.find(f"{{{ATOM}}}category")
        assert category is not None
        found.append(
            {
                "id": entry.findtext(f"{{{ATOM}}}id"),
                "updated": entry.findtext(f"{{{ATOM}}}updated"),
                "term": category.get("term"),
                "title": entry.findtext(f"{{{ATOM}}}title"),
                "summary": entry.findtext(f"{{{ATOM}}}summary"),
            }
        )
    return found


def test_the_feed_has_an_entry_for_each_revision_that_removed_a_cited_passage(site: Path) -> None:
    removed = [e for e in entries(site) if e["term"] == "revision"]
    assert [(e["id"], e["updated"]) for e in removed] == [
        (removal_entry_id("rocket-tested", "beta-review", 0), "2026-11-20T00:00:00Z"),
        (removal_entry_id("rocket-fuel", "acme-faq", 0), "2026-11-15T00:00:00Z"),
        (removal_entry_id("rocket-speed", "acme-post", 1), "2026-11-15T00:00:00Z"),
    ]
    assert "Between 1 October 2026 and 15 November 2026" in removed[2]["summary"]
    assert "was taken down" in removed[0]["summary"]
    # Newest first (the correction of 2026-11-20 is another claim's, rocket-announced),
    # before the status changes of September.
    assert [e["term"] for e in entries(site)][:3] == ["correction", "revision", "revision"]
    french = [e for e in entries(site, "fr/feed.xml") if e["term"] == "revision"]
    assert french[2]["id"] == removal_entry_id("rocket-speed", "acme-post", 1, "fr")
    assert "Un passage cité a disparu de sa source" in french[2]["title"]


def test_the_same_input_gives_the_same_feed(site: Path, tmp_path: Path) -> None:
    build(FIXTURES / "revisions", tmp_path / "again")
    for rel in ("feed.xml", "fr/feed.xml", "zh-hant/feed.xml"):
        assert (tmp_path / "again" / rel).read_bytes() == (site / rel).read_bytes()


def sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def add_revision(root: Path, day: str, text: str) -> list[str]:
    """acme-post rechecked once more, as `recheck --save` writes it; the paths it touched."""
    rel = f"sources/acme-post.revisions/{day}.txt"
    (root / rel).write_text(text, encoding="utf-8")
    record = root / "sources/acme-post.yaml"
    body = record.read_text(encoding="utf-8")
    entry = f"  - retrieved: {day}\n    outcome: changed\n    sha256: {sha(text)}\n"
    at = body.index("archive_public:")
    record.write_text(body[:at] + entry + body[at:], encoding="utf-8")
    return [rel, "sources/acme-post.yaml"]


def test_a_new_revision_makes_again_the_pages_it_shows_on(
    tracker: Callable[[str], Path], tmp_path: Path
) -> None:
    root = tracker("revisions")
    builder = SiteBuilder(root, tmp_path / "site", FIXTURE_TODAY)
    builder.build()
    before = files_of(tmp_path / "site")
    # The passage is back: the mark goes, the deep link comes back, the feed's entry goes.
    back = (root / "sources/acme-post.txt").read_text(encoding="utf-8")
    result = builder.build(add_revision(root, "2026-11-25", back))
    assert not result.full
    after = pages_of(tmp_path / "site")
    changed = {p for p in after if after[p] != before.get(p)}
    for prefix in ("", "fr/", "zh-hant/"):
        assert f"{prefix}claims/rocket-speed/index.html" in changed
        assert f"{prefix}sources/acme-post/index.html" in changed
        assert f"{prefix}feed.xml" in changed
        # A claim citing another source is not made again.
        assert f"{prefix}claims/rocket-tested/index.html" not in changed
    assert {"claims.json", "sources.json"} <= changed
    page = after["claims/rocket-speed/index.html"].decode()
    assert "revision-removed" not in page and page.count('class="deep-link"') == 2
    fresh = tmp_path / "fresh"
    build(root, fresh)
    assert pages_of(fresh) == after  # the same bytes as a full build


def test_a_moved_page_links_its_new_address(tracker: Callable[[str], Path], tmp_path: Path) -> None:
    root = tracker("revisions")
    text = "Acme announces the Rocket 2 engine. <It runs> & more.\n"
    rel = "sources/acme-post.revisions/2026-11-25.txt"
    (root / rel).write_text(text, encoding="utf-8")
    record = root / "sources/acme-post.yaml"
    body = record.read_text(encoding="utf-8")
    url = "https://acme.example/news/rocket-2?from=<old>&x=1"
    entry = (
        f"  - retrieved: 2026-11-25\n    outcome: moved\n    sha256: {sha(text)}\n"
        f"    url: {json.dumps(url)}\n"
    )
    at = body.index("archive_public:")
    record.write_text(body[:at] + entry + body[at:], encoding="utf-8")
    build(root, tmp_path / "site")
    page = read(tmp_path / "site", "sources/acme-post/index.html")
    # Escaped as every value from the records is: the address is the record's text.
    escaped = "https://acme.example/news/rocket-2?from=&lt;old&gt;&amp;x=1"
    assert (
        '<span class="outcome outcome-moved">Moved</span> to <a class="external" '
        f'href="{escaped}" rel="external noopener noreferrer">{escaped}</a>'
    ) in page
    assert "<old>" not in page


def same_day(root: Path) -> Path:
    """The revisions fixture with each passage last seen the day it was found gone: acme-post
    archived on 2026-11-15, the day of the revision without "up to 3x faster" (acme-faq
    too, the day of the revision without its fuel figure); beta-review archived on
    2026-11-20, the day it answered 404."""
    acme = root / "sources/acme-post.yaml"
    text = acme.read_text(encoding="utf-8").replace(
        "  retrieved: 2026-09-01\n", "  retrieved: 2026-11-15\n"
    )
    first = text.index("  - retrieved: 2026-10-01\n")
    text = text[:first] + text[text.index("  - retrieved: 2026-11-15\n") :]
    acme.write_text(text, encoding="utf-8")
    (root / "sources/acme-post.revisions/2026-10-01.txt").unlink()
    (root / "claims/rocket-ships.yaml").unlink()  # it cites the revision of 2026-10-01
    faq = root / "sources/acme-faq.yaml"
    faq.write_text(
        faq.read_text(encoding="utf-8").replace(
            "  retrieved: 2026-09-01\n", "  retrieved: 2026-11-15\n"
        ),
        encoding="utf-8",
    )
    beta = root / "sources/beta-review.yaml"
    beta.write_text(
        beta.read_text(encoding="utf-8").replace(
            "  retrieved: 2026-09-01\n", "  retrieved: 2026-11-20\n"
        ),
        encoding="utf-8",
    )
    return root


@pytest.mark.parametrize(
    ("prefix", "removed", "taken_down"),
    [
        (
            "",
            'Removed from the source on <time datetime="2026-11-15">15 November 2026</time>; '
            'the archived copy of <time datetime="2026-11-15">15 November 2026</time> still has it.',
            'The source&#39;s page was taken down on <time datetime="2026-11-20">20 November '
            "2026</time>; the archived copy of",
        ),
        (
            "fr/",
            'Supprimé de la source le <time datetime="2026-11-15">15 novembre 2026</time> ;',
            'La page de la source a été retirée le <time datetime="2026-11-20">',
        ),
        (
            "zh-hant/",
            '已於<time datetime="2026-11-15">2026年11月15日</time>從來源移除；',
            '來源的網頁於<time datetime="2026-11-20">2026年11月20日</time>被撤下；',
        ),
    ],
    ids=["en", "fr", "zh-Hant"],
)
def test_a_passage_gone_the_day_it_was_last_seen_is_said_on_that_day(
    tracker: Callable[[str], Path], tmp_path: Path, prefix: str, removed: str, taken_down: str
) -> None:
    """Not "between 15 November 2026 and 15 November 2026", in any language."""
    build(same_day(tracker("revisions")), tmp_path / "site")
    gone, _ = evidence_items(read(tmp_path / "site", f"{prefix}claims/rocket-speed/index.html"))
    (down,) = evidence_items(read(tmp_path / "site", f"{prefix}claims/rocket-tested/index.html"))
    assert removed in gone and taken_down in down
    summaries = [e["summary"] for e in entries(tmp_path / "site", f"{prefix}feed.xml")]
    assert not any(
        "2026 and 15 November 2026" in s or "20 November 2026 and" in s for s in summaries
    )
    if not prefix:
        assert any(
            s.startswith(
                "On 15 November 2026, the source “Acme announces Rocket 2” removed or changed "
                "what this claim quotes from it; the archived copy of 15 November 2026 still "
                "has it."
            )
            for s in summaries
        )
        assert any(
            s.startswith("The source “Rocket 2 tested” was taken down on 20 November")
            for s in summaries
        )


def test_review_says_the_day_a_passage_went_when_it_is_one_day(
    tracker: Callable[[str], Path], run_cli: Callable[..., Any]
) -> None:
    root = same_day(tracker("revisions"))
    result = run_cli("review", "--root", root, "--today", FIXTURE_TODAY.isoformat())
    assert "the passage was removed on 2026-11-15 (the archived copy of 2026-11-15" in result.out
    assert "the page was taken down on 2026-11-20" in result.out
    assert "between 2026-11-15 and 2026-11-15" not in result.out
