"""Two builds of one tracker compared: the site's files, modes and bytes, the warnings, or
how the build failed (the incremental and warm-build property tests)."""

from __future__ import annotations

import difflib
import re
import stat
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jinja2 import TemplateError

from claimtrack.errors import DataError

from .site_support import in_search_bundle

SiteFiles = dict[str, tuple[int, bytes | None]]  # path -> (mode, bytes; None for a folder)


def snapshot(folder: Path) -> SiteFiles:
    """Every file and folder under ``folder`` (hidden ones too), with its mode and bytes,
    but the search bundle: an update in place leaves it to be made again later
    (SearchIndex.refresh, test_site_search.py), and site_support.SEARCH_BUNDLE says why
    two indexings differ anyway."""
    found: SiteFiles = {}
    for path in sorted(folder.rglob("*")):
        mode = path.lstat().st_mode
        rel = path.relative_to(folder).as_posix()
        if in_search_bundle(rel):
            continue
        found[rel] = (mode, None if stat.S_ISDIR(mode) else path.read_bytes())
    return found


@dataclass(frozen=True)
class Outcome:
    """What a build gave: the site and its warnings, or how it failed."""

    kind: str  # "built", "DataError", or the type of another exception
    problems: tuple[tuple[str, int, int, str, str], ...] = ()
    site: SiteFiles | None = None
    message: str = ""


def _problems(problems: Iterable[Any]) -> tuple[tuple[str, int, int, str, str], ...]:
    # In the order the build gave them: a warm build sorts its check's problems after
    # its pages are in place (Checker.run's ordered), and must give the cold order.
    return tuple((p.path, p.line, p.column, p.code, p.message) for p in problems)


def outcome(build: Callable[[], Any], out: Path) -> Outcome:
    try:
        result = build()
    except DataError as exc:
        return Outcome("DataError", _problems(exc.problems))
    except TemplateError as exc:  # a broken override is an internal error today: compare it too
        return Outcome(type(exc).__name__, message=str(exc))
    # The plan's counts too: serve's update counts the pages from the last plan's count.
    counted = f"{result.pages} pages, {result.files} files"
    return Outcome("built", _problems(result.warnings), snapshot(out), counted)


def explain(incremental: Outcome, full: Outcome) -> str:
    """Where two outcomes differ, shortly: kinds, problems, or the first differing files."""
    if incremental.kind != full.kind:
        return (
            f"incremental: {incremental.kind} {incremental.message} {incremental.problems[:5]}\n"
            f"full: {full.kind} {full.message} {full.problems[:5]}"
        )
    lines = []
    if incremental.problems != full.problems:
        lines.append(
            f"problems differ:\n  incremental {incremental.problems}\n  full {full.problems}"
        )
    if incremental.message != full.message:
        lines.append(f"messages differ: {incremental.message!r} / {full.message!r}")
    a, b = incremental.site or {}, full.site or {}
    for path in sorted(a.keys() | b.keys()):
        if a.get(path) == b.get(path):
            continue
        if path not in a or path not in b:
            lines.append(f"{path}: only in the {'full' if path in b else 'incremental'} build")
        elif a[path][0] != b[path][0]:
            lines.append(f"{path}: mode {oct(a[path][0])} (incremental) != {oct(b[path][0])}")
        else:
            old = (a[path][1] or b"").decode("utf-8", "replace").splitlines()
            new = (b[path][1] or b"").decode("utf-8", "replace").splitlines()
            diff = difflib.unified_diff(old, new, "incremental", "full", n=1, lineterm="")
            lines.append(f"{path}: bytes differ\n" + "\n".join(list(diff)[:20]))
    return "\n".join(lines)


# Pagefind names a filter chunk, and the metadata naming the chunks, by a hash of their
# bytes, which differ from one indexing to the next (site_support.SEARCH_BUNDLE); the
# words' chunks and the fragments are named for what they hold.
_UNSTABLE_NAME = re.compile(r"(filter/[^/]*|pagefind\.[^/]*\.pf_meta|pagefind-entry\.json)$")
_HASH = re.compile(r"[0-9a-f]{6,}")


def bundle_shape(folder: Path) -> list[str]:
    """The search bundles' file list, the names Pagefind hashes from unstable bytes with the
    hash left out (principle 4's one exception: a bundle is compared by its files, not bytes)."""
    found = []
    for path in folder.rglob("*"):
        rel = path.relative_to(folder).as_posix()
        if in_search_bundle(rel) and path.is_file():
            found.append(_HASH.sub("#", rel) if _UNSTABLE_NAME.search(rel) else rel)
    return sorted(found)
