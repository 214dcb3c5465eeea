"""The cards' palette canvas (site/cards/canvas.py), against Pillow drawing the same shapes
and text in RGB: flat colours exact, text edges within half a blend step, each edge
blended into the colour under it, and the same bytes for the same drawing."""

from __future__ import annotations

import io
import itertools

from PIL import Image, ImageChops, ImageDraw, ImageFont

from claimtrack.site.cards import canvas, fonts
from claimtrack.site.cards.canvas import Canvas

SIZE = (360, 120)
PAPER, INK, BADGE, STRIPE = (255, 255, 255), (27, 31, 36), (238, 241, 245), (100, 116, 139)
# The largest error of an edge pixel: half a step between two blend levels, rounded.
HALF_STEP = 255 // (2 * (canvas.LEVELS - 1)) + 1


def _font() -> ImageFont.FreeTypeFont:
    found = fonts.fontconfig_font("en")
    assert found is not None, "the tests need fontconfig and a Latin font (DejaVu)"
    return ImageFont.truetype(found[0], 40, index=found[1], layout_engine=ImageFont.Layout.BASIC)


def _both(text: str) -> tuple[Image.Image, Image.Image, bytes]:
    """The same picture drawn in RGB by Pillow and on a Canvas (as RGB, and its PNG)."""
    font = _font()
    rgb = Image.new("RGB", SIZE, PAPER)
    pen = ImageDraw.Draw(rgb)
    board = Canvas(SIZE, PAPER)
    for draw in (pen, board):
        draw.rectangle((0, 0, 9, SIZE[1] - 1), fill=STRIPE)
        # A badge under the right half of the text: its edges blend into two colours.
        draw.rounded_rectangle((180, 10, 350, 110), radius=10, fill=BADGE, outline=STRIPE, width=3)
        draw.line((20, 100, 170, 100), fill=STRIPE, width=2)
        draw.text((20, 30), text, font=font, fill=INK)
    png = board.png(1)
    return rgb, Image.open(io.BytesIO(png)).convert("RGB"), png


def test_flat_colours_are_exact_and_text_edges_within_half_a_step() -> None:
    rgb, drawn, png = _both("Up to 8x faster")
    assert Image.open(io.BytesIO(png)).mode == "P"
    difference = ImageChops.difference(rgb, drawn)
    assert max(high for _, high in difference.getextrema()) <= HALF_STEP
    # Away from the text every pixel is the very colour RGB drew.
    text_box = ImageDraw.Draw(rgb).textbbox((20, 30), "Up to 8x faster", font=_font())
    outside = difference.copy()
    outside.paste((0, 0, 0), text_box)
    assert outside.getbbox() is None
    # And the text is there, in its colour, on both backgrounds.
    colours = {colour for _, colour in drawn.getcolors(4096) or []}
    assert {PAPER, INK, BADGE, STRIPE} <= colours


def test_an_edge_over_the_badge_blends_into_the_badge() -> None:
    rgb, drawn, _ = _both("Up to 8x faster")
    # The edge pixels of the text where it crosses the badge: neither paper nor ink.
    right = drawn.crop((190, 30, 350, 90))
    edges = {colour for _, colour in right.getcolors(4096) or []} - {INK, BADGE, STRIPE}
    assert edges, "no anti-aliased edge over the badge"
    assert PAPER not in edges  # blended into the badge, never into the page under it
    expected = {colour for _, colour in rgb.crop((190, 30, 350, 90)).getcolors(4096) or []}
    assert PAPER not in expected


def test_the_same_drawing_gives_the_same_bytes() -> None:
    assert _both("Jusqu’à 8 fois")[2] == _both("Jusqu’à 8 fois")[2]
    assert _both("Jusqu’à 8 fois")[2] != _both("Jusqu’à 9 fois")[2]


def test_a_blend_runs_from_the_background_to_the_ink() -> None:
    steps = [canvas.blend(PAPER, INK, level) for level in range(canvas.LEVELS)]
    assert steps[0] == PAPER and steps[-1] == INK
    assert all(a[0] >= b[0] for a, b in itertools.pairwise(steps))


def test_texts_drawn_over_each_other_never_overflow_the_palette() -> None:
    """Each text's edges over another's are blends of blends: more colours than a palette
    holds. The canvas then takes the nearest colour it has, and still writes a card."""
    font = _font()
    board = Canvas(SIZE, PAPER)
    for n in range(40):
        ink = (n * 6 % 256, 255 - n * 5, n * 3)
        board.text((10 + n % 5, 20 + n % 7), "Wgy 8x", font=font, fill=ink)
    assert len(board.colours) == 256
    png = Image.open(io.BytesIO(board.png(1)))
    assert png.mode == "P" and png.size == SIZE
