"""Nesting of any depth is a problem at its position, never a RecursionError (exit 3)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from claimtrack.edit.spans import parse_spans
from claimtrack.load.yamlsource import MAX_DEPTH, parse_document

from .conftest import TODAY, Result

Runner = Callable[..., Result]
HEADER = "# yaml-language-server: $schema=../schema/claim.schema.json\n"


def flow(levels: int) -> str:
    """``statement:`` holding ``levels`` nested flow lists: [[[...]]]."""
    return f"statement: {'[' * levels}{']' * levels}\n"


def block(levels: int) -> str:
    """``statement:`` holding ``levels`` nested block lists, one per line."""
    lines = ["statement:"] + [" " * (i + 2) + "-" for i in range(levels)]
    return "\n".join(lines) + " x\n"


def compact(levels: int) -> str:
    """``statement:`` holding ``levels`` nested block lists on one line: - - - x."""
    return f"statement:\n  {'- ' * levels}x\n"


def codes(raw: str) -> list[tuple[str, int, int]]:
    return [(p.code, p.line, p.column) for p in parse_document(raw.encode(), "x.yaml").problems]


def test_the_first_level_past_the_limit_is_reported_where_it_starts() -> None:
    # The top-level mapping is level 1, so statement's outer list is level 2.
    assert codes(flow(MAX_DEPTH - 1)) == []
    assert codes(flow(MAX_DEPTH)) == [("too-deep", 1, 12 + MAX_DEPTH - 1)]
    assert codes(block(MAX_DEPTH - 1)) == []
    assert codes(block(MAX_DEPTH)) == [("too-deep", MAX_DEPTH + 1, MAX_DEPTH + 2)]
    assert codes(compact(MAX_DEPTH)) == [("too-deep", 2, 3 + 2 * (MAX_DEPTH - 1))]


# 600 levels: past Python's recursion limit, below libyaml's own (1,000).
# 10,000: past libyaml's, which reports a syntax error far from our limit; not in
# block form, whose 10,000 indented lines are over the 1 MiB file limit.
@pytest.mark.parametrize(
    ("shape", "levels"),
    [(flow, 600), (block, 600), (compact, 600), (flow, 10_000), (compact, 10_000)],
)
def test_any_depth_is_too_deep_at_the_same_position(
    shape: Callable[[int], str], levels: int
) -> None:
    assert codes(shape(levels)) == codes(shape(MAX_DEPTH))


def test_spans_of_deep_text_are_found_without_recursion() -> None:
    spans = parse_spans(flow(990))
    assert spans is not None and ("statement", *[0] * 989) in spans.values


@pytest.mark.parametrize("shape", [flow, compact])
@pytest.mark.parametrize("place", ["claims/deep.yaml", "sources/deep.yaml", "tracker.yaml"])
def test_check_and_build_report_ten_thousand_levels(
    run_cli: Runner,
    tracker: Callable[[str], Path],
    tmp_path: Path,
    place: str,
    shape: Callable[[int], str],
) -> None:
    root = tracker("minimal")
    (root / place).write_text(HEADER + shape(10_000), encoding="utf-8")
    result = run_cli("check", "--root", root, "--today", TODAY, "--format", "json")
    assert result.code == 1, result.err
    found = [p for p in json.loads(result.out) if p["code"] == "too-deep"]
    assert [(p["path"], p["line"], p["severity"]) for p in found] == [
        (place, 2 if shape is flow else 3, "error")
    ]
    built = run_cli("build", "--root", root, "--out", tmp_path / "site", "--today", TODAY)
    assert built.code == 1 and "[too-deep]" in built.err and "internal error" not in built.err


def test_status_refuses_a_deep_claim_and_works_beside_one(
    run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    deep = root / "claims" / "deep.yaml"
    deep.write_text(HEADER + block(600), encoding="utf-8")
    before = deep.read_bytes()
    args = ("--note", "n", "--today", TODAY, "--root", root)
    refused = run_cli("status", "deep", "disputed", *args)
    assert refused.code == 1 and "internal error" not in refused.err
    assert deep.read_bytes() == before
    # Another claim can still change status: the deep file is only a remaining problem.
    other = run_cli("status", "rocket-speed", "disputed", *args)
    assert "internal error" not in other.err and "RecursionError" not in other.err
    assert other.code == 0, other.err
