"""The share cards as outputs: one per claim per site language, one per language's index.

Each card is an Output whose key is its ``draw.Card``: exactly what it shows and
the font it is drawn with, so a warm build draws only the cards whose key changed
and a full build hard-links the others from the last site (last_build.py); they
are drawn in the render workers with the pages (html/render.py).

A card's font is the first of its language's font and then the other site
languages' fonts that has a glyph for every character it shows (a French page
quoting a Chinese name takes the Chinese font).  When none has, the card shows
its status without text, and the build warns once per language
(``card-font-missing``).
"""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import cast

from ...i18n import Interface
from ...records.settings import TrackerSettings
from .. import addresses
from ..languages import SiteLanguage
from ..memo import Reuse, kept
from ..model.builders import figure_text
from ..model.localized import block_lang, localized
from ..model.views import ClaimView, SiteModel, SiteSettings, claim_id
from ..plan.outputs import Output
from . import fonts
from .draw import Card, draw, drawn_by
from .palette import NEUTRAL, PageColours, StatusColours, page_colours, status_colours

# The fallback's symbol of each status: what is wrong, what holds, what is contested;
# any other (unverified, retracted, undisclosed) a ring.
SYMBOLS = {
    "false": "cross",
    "verified": "check",
    "corroborated": "check",
    "disclosed": "check",
    "misleading": "bang",
    "disputed": "bang",
}


@dataclass(frozen=True)
class CardSetup:
    """What every card of a build is drawn with: each site language's font (None: none
    found), the theme's colours, and the libraries' versions (draw.drawn_by)."""

    faces: tuple[tuple[str, fonts.FontFile | None], ...]  # (tag, font), the site's order
    statuses: tuple[tuple[str, StatusColours], ...]
    page: PageColours
    drawn_by: str

    def status(self, value: str) -> StatusColours:
        return dict(self.statuses).get(value, NEUTRAL)

    def font_for(self, tag: str, text: str) -> fonts.FontFile | None:
        """The first font, the language's own first, that has every glyph of ``text``."""
        ordered = sorted(self.faces, key=lambda entry: entry[0] != tag)
        for _, font in ordered:
            if font is not None and fonts.covers(font, text):
                return font
        return None


def card_setup(
    root: Path | None,
    card_fonts: Mapping[str, str],
    languages: Sequence[str],
    static: Mapping[str, bytes],
) -> CardSetup:
    """Each language's font, from ``card_fonts`` (tracker.yaml, relative to ``root``) or
    fontconfig, and the colours of the theme's stylesheet (``static``)."""
    found: list[tuple[str, fonts.FontFile | None]] = []
    for tag in languages:
        written = card_fonts.get(tag)
        where = fonts.configured(root, written) if written else fonts.fontconfig_font(tag)
        found.append((tag, fonts.font_file(*where) if where else None))
    return CardSetup(
        tuple(found),
        tuple(sorted(status_colours(static).items())),
        page_colours(static),
        drawn_by(),
    )


def kept_setup(
    last: CardSetup | None, given: CardSetup | None, s: SiteSettings, static: Mapping[str, bytes]
) -> CardSetup | None:
    """The setup of a plan's cards, None when the settings say not to draw them: ``given``
    (the build's), else fontconfig's fonts; the last plan's while equal, so that every
    card made from it compares with one pointer comparison."""
    if not s.cards:
        return None
    return kept(last, given or card_setup(None, {}, s.languages, static))


def build_setup(
    root: Path, settings: TrackerSettings, site: SiteSettings, static: Mapping[str, bytes]
) -> CardSetup | None:
    """A build's card setup: tracker.yaml's ``card_fonts`` (relative to ``root``), else
    fontconfig's; None when the site draws no cards."""
    if not site.cards:
        return None
    return card_setup(root, settings.card_fonts, settings.site_languages, static)


class CardPlanner:
    """One language's cards, each made again only when its claim's view, the settings, the
    setup or the language's words are other objects than last time."""

    def __init__(self) -> None:
        self._claims: Reuse[str, Output] = Reuse()
        self._made_with: tuple[SiteSettings, CardSetup, Interface] | None = None
        self.unfonted = 0  # the last plan's cards that no font could draw

    def plan(
        self, model: SiteModel, lang: SiteLanguage, ui: Interface, setup: CardSetup
    ) -> list[Output]:
        """The language's index card, then each claim's."""
        s = model.settings
        made_with = self._made_with
        if made_with is None or any(map(operator.is_not, made_with, (s, setup, ui))):
            made_with = self._made_with = (s, setup, ui)
        cards = [
            index_card(s, setup, lang.tag, lang.prefix),
            *self._claims.each(
                model.claims,
                claim_id,
                lambda v: claim_card(s, setup, lang.tag, lang.prefix, ui, v),
                made_with,
            ),
        ]
        # For build_warnings: counted here, where every key is a Card.
        self.unfonted = sum(cast(Card, o.key).font is None for o in cards)
        return cards


def _card(setup: CardSetup, lang: str, breaks: str, **shown: str) -> Card:
    status = shown.pop("status", "")
    card = Card(
        lang=lang,
        breaks=breaks,
        status=setup.status(status) if status else None,
        page=setup.page,
        font=None,
        drawn_by=setup.drawn_by,
        symbol=SYMBOLS.get(status, "ring"),
        **shown,
    )
    font = setup.font_for(lang, card.text)
    return card if font is None else replace(card, font=font)


def claim_card(
    s: SiteSettings, setup: CardSetup, tag: str, prefix: str, ui: Interface, claim: ClaimView
) -> Output:
    """A claim's card in a language (``prefix``: the language's folder)."""
    c = claim.summary
    card = _card(
        setup,
        tag,
        block_lang(c.statement, tag),
        headline=localized(c.statement, tag),
        label=ui.gettext(c.status.label),
        status=c.status.value,
        figure=figure_text(ui, claim.quantity) if claim.quantity else "",
        title=localized(s.title, tag),
    )
    return Output(prefix + addresses.claim_card(c.id), make=partial(draw, card), key=card)


def index_card(s: SiteSettings, setup: CardSetup, tag: str, prefix: str) -> Output:
    """A language's index card: the tracker's description (else its title), its title."""
    title = localized(s.title, tag)
    described = localized(s.description, tag)
    card = _card(
        setup,
        tag,
        block_lang(s.description, tag) if described else block_lang(s.title, tag),
        headline=described or title,
        label="",
        figure="",
        title=title,
    )
    return Output(prefix + addresses.CARD, make=partial(draw, card), key=card)
