"""Helpers for the site tests: read a built site back as files, links and JSON-LD."""

from __future__ import annotations

import datetime as dt
import json
import re
import shutil
import sys
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from claimtrack.site import BuildResult, build_site

from .conftest import FIXTURES, TODAY

FIXTURE_TODAY = dt.date.fromisoformat(TODAY)


def build(root: Path, out: Path) -> BuildResult:
    return build_site(root, out, today=FIXTURE_TODAY)


def benchmark_tracker(root: Path, claims: int) -> Path:
    """The benchmarks' own tracker (bench/make_tracker.py) of ``claims`` claims, in
    English and French, written at ``root``."""
    bench = str(Path(__file__).resolve().parent.parent / "bench")
    sys.path.insert(0, bench)
    try:
        from make_tracker import make
    finally:
        sys.path.remove(bench)
    make(root, claims, ["fr"])
    return root


def files_of(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` by posix path, hidden ones included."""
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


# Pagefind's search bundle is left out where a site is compared byte for byte: it is
# Pagefind's own binary format, and Pagefind 1.5.2 writes the values of a filter (the
# topics, say) in a different order from run to run (a hash map's order), so the filter
# chunks, their content-hashed names and the files naming them differ between two
# indexings of the same pages.  The words' index chunks and fragments do not; see
# test_site_search.py::test_the_index_differs_only_in_filter_order.
SEARCH_BUNDLE = "pagefind/"
# Every site language has its bundle: pagefind/, fr/pagefind/, zh-hant/pagefind/ (a
# language's prefix is one folder, never one of the site's own top-level folders).
_BUNDLE_PATH = re.compile(
    r"^(?!(?:claims|sources|status|kinds|topics|claimants|static|search)/)"
    r"(?:[a-z0-9-]+/)?pagefind(?:/|$)"
)


def in_search_bundle(rel: str) -> bool:
    """Whether ``rel`` (a path in a site, with /) is a search bundle or in one."""
    return _BUNDLE_PATH.match(rel) is not None


def pages_of(folder: Path) -> dict[str, bytes]:
    """files_of without the search bundles (SEARCH_BUNDLE says why)."""
    return {p: data for p, data in files_of(folder).items() if not in_search_bundle(p)}


def minimal_copy(tmp: Path) -> Path:
    dest = tmp / "minimal"
    shutil.copytree(FIXTURES / "minimal", dest)
    return dest


@dataclass
class Page:
    lang: str | None = None
    links: list[tuple[str, str, str]] = field(default_factory=list)  # (tag, attr, value)
    jsonld: list[str] = field(default_factory=list)
    scripts: list[str] = field(default_factory=list)  # src of external scripts
    ids: set[str] = field(default_factory=set)
    text: str = ""
    tags: list[tuple[str, dict[str, str]]] = field(default_factory=list)

    def hrefs(self, tag: str = "a") -> list[str]:
        return [v for t, a, v in self.links if t == tag and a == "href"]

    def reviews(self) -> list[dict[str, Any]]:
        return [json.loads(block) for block in self.jsonld]


class _Parser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page = Page()
        self._in_jsonld = False
        self._chunks: list[str] = []
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        self.page.tags.append((tag, values))
        if tag == "html":
            self.page.lang = values.get("lang")
        if "id" in values:
            self.page.ids.add(values["id"])
        for attr in ("href", "src", "action", "srcset", "poster", "data"):
            if attr in values:
                self.page.links.append((tag, attr, values[attr]))
        if tag == "script":
            if values.get("type") == "application/ld+json":
                self._in_jsonld = True
                self._chunks = []
            elif "src" in values:
                self.page.scripts.append(values["src"])

    def handle_endtag(self, tag: str) -> None:
        if tag == "script" and self._in_jsonld:
            self.page.jsonld.append("".join(self._chunks))
            self._in_jsonld = False

    def handle_data(self, data: str) -> None:
        if self._in_jsonld:
            self._chunks.append(data)
        else:
            self._text.append(data)

    def close(self) -> None:
        super().close()
        self.page.text = "".join(self._text)


def parse(path: Path) -> Page:
    parser = _Parser()
    parser.feed(path.read_text(encoding="utf-8"))
    parser.close()
    return parser.page
