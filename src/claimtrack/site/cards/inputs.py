"""Where share cards' fonts come from, as paths: what a ``card_fonts`` entry names, and what
``build``'s replay stamps so that a font installed or replaced is never missed.

``build`` run again with nothing changed prints what it printed last time
(load/manifest.py) by the stamps of the files it read.  Cards read fonts too: the
files ``card_fonts`` names, and whatever fontconfig finds, which changes when a font
is installed (fontconfig's caches and font folders change then).  Installing the
font a ``card-font-missing`` warning asked for must give a build that draws the
cards again, not the last build's warning.  Only the standard library here (and
PyYAML for a tracker.yaml that names fonts): a replay stays a stat per file.
"""

from __future__ import annotations

import os
from pathlib import Path

from ...layout import SETTINGS_FILE

# fontconfig's caches (fc-cache writes them when fonts are installed) and the usual font
# folders (a font copied in by hand changes its folder's stamp).
_FONT_PLACES = (
    "/var/cache/fontconfig",
    "/usr/share/fonts",
    "/usr/local/share/fonts",
    "~/.fonts",
    "~/.local/share/fonts",
)


def configured(root: Path | None, written: str) -> tuple[str, int]:
    """A ``card_fonts`` value as (file, face index): relative to the tracker's root, a face
    index after ``#`` when the file is a collection."""
    name, hashmark, face = written.rpartition("#")
    if not hashmark or not face.isdigit():
        name, face = written, "0"
    path = Path(name)
    if root is not None and not path.is_absolute():
        path = root / path
    return str(path), int(face)


def font_inputs(root: Path) -> list[tuple[str, str]]:
    """(name, path) of every place a build's cards may read a font from."""
    cache_home = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
    places = [*_FONT_PLACES, os.path.join(cache_home, "fontconfig")]
    found = [(f"fonts:{place}", os.path.expanduser(place)) for place in places]
    try:
        text = (root / SETTINGS_FILE).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return found
    if "card_fonts" not in text:  # the common case: no YAML to parse
        return found
    import yaml

    try:
        data = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError:
        return found
    named = data.get("card_fonts") if isinstance(data, dict) else None
    if isinstance(named, dict):
        for tag, written in sorted(named.items(), key=lambda item: str(item[0])):
            if isinstance(written, str):
                found.append((f"card_fonts:{tag}", configured(root, written)[0]))
    return found
