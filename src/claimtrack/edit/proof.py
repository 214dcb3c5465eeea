"""Every quote an edit adds is proven against the archived copy of its source.

Judging a change (proposal.judge) runs the rules, and the rules never look at a
claim that fails validation: in such a file an added quote would go in unproven.
So the quotes a change adds are found in the file's data itself, whatever else
is wrong in it, and checked by the rules' own functions (check.rules.quotes,
check.rules.references).
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..check.analysis import Analysis
from ..check.rules.quotes import quote_problems
from ..check.rules.references import unknown_sources
from ..load import Tracker
from ..load.nodes import Path_, Positions
from ..load.yamlsource import parse_document
from ..problems import Problem
from ..records import Evidence
from ..textrules import has_visible


@dataclass(frozen=True, slots=True)
class NewQuotes:
    """The quotes a change adds to a file, with where they stand in its new text."""

    relpath: str
    positions: Positions
    items: list[tuple[Path_, Evidence]]


def quotes_in(data: Any, path: Path_ = ()) -> Iterator[tuple[Path_, str, str]]:
    """(data path, source, quote) of every mapping that quotes a source, wherever it stands:
    a file that fails validation has no record to ask (Claim.quote_items)."""
    if isinstance(data, dict):
        source, quote = data.get("source"), data.get("quote")
        # A blank quote is a value still to fill in (the rules call it empty), not a quote.
        if isinstance(source, str) and isinstance(quote, str) and has_visible(quote):
            yield path, source, quote
        for key, value in data.items():
            yield from quotes_in(value, (*path, str(key)))
    elif isinstance(data, list):
        for i, item in enumerate(data):
            yield from quotes_in(item, (*path, i))


def new_quotes(old: bytes, new: bytes, relpath: str) -> NewQuotes:
    """The quotes ``new`` holds that ``old`` does not, counted by source and words: a quote
    moved or kept proves nothing new, a second copy of one is a new quote."""
    before = parse_document(old, relpath).data
    after = parse_document(new, relpath)
    kept = Counter((source, quote) for _, source, quote in quotes_in(before))
    added: list[tuple[Path_, Evidence]] = []
    for path, source, quote in quotes_in(after.data):
        if kept[source, quote]:
            kept[source, quote] -= 1
        else:
            # Not validated: the proof needs the words and the source only, and an item
            # that fails validation is the loader's to report.
            added.append((path, Evidence.model_construct(source=source, quote=quote)))
    return NewQuotes(relpath, after.positions, added)


def prove(quotes: NewQuotes, tracker: Tracker, today: dt.date) -> list[Problem]:
    """The problems of the added quotes: not found in their archive or citing an unknown
    source (errors), or not checked, their source having no archived copy (warnings)."""
    a = Analysis(tracker, today)
    cited = [((*path, "source"), ev.source) for path, ev in quotes.items]
    return [
        *unknown_sources(a, quotes.relpath, quotes.positions, cited),
        *quote_problems(a, quotes.relpath, quotes.positions, quotes.items),
    ]
