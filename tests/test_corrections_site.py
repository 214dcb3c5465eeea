"""What readers see of corrections (issue 26 §3): the claim page's "Corrected on DATE"
mark, the corrections page of each language (newest first, linked from every footer),
the feed's entry, claims.json's ``corrections`` and its schema; and a correction made
after a build reaching the same pages as a build from nothing.

Corrections are made as an editor makes them, with `claimtrack correct`; the three
languages are those of tests/fixtures/revisions (rocket-announced, corrected there)."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import jsonschema
import pytest

from claimtrack.site import SiteBuilder
from claimtrack.site.data.feeds import ATOM, entry_id
from claimtrack.site.data.schema import claims_schema

from .conftest import FIXTURES, TODAY, Result, SiteOf
from .site_support import FIXTURE_TODAY, build, pages_of

Run = Callable[..., Result]

SPEED = "claims/rocket-speed.yaml"
STATEMENT = "Rocket 2 runs up to 3x faster than Rocket 1."
NEW_STATEMENT = "Rocket 2 runs up to 3x faster than Rocket 1 on one benchmark."
NOTE = "The announcement says it of one benchmark only."


def _edit(root: Path, old: str, new: str, rel: str = SPEED) -> None:
    path = root / rel
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _correct(run_cli: Run, root: Path, *args: str) -> None:
    done = run_cli("correct", *args, "--root", root, "--today", TODAY)
    assert done.code == 0, done.output


def _corrected(run_cli: Run, root: Path) -> None:
    """rocket-speed's statement corrected on 2026-11-20, as an editor does it."""
    _correct(run_cli, root, "--stamp")
    _edit(root, STATEMENT, NEW_STATEMENT)
    _correct(
        run_cli, root, "rocket-speed", "--note", NOTE, "--date", "2026-11-20",
        "--was", f"statement={STATEMENT}",
    )  # fmt: skip


def _read(site: Path, rel: str) -> str:
    return (site / rel).read_text(encoding="utf-8")


def _main(page: str) -> str:
    return page[page.index('<main id="main"') : page.index("</main>")]


@pytest.fixture
def corrected_site(run_cli: Run, tracker: Callable[[str], Path], tmp_path: Path) -> Path:
    root = tracker("minimal")
    _corrected(run_cli, root)
    out = tmp_path / "site"
    build(root, out)
    return out


def test_the_claim_page_says_corrected_on_date_with_the_note_and_the_previous_wording(
    corrected_site: Path,
) -> None:
    page = _read(corrected_site, "claims/rocket-speed/index.html")
    mark = re.search(r'<div class="correction" role="note">.*?</div>\n</div>', page, re.S)
    assert mark is not None
    assert mark.group(0) == (
        '<div class="correction" role="note">\n<p class="correction-head"><strong>Corrected on '
        '<time datetime="2026-11-20">20 November 2026</time></strong></p>\n'
        f'<p class="correction-note">{NOTE}</p>\n'
        # A visible label says what the struck-through text is: not the line alone.
        '<p class="correction-before">What it said before:</p>\n'
        '<dl class="correction-changes">\n'
        f"<div><dt>Statement</dt><dd><del>{STATEMENT}</del></dd></div>\n</dl>\n</div>\n</div>"
    )
    # Above "Why this status", and the statement shown is the corrected one.
    assert page.index('class="correction"') < page.index('id="why-h"')
    assert NEW_STATEMENT in page
    # The timeline says Correction where a status change shows its status.
    assert (
        '<time datetime="2026-11-20">20 November 2026</time> '
        '<span class="correction-tag">Correction</span>'
    ) in page


def test_a_quantity_corrected_is_said_by_the_parts_that_changed(
    run_cli: Run, tracker: Callable[[str], Path], tmp_path: Path
) -> None:
    root = tracker("minimal")
    _correct(run_cli, root, "--stamp")
    _edit(root, "  value: 3\n", "  value: 2.5\n")
    _edit(root, "up to 3x faster than Rocket 1.", "up to 2.5x faster than Rocket 1.")
    was = "{value: 3, unit: x, bound: up-to, metric: speed, baseline: Rocket 1, conditions: ''}"
    _correct(
        run_cli, root, "rocket-speed", "--note", "The figure is 2.5x.",
        "--was", f"statement={STATEMENT}", "--was", f"quantity={was}",
    )  # fmt: skip
    out = tmp_path / "site"
    build(root, out)
    page = _read(out, "claims/rocket-speed/index.html")
    # The figure only (the metric, baseline and tolerance are unchanged), in words.
    assert "<div><dt>Figure</dt><dd><del>up to 3x</del></dd></div>\n" in page
    assert "<dt>Metric</dt>" not in page.split('class="correction"')[1].split("</dl>")[0]


def test_the_corrections_page_lists_every_correction_newest_first(
    run_cli: Run, tracker: Callable[[str], Path], tmp_path: Path
) -> None:
    root = tracker("minimal")
    _corrected(run_cli, root)  # rocket-speed, 2026-11-20
    old = "The announcement gives no price."
    _edit(root, old, "The announcement gives no price, nor a date.", "claims/rocket-price.yaml")
    _correct(
        run_cli, root, "rocket-price", "--note", "It gives no date either.",
        "--date", "2026-11-25", "--was", f"rationale={old}",
    )  # fmt: skip
    out = tmp_path / "site"
    build(root, out)
    main = _main(_read(out, "corrections/index.html"))
    items = re.findall(r'<li class="correction-item">.*?</li>', main, re.S)
    assert [re.findall(r'datetime="([^"]+)"', item)[0] for item in items] == [
        "2026-11-25",
        "2026-11-20",
    ]
    # Each with its claim, linked, as it reads now, and what it said before.
    assert '<a class="statement" href="../claims/rocket-price/index.html">' in items[0]
    assert f"<del>{old}</del>" in items[0] and "<dt>Rationale</dt>" in items[0]
    assert f">{NEW_STATEMENT}</a>" in items[1] and f"<del>{STATEMENT}</del>" in items[1]


def test_every_page_links_to_the_corrections_page(corrected_site: Path) -> None:
    """Every page with the site's footer: a claim's embeddable card has none."""
    pages = {
        p: data
        for p, data in pages_of(corrected_site).items()
        if p.endswith(".html") and "/embed/" not in p
    }
    assert len(pages) > 10
    for rel, data in pages.items():
        depth = rel.count("/")
        href = "../" * depth + "corrections/index.html"
        assert f'<a href="{href}">Corrections</a>'.encode() in data, rel


def test_a_site_without_corrections_says_so(tmp_path: Path) -> None:
    out = tmp_path / "site"
    build(FIXTURES / "minimal", out)
    main = _main(_read(out, "corrections/index.html"))
    assert "<h1>Corrections</h1>" in main
    assert "<p>No claim has been corrected.</p>" in main
    assert "correction-item" not in main


def test_the_feed_has_an_entry_for_the_correction(corrected_site: Path) -> None:
    feed = ET.parse(corrected_site / "feed.xml").getroot()
    entries = feed.findall(f"{{{ATOM}}}entry")
    first = entries[0]  # the newest
    category = first.find(f"{{{ATOM}}}category")
    assert category is not None
    assert (category.get("term"), category.get("label")) == ("correction", "Correction")
    assert first.findtext(f"{{{ATOM}}}title") == f"Corrected: {NEW_STATEMENT}"
    assert first.findtext(f"{{{ATOM}}}summary") == f"What was corrected: Statement. {NOTE}"
    assert first.findtext(f"{{{ATOM}}}id") == entry_id("rocket-speed", 1)
    assert first.findtext(f"{{{ATOM}}}updated") == "2026-11-20T00:00:00Z"


def test_claims_json_gives_the_corrections_without_the_fingerprints(
    corrected_site: Path,
) -> None:
    data = json.loads(_read(corrected_site, "claims.json"))
    assert data["schema_version"] == 5
    jsonschema.Draft202012Validator(claims_schema()).validate(data)
    claims = {c["id"]: c for c in data["claims"]}
    assert claims["rocket-price"]["corrections"] == []
    speed = claims["rocket-speed"]
    assert speed["corrections"] == [
        {
            "date": "2026-11-20",
            "history_index": 1,
            "note": NOTE,
            "fields": ["statement"],
            "was": {"statement": STATEMENT},
        }
    ]
    # The history keeps the shape it had: read (the tool's) and was (above) left out.
    assert all(set(entry) == {"date", "status", "note", "evidence"} for entry in speed["history"])


def test_the_schema_refuses_a_correction_without_a_field() -> None:
    schema = claims_schema()
    corrections = schema["properties"]["claims"]["items"]["properties"]["corrections"]
    # The array's schema with the document's $defs (a claimant's, a quantity's).
    validator = jsonschema.Draft202012Validator({"$defs": schema["$defs"], **corrections})
    good = {
        "date": "2026-11-20",
        "history_index": 1,
        "note": "n",
        "fields": ["statement"],
        "was": {"statement": "s"},
    }
    assert validator.is_valid([good])
    assert not validator.is_valid([{**good, "fields": []}])
    assert not validator.is_valid([{**good, "was": {"figure": "s"}}])
    assert not validator.is_valid([{**good, "was": {"claimant": {"role": "x"}}}])


@pytest.mark.parametrize(
    ("prefix", "head", "before", "label"),
    [
        ("", "Corrected on", "What it said before:", "Statement"),
        ("fr/", "Corrigé le", "Ce qu’elle disait avant\u00a0:", "Énoncé"),
        ("zh-hant/", "更正日期：", "修改前的內容：", "說法內容"),
    ],
)
def test_every_language_says_it_in_its_words_and_the_previous_wording_in_its_own(
    prefix: str, head: str, before: str, label: str, site_of: SiteOf
) -> None:
    out = site_of(FIXTURES / "revisions", FIXTURE_TODAY)
    page = _read(out, f"{prefix}claims/rocket-announced/index.html")
    assert f'<p class="correction-head"><strong>{head}' in page
    assert f'<p class="correction-before">{before}</p>' in page
    # The previous wording stays in the records' language, and says so off English pages.
    own = "" if not prefix else ' lang="en"'
    assert (
        f"<div><dt>{label}</dt><dd><del{own}>Acme has launched an engine named Rocket 2.</del>"
    ) in page
    listing = _read(out, f"{prefix}corrections/index.html")
    assert listing.count('<li class="correction-item">') == 1
    assert 'href="../claims/rocket-announced/index.html"' in listing
    feed = ET.parse(out / prefix / "feed.xml").getroot()
    terms = [c.get("term") for c in feed.iter(f"{{{ATOM}}}category")]
    assert terms.count("correction") == 1


def test_a_correction_after_a_build_gives_the_pages_a_cold_build_gives(
    run_cli: Run, tracker: Callable[[str], Path], tmp_path: Path
) -> None:
    root = tracker("minimal")
    _correct(run_cli, root, "--stamp")
    warm = SiteBuilder(root, tmp_path / "warm", FIXTURE_TODAY)
    warm.build()
    _edit(root, STATEMENT, NEW_STATEMENT)
    _correct(run_cli, root, "rocket-speed", "--note", NOTE, "--was", f"statement={STATEMENT}")
    result = warm.build()
    assert not result.full
    build(root, tmp_path / "cold")
    warm_pages, cold_pages = pages_of(tmp_path / "warm"), pages_of(tmp_path / "cold")
    assert sorted(warm_pages) == sorted(cold_pages)
    assert [p for p in sorted(cold_pages) if warm_pages[p] != cold_pages[p]] == []
    assert NOTE.encode() in warm_pages["corrections/index.html"]
