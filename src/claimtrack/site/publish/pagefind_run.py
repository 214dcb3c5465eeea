"""Pagefind's extended binary, run over the claim pages of one search shard.

The binary ships in the ``pagefind-bin-extended`` wheel (found through the
``pagefind`` package's own ``get_executable``), so indexing downloads nothing.

Each site language's claim pages are split into ``addresses.shard_count`` shards (4,
more past 50,000 claims) by a digest of the claim's id (``addresses.search_shard``);
each shard is one Pagefind index (a bundle) in ``<prefix>pagefind/<number>/``, and the
language's search page searches its shards together (Pagefind's ``mergeIndex``,
static/search.js).  Pagefind cannot take a page out of an index, so an edited page
costs its shard's index made again: a quarter of the language's pages or less, not all
of them.  The shards of a language are made with the same word splitting, so they split
a query alike.

Pagefind reads only the pages of one shard: they are hard-linked, at their paths in the
site, into a folder of their own beside the site, which is Pagefind's ``--site`` (so a
result's URL is still its path from the site root, /fr/claims/x/).

Pagefind splits words by the pages' language.  Pages in English or French that
quote Chinese or Japanese sources would index a Chinese sentence as one long word,
so ``價格`` would find nothing; with such sources that language's shards are built
with the extended binary's Chinese or Japanese segmentation, which still splits
Latin text at spaces and punctuation, but does not stem its words.  The pages of a
Chinese or Japanese language are segmented by their own ``<html lang>``.
"""

from __future__ import annotations

import contextlib
import os
import shutil
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from ...errors import ClaimtrackError, Stopped
from ...process.children import Children
from .. import addresses
from .index_inputs import claim_pages
from .swap import exchange, new_folder, remove_marked

FOLDER = addresses.SEARCH_FOLDER
# One folder deep: a claim's embeddable card (claims/<id>/embed/index.html), a copy of its
# verdict for other sites' frames, is never a result (tests/test_site_embed.py).
CLAIM_PAGES = addresses.claim_page("*")
# Segmentations of the extended binary, by a source language's primary subtag.
_SEGMENTED = ("zh", "ja")
# Pagefind runs at once in a cold build: each holds its shard's index in memory (1.4 GB
# for 10,000 pages in one index), and each already uses every core for its own work.
PARALLEL_RUNS = 2
# A shard's pages as an update in place is about to leave them, by site path: the bytes
# of each page it writes, None for each it deletes (read in place of the site's).
Overlay = Mapping[str, bytes | None]


class SearchIndexError(ClaimtrackError):
    """Pagefind is missing or failed; the site that was being built is not put in place."""


def index_language(site_language: str, source_languages: Iterable[str]) -> str | None:
    """The language to force on the whole index, or None to let Pagefind read ``<html lang>``."""
    primaries = {lang.split("-")[0].lower() for lang in source_languages}
    site = site_language.split("-")[0].lower()
    if site in _SEGMENTED:
        return None  # the pages' own language already segments
    return next((lang for lang in _SEGMENTED if lang in primaries), None)


@dataclass(frozen=True)
class Bundle:
    """One site language's search: the claim pages under ``prefix``, in the shards of
    ``prefix``'s ``pagefind/``; ``language`` forced on it (``index_language``), or None."""

    prefix: str  # addresses.language_prefix: "" for the main language, "fr/", "zh-hant/"
    language: str | None
    shards: int = addresses.SEARCH_SHARDS  # how many (addresses.shard_count)


@dataclass(frozen=True)
class Shard:
    """One Pagefind index: the pages of ``bundle``'s language in shard ``number``."""

    bundle: Bundle
    number: int

    @property
    def folder(self) -> str:
        """Its folder, from the site's root: ``<prefix>pagefind/<number>``."""
        return self.bundle.prefix + addresses.search_shard_folder(self.number).rstrip("/")

    def pages(self, site: Path) -> dict[str, tuple[int, int, int]]:
        """The stamps of its pages in ``site``."""
        return claim_pages(site, self.bundle.prefix, (self.number, self.bundle.shards))


def bundles(
    languages: Iterable[tuple[str, str]], source_languages: Iterable[str], shards: int
) -> tuple[Bundle, ...]:
    """The site's indexes, from its languages as (tag, prefix), main first, each in
    ``shards`` shards (addresses.shard_count of the site's claims)."""
    sources = set(source_languages)  # a few distinct tags, from thousands of sources
    return tuple(Bundle(prefix, index_language(tag, sources), shards) for tag, prefix in languages)


def shards(indexes: Iterable[Bundle]) -> tuple[Shard, ...]:
    """Every shard of every language, in order."""
    return tuple(Shard(b, n) for b in indexes for n in range(b.shards))


def executable() -> Path:
    """The Pagefind binary from the installed wheel (or PAGEFIND_BINARY_PATH)."""
    found: Path | None
    try:
        from pagefind.service import get_executable

        found = get_executable()
    except (ImportError, FileNotFoundError):  # not installed, or its wheel lacks the binary
        found = None
    if found is None or not Path(found).is_file():
        raise SearchIndexError(
            "cannot build the search index: the Pagefind binary is not installed "
            "(pip install 'pagefind[extended]'); build with --no-search to skip search"
        )
    return Path(found)


# Pages linked between two looks at whether a build began (which ends a refresh).
LINKS_PER_LOOK = 64


def _link_pages(
    site: Path, pages: Collection[str], tree: Path, stopped: Callable[[], bool]
) -> None:
    """Link ``pages`` into ``tree``; Stopped as soon as ``stopped()``: a shard's thousands
    of links are a refresh's work that a build, begun meanwhile, should not share a core
    with."""
    for n, path in enumerate(pages):
        if n % LINKS_PER_LOOK == 0 and stopped():
            raise Stopped("the search index was not made: a build began, or a stop")
        target = tree / path
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            os.link(site / path, target)
        except OSError:  # another file system, or one without hard links
            shutil.copy2(site / path, target)


def _run(
    site: Path,
    into: Path,
    shard: Shard,
    children: Children,
    beside: Path,
    since: int | None,
    overlay: Overlay,
    tidy: Callable[[Path], None],
) -> bool:
    """Index ``shard``'s pages of ``site`` into ``into``'s ``<prefix>pagefind/<n>/``;
    False when it has no page (Pagefind refuses to make an empty index).  ``beside``:
    the site folder beside which the shard's pages are linked for Pagefind.  ``overlay``:
    its pages as an update is about to leave them (the bytes, or None: deleted), read in
    place of those in ``site``.  ``tidy`` deletes the folder of links afterwards."""
    pages = [path for path in shard.pages(site) if path not in overlay]
    added = {path: content for path, content in overlay.items() if content is not None}
    if not pages and not added:
        return False
    binary = executable()
    # Marked as claimtrack's: left by a kill, the next build deletes it (swap.py).
    tree = new_folder(beside, "search")
    try:
        _link_pages(site, pages, tree, lambda: children.cancelled(since))
        for path, content in added.items():
            (tree / path).parent.mkdir(parents=True, exist_ok=True)
            (tree / path).write_bytes(content)
        # Only claim pages are results: reading no other page also keeps large sites fast.
        command = [str(binary), "--site", str(tree), "--glob", shard.bundle.prefix + CLAIM_PAGES]
        command += ["--output-path", str(into / shard.folder), "--silent"]
        if shard.bundle.language is not None:
            command += ["--force-language", shard.bundle.language]
        # The binary never downloads anything; an empty PAGEFIND_* environment keeps a
        # pagefind.yml or variables meant for another site from changing this index.
        env = {k: v for k, v in os.environ.items() if not k.startswith("PAGEFIND_")}
        try:
            done = children.run(command, cwd=tree, env=env, since=since)
        except OSError as exc:
            raise SearchIndexError(
                f"cannot run Pagefind ({command[0]}): {exc.strerror or exc}; "
                "build with --no-search to skip search"
            ) from None
    finally:
        tidy(tree)
    if done.returncode != 0:
        said = (done.stderr.strip() or done.stdout.strip()).splitlines()[-5:]
        detail = ("; ".join(said)) if said else "no message"
        raise SearchIndexError(
            f"building the search index failed (Pagefind exited {done.returncode}: {detail})"
        )
    return True


def index_site(
    site: Path,
    todo: Sequence[Shard],
    children: Children,
    *,
    into: Path | None = None,
    beside: Path | None = None,
    since: int | None = None,
    overlays: Mapping[str, Overlay] | None = None,
    tidy: Callable[[Path], None] = remove_marked,
) -> list[bool]:
    """Write each shard's index from the pages in ``site`` into ``into`` (default: ``site``
    itself), ``PARALLEL_RUNS`` at a time; whether each had pages to index.  ``beside``:
    as for ``_run`` (default: ``site``); ``overlays``: by shard folder, and ``tidy``, as
    for ``_run``."""
    out, near, over = into or site, beside or site, overlays or {}

    def run(s: Shard) -> bool:
        return _run(site, out, s, children, near, since, over.get(s.folder, {}), tidy)

    if len(todo) <= 1:
        return [run(s) for s in todo]
    pool = ThreadPoolExecutor(min(PARALLEL_RUNS, len(todo)))
    try:
        return list(pool.map(run, todo))
    except BaseException as exc:
        if not isinstance(exc, Exception):
            # Ctrl-C or a stop in this thread: the runs of the other threads end now too,
            # as the one in this thread would (Children.run), rather than be waited for.
            children.end()
        raise
    finally:
        # A failure starts no further shard; the runs under way end before it is raised.
        pool.shutdown(wait=True, cancel_futures=True)


def make_index(
    site: Path,
    todo: Sequence[Shard],
    children: Children,
    since: int | None = None,
    overlays: Mapping[str, Overlay] | None = None,
    tidy: Callable[[Path], None] = remove_marked,
) -> Path:
    """Index a live site's shards ``todo`` into a new folder beside it (``put_index`` puts
    them in place); ``since``: Children.run's (a build begun after it ends the runs);
    ``overlays``: as for ``index_site``; ``tidy`` deletes each folder left unused."""
    # Marked as claimtrack's: left by a kill, the next build deletes it (swap.py).
    tmp = new_folder(site, "search")
    try:
        index_site(site, todo, children, into=tmp, since=since, overlays=overlays, tidy=tidy)
    except BaseException:
        tidy(tmp)
        raise
    return tmp


def put_index(made: Path, site: Path, todo: Sequence[Shard]) -> None:
    """Put each shard's index from ``make_index`` in place, each in one step, so that a
    reader's query never meets half of one; then delete the old ones."""
    try:
        for shard in todo:
            _put(made / shard.folder, site / shard.folder, made / f".old-{shard.number}")
        for prefix in {s.bundle.prefix for s in todo}:
            with contextlib.suppress(OSError):
                (site / prefix / FOLDER).rmdir()  # its last shard gone: no index at all
    finally:
        remove_marked(made)  # the old indexes, or the unused new ones


def _put(new: Path, target: Path, old: Path) -> None:
    # ".old-<n>": a language's prefix is a lowercase tag, never a dot-name.
    old.parent.mkdir(parents=True, exist_ok=True)
    if not new.is_dir():  # the shard's last claim was deleted: no index
        if target.is_dir():
            os.rename(target, old)
    elif not target.is_dir():
        target.parent.mkdir(parents=True, exist_ok=True)
        os.rename(new, target)
    elif not exchange(new, target):
        os.rename(target, old)
        os.rename(new, target)
