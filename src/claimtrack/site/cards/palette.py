"""The status colours of the cards: the site's own badges', read from the theme's CSS.

static/style.css (the packaged one, or the tracker's override) colours each
status badge in a rule ``.badge-<status> { background: …; border-color: …;
color: … }``.  Cards take their colours from those rules, so that a card and
the page it is shared from never disagree and a theme that recolours its
badges recolours its cards: the stylesheet is the one source of truth.  A
status the stylesheet does not colour gets neutral greys.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

STYLESHEET = "style.css"  # in static/

_RULE = re.compile(r"\.badge-([a-z-]+)\s*\{([^}]*)\}")
_DECLARATION = re.compile(r"([a-z-]+)\s*:\s*(#[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3})?)\b")


@dataclass(frozen=True)
class StatusColours:
    """A badge's colours as ``#rrggbb``: its fill, its border (the status's strong
    colour) and its text."""

    background: str
    border: str
    text: str


NEUTRAL = StatusColours("#eef1f5", "#64748b", "#334155")


def _long(colour: str) -> str:
    """``#abc`` as ``#aabbcc``; every colour in lowercase."""
    colour = colour.lower()
    if len(colour) == 4:
        return "#" + "".join(c * 2 for c in colour[1:])
    return colour


def status_colours(static: Mapping[str, bytes]) -> dict[str, StatusColours]:
    """Each status's badge colours, by status value, from the theme's stylesheet."""
    css = static.get(STYLESHEET, b"").decode("utf-8", "replace")
    found: dict[str, StatusColours] = {}
    for status, body in _RULE.findall(css):
        values = {name: _long(value) for name, value in _DECLARATION.findall(body)}
        if "background" in values or "color" in values:
            background = values.get("background", NEUTRAL.background)
            found[status] = StatusColours(
                background,
                values.get("border-color", values.get("color", NEUTRAL.border)),
                values.get("color", NEUTRAL.text),
            )
    return found


@dataclass(frozen=True)
class PageColours:
    """The page's own colours, from the stylesheet's custom properties (``--text``, …)."""

    text: str = "#1b1f24"
    muted: str = "#4f5661"
    background: str = "#ffffff"
    brand: str = "#1d3557"


_PROPERTY = re.compile(r"--(text|muted|bg|brand)\s*:\s*(#[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3})?)\b")


def page_colours(static: Mapping[str, bytes]) -> PageColours:
    """The text, muted, background and brand colours the stylesheet declares (its first
    declaration of each: the light theme's)."""
    css = static.get(STYLESHEET, b"").decode("utf-8", "replace")
    found: dict[str, str] = {}
    for name, value in _PROPERTY.findall(css):
        found.setdefault("background" if name == "bg" else name, _long(value))
    return PageColours(**found)


def rgb(colour: str) -> tuple[int, int, int]:
    """``#rrggbb`` as Pillow's (r, g, b)."""
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))
