"""The cache between runs: same answers as without it, safe to delete, ignored when corrupt."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from claimtrack.load import Cache
from claimtrack.load.cache import CACHE_DIR, CACHE_DIR_VARIABLE

from .conftest import TODAY, Result

Runner = Callable[..., Result]


@pytest.fixture(autouse=True)
def _cache_in_the_tracker(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(CACHE_DIR_VARIABLE)  # these tests look at the tracker's own cache


def check_json(run_cli: Runner, root: Path, *extra: str) -> list[dict[str, object]]:
    result = run_cli("check", "--root", root, "--today", TODAY, "--format", "json", *extra)
    assert result.code in (0, 1), result.output
    data: list[dict[str, object]] = json.loads(result.out)
    return data


def broken_minimal(tracker: Callable[[str], Path]) -> Path:
    """The minimal fixture with a warning and an error whose positions need the file."""
    root = tracker("minimal")
    claim = root / "claims" / "rocket-speed.yaml"
    claim.write_text(claim.read_text().replace("kind: figure", "kind: figur"))
    return root


def test_a_warm_run_says_exactly_what_a_cold_one_says(
    run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    root = broken_minimal(tracker)
    cold = check_json(run_cli, root, "--no-cache")
    assert not (root / CACHE_DIR).exists()  # --no-cache writes nothing
    first = check_json(run_cli, root)
    assert list((root / CACHE_DIR).glob("v*.json"))
    warm = check_json(run_cli, root)
    assert cold == first == warm and cold


def test_the_cache_sees_an_edit(run_cli: Runner, tracker: Callable[[str], Path]) -> None:
    root = tracker("minimal")
    assert check_json(run_cli, root) == check_json(run_cli, root, "--no-cache")
    claim = root / "claims" / "rocket-speed.yaml"
    claim.write_text(claim.read_text().replace("kind: figure", "kind: figur"))
    codes = [p["code"] for p in check_json(run_cli, root)]
    assert "invalid-choice" in codes


def test_a_corrupt_cache_is_ignored_and_replaced(
    run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    root = broken_minimal(tracker)
    expected = check_json(run_cli, root)
    for path in (root / CACHE_DIR).glob("v*.json"):
        path.write_bytes(b'{"files": {"claims/x.yaml": [1, 2]}, "parsed": 7')
    assert check_json(run_cli, root) == expected
    for path in (root / CACHE_DIR).glob("v*.json"):
        path.write_text(json.dumps({"files": {}, "parsed": {"k": [5, "x", []]}, "quotes": {}}))
    assert check_json(run_cli, root) == expected


def test_the_cache_can_live_elsewhere(
    run_cli: Runner, tracker: Callable[[str], Path], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    root = tracker("minimal")
    monkeypatch.setenv(CACHE_DIR_VARIABLE, str(tmp_path / "caches"))
    expected = check_json(run_cli, root)
    assert check_json(run_cli, root) == expected
    assert not (root / CACHE_DIR).exists()
    assert len(list((tmp_path / "caches").glob("*/v*.json"))) == 2


def test_a_deleted_cache_is_made_again(run_cli: Runner, tracker: Callable[[str], Path]) -> None:
    root = broken_minimal(tracker)
    expected = check_json(run_cli, root)
    for path in (root / CACHE_DIR).iterdir():
        path.unlink()
    (root / CACHE_DIR).rmdir()
    assert check_json(run_cli, root) == expected
    assert (root / CACHE_DIR / ".gitignore").read_text().splitlines()[-1] == "*"


def test_a_cache_of_another_version_is_not_read(tracker: Callable[[str], Path]) -> None:
    root = tracker("minimal")
    cache = Cache.open(root)
    assert cache.path is not None
    stale = cache.path.with_name("v0.0.1-0123456789abcdef.json")
    stale.parent.mkdir(exist_ok=True)
    stale.write_text(json.dumps({"files": {}, "parsed": {}, "quotes": {}, "positions": {}}))
    cache.remember_quote("0" * 64, "a quote", True)
    cache.save()
    assert not stale.exists()  # replaced, never read
    assert Cache.open(root).quote_result("0" * 64, "a quote") is True
