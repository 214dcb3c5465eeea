"""A source: what was published, where, in which language, and its archived copy."""

from __future__ import annotations

from typing import Annotated

from pydantic import (
    Field,
    StrictBool,
    StringConstraints,
)

from .translations import SourceTranslation
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
    SourceKind,
)


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
    translations: dict[LanguageTag, SourceTranslation] = Field(
        default_factory=dict,
        description="The notes, and optionally the title, in the site's further languages.",
    )
