"""The tracker's ``language:`` must name a language the interface is translated into.

Falling back to English in silence would publish a site whose ``<html lang>``
says one language while its words are in another.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...codes import Code
from ...i18n import catalog_for, catalogs
from ...load.files import SETTINGS_FILE
from ...load.nodes import Positions
from ...problems import Problem, report
from ..analysis import Analysis


def _settings_text(a: Analysis) -> str | None:
    try:
        return (a.tracker.root / SETTINGS_FILE).read_bytes().decode("utf-8", "replace")
    except OSError:
        return None


def language_catalog(a: Analysis) -> Iterator[Problem]:
    tag = a.tracker.settings.language
    if catalog_for(tag) is not None:
        return
    # Only now is tracker.yaml read again, for the position of the value.
    positions = Positions(reader=lambda: _settings_text(a))
    yield report(
        SETTINGS_FILE,
        positions.value(("language",)),
        Code.MISSING_CATALOG,
        f"the site's interface is not translated into {tag!r}",
        f"use one of: {', '.join(catalogs())} (a region may follow, as in fr-CA)",
    )


TRACKER_RULES = (language_catalog,)
