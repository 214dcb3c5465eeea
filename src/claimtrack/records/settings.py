"""The tracker's own settings (tracker.yaml)."""

from __future__ import annotations

from pydantic import (
    Field,
)

from .values import (
    HttpUrl,
    LanguageTag,
    Text,
)
from .vocabulary import (
    Record,
)


class TrackerSettings(Record):
    title: Text = "Claim tracker"
    description: str = ""
    base_url: HttpUrl | None = Field(None, description="Absolute URL the site is served from.")
    language: LanguageTag = "en"
