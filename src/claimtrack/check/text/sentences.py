"""Sentence boundaries in an archived text, in its original characters, in its language.

Where a sentence ends within a paragraph is sentencex's decision (Wikimedia's segmenter,
made for this, with each language's abbreviations and its closing quotation marks), in
the source's language: "Acme Corp. is based in San Jose, Calif. and sells rockets." is one
sentence, where a full stop and a space would have made three.  It knows French spacing
(``Prêt ? « Oui ! »`` is two sentences) and Chinese full-width marks, which need no space
after them.

Two rules stay ours, about how archived texts are laid out rather than about a language:

- A line break ends a sentence: archived texts hold one paragraph, heading or byline per
  line, and a heading has no full stop (sentencex ends a sentence only at a blank line).
  A line that goes on with a lowercase letter is a hard-wrapped sentence, and its break
  is only a space.
- A full-width ``。！？``, with the closing marks after it, always ends a sentence:
  sentencex does not end one there when the next begins with a lowercase Latin letter
  ("價格未公布。xAI表示……", a brand that is written so).

The one sentence rule: the quotes in context (claim pages, the editor's hover), coverage
and the worklist use it, each with the source's language.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from sentencex import get_sentence_boundaries

from ...textrules import VISIBLE_PATTERN

# What a text is split as when its language is not known (the records always say it).
DEFAULT_LANGUAGE = "en"

# A line break and the spaces that indent the next line.
_LINE_BREAK = re.compile(r"\n[^\S\n]*")
# A full-width terminal mark, its closers, and the white space after them: the next
# sentence starts where this match ends.
_FULL_WIDTH_END = re.compile(r"[。！？]+[”’」』）)\]]*\s*")


def segmenter_language(tag: str) -> str:
    """A BCP 47 tag as sentencex names languages: its primary subtag (``zh-Hant``: ``zh``)."""
    return tag.split("-", 1)[0].lower() or DEFAULT_LANGUAGE


def _paragraphs(text: str) -> Iterator[tuple[int, int]]:
    """(start, end) of each line, or run of hard-wrapped lines, without its line break and
    indentation; an empty line is an empty paragraph."""
    start = 0
    for match in _LINE_BREAK.finditer(text):
        if not text[match.end() : match.end() + 1].islower():
            yield start, match.start()
            start = match.end()
    yield start, len(text)


def sentence_starts(text: str, language: str = DEFAULT_LANGUAGE) -> list[int]:
    """Offsets where sentences begin, the first always 0, sorted; white space between
    sentences belongs to neither.  ``language``: the source's BCP 47 tag."""
    code = segmenter_language(language)
    starts = {0}
    for a, b in _paragraphs(text):
        if a == b:
            continue
        starts.add(a)
        for bound in get_sentence_boundaries(code, text[a:b]):
            at = a + int(bound["start_index"])
            while at < b and text[at].isspace():
                at += 1
            if at < b:
                starts.add(at)
        starts.update(m.end() for m in _FULL_WIDTH_END.finditer(text, a, b) if m.end() < b)
    return sorted(starts)


def sentences(text: str, language: str = DEFAULT_LANGUAGE) -> list[str]:
    """The sentences of ``text``, each without the white space around it."""
    starts = sentence_starts(text, language)
    bounds = zip(starts, [*starts[1:], len(text)], strict=True)
    return [s for s in (text[a:b].strip() for a, b in bounds) if s]


# From the first visible character to the last (textrules.VISIBLE_PATTERN: not white
# space nor an invisible character).
_CONTENT = re.compile(rf"{VISIBLE_PATTERN}(?:.*{VISIBLE_PATTERN})?", re.DOTALL)


def sentence_spans(text: str, language: str = DEFAULT_LANGUAGE) -> list[tuple[int, int]]:
    """Each sentence as (start, end) offsets into ``text``, without the white space around
    it, for counting sentences (coverage).  Spans with nothing visible are left out."""
    ordered = sentence_starts(text, language)
    spans = []
    for a, b in zip(ordered, [*ordered[1:], len(text)], strict=True):
        # The sentence without the white space around it, found without copying it.
        content = _CONTENT.search(text, a, b)
        if content is not None:
            spans.append(content.span())
    return spans
