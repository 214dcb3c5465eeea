"""What the last build wrote, kept on disk, so that the next one (a new process) renders
only the outputs whose key changed: written in place (update.py), or, for a full build,
into a new folder that hard-links the rest from the old site.

Per output path: a digest of its key (``KeyDigests``: what it is made from, the same
in every process), a digest of its bytes, and the stamp (mtime_ns, size, inode) of
its file in the site as the build left it; and the site folder's identity (its
inode, the marker's stamp).  A file is taken from the old site only when the folder
is the one recorded, its key digest is equal and its file's stamp is unchanged (a
file edited or replaced by hand since is made again).

The key digest is as discriminating as comparing the keys in memory (``==``):
dataclasses by their class and compared fields (``field(compare=False)`` is left
out, as ``==`` leaves it), pydantic models by their class and fields, dicts and
sets whatever their order, enums by class and value; orjson writes the leaves.  A
claim's view and its summary, which most keys hold, are written as the digests of
what they are made from (site/inputs.py), and a source's view with its record as the
digest of its file, so nothing large is walked twice.  A
value of any other type makes the key undigestable: that output is always made.
Lists and tuples both digest as arrays, and dict keys as text: no field of a view
or a record holds either a list or a tuple, and their dicts are keyed by text.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import operator
import os
import shutil
import sys
from collections.abc import Callable, Iterable, Sequence
from functools import cache as memoise
from importlib import metadata
from pathlib import Path
from typing import Any

import orjson
from pydantic import BaseModel

from ..fsutil import Stamp, as_stamp, stamp
from ..load.cache import Entries, Part
from .inputs import Inputs
from .model.views import ClaimSummary, ClaimView, SiteSettings, SourceView
from .plan.outputs import Groups, Kept, Output
from .publish.swap import MARKER

_OPTIONS = orjson.OPT_NON_STR_KEYS | orjson.OPT_SORT_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS
# How a type is written: its name and the getter of its compared fields.
_Plan = tuple[str, Callable[[Any], Any]]


class KeyDigests:
    """Stable digests of outputs' keys, for one build (``salt``: the theme, which every page
    is rendered with, so that another theme gives other digests).

    With ``inputs`` (the dependency index of the build's analysis), a claim's view or
    summary is written as the digest of what it is made from (site/inputs.py), not walked:
    the same for equal views, and a few bytes where a view is thousands."""

    def __init__(self, salt: str, inputs: Inputs | None = None) -> None:
        self.salt = salt
        self._salt = salt.encode()
        self._inputs = inputs
        self._plans: dict[type, _Plan] = {}
        # The site's settings, which every page's key and every line of claims.json holds,
        # and each source's view, which its pages and sources.json hold: walked once per
        # object (held here, so that its id is not another's), not 30,000 times a build.
        self._walked: dict[int, tuple[object, dict[str, str]]] = {}

    @property
    def inputs(self) -> Inputs | None:
        return self._inputs

    def of(self, key: object) -> str | None:
        """The key's digest; None when it has none (None: always made) or cannot have one."""
        if key is None:
            return None
        if type(key) is Kept:  # digested by the last build (site/carried.py)
            return key.digest
        try:
            body = orjson.dumps(key, default=self._default, option=_OPTIONS)
        except orjson.JSONEncodeError:  # a value of a type _default does not know
            return None
        return hashlib.blake2b(self._salt + b"\0" + body, digest_size=16).hexdigest()

    def _default(self, obj: Any) -> Any:
        kind = type(obj)
        if self._inputs is not None:
            if kind is ClaimView:
                return {"\0c": self._inputs.claim(obj.summary.id)}
            if kind is ClaimSummary:
                return {"\0u": self._inputs.summary(obj.id)}
            if kind is SourceView:
                # Its fields, its record as the digest of the file it was read from: a
                # record is its file's bytes read (4,000 records walked a build, else).
                record = self._inputs.source_file(obj.ref.id)
                return self._once(obj, "\0v", lambda view: [record, _SOURCE_VIEW(view)])
        if kind is SiteSettings:
            return self._once(obj, "\0g", self._walk)
        return self._walk(obj)

    def _once(self, obj: object, tag: str, walk: Callable[[Any], Any]) -> dict[str, str]:
        """What stands for ``obj``: the digest of what ``walk`` gives, taken once per object."""
        known = self._walked.get(id(obj))
        if known is None:
            walked = orjson.dumps(walk(obj), default=self._default, option=_OPTIONS)
            digest = hashlib.blake2b(walked, digest_size=16).hexdigest()
            known = self._walked[id(obj)] = (obj, {tag: digest})
        return known[1]

    def _walk(self, obj: Any) -> Any:
        """What stands for ``obj`` in the JSON digested: its type's name and compared fields."""
        kind = type(obj)
        plan = self._plans.get(kind)
        if plan is None:
            if issubclass(kind, frozenset | set):
                return {"\0s": self._set(obj)}
            plan = self._plans[kind] = _plan(kind)
        name, values = plan
        return {"\0": name, "\1": values(obj)}

    def _set(self, items: Iterable[object]) -> list[str]:
        """A set's members in an order of their own (not the hash's, which varies)."""
        return sorted(
            orjson.dumps(x, default=self._default, option=_OPTIONS).decode() for x in items
        )


@memoise
def renderers() -> str:
    """What, besides the code (the cache's name) and the theme, turns a key into bytes: the
    Python and the libraries that render and format (another version, other bytes)."""
    names = ("jinja2", "markupsafe", "babel", "orjson")
    return " ".join([sys.version, *(f"{n}={metadata.version(n)}" for n in names)])


def _plan(kind: type) -> _Plan:
    name = f"{kind.__module__}.{kind.__qualname__}"
    if issubclass(kind, BaseModel):
        # What pydantic's == compares: every field's value (extra and private attributes
        # too, which the records do not have).
        return name, _getter(tuple(kind.model_fields))
    if dataclasses.is_dataclass(kind):
        if not kind.__dataclass_params__.eq:  # type: ignore[attr-defined]
            # Compared by identity in memory: equal only to itself, never across builds.
            raise TypeError(f"{name} is compared by identity")
        fields = tuple(f.name for f in dataclasses.fields(kind) if f.compare)
        return name, _getter(fields)
    if issubclass(kind, enum.Enum):
        return name, operator.attrgetter("value")
    if issubclass(kind, bytes):
        return name, lambda b: hashlib.blake2b(b, digest_size=16).hexdigest()
    raise TypeError(f"no stable digest for {name}")


def _getter(fields: tuple[str, ...]) -> Callable[[Any], Any]:
    if len(fields) == 1:
        one = operator.attrgetter(fields[0])
        return lambda obj: (one(obj),)
    if not fields:
        return lambda obj: ()
    return operator.attrgetter(*fields)


# What a SourceView's digest walks besides its record (KeyDigests._default).
_SOURCE_VIEW = _getter(
    tuple(f.name for f in dataclasses.fields(SourceView) if f.compare and f.name != "record")
)


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
        files = {}
        for path, (key, done, found) in self.files.items.items():
            # A key of an older plan is not the last index's to digest: left "" (made again).
            held = self.keys.get(path)
            if not key and held is not None and held is planned.get(path):
                key = digests.of(held) or ""
            files[path] = (key, done, found)
        for o in self._planned if self._pieces_due else ():
            if o.pieces is not None:
                self.pieces[o.path] = [(name, digests.of(m) or "") for name, m in o.pieces()]
        for groups in self._grouped:
            for name, (made, paths) in groups().items():
                self.groups[name] = [digests.of(made) or "", *paths]
        self._pieces_due, self._grouped = False, ()
        if digests.inputs is not None and digests.inputs.records:
            self.records = digests.inputs.records
        return {
            "folder": self.folder,
            "theme": self.theme,
            "files": files,
            "pieces": self.pieces,
            "groups": self.groups,
            "records": self.records,
        }

    def restore(self, data: Any) -> None:
        folder = data["folder"]
        if folder is not None:
            out, inode, marker = folder
            self.folder = (str(out), int(inode), as_stamp(marker))
        self.theme = str(data["theme"])
        self.files = Entries(
            {str(p): (str(k), str(d), as_stamp(s)) for p, (k, d, s) in data["files"].items()}
        )
        self.files.used = set(self.files.items)  # the whole site: every entry is kept
        self.pieces = {
            str(path): [(str(name), str(key)) for name, key in pieces]
            for path, pieces in data["pieces"].items()
        }
        self.groups = {str(name): [str(x) for x in group] for name, group in data["groups"].items()}
        self.records = {
            str(file): tuple(str(d) for d in shown) for file, shown in data["records"].items()
        }

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
    if not kept.describes(out, theme) or not kept.files.items:
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
