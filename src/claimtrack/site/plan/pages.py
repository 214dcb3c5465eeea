"""The site's plan: every output path, what it is made from, and how to make it.

Each output carries the data it is rendered from (``key``), so an incremental
build can tell, without rendering, whether a page would come out the same.
"""

from __future__ import annotations

import operator
from array import array
from collections.abc import Callable
from functools import partial
from itertools import chain, compress, count

from ...i18n import Interface, english, interface
from .. import addresses
from ..cards import plan as card_plan
from ..cards.plan import CardSetup
from ..languages import SiteLanguage, of_site
from ..memo import Reuse
from ..model.builders import KIND_LABELS
from ..model.claim.corrections import CorrectionView, newest_first
from ..model.localized import localized
from ..model.views import (
    STATUSES,
    ArchiveView,
    ClaimSummary,
    ClaimView,
    SiteModel,
    SiteSettings,
    SourceView,
    claim_id,
    source_id,
)
from . import claim_pages
from . import listings as listing_pages
from .contexts import (
    ArchivePage,
    CorrectionsPage,
    IndexPage,
    NotFoundPage,
    SearchPage,
    SourcePage,
)
from .datafiles import DataPlanner
from .outputs import Carried, Groups, Kept, Output, constant, page, page_info
from .share import ARTICLE
from .sources import SourcesPlan

# Every correction with the claim it corrected, newest first (the corrections pages).
Corrected = tuple[tuple[CorrectionView, ClaimSummary], ...]


class Planner:
    """Plans the site again and again, reusing what the last plan made from the same views.

    Every page is planned once per site language (an edition of the site: the same
    listings and counts, its words in that language, under its prefix); the views,
    made once per build, are shared by every edition.  A claim's or source's page
    is made only from its view, the settings and, for a claim, the views of the
    sources it cites; while those are the same objects as last time, the same
    Output is used again, in each language apart.  The data files are made once
    (datafiles.py), but a feed per language.
    """

    def __init__(self, *, keep: bool = True) -> None:
        # What the data files are joined from is kept for a next plan (DataPlanner.plan):
        # not by a one-shot build's.
        self.keep = keep
        self._editions: dict[str, _Edition] = {}
        self._data = DataPlanner()
        # The sources by id, what reviews show of them, their listing's order: once for
        # every edition, each made again where a view changed.
        self._sources = SourcesPlan()
        self._corrections: Reuse[str, Corrected] = Reuse()  # per claim, by its view
        self._corrected_list: Corrected = ()  # all of them, newest first
        self._cards: CardSetup | None = None

    def plan(
        self,
        model: SiteModel,
        static: dict[str, bytes],
        ui: Interface,
        cards: CardSetup | None = None,
        carried: Carried | None = None,
    ) -> list[Output]:
        """Every file of the site: each language's pages (the main language's first), then
        the data files and static/; paths are unique and sorted within each kind.

        ``ui``: the main language's words (the settings name it, so a page's key changes
        with it); each further language's are its catalog's (``i18n.interface``).
        ``cards``: the fonts and colours of the share cards, when the settings say to
        draw them (fontconfig's fonts when None).  ``carried``: what a build in a new
        process takes over from the last build (site/carried.py): each claim's outputs
        in a language whose key is unchanged, claims.json's lines.
        """
        s = model.settings
        cards = self._cards = card_plan.kept_setup(self._cards, cards, s, static)
        languages = of_site(s)
        uis = {
            lang.tag: ui if lang.main else interface(lang.tag) or english() for lang in languages
        }
        # An edition of a language the site no longer has is dropped with its outputs.
        editions = {lang.tag: self._editions.get(lang.tag) or _Edition() for lang in languages}
        self._editions = editions
        self._sources.plan(model.sources)
        corrected = self._corrected(model)
        outputs = list(
            chain.from_iterable(
                editions[lang.tag].plan(model, lang, uis, self._sources, corrected, cards, carried)
                for lang in languages
            )
        )
        outputs += self._data.plan(model, languages, uis, carried, keep=self.keep)
        outputs += (
            Output(f"static/{name}", make=constant(content), key=content)
            for name, content in static.items()
        )
        return outputs

    def _corrected(self, model: SiteModel) -> Corrected:
        """Every correction with its claim, newest first: each claim's made again only when
        its view is another object (an edit costs the claims it touched)."""
        each = self._corrections.each(model.claims, claim_id, _corrections_of, None)
        if not self._corrections.unchanged:  # else the edited claims' corrections are equal
            self._corrected_list = tuple(newest_first(chain.from_iterable(each)))
        return self._corrected_list

    def unfonted(self) -> dict[str, int]:
        """Per language, how many share cards of the last plan no font could draw."""
        return {tag: e.unfonted for tag, e in self._editions.items() if e.unfonted}

    def groups(self) -> tuple[Callable[[], Groups], ...]:
        """The last plan's groups of outputs, per language: each made when called, from
        that plan's own (immutable) pieces, whatever was planned since."""
        return tuple(edition.groups for edition in self._editions.values())


class _Edition:
    """One language's pages, reusing what the last plan made in it from the same views."""

    def __init__(self) -> None:
        # The last plan's claims, what their pages show of others (_cited) and their pages,
        # with its settings: a page is made from the view and the settings, and is the same
        # while what its review shows of the cited sources is equal.
        # A claim's outputs are its page, its embeddable card and (with a base URL) its
        # oEmbed file (embeds.py): kept and made again together.
        self._last_claims: tuple[
            tuple[ClaimView, ...], tuple[tuple[object, ...], ...], tuple[claim_pages.Made, ...]
        ] = ((), (), ())
        self._last_settings: SiteSettings | None = None
        self._last_slugs: dict[str, str] | None = None
        self._last_shown: dict[str, tuple[object, ...]] = {}
        self._flat = claim_pages.Flat([], array("q"))  # their outputs in one list
        self._sources: Reuse[str, Output] = Reuse()
        self._archives: Reuse[str, Output] = Reuse()
        self._listed: list[Output] = []  # the sources' listing's pages (listings.source_pages)
        self._listings = listing_pages.ListingPlanner()
        self._cards = card_plan.CardPlanner()
        # The last plan's groups (plan.outputs.Groups): a claim's outputs, made together.
        self.groups: Callable[[], Groups] = _no_groups
        self.unfonted = 0  # the last plan's share cards that no font could draw

    def plan(
        self,
        model: SiteModel,
        lang: SiteLanguage,
        uis: dict[str, Interface],
        sources: SourcesPlan,
        corrected: Corrected = (),
        cards: CardSetup | None = None,
        carried: Carried | None = None,
    ) -> list[Output]:
        """``sources``: the sources by id, as reviews show them, in their listing's order
        (sources.SourcesPlan); ``corrected``: every correction, newest first
        (Planner._corrected); ``cards``: how share cards are drawn, None when they are
        not; ``carried``: what a build in a new process takes over from the last build
        (site/carried.py)."""
        s, ui = model.settings, uis[lang.tag]
        outputs = [
            _index_page(model, lang, ui),
            *self._claim_pages(model, lang, ui, sources, carried),
            *(listed := listing_pages.source_pages(sources.listed, s, lang, ui, self._listed)),
            *self._sources.each(
                model.sources, source_id, lambda v: _source_page(s, lang, v, ui), s
            ),
            *self._archives.each(
                model.archives, _archive_path, lambda v: _archive_page(s, lang, v, ui), s
            ),
            *(listings := self._listings.plan(model.listings, s, lang, ui)),
            _corrections_page(s, lang, ui, corrected),
            _not_found_page(s, lang, ui),
        ]
        if s.search:
            # The listing families' first pages are among the listings' own outputs.
            outputs.append(_search_page(s, lang, {o.path for o in listings}, ui, model.claims))
        self._listed = listed
        self.unfonted = 0
        if cards is not None:
            outputs += self._cards.plan(model, lang, ui, cards)
            self.unfonted = self._cards.unfonted
        return outputs

    def _claim_pages(
        self,
        model: SiteModel,
        lang: SiteLanguage,
        ui: Interface,
        cited_sources: SourcesPlan,
        carried: Carried | None,
    ) -> list[Output]:
        """A claim's page again only when its view or what it shows of others changed.

        While there are as many claims as last time, each is compared with the one in
        its place (one pointer comparison and a small tuple's); otherwise by id.  In a
        new process (``carried``), a claim's outputs whose key is the last build's are
        carried over unplanned (site/carried.py)."""
        s = model.settings
        sources, shown = cited_sources.by_id, cited_sources.shown
        slugs = model.claimant_slugs
        claims = model.claims
        last_claims, last_cited, last_made = self._last_claims
        same_place = self._last_settings is s and len(last_claims) == len(claims)
        # Nothing any page shows of others changed (what the sources show in a review:
        # the same dict while equal; the claimants' slugs): a claim in its place whose
        # view is the same object keeps its page, one pointer comparison each.
        quick = same_place and slugs is self._last_slugs and shown is self._last_shown
        self._last_slugs, self._last_shown = slugs, shown
        by_id: dict[str, tuple[ClaimView, tuple[object, ...], claim_pages.Made]] = {}
        if not same_place and self._last_settings is s:
            by_id = {
                c.summary.id: (c, cited, o)
                for c, cited, o in zip(last_claims, last_cited, last_made, strict=True)
            }
        carried_keys: dict[str, Kept] = {}
        if quick:  # the last pages, and only the claims whose view is another object
            made, all_cited = list(last_made), list(last_cited)
            todo: list[int] | None = list(
                compress(count(), map(operator.is_not, last_claims, claims))
            )
        else:
            made, all_cited = [()] * len(claims), [()] * len(claims)
            todo = None
        for i in range(len(claims)) if todo is None else todo:
            claim = claims[i]
            slug = slugs.get(claim.summary.claimant, "")
            if carried is not None:
                kept = carried.group(*claim_pages.group(s, lang.tag, slugs, claim))
                if kept is not None:
                    carried_keys[claim.summary.id], made[i] = kept
                    continue
            # What its page shows of others besides its view: the cited sources as its
            # ClaimReview shows them (only that, so a change elsewhere in a source's view,
            # the claims it lists, does not make every page citing it look changed), and
            # its claimant's slug.
            cited = (*(shown[ref.id] for ref in claim.sources if ref.id in shown), slug)
            old: tuple[ClaimView, tuple[object, ...], claim_pages.Made] | None
            if same_place:
                old = (last_claims[i], last_cited[i], last_made[i])
            else:
                old = by_id.get(claim.summary.id)
            if old is not None and old[0] is claim and old[1] == cited:
                made[i] = old[2]
            else:
                made[i] = claim_pages.claim_outputs(s, lang, claim, cited, sources, slug, ui)
            all_cited[i] = cited
        # Made only when asked (the record's save): an edit under serve does not wait on it.
        planned = tuple(made)
        self.groups = partial(claim_pages.groups, s, lang.tag, slugs, claims, planned, carried_keys)
        self._last_claims = (claims, tuple(all_cited), planned)
        self._last_settings = s
        self._flat = claim_pages.flattened(planned, self._flat, todo)
        return self._flat.outputs


def _corrections_of(claim: ClaimView) -> Corrected:
    """The claim's corrections, its latest first.  Its record says whether it has any: the
    others' views stay deferred (ClaimView.deferred)."""
    if not any(entry.was is not None for entry in claim.record.history):
        return ()
    return tuple(
        (h.correction, claim.summary) for h in reversed(claim.history) if h.correction is not None
    )


def _archive_path(view: ArchiveView) -> str:
    return addresses.archive_page(view.ref.id, view.revision)


def _index_page(model: SiteModel, lang: SiteLanguage, ui: Interface) -> Output:
    s = model.settings
    title = localized(s.title, lang.tag)
    description = localized(s.description, lang.tag) or ui.gettext(
        "Claims tracked by %(title)s"
    ) % {"title": title}
    info = page_info(s, lang, addresses.INDEX, title, description, "claims")
    return page(s, info, IndexPage(model.index))


def _not_found_page(s: SiteSettings, lang: SiteLanguage, ui: Interface) -> Output:
    missing = ui.gettext("Page not found – %(title)s") % {"title": localized(s.title, lang.tag)}
    return page(s, page_info(s, lang, addresses.NOT_FOUND, missing, "", ""), NotFoundPage())


def _source_page(s: SiteSettings, lang: SiteLanguage, source: SourceView, ui: Interface) -> Output:
    title = localized(source.ref.title, lang.tag)
    info = page_info(
        s,
        lang,
        addresses.source_page(source.ref.id),
        f"{title} – {localized(s.title, lang.tag)}",
        ui.gettext("Source: %(source)s") % {"source": title},
        "sources",
        shared=title,
        kind=ARTICLE,
    )
    return page(s, info, SourcePage(source))


def _archive_page(
    s: SiteSettings, lang: SiteLanguage, archive: ArchiveView, ui: Interface
) -> Output:
    said = {"source": localized(archive.ref.title, lang.tag), "title": localized(s.title, lang.tag)}
    title = ui.gettext("Archived copy: %(source)s – %(title)s")
    about = ui.gettext("The archived text of %(source)s, with the passages that claims cite")
    if archive.revision is not None and archive.retrieved is not None:  # a later version's
        said["day"] = ui.date(archive.retrieved)
        title = ui.gettext("Later version of %(day)s: %(source)s – %(title)s")
        about = ui.gettext(
            "The text of %(source)s as fetched again on %(day)s, with the passages that "
            "claims cite from it"
        )
    info = page_info(
        s,
        lang,
        addresses.archive_page(archive.ref.id, archive.revision),
        title % said,
        about % said,
        "sources",
    )
    return page(s, info, ArchivePage(archive))


def _corrections_page(
    s: SiteSettings, lang: SiteLanguage, ui: Interface, corrected: Corrected
) -> Output:
    titled = {"title": localized(s.title, lang.tag)}
    info = page_info(
        s,
        lang,
        addresses.CORRECTIONS,
        ui.gettext("Corrections – %(title)s") % titled,
        ui.gettext("Every correction to the claims of %(title)s, newest first") % titled,
        "",
    )
    return page(s, info, CorrectionsPage(corrected))


_STATUSES = tuple(sorted(STATUSES.values(), key=lambda status: status.rank))


def _search_page(
    s: SiteSettings,
    lang: SiteLanguage,
    paths: set[str],
    ui: Interface,
    claims: tuple[ClaimView, ...],
) -> Output:
    """A language's search page; without JavaScript it sends readers to the listings the
    site has (``paths``: the language's listing pages, its prefix included).  Every claim
    has its page in every language (``_claim_pages``)."""
    titled = {"title": localized(s.title, lang.tag)}
    info = page_info(
        s,
        lang,
        addresses.SEARCH,
        ui.gettext("Search – %(title)s") % titled,
        ui.gettext("Search the claims of %(title)s") % titled,
        "",
    )
    kinds = tuple((kind.value, label) for kind, label in KIND_LABELS.items())
    browse = (addresses.listing_page(family, "") for family in addresses.LISTING_FAMILIES)
    listings = {first.split("/")[0]: first for first in browse if lang.prefix + first in paths}
    # Pagefind makes no empty index: the page merges only the shards its claims are in.
    count = addresses.shard_count(len(claims))
    shards = addresses.search_shards((c.summary.id for c in claims), count)
    return page(s, info, SearchPage(_STATUSES, kinds, listings, shards))


def plan(model: SiteModel, static: dict[str, bytes], ui: Interface | None = None) -> list[Output]:
    """Every file of the site (one build: nothing kept); in English unless ``ui`` says."""
    return Planner().plan(model, static, ui or english())


def _no_groups() -> Groups:
    """A language's groups before its first plan: none."""
    return iter(())
