"""What a translation holds: the translated words of a record's reader-facing fields, who
made them, and what each was made from.

A translation is checked against its original by fingerprint: ``made_from`` records,
for each translated field, the fingerprint of the original's text when it was
translated.  ``claimtrack translate`` writes them (and ``--stamp`` writes them again
after a translator has checked that a translation still holds); an editor never does.
When the original changes, its fingerprint no longer matches and the translation is
stale, as gettext marks a changed message fuzzy.

History notes and measurements' conditions are keyed by their entry's date
(``2026-11-30``; a second entry of the same date is ``2026-11-30#2``), not by their
position: an entry added to the history never shifts the key of another
(translated.history_keys).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache
from typing import Annotated

from pydantic import Field, StringConstraints

from .values import Text
from .vocabulary import Record, TranslatedBy

FINGERPRINT_LENGTH = 12
FINGERPRINT_PATTERN = rf"^[0-9a-f]{{{FINGERPRINT_LENGTH}}}$"
# The first entry of a date is keyed by the date alone, the n-th (n >= 2) by DATE#n.
ENTRY_KEY_PATTERN = r"^[0-9]{4}-[0-9]{2}-[0-9]{2}(?:#(?:[2-9]|[1-9][0-9]+))?$"

Fingerprint = Annotated[
    str,
    StringConstraints(pattern=FINGERPRINT_PATTERN),
    Field(description="Written by `claimtrack translate`, never by hand."),
]
EntryKey = Annotated[str, StringConstraints(pattern=ENTRY_KEY_PATTERN)]


def entry_keys(dates: Iterable[dt.date]) -> list[str]:
    """Keys of dated entries in file order: the date, or DATE#n for its n-th entry.  The one
    rule of a translation's history and measurement keys and of a cited revision's key."""
    seen: dict[dt.date, int] = {}
    keys = []
    for day in dates:
        n = seen[day] = seen.get(day, 0) + 1
        keys.append(day.isoformat() if n == 1 else f"{day.isoformat()}#{n}")
    return keys


_SPACE = re.compile(r"\s+")


# Each original is fingerprinted by the rules, the model and claims.json, in each language:
# six times a field on a three-language build, with nothing between to tell them apart.
@lru_cache(maxsize=1 << 16)
def fingerprint(text: str) -> str:
    """The fingerprint of an original's text: re-wrapping it or changing its Unicode
    form changes nothing, any change of its words does."""
    folded = _SPACE.sub(" ", unicodedata.normalize("NFC", text)).strip()
    return hashlib.sha256(folded.encode("utf-8")).hexdigest()[:FINGERPRINT_LENGTH]


class QuoteTranslation(Record):
    """A quote's words in another site language (its English one is ``translation``)."""

    text: Text = Field(description="The quote's meaning in this language.")
    translated_by: TranslatedBy = Field(description="person or machine.")
    made_from: Fingerprint | None = None


# The translatable fields a record holds in a mapping of their own (a claim's claimant and
# quantity), by the mapping's key: their names, in the record's order.  The one list of them:
# the states (translated.py), `translate`'s skeletons and the models below read it.
GROUPS: dict[str, tuple[str, ...]] = {
    "claimant": ("name", "role", "organisation"),
    "quantity": ("metric", "baseline"),
}


class ClaimantTranslation(Record):
    """A claimant's name, role and organisation in one site language."""

    name: Text | None = Field(None, description="The name as readers of this language write it.")
    role: Text | None = None
    organisation: Text | None = None


class ClaimantFingerprints(Record):
    name: Fingerprint | None = None
    role: Fingerprint | None = None
    organisation: Fingerprint | None = None


class QuantityTranslation(Record):
    """What a quantity measures and what it is compared with, in one site language (its
    conditions are the translation's ``conditions``)."""

    metric: Text | None = None
    baseline: Text | None = None


class QuantityFingerprints(Record):
    metric: Fingerprint | None = None
    baseline: Fingerprint | None = None


class ClaimFingerprints(Record):
    statement: Fingerprint | None = None
    claimant: ClaimantFingerprints | None = None
    quantity: QuantityFingerprints | None = None
    rationale: Fingerprint | None = None
    conditions: Fingerprint | None = None
    history: dict[EntryKey, Fingerprint] = Field(default_factory=dict)
    measurements: dict[EntryKey, Fingerprint] = Field(default_factory=dict)


class ClaimTranslation(Record):
    """A claim's reader-facing fields in one site language."""

    translated_by: TranslatedBy = Field(description="person or machine.")
    statement: Text | None = None
    claimant: ClaimantTranslation | None = Field(
        None, description="The claimant's name, role and organisation."
    )
    quantity: QuantityTranslation | None = Field(
        None, description="The quantity's metric and baseline."
    )
    rationale: Text | None = None
    conditions: Text | None = Field(None, description="The quantity's conditions.")
    history: dict[EntryKey, Text] = Field(
        default_factory=dict,
        description="History notes, keyed by the entry's date (DATE#2 for a second entry "
        "of the same date).",
    )
    measurements: dict[EntryKey, Text] = Field(
        default_factory=dict,
        description="The measurements' conditions text, keyed by the measurement's date.",
    )
    made_from: ClaimFingerprints = Field(default_factory=ClaimFingerprints)


class SourceFingerprints(Record):
    notes: Fingerprint | None = None
    title: Fingerprint | None = None
    publisher: Fingerprint | None = None


class SourceTranslation(Record):
    """A source's notes and publisher, and optionally its title, in one site language."""

    translated_by: TranslatedBy = Field(description="person or machine.")
    notes: Text | None = None
    title: Text | None = Field(
        None,
        description="Optional, for a source not in this language: the title's translation, "
        "shown beside the original title, which stays in its own language.",
    )
    publisher: Text | None = Field(None, description="The publisher's name in this language.")
    made_from: SourceFingerprints = Field(default_factory=SourceFingerprints)


class TrackerFingerprints(Record):
    title: Fingerprint | None = None
    description: Fingerprint | None = None


class TrackerTranslation(Record):
    """The tracker's title and description in a further site language."""

    translated_by: TranslatedBy = Field(description="person or machine.")
    title: Text | None = None
    description: Text | None = None
    made_from: TrackerFingerprints = Field(default_factory=TrackerFingerprints)
