"""What the last build wrote, kept on disk, so that the next one (a new process) renders
only the outputs whose key changed: written in place (update.py), or, for a full build,
into a new folder that hard-links the rest from the old site.

Per output path: a digest of its key (``KeyDigests``: what it is made from, the same
in every process), a digest of its bytes, and the stamp (mtime_ns, size, inode) of
its file in the site as the build left it; and the site folder's identity (its
inode, the marker's stamp).  A file is taken from the old site only when the folder
is the one recorded, its key digest is equal and its file's stamp is unchanged (a
file edited or replaced by hand since is made again).

How a key is digested: key_digests.py.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from ..fsutil import Stamp, as_stamp, stamp
from ..load.cache import Entries, Part
from .inputs import LastViews
from .key_digests import KeyDigests
from .plan.outputs import Groups, Output
from .publish.swap import MARKER

Entry = tuple[str, str, Stamp]  # key digest ("": not taken), bytes digest, stamp in the site


class LastBuild(Part):
    """The one record of what the last build wrote into the site folder ``folder``, full or
    in place: per output path its key digest, bytes digest and file stamp, the theme they
    were made with, and (in memory only: serve's builder) the key object itself, so that
    an unchanged output costs a pointer comparison and no digest.

    Kept on disk in the cache (the ``site`` part) for the next process; every build,
    full or in place, leaves it describing the site exactly.  An entry written in place
    under serve has no key digest until the record is saved (``dump`` takes it then, so
    that an edit never waits on claims.json's key, which names every claim)."""

    name = "site"

    def __init__(self) -> None:
        self.files: Entries[str, Entry] = Entries()
        # The site folder, its inode and its marker's stamp, as the build left them.
        self.folder: tuple[str, int, Stamp] | None = None
        self.theme = ""  # the salt of the key digests: the theme and the renderers
        self.keys: dict[str, object] = {}  # memory only: each entry's key, when known
        # Memory only: the last good build's key digests (with its dependency index, and
        # what they took already) and plan, with which ``dump`` digests the keys serve did
        # not (those of that plan only) and the plan's pieces.
        self.digests: KeyDigests | None = None
        # What a build in a new process carries over unmade (site/carried.py), as of the
        # last good plan: per file joined from pieces (Output.pieces), each piece's name and
        # key digest in the file's order; per group of outputs (a claim's in a language,
        # plan.pages.Groups), its key digest and its paths.  In memory, that plan's, which
        # ``dump`` digests; forgotten when a file is written without a plan settled after.
        self.pieces: dict[str, list[tuple[str, str]]] = {}
        self.groups: dict[str, list[str]] = {}
        # What the views show of each record alone, by its file's digest (inputs.shown), as
        # the last good plan's key digests used or made them: a build in a new process
        # digests no unchanged record again (10,000 claims and their sources: 0.1 s).
        self.records: dict[str, tuple[str, ...]] = {}
        # What the last good plan's claim views were made from (inputs.LastViews): a build in
        # a new process works out again only the views its edits since can touch.
        self.views: LastViews | None = None
        self._planned: Sequence[Output] = ()
        # Memory only: the plan the site is exactly, from its settling until a file is
        # written or deleted again (a build that fails after its first commit settles none):
        # an output of it, the very object, is unchanged (update.changed).
        self.current: Sequence[Output] = ()
        self.current_pages = 0  # how many of its outputs are pages
        self._pieces_due = False  # the plan's pieces not yet digested
        self._grouped: tuple[Callable[[], Groups], ...] = ()

    def tables(self) -> Iterable[Entries[Any, Any]]:
        return (self.files,)

    def dump(self) -> Any:
        digests = self.digests if self.digests is not None else KeyDigests(self.theme)
        planned = {o.path: o.key for o in self._planned}
        keys: list[str] = []
        done: list[str] = []
        stamps: list[int] = []
        for path, (key, written, found) in self.files.items.items():
            # A key of an older plan is not the last index's to digest: left "" (made again).
            held = self.keys.get(path)
            if not key and held is not None and held is planned.get(path):
                key = digests.of(held) or ""
            keys.append(key)
            done.append(written)
            stamps += found
        self._digest_plan(digests)
        # Column by column (each stamp's three numbers in a row): read back by zip, in C,
        # not an entry at a time (32,000 files and 10,000 groups at 10,000 claims).
        return {
            "folder": self.folder,
            "theme": self.theme,
            "files": [list(self.files.items), keys, done, stamps],
            "pieces": {
                path: [[name for name, _ in pieces], [key for _, key in pieces]]
                for path, pieces in self.pieces.items()
            },
            "groups": [list(self.groups), list(self.groups.values())],
            "records": [list(self.records), list(self.records.values())],
            "views": self.views.to_json() if self.views is not None else None,
        }

    def _digest_plan(self, digests: KeyDigests, *, views: bool = False) -> None:
        """The settled plan's pieces and groups digested, and the records' digests taken;
        ``views``: what its claims' views were made from too (a one-shot build's alone:
        under serve the links its analysis reads have moved on by the time of a save, and
        the views an earlier build kept serve as well, the edits since being found)."""
        for o in self._planned if self._pieces_due else ():
            if o.pieces is not None:
                self.pieces[o.path] = [(name, digests.of(m) or "") for name, m in o.pieces()]
        for groups in self._grouped:
            for name, (made, paths) in groups():
                self.groups[name] = [digests.of(made) or "", *paths]
        self._pieces_due, self._grouped = False, ()
        if digests.inputs is not None and digests.inputs.records:
            self.records = digests.inputs.shown_records()
            if views:
                self.views = digests.inputs.views()

    def sealed(self) -> None:
        """A one-shot build's record, digested now, lets go of the plan, its views and the
        analysis: the cache's save that ends the build then makes what it writes in the
        memory they leave, not beside them (the build's peak, 14 MiB at 10,000 claims).
        Every entry has its key digest already (a full build's, or an update's)."""
        if self.digests is not None:
            self._digest_plan(self.digests, views=True)
        self.digests, self._planned, self.current = None, (), ()

    def restore(self, data: Any) -> None:
        folder = data["folder"]
        if folder is not None:
            out, inode, marker = folder
            self.folder = (str(out), int(inode), as_stamp(marker))
        self.theme = str(data["theme"])
        # Read by zip, in C; the shapes checked (strict), and the texts that serve as keys.
        # A digest or a stamp of another type is never equal to one made: its file is made
        # again, nothing worse.
        paths, keys, done, numbers = data["files"]
        if len(numbers) != 3 * len(paths):
            raise ValueError("a stamp is three numbers")
        stamps = zip(*(iter(numbers),) * 3, strict=True)
        files = zip(keys, done, stamps, strict=True)
        self.files = Entries(dict(zip(map(str, paths), files, strict=True)))
        self.files.used = set(self.files.items)  # the whole site: every entry is kept
        self.pieces = {
            str(path): list(zip(map(str, names), digests, strict=True))
            for path, (names, digests) in data["pieces"].items()
        }
        names, groups = data["groups"]
        self.groups = dict(zip(map(str, names), (list(map(str, g)) for g in groups), strict=True))
        files_, shown = data["records"]
        self.records = dict(zip(map(str, files_), (tuple(map(str, s)) for s in shown), strict=True))
        views = data["views"]
        self.views = None if views is None else LastViews.from_json(views)

    def links(self, out: Path, theme: str) -> bool:
        """Whether a full build into a new folder can take files from the site at ``out``
        (link_unchanged): it is the one this record describes, with files."""
        return self.describes(out, theme) and bool(self.files.items)

    def describes(self, out: Path, theme: str) -> bool:
        """Whether this is the record of the site now at ``out``, made with ``theme``: the
        folder, its inode and its marker's stamp are the ones the last build left."""
        if self.folder is None or self.folder[0] != str(out) or self.theme != theme:
            return False
        try:
            inode = out.stat().st_ino
        except OSError:
            return False
        return inode == self.folder[1] and stamp(str(out / MARKER)) == self.folder[2]

    def replace(
        self,
        folder: tuple[str, int, Stamp],
        theme: str,
        files: dict[str, Entry],
        keys: dict[str, object],
    ) -> None:
        """What a full build just swapped in."""
        self.folder, self.theme, self.keys = folder, theme, keys
        self.files = Entries()
        self.files.items = files
        self.files.used = set(files)
        self.files.changed = True
        self._unsettled()

    def settled(
        self,
        digests: KeyDigests,
        outputs: Sequence[Output],
        groups: tuple[Callable[[], Groups], ...] = (),
        pages: int = 0,
    ) -> None:
        """The site is the plan of ``outputs`` (with its ``groups``; ``pages`` of them are
        pages), whose keys ``digests`` digest (with the dependency index of the analysis
        they were made from)."""
        # Digested only if the record is saved: while it is not, no file changed, nor did
        # the pieces or groups of any (equal keys throughout).  Kept as the plan's list
        # until then: under serve each edit settles a plan, and most are never saved.
        self.digests, self._planned = digests, outputs
        self.current, self.current_pages = outputs, pages
        self._pieces_due, self._grouped = True, groups

    def _unsettled(self) -> None:
        """Files were written: what was carried over describes them no more until a plan is
        settled (a build that fails after its first commit settles none)."""
        self.pieces, self.groups, self._pieces_due, self._grouped = {}, {}, False, ()
        self.current = ()

    def wrote(self, out: Path, entries: dict[str, Entry], keys: dict[str, object]) -> None:
        """What an update in place just committed (commit.py moved the marker too)."""
        for path, entry in entries.items():
            self.files.put(path, entry)
        self.keys.update(keys)
        self.files.changed = True
        self.folder = (str(out), out.stat().st_ino, stamp(str(out / MARKER)) or (0, 0, 0))
        self._unsettled()

    def deleted(self, paths: Iterable[str]) -> None:
        for path in paths:
            self.files.items.pop(path, None)
            self.files.used.discard(path)
            self.keys.pop(path, None)
        self.files.changed = True
        self._unsettled()


def folder_identity(tmp: Path, out: Path) -> tuple[str, int, Stamp]:
    """What ``tmp`` will be once swapped in at ``out``: its inode and its marker's stamp
    (a rename keeps both)."""
    marker = stamp(str(tmp / MARKER))
    assert marker is not None  # written first, before anything else
    return (str(out), tmp.stat().st_ino, marker)


def link_unchanged(
    kept: LastBuild,
    out: Path,
    tmp: Path,
    outputs: list[Output],
    keys: dict[str, str | None],
    theme: str,
) -> dict[str, tuple[str, Stamp]]:
    """Hard-link into ``tmp`` each output the site at ``out`` holds as the last full build
    wrote it, for the same key; returns path -> (bytes digest, stamp) of each.

    Taken only when ``out`` is the folder that build left (its inode and its marker's
    stamp) and the file's stamp is the one recorded (not edited or replaced since).  A
    file that cannot be linked (another file system, too many links) is copied.
    """
    if not kept.links(out, theme):
        return {}
    old, new = str(out) + os.sep, str(tmp) + os.sep
    linked: dict[str, tuple[str, Stamp]] = {}
    made_folders: set[str] = set()
    for output in outputs:
        path = output.path
        key = keys[path]
        entry = kept.files.get(path)
        if key is None or entry is None or entry[0] != key or stamp(old + path) != entry[2]:
            continue
        parent = path.rpartition("/")[0]
        if parent and parent not in made_folders:
            os.makedirs(new + parent, exist_ok=True)
            made_folders.add(parent)
        try:
            os.link(old + path, new + path)
            now = entry[2]
        except OSError:
            shutil.copyfile(old + path, new + path)
            copied = stamp(new + path)
            if copied is None:
                continue
            now = copied
        linked[path] = (entry[1], now)
    return linked


def made_entries(
    tmp: Path, made: list[Output], keys: dict[str, str | None], digests: dict[str, str]
) -> dict[str, Entry]:
    """The entries of the outputs this build rendered into ``tmp`` (an output without a key
    digest, "": never taken from the disk, only by its key object in memory)."""
    base = str(tmp) + os.sep
    entries: dict[str, Entry] = {}
    for output in made:
        found = stamp(base + output.path)
        if found is not None:
            entries[output.path] = (keys[output.path] or "", digests[output.path], found)
    return entries
