"""What each language's search index was made from, so that it is made again only when
that changed (search.SearchIndex decides; this module compares).

Pagefind cannot take a page out of an index (it has no call to remove a record), so an
index is never updated: when any page it holds changed what Pagefind reads, it is made
again whole; otherwise the last one is kept (hard-linked into a new site folder).

``IndexInputs`` is one index's record: the stat stamp of each page it was made from, as the
page was then, and, for some of them, the digest of what Pagefind read in it
(``indexed_digest``), taken before the page was replaced.  A page in the site now is
the same as when indexed if its stamp is the same: claimtrack never rewrites a site file
in place (every write is a new file renamed over the old, a new inode), and a new site
folder takes its unchanged pages as hard links of the old site's files (the same inode).
A page with another stamp is compared by digest: its new bytes against the recorded
digest, or against the old page's bytes while the old site still holds them.  So the
cold build only stats its pages (no page is read twice); only pages written again are
read, and the first that differs ends the comparison.

The records are kept between runs in the cache (``SearchPart``), by site folder and
language prefix, with the digest of the index's ``pagefind-entry.json``: a record
describes the index in place only while that file is the same.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypeVar

from ...fsutil import Stamp, stamp_of
from ...load.cache import Entries, Part
from .. import addresses

ENTRY = "pagefind-entry.json"
_CLAIM_PAGE = re.compile(re.escape(addresses.claim_page("*")).replace(r"\*", "[^/]+"))
_IGNORE = b" data-pagefind-ignore"
# What Pagefind reads even inside an ignored element (filters, meta, sort keys), or takes
# for a result's default title or image: an element holding one of these stays in.
_READ_INSIDE = (b"data-pagefind-", b"<h1", b"<img")
# Attributes Pagefind reads only when data-pagefind-index-attrs names them: it indexes text,
# and reads ids (a heading's anchor), lang, alt, src and its own data-pagefind-* ones.
_INDEXED_ATTRIBUTES = b"data-pagefind-index-attrs"
_SPACE = re.compile(rb"\s+")
_UNREAD = re.compile(
    rb"\s(?:class|href|hreflang|rel|role|style|title|dir|datetime|aria-[\w-]+"
    rb'|data-(?!pagefind-)[\w-]+)="[^"<>]*"'
)


def indexed_bytes(page: bytes) -> bytes:
    """The page without what Pagefind surely does not read: the elements it ignores,
    unless they hold something it reads there anyway, and the attributes it never reads
    (``_UNREAD``; all are kept on a page that asks Pagefind to index attributes).  A bound,
    not an exact parse: only ever less is cut than Pagefind ignores (from an ignored
    element's start tag to the first closing tag of its name, which is at or before its
    own end), so two pages alike here index alike."""
    kept: list[bytes] = []
    at = 0
    found = page.find(_IGNORE)
    while found >= 0:
        start = page.rfind(b"<", 0, found)
        opened = page.find(b">", found)
        name_end = start + 1
        while name_end < found and page[name_end : name_end + 1].isalnum():
            name_end += 1
        name = page[start + 1 : name_end]
        close = page.find(b"</" + name + b">", opened) if name and opened > 0 else -1
        in_tag = start >= at and page.find(b">", start, found) < 0  # the attribute's own tag
        element = page[start : close + 1].replace(_IGNORE, b"")  # nested ignores too
        if in_tag and close > 0 and not any(k in element for k in _READ_INSIDE):
            kept.append(page[at:start])
            at = close + len(name) + 3
        found = page.find(_IGNORE, max(found + 1, at))
    kept.append(page[at:])
    # A run of white space is one word break to Pagefind, however long.
    joined = _SPACE.sub(b" ", b"".join(kept))
    return joined if _INDEXED_ATTRIBUTES in joined else _UNREAD.sub(b"", joined)


def indexed_digest(page: bytes) -> str:
    return hashlib.blake2b(indexed_bytes(page), digest_size=12).hexdigest()


def made_config(language: str | None) -> str:
    """What else an index is made from: the language forced on it, and which Pagefind
    (another binary may index otherwise)."""
    try:
        from pagefind.service import get_executable

        found = get_executable()
        st = None if found is None else os.stat(found)
    except (ImportError, OSError):
        st = None
    binary = "none" if st is None else f"{st.st_size}:{st.st_mtime_ns}"
    return f"{language}\0{binary}"


class _Prefixed(Protocol):
    @property
    def prefix(self) -> str: ...  # a site language's path prefix (pagefind_run.Bundle's)


B = TypeVar("B", bound=_Prefixed)


def pages_of(
    bundles: Sequence[B], pages: Mapping[str, bytes], gone: Iterable[str]
) -> Iterator[tuple[B, str, bytes | None]]:
    """(bundle, path, bytes or None if deleted) of each claim page among ``pages`` and
    ``gone``, under the one of the ``bundles`` with the longest prefix it starts with."""
    prefixed = sorted(bundles, key=lambda b: len(b.prefix), reverse=True)
    todo: list[tuple[str, bytes | None]] = [*pages.items(), *((p, None) for p in gone)]
    for path, content in todo:
        bundle = next((b for b in prefixed if path.startswith(b.prefix)), None)
        if bundle is not None and _CLAIM_PAGE.fullmatch(path[len(bundle.prefix) :]):
            yield bundle, path, content


def shard_of(path: str, count: int) -> int:
    """The search shard, of ``count``, of a claim page's path
    (``<prefix>claims/<id>/index.html``)."""
    return addresses.search_shard(path.rsplit("/", 2)[-2], count)


def claim_pages(site: Path, prefix: str, shard: tuple[int, int] | None = None) -> dict[str, Stamp]:
    """The stamp of each page Pagefind's glob reads (``<prefix>claims/*/index.html``), by
    its path in the site; only those of search shard ``shard`` (its number, of how many)
    unless it is None."""
    folder = site / prefix / addresses.claim_page("*").split("/")[0]
    pages: dict[str, Stamp] = {}
    try:
        entries = list(os.scandir(folder))
    except (FileNotFoundError, NotADirectoryError):
        return pages
    base = f"{prefix}{folder.name}/"
    for entry in entries:
        if shard is not None and addresses.search_shard(entry.name, shard[1]) != shard[0]:
            continue
        try:
            st = os.stat(entry.path + "/index.html")
        except (FileNotFoundError, NotADirectoryError):
            continue
        pages[f"{base}{entry.name}/index.html"] = stamp_of(st)
    return dict(sorted(pages.items()))


def read_page(path: Path, stamp: Stamp | None = None) -> bytes | None:
    """The bytes of the file at ``path``; None if it is missing, or if ``stamp`` is given
    and the file read has another (it is not the page that was indexed)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
    except (FileNotFoundError, NotADirectoryError):
        return None
    with os.fdopen(fd, "rb") as f:
        if stamp is not None and stamp_of(os.fstat(f.fileno())) != stamp:
            return None
        return f.read()


def entry_digest(index: Path) -> str | None:
    """Names one index: Pagefind's entry file holds the hash of each language's index."""
    try:
        return hashlib.blake2b((index / ENTRY).read_bytes(), digest_size=12).hexdigest()
    except (FileNotFoundError, NotADirectoryError):
        return None


@dataclass
class IndexInputs:
    """What one index was made from (see the module's text)."""

    config: str  # the language forced on it and the Pagefind binary (search._config)
    entry: str | None  # entry_digest of the index it describes
    stamps: dict[str, Stamp]  # each page's stamp when it was indexed
    digests: dict[str, str] = field(default_factory=dict)  # some of those pages' digests

    def same_pages(self, site: Path, now: dict[str, Stamp], old_site: Path | None) -> bool:
        """Whether the pages ``now`` in ``site`` hold what this index was made from."""
        if now.keys() != self.stamps.keys():
            return False
        for path, stamp in now.items():
            if stamp == self.stamps[path]:
                continue
            page = read_page(site / path)
            if page is None:
                return False
            known = self.digests.get(path)
            if known is not None:
                if indexed_digest(page) != known:
                    return False
                continue
            # Written again: most often the very bytes indexed, which need no digest.
            old = None if old_site is None else read_page(old_site / path, self.stamps[path])
            if old is None or (old != page and indexed_bytes(old) != indexed_bytes(page)):
                return False
        return True

    def moved(self, now: dict[str, Stamp]) -> IndexInputs:
        """This record for the same pages in a new folder (``same_pages`` held)."""
        return IndexInputs(self.config, self.entry, now, dict(self.digests))

    def changes_index(self, path: str, digest: str | None) -> bool:
        """Whether ``path`` holding ``digest`` (None: no page) differs from the index."""
        if path not in self.stamps:
            return digest is not None
        return digest is None or self.digests.get(path) != digest


class SearchPart(Part):
    """The records of the indexes, by site folder and language prefix."""

    name = "search"

    def __init__(self) -> None:
        self.made: Entries[str, IndexInputs] = Entries()

    def tables(self) -> Iterable[Entries[Any, Any]]:
        return (self.made,)

    def dump(self) -> dict[str, Any]:
        return {
            key: [m.config, m.entry, {p: list(s) for p, s in m.stamps.items()}, m.digests]
            for key, m in self.made.kept().items()
        }

    def restore(self, data: Any) -> None:
        made: dict[str, IndexInputs] = {}
        for key, (config, entry, stamps, digests) in data.items():
            made[str(key)] = IndexInputs(
                str(config),
                None if entry is None else str(entry),
                {str(p): (int(s[0]), int(s[1]), int(s[2])) for p, s in stamps.items()},
                {str(p): str(d) for p, d in digests.items()},
            )
        self.made = Entries(made)


def _link_or_copy(src: str, dst: str) -> None:
    try:
        os.link(src, dst)
    except OSError:  # another file system, or one without hard links
        shutil.copy2(src, dst)


def keep_index(old: Path, new: Path) -> None:
    """The index in ``old`` also at ``new`` (a folder not there yet), as hard links: no
    index file is ever written in place (a new index is a new folder), so sharing is safe."""
    shutil.copytree(old, new, copy_function=_link_or_copy)
