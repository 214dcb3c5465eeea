"""The one way a record file is edited: by `status`, `new measurement`, `translate` and
whatever comes next.  A claim, a source or tracker.yaml.

A change is a pure splice of the file's bytes (changes/, translation/).  The
workflow reads the file safely, splices it through the one checked splice
(splice.py), judges the result against every rule of `claimtrack check`
(proposal.judge), proves every quote the change adds (proof.py), and writes the new
bytes, after the new files it names, as one transaction (transaction.py) unless the
file changed while it ran.  :func:`propose` is the same without the writing: what an editor shows
before anything is saved.  A splice that changes nothing is neither judged nor written.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import ClaimtrackError, DataError
from ..layout import FOLDERS, SETTINGS_FILE, RecordKind, record_rel
from ..load import Loader, Tracker
from ..load.files import check_root, read_data_file
from ..load.validation import suggest
from ..problems import Problem, sort_problems
from ..records.values import ID_RULE, is_record_id
from .proof import new_quotes, prove
from .proposal import Verdict, judge
from .transaction import Transaction

# The file's bytes and its path from the root (for messages) -> its new bytes.  Pure;
# raises EditError (yamledit) when the text is shaped in a way it will not touch.
Splice = Callable[[bytes, str], bytes]


@dataclass(frozen=True, slots=True)
class Change:
    """One change to the file of claim ``record_id`` (or of source ``record_id``, or to
    tracker.yaml, whose id is "", by ``kind``)."""

    record_id: str
    splice: Splice
    # False for a skeleton, whose empty values are errors on purpose: the editor fills
    # them in.  It is written with them; the quotes it adds are proven all the same.
    judged: bool = True
    kind: RecordKind = "claim"
    # New files the record's new text names, by path from the root (a source's archived
    # copy, a revision's): judged as if they were there, written before the record, and
    # never over a file already there.
    copies: Mapping[str, bytes] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Proposal:
    """What a change does to its file; ``caused`` empty means it may be written."""

    relpath: str  # claims/ID.yaml, sources/ID.yaml, tracker.yaml
    path: Path
    old: bytes
    new: bytes
    caused: list[Problem]  # errors the change causes, at their lines in the new text
    remaining: list[Problem]  # errors there with or without the change
    warnings: list[Problem]  # what the user must hear: the added quotes no archive proves


def record_path(
    root: Path, kind: RecordKind, record_id: str, must_exist: bool = True
) -> tuple[Path, str]:
    """The file and its path from the root (layout.record_rel); refused when the id is
    invalid, or names no file while ``must_exist``."""
    if kind != "settings" and not is_record_id(record_id):
        raise ClaimtrackError(f"{record_id!r} is not a valid {kind} id ({ID_RULE})")
    rel = record_rel(kind, record_id)
    path = root / rel
    # lexists: a FIFO, folder or link loop there is reported by read_data_file, not "missing".
    if not must_exist or os.path.lexists(path):
        return path, rel
    if kind == "settings":
        raise ClaimtrackError(f"{SETTINGS_FILE} does not exist in {root}")
    folder = FOLDERS[kind]
    known = [p.stem for p in (root / folder).glob("*.yaml")]
    hint = suggest(record_id, known)
    raise ClaimtrackError(
        f"no {kind} {record_id!r}: {rel} does not exist" + (f"; {hint}" if hint else "")
    )


def propose(
    root: Path,
    change: Change,
    today: dt.date,
    *,
    old: bytes | None = None,
    tracker: Tracker | None = None,
) -> Proposal:
    """The change worked out and judged, nothing written (a dry run): what an editor shows.

    ``old``: the file's text as an editor holds it, unsaved, in place of the file's;
    ``tracker``: the tracker as loaded already (the language server's view), else it is
    loaded from ``root`` when the change needs it.  Raises DataError when the file cannot
    be read, EditError when the splice will not touch its text, ClaimtrackError when the
    record does not exist.
    """
    root = check_root(root)
    path, relpath = record_path(root, change.kind, change.record_id, must_exist=old is None)
    if old is None:
        read_problems: list[Problem] = []
        old = read_data_file(root, path, read_problems)
        if old is None:
            raise DataError(read_problems, f"cannot read {relpath}")
    new = change.splice(old, relpath)
    if new == old:
        return Proposal(relpath, path, old, new, [], [], [])
    quotes = new_quotes(old, new, relpath)
    verdict = Verdict([], [])
    proof: list[Problem] = []
    if change.judged or quotes.items:  # a skeleton without quotes needs no tracker
        tracker = tracker or Loader(root, unsaved=change.copies).load()
        if change.judged:
            verdict = judge(tracker, change.kind, change.record_id, relpath, new, today)
        proof = prove(quotes, tracker, today)
    # The rules find a quote of a loaded claim too: the same problem, reported once.
    caused = sort_problems([*verdict.caused, *(p for p in proof if p.is_error)])
    warnings = [p for p in proof if not p.is_error]
    return Proposal(relpath, path, old, new, caused, verdict.remaining, warnings)


def apply(root: Path, change: Change, today: dt.date) -> Proposal:
    """Make the change: refused (DataError, nothing written) when it causes an error, when
    a copy would stand where a file is, or when the record changed while this ran; else
    written as one transaction (edit/transaction.py): the copies, then the record."""
    transaction = Transaction(check_root(root))
    for rel, data in change.copies.items():
        transaction.create(rel, data)  # refused here, before anything is judged
    proposal = propose(root, change, today)
    if proposal.caused:
        raise DataError(
            proposal.caused,
            f"refused: the change would break the rules above; {proposal.relpath} is "
            "unchanged (its line numbers above are those the file would have after the change)",
        )
    if proposal.new != proposal.old:
        transaction.replace(proposal.relpath, proposal.old, proposal.new)
    transaction.commit()
    return proposal
