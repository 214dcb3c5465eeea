"""Sentence boundaries in an archived text, in its original characters.

A sentence ends at ``.``, ``!`` or ``?`` followed by white space (or the end of
the text), and at the full-width ``。``, ``！``, ``？`` of Chinese and Japanese,
which need no space after them.  Closing quotation marks and brackets right
after the mark belong to the sentence they close.  French puts a space before
``!``, ``?`` (and inside guillemets): ``Prêt ? « Oui ! »`` is two sentences,
never one ending at the space.

Used to show a quote in context on claim pages; kept apart so that other
commands (coverage) can count sentences the same way.
"""

from __future__ import annotations

import re

from ..textrules import VISIBLE_PATTERN

# A terminal mark, then closers (possibly after a French space), then white space or the end;
# or a full-width terminal mark with its closers, with or without space after it.
# The lookahead first: a position without a mark fails at once (twice as fast on long texts).
_END = re.compile(
    r"(?=[.!?。！？])(?:[.!?]+(?:[ \u00a0\u202f]?[\"'”’»」』)\]])*(?=\s|$)"
    r"|[。！？]+[”’」』）)\]]*)"
)


def sentence_starts(text: str) -> list[int]:
    """Offsets where sentences begin, the first always 0; white space between sentences
    belongs to neither (a start is never on white space unless the text is all space)."""
    starts = [0]
    for match in _END.finditer(text):
        end = match.end()
        while end < len(text) and text[end].isspace():
            end += 1
        if end < len(text) and end > starts[-1]:
            starts.append(end)
    return starts


def sentences(text: str) -> list[str]:
    """The sentences of ``text``, each without the white space around it."""
    starts = sentence_starts(text)
    bounds = zip(starts, [*starts[1:], len(text)], strict=True)
    return [s for s in (text[a:b].strip() for a, b in bounds) if s]


# From the first visible character to the last (textrules.VISIBLE_PATTERN: not white
# space nor an invisible character).
_CONTENT = re.compile(rf"{VISIBLE_PATTERN}(?:.*{VISIBLE_PATTERN})?", re.DOTALL)
# A line break and the spaces that indent the next line.
_LINE_BREAK = re.compile(r"\n[^\S\n]*")


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """Each sentence as (start, end) offsets into ``text``, without the white space around
    it, for counting sentences (coverage).  Besides the marks above, a line break ends a
    sentence: archived texts hold one paragraph, heading or byline per line, and a heading
    has no full stop.  A line that goes on with a lowercase letter is a hard-wrapped
    sentence, and its break is only a space.  Spans with nothing visible are left out."""
    bounds = set(sentence_starts(text))
    for match in _LINE_BREAK.finditer(text):
        if not text[match.end() : match.end() + 1].islower():
            bounds.add(match.end())
    ordered = sorted(bounds)
    spans = []
    for a, b in zip(ordered, [*ordered[1:], len(text)], strict=True):
        # The sentence without the white space around it, found without copying it.
        content = _CONTENT.search(text, a, b)
        if content is not None:
            spans.append(content.span())
    return spans
