"""A card's canvas: a palette picture drawn colour by colour, never quantized.

A card is a few flat colours (the page's, the stripe's, the badge's, the rule's) and
text, whose anti-aliased edges blend the text's colour into what is under it.  Drawn in
RGB, the picture had about 900 colours and Pillow's quantize took 5 ms of a card's
13-16 (bench/cards.py), for a palette it chose itself.  Here every pixel holds the index
of its colour in a palette the drawing builds as it goes:

- a shape (rectangle, line, ellipse) is drawn with its colour's index: Pillow draws shapes
  without anti-aliasing in any mode, so these pixels are the ones RGB would have;
- text is drawn as coverage into a mask of its own box, and each coverage is mapped to one
  of ``LEVELS`` blends of the text's colour over the colour under it, each blend an entry
  of the palette.  A pixel is at most half a step (8 of 255 per channel at 17 levels) from
  the blend RGB drawing would have made; flat areas are exact.  Only texts drawn over each
  other's edges could need more blends than a palette's 256 entries; past that, a blend
  takes the nearest colour the palette holds.

The palette is in the order colours were first used, so the same card gives the same bytes.
"""

from __future__ import annotations

import io
from typing import Any

from PIL import Image, ImageDraw, ImageFont

RGB = tuple[int, int, int]
# Steps of a text edge from its background (0) to the text's colour (LEVELS - 1).
LEVELS = 17
_MOST = 256  # entries a PNG palette holds


def blend(under: RGB, ink: RGB, level: int) -> RGB:
    """``ink`` over ``under`` at ``level`` of LEVELS - 1, rounded as Pillow blends a mask."""
    cover = round(level * 255 / (LEVELS - 1))
    r, g, b = (
        (u * (255 - cover) + i * cover + 127) // 255 for u, i in zip(under, ink, strict=True)
    )
    return (r, g, b)


def _level(cover: int) -> int:
    """The blend level of a text pixel's coverage (0-255)."""
    return (cover * (LEVELS - 1) + 127) // 255


_LEVEL_OF = [_level(cover) for cover in range(256)]


def _distance(a: RGB, b: RGB) -> int:
    return sum((x - y) ** 2 for x, y in zip(a, b, strict=True))


class Canvas:
    """A ``size`` picture of ``background``: ``rectangle``, ``rounded_rectangle``, ``line`` and
    ``ellipse`` as ImageDraw's, with colours as (r, g, b); ``text`` anti-aliased; ``png``."""

    def __init__(self, size: tuple[int, int], background: RGB) -> None:
        self.colours: list[RGB] = []
        self.index: dict[RGB, int] = {}
        # Indices as an L picture's values: shapes draw a value, and text never draws here
        # (its blend would mix indices, not colours); png() reads the values as a palette's.
        self.image = Image.new("L", size, self._index(background))
        self.pen = ImageDraw.Draw(self.image)

    def _index(self, colour: RGB) -> int:
        found = self.index.get(colour)
        if found is None:
            if len(self.colours) < _MOST:
                found = len(self.colours)
                self.colours.append(colour)
            else:
                # A card's four texts and few shapes need about 70 entries; only a text drawn
                # over another's edges (blends of blends) could fill the palette. Then the
                # nearest colour it holds, the first of equals: never an error, the same bytes.
                found = min(range(_MOST), key=lambda i: _distance(self.colours[i], colour))
            self.index[colour] = found
        return found

    def rectangle(self, box: Any, *, fill: RGB) -> None:
        self.pen.rectangle(box, fill=self._index(fill))

    def rounded_rectangle(
        self, box: Any, *, radius: int, fill: RGB, outline: RGB, width: int
    ) -> None:
        self.pen.rounded_rectangle(
            box, radius=radius, fill=self._index(fill), outline=self._index(outline), width=width
        )

    def line(self, xy: Any, *, fill: RGB, width: int, joint: str | None = None) -> None:
        self.pen.line(xy, fill=self._index(fill), width=width, joint=joint)

    def ellipse(
        self, box: Any, *, fill: RGB | None = None, outline: RGB | None = None, width: int = 1
    ) -> None:
        self.pen.ellipse(
            box,
            fill=None if fill is None else self._index(fill),
            outline=None if outline is None else self._index(outline),
            width=width,
        )

    def text(
        self,
        xy: tuple[int, int],
        text: str,
        *,
        font: ImageFont.FreeTypeFont,
        fill: RGB,
        anchor: str | None = None,
    ) -> None:
        """``text`` at ``xy`` (whole pixels) as ImageDraw places it, its edges blended into
        whatever is under each of them."""
        if not text:
            return
        x0, y0, x1, y1 = self.pen.textbbox(xy, text, font=font, anchor=anchor)
        box = (max(int(x0), 0), max(int(y0), 0))
        end = (min(int(x1) + 1, self.image.width), min(int(y1) + 1, self.image.height))
        if end[0] <= box[0] or end[1] <= box[1]:
            return
        mask = Image.new("L", (end[0] - box[0], end[1] - box[1]), 0)
        ImageDraw.Draw(mask).text(
            (xy[0] - box[0], xy[1] - box[1]), text, font=font, fill=255, anchor=anchor
        )
        under = self.image.crop((*box, *end))
        found = under.getcolors(_MOST) or []  # an L picture has at most 256 values
        for _, value in found:
            index = int(value)  # type: ignore[arg-type]  # an L picture's values are ints
            colour = self.colours[index]
            steps = [self._index(blend(colour, fill, level)) for level in range(LEVELS)]
            mapped = mask.point([steps[level] for level in _LEVEL_OF])
            if len(found) == 1:
                self.image.paste(mapped, box)
            else:  # only where this colour is: the others get their own blends
                where = under.point([255 if i == index else 0 for i in range(256)])
                self.image.paste(mapped, box, where)

    def png(self, compress_level: int) -> bytes:
        """The picture as a palette PNG: no metadata, no optimize pass."""
        picture = Image.frombytes("P", self.image.size, self.image.tobytes())
        picture.putpalette([channel for colour in self.colours for channel in colour])
        out = io.BytesIO()
        picture.save(out, "PNG", compress_level=compress_level, optimize=False)
        return out.getvalue()
