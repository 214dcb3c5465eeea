"""An update of the site in place: only the outputs whose key changed, the pages first.

SiteBuilder (build.py) plans the whole site after an edit; this writes what the edit
changed into the site folder as it is served.  The comparison is by identity first: an
unchanged output is mostly the very Output, with the very key, of the last plan.  The
pages are rendered and written before the data files (claims.json, sources.json, the
feeds, the sitemap) are made, so that a page never waits for them and is never older
than its record in claims.json.  Each file is written atomically (readers see the old
bytes or the new ones), and only when its bytes changed.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from ..fsutil import atomic_write_bytes
from .html.render import Renderer, digest
from .plan.outputs import Output

# Files larger than this (claims.json, sources.json) are written again whenever their key
# changed, without comparing digests: hashing them costs as much as writing them.
DIGEST_MAX = 1 << 20


@dataclass(frozen=True)
class FileState:
    # What the output was made from: immutable view models, compared by value, so that an
    # equal key means the same bytes (the theme is compared separately).  None: always make.
    key: object
    digest: str  # of the bytes written; "" when not hashed (DIGEST_MAX)
    # A large file's bytes as written (the planner's own object, not a copy): made again
    # from the same pieces, the planner gives the same object, and it is not written again.
    data: bytes | None = None


def changed(
    out: Path,
    files: dict[str, FileState],
    outputs: list[Output],
    keys: dict[str, object],
    *,
    look: bool,
) -> tuple[list[Output], bool]:
    """The outputs to make again, and whether every output has a file of the last build
    (then, as many outputs as files, none can have gone).  ``look``: also those whose file
    is missing from ``out`` (deleted by hand)."""
    base = str(out) + os.sep
    todo: list[Output] = []
    known = True
    for o in outputs:
        key = keys[o.path]
        done = files.get(o.path)
        if done is None:
            known = False
        elif (
            key is not None
            and (done.key is key or done.key == key)
            and (not look or os.path.isfile(base + o.path))
        ):
            continue
        todo.append(o)
    return todo, known


def write(
    out: Path,
    files: dict[str, FileState],
    renderer: Renderer,
    todo: list[Output],
    keys: dict[str, object],
    lap: Callable[[str], None],
    pages_written: Callable[[], None] | None,
    replacing: Callable[[Mapping[str, bytes], Iterable[str]], None],
    gone: list[str],
) -> int:
    """Render and write ``todo``, the pages first (then ``pages_written()``, when a page
    was written), then the data files; returns how many files were written.  Before
    anything is written, ``replacing`` (the search index's) is told the pages about to be
    written and the files about to be deleted (``gone``, which the caller deletes)."""
    made = [(o.path, renderer.render(o)) for o in todo if o.is_page]
    lap("render")
    replacing(dict(made), gone)
    written = _write_each(out, files, keys, made)
    lap("write")
    if written and pages_written is not None:
        pages_written()
    for o in todo:
        if not o.is_page:
            written += _write_each(out, files, keys, [(o.path, renderer.render(o))])
    lap("aggregates")
    return written


def _write_each(
    out: Path, files: dict[str, FileState], keys: dict[str, object], made: list[tuple[str, bytes]]
) -> int:
    written = 0
    for path, content in made:
        done = files.get(path)
        target = out / path
        large = len(content) > DIGEST_MAX
        new = "" if large else digest(content)
        same = done is not None and (done.data is content if large else done.digest == new)
        if not same or not target.is_file():
            target.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_bytes(target, content, durable=False)
            written += 1
        files[path] = FileState(keys[path], new, content if large else None)
    return written


def gone(files: dict[str, FileState], outputs: list[Output]) -> list[str]:
    """The files of the last build whose outputs the site no longer has."""
    current = {o.path for o in outputs}
    return sorted(set(files) - current)


def delete(out: Path, files: dict[str, FileState], paths: list[str]) -> None:
    """Delete ``paths`` (from ``gone``) from the site, and folders left empty."""
    for path in paths:
        del files[path]
        target = out / path
        target.unlink(missing_ok=True)
        folder = target.parent
        while folder != out and not any(folder.iterdir()):
            folder.rmdir()
            folder = folder.parent
