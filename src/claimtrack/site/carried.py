"""What a build in a new process takes over from the last build, unplanned and unmade.

A command's build in place after an edit has no views or outputs in memory from the
last build, only its record (last_build.LastBuild).  Two things it would otherwise make
for every claim it takes from that record and the site instead, while what they are
made from is unchanged:

- a claim's outputs in a language (its page, its embed, its oEmbed file: a group,
  plan.pages.Groups), when the digest of the key they are all made from is the one
  recorded and each file is as the last build left it: each comes back as an Output with
  a Kept key, which the update takes for unchanged without planning, digesting or
  rendering it;
- claims.json's lines (Output.pieces), each taken from the file the last build wrote
  when the digest of its key is the one recorded and the file's stamp is the recorded one.

The keys are digested as every output key is (key_digests.KeyDigests, with the
dependency index of site/inputs.py), so a group or a piece is carried exactly when each
of its outputs would have been found unchanged one by one.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..fsutil import stamp
from .data.jsonfiles import document_lines
from .key_digests import KeyDigests
from .last_build import LastBuild
from .plan.outputs import Kept, Output


class FromLastBuild:
    """The groups and pieces of the build ``record`` describes, in its site ``out``.
    ``look``: each carried file's stamp is checked (a command's build: a file edited or
    deleted by hand is made again), as update.changed checks the rest."""

    def __init__(self, record: LastBuild, out: Path, digests: KeyDigests, *, look: bool) -> None:
        self._record, self._digests, self._look = record, digests, look
        self._base = str(out) + os.sep
        self._files: dict[str, dict[str, tuple[str, memoryview]]] = {}
        self._taken: dict[str, dict[str, Kept]] = {}

    def group(self, name: str, key: object) -> tuple[Kept, tuple[Output, ...]] | None:
        recorded = self._record.groups.get(name)
        if recorded is None or not recorded[0] or recorded[0] != self._digests.of(key):
            return None
        files = self._record.files.items
        kept = []
        for path in recorded[1:]:
            entry = files.get(path)
            if entry is None or not entry[0]:
                return None
            if self._look and stamp(self._base + path) != entry[2]:
                return None
            # A page still counts as one (BuildResult.pages, the share of pages changed).
            template = "" if path.endswith(".html") else None
            kept.append(Output(path, template=template, key=Kept(entry[0])))
        return Kept(recorded[0]), tuple(kept)

    def piece(self, path: str, name: str, key: object) -> memoryview | None:
        pieces = self._files.get(path)
        if pieces is None:
            pieces = self._files[path] = self._read(path)
        found = pieces.get(name)
        if found is None or not found[0] or found[0] != self._digests.of(key):
            return None
        self._taken.setdefault(path, {})[name] = Kept(found[0])
        return found[1]

    def taken(self, path: str) -> dict[str, Kept]:
        return self._taken.get(path, {})

    def _read(self, path: str) -> dict[str, tuple[str, memoryview]]:
        """The pieces of a file (a jsonfiles.document: a piece per line) by name, when the
        file is the one recorded; else none.  Each is a view into the file's bytes, read
        once: the new file is written from them without a copy (update.write)."""
        recorded = self._record.pieces.get(path)
        entry = self._record.files.items.get(path)
        file = self._base + path
        if not recorded or entry is None or stamp(file) != entry[2]:
            return {}
        try:
            with open(file, "rb") as f:
                lines = document_lines(f.read())
        except OSError:
            return {}
        if len(lines) != len(recorded):
            return {}
        return {name: (key, line) for (name, key), line in zip(recorded, lines, strict=True)}
