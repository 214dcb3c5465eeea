"""Regenerate tests/expected/<fixture>-site/, the reviewed builds of the fixture trackers
(tests/fixtures/minimal, tests/fixtures/measured, tests/fixtures/languages in English and
French, and tests/fixtures/revisions, whose sources were rechecked, in three languages).

After an intended change to templates, static files or the site code, run

    .venv/bin/python -m tests.regen_expected

then read `git diff tests/expected/` as a review of what readers will see, and
commit it with the change.  test_site_expected.py fails until you do.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from claimtrack.site import build_site

from .site_support import FIXTURE_TODAY, FIXTURES

# Fixture name -> its reviewed build.
SITES = {
    name: Path(__file__).resolve().parent / "expected" / f"{name}-site"
    for name in ("minimal", "measured", "languages", "revisions")
}
EXPECTED = SITES["minimal"]


def build_fixture(name: str, out: Path) -> None:
    build_site(FIXTURES / name, out, today=FIXTURE_TODAY)


def build_minimal(out: Path) -> None:
    build_fixture("minimal", out)


def regenerate() -> list[Path]:
    for name, expected in SITES.items():
        with tempfile.TemporaryDirectory() as tmp:
            fresh = Path(tmp) / "site"
            build_fixture(name, fresh)
            if expected.exists():
                shutil.rmtree(expected)
            expected.parent.mkdir(parents=True, exist_ok=True)
            # Without the search bundle: site_support.SEARCH_BUNDLE says why.
            shutil.copytree(fresh, expected, ignore=lambda folder, names: ["pagefind"])
    return list(SITES.values())


if __name__ == "__main__":
    for path in regenerate():
        print(f"wrote {path}")
