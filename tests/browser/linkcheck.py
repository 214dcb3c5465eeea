"""A small checker for internal links and anchors of a built static site (no server needed).

Every `.html` file is parsed with html.parser; every relative href/src/srcset (and `url()` in
CSS files) is resolved against the file's folder, must stay inside the site and name an
existing file (not a folder: the site must also work opened from disk); a `#fragment` must
match an `id` (or `<a name>`) in the target page.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

# Attributes that hold one URL, per element.
URL_ATTRS: dict[str, tuple[str, ...]] = {
    "a": ("href",),
    "area": ("href",),
    "link": ("href",),
    "script": ("src",),
    "img": ("src",),
    "source": ("src",),
    "iframe": ("src",),
    "audio": ("src",),
    "video": ("src", "poster"),
    "track": ("src",),
    "embed": ("src",),
    "object": ("data",),
    "form": ("action",),
    "use": ("href", "xlink:href"),
    "image": ("href", "xlink:href"),
}
SRCSET_TAGS = {"img", "source"}
CSS_URL = re.compile(r"""url\(\s*(['"]?)([^'")]+)\1\s*\)""")
NOT_CHECKED_SCHEMES = {"http", "https", "mailto", "tel", "data"}


@dataclass
class Page:
    ids: set[str] = field(default_factory=set)
    links: list[tuple[int, str]] = field(default_factory=list)  # (line, url)


class _Parser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page = Page()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        line = self.getpos()[0]
        values = {k: v for k, v in attrs if v is not None}
        if "id" in values:
            self.page.ids.add(values["id"])
        if tag == "a" and "name" in values:
            self.page.ids.add(values["name"])
        for attr in URL_ATTRS.get(tag, ()):
            if attr in values:
                self.page.links.append((line, values[attr]))
        if tag in SRCSET_TAGS and "srcset" in values:
            for candidate in values["srcset"].split(","):
                if candidate.strip():
                    self.page.links.append((line, candidate.split()[0]))
        if "style" in values:
            for match in CSS_URL.finditer(values["style"]):
                self.page.links.append((line, match.group(2)))

    handle_startendtag = handle_starttag


def parse_html(text: str) -> Page:
    parser = _Parser()
    parser.feed(text)
    parser.close()
    return parser.page


def check_site(site: Path) -> list[str]:
    """Return one line per broken internal link or anchor, as `file:line: problem`."""
    pages: dict[str, Page] = {}
    for path in sorted(site.rglob("*.html")):
        rel = path.relative_to(site).as_posix()
        pages[rel] = parse_html(path.read_text(encoding="utf-8"))
    css_links: dict[str, list[tuple[int, str]]] = {}
    for path in sorted(site.rglob("*.css")):
        rel = path.relative_to(site).as_posix()
        text = path.read_text(encoding="utf-8")
        css_links[rel] = [
            (text.count("\n", 0, m.start()) + 1, m.group(2)) for m in CSS_URL.finditer(text)
        ]

    problems: list[str] = []
    sources = [(rel, page.links) for rel, page in pages.items()] + list(css_links.items())
    for rel, links in sources:
        for line, url in links:
            problem = _check_link(site, pages, rel, url)
            if problem:
                problems.append(f"{rel}:{line}: {url!r}: {problem}")
    return problems


def _check_link(site: Path, pages: dict[str, Page], rel: str, url: str) -> str | None:
    url = url.strip()
    parts = urlsplit(url)
    if parts.scheme:
        if parts.scheme.lower() in NOT_CHECKED_SCHEMES:
            return None
        return f"unexpected scheme {parts.scheme!r}"
    if parts.netloc or url.startswith("/"):
        return "not relative (the site must work from any folder and from disk)"

    if parts.path:
        target = posixpath.normpath(posixpath.join(posixpath.dirname(rel), unquote(parts.path)))
        if target == ".." or target.startswith("../"):
            return "points outside the site"
        if target == ".":
            target = ""
        full = site / target
        if full.is_dir():
            return "links to a folder: opened from disk that shows a file listing; name index.html"
        if not full.is_file():
            return f"no such file {target}"
    else:
        target = rel  # "#id" or "?query" on the same page

    fragment = unquote(parts.fragment)
    if fragment and fragment.lower() != "top":
        page = pages.get(target)
        if page is None:
            return None  # fragments into non-HTML files (JSON, XML) are not checked
        if fragment not in page.ids:
            return f"no element with id {fragment!r} in {target}"
    return None
