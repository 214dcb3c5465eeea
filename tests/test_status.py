"""`claimtrack status`: the history gains one entry, and nothing else in the file changes."""

from __future__ import annotations

import os
from collections.abc import Callable
from difflib import SequenceMatcher
from pathlib import Path

import pytest

from claimtrack.load import load_tracker
from claimtrack.records.translations import fingerprint

from .conftest import FIXTURES, TODAY, Result

Run = Callable[..., Result]
EXPECTED = FIXTURES / "status"
# What readers read of the fixtures' rocket speed claim: its new entries' fingerprints.
SPEED_PRINTS = {
    "statement": fingerprint("Rocket 2 runs up to 3x faster than Rocket 1."),
    "claimant": fingerprint("Acme"),
    "quantity": "2b9b4bfbd016",
    "rationale": fingerprint("The vendor's own figure; nobody has measured it."),
}

# name -> arguments of `claimtrack status NAME ...`; the result must equal NAME.expected.yaml.
CASES: dict[str, list[str]] = {
    # comments everywhere, blank lines, a trailing comment on status, a note that needs quotes
    "block-comments": [
        "disputed",
        "--note",
        'Bench Weekly measured 2x: "not 3x" (#1)',
        "--evidence",
        "bench-weekly",
        "--date",
        "2026-11-16",
    ],
    # no "- " offset, values aligned after the colons, double-quoted notes, block evidence
    "odd-spacing": [
        "disputed",
        "--note",
        "Bench Weekly measured it",
        "--evidence",
        "bench-weekly",
        "--evidence",
        "acme-post",
        "--date",
        "2026-11-16",
    ],
    # one-line flow history; quoted status with a comment; a status that YAML reads as false
    "flow-history": [
        "false",
        "--note",
        "Measured at 2x, not 3x",
        "--evidence",
        "bench-weekly",
        "--date",
        "2026-11-16",
    ],
    # flow history over several lines with a trailing comma, padded braces, single quotes
    "flow-multiline": [
        "retracted",
        "--note",
        "Acme's post no longer gives the figure",
        "--date",
        "2026-11-20",
    ],
    # every key quoted, four-space indentation with "-   ", an omission disclosed
    "quoted-omission": [
        "disclosed",
        "--note",
        "Bench Weekly gives the price: 5 dollars per hour.",
        "--evidence",
        "bench-weekly",
        "--date",
        "2026-11-16",
    ],
    # the dash alone on its line, a folded block scalar ending the file
    "block-scalar-at-end": [
        "misleading",
        "--note",
        "True only for short answers, says Bench Weekly.",
        "--evidence",
        "bench-weekly",
        "--date",
        "2026-11-16",
    ],
}


def _status(run_cli: Run, root: Path, *args: str) -> Result:
    return run_cli("status", *args, "--root", root, "--today", TODAY)


@pytest.mark.parametrize("name", sorted(CASES))
def test_status_changes_only_the_intended_lines(
    name: str, run_cli: Run, tracker: Callable[[str], Path]
) -> None:
    root = tracker("status")
    result = _status(run_cli, root, name, *CASES[name])
    assert result.code == 0, result.output
    written = (root / "claims" / f"{name}.yaml").read_bytes()
    assert written == (EXPECTED / f"{name}.expected.yaml").read_bytes()
    # and the tracker still passes the check, with the new status in place
    check = run_cli("check", "--root", root, "--today", TODAY)
    assert check.code == 0, check.output
    claim = load_tracker(root).claims[name].record
    assert claim.status.value == CASES[name][0]
    assert claim.history[-1].note == CASES[name][2]


def test_expected_files_differ_from_the_originals_only_by_the_change() -> None:
    # Guard the guard: the stored expectations replace the status line (and, for a
    # one-line flow history, the history line) and insert lines; nothing else.
    for name in CASES:
        before = (EXPECTED / "claims" / f"{name}.yaml").read_text().splitlines()
        after = (EXPECTED / f"{name}.expected.yaml").read_text().splitlines()
        ops = [op for op in SequenceMatcher(None, before, after).get_opcodes() if op[0] != "equal"]
        replaced = [line for tag, i1, i2, _, _ in ops if tag == "replace" for line in before[i1:i2]]
        assert all(tag in ("replace", "insert") for tag, *_ in ops), name
        assert all(i2 - i1 == j2 - j1 for tag, i1, i2, j1, j2 in ops if tag == "replace")
        assert replaced[0].lstrip('"').startswith("status"), name
        assert len(replaced) == (2 if name == "flow-history" else 1), name


def test_crlf_line_endings_are_kept(run_cli: Run, tracker: Callable[[str], Path]) -> None:
    root = tracker("status")
    path = root / "claims" / "block-comments.yaml"
    path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))
    result = _status(run_cli, root, "block-comments", *CASES["block-comments"])
    assert result.code == 0, result.output
    expected = (EXPECTED / "block-comments.expected.yaml").read_bytes()
    assert path.read_bytes() == expected.replace(b"\n", b"\r\n")


def test_file_without_final_newline(run_cli: Run, tracker: Callable[[str], Path]) -> None:
    root = tracker("status")
    path = root / "claims" / "odd-spacing.yaml"
    original = path.read_bytes()
    # history last, without a line break at the end of the file
    moved = original.replace(
        b"rationale:   The vendor's own figure; nobody has measured it.\n", b""
    )
    moved = b"rationale: The vendor's own figure.\n" + moved.rstrip(b"\n")
    path.write_bytes(moved)
    result = _status(run_cli, root, "odd-spacing", *CASES["odd-spacing"])
    assert result.code == 0, result.output
    text = path.read_bytes()
    expected_start = moved.replace(b"status:      unverified", b"status:      disputed")
    assert text.startswith(expected_start + b"\n- date:     2026-11-16\n")
    # the entry ends with its fingerprints, and the file still without a line break
    assert b"  - acme-post\n  read:\n      statement: " in text
    assert text.endswith(b"      rationale: " + fingerprint("The vendor's own figure.").encode())


def test_evidence_is_left_out_when_none_is_given_and_entries_have_none(
    run_cli: Run, tracker: Callable[[str], Path]
) -> None:
    root = tracker("status")
    args = ["undisclosed", "--note", "Still no price.", "--date", "2026-11-01"]
    assert _status(run_cli, root, "quoted-omission", *args).code == 0
    text = (root / "claims" / "quoted-omission.yaml").read_text()
    entry = text[text.index('"date": "2026-11-01"') :]
    assert entry.startswith(
        """"date": "2026-11-01"\n        "status": 'undisclosed'\n"""
        """        "note": 'Still no price.'\n        "read":\n"""
    )
    assert "evidence" not in entry


# Each refusal: the arguments, and the code check would report.
REFUSALS: dict[str, tuple[str, list[str], str]] = {
    "unknown status": (
        "block-comments",
        ["debunked", "--note", "x", "--date", "2026-11-16"],
        "invalid-choice",
    ),
    "omission to a non-omission status": (
        "quoted-omission",
        ["verified", "--note", "x", "--evidence", "bench-weekly", "--date", "2026-11-16"],
        "omission-status",
    ),
    "non-omission to undisclosed": (
        "block-comments",
        ["undisclosed", "--note", "x", "--date", "2026-11-16"],
        "omission-status",
    ),
    "disclosed without evidence": (
        "quoted-omission",
        ["disclosed", "--note", "Published.", "--date", "2026-11-16"],
        "disclosed-evidence",
    ),
    "disclosed with evidence older than the omission": (
        "quoted-omission",
        ["disclosed", "--note", "Published.", "--evidence", "old-note", "--date", "2026-11-16"],
        "disclosed-evidence",
    ),
    "date before the last entry": (
        "odd-spacing",
        ["disputed", "--note", "x", "--date", "2026-10-04"],
        "history-order",
    ),
    "date in the future": (
        "block-comments",
        ["disputed", "--note", "x", "--date", "2026-12-01"],
        "history-future",
    ),
    "unknown source": (
        "block-comments",
        ["disputed", "--note", "x", "--evidence", "bench-weeky", "--date", "2026-11-16"],
        "unknown-source",
    ),
    "invalid source id": (
        "flow-history",
        ["disputed", "--note", "x", "--evidence", "Bench Weekly", "--date", "2026-11-16"],
        "invalid-format",
    ),
    "empty note": (
        "flow-multiline",
        ["disputed", "--note", "", "--date", "2026-11-16"],
        "empty-value",
    ),
    "blank note": (
        "block-comments",
        ["disputed", "--note", "   ", "--date", "2026-11-16"],
        "empty-value",
    ),
    "note of an ideographic space and line breaks": (
        "odd-spacing",
        ["disputed", "--note", "\u3000\n\n", "--date", "2026-11-16"],
        "empty-value",
    ),
    "note of invisible characters": (
        "flow-history",
        ["disputed", "--note", "\u200b\ufeff", "--date", "2026-11-16"],
        "empty-value",
    ),
    "blank evidence": (
        "block-comments",
        ["disputed", "--note", "x", "--evidence", "  ", "--date", "2026-11-16"],
        "invalid-format",
    ),
    "corroborated with one origin": (
        "block-comments",
        ["corroborated", "--note", "x", "--evidence", "acme-post", "--date", "2026-11-16"],
        "corroboration-origins",
    ),
}


def _snapshot(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()
    }


@pytest.mark.parametrize("case", sorted(REFUSALS))
def test_refusals_leave_every_file_byte_identical(
    case: str, run_cli: Run, tracker: Callable[[str], Path]
) -> None:
    name, args, code = REFUSALS[case]
    root = tracker("status")
    before = _snapshot(root)
    result = _status(run_cli, root, name, *args)
    assert result.code == 1, result.output
    assert _snapshot(root) == before
    assert f"[{code}]" in result.err
    # reported as path:line:col, at the line the new entry would have
    rel = f"claims/{name}.yaml"
    lines = [line for line in result.err.splitlines() if f"[{code}]" in line]
    assert lines and all(line.startswith(f"{rel}:") for line in lines), result.err
    line_no = int(lines[0].split(":")[1])
    assert line_no > 1
    assert "unchanged" in result.err
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("option", "value", "named"),
    [
        ("--note", "Bad\x01", "U+0001 at offset 3"),
        ("--note", "\x00", "U+0000 at offset 0"),
        ("--note", "ok\ufffe", "U+FFFE at offset 2"),
        # undecodable bytes in the command line arrive as lone surrogates
        ("--note", "caf\udce9", "U+DCE9 at offset 3"),
        ("--evidence", "bench-weekly\x1b", "U+001B at offset 12"),
    ],
)
def test_a_character_xml_cannot_carry_is_refused_before_anything_is_written(
    option: str, value: str, named: str, run_cli: Run, tracker: Callable[[str], Path]
) -> None:
    root = tracker("status")
    before = _snapshot(root)
    args = ["--note", "x", option, value] if option == "--evidence" else [option, value]
    result = _status(run_cli, root, "block-comments", "disputed", *args, "--date", "2026-11-16")
    assert result.code == 2, result.output
    assert f"{option}: character {named} cannot be published" in result.err
    assert _snapshot(root) == before


def test_unknown_source_suggests_the_right_one(
    run_cli: Run, tracker: Callable[[str], Path]
) -> None:
    root = tracker("status")
    result = _status(run_cli, root, "block-comments", *REFUSALS["unknown source"][1])
    assert "did you mean 'bench-weekly'?" in result.err


@pytest.mark.parametrize(
    ("claim_id", "message"),
    [
        ("no-such-claim", "does not exist"),
        ("Bad_Id", "'Bad_Id' is not a valid id: use lowercase letters"),
        ("block-coments", "did you mean 'block-comments'?"),
    ],
)
def test_missing_or_invalid_claim(
    claim_id: str, message: str, run_cli: Run, tracker: Callable[[str], Path]
) -> None:
    root = tracker("status")
    before = _snapshot(root)
    result = _status(run_cli, root, claim_id, "disputed", "--note", "x")
    # An id against the rule is a usage error, as `new` says of it; an unknown one is not.
    assert result.code == (2 if claim_id == "Bad_Id" else 1), result.output
    assert message in result.err
    assert _snapshot(root) == before


def test_existing_errors_elsewhere_do_not_block_a_valid_change(
    run_cli: Run, tracker: Callable[[str], Path]
) -> None:
    root = tracker("status")
    broken = root / "claims" / "flow-history.yaml"
    broken.write_text(broken.read_text().replace("kind: figure", "kind: figur"))
    result = _status(run_cli, root, "block-comments", *CASES["block-comments"])
    assert result.code == 0, result.output
    assert "1 error that this change did not cause" in result.err


def test_a_file_that_does_not_load_is_refused(run_cli: Run, tracker: Callable[[str], Path]) -> None:
    root = tracker("status")
    path = root / "claims" / "block-comments.yaml"
    path.write_bytes(path.read_bytes() + b"status: [unclosed\n")
    before = path.read_bytes()
    result = _status(run_cli, root, "block-comments", *CASES["block-comments"])
    assert result.code == 1
    assert "does not load" in result.err
    assert path.read_bytes() == before


def test_a_block_scalar_at_the_end_without_newline_is_refused(
    run_cli: Run, tracker: Callable[[str], Path]
) -> None:
    # Appending after it would give the scalar a line break it does not have.
    root = tracker("status")
    path = root / "claims" / "block-scalar-at-end.yaml"
    path.write_bytes(path.read_bytes().rstrip(b"\n"))
    before = path.read_bytes()
    result = _status(run_cli, root, "block-scalar-at-end", *CASES["block-scalar-at-end"])
    assert result.code == 1
    assert "edit it by hand" in result.err
    assert path.read_bytes() == before


@pytest.mark.parametrize("exc", [OSError("disk on fire"), KeyboardInterrupt()])
def test_interrupted_write_leaves_the_original_and_no_temp_file(
    exc: BaseException,
    run_cli: Run,
    tracker: Callable[[str], Path],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    root = tracker("status")
    before = _snapshot(root)
    written: list[bytes] = []

    def interrupted_replace(src: str | Path, dst: str | Path) -> None:
        written.append(Path(src).read_bytes())  # the temporary file is complete ...
        raise exc  # ... and the command stops before it takes the original's place

    monkeypatch.setattr(os, "replace", interrupted_replace)
    result = _status(run_cli, root, "block-comments", *CASES["block-comments"])
    if isinstance(exc, OSError):
        assert result.code == 1
        assert "cannot write claims/block-comments.yaml (disk on fire); the file is unchanged" in (
            result.err
        )
    else:
        assert result.code == 130  # Ctrl-C
    assert written == [(EXPECTED / "block-comments.expected.yaml").read_bytes()]
    assert _snapshot(root) == before  # the original, and no temporary file left behind
    assert "Traceback" not in result.output


def test_a_status_change_proven_by_a_quote(run_cli: Run, tracker: Callable[[str], Path]) -> None:
    root = tracker("status")
    path = root / "claims" / "odd-spacing.yaml"
    before = path.read_text()
    args = ["disputed", "--note", "Measured at 2x", "--evidence", "acme-post"]
    args += ["--evidence", "bench-weekly", "--quote", "Bench Weekly measured Rocket 2."]
    result = _status(run_cli, root, "odd-spacing", *args, "--date", "2026-11-16")
    assert result.code == 0, result.output
    # The entry is written like the ones above it; nothing else moves.
    assert path.read_text() == before.replace(
        "status:      unverified", "status:      disputed"
    ).replace(
        "rationale:",
        '- date:     2026-11-16\n  status:   disputed\n  note:     "Measured at 2x"\n'
        "  evidence:\n  - acme-post\n  - source: bench-weekly\n"
        "    quote: Bench Weekly measured Rocket 2.\n  read:\n"
        + "".join(f"      {k}: {v}\n" for k, v in SPEED_PRINTS.items())
        + "rationale:",
    )
    entry = load_tracker(root).claims["odd-spacing"].record.history[-1]
    assert entry.source_ids == ["acme-post", "bench-weekly"]
    assert run_cli("check", "--root", root, "--today", TODAY).code == 0


def test_a_quote_with_its_translation_in_a_flow_history(
    run_cli: Run, tracker: Callable[[str], Path]
) -> None:
    root = tracker("status")
    args = ["disputed", "--note", "The French report", "--evidence", "fr-report"]
    args += ["--quote", "« jusqu'à 3 fois plus rapide »", "--translation", '"up to 3 times faster"']
    args += ["--translated-by", "person", "--date", "2026-11-16"]
    result = _status(run_cli, root, "flow-history", *args)
    assert result.code == 0, result.output
    written = (root / "claims" / "flow-history.yaml").read_text()
    assert written.endswith(
        "evidence: [{source: fr-report, quote: « jusqu'à 3 fois plus rapide », "
        'translation: "\\"up to 3 times faster\\"", translated_by: person}], read: {'
        + ", ".join(f"{k}: {v}" for k, v in SPEED_PRINTS.items())
        + "}}]\n"
        'rationale: "The vendor\'s own figure; nobody has measured it."\n'
    )
    quoted = load_tracker(root).claims["flow-history"].record.history[-1].evidence[0]
    assert not isinstance(quoted, str) and quoted.translation == '"up to 3 times faster"'


@pytest.mark.parametrize(
    ("given", "hint"),
    [
        ([], "give --translation TEXT and --translated-by person|machine after its --quote"),
        (["--translation", "up to 3 times faster"], "give --translated-by person|machine after"),
    ],
    ids=["no-translation", "no-translated-by"],
)
def test_a_missing_translation_is_told_in_options(
    given: list[str], hint: str, run_cli: Run, tracker: Callable[[str], Path]
) -> None:
    """The quote came from the command line: the hint names the options, not the YAML keys."""
    root = tracker("status")
    before = _snapshot(root)
    args = ["disputed", "--note", "x", "--evidence", "fr-report"]
    args += ["--quote", "« jusqu'à 3 fois plus rapide »", *given, "--date", "2026-11-16"]
    result = _status(run_cli, root, "block-comments", *args)
    assert result.code == 1, result.output
    assert hint in result.err
    assert "add translation:" not in result.err and "add translated_by:" not in result.err
    assert _snapshot(root) == before


def test_a_quote_not_in_the_archive_is_refused(
    run_cli: Run, tracker: Callable[[str], Path]
) -> None:
    root = tracker("status")
    path = root / "claims" / "block-comments.yaml"
    before = path.read_bytes()
    args = ["disputed", "--note", "x", "--evidence", "bench-weekly"]
    args += ["--quote", "Bench Weekly measured Rocket 2 at 2x.", "--date", "2026-11-16"]
    result = _status(run_cli, root, "block-comments", *args)
    assert result.code == 1
    assert "[quote-not-found]" in result.err and "sources/bench-weekly.txt" in result.err
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    "args",
    [
        ["--quote", "Bench Weekly measured Rocket 2."],
        ["--evidence", "bench-weekly", "--translation", "x"],
        ["--evidence", "bench-weekly", "--quote", "a", "--quote", "b"],
    ],
)
def test_quote_options_need_their_evidence_first(
    run_cli: Run, tracker: Callable[[str], Path], args: list[str]
) -> None:
    root = tracker("status")
    result = _status(run_cli, root, "block-comments", "disputed", "--note", "x", *args)
    assert result.code == 2
    assert "before it" in result.err or "given twice" in result.err


def test_a_quote_not_in_the_archive_is_refused_when_the_claim_fails_elsewhere(
    run_cli: Run, tracker: Callable[[str], Path]
) -> None:
    # A claim that fails validation is not checked by the rules at all, so before, the
    # unproven quote went in with exit 0 and "1 error that this change did not cause".
    root = tracker("status")
    path = root / "claims" / "flow-history.yaml"
    path.write_text(path.read_text().replace("measured_by:", "conditions: [a], measured_by:"))
    before = _snapshot(root)
    args = ["disputed", "--note", "x", "--evidence", "bench-weekly"]
    args += ["--quote", "a sentence that is not in the archive", "--date", "2026-11-16"]
    result = _status(run_cli, root, "flow-history", *args)
    assert result.code == 1, result.output
    assert "[quote-not-found]" in result.err and "sources/bench-weekly.txt" in result.err
    assert "unchanged" in result.err
    assert _snapshot(root) == before


def test_a_quote_of_a_source_without_an_archived_copy_is_said_when_written(
    run_cli: Run, tracker: Callable[[str], Path]
) -> None:
    root = tracker("status")
    (root / "sources" / "no-copy.yaml").write_text(
        "title: A blog post\npublisher: Acme\nauthors: []\npublished: 2026-11-01\n"
        "language: en\nkind: primary\nnotes: Not archived.\n"
    )
    path = root / "claims" / "block-comments.yaml"
    args = ["disputed", "--note", "x", "--evidence", "no-copy"]
    args += ["--quote", "Words nobody can check.", "--date", "2026-11-16"]
    result = _status(run_cli, root, "block-comments", *args)
    assert result.code == 0, result.output
    assert "quote: Words nobody can check." in path.read_text()
    (line,) = [line for line in result.err.splitlines() if "[quote-unchecked]" in line]
    assert line.startswith("claims/block-comments.yaml:")
    assert "sources/no-copy.txt does not exist" in line
