"""The fonts share cards are drawn with: found on the machine, never downloaded.

A language's font is the file tracker.yaml's ``card_fonts`` names for it (relative to
the tracker; a collection's face after ``#``: ``fonts/NotoSansCJK-Regular.ttc#3``),
else the one fontconfig matches for the language (``fc-match ':lang=zh-tw'``, asked
once per process).  fontconfig always answers with its best match, even a font
without the script: whether a font has the glyphs of a card's text is checked
character by character (``covers``), so that a card never shows boxes (tofu).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from .inputs import configured as configured

if TYPE_CHECKING:
    from PIL import ImageFont
# A code point no font maps (the last noncharacter): what a missing glyph draws as.
_NEVER_MAPPED = "\U0010ffff"
# The size glyphs are compared at: any size tells a glyph from .notdef.
_PROBE_SIZE = 24


@dataclass(frozen=True)
class FontFile:
    """A font file as cards depend on it: where it is, the face in a collection, and what
    tells another version of the file (its size and modification time) apart."""

    path: str
    index: int
    size: int
    mtime_ns: int


def fontconfig_language(tag: str) -> str:
    """fontconfig's name of a language: Chinese by its region (``zh-Hant``: ``zh-tw``, by
    CLDR's likely subtags; fontconfig has no script tags), any other by its language."""
    from ...i18n import og_locale

    language, _, region = og_locale(tag).partition("_")
    return f"{language}-{region}".lower() if language == "zh" and region else language.lower()


@cache
def fontconfig_font(tag: str) -> tuple[str, int] | None:
    """fontconfig's best font for the language (file, face index); None when fontconfig is
    not installed or answers nothing.  Asked once per process and language."""
    fc_match = shutil.which("fc-match")
    if fc_match is None:
        return None
    try:
        done = subprocess.run(
            [fc_match, "-f", "%{file}\t%{index}", f":lang={fontconfig_language(tag)}"],
            capture_output=True,
            timeout=30,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    path, _, index = done.stdout.decode("utf-8", "replace").partition("\t")
    if done.returncode != 0 or not path:
        return None
    return path, int(index) if index.strip().isdigit() else 0


def font_file(path: str, index: int) -> FontFile | None:
    """The font at ``path`` as cards depend on it; None when it cannot be read or is not a
    font FreeType opens."""
    try:
        stat = os.stat(path)
        _open(path, _PROBE_SIZE, index)
    except OSError:
        return None
    return FontFile(str(Path(path).resolve()), index, stat.st_size, stat.st_mtime_ns)


@cache
def load(font: FontFile, size: int) -> ImageFont.FreeTypeFont:
    """The font at a pixel size, opened once per process."""
    return _open(font.path, size, font.index)


def _open(path: str, size: int, index: int) -> ImageFont.FreeTypeFont:
    """A font file opened with Pillow's own layout (no Raqm, which may or may not be
    installed): the same glyph positions, so the same bytes, on every machine that has the
    same FreeType and the same font file.  Pillow is imported here, when a card needs a
    font, not with this module: a build that draws no card (``cards: false``, or more
    claims than ``cards: auto`` draws) never loads it."""
    from PIL import ImageFont

    return ImageFont.truetype(path, size, index=index, layout_engine=ImageFont.Layout.BASIC)


def _needs_no_glyph(char: str) -> bool:
    """Spaces, line breaks and format characters (zero-width space, joiners) draw nothing."""
    return unicodedata.category(char) in {"Zs", "Zl", "Zp", "Cc", "Cf"}


@cache
def _notdef(font: FontFile) -> bytes:
    probe = load(font, _PROBE_SIZE)
    return _drawn(probe, _NEVER_MAPPED)


def _drawn(probe: ImageFont.FreeTypeFont, char: str) -> bytes:
    mask = probe.getmask(char)
    return repr(mask.size).encode() + bytes(mask)


@cache
def has_glyph(font: FontFile, char: str) -> bool:
    """Whether the font draws the character as itself: not as its .notdef glyph, the box
    FreeType draws for a character the font does not map (compared pixel for pixel; a
    font whose .notdef is empty draws a missing character as nothing, which is told apart
    the same way, since only characters that need no glyph draw nothing)."""
    if _needs_no_glyph(char):
        return True
    return _drawn(load(font, _PROBE_SIZE), char) != _notdef(font)


def covers(font: FontFile, text: str) -> bool:
    """Whether the font has a glyph for every character of ``text`` that needs one."""
    return all(has_glyph(font, char) for char in set(text))
