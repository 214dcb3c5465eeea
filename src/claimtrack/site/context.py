"""View models: what each page shows, computed once from the records and the analysis.

Templates only read these; every wording decision ("unknown", "up to 8x",
"1 independent origin, reported by 2 sources") is made here, once, so that the
HTML, the JSON and the JSON-LD never disagree.  The views themselves are in
views.py; building all of them is one pass over the records with dict lookups.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter

from ..check.analysis import Analysis, QuoteCheck
from ..i18n import N_, english
from ..records import (
    Bound,
    Claim,
    ClaimKind,
    Quantity,
    Source,
    SourceKind,
    Status,
    TrackerSettings,
    TranslatedBy,
)
from .addresses import base_url
from .textfragment import text_fragment_url
from .views import (
    CHART_BAR_WIDTH,
    CHART_ROW,
    STATUS_ORDER,
    STATUSES,
    ChartBar,
    ClaimantView,
    ClaimSummary,
    ClaimView,
    EvidenceView,
    Facet,
    HistoryView,
    IndexView,
    QuantityView,
    SiteSettings,
    SourceRef,
    SourceSummary,
    SourceView,
)

# The figure's words: (the bound shown alone, its meaning, the figure with its amount).
BOUND_WORDS: dict[Bound, tuple[str, str, str]] = {
    Bound.EXACT: (N_("exact"), N_("exact: the figure as stated"), ""),
    Bound.UP_TO: (
        N_("up to"),
        N_("a maximum: typical results may be lower"),
        N_("up to %(amount)s"),
    ),
    Bound.AT_LEAST: (
        N_("at least"),
        N_("a minimum: results may be higher"),
        N_("at least %(amount)s"),
    ),
    Bound.ABOUT: (N_("about"), N_("approximate"), N_("about %(amount)s")),
}

QUOTE_CHECK_LABELS: dict[QuoteCheck, str] = {
    QuoteCheck.FOUND: N_("Found in the archived copy"),
    QuoteCheck.NOT_FOUND: N_("Not found in the archived copy"),
    QuoteCheck.UNCHECKED: N_("Not checked: no archived copy"),
    QuoteCheck.NO_SOURCE: N_("Not checked: unknown source"),
}

TRANSLATOR_LABELS: dict[TranslatedBy, str] = {
    TranslatedBy.PERSON: N_("translated by a person"),
    TranslatedBy.MACHINE: N_("machine translation"),
}

KIND_LABELS: dict[ClaimKind, str] = {
    ClaimKind.FIGURE: N_("Figure"),
    ClaimKind.FACT: N_("Fact"),
    ClaimKind.QUOTE: N_("Quote"),
    ClaimKind.ASSESSMENT: N_("Assessment"),
    ClaimKind.OMISSION: N_("Omission"),
}

SOURCE_KIND_LABELS: dict[SourceKind, str] = {
    SourceKind.PRIMARY: N_("Primary source"),
    SourceKind.REPORT: N_("Report"),
    SourceKind.SUMMARY: N_("Summary"),
    SourceKind.TRANSLATION: N_("Translation"),
    SourceKind.DOCUMENTATION: N_("Documentation"),
}

def language_name(tag: str) -> str:
    """'French (fr)': the English name (fragments.language_name names it in the site's language)."""
    return english().language_name(tag)


def plural(count: int, word: str, many: str | None = None) -> str:
    return f"{count} {word if count == 1 else (many or word + 's')}"


def format_number(value: float) -> str:
    if value.is_integer():
        return f"{int(value):,}"
    return repr(value)


def joins_unit(unit: str) -> bool:
    """'8x', '40%' are written without a space; '300 tokens/s' with one."""
    return unit in ("x", "×", "%", "‰", "°") or unit.startswith(("x ", "× "))


def source_summary(s: SourceView) -> SourceSummary:
    return SourceSummary(
        s.ref,
        s.kind_label,
        s.publisher,
        s.published,
        s.language_name,
        s.archived,
        len(s.cited_by),
        len(s.to_check_by),
        s.derived_from,
    )


def by_origin(sources: tuple[SourceView, ...]) -> tuple[SourceSummary, ...]:
    """Each original source followed by the sources derived from it.

    Read top to bottom, the list shows how many independent origins there are:
    a report sits under what it reports instead of looking like a second source.
    """

    def key(s: SourceView) -> tuple[str, int, str, str]:
        family = min((o.title.casefold() for o in s.origins), default=s.ref.title.casefold())
        return (family, 1 if s.derived_from else 0, s.ref.title.casefold(), s.ref.id)

    return tuple(source_summary(s) for s in sorted(sources, key=key))


def site_settings(settings: TrackerSettings) -> SiteSettings:
    return SiteSettings(
        settings.title, settings.description, settings.language, base_url(settings.base_url)
    )


def claimant_view(claim: Claim) -> ClaimantView:
    c = claim.claimant
    details = [part for part in (c.role, c.organisation) if part]
    display = f"{c.name} ({', '.join(details)})" if details else c.name
    return ClaimantView(c.name, c.role, c.organisation, bool(details), display)


def quantity_view(q: Quantity) -> QuantityView:
    value = format_number(q.value)
    amount = f"{value}{q.unit}" if joins_unit(q.unit) else f"{value} {q.unit}"
    word, meaning, pattern = BOUND_WORDS[q.bound]
    return QuantityView(
        figure=pattern % {"amount": amount} if pattern else amount,
        value=value,
        unit=q.unit,
        bound=word,
        bound_meaning=meaning,
        metric=q.metric,
        baseline=q.baseline,
        conditions=q.conditions.strip() or None,
        number=q.value,
        joined=joins_unit(q.unit),
        pattern=pattern,
    )


def summary_view(cid: str, claim: Claim, stale: bool) -> ClaimSummary:
    return ClaimSummary(
        id=cid,
        statement=claim.statement,
        status=STATUSES[claim.status],
        kind=claim.kind.value,
        kind_label=KIND_LABELS[claim.kind],
        claimant=claim.claimant.name,
        topics=tuple(claim.topics),
        last_changed=claim.history[-1].date,
        recorded=claim.history[0].date,
        stale=stale,
    )


def _facets(counter: Counter[str], labels: dict[str, str] | None = None) -> tuple[Facet, ...]:
    return tuple(
        Facet(value, (labels or {}).get(value, value), count)
        for value, count in sorted(counter.items(), key=lambda item: item[0].casefold())
    )


_KIND_RANK = {kind.value: i for i, kind in enumerate(ClaimKind)}


def newest_first(summaries: list[ClaimSummary]) -> tuple[ClaimSummary, ...]:
    """Latest change first; on one day figures and facts before quotes and assessments."""
    ordered = sorted(summaries, key=lambda s: (_KIND_RANK.get(s.kind, 99), s.id))
    return tuple(sorted(ordered, key=lambda s: s.last_changed, reverse=True))


def index_view(
    summaries: dict[str, ClaimSummary], source_count: int, dates: list[dt.date]
) -> IndexView:
    by_status: dict[Status, list[ClaimSummary]] = {}
    for s in summaries.values():
        by_status.setdefault(Status(s.status.value), []).append(s)
    present = [status for status in STATUS_ORDER if status in by_status]
    groups = tuple((STATUSES[st], newest_first(by_status[st])) for st in present)
    kind_counter = Counter(s.kind for s in summaries.values())
    top = max((len(v) for v in by_status.values()), default=1)
    chart = tuple(
        ChartBar(
            STATUSES[st],
            len(by_status[st]),
            i * CHART_ROW,
            max(2, round(CHART_BAR_WIDTH * len(by_status[st]) / top)),
        )
        for i, st in enumerate(present)
    )
    return IndexView(
        counts=tuple((STATUSES[st], len(by_status[st])) for st in present),
        chart=chart,
        chart_height=max(1, len(chart)) * CHART_ROW,
        groups=groups,
        undisclosed=newest_first(by_status.get(Status.UNDISCLOSED, [])),
        disclosed=newest_first(by_status.get(Status.DISCLOSED, [])),
        statuses=tuple(Facet(st.value, STATUSES[st].label, len(by_status[st])) for st in present),
        kinds=tuple(
            Facet(k.value, KIND_LABELS[k], kind_counter[k.value])
            for k in ClaimKind
            if kind_counter[k.value]
        ),
        topics=_facets(Counter(t for s in summaries.values() for t in s.topics)),
        claimants=_facets(Counter(s.claimant for s in summaries.values())),
        total=len(summaries),
        source_count=source_count,
        last_updated=max(dates) if dates else None,
    )


def source_view(
    sid: str,
    source: Source,
    a: Analysis,
    refs: dict[str, SourceRef],
    summaries: dict[str, ClaimSummary],
) -> SourceView:
    archive = a.tracker.archives.get(sid)
    origins = sorted(a.source_origins.get(sid, frozenset()))
    return SourceView(
        ref=refs[sid],
        language_name=language_name(source.language),
        kind=source.kind.value,
        kind_label=SOURCE_KIND_LABELS[source.kind],
        publisher=source.publisher,
        authors=tuple(source.authors),
        published=source.published,
        url=source.url,
        notes=source.notes.strip(),
        derived_from=tuple(refs[p] for p in source.derived_from if p in refs),
        derived_by=tuple(refs[c] for c in a.derived_by.get(sid, ())),
        origins=tuple(refs[o] for o in origins if o != sid),
        archived=archive is not None,
        retrieved=source.snapshot.retrieved if source.snapshot else None,
        sha256=archive.sha256 if archive else None,
        cited_by=tuple(summaries[c] for c in a.cited_by.get(sid, ()) if c in summaries),
        to_check_by=tuple(summaries[c] for c in a.to_check_by.get(sid, ()) if c in summaries),
        record=source,
    )


def claim_view(
    cid: str,
    claim: Claim,
    a: Analysis,
    refs: dict[str, SourceRef],
    summaries: dict[str, ClaimSummary],
    related_to: list[str],
) -> ClaimView:
    checks = a.quote_checks_of(a.tracker.claims[cid])
    evidence = []
    for i, ev in enumerate(claim.evidence):
        check = checks[i] if i < len(checks) else QuoteCheck.NO_SOURCE
        ref = refs.get(ev.source) or SourceRef(ev.source, ev.source, "und")
        found = a.quote_context(ev.source, ev.quote)
        source = a.tracker.sources.get(ev.source)
        url = source.record.url if source is not None else None
        fragment = None
        if url:
            if found is None:
                fragment = text_fragment_url(url, ev.quote)
            elif found.occurrences > 1:
                fragment = text_fragment_url(url, found.passage, found.before, found.after)
            else:
                fragment = text_fragment_url(url, found.passage)
        evidence.append(
            EvidenceView(
                source=ref,
                quote=ev.quote,
                translation=ev.translation,
                translated_by=ev.translated_by.value if ev.translated_by else None,
                translator_label=TRANSLATOR_LABELS[ev.translated_by] if ev.translated_by else None,
                check=check.value,
                check_label=QUOTE_CHECK_LABELS[check],
                context_before=found.before if found else None,
                passage=found.passage if found else None,
                context_after=found.after if found else None,
                occurrences=found.occurrences if found else 0,
                text_fragment_url=fragment,
            )
        )
    last = len(claim.history) - 1
    history = tuple(
        HistoryView(
            index=i,
            date=entry.date,
            status=STATUSES[entry.status],
            note=entry.note,
            evidence=tuple(refs[s] for s in entry.evidence if s in refs),
            current=i == last,
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
    return ClaimView(
        summary=summaries[cid],
        claimant=claimant_view(claim),
        quantity=quantity_view(claim.quantity) if claim.quantity else None,
        evidence=tuple(evidence),
        history=history,
        rationale=claim.rationale,
        review_by=claim.review_by,
        related=tuple(summaries[r] for r in related_ids if r in summaries and r != cid),
        sources=tuple(refs[s] for s in sources),
        origins=tuple(refs[o] for o in origins if o in refs),
        origins_sentence=sentence,
        to_check=tuple(refs[s] for s in dict.fromkeys(claim.to_check) if s in refs),
        record=claim,
    )
