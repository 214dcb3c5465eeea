"""The sources as every language's plan reads them: each view by id, what a claim's
ClaimReview shows of each, and the order of the sources' listing (``by_origin``).

An edit of a claim makes again the views of the few sources it cites, and an edit of a
source its own; the other 2,000 views are the same objects.  So each of these is made
again only where a view is another object (found in C, place by place), and kept whole
while what it holds is equal: the claim pages compare what the reviews show by identity
(one comparison for all), and the listing keeps its order while no changed source's
place in it moved (no sort of every source after each edit).
"""

from __future__ import annotations

import operator
from itertools import compress, count

from ..memo import Reuse
from ..model.builders import Listed, by_origin, listed_source
from ..model.views import SourceSummary, SourceView, source_id
from .claim_pages import shown_in_review

# By source id, what a ClaimReview shows of it (claim_pages.shown_in_review).
Shown = dict[str, tuple[object, ...]]


class SourcesPlan:
    """Keeps the three between plans; ``plan`` brings them up to date with the views."""

    def __init__(self) -> None:
        self._views: tuple[SourceView, ...] = ()
        self.by_id: dict[str, SourceView] = {}
        # The same object while what every review shows is equal (the claim pages' test).
        self.shown: Shown = {}
        self._rows: Reuse[str, Listed] = Reuse()
        self._places: list[tuple[object, ...]] = []  # each view's place in the listing
        self._where: list[int] = []  # each view's row in ``listed``
        self.listed: tuple[SourceSummary, ...] = ()  # the listing's rows, in its order

    def plan(self, sources: tuple[SourceView, ...]) -> None:
        last = self._views
        if len(last) != len(sources):
            return self._whole(sources)
        changed = list(compress(count(), map(operator.is_not, last, sources)))
        if not changed:
            return None
        if any(sources[i].ref.id != last[i].ref.id for i in changed):
            return self._whole(sources)  # as many, but others: by id, once
        rows = self._rows.each(sources, source_id, listed_source, None)
        if any(rows[i][0] != self._places[i] for i in changed):
            return self._whole(sources, rows)
        by_id, shown, listed = dict(self.by_id), self.shown, list(self.listed)
        for i in changed:
            view = sources[i]
            by_id[view.ref.id] = view
            seen = shown_in_review(view)
            if seen != shown[view.ref.id]:
                shown = dict(shown) if shown is self.shown else shown
                shown[view.ref.id] = seen
            listed[self._where[i]] = rows[i][1]
        self._views, self.by_id, self.shown = sources, by_id, shown
        self.listed = tuple(listed)
        return None

    def _whole(self, sources: tuple[SourceView, ...], rows: list[Listed] | None = None) -> None:
        if rows is None:
            rows = self._rows.each(sources, source_id, listed_source, None)
        order = sorted(range(len(rows)), key=lambda i: rows[i][0])
        self._where = [0] * len(rows)
        for at, i in enumerate(order):
            self._where[i] = at
        self._places = [place for place, _ in rows]
        self.listed = by_origin(sources, rows)
        self.by_id = {view.ref.id: view for view in sources}
        shown = {sid: shown_in_review(view) for sid, view in self.by_id.items()}
        self.shown = self.shown if shown == self.shown else shown
        self._views = sources
