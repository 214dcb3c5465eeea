"""Record a correction, or stamp what readers read: `claimtrack correct`'s splices.

A correction is a history entry appended as `status` appends one (changes/status.py
writes it in the style of the entries there), with the claim's status as it is, the
note, ``was:`` (each field it put right, as readers read it before) and ``read:`` (the
fingerprints of what they read from it on: records/corrections.py).  A stamp writes
``read:`` into the latest entry, once, for a claim whose history has none yet.

Each refuses (ClaimtrackError, nothing written) what would make the record say
something untrue: a correction of a field that did not change, one that leaves out a
field that did (its fingerprint would hide it), a stamp over a change no correction
records.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...errors import ClaimtrackError
from ...records.corrections import (
    READ_FIELDS,
    Value,
    changed_since,
    field_text,
    plain,
    prints_of,
    values_of_data,
)
from ...records.translations import fingerprint
from ..splice import Spliced, Text, TextSplice
from ..translation.merge import Branch, Leaf, merge
from .status import NewEntry, expected_data, record_status_change


@dataclass(frozen=True, slots=True)
class Correction:
    date: str  # YYYY-MM-DD
    note: str
    # The fields' previous wording: those given (--was), or every field of the last
    # committed version (``committed``), of which only those that differ are corrected.
    was: Mapping[str, Value]
    committed: bool = False


@dataclass(frozen=True, slots=True)
class Latest:
    """The latest history entry: its date and the fingerprints it records (None: none)."""

    index: int
    date: str
    read: dict[str, str] | None


def _print(value: Value) -> str:
    return fingerprint(field_text(value))


def _values(text: Text) -> dict[str, Value]:
    values = values_of_data(text.data)
    history = text.data.get("history")
    if values is None or not isinstance(history, list) or not history:
        raise ClaimtrackError(
            f"{text.rel} does not load as a claim with a history; fix it first "
            "(run `claimtrack check`)"
        )
    return values


def latest(data: Mapping[str, Any]) -> Latest:
    history = data["history"]
    entry = history[-1] if isinstance(history[-1], dict) else {}
    read = entry.get("read")
    prints = (
        {k: v for k, v in read.items() if k in READ_FIELDS and isinstance(v, str)}
        if isinstance(read, dict)
        else None
    )
    return Latest(len(history) - 1, str(entry.get("date", "")), prints)


def corrected(now: Mapping[str, Value], correction: Correction, last: Latest) -> dict[str, Value]:
    """The fields the correction records with their previous wording; refused when it
    would record a field that did not change, or leave out one that changed since the
    latest entry's fingerprint (a new fingerprint would hide it)."""
    fields: dict[str, Value] = {}
    since = f"the history entry of {last.date}"
    for name in READ_FIELDS:
        before, current = correction.was.get(name), now.get(name)
        if before is None and current is None:
            continue
        if before is None or current is None:
            if correction.committed:
                state = "added" if before is None else "removed"
                raise ClaimtrackError(
                    f"the {name} was {state} since the last commit: a correction records a "
                    "field's previous wording; with a quantity, the kind changed: record that "
                    "with `claimtrack status`"
                )
            if before is not None:
                raise ClaimtrackError(f"--was {name}: the claim has no {name} to correct")
            continue
        if _print(before) == _print(current):
            if correction.committed:
                continue
            raise ClaimtrackError(f"--was {name}: that is the {name} as it is now")
        if last.read is not None and last.read.get(name) == _print(current):
            raise ClaimtrackError(
                f"the {name} reads as {since} recorded it: readers read it so, there is "
                "nothing to correct"
            )
        fields[name] = before
    if last.read is not None:
        left = [n for n in changed_since(prints_of(now), last.read) if n not in fields]
        if left:
            how = "changed since the last commit" if correction.committed else "given"
            raise ClaimtrackError(
                f"{' and '.join(left)} also changed since {since}, and the correction would "
                f"hide it: give its previous wording too (--was {left[0]}=TEXT; it is not "
                f"among the fields {how})"
            )
    if not fields:
        raise ClaimtrackError(
            "nothing to correct: the statement, claimant, quantity and rationale are as "
            "they were last committed; if the change is committed already, give the "
            "previous wording with --was FIELD=TEXT"
        )
    return fields


def correct(correction: Correction) -> TextSplice:
    """The splice that appends the correction (see the module)."""

    def splice(text: Text) -> Spliced:
        now = _values(text)
        fields = corrected(now, correction, latest(text.data))
        status = text.data.get("status")
        entry = NewEntry(
            date=correction.date,
            status="false" if status is False else str(status),  # YAML 1.2's false: the status
            note=correction.note,
            was={name: plain(value) for name, value in fields.items()},
            read=prints_of(now),
        )
        expected = expected_data(text.data, entry, with_evidence=False)
        expected["status"] = status  # kept as written
        return Spliced(
            record_status_change(text.text, entry, set_status=False), expected, "the correction"
        )

    return splice


def stamp(committed: Mapping[str, Value] | None) -> TextSplice:
    """The splice that writes ``read:`` into the latest entry of a claim that has none:
    what readers read since is the claim as it is now.  Refused when the latest entry's
    fingerprint says otherwise, or when the fields differ from ``committed`` (the last
    committed version's: an edit not committed, which readers have not read; None
    outside a repository).  None (nothing to write) when the fingerprint is there."""

    def splice(text: Text) -> Spliced | None:
        now = _values(text)
        prints = prints_of(now)
        last = latest(text.data)
        if last.read is not None:
            changed = changed_since(prints, last.read)
            if not changed:
                return None
            raise ClaimtrackError(
                f"{' and '.join(changed)} changed since the history entry of {last.date}, "
                "which records what readers read then: record the correction first "
                "(`claimtrack correct`)"
            )
        if committed is not None:
            differ = [n for n in READ_FIELDS if _maybe(committed.get(n)) != _maybe(now.get(n))]
            if differ:
                raise ClaimtrackError(
                    f"{' and '.join(differ)} changed since the last commit: if readers read "
                    "the committed wording, record the correction first (`claimtrack correct "
                    "--note TEXT`); if they never did, commit the edit, then stamp"
                )
        tree = Branch({"read": Branch({k: Leaf(v) for k, v in prints.items()})})
        expected = copy.deepcopy(text.data)
        expected["history"][last.index]["read"] = dict(prints)
        return Spliced(merge(text.text, [(("history", last.index), tree)]), expected, "read:")

    return splice


def _maybe(value: Value | None) -> str | None:
    return None if value is None else _print(value)
