"""The archived copy as a page (issue 10 item 3): built only when the record allows it,
every cited passage marked with an id, links both ways, and no full text otherwise."""

from __future__ import annotations

import hashlib
import json
import re
from html.parser import HTMLParser
from pathlib import Path

from claimtrack.site import SiteBuilder
from claimtrack.site.model.archive import CitedPassage, paragraph_spans, segments

from .site_support import FIXTURE_TODAY, build, minimal_copy, pages_of, parse

ARCHIVE = "sources/acme-post/archive/index.html"
VOID = {"meta", "link", "br", "img", "input", "hr", "wbr", "source"}


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def set_archive(root: Path, sid: str, text: str) -> None:
    """Replace a source's archived text, keeping its snapshot's sha256 true."""
    txt = root / "sources" / f"{sid}.txt"
    old = hashlib.sha256(txt.read_bytes()).hexdigest()
    txt.write_text(text, encoding="utf-8")
    edit(root / "sources" / f"{sid}.yaml", old, hashlib.sha256(text.encode()).hexdigest())


class Nesting(HTMLParser):
    """Fails on any end tag that does not close the element opened last."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.stack and self.stack[-1] == tag, f"</{tag}> closes {self.stack[-1:]}"
        self.stack.pop()


def well_nested(html: str) -> None:
    checker = Nesting()
    checker.feed(html)
    checker.close()
    assert checker.stack == []


def test_overlapping_and_nested_passages_become_segments_marked_with_every_claim() -> None:
    text = "Alpha beta gamma.\nDelta epsilon.\n\n  \nZeta eta theta.\n"
    assert paragraph_spans(text) == [(0, 32), (37, 52)]
    passages = [
        CitedPassage(6, 16, "a"),  # "beta gamma"
        CitedPassage(11, 22, "b"),  # "gamma.\nDelt": overlaps a's end
        CitedPassage(11, 16, "c"),  # "gamma": nested in both
        CitedPassage(38, 50, "a"),
    ]
    first, second = segments(text, passages, {"a": 1, "b": 2, "c": 3})
    assert [(s.text, s.cited_by, s.anchors, s.notes) for s in first] == [
        ("Alpha ", (), (), ()),
        ("beta ", (1,), ("passage-6",), ()),
        ("gamma", (1, 2, 3), ("passage-11",), (1, 3)),
        (".\nDelt", (2,), (), (2,)),
        ("a epsilon.", (), (), ()),
    ]
    assert [(s.text, s.cited_by) for s in second] == [
        ("Z", ()),
        ("eta eta thet", (1,)),
        ("a.", ()),
    ]
    # The pieces are the text: nothing lost but the blank lines between paragraphs.
    assert "".join(s.text for s in first) == text[0:32]


def test_the_archive_page_marks_every_cited_passage_and_links_both_ways(tmp_path: Path) -> None:
    root = minimal_copy(tmp_path)
    out = tmp_path / "site"
    build(root, out)
    html = (out / ARCHIVE).read_text(encoding="utf-8")
    well_nested(html[html.index("<main") : html.index("</main>") + 7])
    page = parse(out / ARCHIVE)
    text = (root / "sources/acme-post.txt").read_text(encoding="utf-8")
    for quote, claim in (
        ("It runs up to 3x faster than Rocket 1", "rocket-speed"),
        ("The price was not announced.", "rocket-price"),
    ):
        anchor = f"passage-{text.index(quote)}"
        assert f'<mark id="{anchor}" class="passage">{quote}</mark>' in html
        assert anchor in page.ids
        # The mark is followed by a link to the claim, whose page links back to the mark.
        after = html[html.index(f'id="{anchor}"') :]
        assert after.index(f"../../../claims/{claim}/index.html") < after.index("</p>")
        claim_page = parse(out / "claims" / claim / "index.html")
        assert f"../../sources/acme-post/archive/index.html#{anchor}" in claim_page.hrefs()
    assert '<div class="archive-text" lang="en">' in html
    assert (
        "../../sources/acme-post/archive/index.html"
        in parse(out / "sources/acme-post/index.html").hrefs()
    )
    # fr-report keeps archive_public false: no page, and no link to one.
    assert not (out / "sources/fr-report/archive").exists()
    assert "archive/" not in (out / "sources/fr-report/index.html").read_text(encoding="utf-8")
    speed = (out / "claims/rocket-speed/index.html").read_text(encoding="utf-8")
    assert "fr-report/archive" not in speed
    sources = {s["id"]: s for s in json.loads((out / "sources.json").read_bytes())["sources"]}
    assert sources["acme-post"]["archive_public"] is True
    assert sources["acme-post"]["archive_page"] == ARCHIVE
    assert sources["fr-report"]["archive_public"] is False
    assert sources["fr-report"]["archive_page"] is None


def test_overlapping_quotes_give_well_nested_html_and_escaped_text(tmp_path: Path) -> None:
    root = minimal_copy(tmp_path)
    set_archive(
        root,
        "acme-post",
        "Acme <b>announces</b> the Rocket 2 engine & more.\n\n"
        "It runs up to 3x faster than Rocket 1, says Acme. The price was not announced.\n",
    )
    # rocket-price now quotes words that overlap rocket-speed's quote.
    edit(root / "claims/rocket-price.yaml", "The price was not announced.", "Rocket 1, says Acme")
    out = tmp_path / "site"
    build(root, out)
    html = (out / ARCHIVE).read_text(encoding="utf-8")
    main = html[html.index("<main") : html.index("</main>") + 7]
    well_nested(main)
    assert "Acme &lt;b&gt;announces&lt;/b&gt; the Rocket 2 engine &amp; more." in main
    assert "<b>" not in main
    text = (root / "sources/acme-post.txt").read_text(encoding="utf-8")
    overlap = f"passage-{text.index('Rocket 1,')}"
    assert f'<mark id="{overlap}" class="passage passage-many">Rocket 1</mark>' in main
    assert '<mark class="passage">, says Acme</mark>' in main
    assert main.count("<p>") >= 2  # paragraphs kept


def test_without_archive_public_the_full_text_is_published_nowhere(tmp_path: Path) -> None:
    root = minimal_copy(tmp_path)
    secret = "Nobody quotes this sentence about the blue paint."
    set_archive(
        root,
        "fr-report",
        "Acme dit que Rocket 2 est « jusqu'à 3 fois plus rapide » que Rocket 1. "
        "La phrase suivante reste dans le contexte. Une autre aussi. " + secret + "\n",
    )
    out = tmp_path / "site"
    build(root, out)
    assert not (out / "sources/fr-report/archive").exists()
    # The sentences around the quote are shown on the claim page; the rest is not.
    assert "La phrase suivante" in (out / "claims/rocket-speed/index.html").read_text("utf-8")
    leaks = [p for p, data in pages_of(out).items() if secret.encode() in data]
    assert leaks == []


def test_an_edited_quote_moves_its_mark_and_archive_public_false_removes_the_page(
    tmp_path: Path,
) -> None:
    root = minimal_copy(tmp_path)
    site = SiteBuilder(root, tmp_path / "site", FIXTURE_TODAY)
    site.build()
    out = tmp_path / "site"
    before = pages_of(out)
    edit(root / "claims/rocket-price.yaml", "The price was not announced.", "The price was not")
    result = site.build()
    after = pages_of(out)
    changed = sorted(p for p in after if after[p] != before.get(p))
    # The source's coverage moves too: the sentence is now partly cited (sources.json).
    assert changed == [
        "claims.json",
        "claims/rocket-price/index.html",
        "sources.json",
        ARCHIVE,
    ]
    # The source page too (its coverage view changed), though its bytes did not.
    assert result.rendered == 3
    assert b'class="passage">The price was not</mark>' in after[ARCHIVE]
    # The record no longer allows the page: it goes, and so do the links to it.
    edit(root / "sources/acme-post.yaml", "archive_public: true", "archive_public: false")
    site.build()
    after = pages_of(out)
    assert ARCHIVE not in after
    assert not (out / "sources/acme-post/archive").exists()
    assert b"archive/index.html" not in after["claims/rocket-speed/index.html"]
    assert b"archive/index.html" not in after["sources/acme-post/index.html"]
    assert b'"archive_page":null' in after["sources.json"]
    fresh = tmp_path / "fresh"
    build(root, fresh)
    assert pages_of(fresh) == after  # the same bytes as a full build
    edit(root / "sources/acme-post.yaml", "archive_public: false", "archive_public: true")
    site.build()
    assert (out / ARCHIVE).is_file()


def test_archive_ids_do_not_move_when_another_quote_is_added(tmp_path: Path) -> None:
    root = minimal_copy(tmp_path)
    out = tmp_path / "site"
    build(root, out)
    ids_before = {i for i in parse(out / ARCHIVE).ids if i.startswith("passage-")}
    edit(
        root / "claims/rocket-price.yaml",
        "    quote: The price was not announced.",
        "    quote: The price was not announced.\n  - source: acme-post\n"
        "    quote: Acme announces the Rocket 2 engine.",
    )
    build(root, out)
    ids_after = {i for i in parse(out / ARCHIVE).ids if i.startswith("passage-")}
    assert ids_after == ids_before | {"passage-0"}
    assert re.search(r'<mark id="passage-0" class="passage">', (out / ARCHIVE).read_text("utf-8"))


def test_with_a_base_url_the_archive_page_is_in_the_sitemap_and_sources_json(
    tmp_path: Path,
) -> None:
    root = minimal_copy(tmp_path)
    with (root / "tracker.yaml").open("a", encoding="utf-8") as handle:
        handle.write("base_url: https://example.org/t/\n")
    out = tmp_path / "site"
    build(root, out)
    sitemap = (out / "sitemap.xml").read_text(encoding="utf-8")
    assert "<loc>https://example.org/t/sources/acme-post/archive/</loc>" in sitemap
    assert "fr-report/archive" not in sitemap
    sources = {s["id"]: s for s in json.loads((out / "sources.json").read_bytes())["sources"]}
    assert (
        sources["acme-post"]["archive_site_url"]
        == "https://example.org/t/sources/acme-post/archive/"
    )
    assert "archive_site_url" not in sources["fr-report"]
    canonical = '<link rel="canonical" href="https://example.org/t/sources/acme-post/archive/">'
    assert canonical in (out / ARCHIVE).read_text(encoding="utf-8")
