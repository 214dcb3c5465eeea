"""The built site's structure, for the repository's data and the minimal fixture.

The repository's records are still being written; these tests assume only that
they pass `claimtrack check`, and read every expectation from the records.
"""

from __future__ import annotations

import datetime as dt
import posixpath
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from claimtrack.check import run_checks
from claimtrack.check.analysis import Analysis
from claimtrack.load import load_tracker
from claimtrack.records import OMISSION_STATUSES, STATUS_MEANINGS, Status
from claimtrack.site import addresses, build_site

from .conftest import FIXTURES, REPO, TODAY, Result, SiteOf
from .site_support import parse

TRACKERS = {"minimal": (FIXTURES / "minimal", dt.date.fromisoformat(TODAY)), "repo": (REPO, None)}


@dataclass
class Built:
    root: Path
    out: Path
    analysis: Analysis


@pytest.fixture(scope="module", params=sorted(TRACKERS))
def built(request: pytest.FixtureRequest, site_of: SiteOf) -> Built:
    root, today = TRACKERS[request.param]
    out = site_of(root, today)
    analysis, _ = run_checks(load_tracker(root), today or dt.date.today())
    return Built(root, out, analysis)


def html_files(out: Path) -> list[Path]:
    return sorted(out.rglob("*.html"))


def test_every_page_exists(built: Built) -> None:
    out, tracker = built.out, built.analysis.tracker
    expected = {
        "index.html",
        "404.html",
        "sources/index.html",
        "claims.json",
        "sources.json",
        "claims.schema.json",
        "sources.schema.json",
        "feed.xml",
        "static/style.css",
        "static/filters.js",
        "static/favicon.svg",
        "static/search.js",
        "search/index.html",
        "corrections/index.html",  # every site has one, empty or not: every footer links it
        # Search shard 0's Pagefind (a claim of each of these trackers is in shard 0).
        "pagefind/0/pagefind.js",
    }
    expected |= {f"claims/{cid}/index.html" for cid in tracker.claims}
    expected |= {f"claims/{cid}/embed/index.html" for cid in tracker.claims}  # its card
    expected |= {f"sources/{sid}/index.html" for sid in tracker.sources}
    # The whole archived text only where the record allows it and the text exists.
    expected |= {
        f"sources/{sid}/archive/index.html"
        for sid, source in tracker.sources.items()
        if source.record.archive_public and sid in tracker.archives
    }
    # The listings, each one page here (under 100 claims), and a page of each family.
    records = [loaded.record for loaded in tracker.claims.values()]
    slugs = addresses.slugs(c.claimant.name for c in records)
    expected |= {f"{family}/index.html" for family in addresses.LISTING_FAMILIES}
    for c in records:
        expected.add(f"status/{c.status.value}/index.html")
        expected.add(f"kinds/{c.kind.value}/index.html")
        expected |= {f"topics/{t}/index.html" for t in c.topics}
        expected.add(f"claimants/{slugs[c.claimant.name]}/index.html")
    # Every page in every site language, under its prefix; the data files once, at the root.
    settings = tracker.settings
    prefixes = [addresses.language_prefix(t, settings.language) for t in settings.site_languages]
    once = {"claims.json", "sources.json", "claims.schema.json", "sources.schema.json"}
    pages_and_feeds = {p for p in expected if p.endswith((".html", "feed.xml"))}
    expected |= {prefix + p for prefix in prefixes for p in pages_and_feeds}
    assert not [
        prefix + f for prefix in prefixes if prefix for f in once if (out / prefix / f).exists()
    ]
    missing = sorted(p for p in expected if not (out / p).is_file())
    assert not missing
    pages = {p.relative_to(out).as_posix() for p in html_files(out)}
    assert pages == {p for p in expected if p.endswith(".html")}
    # No base_url in either tracker: no sitemap, which would need absolute addresses.
    assert tracker.settings.base_url is None
    assert not (out / "sitemap.xml").exists()


def test_index_is_an_overview_with_the_omissions(built: Built) -> None:
    tracker = built.analysis.tracker
    html = (built.out / "index.html").read_text(encoding="utf-8")
    page = parse(built.out / "index.html")
    links = page.hrefs()
    omissions = html.partition('id="latest"')[0]
    omissions = omissions.partition('id="omissions-h"')[2]
    for cid, loaded in tracker.claims.items():
        claim = loaded.record
        in_omissions = f'href="claims/{cid}/index.html"' in omissions
        assert in_omissions == (claim.status in OMISSION_STATUSES), cid
    for status in {loaded.record.status for loaded in tracker.claims.values()}:
        assert f"status/{status.value}/index.html" in links
    assert "claims/index.html" in links and "topics/index.html" in links
    # Every claim is one link away, on the listing of all claims.
    listed = parse(built.out / "claims" / "index.html").hrefs()
    for cid in tracker.claims:
        assert f"../claims/{cid}/index.html" in listed, cid
    assert page.lang == tracker.settings.language
    assert "What was not disclosed" in page.text


def test_claim_pages_show_status_evidence_and_checks(built: Built) -> None:
    a = built.analysis
    for cid, loaded in a.tracker.claims.items():
        claim = loaded.record
        page = parse(built.out / "claims" / cid / "index.html")
        text = " ".join(page.text.split())
        assert " ".join(claim.statement.split()) in text
        assert STATUS_MEANINGS[claim.status] in text
        assert " ".join(claim.rationale.split()) in text
        links = page.hrefs()
        for sid in a.claim_sources(cid):
            assert f"../../sources/{sid}/index.html" in links, (cid, sid)
        quotes = [attrs for tag, attrs in page.tags if tag == "blockquote"]
        for ev in claim.evidence:
            language = a.tracker.sources[ev.source].record.language
            assert {"lang": language} in quotes, (cid, ev.source)
            assert " ".join(ev.quote.split()) in text
            if ev.translation:
                assert " ".join(ev.translation.split()) in text
        checks = a.quote_checks[cid]
        if any(c.value == "found" for c in checks):
            assert "Found in the archived copy" in text
        if any(c.value == "unchecked" for c in checks):
            assert "Not checked: no archived copy" in text
        origins = len(a.claim_origins(cid))
        assert f"{origins} independent origin{'s' if origins != 1 else ''}, reported by" in text
        for entry in claim.history:
            assert f'datetime="{entry.date.isoformat()}"' in (
                built.out / "claims" / cid / "index.html"
            ).read_text(encoding="utf-8")
        if claim.quantity is not None and not claim.quantity.conditions:
            assert "not stated" in text
        for other in claim.related:
            assert f"../../claims/{other}/index.html" in links


def test_an_omission_page_says_who_noted_it_others_who_claim(built: Built) -> None:
    """An omission's claimant pointed out the gap (the silent party is in the statement):
    its page says "noted by" in the kicker and the facts alike, never "Claimant"."""
    for cid, loaded in built.analysis.tracker.claims.items():
        claim = loaded.record
        text = " ".join(parse(built.out / "claims" / cid / "index.html").text.split())
        name = claim.claimant.name  # shown with the role and organisation, if any
        if claim.kind.value == "omission":
            assert f"Omission · noted by {name}" in text, cid
            assert f"Noted by{name}" in text and "Claimant" not in text, cid
        else:
            assert f"· claimed by {name}" in text and f"Claimant{name}" in text, cid
            assert "Noted by" not in text, cid


def test_source_pages_list_every_citing_claim(built: Built) -> None:
    a = built.analysis
    index = parse(built.out / "sources" / "index.html").hrefs()
    for sid, loaded in a.tracker.sources.items():
        assert f"../sources/{sid}/index.html" in index
        page = parse(built.out / "sources" / sid / "index.html")
        links = page.hrefs()
        for cid in a.cited_by(sid):
            assert f"../../claims/{cid}/index.html" in links, (sid, cid)
        for cid in a.to_check_by(sid):
            assert f"../../claims/{cid}/index.html" in links, (sid, cid)
            claim_page = parse(built.out / "claims" / cid / "index.html")
            assert f"../../sources/{sid}/index.html" in claim_page.hrefs()
            assert "Still to read" in claim_page.text
        for parent in loaded.record.derived_from:
            assert f"../../sources/{parent}/index.html" in links
        for child in a.derived_by[sid]:
            assert f"../../sources/{child}/index.html" in links
        text = " ".join(page.text.split())
        source = loaded.record
        if source.publisher is None or source.published is None or source.url is None:
            assert "unknown" in text
        archive = a.tracker.archives.get(sid)
        if archive is not None:
            assert archive.sha256 in text
        else:
            assert "No: quotes from this source cannot be checked" in text


def test_links_are_relative_and_resolve(built: Built) -> None:
    """Every internal link is relative (works from any folder and file://) and lands on a file."""
    out = built.out
    source_urls = {loaded.record.url for loaded in built.analysis.tracker.sources.values()}
    for path in html_files(out):
        rel = path.relative_to(out).as_posix()
        page = parse(path)
        for tag, attr, value in page.links:
            parts = urlsplit(value)
            if parts.scheme:
                # Only a source's own address may point elsewhere, and only as a plain link.
                assert (tag, attr, parts.scheme) == ("a", "href", parts.scheme), (rel, value)
                assert parts.scheme in ("http", "https") and value in source_urls, (rel, value)
                continue
            assert not value.startswith("/"), (rel, value)
            if not parts.path:
                target = rel
            else:
                target = posixpath.normpath(posixpath.join(posixpath.dirname(rel), parts.path))
            assert not target.startswith(".."), (rel, value)
            assert (out / target).is_file(), (rel, value)
            if parts.fragment and target.endswith(".html"):
                assert parts.fragment in parse(out / target).ids, (rel, value)


def test_no_request_to_another_host(built: Built) -> None:
    for path in html_files(built.out):
        page = parse(path)
        for tag, _attr, value in page.links:
            if tag != "a":
                assert not urlsplit(value).scheme and not value.startswith("//"), (path, value)
    css = (built.out / "static" / "style.css").read_text(encoding="utf-8")
    assert "@import" not in css and "url(" not in css


def test_cli_builds_into_root_site_by_default(
    tracker: Callable[[str], Path], run_cli: Callable[..., Result]
) -> None:
    root = tracker("minimal")
    result = run_cli("build", "--root", root, "--today", TODAY)
    assert result.code == 0, result.output
    assert (root / "site" / "index.html").is_file()
    # 10 (with the archive, search and corrections pages), 2 embeddable cards, 12 listing pages
    assert "24 pages" in result.out
    assert (root / "site" / "index.html").resolve().as_uri() in result.out


def test_cli_warnings_do_not_fail_the_build(
    tracker: Callable[[str], Path], run_cli: Callable[..., Result]
) -> None:
    root = tracker("minimal")
    (root / "sources" / "fr-report.txt").unlink()  # quotes unchecked: a warning, not an error
    text = (root / "sources" / "fr-report.yaml").read_text(encoding="utf-8")
    (root / "sources" / "fr-report.yaml").write_text(text.split("snapshot:")[0], encoding="utf-8")
    result = run_cli("build", "--root", root, "--today", TODAY)
    assert result.code == 0, result.output
    assert "quote-unchecked" in result.err
    page = (root / "site" / "claims" / "rocket-speed" / "index.html").read_text(encoding="utf-8")
    assert "Not checked: no archived copy" in page


def test_stale_claims_are_marked(tracker: Callable[[str], Path]) -> None:
    root = tracker("minimal")
    build_site(root, root / "site", today=dt.date(2027, 7, 1))
    page = (root / "site" / "claims" / "rocket-price" / "index.html").read_text(encoding="utf-8")
    assert "Review overdue" in page
    assert "review overdue" in (root / "site" / "index.html").read_text(encoding="utf-8")


def test_statuses_have_text_not_only_colour(built: Built) -> None:
    html = (built.out / "index.html").read_text(encoding="utf-8")
    for status in {loaded.record.status for loaded in built.analysis.tracker.claims.values()}:
        label = Status(status).value.capitalize()
        assert f'<span class="badge badge-{status.value}">{label}</span>' in html


def test_an_exact_bound_is_said_once(tracker: Callable[[str], Path], tmp_path: Path) -> None:
    """The bound and its meaning: "exact (the figure as stated)", not "exact (exact: ...)"."""
    root = tracker("minimal")
    path = root / "claims" / "rocket-speed.yaml"
    text = path.read_text(encoding="utf-8").replace("bound: up-to", "bound: exact")
    path.write_text(text.replace("2 runs up to 3x", "2 runs 3x"), encoding="utf-8")
    build_site(root, tmp_path / "site", today=dt.date.fromisoformat(TODAY))
    page = (tmp_path / "site" / "claims" / "rocket-speed" / "index.html").read_text("utf-8")
    assert "<dd>exact (the figure as stated)</dd>" in page
