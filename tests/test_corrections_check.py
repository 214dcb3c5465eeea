"""Corrections as `check` and `review` see them: what readers read changes only with a
correction that says so (records/corrections.py, check/rules/corrections.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from claimtrack.records.translations import fingerprint

from .conftest import TODAY, Result

Run = Callable[..., Result]

SPEED = "claims/rocket-speed.yaml"
# The minimal fixture's rocket-speed claim, as readers read it on its one entry.
STATEMENT = "Rocket 2 runs up to 3x faster than Rocket 1."
RATIONALE = "The vendor's own figure; nobody has measured it."


def _stamp(run_cli: Run, root: Path) -> None:
    done = run_cli("correct", "--stamp", "--root", root, "--today", TODAY)
    assert done.code == 0, done.output


def _edit(root: Path, old: str, new: str, rel: str = SPEED) -> None:
    path = root / rel
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _line_of(root: Path, start: str, rel: str = SPEED) -> int:
    lines = (root / rel).read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if line.startswith(start))


# field -> (the text changed, its replacement, the line the warning is at, its column)
EDITS = {
    "statement": (STATEMENT, "Rocket 2 runs 3x faster than Rocket 1.", "statement:", 12),
    "rationale": (RATIONALE, "Nobody has measured it.", "rationale:", 12),
    "quantity": ("  value: 3\n", "  value: 4\n", "quantity:", 3),
    "claimant": ("  name: Acme\n", "  name: Acme Rockets\n", "claimant:", 3),
}


@pytest.mark.parametrize("field", sorted(EDITS))
def test_an_unrecorded_change_is_reported_at_the_field_naming_it_and_the_date(
    field: str, run_cli: Run, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    _stamp(run_cli, root)
    old, new, key, column = EDITS[field]
    _edit(root, old, new)
    done = run_cli("check", "--root", root, "--today", TODAY)
    assert done.code == 0, done.output  # a warning
    line = _line_of(root, key) + (1 if column == 3 else 0)
    warning = [w for w in done.out.splitlines() if "[correction-unrecorded]" in w]
    assert warning == [
        f"{SPEED}:{line}:{column}: warning: {field} changed since the history entry of "
        f"2026-10-02, and no correction says so: readers of that entry read another {field}; "
        f"record it: `claimtrack correct rocket-speed --note TEXT` (what was put right, and "
        "why) [correction-unrecorded]"
    ]
    # --strict: warnings are errors
    assert run_cli("check", "--root", root, "--today", TODAY, "--strict").code == 1


def test_re_wrapping_a_text_is_no_change(run_cli: Run, tracker: Callable[[str], Path]) -> None:
    root = tracker("minimal")
    _stamp(run_cli, root)
    wrapped = "rationale: >-\n  The vendor's own figure;\n  nobody has measured it."
    _edit(root, f"rationale: {RATIONALE}", wrapped)
    done = run_cli("check", "--root", root, "--today", TODAY, "--strict")
    assert done.code == 0, done.output


def test_nothing_is_reported_while_the_latest_entry_has_no_fingerprint(
    run_cli: Run, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    _edit(root, STATEMENT, "Rocket 2 runs 3x faster than Rocket 1.")
    done = run_cli("check", "--root", root, "--today", TODAY, "--strict")
    assert done.code == 0, done.output
    assert "correction-unrecorded" not in done.output


def test_a_quantity_removed_is_reported_at_its_fingerprint(
    run_cli: Run, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    _stamp(run_cli, root)
    path = root / SPEED
    text = path.read_text(encoding="utf-8")
    start, end = text.index("quantity:\n"), text.index("evidence:\n")
    path.write_text((text[:start] + text[end:]).replace("kind: figure", "kind: fact"), "utf-8")
    done = run_cli("check", "--root", root, "--today", TODAY)
    line = _line_of(root, "      quantity:")
    assert f"{SPEED}:{line}:7: warning: quantity was removed since the history entry" in done.out


# The shapes a correction may not have: (what is written, the code's message).
BAD_CORRECTIONS = {
    "no field": ("    was: {}\n", "this correction names no field it put right"),
    "first entry": ("    was: {statement: Earlier.}\n", "the first history entry cannot be"),
}


@pytest.mark.parametrize("name", sorted(BAD_CORRECTIONS))
def test_a_correction_names_a_field_and_follows_an_entry(
    name: str, run_cli: Run, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    added, message = BAD_CORRECTIONS[name]
    _edit(root, "    evidence: [acme-post]\n", "    evidence: [acme-post]\n" + added)
    done = run_cli("check", "--root", root, "--today", TODAY)
    assert done.code == 1
    assert message in done.out and "[correction-entry]" in done.out


def test_a_correction_keeps_the_status(run_cli: Run, tracker: Callable[[str], Path]) -> None:
    root = tracker("minimal")
    entry = (
        "  - date: 2026-11-01\n    status: disputed\n    note: Fixed a word.\n"
        f"    was: {{statement: {STATEMENT}}}\n"
    )
    _edit(root, "rationale:", entry + "rationale:")
    _edit(root, "status: unverified\n", "status: disputed\n")
    done = run_cli("check", "--root", root, "--today", TODAY)
    line = _line_of(root, "  - date: 2026-11-01") + 1
    assert (
        f"{SPEED}:{line}:13: error: a correction keeps the status: 'disputed' here, "
        "'unverified' in the entry before it" in done.out
    ), done.out
    assert "[correction-entry]" in done.out


def test_review_lists_a_rationale_left_from_the_previous_status(
    run_cli: Run, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    _stamp(run_cli, root)
    args = ("--root", root, "--today", TODAY, "--date", "2026-11-20")
    assert run_cli("status", "rocket-speed", "disputed", "--note", "Bench: 2x", *args).code == 0
    done = run_cli("review", "--root", root, "--today", TODAY)
    line = _line_of(root, "rationale:")
    assert (
        f"{SPEED}:{line}:12: the rationale has not changed since the claim was unverified (it "
        'is disputed since 2026-11-20): "Why this status" may still argue for unverified'
    ) in done.out
    assert "[review-rationale-stale]" in done.out


def test_review_is_quiet_once_the_rationale_changed_with_the_status(
    run_cli: Run, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    _stamp(run_cli, root)
    args = ["--root", root, "--today", TODAY, "--date", "2026-11-20"]
    args += ["--rationale", "Bench Weekly measured 2x: the claim is disputed."]
    assert run_cli("status", "rocket-speed", "disputed", "--note", "Bench: 2x", *args).code == 0
    done = run_cli("review", "--root", root, "--today", TODAY)
    assert "review-rationale-stale" not in done.out
    assert run_cli("check", "--root", root, "--today", TODAY, "--strict").code == 0


def test_the_fingerprints_are_made_as_made_from_is() -> None:
    """read: is the fingerprint made_from is made with, field by field."""
    from claimtrack.records.claim import Claimant
    from claimtrack.records.corrections import field_text

    assert fingerprint(field_text(STATEMENT)) == fingerprint(STATEMENT)
    # A claimant by its name, role and organisation: adding a role changes it.
    assert fingerprint(field_text(Claimant(name="Acme"))) == fingerprint("Acme")
    assert field_text(Claimant(name="Jo", role="CEO")) != field_text(Claimant(name="Jo"))
