"""Links: no broken internal link or anchor in the built site, in every language (a
checker over the files), and every hreflang alternate resolves, to its language and back."""

from __future__ import annotations

import posixpath
from html.parser import HTMLParser
from pathlib import Path

from linkcheck import check_site
from support import site_languages


def test_no_broken_internal_link_or_anchor(site_dir: Path) -> None:
    problems = check_site(site_dir)
    assert not problems, "broken internal links or anchors:\n" + "\n".join(problems)


def test_checker_finds_what_it_should(tmp_path: Path) -> None:
    """The checker itself: each kind of breakage is reported, good links are not."""
    (tmp_path / "claims" / "a").mkdir(parents=True)
    (tmp_path / "style.css").write_text("body { background: url(missing.png) }", "utf-8")
    (tmp_path / "claims" / "a" / "index.html").write_text(
        '<h1 id="top-heading">A</h1><a href="../../index.html#list">back</a>', "utf-8"
    )
    (tmp_path / "index.html").write_text(
        "\n".join(
            [
                '<link rel="stylesheet" href="style.css">',
                '<ul id="list"><li><a href="claims/a/index.html#top-heading">ok</a></ul>',
                '<a href="#list">ok</a> <a href="claims/a/">folder</a>',
                '<a href="https://example.org/x">external, not checked</a>',
                '<a href="claims/b/index.html">missing page</a>',
                '<a href="claims/a/index.html#nope">missing anchor</a>',
                '<a href="#gone">missing local anchor</a>',
                '<a href="/claims/a/index.html">root-relative</a>',
                '<a href="../outside.html">outside</a>',
                '<img src="logo.svg" alt="">',
            ]
        ),
        "utf-8",
    )
    problems = check_site(tmp_path)
    assert [p.split(": ", 1)[0] for p in problems] == [
        "index.html:3",
        "index.html:5",
        "index.html:6",
        "index.html:7",
        "index.html:8",
        "index.html:9",
        "index.html:10",
        "style.css:1",
    ], problems


class _Alternates(HTMLParser):
    """A page's ``<html lang>`` and the versions it names: its ``<link rel="alternate"
    hreflang>`` (written only with base_url, absolute) and its language switcher's
    ``<a hreflang>`` (always, relative), tag -> href.  The repository's tracker has no
    base_url, so here they are the switcher's; tests/test_site_languages.py checks the
    absolute ones."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lang = ""
        self.alternates: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "html":
            self.lang = values.get("lang") or ""
        elif values.get("hreflang") and (
            tag == "a" or (tag == "link" and values.get("rel") == "alternate")
        ):
            self.alternates[values["hreflang"] or ""] = values.get("href") or ""


def _alternates(site: Path, rel: str) -> _Alternates:
    parser = _Alternates()
    parser.feed((site / rel).read_text(encoding="utf-8"))
    return parser


def test_every_language_is_checked(site_dir: Path, html_pages: list[str]) -> None:
    """The checks over site_dir (links here, the Nu checker in test_html_valid) cover
    every language's pages: each language has its own 404, search and claim pages."""
    for tag, prefix in site_languages().items():
        for rel in ("404.html", "search/index.html", "claims/omission-price/index.html"):
            assert f"{prefix}{rel}" in html_pages, f"no {tag} page {prefix}{rel}"
            assert _alternates(site_dir, f"{prefix}{rel}").lang == tag


def test_every_language_version_resolves_to_that_language_and_back(
    site_dir: Path, html_pages: list[str]
) -> None:
    """Every version a page names (its switcher's links, its hreflang alternates with
    base_url) is an existing page in its language (x-default: the main one), and that
    page names this one back under this page's language."""
    main = next(iter(site_languages()))
    pages = {rel: _alternates(site_dir, rel) for rel in html_pages}
    problems, checked = [], 0
    for rel, page in pages.items():
        for tag, href in page.alternates.items():
            checked += 1
            target = posixpath.normpath(posixpath.join(posixpath.dirname(rel), href))
            other = pages.get(target)
            if other is None:
                problems.append(f"{rel}: hreflang {tag} -> {href}: no such page")
                continue
            if other.lang != (main if tag == "x-default" else tag):
                problems.append(f"{rel}: hreflang {tag} -> {target}, a page in {other.lang}")
            back = other.alternates.get(page.lang)
            if tag != "x-default" and (
                back is None
                or posixpath.normpath(posixpath.join(posixpath.dirname(target), back)) != rel
            ):
                problems.append(f"{rel}: {target} does not name it back as {page.lang}")
    assert checked > len(pages), "the site has (almost) no alternates"
    assert not problems, "\n".join(problems)
