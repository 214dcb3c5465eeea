"""The record model: what a claim, a source and the tracker settings hold.

Key names are a public contract (outside tools read the YAML and the JSON
output), so renaming a field here is a breaking change.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from enum import StrEnum
from typing import Annotated
from urllib.parse import urlsplit

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Discriminator,
    Field,
    GetCoreSchemaHandler,
    StrictBool,
    StringConstraints,
    Tag,
    WithJsonSchema,
)
from pydantic_core import PydanticCustomError, core_schema

from .i18n import N_
from .textrules import VISIBLE_PATTERN

ID_PATTERN = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
ID_MAX = 120
ID_RULE = f"lowercase letters, digits and single hyphens, at most {ID_MAX} characters"
_ID = re.compile(ID_PATTERN)


def is_record_id(text: str) -> bool:
    """The one id rule: file names, references and command arguments all follow it."""
    return len(text) <= ID_MAX and _ID.fullmatch(text) is not None


# BCP 47 language tag: language, optional script, optional region, variants.
LANG_PATTERN = (
    r"^[A-Za-z]{2,3}(?:-[A-Za-z]{4})?(?:-(?:[A-Za-z]{2}|[0-9]{3}))?"
    r"(?:-(?:[A-Za-z0-9]{5,8}|[0-9][A-Za-z0-9]{3}))*$"
)
SHA256_PATTERN = r"^[0-9a-f]{64}$"

RecordId = Annotated[str, StringConstraints(pattern=ID_PATTERN, max_length=ID_MAX)]
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


def is_http_url(value: str) -> bool:
    """The ``url`` rule as a test: an absolute http(s) address without white space."""
    try:
        _http_url(value)
    except ValueError:
        return False
    return True


HttpUrl = Annotated[str, AfterValidator(_http_url)]

DATE_PATTERN = r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"
_DATE = re.compile(DATE_PATTERN)


def parse_date(text: str) -> dt.date:
    """A date written exactly YYYY-MM-DD; ValueError for anything else.

    ``date.fromisoformat`` alone would also take 20261130 and 2026-W48-1.
    """
    if not _DATE.fullmatch(text):
        raise ValueError(f"expected a date written YYYY-MM-DD, not {text!r}")
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise ValueError(f"{text}: no such day in the calendar") from None


class _IsoDateSchema:
    """Text of the form YYYY-MM-DD, then a day that exists: both steps in pydantic-core.

    pydantic's own date takes a Unix time (1764460800) or a midnight date-time
    too.  A Python validator would do, but it costs twice the time of the
    date itself on every date of every record.
    """

    def __get_pydantic_core_schema__(
        self, source: object, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        return core_schema.chain_schema(
            [
                core_schema.custom_error_schema(
                    core_schema.str_schema(strict=True, pattern=DATE_PATTERN),
                    custom_error_type="iso_date",
                    custom_error_message="expected a date written YYYY-MM-DD",
                ),
                core_schema.custom_error_schema(
                    core_schema.date_schema(),
                    custom_error_type="iso_date",
                    custom_error_message="no such day in the calendar",
                ),
            ]
        )


IsoDate = Annotated[dt.date, _IsoDateSchema(), WithJsonSchema({"type": "string", "format": "date"})]

# A number as YAML 1.2 writes one.  The loader keeps numbers as text; pydantic
# alone would also take 1_000, " 3 ", true (as 1), nan and inf.
_DECIMAL = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?")
_NOT_FINITE = re.compile(r"[-+]?\.?(?:nan|inf|infinity)", re.IGNORECASE)
_FLOAT_MAX = 1.7976931348623157e308


def _kind(value: object) -> str:
    if isinstance(value, bool):
        return "true or false"
    return "a mapping" if isinstance(value, dict) else f"a {type(value).__name__}"


def _finite_number(value: object) -> float:
    number: float
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise PydanticCustomError("float_type", f"expected a number, not {_kind(value)}")
    if isinstance(value, str):
        if _DECIMAL.fullmatch(value):
            number = float(value)
        elif _NOT_FINITE.fullmatch(value):
            number = math.nan
        else:
            raise PydanticCustomError(
                "float_parsing", f"expected a number such as 8 or 2.5, not {value!r}"
            )
    else:
        try:
            number = float(value)
        except OverflowError:
            number = math.inf
    if not math.isfinite(number):
        raise PydanticCustomError("finite_number", f"must be a finite number, not {value}")
    return number


# The schema's bounds make an editor flag .inf and 1e400; nothing in JSON Schema refuses NaN.
FiniteNumber = Annotated[
    float,
    BeforeValidator(_finite_number),
    WithJsonSchema({"type": "number", "minimum": -_FLOAT_MAX, "maximum": _FLOAT_MAX}),
]


def _positive_int(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise PydanticCustomError("int_type", f"expected a whole number, not {_kind(value)}")
    if isinstance(value, str):
        if not _WHOLE.fullmatch(value):
            raise PydanticCustomError(
                "int_parsing", f"expected a whole number such as 512, not {value!r}"
            )
        value = int(value)
    if value < 1:
        raise PydanticCustomError("greater_than", f"must be 1 or more, not {value}")
    return value


_WHOLE = re.compile(r"\+?[0-9]{1,18}")
PositiveInt = Annotated[
    int,
    BeforeValidator(_positive_int),
    WithJsonSchema({"type": "integer", "minimum": 1}),
]


def _tolerance(value: object) -> float:
    number = _finite_number(value)
    if not 0 <= number < 1:
        raise PydanticCustomError(
            "tolerance_range", f"a fraction from 0 to below 1 (0.1 is 10%), not {value}"
        )
    return number


DEFAULT_TOLERANCE = 0.1
Tolerance = Annotated[
    float,
    BeforeValidator(_tolerance),
    WithJsonSchema({"type": "number", "minimum": 0, "exclusiveMaximum": 1}),
]


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
    Status.UNVERIFIED: N_("Reported, not independently checked. A vendor's own figure starts here."),
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


class TranslatedBy(StrEnum):
    PERSON = "person"
    MACHINE = "machine"


class Record(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, use_enum_values=False)


class Snapshot(Record):
    """Facts about the archived text `sources/<id>.txt`."""

    retrieved: IsoDate = Field(description="Date the text was archived (YYYY-MM-DD).")
    sha256: Annotated[str, StringConstraints(pattern=SHA256_PATTERN)] = Field(
        description="SHA-256 of the archived .txt file, lowercase hex."
    )
    html_sha256: Annotated[str, StringConstraints(pattern=SHA256_PATTERN)] | None = Field(
        None,
        description="SHA-256 of the saved page sources/<id>.html the text was extracted from, "
        "when one is kept; lowercase hex.",
    )


class ReviewedSentence(Record):
    """A sentence of the archived text that frames it and states no claim (a heading, a
    byline): `claimtrack coverage` counts it as covered."""

    sentence: Text = Field(
        description="The sentence as it stands in the archived text, or enough of its "
        "beginning to name it alone."
    )
    reason: Text = Field(description="Why it is no claim, briefly: 'heading', 'byline'.")


class Source(Record):
    title: Text = Field(description="Title as the source gives it, in its own language.")
    publisher: Text | None = Field(None, description="Who published it; empty when unknown.")
    authors: list[Text] = Field(default_factory=list, description="Named authors; may be empty.")
    published: IsoDate | None = Field(None, description="Publication date; empty when unknown.")
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
    snapshot: Snapshot | None = Field(
        None, description="Present when sources/<id>.txt (or sources/<id>.html) exists."
    )
    archive_public: StrictBool = Field(
        False,
        description="Publish the whole archived text as a page of the site. Only when its "
        "licence or its owner allows it; otherwise only the quotes in context are published.",
    )
    reviewed_uncited: list[ReviewedSentence] = Field(
        default_factory=list,
        description="Sentences of the archived text read and found to state no claim.",
    )


class Claimant(Record):
    name: Text = Field(description="Organisation or person making the claim.")
    role: Text | None = Field(None, description="Role of a person, e.g. 'Head of inference'.")
    organisation: Text | None = Field(None, description="Organisation a person speaks for.")


class Quantity(Record):
    value: FiniteNumber = Field(description="The number as stated: finite, not NaN or infinity.")
    unit: Text = Field(description="Unit of the value, e.g. 'x' for a multiple.")
    bound: Bound = Field(description="How the value bounds the truth: 'up to 8x' is up-to.")
    metric: Text = Field(description="What is measured, e.g. 'token generation speed'.")
    baseline: Text | None = Field(None, description="What it is compared with; empty if none.")
    conditions: str = Field(
        "", description="Conditions under which the figure holds; empty when the source gives none."
    )
    tolerance: Tolerance = Field(
        DEFAULT_TOLERANCE,
        description="How close a measurement must come to the value to agree with it, as a "
        "fraction of the value: 0.1 (the default) is 10%.",
    )


class Evidence(Record):
    source: RecordId = Field(description="Id of a source in sources/.")
    quote: Text = Field(description="Exact words as they stand in the source's own language.")
    translation: Text | None = Field(None, description="English translation when not English.")
    translated_by: TranslatedBy | None = Field(None, description="person or machine.")


def _history_item_kind(value: object) -> str:
    return QUOTE_TAG if isinstance(value, (dict, Evidence)) else SOURCE_TAG


# Tags of the two shapes of a history evidence item.  Pydantic puts the tag in an
# error's location; validation.py drops it (a field name never starts with "<").
SOURCE_TAG, QUOTE_TAG = "<source id>", "<quote>"
HistoryEvidence = Annotated[
    Annotated[RecordId, Tag(SOURCE_TAG)] | Annotated[Evidence, Tag(QUOTE_TAG)],
    Discriminator(_history_item_kind),
]


class HistoryEntry(Record):
    date: IsoDate
    status: StatusValue
    note: Text = Field(description="Why the status changed on this date.")
    evidence: list[HistoryEvidence] = Field(
        default_factory=list,
        description="Sources behind it: a source id, or the source's own words "
        "(source, quote, translation, translated_by) proving the change.",
    )

    @property
    def source_ids(self) -> list[str]:
        """The sources named, plain or quoted, in order, each once."""
        return list(dict.fromkeys(e if isinstance(e, str) else e.source for e in self.evidence))


class MeasurementConditions(Record):
    text: str = Field("", description="The conditions in plain words.")
    workload: Text | None = Field(None, description="What was run, e.g. 'chat, 1k-token prompts'.")
    output_tokens: PositiveInt | None = Field(None, description="Tokens generated per request.")
    concurrency: PositiveInt | None = Field(None, description="Requests served at once.")
    hardware: Text | None = Field(None, description="What it ran on, e.g. '8x H100'.")


class Measurement(Record):
    value: FiniteNumber = Field(description="The measured number: finite, not NaN or infinity.")
    unit: Text = Field(description="Unit of the value; comparable with the claim's unit.")
    metric: Text | None = Field(
        None, description="What was measured; empty: the claim's quantity metric."
    )
    conditions: MeasurementConditions = Field(
        default_factory=MeasurementConditions,
        description="Under what conditions: text, and workload, output_tokens, concurrency, "
        "hardware when known.",
    )
    measured_by: Text = Field(description="Who made the measurement.")
    date: IsoDate = Field(description="When the measurement was made or published.")
    evidence: list[Evidence] = Field(
        min_length=1, description="Where it is published, in the source's own words."
    )


class Claim(Record):
    statement: Text = Field(description="One plain English sentence of what is claimed.")
    claimant: Claimant
    kind: ClaimKind
    topics: list[Topic] = Field(default_factory=list, description="Short lowercase tags.")
    quantity: Quantity | None = Field(None, description="Required for kind figure.")
    evidence: list[Evidence] = Field(min_length=1)
    measurements: list[Measurement] = Field(
        default_factory=list, description="Figures only: measurements of the claimed figure."
    )
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
    review_by: IsoDate | None = Field(None, description="After this date the claim is stale.")

    def quote_items(self) -> list[tuple[tuple[str | int, ...], Evidence]]:
        """Every quote the claim holds, with its data path: its evidence, its measurements'
        evidence and the quotes of its history, in the order of the file."""
        items: list[tuple[tuple[str | int, ...], Evidence]] = [
            (("evidence", i), ev) for i, ev in enumerate(self.evidence)
        ]
        for i, m in enumerate(self.measurements):
            items += [(("measurements", i, "evidence", j), ev) for j, ev in enumerate(m.evidence)]
        for i, entry in enumerate(self.history):
            items += [
                (("history", i, "evidence", j), ev)
                for j, ev in enumerate(entry.evidence)
                if isinstance(ev, Evidence)
            ]
        return items


class TrackerSettings(Record):
    title: Text = "Claim tracker"
    description: str = ""
    base_url: HttpUrl | None = Field(None, description="Absolute URL the site is served from.")
    language: LanguageTag = "en"
