"""What readers read of a claim, and whether it changed since without a correction.

A fact-checker's own edits are never silent.  Each history entry the tool writes keeps,
under ``read:``, a fingerprint of the fields a reader reads of the claim: its statement,
claimant, quantity and rationale, made as a translation's ``made_from`` is made
(records/translations.fingerprint: re-wrapping a paragraph changes nothing, a changed
word does).  When a field no longer matches the fingerprint of the latest entry, readers
read something else before: the change is a correction to record (``was:``, with a note:
`claimtrack correct`), and `check` says so (check/rules/corrections.py).

A correction is a history entry like any other (the timeline, the feed and the
translations of its note walk the history already) whose status is the claim's as it
was, and whose ``was:`` holds each field it put right, as readers read it before.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import orjson

from .claim import Claim, Claimant, HistoryEntry, Quantity
from .translations import fingerprint

# The fields a reader reads of a claim, in the order its page shows them.
READ_FIELDS: tuple[str, ...] = ("statement", "claimant", "quantity", "rationale")
# Those that are text; the others are mappings (a Claimant, a Quantity).
TEXT_FIELDS = frozenset({"statement", "rationale"})

Value = str | Claimant | Quantity


def field_text(value: Value) -> str:
    """The text a field's fingerprint is made of: a text as it is; a claimant's name, role
    and organisation; a quantity's every field, as JSON with its keys in order."""
    if isinstance(value, str):
        return value
    if isinstance(value, Claimant):
        return "\n".join(part or "" for part in (value.name, value.role, value.organisation))
    dumped = value.model_dump(mode="json")
    return orjson.dumps(dumped, option=orjson.OPT_SORT_KEYS).decode()


def field_values(claim: Claim) -> dict[str, Value]:
    """The read fields the claim has (a claim without a quantity has none)."""
    values: dict[str, Value | None] = {
        "statement": claim.statement,
        "claimant": claim.claimant,
        "quantity": claim.quantity,
        "rationale": claim.rationale,
    }
    return {name: value for name, value in values.items() if value is not None}


def value_of(name: str, data: Any) -> Value:
    """A field's value from YAML data (a claim's, a correction's ``was``); ValueError (a
    pydantic ValidationError among them) when it is not one."""
    if name in TEXT_FIELDS:
        if not isinstance(data, str) or not data.strip():
            raise ValueError(f"{name} must be text")
        return data
    model = Claimant if name == "claimant" else Quantity
    return model.model_validate(data)


def values_of_data(data: Mapping[str, Any]) -> dict[str, Value] | None:
    """The read fields of a claim's YAML data; None when one of them is not valid (the
    fingerprints of a claim that does not load would say nothing)."""
    try:
        return {name: value_of(name, data[name]) for name in READ_FIELDS if data.get(name)}
    except ValueError:
        return None


def prints_of(values: Mapping[str, Value]) -> dict[str, str]:
    """Each field's fingerprint, in READ_FIELDS' order: what ``read:`` holds."""
    return {name: fingerprint(field_text(values[name])) for name in READ_FIELDS if name in values}


def read_prints(claim: Claim) -> dict[str, str]:
    """The fingerprints of what readers read of the claim now."""
    return claim.remembered("read_prints", lambda c: prints_of(field_values(c)))


def recorded(entry: HistoryEntry) -> dict[str, str] | None:
    """The fingerprints an entry recorded (None: it records none, being older or written
    by hand: nothing can be said of what readers read then)."""
    if entry.read is None:
        return None
    return {name: p for name in READ_FIELDS if (p := getattr(entry.read, name)) is not None}


def changed_since(now: Mapping[str, str], then: Mapping[str, str]) -> list[str]:
    """The fields whose fingerprint differs, in READ_FIELDS' order (one added or removed
    since counts as changed)."""
    return [name for name in READ_FIELDS if now.get(name) != then.get(name)]


@dataclass(frozen=True, slots=True)
class Unrecorded:
    """Fields readers read otherwise when the latest entry was written."""

    index: int  # of the latest entry
    entry: HistoryEntry
    fields: tuple[str, ...]


def unrecorded(claim: Claim) -> Unrecorded | None:
    """The fields changed since the latest entry's fingerprint, or None (nothing changed,
    or the latest entry records no fingerprint)."""
    latest = claim.history[-1]
    then = recorded(latest)
    if then is None:
        return None
    fields = changed_since(read_prints(claim), then)
    return Unrecorded(len(claim.history) - 1, latest, tuple(fields)) if fields else None


def is_correction(entry: HistoryEntry) -> bool:
    return entry.was is not None


def previous_fields(entry: HistoryEntry) -> dict[str, Value]:
    """A correction's fields as readers read them before, in READ_FIELDS' order."""
    if entry.was is None:
        return {}
    return {name: v for name in READ_FIELDS if (v := getattr(entry.was, name)) is not None}


def plain(value: Value) -> Any:
    """A field's value as YAML data (what a splice writes and must read back)."""
    if isinstance(value, str):
        return value
    return value.model_dump(mode="json", exclude_defaults=True)
