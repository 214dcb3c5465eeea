"""A share card's picture: 1200x630 pixels, drawn with Pillow, the same bytes every time.

A card shows what it is made from and nothing else (``Card``, which is the
output's key): the statement, cut after a whole phrase with an ellipsis when it
does not fit; the status label in its badge's colours; the figure ("up to 8x");
the tracker's title.  Without a font that has the glyphs of its text, a card
shows the status's colours and a symbol drawn with lines alone (``fallback``):
never a box for a missing glyph.

The same bytes for the same card: Pillow's own layout (fonts._open), no PNG
metadata (Pillow writes no time or text chunk unless asked), a fixed zlib level
and no optimize pass (which tries levels and strategies), and a palette in the order
the drawing first used its colours (canvas.py).  Another Pillow, FreeType or font file
may draw other pixels: ``drawn_by()`` and the font's identity are part of every card's key.
Pillow is imported when a card is drawn, or its version asked: a build that draws no card
never loads it.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import metadata
from typing import TYPE_CHECKING

from . import fonts, wrap
from .palette import PageColours, StatusColours, rgb

if TYPE_CHECKING:
    from .canvas import Canvas

WIDTH, HEIGHT = 1200, 630
MARGIN = 72
STRIPE = 20  # the status's colour down the left edge


def drawn_by() -> str:
    """What else turns a card into pixels: another version may draw other bytes (asked
    once per build, by the cards' setup)."""
    from PIL import __version__ as pillow
    from PIL import features

    freetype = features.version("freetype2")
    return f"Pillow {pillow}, FreeType {freetype}, BudouX {metadata.version('budoux')}"


# zlib's level: 1 writes a card's palette in 2 ms, 6 (zlib's default) in 5 ms for a file a
# third smaller (31 KB against 21 KB); cards are drawn by the thousand (bench/cards.py).
COMPRESS_LEVEL = 1

STATEMENT_SIZES = (60, 52, 46, 40)
LINE_HEIGHT = 1.3
LABEL_SIZE = 32
FIGURE_SIZES = (52, 44, 36)
TITLE_SIZE = 30
RULE = "#d0d7de"


@dataclass(frozen=True)
class Card:
    """Exactly what a card shows, and with what: the output's key."""

    lang: str  # the page's language: the title's, the label's, the figure's
    breaks: str  # the headline's language, which says where its lines may break
    headline: str  # the statement; an index card's, the tracker's description or title
    label: str  # the status label, in the card's language ("" on an index card)
    status: StatusColours | None  # its badge's colours (None: the brand's)
    figure: str  # "up to 8x", in the card's language; "" without one
    title: str  # the tracker's title
    page: PageColours
    font: fonts.FontFile | None  # None: no font has the text's glyphs (fallback)
    drawn_by: str  # drawn_by(): Pillow's, FreeType's and BudouX's versions
    symbol: str = "ring"  # the fallback's: "cross", "check", "bang" or "ring"

    @property
    def text(self) -> str:
        """Every character the card draws."""
        return self.headline + self.label + self.figure + self.title + wrap.ELLIPSIS


def draw(card: Card) -> bytes:
    """The card as PNG bytes."""
    # Colours are few (a card's own and the anti-aliased edges of its text): drawn straight
    # into a palette (canvas.py), a card needs no quantize (5 ms), and a palette is written
    # in 2 ms against 10 ms for RGB at zlib 1, for half the bytes (bench/cards.py).
    from .canvas import Canvas  # and Pillow with it: only when a card is drawn

    pen = Canvas((WIDTH, HEIGHT), rgb(card.page.background))
    strong = card.status.border if card.status else card.page.brand
    if card.font is None:
        _fallback(pen, card, strong)
    else:
        pen.rectangle((0, 0, STRIPE - 1, HEIGHT - 1), fill=rgb(strong))
        _text(pen, card, card.font, strong)
    return pen.png(COMPRESS_LEVEL)


def _text(pen: Canvas, card: Card, font: fonts.FontFile, strong: str) -> None:
    left, right = MARGIN + STRIPE, WIDTH - MARGIN
    top = 60
    if card.label:
        top = _badge(pen, card, font, left, top)
    if card.figure:
        _figure(pen, card.figure, font, right, strong, left_limit=left + 420)
    _statement(pen, card, font, left, right, top + 40, HEIGHT - 140)
    # The tracker's title under a rule, on one line.
    pen.line((left, HEIGHT - 110, right, HEIGHT - 110), fill=rgb(RULE), width=2)
    title_font = fonts.load(font, TITLE_SIZE)
    lines, _ = wrap.fill(wrap.phrases(card.title, card.lang), right - left, title_font.getlength, 1)
    pen.text(
        (left, HEIGHT - 84), lines[0] if lines else "", font=title_font, fill=rgb(card.page.muted)
    )


def _badge(pen: Canvas, card: Card, font: fonts.FontFile, left: int, top: int) -> int:
    """The status label in its badge; returns where the badge ends, downwards."""
    colours = card.status
    assert colours is not None
    label_font = fonts.load(font, LABEL_SIZE)
    # Upper case, as the site's badges show it (text-transform: uppercase).
    label = card.label.upper()
    x0, y0, x1, y1 = (round(v) for v in label_font.getbbox(label))
    pad_x, pad_y = 20, 12
    box = (left, top, left + (x1 - x0) + 2 * pad_x, top + (y1 - y0) + 2 * pad_y)
    pen.rounded_rectangle(
        box, radius=10, fill=rgb(colours.background), outline=rgb(colours.border), width=3
    )
    pen.text((left + pad_x - x0, top + pad_y - y0), label, font=label_font, fill=rgb(colours.text))
    return box[3]


def _figure(
    pen: Canvas,
    figure: str,
    font: fonts.FontFile,
    right: int,
    colour: str,
    left_limit: int,
) -> None:
    """The claimed figure, right-aligned at the top, as large as its width allows."""
    for size in FIGURE_SIZES:
        face = fonts.load(font, size)
        if right - face.getlength(figure) >= left_limit or size == FIGURE_SIZES[-1]:
            break
    lines, _ = wrap.fill([figure], right - left_limit, face.getlength, 1)
    shown = lines[0] if lines else ""
    pen.text((right, 56), shown, font=face, fill=rgb(colour), anchor="ra")


def _statement(
    pen: Canvas,
    card: Card,
    font: fonts.FontFile,
    left: int,
    right: int,
    top: int,
    bottom: int,
) -> None:
    """The headline in the largest size at which it fits whole, else the smallest, cut."""
    units = wrap.phrases(card.headline, card.breaks)
    width = right - left
    for size in STATEMENT_SIZES:
        face = fonts.load(font, size)
        step = round(size * LINE_HEIGHT)
        most = max(1, (bottom - top) // step)
        lines, cut = wrap.fill(units, width, face.getlength, most)
        if not cut:
            break
    y = top
    for line in lines:
        pen.text((left, y), line, font=face, fill=rgb(card.page.text))
        y += step


def _fallback(pen: Canvas, card: Card, strong: str) -> None:
    """A card without text: the status's colours and its symbol, in lines and shapes."""
    # The badge's fill and its text's colour, which the theme chose to contrast.
    fill = card.status.background if card.status else card.page.background
    ink = rgb(card.status.text if card.status else strong)
    pen.rectangle((0, 0, WIDTH - 1, HEIGHT - 1), fill=rgb(fill))
    pen.rectangle((0, 0, STRIPE * 2 - 1, HEIGHT - 1), fill=rgb(strong))
    cx, cy, r = WIDTH // 2, HEIGHT // 2, 170
    width = 28
    pen.ellipse((cx - r, cy - r, cx + r, cy + r), outline=ink, width=width)
    d = 80
    if card.symbol == "cross":
        pen.line((cx - d, cy - d, cx + d, cy + d), fill=ink, width=width)
        pen.line((cx - d, cy + d, cx + d, cy - d), fill=ink, width=width)
    elif card.symbol == "check":
        pen.line(
            (cx - 90, cy, cx - 25, cy + 70, cx + 95, cy - 70), fill=ink, width=width, joint="curve"
        )
    elif card.symbol == "bang":
        pen.rectangle((cx - 14, cy - 100, cx + 14, cy + 30), fill=ink)
        pen.ellipse((cx - 18, cy + 56, cx + 18, cy + 92), fill=ink)
