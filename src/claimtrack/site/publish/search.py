"""The full-text search indexes: Pagefind's extended binary, run over a built site folder.

The binary ships in the ``pagefind-bin-extended`` wheel (found through the
``pagefind`` package's own ``get_executable``), so indexing downloads nothing.

One index (a ``Bundle``) per site language: Pagefind reads that language's claim
pages only (``<prefix>claims/*/index.html``; only they carry
``data-pagefind-body``) and writes ``<prefix>pagefind/``: the index in chunks, one
per range of words, so a query loads only the chunks its words fall in.  Each
language's search page loads its own language's index, so a reader of the French
pages finds French pages.  One run per language, rather than one run over every
language, because each index needs its own word splitting (below) and Pagefind
forces a language on a whole run or on none of it.

Pagefind splits words by the pages' language.  Pages in English or French that
quote Chinese or Japanese sources would index a Chinese sentence as one long word,
so ``價格`` would find nothing; with such sources that language's index is built
with the extended binary's Chinese or Japanese segmentation, which still splits
Latin text at spaces and punctuation, but does not stem its words.  The pages of a
Chinese or Japanese language are segmented by their own ``<html lang>``.
"""

from __future__ import annotations

import os
import shutil
import threading
import time
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from ...errors import ClaimtrackError
from ...load.cache import Cache
from ...process.children import Children
from .. import addresses
from .index_inputs import (
    IndexInputs,
    SearchPart,
    claim_pages,
    entry_digest,
    indexed_digest,
    keep_index,
    made_config,
    pages_of,
)
from .swap import exchange, new_folder, remove_marked

FOLDER = "pagefind"
# One folder deep: a claim's embeddable card (claims/<id>/embed/index.html), a copy of its
# verdict for other sites' frames, is never a result (tests/test_site_embed.py).
CLAIM_PAGES = addresses.claim_page("*")
# Segmentations of the extended binary, by a source language's primary subtag.
_SEGMENTED = ("zh", "ja")


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
    """One site language's index: of the claim pages under ``prefix``, in ``prefix``'s
    ``pagefind/``; ``language`` forced on it (``index_language``), or None."""

    prefix: str  # addresses.language_prefix: "" for the main language, "fr/", "zh-hant/"
    language: str | None


def bundles(
    languages: Iterable[tuple[str, str]], source_languages: Iterable[str]
) -> tuple[Bundle, ...]:
    """The site's indexes, from its languages as (tag, prefix), main first."""
    sources = tuple(source_languages)
    return tuple(Bundle(prefix, index_language(tag, sources)) for tag, prefix in languages)


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


def _has_claims(site: Path, prefix: str) -> bool:
    return next((site / prefix / "claims").glob("*/index.html"), None) is not None


def _run(site: Path, into: Path, bundle: Bundle, children: Children, since: int | None) -> None:
    """Index ``bundle``'s pages of ``site`` into ``into``'s ``<prefix>pagefind/``."""
    if not _has_claims(site, bundle.prefix):
        return  # Pagefind refuses to make an empty index; with no claim there is none
    # Only claim pages are results: reading no other page also keeps large sites fast.
    # The whole site is Pagefind's --site, so that a result's URL is its path from the
    # site root (/fr/claims/x/), whichever language's index holds it.
    command = [str(executable()), "--site", str(site), "--glob", bundle.prefix + CLAIM_PAGES]
    command += ["--output-path", str(into / bundle.prefix / FOLDER), "--silent"]
    if bundle.language is not None:
        command += ["--force-language", bundle.language]
    # The binary never downloads anything; an empty PAGEFIND_* environment keeps a
    # pagefind.yml or variables meant for another site from changing this index.
    env = {k: v for k, v in os.environ.items() if not k.startswith("PAGEFIND_")}
    try:
        done = children.run(command, cwd=site, env=env, since=since)
    except OSError as exc:
        raise SearchIndexError(
            f"cannot run Pagefind ({command[0]}): {exc.strerror or exc}; "
            "build with --no-search to skip search"
        ) from None
    if done.returncode != 0:
        said = (done.stderr.strip() or done.stdout.strip()).splitlines()[-5:]
        detail = ("; ".join(said)) if said else "no message"
        raise SearchIndexError(
            f"building the search index failed (Pagefind exited {done.returncode}: {detail})"
        )


def index_site(site: Path, indexes: Sequence[Bundle], children: Children) -> float:
    """Write each language's ``<prefix>pagefind/`` from the pages in ``site``; returns
    the seconds it took."""
    started = time.perf_counter()
    for bundle in indexes:
        _run(site, site, bundle, children, None)
    return time.perf_counter() - started


def make_index(
    site: Path, indexes: Sequence[Bundle], children: Children, since: int | None = None
) -> Path:
    """Index a live site into a new folder beside it (``put_index`` puts it in place)."""
    # Marked as claimtrack's: left by a killed serve, the next build deletes it (swap.py).
    tmp = new_folder(site, "search")
    try:
        for bundle in indexes:
            _run(site, tmp, bundle, children, since)
    except BaseException:
        remove_marked(tmp)
        raise
    return tmp


def put_index(made: Path, site: Path, indexes: Sequence[Bundle]) -> None:
    """Put each language's index from ``make_index`` in place, each in one step, so
    that a reader's query never meets half of one; then delete the old ones."""
    try:
        for bundle in indexes:
            _put(made / bundle.prefix, site / bundle.prefix)
    finally:
        remove_marked(made)  # the old indexes, or the unused new ones


def _put(made: Path, site: Path) -> None:
    # ".old": a language's prefix is a lowercase tag, never a dot-name.
    new, target, old = made / FOLDER, site / FOLDER, made / ".old"
    if not new.is_dir():  # the last claim was deleted: no index
        if target.is_dir():
            made.mkdir(parents=True, exist_ok=True)
            os.rename(target, old)
    elif not target.is_dir():
        os.rename(new, target)
    elif not exchange(new, target):
        os.rename(target, old)
        os.rename(new, target)


def discard_index(made: Path) -> None:
    remove_marked(made)


class SearchIndex:
    """The search index of the site in ``site``, and the one owner of its state.

    ``bundles``: the indexes it is made of, one per site language, each with the
    language forced on it (``index_language``), as the last build said;
    ``stale``: a page changed what Pagefind reads in it since its language's index was
    made (an in-place update, or a rebuild that carried the last index over).  A build
    says what it did (``writing``, ``fill``, ``filled``, ``replacing``, ``updated``);
    ``refresh`` makes the stale indexes again from the pages in place.  Each index is
    made again only when what it holds changed (index_inputs.IndexInputs, kept in ``cache``):
    a build whose pages index as the last ones did keeps the last index.  The Pagefind
    runs are ``children``'s, which a stop ends.

    Under serve a build and a refresh run in two threads.  A build holds the lock while
    it writes the site; a refresh runs Pagefind without it, so that no build waits for
    Pagefind, and puts its index in place only if no build began meanwhile; a build that
    begins ends the refresh's Pagefind, which would take a core from the edit's build.
    """

    def __init__(
        self, site: Path, *, enabled: bool, children: Children, cache: Cache | None = None
    ) -> None:
        self.site = site
        self.enabled = enabled
        self.children = children
        self._part = (cache if cache is not None else Cache.disabled()).part(SearchPart)
        self._lock = threading.Lock()
        self._bundles: tuple[Bundle, ...] = ()
        self._stale = False
        self._builds = 0  # builds begun: an index made meanwhile may lack their pages
        # Per prefix: what its index in place was made from (None: unknown, or carried
        # over stale), and the indexed digest of each page written in place since
        # (None: deleted).
        self._made: dict[str, IndexInputs | None] = {}
        self._changed: dict[str, dict[str, str | None]] = {}
        self._pending: dict[str, IndexInputs | None] = {}  # fill's, until filled
        self._staged: dict[str, dict[str, str | None]] = {}  # replacing's, until updated
        self.runs = 0  # Pagefind runs, one per index made: what tests count

    @property
    def bundles(self) -> tuple[Bundle, ...]:
        return self._bundles

    @property
    def stale(self) -> bool:
        return self._stale

    @contextmanager
    def writing(self) -> Iterator[None]:
        """Held by a build for as long as it writes the site; a refresh's Pagefind ends."""
        with self._lock:
            self._builds += 1
            self.children.cancel()  # a refresh's runs alone: a build's own begin later
            yield

    def _key(self, prefix: str) -> str:
        return f"{self.site}\0{prefix}"

    def _record(self, prefix: str) -> IndexInputs | None:
        """What the index in place was made from, if known (this run, or the cache)."""
        if prefix in self._made:
            return self._made[prefix]
        made = self._part.made.get(self._key(prefix))
        if made is not None and made.entry != entry_digest(self.site / prefix / FOLDER):
            made = None  # another index is in place than the one it describes
        self._made[prefix] = made
        return made

    def _remember(self, prefix: str, made: IndexInputs | None) -> None:
        self._made[prefix] = made
        self._changed.pop(prefix, None)
        if made is not None:
            self._part.made.put(self._key(prefix), made)

    def _dirty(self, bundle: Bundle) -> bool:
        made = self._record(bundle.prefix)
        if made is None:
            return (
                _has_claims(self.site, bundle.prefix)
                or (self.site / bundle.prefix / FOLDER).is_dir()
            )
        changed = self._changed.get(bundle.prefix, {})
        return made.config != made_config(bundle.language) or any(
            made.changes_index(path, digest) for path, digest in changed.items()
        )

    def fill(
        self,
        folder: Path,
        indexes: tuple[Bundle, ...],
        *,
        carry: bool,
        linked: Collection[str] = (),
    ) -> bool:
        """Index a new site folder before it is swapped in.  A language whose pages index
        as those of its index in place keeps that index (hard links).  Otherwise
        ``carry``: copy the current index in instead, if there is one (it lacks the new
        pages, so it is stale once the folder is in place); True if one was carried.

        The pages the caller linked from the old site are known by their stamps (nothing
        to say).  ``linked``: the prefixes whose whole ``pagefind/`` folder the caller
        already hard-linked from the old site into ``folder`` (10,000 files at 10,000
        claims): kept as they are when the index is kept, deleted when it is made again.
        Any other index found in ``folder`` is deleted first."""
        self._bundles = indexes
        self._pending = {}
        carried = False
        for bundle in indexes:
            made, stale = self._fill_one(folder, bundle, carry, bundle.prefix in linked)
            self._pending[bundle.prefix] = made
            carried = carried or stale
        return carried

    def _fill_one(
        self, folder: Path, bundle: Bundle, carry: bool, linked: bool
    ) -> tuple[IndexInputs | None, bool]:
        """``bundle``'s index in ``folder``: what it was made from, and whether it is a
        stale one carried over."""
        old, new = self.site / bundle.prefix / FOLDER, folder / bundle.prefix / FOLDER
        now = claim_pages(folder, bundle.prefix)
        made = self._record(bundle.prefix) if old.is_dir() else None
        config = made_config(bundle.language)
        keep = (
            bool(now)
            and made is not None
            and made.config == config
            and made.same_pages(folder, now, self.site)
        )
        if keep and made is not None:
            if not (linked and new.is_dir()):
                shutil.rmtree(new, ignore_errors=True)
                keep_index(old, new)
            return made.moved(now), False
        shutil.rmtree(new, ignore_errors=True)  # Pagefind writes only into a new folder
        if not now:
            return None, False  # no claim, no index
        if carry and old.is_dir():
            shutil.copytree(old, new)
            return None, True
        self._index(folder, bundle)
        return IndexInputs(config, entry_digest(new), now), False

    def filled(self, *, carried: bool) -> None:
        """The folder given to ``fill`` is in place."""
        self._made, self._changed, self._staged = {}, {}, {}
        for prefix, made in self._pending.items():
            self._remember(prefix, made)
        self._pending = {}
        self._stale = carried

    def replacing(self, pages: Mapping[str, bytes], gone: Iterable[str]) -> None:
        """A build is about to write ``pages`` in place and delete ``gone``: what the index
        was made from is taken from the pages still there, before they go."""
        if not self.enabled:
            return
        for prefix in self._staged:
            # The last update stopped before ``updated``: some of its pages may be written,
            # some not; what its language's index lacks is unknown, so it is made again.
            self._made[prefix] = None
        self._staged = {}
        for prefix, path, content in pages_of(self._bundles, pages, gone):
            made = self._record(prefix)
            new = made is not None and path not in made.digests
            if made is not None and new and made.indexed(path, self.site) is not None:
                self._part.made.put(self._key(prefix), made)  # to be saved
            digest = None if content is None else indexed_digest(content)
            self._staged.setdefault(prefix, {})[path] = digest

    def updated(self, indexes: tuple[Bundle, ...], written: int) -> None:
        """A build wrote ``written`` files of the site in place (after ``replacing``)."""
        self._bundles = indexes
        for prefix, pages in self._staged.items():
            self._changed.setdefault(prefix, {}).update(pages)
        self._staged = {}
        self._stale = self.enabled and any(self._dirty(b) for b in indexes)

    def refresh(self) -> bool:
        """Index again the pages in place of each language whose index is stale, and put
        each index in place in one step; False (the new indexes thrown away), or Stopped
        (Pagefind ended), when a build began meanwhile."""
        with self._lock:
            builds, indexes = self._builds, self._bundles
            todo = tuple(b for b in indexes if self._dirty(b))
            if not todo:
                self._stale = False
                return True
            changed = {b.prefix: dict(self._changed.get(b.prefix, {})) for b in todo}
            since = self.children.cancels  # a build begun after this ends the runs
        # Stamped before Pagefind reads them: a build that changes them meanwhile is seen.
        stamps = {b.prefix: claim_pages(self.site, b.prefix) for b in todo}
        made = make_index(self.site, todo, self.children, since)
        self.runs += sum(bool(stamps[b.prefix]) for b in todo)
        with self._lock:
            if self._builds != builds:
                discard_index(made)
                return False
            put_index(made, self.site, todo)
            for b in todo:
                digests = {p: d for p, d in changed[b.prefix].items() if d is not None}
                index = self.site / b.prefix / FOLDER
                record = IndexInputs(
                    made_config(b.language), entry_digest(index), stamps[b.prefix], digests
                )
                self._remember(b.prefix, record if stamps[b.prefix] else None)
            self._stale = False
        return True

    def _index(self, site: Path, bundle: Bundle) -> None:
        if _has_claims(site, bundle.prefix):
            self.runs += 1
        index_site(site, (bundle,), self.children)
