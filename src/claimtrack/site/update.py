"""An update of the site in place: only the outputs whose key changed, the pages first.

SiteBuilder (build.py) plans the whole site after an edit; this writes what the edit
changed into the site folder as it is served, in commits (publish/commit.py): staged
beside the site, decided by a journal, renamed into place, so that a kill leaves the
site wholly old or wholly new to the next command.  What changed is told by the one
record of what the last build wrote (last_build.LastBuild): by key identity first (an
unchanged output is mostly the very Output, with the very key, of serve's last plan),
else by key digest (a new process: the record read from the cache).  A file is written
only when its bytes changed.  Under serve the pages are one commit and the data files
(claims.json, sources.json, the feeds, the sitemap) a second, so that a page never waits
for them and is never older than its record in claims.json; a command's update is one
commit.
"""

from __future__ import annotations

import operator
import os
from collections.abc import Callable, Iterable, Mapping
from itertools import compress, count, repeat
from pathlib import Path
from typing import NamedTuple

from ..fsutil import stamp
from .html.render import Renderer, digest, whole
from .key_digests import KeyDigests
from .last_build import Entry, LastBuild
from .plan.outputs import Content, Kept, Output
from .publish import commit, swap

# Files larger than this (claims.json, sources.json) are written again whenever their key
# changed, without comparing digests: hashing them costs as much as writing them.
DIGEST_MAX = 1 << 20


class Keys:
    """How an update tells an output unchanged: by the key object the record holds (serve:
    a pointer comparison, else ``==``), or, without one (a new process), by the digest
    of its key against the record's (``digests``: None when nothing is kept on disk).
    Under serve no key is digested during an edit: claims.json's key names every claim,
    whose input digests (site/inputs.py) take 0.2 s at 10,000 claims; the record takes
    the digests when it is saved."""

    def __init__(self, record: LastBuild, digests: KeyDigests | None, *, track: bool) -> None:
        self.record = record
        self._digests = None if track else digests
        self.taken: dict[str, str] = {}

    def same(self, output: Output) -> bool:
        key, path = output.key, output.path
        if key is None:
            return False
        if path in self.record.keys:
            last = self.record.keys[path]
            return last is key or last == key
        entry = self.record.files.items.get(path)
        if self._digests is None or entry is None or not entry[0]:
            return False
        found = self.taken[path] = self._digests.of(key) or ""
        return found == entry[0]

    def of(self, output: Output) -> str:
        """The key digest to record for an output made again ("": not taken now)."""
        found = self.taken.get(output.path)
        if found is None and self._digests is not None and output.key is not None:
            found = self._digests.of(output.key) or ""
        return found or ""


class Changed(NamedTuple):
    todo: list[Output]  # the outputs to make again
    gone: list[str]  # the files of the last build that no output has any more
    pages: int  # how many of the outputs are pages


def changed(out: Path, keys: Keys, outputs: list[Output], *, look: bool) -> Changed:
    """The outputs to make again: new, or with another key, or (``look``) whose file in
    ``out`` is not the one the record describes (edited or deleted by hand); what is gone
    (a plan's paths are unique); and how many pages the plan has.

    Under serve (not ``look``), an output that is the very object in the same place in the
    plan the site is (LastBuild.current) is unchanged: one pointer comparison each, in C,
    so that only the outputs an edit touched go through the Python loop, not all 32,666
    (and the pages counted from that plan's count, with only the outputs that differ)."""
    base = str(out) + os.sep
    files = keys.record.files.items
    held = keys.record.keys.get  # serve's: most outputs are the very ones it last wrote
    current = keys.record.current
    rest: Iterable[Output] = outputs
    known = 0  # outputs the record has an entry for (every held key has one)
    if not look and len(current) == len(outputs):
        places = list(compress(count(), map(operator.is_not, current, outputs)))
        rest = [outputs[i] for i in places]
        known = len(outputs) - len(places)
        pages = keys.record.current_pages + _pages(rest) - _pages(current[i] for i in places)
    else:
        pages = _pages(outputs)
    todo: list[Output] = []
    for o in rest:
        key = o.key
        if (held(o.path) is key and key is not None and not look) or type(key) is Kept:
            known += 1  # the same key object, or carried over (looked at: carried.py)
            continue
        entry = files.get(o.path)
        if entry is None:
            todo.append(o)
            continue
        known += 1
        # Every commit writes the marker again: its stamp is the folder's, not the entry's.
        if keys.same(o) and (not look or o.path == swap.MARKER or stamp(base + o.path) == entry[2]):
            continue
        todo.append(o)
    if known == len(files):
        return Changed(todo, [], pages)
    return Changed(todo, sorted(files.keys() - {o.path for o in outputs}), pages)


_TEMPLATE = operator.attrgetter("template")


def _pages(outputs: Iterable[Output]) -> int:
    """How many of ``outputs`` are pages (``o.is_page``), counted in C."""
    return sum(map(operator.is_not, map(_TEMPLATE, outputs), repeat(None)))


def write(
    out: Path,
    keys: Keys,
    renderer: Renderer,
    todo: list[Output],
    lap: Callable[[str], None],
    pages_written: Callable[[], None] | None,
    replacing: Callable[[Mapping[str, bytes], Iterable[str]], None],
    gone: list[str],
    *,
    track: bool,
) -> int:
    """Render ``todo`` and commit what changed, deleting ``gone``; returns how many files
    were written.  With ``pages_written`` (serve) the pages are committed first, then it
    is called, then the data files are made and committed; else one commit.  Before
    anything is written, ``replacing`` (the search index's) is told the pages about to
    be written and the files about to be deleted (a command's indexes them then)."""
    pages = [(o, whole(renderer.render(o))) for o in todo if o.is_page]
    lap("render")
    replacing({o.path: content for o, content in pages}, gone)
    made: list[tuple[Output, Written]] = [*pages]
    if pages_written is None:
        made += [(o, _parts(renderer.render(o))) for o in todo if not o.is_page]
        lap("aggregates")
    written = _commit(out, keys, made, gone, track=track)
    lap("write")
    if pages_written is not None:
        if written:
            pages_written()
        rest: list[tuple[Output, Written]] = [
            (o, _parts(renderer.render(o))) for o in todo if not o.is_page
        ]
        written += _commit(out, keys, rest, [], track=track)
        lap("aggregates")
    return written


# What an update writes of an output: a page's bytes, or a data file's parts, never joined
# (claims.json, 26 MB at 10,000 claims, is mostly views into the file the last build
# wrote: joined, it was held twice at the build's peak).
Written = bytes | list[bytes | memoryview]


def _parts(content: Content) -> Written:
    return content if isinstance(content, bytes) else list(content)


def _commit(
    out: Path, keys: Keys, made: list[tuple[Output, Written]], gone: list[str], *, track: bool
) -> int:
    """One commit of the files among ``made`` whose bytes changed, and of ``gone``; the
    record learns every output of ``made`` (a new key with the same bytes too)."""
    record = keys.record
    writes: dict[str, Written] = {}
    entries: dict[str, Entry] = {}
    for o, content in made:
        entry = record.files.items.get(o.path)
        size = len(content) if isinstance(content, bytes) else sum(map(len, content))
        large = size > DIGEST_MAX
        new = "" if large else digest(content)
        same = entry is not None and not large and entry[1] == new
        if same and entry is not None and stamp(os.path.join(out, o.path)) == entry[2]:
            entries[o.path] = (keys.of(o), new, entry[2])
        else:
            writes[o.path] = content
            entries[o.path] = (keys.of(o), new, (0, 0, 0))
    stamps = commit.commit(out, writes, gone)
    for path, found in stamps.items():
        key, done, _ = entries[path]
        entries[path] = (key, done, found)
    record.wrote(out, entries, {o.path: o.key for o, _ in made} if track else {})
    if gone:
        record.deleted(gone)
    return len(writes)
