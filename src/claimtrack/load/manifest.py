"""A command's run by its inputs' stamps, so that a run nothing changed for is replayed.

At the end of a run that succeeded, ``build`` and ``check`` write a manifest beside
the cache (``run-<command>.json`` in load/cache/'s folder): a digest of the stamps
(fsutil.Stamp: mtime_ns, size, inode) of every input the run read, the options that
shape its result, what it printed and its exit code, and for ``build`` the identity of the
site folder it left (see ``Manifest.outputs``).  The next run of the same command
lists and stats the same files; when every stamp, option and output is equal, it
prints what the last run left for it to print (check: the same bytes; build: that
nothing changed), exits with its code and does nothing else.  Any
difference, an unreadable manifest or ``--no-cache``: the normal path.

The inputs: the tracker's files as the loader looks at them (``files.tracker_stamps``:
every name ``files.list_files`` reads or reports on, records, archives, saved pages,
tracker.yaml, misnamed files, by one scandir of each folder; the listing itself is made
only for a run that is not replayed), what the caller adds (build: templates/ and static/,
as the theme lists them) and the module file of each library it builds with; and
among the options, the fingerprint of every file of the claimtrack package itself
(code, packaged templates, catalogs: package.py, as the cache names its files
by), so that another claimtrack, Python or library version never replays.

The racy-clean rule (fsutil.is_recent): a file written within the last two
seconds can change again without its stamp changing.  The stamps are taken
before the run reads anything; a manifest with a recent stamp among them is not
written, and a run that sees a recent stamp now does not replay.

Only the standard library and orjson are imported here: a replay must cost no more
than starting Python and a stat per file.
"""

from __future__ import annotations

import hashlib
import importlib.util
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

import orjson

from .. import package
from .._version import __version__
from ..fsutil import Stamp, atomic_write_bytes, is_recent, newest, stamp
from ..problems import Problem
from .cache import cache_folder
from .cache.layout import UNREADABLE
from .files import Seen, list_files, tracker_stamps

# None: the path does not exist (or cannot be stat'ed) now.
Stamps = dict[str, Stamp | None]


def stamps(paths: Iterable[tuple[str, str]]) -> Stamps:
    """The stamp of each (name, path), by name."""
    return {name: stamp(path) for name, path in paths}


def _digest_of(found: Stamps) -> str | None:
    """``digest``, or None for a file name that is not UTF-8 (JSON cannot hold it)."""
    try:
        return digest(found)
    except orjson.JSONEncodeError:
        return None


def digest(found: Stamps) -> str:
    """What a manifest keeps of its inputs' stamps: one value to compare costs less than
    ten thousand stamps read back (lists, in JSON) and compared with tuples."""
    return hashlib.blake2b(orjson.dumps(found), digest_size=16).hexdigest()


# The libraries whose version can change what a run prints or builds.
_LIBRARIES = (
    "pydantic",
    "pydantic_core",
    "yaml",
    "jinja2",
    "markupsafe",
    "babel",
    "pint",
    "orjson",
    "pagefind",
    "pagefind_bin_extended",
    "PIL",  # share cards' pixels
    "budoux",  # where their Chinese lines break
)


def library_paths() -> list[tuple[str, str]]:
    """Each library's module file, found without importing it (an upgrade replaces it)."""
    found = []
    for name in _LIBRARIES:
        spec = importlib.util.find_spec(name)
        found.append((f"library:{name}", spec.origin if spec and spec.origin else ""))
    return found


@dataclass(frozen=True)
class Replay:
    stdout: str
    stderr: str
    code: int

    def show(self) -> int:
        """Print what the run printed; its exit code."""
        if self.stderr:
            sys.stderr.write(self.stderr)
        # Written as print wrote it, the newline apart: a reader gone away (`check | head`)
        # during a long write shows as BrokenPipeError on the write after it, inside the
        # command, where cli.py turns it into exit 141.
        out = self.stdout
        if out.endswith("\n"):
            print(out[:-1])
        else:
            sys.stdout.write(out)
        sys.stdout.flush()
        return self.code


class Manifest:
    """One command's manifest in the tracker's cache folder (``root`` resolved).

    ``options``: what besides the files shapes the result (plain JSON data).
    ``extra``: further inputs as (name, path), beyond the tracker's and the libraries'.
    The inputs are stamped when this is made, before the run reads anything.
    """

    def __init__(
        self,
        command: str,
        root: Path,
        options: Mapping[str, Any],
        extra: Iterable[tuple[str, str]] = (),
        *,
        listing: bool = False,
    ) -> None:
        folder = cache_folder(root)
        self.path = folder / f"run-{command}.json"
        code = package.fingerprint(folder)
        self.options = {"version": __version__, "python": sys.version, "code": code, **options}
        self._root = root
        # Every file the run may read, by one stat each and no more (not yet classified, so
        # that a replay costs little more than starting Python): a superset of the listing.
        tracker, scanned = tracker_stamps(root)
        inputs = {**tracker, **stamps([*extra, *library_paths()])}
        # What a replay and a record compare: the stamps' digest and the newest of them, not
        # the 14,000 stamps, which a build would hold to its end (5 MiB at 10,000 claims).
        self._inputs, self._newest = _digest_of(inputs), newest(inputs.values())
        # ``listing``: the run lists the tracker from the same stamps (``seen``: check's).
        self._tracker, self._scanned = (tracker, scanned) if listing else ({}, {})

    @cached_property
    def seen(self) -> Seen:
        """The loader's listing with the stamps taken above (a run that is not replayed):
        listed once, each file stat'ed once, before the run read any."""
        problems: list[Problem] = []
        listing, copies = list_files(self._root, problems, self._scanned)
        self._scanned = {}  # the names scanned: the listing holds what it needs of them
        # A superset of the listing's stamps; the loader stamps a file new since (whose
        # stamp is then not among those this run records: the next run does not replay).
        return Seen(listing, copies, problems, self._tracker)

    def _recent(self) -> bool:
        """Whether an input may still change unseen (fsutil.is_recent, now), or one has a
        name that is not UTF-8 (no digest): either way the run is neither replayed nor kept."""
        return self._inputs is None or (self._newest is not None and is_recent(self._newest))

    def replay(self, outputs: Iterable[tuple[str, str]] = ()) -> Replay | None:
        """What the last run printed, when nothing it read or left has changed since."""
        if self._recent():
            return None
        try:
            data = orjson.loads(self.path.read_bytes())
            if (
                data["options"] != self.options
                or data["inputs"] != self._inputs
                or data["outputs"] != digest(stamps(outputs))
            ):
                return None
            return Replay(str(data["stdout"]), str(data["stderr"]), int(data["code"]))
        except UNREADABLE:
            return None

    def record(
        self, stdout: str, stderr: str, code: int, outputs: Iterable[tuple[str, str]] = ()
    ) -> None:
        """Remember this run (call after it succeeded); not when an input it read may still
        change unseen (racy clean), and not when the cache folder cannot be written."""
        try:
            if self._recent():
                self.path.unlink(missing_ok=True)
                return
            try:
                body = {
                    "options": self.options,
                    "inputs": self._inputs,
                    "outputs": digest(stamps(outputs)),
                    "stdout": stdout,
                    "stderr": stderr,
                    "code": code,
                }
                raw = orjson.dumps(body)
            except orjson.JSONEncodeError:  # a file name that is not UTF-8: not kept
                self.path.unlink(missing_ok=True)
                return
            self.path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_bytes(self.path, raw, durable=False)
        except OSError:
            return  # a read-only checkout still runs; it only cannot remember
