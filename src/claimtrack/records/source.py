"""A source: what was published, where, in which language, and its archived copy."""

from __future__ import annotations

from typing import Annotated, Any, NamedTuple

from pydantic import (
    Field,
    StrictBool,
    StringConstraints,
    model_validator,
)
from pydantic_core import PydanticCustomError

from .translations import SourceTranslation, entry_keys
from .values import (
    SHA256_PATTERN,
    HttpUrl,
    IsoDate,
    LanguageTag,
    RecordId,
    Text,
)
from .vocabulary import (
    Record,
    RevisionOutcome,
    SourceKind,
)

Sha256 = Annotated[str, StringConstraints(pattern=SHA256_PATTERN)]


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


class Revision(Record):
    """A later version of the source found by `claimtrack recheck --save`, kept in
    `sources/<id>.revisions/`.  The snapshot stays what quotes are proven against."""

    retrieved: IsoDate = Field(description="Date the page was fetched again (YYYY-MM-DD).")
    outcome: RevisionOutcome = Field(
        description="changed: the text differs; moved: the address redirects elsewhere "
        "(url gives where); gone: HTTP 404 or 410, no file is kept."
    )
    sha256: Sha256 | None = Field(
        None,
        description="SHA-256 of the revision's text sources/<id>.revisions/<date>.txt, "
        "lowercase hex; required unless the page is gone.",
    )
    html_sha256: Sha256 | None = Field(
        None,
        description="SHA-256 of the page the text was extracted from, "
        "sources/<id>.revisions/<date>.html, when one is kept; lowercase hex.",
    )
    url: HttpUrl | None = Field(
        None, description="The address the page moved to; only when the outcome is moved."
    )

    @model_validator(mode="after")
    def _fields_fit_outcome(self) -> Revision:
        # A gone page keeps no file, every other revision is a file held to its hash, and
        # only a move has a new address: one message names what does not fit.
        if self.outcome is RevisionOutcome.GONE and (self.sha256 or self.html_sha256):
            raise PydanticCustomError(
                "revision_fields", "a gone revision keeps no file: remove sha256 and html_sha256"
            )
        if self.outcome is not RevisionOutcome.GONE and self.sha256 is None:
            raise PydanticCustomError(
                "revision_fields", f"a {self.outcome} revision needs the sha256 of its .txt file"
            )
        if (self.outcome is RevisionOutcome.MOVED) != (self.url is not None):
            raise PydanticCustomError(
                "revision_fields",
                "a moved revision needs url (where the page moved to); no other has one",
            )
        return self


def revision_stems(revisions: list[Revision]) -> list[str | None]:
    """The file name (without .txt or .html) of each revision under sources/<id>.revisions/,
    None for a gone one: its date, then <date>-2, <date>-3 for further ones of that day.

    The one naming rule: the loader's check, recheck's writing and the site read it.  Only
    revisions with a file count, so a gone entry leaves no gap in a day's numbers."""
    stems: list[str | None] = []
    seen: dict[str, int] = {}
    for revision in revisions:
        if revision.outcome is RevisionOutcome.GONE:
            stems.append(None)
            continue
        day = revision.retrieved.isoformat()
        seen[day] = seen.get(day, 0) + 1
        stems.append(day if seen[day] == 1 else f"{day}-{seen[day]}")
    return stems


def revision_keys(revisions: list[Revision]) -> list[str]:
    """The key evidence names each revision by (``revision: KEY``): its retrieved date, or
    DATE#n for the n-th entry of that day, gone ones counted, as a translation's history
    keys count entries (translations.entry_keys).  Not the file name (revision_stems),
    which skips gone entries: a key names an entry of the record, a stem a file."""
    return entry_keys(revision.retrieved for revision in revisions)


def revision_index(revisions: list[Revision], key: str) -> int | None:
    """The index of the revision ``key`` names; None when no entry has that key."""
    keys = revision_keys(revisions)
    return keys.index(key) if key in keys else None


class ReviewedSentence(Record):
    """A sentence of the archived text that frames it and states no claim (a heading, a
    byline): `claimtrack coverage` counts it as covered."""

    sentence: Text = Field(
        description="The sentence as it stands in the archived text, or enough of its "
        "beginning to name it alone."
    )
    reason: Text = Field(description="Why it is no claim, briefly: 'heading', 'byline'.")


class SourceNames(NamedTuple):
    """What the disk cache keeps beside a source's record, so that a check reads it without
    rebuilding the record: the sources it derives from (the derivation graph), and whether
    it names reviewed sentences (its rules then read the claims citing it: its coverage)."""

    derived_from: tuple[str, ...]
    reviews: bool

    def to_json(self) -> list[Any]:
        return [list(self.derived_from), self.reviews]

    @classmethod
    def from_json(cls, data: Any) -> SourceNames:
        """Data of another shape raises TypeError or ValueError (the cache's UNFIT)."""
        ids, reviews = data
        if not isinstance(reviews, bool):
            raise TypeError("reviews: not a boolean")
        return cls(tuple(str(sid) for sid in ids), reviews)


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
    revisions: list[Revision] = Field(
        default_factory=list,
        description="Later versions found by `claimtrack recheck --save`, oldest first; "
        "a quote is proven against the snapshot unless it names one of them (revision:).",
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
    translations: dict[LanguageTag, SourceTranslation] = Field(
        default_factory=dict,
        description="The notes, and optionally the title, in the site's further languages.",
    )

    def names(self) -> SourceNames:
        """What the check reads of the source beside its rules (SourceNames)."""
        return SourceNames(tuple(self.derived_from), bool(self.reviewed_uncited))
