"""The tracker's own settings (tracker.yaml)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from .translations import TrackerTranslation
from .values import HttpUrl, LanguageTag, Text
from .vocabulary import Record


class TrackerSettings(Record):
    title: Text = "Claim tracker"
    description: str = ""
    base_url: HttpUrl | None = Field(None, description="Absolute URL the site is served from.")
    language: LanguageTag = Field(
        "en", description="The language the records are written in; the site's main language."
    )
    translations: dict[LanguageTag, TrackerTranslation] = Field(
        default_factory=dict,
        description="Each further language the site is published in (under /<tag in "
        "lowercase>/), with the tracker's title and description in it.",
    )

    cards: bool | Literal["auto"] = Field(
        "auto",
        description="Share cards (claims/<id>/card.png, card.png): true, false, or auto, "
        "on for trackers under 2,000 claims.",
    )
    card_fonts: dict[LanguageTag, str] = Field(
        default_factory=dict,
        description="The font file share cards are drawn with, per site language "
        "(relative to the tracker; a collection's face after #); else fontconfig's.",
    )

    @property
    def site_languages(self) -> tuple[str, ...]:
        """The main language first, then the further ones in the order written."""
        return (self.language, *(t for t in self.translations if t != self.language))


def declared_languages(data: object) -> tuple[str, ...] | None:
    """The site's languages as tracker.yaml's data declares them, main first: its
    ``language:`` (else the default) and the keys of its ``translations:``, as written.
    For a tracker.yaml that does not validate (a translation without translated_by):
    the records' translations are still judged against what it declares, not against
    the defaults.  None when the data is no mapping (a file that does not parse)."""
    if not isinstance(data, dict):
        return None
    main = data.get("language")
    if not isinstance(main, str) or not main:
        main = TrackerSettings.model_fields["language"].default
    translations = data.get("translations")
    further = translations if isinstance(translations, dict) else {}
    return (main, *(t for t in further if isinstance(t, str) and t != main))
