"""Regression: the fixtures' sites equal the reviewed copies in tests/expected/.

When a change to the output is intended, regenerate the copy and review its diff:

    .venv/bin/python -m tests.regen_expected
"""

from __future__ import annotations

import difflib
import io
from pathlib import Path

import pytest
from PIL import Image

from .regen_expected import SITES, build_fixture
from .site_support import files_of, pages_of


def _png_size(data: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(data)) as image:
        return image.size


HOW = (
    "if the change is intended, run `.venv/bin/python -m tests.regen_expected` and review the diff"
)


@pytest.mark.parametrize("name", sorted(SITES))
def test_fixture_site_matches_the_expected_copy(name: str, tmp_path: Path) -> None:
    out = tmp_path / "site"
    build_fixture(name, out)
    expected, actual = files_of(SITES[name]), pages_of(out)
    assert sorted(actual) == sorted(expected), f"files differ; {HOW}"
    for path in sorted(expected):
        if path.endswith(".png"):
            # A share card's pixels depend on the machine's fonts and FreeType (fontconfig
            # finds them): only that it is there, a 1200x630 PNG; its bytes are tested the
            # same from build to build in test_site_cards.py.
            assert _png_size(actual[path]) == _png_size(expected[path]) == (1200, 630), path
            continue
        if actual[path] != expected[path]:
            diff = difflib.unified_diff(
                expected[path].decode("utf-8", "replace").splitlines(),
                actual[path].decode("utf-8", "replace").splitlines(),
                f"expected/{path}",
                f"built/{path}",
                lineterm="",
                n=2,
            )
            shown = "\n".join(list(diff)[:60])
            raise AssertionError(f"{path} differs from the expected copy; {HOW}\n{shown}")
