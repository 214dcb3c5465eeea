"""`claimtrack correct`, `correct --stamp` and `status --rationale`: each writes through the
one edit workflow, keeps the file's layout, and records only what is true."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from claimtrack.load import load_tracker
from claimtrack.records import Claim
from claimtrack.records.corrections import read_prints

from .conftest import TODAY, Result

Run = Callable[..., Result]

SPEED = "claims/rocket-speed.yaml"
STATEMENT = "Rocket 2 runs up to 3x faster than Rocket 1."
NEW_STATEMENT = "Rocket 2 runs up to 3x faster than Rocket 1 on short prompts."


def _git(root: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=T", "-c", "user.email=t@example.org", *args],
        cwd=root,
        check=True,
        capture_output=True,
    )


def _repository(root: Path) -> None:
    _git(root, "init", "-q")
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "the tracker")


def _edit(root: Path, old: str, new: str, rel: str = SPEED) -> None:
    path = root / rel
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _correct(run_cli: Run, root: Path, *args: str) -> Result:
    return run_cli("correct", *args, "--root", root, "--today", TODAY)


def _latest(root: Path, claim: str = "rocket-speed") -> Claim:
    return load_tracker(root).claims[claim].record


def test_the_previous_wording_comes_from_the_last_commit(
    run_cli: Run, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    assert _correct(run_cli, root, "--stamp").code == 0
    _repository(root)
    _edit(root, STATEMENT, NEW_STATEMENT)
    before = (root / SPEED).read_text(encoding="utf-8")
    done = _correct(run_cli, root, "rocket-speed", "--note", "It holds on short prompts only.")
    assert done.code == 0, done.output
    after = (root / SPEED).read_text(encoding="utf-8")
    claim = _latest(root)
    entry = claim.history[-1]
    # One entry more, nothing else: the status as it was, the previous wording from git.
    assert after.startswith(before[: before.index("rationale:")])
    assert entry.status == claim.history[-2].status and entry.note.startswith("It holds")
    assert entry.was is not None and entry.was.statement == STATEMENT
    assert entry.was.rationale is None and entry.was.quantity is None
    assert entry.read is not None and entry.read.statement == read_prints(claim)["statement"]
    assert "    was:\n      statement: Rocket 2 runs up to 3x faster than Rocket 1.\n" in after
    assert run_cli("check", "--root", root, "--today", TODAY, "--strict").code == 0


def test_nothing_changed_since_the_commit_is_refused(
    run_cli: Run, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    _repository(root)
    before = (root / SPEED).read_bytes()
    done = _correct(run_cli, root, "rocket-speed", "--note", "Nothing.")
    assert done.code == 1
    assert "nothing to correct" in done.err and "--was FIELD=TEXT" in done.err
    assert (root / SPEED).read_bytes() == before


def test_outside_a_repository_the_previous_wording_is_given(
    run_cli: Run, tracker: Callable[[str], Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tracker("minimal")
    # Not in a repository, even should the temporary folder be inside one.
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(root.parent))
    assert _correct(run_cli, root, "--stamp").code == 0
    _edit(root, STATEMENT, NEW_STATEMENT)
    _edit(
        root, "  value: 3\n  unit: x\n  bound: up-to\n", "  value: 3\n  unit: x\n  bound: about\n"
    )
    done = _correct(run_cli, root, "rocket-speed", "--note", "Short prompts; about 3x.")
    assert done.code == 2 and "--was FIELD=TEXT" in done.err
    quantity = "quantity={value: 3, unit: x, bound: up-to, metric: speed, baseline: Rocket 1}"
    args = ["--note", "Short prompts; about 3x.", "--was", f"statement={STATEMENT}"]
    done = _correct(run_cli, root, "rocket-speed", *args, "--was", quantity)
    assert done.code == 0, done.output
    entry = _latest(root).history[-1]
    assert entry.was is not None and entry.was.statement == STATEMENT
    assert entry.was.quantity is not None and entry.was.quantity.bound == "up-to"
    text = (root / SPEED).read_text(encoding="utf-8")
    assert "      quantity:\n        value: 3\n        unit: x\n        bound: up-to\n" in text
    assert run_cli("check", "--root", root, "--today", TODAY, "--strict").code == 0


def test_a_claimant_given_by_name(run_cli: Run, tracker: Callable[[str], Path]) -> None:
    root = tracker("minimal")
    _edit(root, "  name: Acme\n", "  name: Acme Rockets\n")
    done = _correct(run_cli, root, "rocket-speed", "--note", "Credited", "--was", "claimant=Acme")
    assert done.code == 0, done.output
    entry = _latest(root).history[-1]
    assert entry.was is not None and entry.was.claimant is not None
    assert entry.was.claimant.name == "Acme"


# Refusals of --was: the arguments after the note, and what the message says.
REFUSED = {
    "a field that did not change": (["--was", f"statement={STATEMENT}"], "as it is now"),
    "a field left out": (["--was", "rationale=Earlier."], "statement also changed since"),
    "a field unknown": (["--was", "title=Earlier."], "FIELD one of statement"),
    "a quantity that is none": (["--was", "quantity={value: 3}"], "--was quantity"),
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_a_correction_that_would_say_something_untrue_is_refused(
    name: str, run_cli: Run, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    assert _correct(run_cli, root, "--stamp").code == 0
    _edit(root, STATEMENT, NEW_STATEMENT)
    _edit(root, "rationale: The vendor's", "rationale: Still the vendor's")
    before = (root / SPEED).read_bytes()
    args, message = REFUSED[name]
    if name == "a field that did not change":
        _edit(root, NEW_STATEMENT, STATEMENT)
        before = (root / SPEED).read_bytes()
    done = _correct(run_cli, root, "rocket-speed", "--note", "x", *args)
    assert done.code in (1, 2) and message in done.err, done.output
    assert (root / SPEED).read_bytes() == before


def test_a_field_that_reads_as_the_latest_entry_recorded_is_refused(
    run_cli: Run, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    assert _correct(run_cli, root, "--stamp").code == 0
    done = _correct(run_cli, root, "rocket-speed", "--note", "x", "--was", "statement=Earlier.")
    assert done.code == 1
    assert "reads as the history entry of 2026-10-02 recorded it" in done.err


def test_status_changes_the_rationale_in_the_same_edit(
    run_cli: Run, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    folded = "rationale: >-\n  The vendor's own figure;\n  nobody has measured it.\n"
    _edit(root, "rationale: The vendor's own figure; nobody has measured it.\n", folded)
    new = (
        "Bench Weekly measured 2x under the announcement's own conditions, which is short "
        "of the 3x claimed; the vendor has not answered."
    )
    args = ["disputed", "--note", "Bench: 2x", "--rationale", new, "--date", "2026-11-20"]
    done = run_cli("status", "rocket-speed", *args, "--root", root, "--today", TODAY)
    assert done.code == 0, done.output
    text = (root / SPEED).read_text(encoding="utf-8")
    claim = _latest(root)
    assert claim.rationale == new and claim.status == "disputed"
    assert "rationale: >-\n  Bench Weekly measured 2x" in text  # still a folded block
    assert claim.history[-1].read is not None
    assert claim.history[-1].read.rationale == read_prints(claim)["rationale"]
    assert run_cli("check", "--root", root, "--today", TODAY, "--strict").code == 0


def test_status_refuses_to_hide_a_change_no_correction_records(
    run_cli: Run, tracker: Callable[[str], Path]
) -> None:
    """A status change records what readers read from then on: over a statement edited
    since the latest entry without a correction, it would hide the edit for good."""
    root = tracker("minimal")
    assert _correct(run_cli, root, "--stamp").code == 0
    _edit(root, STATEMENT, NEW_STATEMENT)
    before = (root / SPEED).read_bytes()
    args = ["disputed", "--note", "Bench: 2x", "--date", "2026-11-20"]
    done = run_cli("status", "rocket-speed", *args, "--root", root, "--today", TODAY)
    assert done.code == 1
    assert "statement changed since the history entry of 2026-10-02" in done.err
    assert "claimtrack correct rocket-speed" in done.err
    assert (root / SPEED).read_bytes() == before
    # Recorded first, the status change goes through; a rationale edited by hand beforehand
    # is the new status's reason, as with --rationale, and goes with it.
    assert _correct(run_cli, root, "rocket-speed", "--note", "Short prompts only.",
                    "--date", "2026-11-20", "--was", f"statement={STATEMENT}").code == 0  # fmt: skip
    _edit(root, "nobody has measured it.", "Bench Weekly measured 2x.")
    done = run_cli("status", "rocket-speed", *args, "--root", root, "--today", TODAY)
    assert done.code == 0, done.output
    assert run_cli("check", "--root", root, "--today", TODAY, "--strict").code == 0


def test_the_stamp_is_written_once(run_cli: Run, tracker: Callable[[str], Path]) -> None:
    root = tracker("minimal")
    done = _correct(run_cli, root, "--stamp")
    assert done.code == 0 and "2 claims stamped, 0 refused, 0 already stamped" in done.out
    stamped = (root / SPEED).read_bytes()
    claim = _latest(root)
    assert claim.history[-1].read is not None
    assert claim.history[-1].read.model_dump(exclude_none=True) == read_prints(claim)
    again = _correct(run_cli, root, "--stamp")
    assert again.code == 0 and "0 claims stamped, 0 refused, 2 already stamped" in again.out
    assert (root / SPEED).read_bytes() == stamped


def test_the_stamp_refuses_a_change_no_correction_records(
    run_cli: Run, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    assert _correct(run_cli, root, "--stamp").code == 0
    _edit(root, STATEMENT, NEW_STATEMENT)
    before = (root / SPEED).read_bytes()
    done = _correct(run_cli, root, "--stamp", "rocket-speed")
    assert done.code == 1
    assert "statement changed since the history entry of 2026-10-02" in done.err
    assert (root / SPEED).read_bytes() == before


def test_the_stamp_refuses_an_edit_not_committed(
    run_cli: Run, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    _repository(root)
    _edit(root, STATEMENT, NEW_STATEMENT)
    done = _correct(run_cli, root, "--stamp")
    assert done.code == 1
    assert f"{SPEED}: not stamped: statement changed since the last commit" in done.err
    assert "1 claim stamped, 1 refused" in done.out  # the other claim is stamped
    assert _latest(root).history[-1].read is None
