"""The closed vocabularies of the records (statuses, kinds, bounds, who translated) and
the base model every record shares."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    WithJsonSchema,
)

from ..i18n import N_


class Status(StrEnum):
    UNVERIFIED = "unverified"
    CORROBORATED = "corroborated"
    VERIFIED = "verified"
    MISLEADING = "misleading"
    DISPUTED = "disputed"
    FALSE = "false"
    RETRACTED = "retracted"
    UNDISCLOSED = "undisclosed"
    DISCLOSED = "disclosed"


STATUS_MEANINGS: dict[Status, str] = {
    Status.UNVERIFIED: N_(
        "Reported, not independently checked. A vendor's own figure starts here."
    ),
    Status.CORROBORATED: N_("Supported by at least two independent origins."),
    Status.VERIFIED: N_("Confirmed by primary evidence or an independent measurement."),
    Status.MISLEADING: N_("Literally supported, but missing context that changes its meaning."),
    Status.DISPUTED: N_("Credible evidence conflicts."),
    Status.FALSE: N_("Contradicted by evidence."),
    Status.RETRACTED: N_("Withdrawn by its claimant."),
    Status.UNDISCLOSED: N_("The information was not given by the sources."),
    Status.DISCLOSED: N_("The information has since been published; the evidence shows where."),
}

OMISSION_STATUSES = frozenset({Status.UNDISCLOSED, Status.DISCLOSED})


def _plain_false(value: object) -> object:
    # YAML 1.2 reads a plain `false` as a boolean; as a status it can only mean "false".
    return "false" if value is False else value


StatusValue = Annotated[
    Status,
    BeforeValidator(_plain_false),
    WithJsonSchema({"enum": [*(s.value for s in Status), False], "title": "Status"}),
]


class SourceKind(StrEnum):
    PRIMARY = "primary"
    REPORT = "report"
    SUMMARY = "summary"
    TRANSLATION = "translation"
    DOCUMENTATION = "documentation"


class ClaimKind(StrEnum):
    FIGURE = "figure"
    FACT = "fact"
    QUOTE = "quote"
    ASSESSMENT = "assessment"
    OMISSION = "omission"


class Bound(StrEnum):
    EXACT = "exact"
    UP_TO = "up-to"
    AT_LEAST = "at-least"
    ABOUT = "about"


class RevisionOutcome(StrEnum):
    """What a recheck found that is kept as a revision of a source.  Only outcomes that keep
    something are written: unchanged, unreachable and refused are reported, never stored."""

    CHANGED = "changed"
    MOVED = "moved"
    GONE = "gone"


class TranslatedBy(StrEnum):
    PERSON = "person"
    MACHINE = "machine"


class Record(BaseModel):
    # defer_build: a model's validator is made when it first validates, not on import.  A
    # warm run rebuilds its records from the cache (records/plain.py) and validates none
    # or few: the language server, serve and `check` start without making them all.
    model_config = ConfigDict(extra="forbid", frozen=True, use_enum_values=False, defer_build=True)
