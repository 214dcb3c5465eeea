"""A fetched text against the archived one: the same words or not, the sentences added and
removed, and whether each quote cited from the source is still there.

Pure functions over texts, with the normalisation quotes are found by
(check/text/textnorm.normalise, check/text/textnorm.quote_in): a change of white space,
quotation marks, CJK spacing or French typographic spaces is no change.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..check.text.sentences import sentences
from ..check.text.textnorm import normalise, quote_in
from ..load import Loaded, Tracker
from ..records import Claim


@dataclass(frozen=True, slots=True)
class TextDiff:
    """``same``: the texts read the same once normalised; else the sentences of the new
    text that the old one lacks (``added``) and those of the old it lacks (``removed``),
    each in its own text's characters and order."""

    same: bool
    added: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()


def compare_texts(old: str, new: str, language: str) -> TextDiff:
    """The sentences added and removed, split in the source's ``language``."""
    if normalise(old) == normalise(new):
        return TextDiff(True)
    # Each sentence normalised once (a page of 120,000 sentences: normalise is most of the
    # time this takes).
    old_pairs = [(s, normalise(s)) for s in sentences(old, language)]
    new_pairs = [(s, normalise(s)) for s in sentences(new, language)]
    old_keys = {key for _, key in old_pairs}
    new_keys = {key for _, key in new_pairs}
    added = tuple(s for s, key in new_pairs if key not in old_keys)
    removed = tuple(s for s, key in old_pairs if key not in new_keys)
    return TextDiff(False, added, removed)


@dataclass(frozen=True, slots=True)
class CitedQuote:
    """A quote a claim cites from the source, where it stands in the claim's file."""

    claim: str
    path: str  # claims/<id>.yaml
    line: int
    column: int
    quote: str


@dataclass(frozen=True, slots=True)
class QuoteState:
    cited: CitedQuote
    present: bool  # whether its passage is in the fetched text


def cited_quotes(tracker: Tracker, source_id: str) -> list[CitedQuote]:
    """Every quote cited from ``source_id`` (evidence, measurements, history: the claim's
    ``quote_items``), by claim id and then in the order of its file."""
    found = []
    for claim_id in sorted(tracker.claims):
        loaded: Loaded[Claim] = tracker.claims[claim_id]
        for path, ev in loaded.record.quote_items():
            if ev.source == source_id:
                line, column = loaded.positions.value((*path, "quote"))
                found.append(CitedQuote(claim_id, loaded.path, line, column, ev.quote))
    return found


def quote_states(quotes: list[CitedQuote], text: str | None) -> tuple[QuoteState, ...]:
    """Each quote present or not in ``text``; None (the page is gone): none is."""
    normalised = normalise(text) if text is not None else None
    return tuple(
        QuoteState(q, normalised is not None and quote_in(q.quote, normalised)) for q in quotes
    )
