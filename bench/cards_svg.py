"""The same share card as an SVG rendered by resvg (resvg-py) and by CairoSVG, against
Pillow's draw.draw: the measurement behind the README's choice of Pillow.

    python bench/cards_svg.py [--rounds 20]

Neither renderer is a claimtrack dependency: run it with a Python that has them
(``pip install resvg-py cairosvg``) and claimtrack's ``src/`` on its path (it sets
that itself).  SVG has no line breaking, so the SVG is given the lines claimtrack's
own wrap.fill broke with Pillow's measures: an SVG renderer would replace the drawing,
not the measuring.  Prints milliseconds per card (median) for each, and PNG bytes.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from xml.sax.saxutils import escape

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from claimtrack.site.cards import draw, fonts, wrap
from claimtrack.site.cards.palette import page_colours, status_colours
from claimtrack.site.html.theme import package_files

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cards import _median_ms

STATEMENT = (
    "GPT-6 Astra Ultrafast 生成 token 的速度最高可達標準模式下 GPT-6 Astra 的 8 倍，"
    "並且能夠以更低的成本為更多使用者提供服務。"
)


def _svg(card: draw.Card, family: str) -> str:
    assert card.font is not None and card.status is not None
    face = fonts.load(card.font, 52)
    lines, _ = wrap.fill(wrap.phrases(card.headline, card.breaks), 1036, face.getlength, 4)
    text = "".join(
        f'<text x="92" y="{230 + 68 * i}" font-size="52">{escape(line)}</text>'
        for i, line in enumerate(lines)
    )
    s, p = card.status, card.page
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" '
        f'font-family="{family}">'
        f'<rect width="1200" height="630" fill="{p.background}"/>'
        f'<rect width="20" height="630" fill="{s.border}"/>'
        f'<rect x="92" y="60" width="170" height="56" rx="10" fill="{s.background}" '
        f'stroke="{s.border}" stroke-width="3"/>'
        f'<text x="112" y="100" font-size="32" fill="{s.text}">{escape(card.label)}</text>'
        f'<text x="1128" y="100" font-size="52" text-anchor="end" fill="{s.border}">'
        f"{escape(card.figure)}</text>"
        f'<g fill="{p.text}">{text}</g>'
        f'<line x1="92" y1="520" x2="1128" y2="520" stroke="#d0d7de" stroke-width="2"/>'
        f'<text x="92" y="575" font-size="30" fill="{p.muted}">{escape(card.title)}</text>'
        "</svg>"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    rounds = parser.parse_args().rounds
    static = package_files("static")
    found = fonts.fontconfig_font("zh-Hant")
    assert found is not None, "needs a font for Traditional Chinese"
    card = draw.Card(
        lang="zh-Hant",
        breaks="zh-Hant",
        headline=STATEMENT,
        label="未經證實",
        status=status_colours(static)["unverified"],
        figure="最高 8x",
        title="GPT-6 Astra Ultrafast 說法追蹤",
        page=page_colours(static),
        font=fonts.font_file(*found),
        drawn_by=draw.drawn_by(),
    )
    draw.draw(card)
    ms = _median_ms(lambda: draw.draw(card), rounds)
    print(f"Pillow (draw.draw, palette PNG): {ms:.1f} ms/card, {len(draw.draw(card)):,} bytes")
    svg = _svg(card, "Noto Sans CJK TC")
    try:
        import resvg_py

        resvg_py.svg_to_bytes(svg_string=svg)  # the system's fonts loaded once
        ms = _median_ms(lambda: resvg_py.svg_to_bytes(svg_string=svg), rounds)
        size = len(bytes(resvg_py.svg_to_bytes(svg_string=svg)))
        print(f"resvg (resvg-py): {ms:.1f} ms/card, {size:,} bytes")
    except ImportError:
        print("resvg: resvg-py is not installed")
    try:
        import cairosvg

        png = cairosvg.svg2png(bytestring=svg.encode())
        ms = _median_ms(lambda: cairosvg.svg2png(bytestring=svg.encode()), rounds)
        print(f"CairoSVG: {ms:.1f} ms/card, {len(png):,} bytes")
    except (ImportError, OSError):
        print("CairoSVG: not installed (or no libcairo)")


if __name__ == "__main__":
    main()
