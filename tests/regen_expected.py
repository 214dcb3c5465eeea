"""Regenerate tests/expected/<fixture>-site/, the reviewed builds of the fixture trackers
(tests/fixtures/minimal, tests/fixtures/measured, tests/fixtures/languages in English and
French, and tests/fixtures/revisions, whose sources were rechecked, in three languages,
with its base_url and without).

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

# The revisions fixture again, its base_url taken out: a site in three languages as it is
# before it has an address of its own (no hreflang, og:url, og:image, oEmbed, sitemap,
# robots.txt; the iframe code relative), beside the same site with one.
UNPUBLISHED = "revisions-unpublished"
# Fixture name -> its reviewed build.
SITES = {
    name: Path(__file__).resolve().parent / "expected" / f"{name}-site"
    for name in ("minimal", "measured", "languages", "revisions", UNPUBLISHED)
}
EXPECTED = SITES["minimal"]


def build_fixture(name: str, out: Path) -> None:
    if name != UNPUBLISHED:
        build_site(FIXTURES / name, out, today=FIXTURE_TODAY)
        return
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "tracker"
        shutil.copytree(FIXTURES / "revisions", root)
        settings = root / "tracker.yaml"
        lines = settings.read_text(encoding="utf-8").splitlines(keepends=True)
        kept = [line for line in lines if not line.startswith("base_url:")]
        assert len(kept) == len(lines) - 1, "the revisions fixture has one base_url line"
        settings.write_text("".join(kept), encoding="utf-8")
        build_site(root, out, today=FIXTURE_TODAY)


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
