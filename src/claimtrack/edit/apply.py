"""The one way a claim file is edited: by `status`, `new measurement` and whatever comes next.

A change is a pure splice of the file's bytes (yamledit, measurement).  The
workflow reads the file safely, splices it, judges the result against every
rule of `claimtrack check` (proposal.judge), proves every quote the change adds
(proof.py), and writes the new bytes atomically unless the file changed while
it ran.  :func:`propose` is the same without the writing: what an editor shows
before anything is saved.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..errors import ClaimtrackError, DataError, FileRefused
from ..fsutil import atomic_write_bytes, read_regular
from ..load import load_tracker
from ..load.files import check_root, read_data_file
from ..load.validation import suggest
from ..load.yamlsource import MAX_BYTES
from ..problems import Problem, sort_problems
from ..records.values import ID_RULE, is_record_id
from .proof import new_quotes, prove
from .proposal import Verdict, judge

# The file's bytes and its path from the root (for messages) -> its new bytes.  Pure;
# raises EditError (yamledit) when the text is shaped in a way it will not touch.
Splice = Callable[[bytes, str], bytes]


@dataclass(frozen=True, slots=True)
class Change:
    """One change to the file of claim ``claim_id``."""

    claim_id: str
    splice: Splice
    # False for a skeleton, whose empty values are errors on purpose: the editor fills
    # them in.  It is written with them; the quotes it adds are proven all the same.
    judged: bool = True


@dataclass(frozen=True, slots=True)
class Proposal:
    """What a change does to its file; ``caused`` empty means it may be written."""

    relpath: str  # claims/ID.yaml
    path: Path
    old: bytes
    new: bytes
    caused: list[Problem]  # errors the change causes, at their lines in the new text
    remaining: list[Problem]  # errors there with or without the change
    warnings: list[Problem]  # what the user must hear: the added quotes no archive proves


def claim_path(root: Path, claim_id: str) -> Path:
    """``root/claims/ID.yaml``; refused when the id is invalid or names no claim file."""
    if not is_record_id(claim_id):
        raise ClaimtrackError(f"{claim_id!r} is not a valid claim id ({ID_RULE})")
    path = root / "claims" / f"{claim_id}.yaml"
    # lexists: a FIFO, folder or link loop there is reported by read_data_file, not "missing".
    if not os.path.lexists(path):
        known = [p.stem for p in (root / "claims").glob("*.yaml")]
        hint = suggest(claim_id, known)
        raise ClaimtrackError(
            f"no claim {claim_id!r}: claims/{claim_id}.yaml does not exist"
            + (f"; {hint}" if hint else "")
        )
    return path


def propose(root: Path, change: Change, today: dt.date) -> Proposal:
    """The change worked out and judged, nothing written (a dry run).

    Raises DataError when the file cannot be read, EditError when the splice will not
    touch its text, ClaimtrackError when the claim does not exist.
    """
    root = check_root(root)
    path = claim_path(root, change.claim_id)
    relpath = f"claims/{change.claim_id}.yaml"
    read_problems: list[Problem] = []
    old = read_data_file(root, path, read_problems)
    if old is None:
        raise DataError(read_problems, f"cannot read {relpath}")
    new = change.splice(old, relpath)
    quotes = new_quotes(old, new, relpath)
    verdict = Verdict([], [])
    proof: list[Problem] = []
    if change.judged or quotes.items:  # a skeleton without quotes needs no tracker
        tracker = load_tracker(root)
        if change.judged:
            verdict = judge(tracker, change.claim_id, relpath, new, today)
        proof = prove(quotes, tracker, today)
    # The rules find a quote of a loaded claim too: the same problem, reported once.
    caused = sort_problems([*verdict.caused, *(p for p in proof if p.is_error)])
    warnings = [p for p in proof if not p.is_error]
    return Proposal(relpath, path, old, new, caused, verdict.remaining, warnings)


def apply(root: Path, change: Change, today: dt.date) -> Proposal:
    """Make the change: refused (DataError, the file untouched) when it causes an error,
    or when the file changed while this ran; else written atomically."""
    proposal = propose(root, change, today)
    relpath = proposal.relpath
    if proposal.caused:
        raise DataError(
            proposal.caused,
            f"refused: the change would break the rules above; {relpath} is unchanged "
            "(its line numbers above are those the file would have after the change)",
        )
    path = proposal.path
    # Written where a link points: the link is the editor's, and stays.
    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    try:
        unchanged = read_regular(target, MAX_BYTES) == proposal.old
    except FileRefused:
        unchanged = False
    if not unchanged:
        raise ClaimtrackError(f"{relpath} changed while this command ran; run it again")
    try:
        atomic_write_bytes(target, proposal.new)
    except OSError as exc:
        raise ClaimtrackError(
            f"cannot write {relpath} ({exc.strerror or exc}); the file is unchanged"
        ) from None
    return proposal
