"""The listings: every claim, and the claims of one status, kind, topic or claimant.

Each listing is a ListingView, its claims newest change first (then by kind and id, as
the index always ordered them): a total order, so pages never reshuffle between two
builds of the same data.  A claim its claimant revised (chains.py) is an earlier version:
it follows every current claim of the listing, in the same order among the earlier ones,
where the listing's pages show it under a heading of its own; it is counted under its own
status like any other, and the index's lists of claims show only current ones.

ListingCache makes them again after an edit only where a claim's summary changed: the
claim leaves the listings it was in and is put back, by bisection, into those it is in
now; every other listing is the same object as before, so its pages compare equal at
once and are not rendered again.
"""

from __future__ import annotations

import bisect
import operator
from collections import Counter
from collections.abc import Iterable

from ...records import ClaimKind, Status
from .. import addresses
from .localized import first_shown
from .views import (
    CHART_BAR_WIDTH,
    CHART_ROW,
    OVERVIEW_TOP,
    STATUS_ORDER,
    STATUSES,
    ChartBar,
    ClaimantView,
    ClaimSummary,
    ClaimView,
    IndexView,
    ListingLink,
    ListingView,
    StatusView,
)

# Above this many changed claims, grouping everything again is cheaper than moving each.
_MOVE_LIMIT = 200
_KIND_RANK = {kind.value: i for i, kind in enumerate(ClaimKind)}
_STATUS_RANK = {status.value: i for i, status in enumerate(STATUS_ORDER)}


def order(s: ClaimSummary) -> tuple[bool, int, int, str]:
    """Where a claim stands in a listing: current claims before earlier versions, then
    latest change first, then kind, then id."""
    return (bool(s.revised_by), -s.last_changed.toordinal(), _KIND_RANK.get(s.kind, 99), s.id)


def current(claims: tuple[ClaimSummary, ...]) -> tuple[ClaimSummary, ...]:
    """A listing's claims that no later claim revises: those before its earlier versions."""
    return claims[: bisect.bisect_left(claims, True, key=lambda s: bool(s.revised_by))]


def _keys(s: ClaimSummary) -> list[tuple[str, str]]:
    """The listings a claim is in, as (family, value)."""
    return [
        ("claims", ""),
        ("status", s.status.value),
        ("kinds", s.kind),
        *(("topics", t) for t in s.topics),
        ("claimants", s.claimant),
    ]


_STATUS = operator.attrgetter("status.value")


def _by_status(claims: Iterable[ClaimSummary]) -> tuple[tuple[StatusView, int], ...]:
    counts = Counter(map(_STATUS, claims))
    return tuple((STATUSES[st], counts[st.value]) for st in STATUS_ORDER if counts[st.value])


def _details(claims: Iterable[ClaimSummary], people: dict[str, ClaimantView]) -> tuple[str, ...]:
    shown = []
    for s in claims:
        person = people.get(s.id)
        if person is not None and person.is_person:
            shown.append(", ".join(p for p in (person.role, person.organisation) if p))
    return tuple(sorted(set(shown), key=str.casefold))


def _sorted_families(found: dict[tuple[str, str], object]) -> list[tuple[str, str]]:
    def rank(key: tuple[str, str]) -> tuple[int, int, str, str]:
        family, value = key
        within = _STATUS_RANK.get(value, 99) if family == "status" else 0
        within = _KIND_RANK.get(value, 99) if family == "kinds" else within
        return (addresses.LISTING_FAMILIES.index(family), within, value.casefold(), value)

    return sorted(found, key=rank)


class ListingCache:
    """Makes every listing again and again, reusing those an edit did not change."""

    def __init__(self) -> None:
        self._summaries: dict[str, ClaimSummary] = {}
        self._members: dict[tuple[str, str], list[ClaimSummary]] = {}
        self._views: dict[tuple[str, str], ListingView] = {}
        self._people: dict[str, ClaimantView] = {}
        self._slugs: dict[str, str] = {}

    def build(
        self,
        summaries: dict[str, ClaimSummary],
        views: dict[str, ClaimView],
        remade: Iterable[str],
        kind_labels: dict[str, str],
        maybe: Iterable[str] | None = None,
    ) -> tuple[ListingView, ...]:
        """Every listing, in families' order; ``remade``: the claims whose views were made
        again (a claimant's role shows on their listing, not in the summary); ``maybe``:
        the only claims whose summary may be another object than last time, when the
        claims are the same ones (None: every claim is looked at)."""
        before, people = self._summaries, self._people
        if maybe is not None:
            changed = [cid for cid in maybe if before.get(cid) is not summaries[cid]]
        else:
            changed = [cid for cid, s in summaries.items() if before.get(cid) is not s]
            changed += [cid for cid in before if cid not in summaries]
        for cid in changed:
            people.pop(cid, None)
        seen = set(changed)
        for cid in remade:
            person = views[cid].claimant
            if cid not in seen and people.get(cid) != person:
                changed.append(cid)
            people[cid] = person
        if len(changed) > _MOVE_LIMIT or not before:
            self._members = {}
            for s in sorted(summaries.values(), key=order):
                for key in _keys(s):
                    self._members.setdefault(key, []).append(s)
            touched = set(self._members)
        else:
            touched = set()
            for cid in changed:
                for summary in (before.get(cid), summaries.get(cid)):
                    if summary is not None:
                        touched.update(_keys(summary))
            for cid in changed:
                was = before.get(cid)
                if was is not None:
                    # Found by bisection where it stood: the order is total (a key listed
                    # twice put it in twice, as a full grouping does, and takes it out twice).
                    for key in _keys(was):
                        members = self._members.get(key, [])
                        at = bisect.bisect_left(members, order(was), key=order)
                        if at < len(members) and members[at] is was:
                            del members[at]
                        else:  # not where it should stand: look at each
                            self._members[key] = [s for s in members if s.id != cid]
            for cid in changed:
                new = summaries.get(cid)
                if new is not None:
                    for key in _keys(new):
                        bisect.insort(self._members.setdefault(key, []), new, key=order)
            for key in touched:
                if not self._members[key]:
                    del self._members[key]
        self._summaries = summaries  # the model's own dict, never changed after
        slugs = self._claimant_slugs(k[1] for k in self._members if k[0] == "claimants")
        made: dict[tuple[str, str], ListingView] = {}
        # The last views are in families' order: sorted again only when a listing came or went.
        keys: Iterable[tuple[str, str]] = self._views
        if self._members.keys() != self._views.keys():
            keys = _sorted_families(self._members)  # type: ignore[arg-type]
        for key in keys:
            old = self._views.get(key)
            if key not in touched and old is not None and old.slug == self._slug(key, slugs):
                made[key] = old
                continue
            made[key] = self._view(key, slugs, people, kind_labels)
            if old is not None and old == made[key]:
                made[key] = old
        self._views = made
        return tuple(made.values())

    @property
    def slugs(self) -> dict[str, str]:
        """Each claimant's folder name under claimants/."""
        return self._slugs

    def _claimant_slugs(self, names: Iterable[str]) -> dict[str, str]:
        names = tuple(names)
        if set(names) != set(self._slugs):
            self._slugs = addresses.slugs(names)
        return self._slugs

    @staticmethod
    def _slug(key: tuple[str, str], slugs: dict[str, str]) -> str:
        family, value = key
        return slugs[value] if family == "claimants" else value

    def _view(
        self,
        key: tuple[str, str],
        slugs: dict[str, str],
        people: dict[str, ClaimantView],
        kind_labels: dict[str, str],
    ) -> ListingView:
        family, value = key
        claims = tuple(self._members[key])
        label = value
        if family == "status":
            label = STATUSES[Status(value)].label
        elif family == "kinds":
            label = kind_labels.get(value, value)
        details = _details(claims, people) if family == "claimants" else ()
        name = None
        if family == "claimants" and claims:  # newest first: the latest translation wins
            name = first_shown([c.claimant_name for c in claims])
        if family == "claims":  # every claim: the status listings' sizes, no count of each
            by_status = tuple(
                (STATUSES[st], len(members))
                for st in STATUS_ORDER
                if (members := self._members.get(("status", st.value)))
            )
        elif family == "status":
            by_status = ((STATUSES[Status(value)], len(claims)),) if claims else ()
        else:
            by_status = _by_status(claims)
        return ListingView(
            family, self._slug(key, slugs), value, label, claims, by_status, details, name
        )


def link(v: ListingView) -> ListingLink:
    status = STATUSES[Status(v.value)] if v.family == "status" else None
    return ListingLink(v.family, v.slug, v.label, len(v.claims), status, v.name)


def _firsts(claims: tuple[ClaimSummary, ...]) -> tuple[ClaimSummary, ...]:
    """The latest changed current claim and the latest changed earlier version, if any."""
    split = len(current(claims))
    return claims[:1] + claims[split : split + 1]


def _largest(links: list[ListingLink]) -> tuple[ListingLink, ...]:
    return tuple(sorted(links, key=lambda x: (-x.count, x.label.casefold(), x.slug))[:OVERVIEW_TOP])


def overview(listings: tuple[ListingView, ...], source_count: int) -> IndexView:
    """The index: counts, the chart, the latest changes and links into the listings (its
    lists of claims show current ones only; every count counts earlier versions too)."""
    by: dict[str, list[ListingView]] = {family: [] for family in addresses.LISTING_FAMILIES}
    for v in listings:
        by[v.family].append(v)
    every = by["claims"][0].claims if by["claims"] else ()
    statuses = {v.value: v for v in by["status"]}
    counts = tuple((STATUSES[Status(v.value)], len(v.claims)) for v in by["status"])
    top = max((n for _, n in counts), default=1)
    chart = tuple(
        ChartBar(status, n, i * CHART_ROW, max(2, round(CHART_BAR_WIDTH * n / top)))
        for i, (status, n) in enumerate(counts)
    )
    undisclosed = statuses.get(Status.UNDISCLOSED.value)
    disclosed = statuses.get(Status.DISCLOSED.value)
    topics = [link(v) for v in by["topics"]]
    claimants = [link(v) for v in by["claimants"]]
    return IndexView(
        counts=counts,
        chart=chart,
        chart_height=max(1, len(chart)) * CHART_ROW,
        undisclosed=current(undisclosed.claims)[:OVERVIEW_TOP] if undisclosed else (),
        undisclosed_total=len(undisclosed.claims) if undisclosed else 0,
        disclosed=current(disclosed.claims)[:OVERVIEW_TOP] if disclosed else (),
        disclosed_total=len(disclosed.claims) if disclosed else 0,
        latest=current(every)[:OVERVIEW_TOP],
        statuses=tuple(link(v) for v in by["status"]),
        kinds=tuple(link(v) for v in by["kinds"]),
        topics=_largest(topics),
        topic_total=len(topics),
        claimants=_largest(claimants),
        claimant_total=len(claimants),
        total=len(every),
        source_count=source_count,
        # The latest current claim's change, or an earlier version's when that is later.
        last_updated=max((s.last_changed for s in _firsts(every)), default=None),
    )
