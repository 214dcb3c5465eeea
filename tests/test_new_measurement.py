"""`claimtrack new measurement CLAIM_ID`: one commented measurement more, nothing else moved."""

from __future__ import annotations

from collections.abc import Callable
from difflib import SequenceMatcher
from pathlib import Path

import yaml

from .conftest import TODAY, Result

Run = Callable[..., Result]


def _new(run_cli: Run, root: Path, claim_id: str) -> Result:
    return run_cli("new", "measurement", claim_id, "--root", root, "--today", TODAY)


def _only_inserted(before: str, after: str) -> list[str]:
    """The lines ``after`` adds to ``before``; fails when anything else changed."""
    a, b = before.splitlines(), after.splitlines()
    ops = [op for op in SequenceMatcher(None, a, b).get_opcodes() if op[0] != "equal"]
    assert all(tag == "insert" for tag, *_ in ops), ops
    return [line for _, _, _, j1, j2 in ops for line in b[j1:j2]]


def test_a_claim_without_measurements_gets_the_key_before_its_status(
    run_cli: Run, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    path = root / "claims" / "rocket-speed.yaml"
    before = path.read_text()
    result = _new(run_cli, root, "rocket-speed")
    assert result.code == 0, result.output
    added = _only_inserted(before, path.read_text())
    assert added[0] == "measurements:"
    assert added[1] == "  - value:            # the measured number, e.g. 3.1"
    assert "    date: 2026-11-30  # when it was made or published" in added
    assert path.read_text().index("measurements:") < path.read_text().index("\nstatus:")
    # The skeleton's empty values are what check asks to fill in, at their lines.
    check = run_cli("check", "--root", root, "--today", TODAY)
    assert check.code == 1 and "measurements[0].value is empty" in check.out


def test_a_second_measurement_goes_after_the_first_and_its_comments(
    run_cli: Run, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    path = root / "claims" / "rocket-speed.yaml"
    assert _new(run_cli, root, "rocket-speed").code == 0
    path.write_text(
        path.read_text().replace(
            "    translated_by:  # person", "    # mine\n    translated_by:  # person", 1
        )
    )
    once = path.read_text()
    assert _new(run_cli, root, "rocket-speed").code == 0
    added = _only_inserted(once, path.read_text())
    assert len(added) == 17 and added[0].startswith("  - value:")
    data = yaml.safe_load(path.read_text())
    assert len(data["measurements"]) == 2 and data["status"] == "unverified"


def test_an_empty_flow_list_from_the_claim_skeleton(
    run_cli: Run, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    path = root / "claims" / "rocket-speed.yaml"
    text = path.read_text().replace(
        "status: unverified\n", "measurements: []  # none yet\nstatus: unverified\n", 1
    )
    path.write_text(text)
    assert _new(run_cli, root, "rocket-speed").code == 0
    written = path.read_text()
    # The comment stays in its column.
    assert "measurements:     # none yet\n  - value:" in written
    assert len(yaml.safe_load(written)["measurements"]) == 1


def test_refused_for_a_claim_that_is_not_a_figure(
    run_cli: Run, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    path = root / "claims" / "rocket-price.yaml"
    before = path.read_bytes()
    result = _new(run_cli, root, "rocket-price")
    assert result.code == 1
    assert "claims/rocket-price.yaml is an omission: only figures carry measurements" in result.err
    assert path.read_bytes() == before


def test_refused_for_a_flow_list_of_measurements(
    run_cli: Run, tracker: Callable[[str], Path]
) -> None:
    root = tracker("status")
    path = root / "claims" / "flow-history.yaml"
    before = path.read_bytes()
    result = _new(run_cli, root, "flow-history")
    assert result.code == 1 and "block list" in result.err
    assert path.read_bytes() == before
