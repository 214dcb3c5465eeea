"""View models: what each page shows, computed once from the records and the analysis.

Templates only read these; every wording decision ("unknown", "up to 8x",
"1 independent origin, reported by 2 sources") is made here, once, so that the
HTML, the JSON and the JSON-LD never disagree.  The views themselves are in
views.py; building all of them is one pass over the records with dict lookups.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable

from ...check.analysis import Analysis, QuoteCheck
from ...check.coverage.counts import counts
from ...check.measurements import Measured
from ...check.revisions import Removal
from ...i18n import N_, Interface, english
from ...records import (
    Bound,
    Claim,
    ClaimKind,
    Evidence,
    Quantity,
    Source,
    SourceKind,
    TrackerSettings,
    TranslatedBy,
)
from .. import addresses
from ..addresses import base_url
from .archive import cited_version, is_public, passage_link
from .claim.chains import Revised
from .claim.measured import measured_line
from .localized import (
    ClaimTexts,
    Localized,
    quote_translations,
    source_texts,
    tracker_texts,
)
from .revisions import replacement_view, revision_views
from .textfragment import text_fragment_url
from .views import (
    STATUSES,
    ClaimantView,
    ClaimSummary,
    EvidenceView,
    QuantityView,
    SiteSettings,
    SourceRef,
    SourceSummary,
    SourceView,
)

# The figure's words: (the bound shown alone, its meaning, the figure with its amount).
# English message ids: the JSON and the chart's data keep them as they are ("up to 3x"),
# pages translate the pattern (figure_text).  The one table of a bound's words.
BOUND_WORDS: dict[Bound, tuple[str, str, str]] = {
    Bound.EXACT: (N_("exact"), N_("the figure as stated"), ""),
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
    QuoteCheck.NO_REVISION: N_("Not checked: no such version of the source"),
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

KIND_VALUE_LABELS: dict[str, str] = {kind.value: label for kind, label in KIND_LABELS.items()}

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


# A source's place in the listing of sources (its sort key) and its row there.
Listed = tuple[tuple[str, int, str, str], SourceSummary]


def listed_source(s: SourceView) -> Listed:
    """A source's place and row in ``by_origin``'s list (a function of its view alone, so
    that a planner keeps it while the view is the same object)."""
    title = s.ref.title.original.casefold()
    family = min((o.title.original.casefold() for o in s.origins), default=title)
    return (family, 1 if s.derived_from else 0, title, s.ref.id), source_summary(s)


def by_origin(
    sources: tuple[SourceView, ...], listed: Iterable[Listed] | None = None
) -> tuple[SourceSummary, ...]:
    """Each original source followed by the sources derived from it.

    Read top to bottom, the list shows how many independent origins there are:
    a report sits under what it reports instead of looking like a second source.
    ``listed``: each source's ``listed_source``, when the caller kept them.
    """
    made = listed if listed is not None else map(listed_source, sources)
    return tuple(row for _, row in sorted(made, key=operator.itemgetter(0)))


# ``cards: auto`` draws share cards below this many claims: each costs milliseconds
# (bench/cards.py), once per claim and language.
CARDS_AUTO_LIMIT = 2000


def site_settings(
    settings: TrackerSettings, *, search: bool = True, claims: int = 0
) -> SiteSettings:
    """``claims``: how many the tracker has (``cards: auto`` depends on it)."""
    title, description = tracker_texts(settings)
    cards = settings.cards if isinstance(settings.cards, bool) else claims < CARDS_AUTO_LIMIT
    return SiteSettings(
        title,
        description,
        settings.language,
        base_url(settings.base_url),
        search=search,
        languages=settings.site_languages,
        cards=cards,
    )


def claimant_view(claim: Claim, texts: ClaimTexts | None = None) -> ClaimantView:
    """``texts``: the claim's, for the name, role and organisation in every site language."""
    c = claim.claimant
    details = [part for part in (c.role, c.organisation) if part]
    display = f"{c.name} ({', '.join(details)})" if details else c.name
    shown = texts.claimant if texts is not None else None
    return ClaimantView(c.name, c.role, c.organisation, bool(details), display, shown)


def amount_text(value: float, unit: str) -> str:
    """'8x', '300 tokens/s': a number with its unit, as the pages write it."""
    number = format_number(value)
    return f"{number}{unit}" if joins_unit(unit) else f"{number} {unit}"


def bound_figure(pattern: str, amount: str) -> str:
    """'up to 8x': an amount in its bound's words (BOUND_WORDS' pattern, or its translation);
    an exact figure, whose pattern is empty, is the amount alone."""
    return pattern % {"amount": amount} if pattern else amount


def quantity_view(q: Quantity, texts: ClaimTexts | None = None) -> QuantityView:
    """``texts``: the claim's, for the conditions in every site language."""
    value = format_number(q.value)
    amount = amount_text(q.value, q.unit)
    word, meaning, pattern = BOUND_WORDS[q.bound]
    return QuantityView(
        figure=bound_figure(pattern, amount),
        value=value,
        unit=q.unit,
        bound=word,
        bound_meaning=meaning,
        metric=q.metric,
        baseline=q.baseline,
        conditions=texts.conditions if texts is not None else plain_conditions(q),
        number=q.value,
        joined=joins_unit(q.unit),
        pattern=pattern,
        metric_text=texts.metric if texts is not None else None,
        baseline_text=texts.baseline if texts is not None else None,
    )


def plain_conditions(q: Quantity) -> Localized | None:
    conditions = q.conditions.strip()
    return Localized(conditions, "und") if conditions else None


def summary_view(
    cid: str,
    claim: Claim,
    texts: ClaimTexts,
    stale: bool,
    measured: Measured | None = None,
    revised_by: tuple[Revised, ...] = (),
) -> ClaimSummary:
    """``texts``: the claim's (localized.claim_texts), made once for its summary and view;
    ``revised_by``: the claims that revise it (chains.revised_by)."""
    return ClaimSummary(
        id=cid,
        statement=texts.statement,
        status=STATUSES[claim.status],
        kind=claim.kind.value,
        kind_label=KIND_LABELS[claim.kind],
        claimant=claim.claimant.name,
        claimant_name=texts.claimant[0],
        topics=tuple(claim.topics),
        last_changed=claim.history[-1].date,
        recorded=claim.history[0].date,
        stale=stale,
        measured=measured_line(claim, measured, amount_text),
        revised_by=revised_by,
    )


def source_view(
    sid: str,
    source: Source,
    a: Analysis,
    refs: dict[str, SourceRef],
    summaries: dict[str, ClaimSummary],
) -> SourceView:
    archive = a.tracker.archives.get(sid)
    _, notes, publisher = source_texts(source, a.tracker.settings.site_languages)
    origins = sorted(a.source_origins.get(sid, frozenset()))
    return SourceView(
        ref=refs[sid],
        language_name=language_name(source.language),
        kind=source.kind.value,
        kind_label=SOURCE_KIND_LABELS[source.kind],
        publisher=publisher,
        authors=tuple(source.authors),
        published=source.published,
        url=source.url,
        notes=notes,
        derived_from=tuple(refs[p] for p in source.derived_from if p in refs),
        derived_by=tuple(refs[c] for c in a.derived_by.get(sid, ())),
        origins=tuple(refs[o] for o in origins if o != sid),
        archived=archive is not None,
        retrieved=source.snapshot.retrieved if source.snapshot else None,
        sha256=archive.sha256 if archive else None,
        cited_by=tuple(summaries[c] for c in a.cited_by(sid) if c in summaries),
        to_check_by=tuple(summaries[c] for c in a.to_check_by(sid) if c in summaries),
        record=source,
        archive_page=addresses.archive_page(sid) if is_public(a, sid) else None,
        coverage=counts(a, sid),
        revisions=revision_views(a, sid, is_public(a, sid)),
    )


def source_ref(refs: dict[str, SourceRef], sid: str) -> SourceRef:
    """How a quote names its source: the source's SourceRef, its id alone when unknown."""
    return refs.get(sid) or SourceRef(sid, Localized(sid, "und"), "und")


def shown_removal(a: Analysis, ev: Evidence, in_latest: bool | None) -> Removal | None:
    """When a quote's passage went from its source, shown only while it is missing from
    the latest revision (``in_latest``: Analysis.in_latest_revision)."""
    return a.removal(ev) if in_latest is False else None


def evidence_view(
    ev: Evidence, check: QuoteCheck, a: Analysis, refs: dict[str, SourceRef]
) -> EvidenceView:
    """One quote as a page shows it: a claim's evidence, a measurement's, a status change's."""
    ref = source_ref(refs, ev.source)
    found = a.quote_context(ev.source, ev.quote, ev.revision)  # in the version it cites
    revision, url = cited_version(a, ev)
    fragment = None
    in_latest = a.in_latest_revision(ev)
    if url and in_latest is not False:  # a deep link only while the passage is there
        if found is None:
            fragment = text_fragment_url(url, ev.quote)
        elif found.occurrences > 1:
            fragment = text_fragment_url(url, found.passage, found.before, found.after)
        else:
            fragment = text_fragment_url(url, found.passage)
    return EvidenceView(
        source=ref,
        quote=ev.quote,
        translation=ev.translation,
        translated_by=ev.translated_by.value if ev.translated_by else None,
        translator_label=TRANSLATOR_LABELS[ev.translated_by] if ev.translated_by else None,
        check=check.value,
        check_label=QUOTE_CHECK_LABELS[check],
        lang=ref.language,
        translations=quote_translations(ev, a.tracker.settings.site_languages),
        context_before=found.before if found else None,
        passage=found.passage if found else None,
        context_after=found.after if found else None,
        occurrences=found.occurrences if found else 0,
        text_fragment_url=fragment,
        archive_passage=passage_link(a, ev, found),
        in_latest_revision=in_latest,
        removal=shown_removal(a, ev, in_latest),
        revision=revision,
        replacement=replacement_view(a, ev) if in_latest is False else None,
    )


def pattern_of(q: Quantity) -> str:
    return BOUND_WORDS[q.bound][2]


def figure_text(ui: Interface, q: QuantityView) -> str:
    """'up to 8x', 'jusqu'à 8x': the bound in the site's language, the unit as recorded."""
    value = ui.number(q.number)
    amount = f"{value}{q.unit}" if q.joined else f"{value} {q.unit}"
    # gettext("") would be the catalog's header: an exact figure has no pattern to translate.
    return bound_figure(ui.gettext(q.pattern) if q.pattern else "", amount)
