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
import subprocess
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path

from ...errors import ClaimtrackError
from .. import addresses
from .swap import exchange

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


def _run(site: Path, output: Path, language: str | None) -> None:
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
        done = subprocess.run(
            command, cwd=site, env=env, capture_output=True, text=True, check=False
        )
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


def index_site(site: Path, language: str | None) -> float:
    """Write ``site/pagefind/`` from the pages in ``site``; returns the seconds it took."""
    started = time.perf_counter()
    _run(site, site / FOLDER, language)
    return time.perf_counter() - started


def make_index(site: Path, language: str | None) -> Path:
    """Index a live site into a new folder beside it (``put_index`` puts it in place)."""
    tmp = Path(tempfile.mkdtemp(prefix=f".{site.name}.search-{os.getpid()}-", dir=site.parent))
    try:
        _run(site, tmp / FOLDER, language)
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
