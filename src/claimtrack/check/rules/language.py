"""Each of the site's languages must be one the interface is translated into: the
tracker's ``language:`` and every key of its ``translations:``.

Falling back to English in silence would publish a site whose ``<html lang>``
says one language while its words are in another.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from ...codes import Code
from ...i18n import catalog_for, catalogs
from ...layout import SETTINGS_FILE
from ...load.nodes import Positions
from ...problems import Problem, report
from ..analysis import Analysis


def _settings_text(root: Path) -> str | None:
    try:
        return (root / SETTINGS_FILE).read_bytes().decode("utf-8", "replace")
    except OSError:
        return None


def settings_positions(root: Path) -> Positions:
    """Where tracker.yaml's keys and values stand.  The tracker keeps no positions of its
    settings: only when a problem needs one is the file read again."""
    return Positions(reader=lambda: _settings_text(root))


def _missing(tag: str, pos: tuple[int, int]) -> Problem:
    return report(
        SETTINGS_FILE,
        pos,
        Code.MISSING_CATALOG,
        f"the site's interface is not translated into {tag!r}",
        f"use one of: {', '.join(catalogs())} (a region may follow, as in fr-CA)",
    )


def language_catalog(a: Analysis) -> Iterator[Problem]:
    settings = a.tracker.settings
    positions = settings_positions(a.tracker.root)
    if catalog_for(settings.language) is None:
        yield _missing(settings.language, positions.value(("language",)))
    # Each further language has its own pages, in its own interface words.
    for tag in settings.translations:
        if tag != settings.language and catalog_for(tag) is None:
            yield _missing(tag, positions.key(("translations", tag)))


TRACKER_RULES = (language_catalog,)
