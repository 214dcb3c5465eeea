"""What `build` warns of itself: what the published site will lack, from its settings
(no ``base_url``) and from its plan (share cards no font could draw the text of).

These are not the check's problems: the records are right, and `check` (and so
`check --strict`, the gate a tracker may choose) says nothing of them.  A site without
``base_url`` is a complete site for readers who reach it; only what is read elsewhere,
from another address, needs its own absolute address.  `build` prints them with the
check's warnings, and `serve` once, at its first build that succeeds.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from ..codes import Code
from ..layout import SETTINGS_FILE
from ..problems import Problem, report
from ..records import TrackerSettings

# The codes only a build gives (serve tells them apart from the check's warnings by these).
BUILD_CODES = frozenset({Code.BASE_URL_MISSING, Code.CARD_FONT_MISSING})
# Where the warning points: tracker.yaml's first line, as the setting has no line of its own.
_TOP = (1, 1)


def build_warnings(
    root: Path, settings: TrackerSettings, unfonted: Mapping[str, int]
) -> list[Problem]:
    """The build's own warnings, once each per build: of its settings, then of its cards
    (``unfonted``: per language, how many no font could draw: Planner.unfonted)."""
    return _base_url(settings) + _font_problems(root, unfonted)


def _base_url(settings: TrackerSettings) -> list[Problem]:
    if settings.base_url is not None:
        return []
    return [
        report(
            SETTINGS_FILE,
            _TOP,
            Code.BASE_URL_MISSING,
            "no base_url: share links (og:url, og:image), canonical links, ClaimReview's url, hreflang "
            "alternates, the sitemap and robots.txt need the site's absolute address, and "
            "are left out",
            "set `base_url:` in tracker.yaml to the address the site is published at "
            "(e.g. https://OWNER.github.io/REPO/); `claimtrack init --base-url URL` sets it "
            "for a new tracker",
        )
    ]


def _font_problems(root: Path, missing: Mapping[str, int]) -> list[Problem]:
    """One warning per language some of whose cards found no font with their glyphs, at
    its ``card_fonts`` entry when tracker.yaml has one."""
    if not missing:
        return []
    from ..check.rules.language import settings_positions

    positions = settings_positions(root)
    problems = []
    for tag, count in sorted(missing.items()):
        pos = positions.key(("card_fonts", tag))
        problems.append(
            report(
                SETTINGS_FILE,
                pos,
                Code.CARD_FONT_MISSING,
                f"{count} share card(s) in {tag!r} show their status alone: no font found "
                "has a glyph for every character of their text",
                f"name a font file that has them in tracker.yaml, `card_fonts: {{{tag}: "
                "path/to/font.ttf}` (relative to the tracker; a collection's face after #: "
                "NotoSansCJK-Regular.ttc#3), or install one fontconfig finds "
                "(fc-list :lang=...)",
            )
        )
    return problems
