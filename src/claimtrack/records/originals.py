"""The original a stale translation was made from, as the comment above it holds it, and
how the original changed since.

`claimtrack translate` writes each field it adds for a translator under comment lines
holding its original (edit/translation/merge.comment_lines: a line per line of it, long
ones wrapped at spaces), at the field's indentation; a quote's translation under the
quote, then its English translation after ``(English)``.  Read back, those lines say
what the translation was made from, but only when they fingerprint as the field's
``made_from`` records: a comment edited since, or one a translator wrote, proves
nothing, and then nothing is said of the old text (only that it changed).

Pure functions of a file's text: the rules and the `translations` report look the
field's key up (load/nodes.Positions) and pass its line and column.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ..textrules import common_ends
from .translations import fingerprint

# What a quote's note holds after the quote: its English translation (fields.quote_skeleton).
ENGLISH_MARK = "(English) "
CONTEXT = 24  # characters of the same text shown before and after a change
ROOM = 72  # characters of a changed passage shown at most (either side)
_SPACE = re.compile(r"\s+")


def quote_note(quote: str, english: str | None) -> str:
    """What the comment above a quote's translation holds, as translate writes it: the
    quote, then its English translation after ``(English)``."""
    return quote if english is None else f"{quote}\n{ENGLISH_MARK}{english}"


@dataclass(frozen=True, slots=True)
class Noted:
    """The comment lines above a translated field that hold its original."""

    text: str  # the original, the comment's wrapped lines joined by a space
    start: int  # offset of the first of those lines in the file's text
    end: int  # offset after the last one's line break


@lru_cache(maxsize=2)  # a file's stale fields are looked at one after another
def _line_starts(text: str) -> tuple[int, ...]:
    """The offset of each line of ``text`` (lines end at \\n; a \\r before it is kept in the
    line and stripped by the reader below)."""
    starts = [0]
    at = text.find("\n")
    while at >= 0:
        starts.append(at + 1)
        at = text.find("\n", at + 1)
    return tuple(starts)


def _comment_body(line: str, indent: int) -> str | None:
    """A comment line's text when it is a whole line at ``indent`` spaces: ``# words``."""
    line = line.rstrip("\r\n")
    body = line.lstrip(" ")
    if len(line) - len(body) != indent or not body.startswith("#"):
        return None
    return body[2:] if body.startswith("# ") else body[1:]


def noted(text: str, line: int, column: int, made_from: str | None) -> Noted | None:
    """The comment lines just above the key at ``line`` and ``column`` (1-based) that hold
    the original whose fingerprint is ``made_from``: the last of the comment lines there
    at the key's indentation, as many as fingerprint as it (a translator's own comment
    above them is left out), or None."""
    if made_from is None:
        return None
    starts = _line_starts(text)
    if not 1 < line <= len(starts):
        return None
    key_start = starts[line - 1]
    if text[key_start : key_start + column - 1].strip(" "):
        return None  # not first on its line (a flow mapping): translate wrote no comment
    bodies: list[str] = []
    top = line  # 1-based number of the topmost line taken: the key's, then each comment's
    while top > 1:
        body = _comment_body(text[starts[top - 2] : starts[top - 1]], column - 1)
        if body is None:
            break
        bodies.insert(0, body)
        top -= 1
    for i in range(len(bodies)):
        # A quote's note goes on with its English translation: the quote is before it.
        ends = [j for j in range(i + 1, len(bodies)) if bodies[j].startswith(ENGLISH_MARK)]
        for end in (len(bodies), *ends):
            original = " ".join(bodies[i:end])
            if fingerprint(original) == made_from:
                start = starts[top - 1 + i]
                return Noted(_SPACE.sub(" ", original).strip(), start, key_start)
    return None


def _passage(text: str, same_start: int, changed_end: int) -> str:
    """The part of ``text`` from a little before ``same_start`` (where it parts from the
    other text) to a little after ``changed_end`` (where it joins it again), at spaces
    where there are some, ROOM characters at most, an ellipsis where text is left out."""
    begin = max(0, same_start - CONTEXT)
    if begin > 0:
        space = text.find(" ", begin, same_start)
        begin = space + 1 if space >= 0 else begin
    end = min(len(text), changed_end + CONTEXT)
    if end < len(text):
        space = text.rfind(" ", changed_end, end)
        end = space if space >= 0 else end
    shown = text[begin:end]
    if len(shown) > ROOM:
        space = shown.rfind(" ", ROOM // 2, ROOM)
        shown = shown[: space if space >= 0 else ROOM - 1]
        end = begin + len(shown)
    return ("…" if begin > 0 else "") + shown + ("…" if end < len(text) else "")


def difference(was: str, now: str) -> tuple[str, str]:
    """The passage of each text that changed, with a little of what stayed around it: "The
    one measurement found 2x." and "The one measurement finds 2x." give "…measurement
    found 2x." and "…measurement finds 2x." (the whole texts, when they are short).  White
    space is folded first: re-wrapping changes nothing, as for the fingerprint."""
    a, b = _SPACE.sub(" ", was).strip(), _SPACE.sub(" ", now).strip()
    same_start, same_end = common_ends(a, b)
    return (
        _passage(a, same_start, len(a) - same_end),
        _passage(b, same_start, len(b) - same_end),
    )


def how_changed(was: Noted | None, now: str) -> str:
    """What a stale translation's message says of its original: how it changed, when the
    comment above it still holds what it was made from; else only that it changed."""
    if was is None:
        return "the original changed since"
    old, new = difference(was.text, now)
    return f"the original changed: was «{old}», now «{new}»"
