"""Corrections in the data files: each claim's ``corrections`` in claims.json with their
JSON Schema, and what a correction's Atom entry says (feeds.py writes it).

A correction is a history entry with ``was:`` (records/corrections.py); claims.json
keeps the history as the record writes it, without ``read:`` (the tool's fingerprints,
like ``made_from``) and ``was:``, and adds ``corrections``: for each, its date, its place in the
history, its note, the fields it put right and their previous values.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from babel.lists import format_list

from ...i18n import Interface
from ...records.corrections import READ_FIELDS, previous_fields
from ..model.claim.corrections import CorrectionView
from ..model.views import ClaimView


def claim_corrections(view: ClaimView) -> list[dict[str, Any]]:
    """The claim's corrections as claims.json gives them, oldest first."""
    out = []
    for h in view.history:
        if h.correction is None:
            continue
        entry = view.record.history[h.index]
        was = {name: _dumped(value) for name, value in previous_fields(entry).items()}
        out.append(
            {
                "date": entry.date,
                "history_index": h.index,
                "note": entry.note,
                "fields": list(was),
                "was": was,
            }
        )
    return out


def _dumped(value: Any) -> Any:
    """A field's previous value as claims.json writes the field: text, or the mapping
    with every key (as the claim's own claimant and quantity are written)."""
    return value if isinstance(value, str) else value.model_dump()


def without_fingerprints(history: list[dict[str, Any]]) -> None:
    """The history's entries without ``read`` (the tool's input, not the reader's) and
    without ``was`` (``corrections`` gives it, with the entry's place): each entry keeps
    the shape it had before corrections."""
    for entry in history:
        entry.pop("read", None)
        entry.pop("was", None)


def schema(item: dict[str, Any]) -> None:
    """The claim item's schema (its models' own) with the history entries' ``read`` left
    out and ``corrections`` added."""
    defs = item["$defs"]
    defs.pop("ReadPrints", None)
    defs.pop("Previous", None)
    entry = defs["HistoryEntry"]
    for name in ("read", "was"):
        entry["properties"].pop(name, None)
    entry["required"] = [name for name in entry["required"] if name not in ("read", "was")]
    previous = {
        "statement": {"type": "string", "minLength": 1},
        "claimant": {"$ref": "#/$defs/Claimant"},
        "quantity": {"$ref": "#/$defs/Quantity"},
        "rationale": {"type": "string", "minLength": 1},
    }
    item["properties"]["corrections"] = {
        "type": "array",
        "description": "The claim's corrections, oldest first: history entries with was, "
        "each a change to what readers read (statement, claimant, quantity, rationale) with "
        "the status kept.",
        "items": {
            "type": "object",
            "additionalProperties": False,
            "required": ["date", "history_index", "note", "fields", "was"],
            "properties": {
                "date": {"type": "string", "format": "date"},
                "history_index": {
                    "type": "integer",
                    "minimum": 1,
                    "description": "The correction's place in history (0 is the first entry).",
                },
                "note": {"type": "string", "minLength": 1, "description": "What was put right."},
                "fields": {
                    "type": "array",
                    "minItems": 1,
                    "items": {"enum": list(READ_FIELDS)},
                    "description": "The fields corrected, in the order the page shows them.",
                },
                "was": {
                    "type": "object",
                    "additionalProperties": False,
                    "minProperties": 1,
                    "properties": previous,
                    "description": "Each corrected field's value before the correction.",
                },
            },
        },
    }


@dataclass(frozen=True, slots=True)
class EntryWords:
    """What a history entry's Atom entry says, in the feed's language (feeds.py makes a
    status change's, entry_words a correction's)."""

    title: str
    term: str  # the category's: the status value, or "correction"
    label: str  # the category's
    summary: str


def entry_words(ui: Interface, c: CorrectionView, statement: str, note: str) -> EntryWords:
    """``statement`` and ``note``: the claim's statement and the correction's note, in the
    feed's language where translated."""
    _ = ui.gettext
    # "Statement and Rationale", "Énoncé et Justification", "說法內容和判定理由"
    parts = format_list(
        list(dict.fromkeys(_(change.label) for change in c.changes)), locale=ui.locale
    )
    return EntryWords(
        _("Corrected: %(statement)s") % {"statement": statement},
        "correction",
        _("Correction"),
        _("What was corrected: %(fields)s. %(note)s") % {"fields": parts, "note": note},
    )
