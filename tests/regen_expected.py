"""Regenerate tests/expected/minimal-site/, the reviewed build of tests/fixtures/minimal.

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

EXPECTED = Path(__file__).resolve().parent / "expected" / "minimal-site"


def build_minimal(out: Path) -> None:
    build_site(FIXTURES / "minimal", out, today=FIXTURE_TODAY)


def regenerate() -> Path:
    with tempfile.TemporaryDirectory() as tmp:
        fresh = Path(tmp) / "site"
        build_minimal(fresh)
        if EXPECTED.exists():
            shutil.rmtree(EXPECTED)
        EXPECTED.parent.mkdir(parents=True, exist_ok=True)
        # Without the search bundle: site_support.SEARCH_BUNDLE says why.
        shutil.copytree(fresh, EXPECTED, ignore=lambda folder, names: ["pagefind"])
    return EXPECTED


if __name__ == "__main__":
    print(f"wrote {regenerate()}")
