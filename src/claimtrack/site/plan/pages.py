"""The site's plan: every output path, what it is made from, and how to make it.

Each output carries the data it is rendered from (``key``), so an incremental
build can tell, without rendering, whether a page would come out the same.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from ...i18n import Interface, english
from .. import addresses
from ..data import feeds, jsonld
from ..data import jsonfiles as data
from ..data import schema as dataschema
from ..model.builders import KIND_LABELS, by_origin
from ..model.views import STATUSES, ArchiveView, ClaimView, SiteModel, SiteSettings, SourceView
from ..reuse import Reuse
from . import listings as listing_pages
from .contexts import (
    ArchivePage,
    ClaimPage,
    IndexPage,
    Lazy,
    NotFoundPage,
    SearchPage,
    SourcePage,
)
from .outputs import Output, page, page_info


class Planner:
    """Plans the site again and again, reusing what the last plan made from the same views.

    A claim's or source's page (and its line of claims.json or sources.json) is
    made only from its view, the settings and, for a claim, the views of the
    sources it cites; while those are the same objects as last time, the same
    Output (and line) is used again.  Aggregates are assembled from the pieces.
    """

    def __init__(self) -> None:
        # By claim id; made from the view and the settings, and equal while what its review
        # shows of the cited sources is equal.
        self._claims: Reuse[str, Output] = Reuse()
        self._sources: Reuse[str, Output] = Reuse()
        self._archives: Reuse[str, Output] = Reuse()
        self._claim_lines: Reuse[str, bytes] = Reuse()
        self._source_lines: Reuse[str, bytes] = Reuse()
        self._listings = listing_pages.ListingPlanner()

    def plan(self, model: SiteModel, static: dict[str, bytes], ui: Interface) -> list[Output]:
        """Every file of the site, pages first; paths are unique and sorted within each kind.

        ``ui``: the language of the pages' titles and the feed (the settings name it, so a
        page's key changes with it).
        """
        s = model.settings
        outputs = [
            _index_page(model, ui),
            *self._claim_pages(model, ui),
            *listing_pages.source_pages(by_origin(model.sources), s, ui),
            *self._source_pages(model.sources, s, ui),
            *self._archive_pages(model.archives, s, ui),
            *self._listings.plan(model.listings, s, ui),
            _not_found_page(s, ui),
            *self._data_files(model, ui),
            *(
                Output(f"static/{name}", make=_constant(content), key=content)
                for name, content in static.items()
            ),
        ]
        if s.search:
            # Last, so that it sees every listing planned above; placed after the last page.
            after = max(i for i, o in enumerate(outputs) if o.is_page) + 1
            outputs.insert(after, _search_page(s, {o.path for o in outputs}, ui))
        return outputs

    def _claim_pages(self, model: SiteModel, ui: Interface) -> list[Output]:
        s = model.settings
        sources = {src.ref.id: src for src in model.sources}
        slugs = model.claimant_slugs
        made = []
        self._claims.start()
        for claim in model.claims:
            cid = claim.summary.id
            slug = slugs.get(claim.summary.claimant, "")
            cited = _cited(claim, sources, slug)
            same = (claim, s)
            output = self._claims.get(cid, same, cited)
            if output is None:
                output = _claim_page(s, claim, cited, sources, slug, ui)
                self._claims.put(cid, same, output, cited)
            made.append(output)
        return made

    def _source_pages(
        self, views: tuple[SourceView, ...], s: SiteSettings, ui: Interface
    ) -> list[Output]:
        return self._sources.each(views, _source_id, lambda v: _source_page(s, v, ui), s)

    def _archive_pages(
        self, views: tuple[ArchiveView, ...], s: SiteSettings, ui: Interface
    ) -> list[Output]:
        return self._archives.each(views, _source_id, lambda v: _archive_page(s, v, ui), s)

    def _data_files(self, model: SiteModel, ui: Interface) -> list[Output]:
        """claims.json, sources.json, their schemas, the feed and the sitemap.

        Their keys are the views they are made from (the same objects while unchanged, so
        comparing them costs next to nothing); of a claim, the feed shows its summary, history
        and measurements, the sitemap its summary.
        """
        s = model.settings
        claims, sources = model.claims, model.sources
        summaries = tuple(c.summary for c in claims)
        files = [
            Output("claims.json", make=lambda: self._claims_json(s, claims), key=(s, claims)),
            Output("sources.json", make=lambda: self._sources_json(s, sources), key=(s, sources)),
            Output("claims.schema.json", make=lambda: data.schema_json(dataschema.claims_schema())),
            Output(
                "sources.schema.json", make=lambda: data.schema_json(dataschema.sources_schema())
            ),
            Output(
                "feed.xml",
                make=lambda: feeds.atom_feed(model, ui),
                key=(
                    s,
                    summaries,
                    tuple(c.history for c in claims),
                    tuple(c.measured for c in claims),
                ),
            ),
        ]
        if s.base_url is not None:
            make_sitemap = partial(feeds.sitemap, model)
            refs = tuple(src.ref for src in sources)
            archived = tuple(a.ref.id for a in model.archives)
            shown = tuple(feeds.listing_folders(model))
            sitemap_key = (s, summaries, refs, model.index.last_updated, archived, shown)
            files.append(Output("sitemap.xml", make=lambda: make_sitemap() or b"", key=sitemap_key))
        return files

    def _claims_json(self, s: SiteSettings, views: tuple[ClaimView, ...]) -> bytes:
        """claims.json; a claim's line made again only when its view or the settings are new."""
        lines = self._claim_lines.each(views, _claim_id, lambda v: data.claim_line(v, s), s)
        return data.document(s, "claims", lines)

    def _sources_json(self, s: SiteSettings, views: tuple[SourceView, ...]) -> bytes:
        """sources.json, likewise."""
        lines = self._source_lines.each(views, _source_id, lambda v: data.source_line(v, s), s)
        return data.document(s, "sources", lines)


def _claim_id(view: ClaimView) -> str:
    return view.summary.id


def _source_id(view: SourceView | ArchiveView) -> str:
    return view.ref.id


def _constant(content: bytes) -> Callable[[], bytes]:
    return lambda: content


def _index_page(model: SiteModel, ui: Interface) -> Output:
    s = model.settings
    description = s.description or ui.gettext("Claims tracked by %(title)s") % {"title": s.title}
    info = page_info(s, addresses.INDEX, s.title, description, "claims")
    return page(s, info, IndexPage(model.index))


def _not_found_page(s: SiteSettings, ui: Interface) -> Output:
    missing = ui.gettext("Page not found – %(title)s") % {"title": s.title}
    return page(s, page_info(s, addresses.NOT_FOUND, missing, "", ""), NotFoundPage())


def _cited(claim: ClaimView, sources: dict[str, SourceView], slug: str) -> tuple[object, ...]:
    """What a claim's page shows of others besides its view: the cited sources as its
    ClaimReview shows them (only that, so a change elsewhere in a source's view, the claims
    it lists, does not make every page citing it look changed), and its claimant's slug."""
    return (
        *(_shown_in_review(sources[ref.id]) for ref in claim.sources if ref.id in sources),
        slug,
    )


def _shown_in_review(v: SourceView) -> tuple[object, ...]:
    """What the ClaimReview shows of a cited source (jsonld._appearance reads these)."""
    return (v.ref, v.publisher, v.authors, v.published, v.url)


def _claim_page(
    s: SiteSettings,
    claim: ClaimView,
    cited: tuple[object, ...],
    sources: dict[str, SourceView],
    claimant_slug: str,
    ui: Interface,
) -> Output:
    cid = claim.summary.id
    c = claim.summary
    described = ui.gettext("%(status)s: %(statement)s") % {
        "status": ui.gettext(c.status.label),
        "statement": c.statement,
    }
    info = page_info(
        s, addresses.claim_page(cid), f"{c.statement} – {s.title}", described, "claims"
    )
    review = Lazy(partial(_review, claim, sources, s), cited)
    return page(s, info, ClaimPage(claim, claimant_slug, review))


def _review(claim: ClaimView, sources: dict[str, SourceView], s: SiteSettings) -> str:
    return jsonld.script_json(jsonld.claim_review(claim, sources, s))


def _source_page(s: SiteSettings, source: SourceView, ui: Interface) -> Output:
    title = source.ref.title
    info = page_info(
        s,
        addresses.source_page(source.ref.id),
        f"{title} – {s.title}",
        ui.gettext("Source: %(source)s") % {"source": title},
        "sources",
    )
    return page(s, info, SourcePage(source))


def _archive_page(s: SiteSettings, archive: ArchiveView, ui: Interface) -> Output:
    said = {"source": archive.ref.title, "title": s.title}
    info = page_info(
        s,
        addresses.archive_page(archive.ref.id),
        ui.gettext("Archived copy: %(source)s – %(title)s") % said,
        ui.gettext("The archived text of %(source)s, with the passages that claims cite") % said,
        "sources",
    )
    return page(s, info, ArchivePage(archive))


_STATUSES = tuple(sorted(STATUSES.values(), key=lambda status: status.rank))


def _search_page(s: SiteSettings, paths: set[str], ui: Interface) -> Output:
    """The search page; without JavaScript it sends readers to the listings the site has."""
    titled = {"title": s.title}
    info = page_info(
        s,
        addresses.SEARCH,
        ui.gettext("Search – %(title)s") % titled,
        ui.gettext("Search the claims of %(title)s") % titled,
        "",
    )
    kinds = tuple((kind.value, label) for kind, label in KIND_LABELS.items())
    browse = (addresses.listing_page(family, "") for family in addresses.LISTING_FAMILIES)
    listings = {first.split("/")[0]: first for first in browse if first in paths}
    return page(s, info, SearchPage(_STATUSES, kinds, listings))


def plan(model: SiteModel, static: dict[str, bytes], ui: Interface | None = None) -> list[Output]:
    """Every file of the site (one build: nothing kept); in English unless ``ui`` says."""
    return Planner().plan(model, static, ui or english())
