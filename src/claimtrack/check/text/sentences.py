"""Sentence boundaries in an archived text, in its original characters.

A sentence ends at ``.``, ``!`` or ``?`` followed by white space (or the end of
the text), and at the full-width ``。``, ``！``, ``？`` of Chinese and Japanese,
which need no space after them.  Closing quotation marks and brackets right
after the mark belong to the sentence they close.  French puts a space before
``!``, ``?`` (and inside guillemets): ``Prêt ? « Oui ! »`` is two sentences,
never one ending at the space.

A line break ends a sentence too: archived texts hold one paragraph, heading
or byline per line, and a heading has no full stop.  A line that goes on with a
lowercase letter is a hard-wrapped sentence, and its break is only a space.

The one sentence rule: quotes in context on claim pages and coverage both use it.
"""

from __future__ import annotations

import re

from ...textrules import VISIBLE_PATTERN

# A terminal mark, then closers (possibly after a French space), then white space or the end;
# or a full-width terminal mark with its closers, with or without space after it.
# The lookahead first: a position without a mark fails at once (twice as fast on long texts).
_END = re.compile(
    r"(?=[.!?。！？])(?:[.!?]+(?:[ \u00a0\u202f]?[\"'”’»」』)\]])*(?=\s|$)"
    r"|[。！？]+[”’」』）)\]]*)"
)


# A line break and the spaces that indent the next line.
_LINE_BREAK = re.compile(r"\n[^\S\n]*")
# An end and the white space after it: the next sentence starts where this match ends.
# (The lookahead lets the engine skip to the next mark: twice as fast on these texts.)
_END_SPACE = re.compile(rf"(?=[.!?。！？])(?:{_END.pattern})\s*")


def sentence_starts(text: str) -> list[int]:
    """Offsets where sentences begin, the first always 0, sorted; white space between
    sentences belongs to neither."""
    ends = {m.end() for m in _END_SPACE.finditer(text)}
    for match in _LINE_BREAK.finditer(text):
        if not text[match.end() : match.end() + 1].islower():
            ends.add(match.end())
    ends.discard(0)
    ends.discard(len(text))  # the end of the text starts nothing
    return [0, *sorted(ends)]


def sentences(text: str) -> list[str]:
    """The sentences of ``text``, each without the white space around it."""
    starts = sentence_starts(text)
    bounds = zip(starts, [*starts[1:], len(text)], strict=True)
    return [s for s in (text[a:b].strip() for a, b in bounds) if s]


# From the first visible character to the last (textrules.VISIBLE_PATTERN: not white
# space nor an invisible character).
_CONTENT = re.compile(rf"{VISIBLE_PATTERN}(?:.*{VISIBLE_PATTERN})?", re.DOTALL)


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """Each sentence as (start, end) offsets into ``text``, without the white space around
    it, for counting sentences (coverage).  Spans with nothing visible are left out."""
    ordered = sentence_starts(text)
    spans = []
    for a, b in zip(ordered, [*ordered[1:], len(text)], strict=True):
        # The sentence without the white space around it, found without copying it.
        content = _CONTENT.search(text, a, b)
        if content is not None:
            spans.append(content.span())
    return spans
