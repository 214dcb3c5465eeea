"""Problems of one record or file not covered elsewhere, each at its path:line:col."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from .conftest import TODAY, Result

Runner = Callable[..., Result]


def problems(run_cli: Runner, root: Path) -> list[dict[str, object]]:
    result = run_cli("check", "--root", root, "--today", TODAY, "--format", "json")
    assert "Traceback" not in result.output
    data: list[dict[str, object]] = json.loads(result.out)
    return data


def where(found: list[dict[str, object]], code: str) -> list[tuple[object, ...]]:
    return [(p["path"], p["line"], p["column"], p["severity"]) for p in found if p["code"] == code]


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_missing_required_field_is_named(run_cli: Runner, tracker: Callable[[str], Path]) -> None:
    root = tracker("minimal")
    edit(root / "claims" / "rocket-speed.yaml", "  name: Acme\n", "  role: CEO\n")
    found = problems(run_cli, root)
    assert where(found, "missing-field") == [("claims/rocket-speed.yaml", 4, 3, "error")]
    assert "claimant.name" in next(str(p["message"]) for p in found if p["code"] == "missing-field")


def test_a_claim_related_to_itself_is_a_warning(
    run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    edit(
        root / "claims" / "rocket-speed.yaml", "related: [rocket-price]", "related: [rocket-speed]"
    )
    assert where(problems(run_cli, root), "self-related") == [
        ("claims/rocket-speed.yaml", 28, 11, "warning")
    ]


def test_an_archive_without_a_record_is_an_orphan(
    run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    (root / "sources" / "lost-text.txt").write_text("A text nobody recorded.\n")
    assert where(problems(run_cli, root), "orphan-archive") == [
        ("sources/lost-text.txt", 1, 1, "warning")
    ]


def test_a_quantity_on_a_claim_that_is_not_a_figure(
    run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    edit(root / "claims" / "rocket-speed.yaml", "kind: figure", "kind: fact")
    assert where(problems(run_cli, root), "quantity-unexpected") == [
        ("claims/rocket-speed.yaml", 7, 1, "error")
    ]


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any file whatever its mode")
def test_a_file_that_cannot_be_read_is_unreadable(
    run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    path = root / "claims" / "rocket-price.yaml"
    path.chmod(0)
    try:
        assert where(problems(run_cli, root), "unreadable") == [
            ("claims/rocket-price.yaml", 1, 1, "error")
        ]
    finally:
        path.chmod(0o644)


def test_a_read_error_is_unreadable(
    run_cli: Runner, tracker: Callable[[str], Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """As root (CI) no mode keeps a file from being read: make the read itself fail."""
    import errno

    from claimtrack import fsutil

    root = tracker("minimal")
    real_open = os.open

    def failing_open(path: str | os.PathLike[str], flags: int, *args: int) -> int:
        if str(path).endswith("rocket-price.yaml"):
            raise OSError(errno.EIO, "Input/output error")
        return real_open(path, flags, *args)

    monkeypatch.setattr(fsutil.os, "open", failing_open)
    found = problems(run_cli, root)
    assert where(found, "unreadable") == [("claims/rocket-price.yaml", 1, 1, "error")]
    assert "Input/output error" in next(
        str(p["message"]) for p in found if p["code"] == "unreadable"
    )


def test_the_schema_header_hint_names_the_path_from_where_the_file_is(
    run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    settings = root / "tracker.yaml"
    settings.write_text(settings.read_text(encoding="utf-8").split("\n", 1)[1], encoding="utf-8")
    claim = root / "claims" / "rocket-price.yaml"
    claim.write_text(claim.read_text(encoding="utf-8").split("\n", 1)[1], encoding="utf-8")
    result = run_cli("check", "--root", root, "--today", TODAY, "--format", "json")
    hints = {p["path"]: p["hint"] for p in json.loads(result.out) if p["code"] == "schema-header"}
    assert hints["tracker.yaml"].endswith("$schema=schema/tracker.schema.json")
    assert hints["claims/rocket-price.yaml"].endswith("$schema=../schema/claim.schema.json")
