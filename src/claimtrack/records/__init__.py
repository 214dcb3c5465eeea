"""The record model: what a claim, a source and the tracker settings hold.

Key names are a public contract (outside tools read the YAML and the JSON
output), so renaming a field here is a breaking change.

vocabulary (statuses, kinds, bounds; the base model), values (ids, text, tags,
addresses, dates, numbers), source, claim, settings (tracker.yaml), translations
(what a translated field holds and what it was made from).  This face re-exports the
models, so that ``from claimtrack.records import Claim`` reads as it always has.
"""

from __future__ import annotations

from .claim import (
    QUOTE_TAG,
    SOURCE_TAG,
    Claim,
    Claimant,
    ConditionsValue,
    Evidence,
    HistoryEntry,
    HistoryEvidence,
    Measurement,
    MeasurementConditions,
    Quantity,
)
from .settings import (
    TrackerSettings,
)
from .source import (
    ReviewedSentence,
    Revision,
    Snapshot,
    Source,
    revision_index,
    revision_keys,
    revision_stems,
)
from .vocabulary import (
    OMISSION_STATUSES,
    STATUS_MEANINGS,
    Bound,
    ClaimKind,
    Record,
    RevisionOutcome,
    SourceKind,
    Status,
    StatusValue,
    TranslatedBy,
)

__all__ = [
    "OMISSION_STATUSES",
    "QUOTE_TAG",
    "SOURCE_TAG",
    "STATUS_MEANINGS",
    "Bound",
    "Claim",
    "ClaimKind",
    "Claimant",
    "ConditionsValue",
    "Evidence",
    "HistoryEntry",
    "HistoryEvidence",
    "Measurement",
    "MeasurementConditions",
    "Quantity",
    "Record",
    "ReviewedSentence",
    "Revision",
    "RevisionOutcome",
    "Snapshot",
    "Source",
    "SourceKind",
    "Status",
    "StatusValue",
    "TrackerSettings",
    "TranslatedBy",
    "revision_index",
    "revision_keys",
    "revision_stems",
]
