"""Where a card's text may break, and the lines it fills.

Chinese and Japanese have no spaces between words: their lines break where
BudouX, Google's phrase segmenter, puts a phrase boundary (its zh-hant, zh-hans
and ja models), so that a phrase is never cut in two.  A Latin word inside such
text (GPT-6, Ultrafast) stays whole, whatever the model says.  Other languages
break after spaces.  A text longer than the lines it may take ends, after the
last whole phrase that fits, with an ellipsis.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

ELLIPSIS = "…"
# How close to the limit a line's width summed from its phrases must be to be measured whole.
_SLACK = 0.03

# A run of text up to and including the spaces after it: the units of a spaced language.
_WORDS = re.compile(r"\S+\s*|\s+")


@cache
def _parser(tag: str) -> Any:
    """BudouX's parser for a language written without spaces; None for the others."""
    import budoux

    language, _, rest = tag.lower().partition("-")
    if language == "ja":
        return budoux.load_default_japanese_parser()
    if language != "zh":
        return None
    simplified = "hans" in rest or rest in {"cn", "sg"}
    if simplified:
        return budoux.load_default_simplified_chinese_parser()
    return budoux.load_default_traditional_chinese_parser()


def _wide(char: str) -> bool:
    """A character of a script written without spaces (CJK ideographs, kana, their
    punctuation): a break next to it is a phrase segmenter's decision."""
    return unicodedata.east_asian_width(char) in {"W", "F"}


def phrases(text: str, tag: str) -> list[str]:
    """``text`` cut where a line may break, in order; joined, they are ``text``."""
    parser = _parser(tag)
    if parser is None:
        return _WORDS.findall(text)
    pieces: list[str] = parser.parse(text)
    out: list[str] = []
    for piece in pieces:
        if not piece:
            continue
        last = out[-1][-1] if out else ""
        # A boundary between two characters of which neither is wide nor a space is
        # inside a Latin word or number ("GPT" | "-6"): no break there.
        if out and not (_wide(last) or _wide(piece[0]) or last.isspace()):
            out[-1] += piece
        else:
            out.append(piece)
    # And a Latin run's spaces are breaks too (BudouX keeps "6 Astra Ultrafast" as one).
    return [word for piece in out for word in _WORDS.findall(piece)]


def _split_long(phrase: str, fits: Callable[[str], bool]) -> list[str]:
    """A phrase wider than a whole line (a long URL, a long run without breaks), cut
    between characters: the one place a cut inside a phrase is better than nothing."""
    parts: list[str] = []
    current = ""
    for char in phrase:
        if current and not fits(current + char):
            parts.append(current)
            current = char
        else:
            current += char
    if current:
        parts.append(current)
    return parts


def fill(
    units: Sequence[str], width: float, measure: Callable[[str], float], max_lines: int
) -> tuple[list[str], bool]:
    """The lines ``units`` (phrases) fill at most ``width`` wide, at most ``max_lines`` of
    them, and whether the text was cut: its last line then ends, after the last whole
    phrase that leaves room for it, with an ellipsis.

    A line neither starts nor ends with spaces; a unit wider than a whole line is cut
    between characters."""

    def fits(text: str) -> bool:
        return measure(text.rstrip()) <= width

    queue = [
        piece for unit in units for piece in ([unit] if fits(unit) else _split_long(unit, fits))
    ]
    widths: dict[str, float] = {}

    def width_of(unit: str) -> float:
        found = widths.get(unit)
        if found is None:
            found = widths[unit] = measure(unit)
        return found

    # A line's width is the sum of its phrases' (each measured once): kerning between two
    # phrases moves it by a pixel or two, so only a line that close to the limit is
    # measured whole.  Measuring every candidate line whole cost a card milliseconds.
    slack = width * _SLACK
    lines: list[list[str]] = []
    current: list[str] = []
    running = 0.0
    for unit in queue:
        if current:
            guess = running + width_of(unit.rstrip())
            near = abs(guess - width) <= slack
            if not (fits("".join(current) + unit) if near else guess <= width):
                lines.append(current)
                current, running = [], 0.0
                if len(lines) > max_lines:
                    break  # cut: what follows is never shown
        if current or not unit.isspace():
            current.append(unit)
            running += width_of(unit)
    if current and len(lines) <= max_lines:
        lines.append(current)
    if len(lines) <= max_lines:
        return ["".join(line).rstrip() for line in lines], False
    last = lines[max_lines - 1]
    while last and measure("".join(last).rstrip() + ELLIPSIS) > width:
        last.pop()
    cut = ["".join(line).rstrip() for line in lines[: max_lines - 1]]
    return [*cut, "".join(last).rstrip() + ELLIPSIS], True
