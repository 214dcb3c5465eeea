"""Every quote an edit adds is proven against the archived version of its source it cites.

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


Cited = tuple[str, str | None, str]  # source, revision (None: the first copy), quote


def quotes_in(data: Any, path: Path_ = ()) -> Iterator[tuple[Path_, Cited]]:
    """(data path, (source, revision, quote)) of every mapping that quotes a source, wherever
    it stands: a file that fails validation has no record to ask (Claim.quote_items)."""
    if isinstance(data, dict):
        source, quote, revision = data.get("source"), data.get("quote"), data.get("revision")
        # A blank quote is a value still to fill in (the rules call it empty), not a quote.
        if isinstance(source, str) and isinstance(quote, str) and has_visible(quote):
            # A revision of the wrong type is the loader's to report; it names no version.
            yield path, (source, None if revision is None else str(revision), quote)
        for key, value in data.items():
            yield from quotes_in(value, (*path, str(key)))
    elif isinstance(data, list):
        for i, item in enumerate(data):
            yield from quotes_in(item, (*path, i))


def new_quotes(old: bytes, new: bytes, relpath: str) -> NewQuotes:
    """The quotes ``new`` holds that ``old`` does not, counted by source, version and words:
    a quote moved or kept proves nothing new, a second copy of one is a new quote, and so is
    one that cites another version."""
    before = parse_document(old, relpath).data
    after = parse_document(new, relpath)
    kept = Counter(cited for _, cited in quotes_in(before))
    added: list[tuple[Path_, Evidence]] = []
    for path, cited in quotes_in(after.data):
        if kept[cited]:
            kept[cited] -= 1
        else:
            # Not validated: the proof needs the words, the source and its version only,
            # and an item that fails validation is the loader's to report.
            source, revision, quote = cited
            added.append(
                (path, Evidence.model_construct(source=source, revision=revision, quote=quote))
            )
    return NewQuotes(relpath, after.positions, added)


def prove(quotes: NewQuotes, tracker: Tracker, today: dt.date) -> list[Problem]:
    """The problems of the added quotes: not found in the version they cite, citing an
    unknown source or revision or a gone one (errors), or not checked, their source having
    no archived copy (warnings)."""
    a = Analysis(tracker, today)
    cited = [((*path, "source"), ev.source) for path, ev in quotes.items]
    return [
        *unknown_sources(a, quotes.relpath, quotes.positions, cited),
        *quote_problems(a, quotes.relpath, quotes.positions, quotes.items),
    ]
