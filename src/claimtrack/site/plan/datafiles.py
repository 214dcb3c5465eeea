"""The site's data files: claims.json, sources.json and their schemas once, at the root
and in the records' language; a feed per site language; the sitemap of every page.

Their keys are the views they are made from (the same objects while unchanged, so
comparing them costs next to nothing).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from ...i18n import Interface
from .. import addresses
from ..data import feeds
from ..data import jsonfiles as data
from ..data import schema as dataschema
from ..languages import SiteLanguage
from ..model.views import ArchiveView, ClaimView, SiteModel, SiteSettings, SourceView
from ..reuse import Reuse
from .outputs import Output


class DataPlanner:
    """The data files, a record's JSON line made again only when its view is new."""

    def __init__(self) -> None:
        self._claim_lines: Reuse[str, bytes] = Reuse()
        self._source_lines: Reuse[str, bytes] = Reuse()

    def plan(
        self, model: SiteModel, languages: Sequence[SiteLanguage], uis: dict[str, Interface]
    ) -> list[Output]:
        """Of a claim, a feed shows its summary, history and measurements, the sitemap its
        summary (whose statement says in which languages its page counts as translated)."""
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
        ]
        shown = (s, summaries, tuple(c.history for c in claims), tuple(c.measured for c in claims))
        files += (
            Output(
                lang.prefix + addresses.FEED,
                make=partial(feeds.atom_feed, model, uis[lang.tag], lang),
                key=shown,
            )
            for lang in languages
        )
        if s.base_url is not None:
            make_sitemap = partial(feeds.sitemap, model)
            refs = tuple(src.ref for src in sources)
            archived = tuple(a.ref.id for a in model.archives)
            listed = tuple(feeds.listing_folders(model))
            sitemap_key = (s, summaries, refs, model.index.last_updated, archived, listed)
            files.append(
                Output(addresses.SITEMAP, make=lambda: make_sitemap() or b"", key=sitemap_key)
            )
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
