"""The fixture sites as crawlers meet them: built with and without their base_url.

tests/test_site_claimreview.py and tests/test_site_crawlers.py read them as the real
consumers do (extruct, the sitemaps.org XSD, urllib.robotparser).
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass
from pathlib import Path

from claimtrack.site import build_site
from claimtrack.site.build import BuildResult

from .conftest import FIXTURES
from .site_support import FIXTURE_TODAY

# Each fixture's base URL: as its tracker.yaml sets it, or (minimal sets none) as the
# tests add it.
BASES = {
    "minimal": "https://claims.example.org/minimal/",
    "languages": "https://claims.example.org/rocket/",
    "revisions": "https://claims.example.org/rechecked/",
}
_BASE_LINE = re.compile(r"^base_url:.*\n", re.MULTILINE)


@dataclass(frozen=True)
class Built:
    name: str
    root: Path  # the tracker it was built from
    out: Path
    base: str | None  # the base URL it was built with
    result: BuildResult


def tracker_copy(name: str, tmp: Path, base: str | None) -> Path:
    """A copy of a fixture tracker whose base_url is ``base`` (None: no base_url)."""
    root = tmp / name
    shutil.copytree(FIXTURES / name, root)
    settings = root / "tracker.yaml"
    text = _BASE_LINE.sub("", settings.read_text(encoding="utf-8"))
    if base is not None:
        text += f"base_url: {base}\n"
    settings.write_text(text, encoding="utf-8")
    return root


def build_copy(name: str, tmp: Path, *, base: bool, search: bool = False) -> Built:
    root = tracker_copy(name, tmp, BASES[name] if base else None)
    out = tmp / "site"
    result = build_site(root, out, today=FIXTURE_TODAY, search=search)
    return Built(name, root, out, BASES[name] if base else None, result)


def html_pages(out: Path) -> list[str]:
    return sorted(p.relative_to(out).as_posix() for p in out.rglob("*.html"))
