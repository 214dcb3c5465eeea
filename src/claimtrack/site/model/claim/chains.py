"""A claim revised by its claimant: the chain of claims that revise one another.

A claim may name the one it revises (``revises:``): "up to 2.5x on selected models"
revises "up to 3x".  Both keep their own status and evidence; the pages say which
replaces which and when, and show the whole chain in date order.  The chain is a view of
its own (``RevisionChain``), generic in what it shows of each claim (the site's
ClaimSummary), so that a fuller timeline of a claim can take its entries as they are.

When a claim was made (``Dated``) is when its claimant said it: the earliest
``published`` date of its evidence's sources, the first place its words appeared.  When
none of them gives one, the date the claim was first recorded (its first history
entry) stands in, and the pages say "recorded" rather than claim a date nobody gave.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from ....check.analysis import Analysis

S = TypeVar("S")


@dataclass(frozen=True)
class Dated:
    """When a claim of a chain was made: ``published`` True, the earliest ``published``
    of its evidence's sources; False, its first history entry's date (when it was recorded)."""

    date: dt.date
    published: bool


@dataclass(frozen=True)
class Revised:
    """A claim that revises the one a list shows: its id, and when it was made."""

    by: str
    when: Dated


@dataclass(frozen=True)
class ChainEntry(Generic[S]):
    """One claim of a chain: what a list shows of it (its summary), when it was made, the
    claim it revises (None for the first), and whether a later claim revises it."""

    id: str
    claim: S
    when: Dated
    revises: str | None
    latest: bool  # no claim revises it: the chain's current wording


@dataclass(frozen=True)
class RevisionChain(Generic[S]):
    """A claim's chain of revisions as its page shows it."""

    entries: tuple[ChainEntry[S], ...]  # every claim of the chain, in date order
    replaces: tuple[ChainEntry[S], ...]  # the claim this one revises (one, or none)
    revised_by: tuple[ChainEntry[S], ...]  # the claims that revise this one, in date order


def first_published(a: Analysis, claim_id: str) -> tuple[dt.date, str] | None:
    """The earliest ``published`` date among the claim's sources, and that source's id
    (the first of them by id on one day); None when none of them gives a date."""
    sources = a.tracker.sources
    published = sorted(
        (day, sid) for sid in a.claim_sources(claim_id) if (day := sources[sid].record.published)
    )
    return published[0] if published else None


def dated(a: Analysis, claim_id: str) -> Dated:
    """When the claim was made (see the module's docstring)."""
    first = first_published(a, claim_id)
    if first is not None:
        return Dated(first[0], True)
    return Dated(a.tracker.claims[claim_id].record.history[0].date, False)


def revised_by(a: Analysis, claim_id: str) -> tuple[Revised, ...]:
    """The claims that revise this one, earliest first (a list's "revised" note)."""
    claims = a.tracker.claims
    found = [Revised(cid, dated(a, cid)) for cid in a.links.revised_by(claim_id) if cid in claims]
    return tuple(sorted(found, key=lambda r: (r.when.date, r.by)))


def revision_chain(
    a: Analysis, claim_id: str, summaries: Mapping[str, S]
) -> RevisionChain[S] | None:
    """The chain of revisions the claim is in, with ``summaries`` (each claim's, by id);
    None when no claim revises it and it revises none."""
    ids = [cid for cid in a.links.chain(claim_id) if cid in summaries]
    if len(ids) < 2:
        return None
    claims = a.tracker.claims
    revises = {cid: claims[cid].record.revises for cid in ids}
    revised = {other for other in revises.values() if other is not None}
    entries = {
        cid: ChainEntry(cid, summaries[cid], dated(a, cid), revises[cid], cid not in revised)
        for cid in ids
    }

    def place(cid: str) -> tuple[dt.date, int, str]:
        # By date; on one day the earlier wording first (the one fewer revisions deep).
        depth, seen, at = 0, {cid}, revises[cid]
        while at is not None and at in entries and at not in seen:
            seen.add(at)
            depth, at = depth + 1, revises[at]
        return (entries[cid].when.date, depth, cid)

    ordered = tuple(entries[cid] for cid in sorted(ids, key=place))
    earlier = revises[claim_id]
    return RevisionChain(
        ordered,
        tuple(e for e in ordered if e.id == earlier),
        tuple(e for e in ordered if e.revises == claim_id),
    )
