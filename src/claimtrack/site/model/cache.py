"""The view models of the whole site, made again after an edit only where the edit shows.

ModelCache keeps the last build's views.  Told what an edit touched
(check.impact.Impact), it makes again only those claims' and sources' views
and reuses the other objects as they are, so that the pages made from them
compare equal at once (the same objects) and are not rendered again.  The
listings and the index are assembled again from the kept pieces (listings.py).
"""

from __future__ import annotations

from ...check.analysis import Analysis
from ...check.coverage.counts import count_all
from ...check.impact import Impact, shown_on
from ...load.assembled import Tracker
from ...records import Claim
from ..memo import Reuse, kept
from .archive import archive_views
from .builders import KIND_VALUE_LABELS, site_settings, source_view, summary_view
from .claim.chains import revised_by
from .claim.page import claim_view
from .listings import ListingCache, overview
from .localized import ClaimTexts, claim_texts, source_texts
from .views import (
    ArchiveView,
    ClaimSummary,
    ClaimView,
    IndexView,
    SiteModel,
    SiteSettings,
    SourceRef,
    SourceView,
)


class ModelCache:
    """Builds the SiteModel again and again, reusing the views an edit did not touch."""

    def __init__(self, *, search: bool = True) -> None:
        self.search = search  # the site has full-text search (pages show its box)
        # Each source's SourceRef with the record it was made from (the languages are the
        # same: a change of them makes all anew).
        self._refs: dict[str, tuple[object, SourceRef]] = {}
        # The last refs with the tracker's dict of sources they were made from.
        self._refs_of: tuple[object, dict[str, SourceRef]] = (None, {})
        self._claims: dict[str, ClaimView] = {}
        self._summaries_made: dict[str, ClaimSummary] = {}  # the last build's, in id order
        self._sources: dict[str, SourceView] = {}
        self._archives: dict[str, tuple[ArchiveView, ...]] = {}
        self._settings: SiteSettings | None = None
        self._index: IndexView | None = None
        self._listings = ListingCache()
        self._languages: tuple[str, ...] = ()
        # Each claim's translatable texts, for its summary and its view, while its record is
        # the same object (the languages are the same: a change of them makes all anew).
        self._texts: Reuse[str, ClaimTexts] = Reuse()

    def build(self, a: Analysis, impact: Impact | None, *, defer: bool = False) -> SiteModel:
        """Every view of the site; ``impact`` None makes every view anew.  ``defer``: the
        claims' views made without their DEFERRED fields until read (a build in a new
        process that renders few pages: ClaimView.deferred), never kept for a next build."""
        languages = a.tracker.settings.site_languages
        if languages != self._languages:
            # Every translatable text has an entry per site language: all made again.
            impact, self._languages = None, languages
            self._texts = Reuse()
            self._refs = {}
        self._texts.start()
        refs = self._source_refs(a.tracker)
        # The same claims as last time, after an edit: it costs the claims it touched.
        same = impact is not None and self._claims.keys() == a.tracker.claims.keys()
        summaries, claims, todo, moved = self._summaries(a, impact, same)
        listing_sources: set[str] = set()
        if impact is not None:
            # A summary can change without its claim's file (a measurement's source now
            # derives from the claim's own): the pages listing it, related claims' and cited
            # sources', are made again too.
            around, listing_sources = _showing(a, moved)
            todo |= around & a.tracker.claims.keys()
        remade = sorted(todo)
        if not defer:  # their quotes in context, all at once on two cores (not one by one)
            a.find_quotes(remade)
        for cid in remade:
            claims[cid] = self._claim_view(a, refs, summaries, cid, defer)
        if not same:
            claims = dict(sorted(claims.items()))
        sources, archives = self._source_views(a, impact, refs, summaries, listing_sources)
        # The same claims: only the summaries made again may differ from the last ones.
        maybe = todo if same else None
        listings = self._listings.build(summaries, claims, remade, KIND_VALUE_LABELS, maybe)
        # The same objects while equal: the pages made from them compare at once.
        self._index = kept(self._index, overview(listings, len(refs)))
        self._settings = kept(
            self._settings,
            site_settings(a.tracker.settings, search=self.search, claims=len(a.tracker.claims)),
        )
        # Together, once every view is made: a build that fails halfway leaves the last.
        self._claims, self._summaries_made = claims, summaries
        self._sources, self._archives = sources, archives
        return SiteModel(
            settings=self._settings,
            claims=tuple(claims.values()),
            sources=tuple(sources.values()),
            index=self._index,
            archives=tuple(view for views in archives.values() for view in views),
            listings=listings,
            claimant_slugs=self._listings.slugs,
        )

    def _source_refs(self, tracker: Tracker) -> dict[str, SourceRef]:
        """Each source's SourceRef: the last one while its record is the same object, or
        while its title (and the title's translations) and language are the same."""
        last = self._refs
        if self._refs_of[0] is tracker.sources and last:  # the same records (a claim's edit)
            return self._refs_of[1]
        kept_refs: dict[str, tuple[object, SourceRef]] = {}
        refs: dict[str, SourceRef] = {}
        for sid, source in sorted(tracker.sources.items()):
            record = source.record
            old = last.get(sid)
            if old is not None and old[0] is record:
                ref = old[1]
            else:
                title, *_ = source_texts(record, tracker.settings.site_languages)
                ref = kept(
                    old[1] if old is not None else None, SourceRef(sid, title, record.language)
                )
            kept_refs[sid] = (record, ref)
            refs[sid] = ref
        self._refs, self._refs_of = kept_refs, (tracker.sources, refs)
        return refs

    def _texts_of(self, cid: str, record: Claim) -> ClaimTexts:
        texts = self._texts.get(cid, (record,))
        if texts is None:
            texts = self._texts.put(cid, (record,), claim_texts(record, self._languages))
        return texts

    def _summaries(
        self, a: Analysis, impact: Impact | None, same: bool
    ) -> tuple[dict[str, ClaimSummary], dict[str, ClaimView], set[str], set[str]]:
        """Every claim's summary (in id order); the last views the impact leaves as they
        were (in id order when the claims are the ``same`` as last time: their dicts are
        copied, then the touched entries replaced); the claims whose views are to be made
        again; and, of those, the claims whose summary changed."""
        tracker_claims = a.tracker.claims
        claims: dict[str, ClaimView]
        if same and impact is not None:
            claims, summaries = dict(self._claims), dict(self._summaries_made)
            todo = set(impact.claim_pages & claims.keys())
        else:
            old, claims, summaries = self._claims, {}, {}
            for cid in tracker_claims:
                if impact is not None and cid in old and cid not in impact.claim_pages:
                    claims[cid] = old[cid]
                    summaries[cid] = old[cid].summary
            todo = set(tracker_claims.keys() - claims.keys())
        moved: set[str] = set()
        for cid in todo:
            last = self._claims.get(cid)
            record = tracker_claims[cid].record
            texts = self._texts_of(cid, record)
            stale, measured = a.is_stale(cid), a.measured(cid)
            made = summary_view(cid, record, texts, stale, measured, revised_by(a, cid))
            # Equal to the last one (an edit of the rationale): keep the object.
            summaries[cid] = kept(last.summary if last is not None else None, made)
            if last is not None and summaries[cid] is not last.summary:
                moved.add(cid)
        if not same:
            summaries = dict(sorted(summaries.items()))
        return summaries, claims, todo, moved

    def _claim_view(
        self,
        a: Analysis,
        refs: dict[str, SourceRef],
        summaries: dict[str, ClaimSummary],
        cid: str,
        defer: bool,
    ) -> ClaimView:
        """A claim's view made again; the last one when equal (a related claim's, whose
        summary did not change), so that what is made from it compares at once."""
        record = a.tracker.claims[cid].record
        texts = self._texts_of(cid, record)
        related = a.related_to(cid)
        made = claim_view(cid, record, a, refs, summaries, related, texts, defer=defer)
        return kept(self._claims.get(cid), made)

    def _source_views(
        self,
        a: Analysis,
        impact: Impact | None,
        refs: dict[str, SourceRef],
        summaries: dict[str, ClaimSummary],
        listing_sources: set[str],
    ) -> tuple[dict[str, SourceView], dict[str, tuple[ArchiveView, ...]]]:
        """Every source's view and its archive pages' views (its first copy's, its cited
        revisions'), in id order; those the impact leaves as they were kept."""
        tracker = a.tracker
        same = impact is not None and self._sources.keys() == tracker.sources.keys()
        if impact is None:
            todo = sorted(tracker.sources)
        else:
            known = tracker.sources.keys()  # those the edit shows on, and new ones
            shown = (impact.source_pages | listing_sources) & known
            todo = sorted(shown | (known - self._sources.keys()))
        # The sources' coverage, the costly part of their views, all at once on two cores.
        count_all(a, todo)
        views: dict[str, SourceView] = {}
        pages: dict[str, tuple[ArchiveView, ...]] = {}
        for sid in todo:
            made_view = source_view(sid, tracker.sources[sid].record, a, refs, summaries)
            views[sid] = kept(self._sources.get(sid), made_view)
            # Made from the same inputs as the source's page, the claims citing it included.
            last = {view.revision: view for view in self._archives.get(sid, ())}
            made = archive_views(a, sid, refs[sid], summaries)
            pages[sid] = tuple(kept(last.get(view.revision), view) for view in made)
        if same:  # the last dicts, in their order, with the views made again in place
            return {**self._sources, **views}, {**self._archives, **pages}
        ids = sorted(tracker.sources)
        sources = {sid: views[sid] if sid in views else self._sources[sid] for sid in ids}
        archives = {sid: pages[sid] if sid in pages else self._archives.get(sid, ()) for sid in ids}
        return sources, archives


def _showing(a: Analysis, moved: set[str]) -> tuple[set[str], set[str]]:
    """The claims and the sources whose pages show the summaries of the claims ``moved``
    (related claims, cited sources, the claims of its chain of revisions)."""
    claims: set[str] = set()
    sources: set[str] = set()
    for cid in moved:
        shown_claims, shown_sources = shown_on(a.links, cid)
        claims |= shown_claims
        sources |= shown_sources
    return claims, sources


def build_model(a: Analysis) -> SiteModel:
    """Every view of the site, made anew (one build)."""
    return ModelCache().build(a, None)
