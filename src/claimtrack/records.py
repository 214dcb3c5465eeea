"""The record model: what a claim, a source and the tracker settings hold.

Key names are a public contract (outside tools read the YAML and the JSON
output), so renaming a field here is a breaking change.
"""

from __future__ import annotations

import datetime as dt
from enum import StrEnum
from typing import Annotated
from urllib.parse import urlsplit

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StringConstraints,
    WithJsonSchema,
)

from .textrules import VISIBLE_PATTERN

ID_PATTERN = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
# BCP 47 language tag: language, optional script, optional region, variants.
LANG_PATTERN = (
    r"^[A-Za-z]{2,3}(?:-[A-Za-z]{4})?(?:-(?:[A-Za-z]{2}|[0-9]{3}))?"
    r"(?:-(?:[A-Za-z0-9]{5,8}|[0-9][A-Za-z0-9]{3}))*$"
)
SHA256_PATTERN = r"^[0-9a-f]{64}$"

RecordId = Annotated[str, StringConstraints(pattern=ID_PATTERN, max_length=120)]
# A required text: something to read, not only white space or invisible characters.
# The check is a pattern so that it runs inside pydantic-core: a Python validator
# on every text of 10,000 claims would cost more than all the other checks.
# Editors get the plain-space version of the rule.
Text = Annotated[
    str,
    StringConstraints(pattern=VISIBLE_PATTERN),
    WithJsonSchema({"type": "string", "minLength": 1, "pattern": r"\S"}),
]
LanguageTag = Annotated[str, StringConstraints(pattern=LANG_PATTERN)]
Topic = Annotated[str, StringConstraints(pattern=ID_PATTERN, max_length=60)]


def _http_url(value: str) -> str:
    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.netloc or any(c.isspace() for c in value):
        raise ValueError("must be an absolute http:// or https:// URL")
    return value


HttpUrl = Annotated[str, AfterValidator(_http_url)]


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
    Status.UNVERIFIED: "Reported, not independently checked. A vendor's own figure starts here.",
    Status.CORROBORATED: "Supported by at least two independent origins.",
    Status.VERIFIED: "Confirmed by primary evidence or an independent measurement.",
    Status.MISLEADING: "Literally supported, but missing context that changes its meaning.",
    Status.DISPUTED: "Credible evidence conflicts.",
    Status.FALSE: "Contradicted by evidence.",
    Status.RETRACTED: "Withdrawn by its claimant.",
    Status.UNDISCLOSED: "The information was not given by the sources.",
    Status.DISCLOSED: "The information has since been published; the evidence shows where.",
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


class TranslatedBy(StrEnum):
    PERSON = "person"
    MACHINE = "machine"


class Record(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, use_enum_values=False)


class Snapshot(Record):
    """Facts about the archived text `sources/<id>.txt`."""

    retrieved: dt.date = Field(description="Date the text was archived (YYYY-MM-DD).")
    sha256: Annotated[str, StringConstraints(pattern=SHA256_PATTERN)] = Field(
        description="SHA-256 of the archived .txt file, lowercase hex."
    )


class Source(Record):
    title: Text = Field(description="Title as the source gives it, in its own language.")
    publisher: Text | None = Field(None, description="Who published it; empty when unknown.")
    authors: list[Text] = Field(default_factory=list, description="Named authors; may be empty.")
    published: dt.date | None = Field(None, description="Publication date; empty when unknown.")
    url: HttpUrl | None = Field(None, description="http(s) address; never invent one.")
    language: LanguageTag = Field(
        description="BCP 47 tag of the source's language: en, zh-Hant, fr."
    )
    kind: SourceKind
    derived_from: list[RecordId] = Field(
        default_factory=list,
        description="Ids of the sources this one reports, summarises or translates.",
    )
    notes: str = Field("", description="Free text, e.g. how the source was produced.")
    snapshot: Snapshot | None = Field(None, description="Present when sources/<id>.txt exists.")


class Claimant(Record):
    name: Text = Field(description="Organisation or person making the claim.")
    role: Text | None = Field(None, description="Role of a person, e.g. 'Head of inference'.")
    organisation: Text | None = Field(None, description="Organisation a person speaks for.")


class Quantity(Record):
    value: float = Field(description="The number as stated.")
    unit: Text = Field(description="Unit of the value, e.g. 'x' for a multiple.")
    bound: Bound = Field(description="How the value bounds the truth: 'up to 8x' is up-to.")
    metric: Text = Field(description="What is measured, e.g. 'token generation speed'.")
    baseline: Text | None = Field(None, description="What it is compared with; empty if none.")
    conditions: str = Field(
        "", description="Conditions under which the figure holds; empty when the source gives none."
    )


class Evidence(Record):
    source: RecordId = Field(description="Id of a source in sources/.")
    quote: Text = Field(description="Exact words as they stand in the source's own language.")
    translation: Text | None = Field(None, description="English translation when not English.")
    translated_by: TranslatedBy | None = Field(None, description="person or machine.")


class HistoryEntry(Record):
    date: dt.date
    status: StatusValue
    note: Text = Field(description="Why the status changed on this date.")
    evidence: list[RecordId] = Field(default_factory=list, description="Source ids behind it.")


class Claim(Record):
    statement: Text = Field(description="One plain English sentence of what is claimed.")
    claimant: Claimant
    kind: ClaimKind
    topics: list[Topic] = Field(default_factory=list, description="Short lowercase tags.")
    quantity: Quantity | None = Field(None, description="Required for kind figure.")
    evidence: list[Evidence] = Field(min_length=1)
    status: StatusValue = Field(description="Current status; equals the last history entry's.")
    history: list[HistoryEntry] = Field(
        min_length=1, description="Dated status changes, oldest first."
    )
    rationale: Text = Field(description="Why this status, in plain words.")
    related: list[RecordId] = Field(default_factory=list, description="Ids of related claims.")
    to_check: list[RecordId] = Field(
        default_factory=list,
        description="Ids of sources that may settle this claim but have not been read yet.",
    )
    review_by: dt.date | None = Field(None, description="After this date the claim is stale.")


class TrackerSettings(Record):
    title: Text = "Claim tracker"
    description: str = ""
    base_url: HttpUrl | None = Field(None, description="Absolute URL the site is served from.")
    language: LanguageTag = "en"
