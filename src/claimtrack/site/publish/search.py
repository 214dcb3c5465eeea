"""The full-text search index: Pagefind's extended binary, run over a built site folder.

The binary ships in the ``pagefind-bin-extended`` wheel (found through the
``pagefind`` package's own ``get_executable``), so indexing downloads nothing.
It reads the claim pages (only they carry ``data-pagefind-body``) and writes
``pagefind/`` inside the site: the index in chunks, one per range of words,
so a query loads only the chunks its words fall in.

Pagefind splits words by the pages' language.  A site in English that quotes
Chinese or Japanese sources would index a Chinese sentence as one long word,
so ``價格`` would find nothing; with such sources the whole index is built
with the extended binary's Chinese or Japanese segmentation, which still
splits Latin text at spaces and punctuation, but does not stem English words.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import threading
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from ...children import Children
from ...errors import ClaimtrackError
from .. import addresses
from .swap import MARKER, MARKER_TEXT, exchange

FOLDER = "pagefind"
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


def _has_claims(site: Path) -> bool:
    return next((site / "claims").glob("*/index.html"), None) is not None


def _run(site: Path, output: Path, language: str | None, children: Children) -> None:
    if not _has_claims(site):
        return  # Pagefind refuses to make an empty index; with no claim there is none
    # Only claim pages are results: reading no other page also keeps large sites fast.
    command = [str(executable()), "--site", str(site), "--glob", CLAIM_PAGES]
    command += ["--output-path", str(output), "--silent"]
    if language is not None:
        command += ["--force-language", language]
    # The binary never downloads anything; an empty PAGEFIND_* environment keeps a
    # pagefind.yml or variables meant for another site from changing this index.
    env = {k: v for k, v in os.environ.items() if not k.startswith("PAGEFIND_")}
    try:
        done = children.run(command, cwd=site, env=env)
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


def index_site(site: Path, language: str | None, children: Children) -> float:
    """Write ``site/pagefind/`` from the pages in ``site``; returns the seconds it took."""
    started = time.perf_counter()
    _run(site, site / FOLDER, language, children)
    return time.perf_counter() - started


def make_index(site: Path, language: str | None, children: Children) -> Path:
    """Index a live site into a new folder beside it (``put_index`` puts it in place)."""
    tmp = Path(tempfile.mkdtemp(prefix=f".{site.name}.search-{os.getpid()}-", dir=site.parent))
    try:
        # Marked as claimtrack's: left by a killed serve, the next build deletes it (swap.py).
        (tmp / MARKER).write_bytes(MARKER_TEXT)
        _run(site, tmp / FOLDER, language, children)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return tmp


def put_index(made: Path, site: Path) -> None:
    """Put an index from ``make_index`` in place in one step, so that a reader's query
    never meets half of one; then delete the old one."""
    new, target = made / FOLDER, site / FOLDER
    try:
        if not new.is_dir():  # the last claim was deleted: no index
            if target.is_dir():
                os.rename(target, made / "old")
        elif not target.is_dir():
            os.rename(new, target)
        elif not exchange(new, target):
            os.rename(target, made / "old")
            os.rename(new, target)
    finally:
        shutil.rmtree(made, ignore_errors=True)  # the old index, or the unused new one


def discard_index(made: Path) -> None:
    shutil.rmtree(made, ignore_errors=True)


class SearchIndex:
    """The search index of the site in ``site``, and the one owner of its state.

    ``language``: the one the index is made in (``index_language``, by the last build);
    ``stale``: pages were written since the index was made (an in-place update, or a
    rebuild that carried the last index over).  A build says what it did (``writing``,
    ``fill``, ``filled``, ``updated``); ``refresh`` makes the index again from the pages
    in place.  The Pagefind runs are ``children``'s, which a stop ends.

    Under serve a build and a refresh run in two threads.  A build holds the lock while
    it writes the site; a refresh runs Pagefind without it, so that no build waits for
    Pagefind, and puts its index in place only if no build began meanwhile.
    """

    def __init__(self, site: Path, *, enabled: bool, children: Children) -> None:
        self.site = site
        self.enabled = enabled
        self.children = children
        self._lock = threading.Lock()
        self._language: str | None = None
        self._stale = False
        self._builds = 0  # builds begun: an index made meanwhile may lack their pages

    @property
    def language(self) -> str | None:
        return self._language

    @property
    def stale(self) -> bool:
        return self._stale

    @contextmanager
    def writing(self) -> Iterator[None]:
        """Held by a build for as long as it writes the site."""
        with self._lock:
            self._builds += 1
            yield

    def fill(self, folder: Path, language: str | None, *, carry: bool) -> bool:
        """Index a new site folder before it is swapped in.  ``carry``: copy the current
        index in instead, if there is one (it lacks the new pages, so it is stale once the
        folder is in place); True if it was carried."""
        self._language = language
        current = self.site / FOLDER
        if carry and current.is_dir():
            shutil.copytree(current, folder / FOLDER)
            return True
        index_site(folder, language, self.children)
        return False

    def filled(self, *, carried: bool) -> None:
        """The folder given to ``fill`` is in place."""
        self._stale = carried

    def updated(self, language: str | None, written: int) -> None:
        """A build wrote ``written`` files of the site in place."""
        self._language = language
        self._stale = self.enabled and (self._stale or written > 0)

    def refresh(self) -> bool:
        """Index the pages in place again and put the index in place in one step; False
        (the new index thrown away) when a build began meanwhile."""
        with self._lock:
            builds, language = self._builds, self._language
        made = make_index(self.site, language, self.children)
        with self._lock:
            if self._builds != builds:
                discard_index(made)
                return False
            put_index(made, self.site)
            self._stale = False
        return True
