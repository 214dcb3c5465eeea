"""A claim's page as a view: its quotes, its history, its figure's measurements, its chain
of revisions and its timeline, made from the analysis (the other views are builders.py's).
"""

from __future__ import annotations

from ....check.analysis import Analysis, QuoteCheck
from ....records import Claim, Evidence
from ..builders import amount_text, claimant_view, evidence_view, pattern_of, plural, quantity_view
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
) -> ClaimView:
    checks = a.quote_checks_of(a.tracker.claims[cid])
    if texts is None:
        texts = claim_texts(claim, a.tracker.settings.site_languages)
    evidence = [
        evidence_view(ev, checks[i] if i < len(checks) else QuoteCheck.NO_SOURCE, a, refs)
        for i, ev in enumerate(claim.evidence)
    ]
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
    chain = revision_chain(a, cid, summaries)
    # Only what the timeline is made of is kept: its events are computed when the page is
    # rendered (ClaimView.timeline), so an unchanged claim's view stays as small, and as
    # quick to compare and digest, as it was.
    versions = source_versions(
        claim, a, refs, lambda: (*evidence, *(q for h in history for q in h.quotes))
    )
    return ClaimView(
        summary=summaries[cid],
        claimant=claimant_view(claim, texts),
        quantity=quantity,
        evidence=tuple(evidence),
        history=history,
        rationale=texts.rationale,
        review_by=claim.review_by,
        related=tuple(summaries[r] for r in related_ids if r in summaries and r != cid),
        sources=tuple(refs[s] for s in sources),
        origins=tuple(refs[o] for o in origins if o in refs),
        origins_sentence=sentence,
        to_check=tuple(refs[s] for s in dict.fromkeys(claim.to_check) if s in refs),
        measured=measured,
        made=made(a, cid, refs),
        versions=versions,
        chain=chain,
        record=claim,
    )
