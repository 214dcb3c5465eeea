"""A claim's outputs in one language: its page, with its ClaimReview, its embeddable
card and, with a base URL, its oEmbed file (pages.py plans and keeps them together)."""

from __future__ import annotations

from array import array
from functools import partial
from itertools import accumulate, chain
from typing import NamedTuple

from ...i18n import Interface
from .. import addresses
from ..data import jsonld
from ..languages import SiteLanguage, of_site, translated_in
from ..model.localized import localized
from ..model.views import ClaimView, SiteSettings, SourceView
from . import embeds
from .contexts import ClaimPage, Lazy
from .outputs import Groups, Kept, Output, PageInfo, later_page, page_info
from .share import ARTICLE

Made = tuple[Output, ...]  # a claim's outputs in one language (claim_outputs)


def shown_in_review(v: SourceView) -> tuple[object, ...]:
    """What the ClaimReview shows of a cited source (jsonld._appearance reads these)."""
    return (v.ref, v.publisher, v.authors, v.published, v.url)


def claim_outputs(
    s: SiteSettings,
    lang: SiteLanguage,
    claim: ClaimView,
    cited: tuple[object, ...],
    sources: dict[str, SourceView],
    claimant_slug: str,
    ui: Interface,
) -> Made:
    """A claim's page, its embeddable card and, with a base URL, its oEmbed file: each made
    when rendered (outputs.later_page), its key what it is made from.  The page's: its
    view, what it shows of the cited sources (``cited``, with the claimant's slug: a
    change elsewhere in a source's view, the claims it lists, leaves it) and the words of
    the page's language."""
    page = later_page(
        s,
        lang,
        addresses.claim_page(claim.summary.id),
        ClaimPage.template,
        (claim, cited, claimant_slug, ui.key),
        partial(_claim_page, s, lang, claim, cited, sources, claimant_slug, ui),
    )
    made = (page, embeds.embed_page(s, lang, claim))
    oembed = embeds.oembed_output(s, lang, claim, ui)
    return (*made, oembed) if oembed is not None else made


def _claim_page(
    s: SiteSettings,
    lang: SiteLanguage,
    claim: ClaimView,
    cited: tuple[object, ...],
    sources: dict[str, SourceView],
    claimant_slug: str,
    ui: Interface,
) -> tuple[PageInfo, ClaimPage]:
    c = claim.summary
    statement = localized(c.statement, lang.tag)
    described = ui.gettext("%(status)s: %(statement)s") % {
        "status": ui.gettext(c.status.label),
        "statement": statement,
    }
    info = page_info(
        s,
        lang,
        addresses.claim_page(c.id),
        embeds.claim_title(s, lang, c),
        described,
        "claims",
        # Its alternates: the versions whose statement is translated.
        translated_in(c.statement, of_site(s)),
        shared=statement,
        kind=ARTICLE,
        card=addresses.claim_card(c.id),
    )
    offer = embeds.embed_offer(s, lang, claim, ui)
    # Made with the page, in the worker that renders it.
    review = Lazy(partial(_review, claim, sources, s, lang, ui), (ui.key, cited))
    return info, ClaimPage(claim, claimant_slug, review, offer)


def _review(
    claim: ClaimView,
    sources: dict[str, SourceView],
    s: SiteSettings,
    lang: SiteLanguage,
    ui: Interface,
) -> str:
    return jsonld.script_json(jsonld.claim_review(claim, sources, s, lang, ui))


def group(s: SiteSettings, tag: str, slugs: dict[str, str], claim: ClaimView) -> tuple[str, object]:
    """A claim's group in a language: its name, and what all its outputs there (its page,
    its embed, its oEmbed file) are made from besides the theme: the settings, the
    language, its claimant's slug and its view (whose input digest covers what the page
    shows of the sources it cites)."""
    return f"{tag} {claim.summary.id}", (s, tag, slugs.get(claim.summary.claimant, ""), claim)


def groups(
    s: SiteSettings,
    tag: str,
    slugs: dict[str, str],
    claims: tuple[ClaimView, ...],
    made: tuple[Made, ...],
    carried: dict[str, Kept],
) -> Groups:
    """A language's groups as planned: those carried over with their recorded digest."""
    for claim, outputs in zip(claims, made, strict=True):
        name, key = group(s, tag, slugs, claim)
        yield name, (carried.get(claim.summary.id) or key, tuple(o.path for o in outputs))


class Flat(NamedTuple):
    """Every claim's outputs in one list, in the claims' order, and where each claim's
    begin (one entry more than the claims: where the list ends)."""

    outputs: list[Output]
    starts: array[int]  # 8 bytes each, not an int object each (30,000 per language)


def flattened(planned: tuple[Made, ...], last: Flat, places: list[int] | None) -> Flat:
    """``planned`` in one list.  ``places``: the only claims whose outputs may differ from
    ``last``'s (None: any); when each still has as many outputs, ``last``'s list is copied
    and theirs put in their place: at each edit under serve, a copy of 30,000 pointers per
    language in place of a walk through 10,000 tuples.  ``last``'s list is never changed
    (the plan it went into is the record's: LastBuild.current)."""
    starts = last.starts
    if (
        places is not None
        and len(starts) == len(planned) + 1
        and all(starts[i + 1] - starts[i] == len(planned[i]) for i in places)
    ):
        outputs = list(last.outputs)
        for i in places:
            outputs[starts[i] : starts[i + 1]] = planned[i]
        return Flat(outputs, starts)
    starts = array("q", accumulate(map(len, planned), initial=0))
    return Flat(list(chain.from_iterable(planned)), starts)
