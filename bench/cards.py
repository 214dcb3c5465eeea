"""How long one share card takes to draw and encode, and how large it is: the figure the
speed budget of cards is stated from (a 3-language 10,000-claim build draws 30,000).

    .venv/bin/python bench/cards.py [--rounds 30]

Draws an English, a French and a Traditional Chinese claim card with the fonts
fontconfig finds (site/cards/fonts.py), then encodes the same picture each way a card
could be written: RGB at zlib levels 1, 6 and 9, the 64-colour quantize cards were
written with before site/cards/canvas.py, and the palette the canvas draws (what a card
is) at the same levels.  Prints milliseconds per card (the median of the rounds) and
bytes per card.  One process, one core: a build spreads cards over every
core (html/render.py).
"""

from __future__ import annotations

import argparse
import io
import statistics
import time
from collections.abc import Callable

from PIL import Image

from claimtrack.site.cards import draw, fonts
from claimtrack.site.cards.palette import page_colours, status_colours
from claimtrack.site.html.theme import package_files

STATEMENTS = {
    "en": (
        "NVIDIA says GPT-6 Astra Ultrafast generates tokens up to 8x faster on Blackwell "
        "GB300 NVL72 systems than on the previous generation",
        "Unverified",
        "up to 8x",
    ),
    "fr": (
        "NVIDIA affirme que GPT-6 Astra Ultrafast génère des jetons jusqu’à 8 fois plus "
        "vite sur les systèmes Blackwell GB300 NVL72 que sur la génération précédente",
        "Non vérifié",
        "jusqu’à 8x",
    ),
    "zh-Hant": (
        "NVIDIA 表示，GPT-6 Astra Ultrafast 在 Blackwell GB300 NVL72 系統上的權杖生成速度"
        "最高可比上一代快 8 倍。",
        "未經證實",
        "最高 8x",
    ),
}


def _median_ms(work: Callable[[], object], rounds: int) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def _png(image: Image.Image, level: int) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=level, optimize=False)
    return out.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    rounds = parser.parse_args().rounds
    static = package_files("static")
    colours, page = status_colours(static), page_colours(static)
    for tag, (statement, label, figure) in STATEMENTS.items():
        found = fonts.fontconfig_font(tag)
        font = fonts.font_file(*found) if found else None
        card = draw.Card(
            lang=tag,
            breaks=tag,
            headline=statement,
            label=label,
            status=colours["unverified"],
            figure=figure,
            title="GPT-6 Astra Ultrafast claim tracker",
            page=page,
            font=font,
            drawn_by=draw.drawn_by(),
        )
        draw.draw(card)  # fonts opened, BudouX loaded
        whole = _median_ms(lambda card=card: draw.draw(card), rounds)
        size = len(draw.draw(card))
        print(f"{tag}: draw.draw {whole:.1f} ms/card, {size:,} bytes ({font and font.path})")
        # The picture alone, then each way of writing it.
        image = Image.open(io.BytesIO(draw.draw(card))).convert("RGB")
        for level in (1, 6, 9):
            ms = _median_ms(lambda level=level, image=image: _png(image, level), rounds)
            print(f"  RGB, zlib {level}: {ms:.1f} ms, {len(_png(image, level)):,} bytes")

        def quantized(image: Image.Image = image) -> Image.Image:
            # What draw.encode did before the canvas drew a palette itself (canvas.py).
            return image.quantize(64, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)

        ms = _median_ms(quantized, rounds)
        print(f"  quantize to 64 colours (before canvas.py): {ms:.1f} ms")
        small = Image.open(io.BytesIO(draw.draw(card)))
        for level in (1, 6, 9):
            ms = _median_ms(lambda level=level, small=small: _png(small, level), rounds)
            print(f"  palette, zlib {level}: {ms:.1f} ms, {len(_png(small, level)):,} bytes")


if __name__ == "__main__":
    main()
