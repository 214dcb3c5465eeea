"""A claim: what was said, by whom, in which words, how far it has been checked."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Self, TypeVar

from pydantic import (
    BeforeValidator,
    Discriminator,
    Field,
    PrivateAttr,
    StringConstraints,
    Tag,
)

from .translations import FINGERPRINT_PATTERN, ClaimTranslation, EntryKey, QuoteTranslation
from .values import (
    DEFAULT_TOLERANCE,
    FiniteNumber,
    IsoDate,
    LanguageTag,
    PositiveInt,
    RecordId,
    Text,
    Tolerance,
    Topic,
    text_as_mapping,
)
from .vocabulary import (
    Bound,
    ClaimKind,
    Record,
    StatusValue,
    TranslatedBy,
)

T = TypeVar("T")


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
    revision: EntryKey | None = Field(
        None,
        description="The later version of the source the quote is in: the retrieved date of "
        "an entry under its revisions: (DATE#2 for a day's second entry); empty: its first "
        "archived copy. A gone entry cannot be cited.",
    )
    quote: Text = Field(description="Exact words as they stand in the source's own language.")
    translation: Text | None = Field(None, description="English translation when not English.")
    translated_by: TranslatedBy | None = Field(None, description="person or machine.")
    translations: dict[LanguageTag, QuoteTranslation] = Field(
        default_factory=dict,
        description="The quote's meaning in the site's other languages, beside the English "
        "translation.",
    )


def _history_item_kind(value: object) -> str:
    return QUOTE_TAG if isinstance(value, (dict, Evidence)) else SOURCE_TAG


# Tags of the two shapes of a history evidence item.  Pydantic puts the tag in an
# error's location, right after the item's index; validation.py drops it there.
SOURCE_TAG, QUOTE_TAG = "<source id>", "<quote>"
HistoryEvidence = Annotated[
    Annotated[RecordId, Tag(SOURCE_TAG)] | Annotated[Evidence, Tag(QUOTE_TAG)],
    Discriminator(_history_item_kind),
]


# A fingerprint of what readers read (records/corrections.py makes them, as
# records/translations.fingerprint makes a translation's made_from).
ReadPrint = Annotated[
    str,
    StringConstraints(pattern=FINGERPRINT_PATTERN),
    Field(description="Written by `claimtrack status` and `claimtrack correct`, never by hand."),
]


class ReadPrints(Record):
    """What readers read once a history entry was written: a fingerprint of each field."""

    statement: ReadPrint | None = None
    claimant: ReadPrint | None = None
    quantity: ReadPrint | None = None
    rationale: ReadPrint | None = None


class Previous(Record):
    """A correction's fields, each as readers read it before the correction."""

    statement: Text | None = None
    claimant: Claimant | None = None
    quantity: Quantity | None = None
    rationale: Text | None = None


class HistoryEntry(Record):
    date: IsoDate
    status: StatusValue
    note: Text = Field(
        description="Why the status changed on this date; for a correction (was), what was "
        "put right and why."
    )
    evidence: list[HistoryEvidence] = Field(
        default_factory=list,
        description="Sources behind it: a source id, or the source's own words "
        "(source, revision, quote, translation, translated_by) proving the change.",
    )
    was: Previous | None = Field(
        None,
        description="A correction (the status stays): each field it put right, as readers "
        "read it before. Written by `claimtrack correct`.",
    )
    read: ReadPrints | None = Field(
        None,
        description="Fingerprints of what readers read from this entry on (statement, "
        "claimant, quantity, rationale). Written by `claimtrack status` and `claimtrack "
        "correct`, never by hand.",
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


# The short form `conditions: chat workload` is the text alone, like quantity.conditions;
# the record, the site and claims.json only ever see the mapping.
ConditionsValue = Annotated[
    MeasurementConditions,
    BeforeValidator(
        text_as_mapping,
        json_schema_input_type=MeasurementConditions
        | Annotated[str, Field(description="The conditions in plain words alone: the text.")],
    ),
]


class Measurement(Record):
    value: FiniteNumber = Field(description="The measured number: finite, not NaN or infinity.")
    unit: Text = Field(description="Unit of the value; comparable with the claim's unit.")
    metric: Text | None = Field(
        None, description="What was measured; empty: the claim's quantity metric."
    )
    conditions: ConditionsValue = Field(
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
    revises: RecordId | None = Field(
        None,
        description="Id of the claim this one revises: the claimant's earlier wording of it, "
        "which keeps its own status and evidence.",
    )
    to_check: list[RecordId] = Field(
        default_factory=list,
        description="Ids of sources that may settle this claim but have not been read yet.",
    )
    review_by: IsoDate | None = Field(None, description="After this date the claim is stale.")

    translations: dict[LanguageTag, ClaimTranslation] = Field(
        default_factory=dict,
        description="The statement, rationale, conditions and history notes in the site's "
        "further languages, keyed by language tag.",
    )

    # What is made from the record alone, made once (a validated record never changes): its
    # quote items (the rules, the analysis, the links and the model each ask: 77,000 lists
    # for 10,000 claims), its translatable originals (records/translated.py, once for every
    # language rather than once in each).
    _memo: dict[str, Any] = PrivateAttr(default_factory=dict)

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        copy = super().model_copy(update=update, deep=deep)
        copy._memo = {}  # its fields may be others
        return copy

    def __eq__(self, other: object) -> bool:
        # By the fields alone, as for any record: what is remembered is made from them.
        if not isinstance(other, Claim):
            return NotImplemented
        return type(self) is type(other) and self.__dict__ == other.__dict__

    __hash__ = Record.__hash__  # a class defining __eq__ must say its hash again

    def remembered(self, name: str, make: Callable[[Claim], T]) -> T:
        """``make(self)``, made on the first call for ``name`` only."""
        # Through the private dict itself: pydantic's __getattr__ for a private attribute
        # costs more than the lookup it saves.
        private = self.__pydantic_private__
        memo: dict[str, Any] = private["_memo"] if private is not None else {}
        if name not in memo:
            memo[name] = make(self)
        return memo[name]  # type: ignore[no-any-return]

    def names(self) -> Names:
        """The ids the claim names: what its rules and its page read of other records."""
        cites = {ev.source for _, ev in self.quote_items()}
        for entry in self.history:
            cites.update(entry.source_ids)
        revises = [self.revises] if self.revises is not None else []
        return Names.of(cites, self.to_check, self.related, revises)

    def quote_items(self) -> tuple[tuple[tuple[str | int, ...], Evidence], ...]:
        """Every quote the claim holds, with its data path: its evidence, its measurements'
        evidence and the quotes of its history, in the order of the file."""
        return self.remembered("quote_items", Claim._find_quote_items)

    def _find_quote_items(self) -> tuple[tuple[tuple[str | int, ...], Evidence], ...]:
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
        return tuple(items)


@dataclass(frozen=True, slots=True)
class Names:
    """The ids one claim names: kept beside its record in the disk cache (load/cache/), so
    that who names whom is known without rebuilding an unchanged claim."""

    cites: frozenset[str]  # evidence, measurements' evidence and history evidence
    to_check: frozenset[str]
    related: frozenset[str]
    revises: frozenset[str] = frozenset()  # the claim its ``revises`` names, if any

    @property
    def sources(self) -> frozenset[str]:
        return self.cites | self.to_check

    @property
    def claims(self) -> frozenset[str]:
        """The claims it names: related, and the one it revises."""
        return self.related | self.revises

    def to_json(self) -> list[list[str]]:
        return [
            sorted(self.cites),
            sorted(self.to_check),
            sorted(self.related),
            sorted(self.revises),
        ]

    @classmethod
    def from_json(cls, data: list[list[str]]) -> Names:
        return cls.of(*data)

    @classmethod
    def of(cls, *ids: Iterable[str]) -> Names:
        """The names from the ids of each field, in order; an empty one the one empty set
        (Python makes a new one each time: three of the four are most often empty, 6 MiB
        of sets at 10,000 claims)."""
        return cls(*(frozenset(found) or _NONE for found in ids))


_NONE: frozenset[str] = frozenset()
