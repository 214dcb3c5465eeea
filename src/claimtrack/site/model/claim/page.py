"""A claim's page as a view: its quotes, its history, its figure's measurements, its chain
of revisions and its timeline, made from the analysis (the other views are builders.py's).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from ....check.analysis import Analysis, QuoteCheck
from ....check.revisions import Removal
from ....records import Claim, Evidence
from ..builders import (
    amount_text,
    claimant_view,
    evidence_view,
    pattern_of,
    plural,
    quantity_view,
    shown_removal,
    source_ref,
)
from ..localized import ClaimTexts, claim_texts
from ..views import STATUSES, ClaimSummary, ClaimView, HistoryView, SourceRef
from .chains import revision_chain
from .corrections import correction_view
from .measured import measured_view
from .timeline import made, source_versions


def claim_view(
    cid: str,
    claim: Claim,
    a: Analysis,
    refs: dict[str, SourceRef],
    summaries: dict[str, ClaimSummary],
    related_to: list[str],
    texts: ClaimTexts | None = None,
    *,
    defer: bool = False,
) -> ClaimView:
    """The claim's view; ``defer``: its DEFERRED fields made when first read (a build that
    renders few pages and reads no other claim's); ``a`` and the dicts must then stay as
    they are for as long as the view lives."""
    if texts is None:
        texts = claim_texts(claim, a.tracker.settings.site_languages)

    def shown() -> dict[str, Any]:
        """What the view shows beyond its summary: all but its page's own fields."""
        last = len(claim.history) - 1
        history = tuple(
            HistoryView(
                index=i,
                date=entry.date,
                status=STATUSES[entry.status],
                note=texts.history[i],
                evidence=tuple(refs[s] for s in entry.source_ids if s in refs),
                current=i == last,
                quotes=tuple(
                    evidence_view(ev, a.quote_check(ev), a, refs)
                    for ev in entry.evidence
                    if isinstance(ev, Evidence)
                ),
                correction=correction_view(
                    i, entry, texts.history[i], claim.quantity, texts.statement.lang, pattern_of
                ),
            )
            for i, entry in enumerate(claim.history)
        )
        # Related both ways: a reader of either claim should find the other.
        related_ids = list(dict.fromkeys([*claim.related, *related_to]))
        sources = a.claim_sources(cid)
        origins = a.claim_origins(cid)
        # English, for templates that override claim.html from before the catalogs; the packaged
        # one says it in the site's language from the counts.
        sentence = (
            f"{plural(len(origins), 'independent origin')}, "
            f"reported by {plural(len(sources), 'source')}"
        )
        quantity = quantity_view(claim.quantity, texts) if claim.quantity else None
        measured = measured_view(
            claim,
            a.measured(cid),
            lambda ev: evidence_view(ev, a.quote_check(ev), a, refs),
            amount_text,
            quantity.figure if quantity else "",
            texts.measurements,
        )

        return {
            "quantity": quantity,
            "history": history,
            "rationale": texts.rationale,
            "review_by": claim.review_by,
            "related": tuple(summaries[r] for r in related_ids if r in summaries and r != cid),
            "sources": tuple(refs[s] for s in sources),
            "origins": tuple(refs[o] for o in origins if o in refs),
            "origins_sentence": sentence,
            "to_check": tuple(refs[s] for s in dict.fromkeys(claim.to_check) if s in refs),
            "measured": measured,
            "removals": _removals(a, claim, refs, measured is not None),
        }

    def page(history: tuple[HistoryView, ...]) -> dict[str, Any]:
        """Its page's own fields (PAGE_ONLY), from its history."""
        checks = a.quote_checks_of(a.tracker.claims[cid])
        evidence = tuple(
            evidence_view(ev, checks[i] if i < len(checks) else QuoteCheck.NO_SOURCE, a, refs)
            for i, ev in enumerate(claim.evidence)
        )
        # Only what the timeline is made of is kept: its events are computed when the page
        # is rendered (ClaimView.timeline), so an unchanged claim's view stays as small, and
        # as quick to compare and digest, as it was.
        versions = source_versions(
            claim, a, refs, lambda: (*evidence, *(q for h in history for q in h.quotes))
        )
        return {
            "evidence": evidence,
            "made": made(a, cid, refs),
            "versions": versions,
            "chain": revision_chain(a, cid, summaries),
        }

    now: dict[str, Any] = {
        "summary": summaries[cid],
        "claimant": claimant_view(claim, texts),
        "newest_change": newest_change(a, cid, claim),
        "record": claim,
    }
    if defer:
        return ClaimView.deferred(shown, page, **now)
    fields = shown()
    return ClaimView(**now, **fields, **page(fields["history"]))


def newest_change(a: Analysis, cid: str, claim: Claim) -> dt.date:
    """The latest date any of the claim's feed entries can carry (feeds.change_keys): of its
    history, its measurements, and the revisions of the sources it quotes (a removal is
    dated by one); so that the feed is chosen without making every view."""
    dates = [entry.date for entry in claim.history]
    dates += (m.date for m in claim.measurements)
    for sid in a.links.names[cid].cites:
        source = a.tracker.sources.get(sid)
        if source is not None:
            dates += (r.retrieved for r in source.record.revisions)
    return max(dates, default=dt.date.min)


def _removals(
    a: Analysis, claim: Claim, refs: dict[str, SourceRef], measured: bool
) -> tuple[tuple[SourceRef, Removal], ...]:
    """The revisions that removed passages the claim's page quotes (its evidence, its
    measurements' when it shows them, its status changes'), as its quotes show them
    (shown_removal), once per source and revision, oldest first."""
    quotes = [*claim.evidence]
    if measured:
        quotes += (ev for m in claim.measurements for ev in m.evidence)
    quotes += (ev for h in claim.history for ev in h.evidence if isinstance(ev, Evidence))
    found: dict[tuple[str, int], tuple[SourceRef, Removal]] = {}
    for ev in quotes:
        gone = shown_removal(a, ev, a.in_latest_revision(ev))
        if gone is not None:
            found.setdefault((ev.source, gone.revision), (source_ref(refs, ev.source), gone))
    return tuple(sorted(found.values(), key=lambda item: (item[1].removed, item[0].id)))
