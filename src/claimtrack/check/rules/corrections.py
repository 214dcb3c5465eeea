"""Corrections: what readers read changes only with a correction that says so.

records/corrections.py says what readers read (the fingerprints of a history entry's
``read:``) and what changed since; these rules report it where the editor acts: at the
field that changed, naming the entry whose fingerprint it no longer matches.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...codes import Code
from ...load import Loaded
from ...problems import Problem, report
from ...records import Claim
from ...records.corrections import READ_FIELDS, is_correction, read_prints, unrecorded
from ..analysis import Analysis, ClaimRule


def correction_recorded(a: Analysis, loaded: Loaded[Claim]) -> Iterator[Problem]:
    """correction-unrecorded: a field readers read otherwise when the latest entry was
    written.  Silent while the latest entry records no fingerprint (it cannot know)."""
    found = unrecorded(loaded.record)
    if found is None:
        return
    day = found.entry.date.isoformat()
    present = read_prints(loaded.record)
    for name in found.fields:
        if name in present:
            where = loaded.positions.value((name,))
            what = f"{name} changed since the history entry of {day}"
        else:  # gone since: the fingerprint that names it is where it was
            where = loaded.positions.key(("history", found.index, "read", name))
            what = f"{name} was removed since the history entry of {day}"
        yield report(
            loaded.path,
            where,
            Code.CORRECTION_UNRECORDED,
            f"{what}, and no correction says so: readers of that entry read another {name}",
            f"record it: `claimtrack correct {loaded.id} --note TEXT` (what was put right, "
            "and why)",
        )


def correction_entries(a: Analysis, loaded: Loaded[Claim]) -> Iterator[Problem]:
    """correction-entry: a correction names a field, keeps the status, and follows an
    entry (it corrects what readers read since)."""
    history = loaded.record.history
    for i, entry in enumerate(history):
        if not is_correction(entry):
            continue
        assert entry.was is not None
        path = ("history", i)
        if not any(getattr(entry.was, name) is not None for name in READ_FIELDS):
            yield report(
                loaded.path,
                loaded.positions.key((*path, "was")),
                Code.CORRECTION_ENTRY,
                "this correction names no field it put right",
                "give each field's previous wording: statement, claimant, quantity or rationale",
            )
        if i == 0:
            yield report(
                loaded.path,
                loaded.positions.key((*path, "was")),
                Code.CORRECTION_ENTRY,
                "the first history entry cannot be a correction: nothing was published before it",
                "record the claim's first status first; `claimtrack correct` appends after it",
            )
        elif entry.status != history[i - 1].status:
            yield report(
                loaded.path,
                loaded.positions.value((*path, "status")),
                Code.CORRECTION_ENTRY,
                f"a correction keeps the status: {entry.status.value!r} here, "
                f"{history[i - 1].status.value!r} in the entry before it",
                "record a change of status with `claimtrack status` (its --rationale changes "
                "the rationale with it)",
            )


CLAIM_RULES: tuple[ClaimRule, ...] = (correction_recorded, correction_entries)
