"""`--format github` of `check`, `review` and `translations`: one GitHub Actions workflow
command a line, read back here as GitHub's runner reads it (tests/actions_support.py), with
the exit codes of the other formats."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from claimtrack.codes import Code, Severity
from claimtrack.problems import Problem, format_github, github_command

from .actions_support import Command, parse_command, read_annotations
from .conftest import FIXTURES, Result

Runner = Callable[..., Result]
REVIEW = FIXTURES / "review"
REVIEW_DAY = "2027-01-15"
LEVEL = {"error": "error", "warning": "warning", "info": "notice"}


def where(c: Command) -> tuple[str, int, int, str]:
    p = c.properties
    return p["file"], int(p["line"]), int(p["col"]), p["title"]


def as_json(item: dict[str, object]) -> tuple[str, int, int, str]:
    return str(item["path"]), int(str(item["line"])), int(str(item["column"])), str(item["code"])


def said(item: dict[str, object]) -> str:
    """What an annotation says of a problem: its message, then its hint, as text does."""
    hint = item["hint"]
    return f"{item['message']}" + ("" if hint is None else f"; {hint}")


def test_path_and_message_survive_githubs_parser() -> None:
    problem = Problem(
        "claims/a,b: c%2C.yaml",
        7,
        13,
        Severity.WARNING,
        Code.STALE,
        "first line\r\nsecond: 100% of 3, %0A as written",
        "then\nthis",
    )
    line = github_command(problem)
    assert "\n" not in line and "\r" not in line  # one command, one line
    assert line.startswith("::warning file=claims/a%2Cb%3A c%252C.yaml,line=7,col=13,title=stale::")
    command = parse_command(line)
    assert command is not None
    assert command.name == "warning"
    assert command.properties == {
        "file": "claims/a,b: c%2C.yaml",
        "line": "7",
        "col": "13",
        "title": "stale",
    }
    assert command.message == "first line\r\nsecond: 100% of 3, %0A as written; then\nthis"


def test_what_would_rewrite_the_log_is_escaped_as_in_text() -> None:
    """The log draws ANSI colours: an escape sequence or a bidi control is shown as the
    text format shows it (problems.printable), a line break kept as GitHub's %0A."""
    problem = Problem(
        "claims/\u202eevil.yaml", 1, 1, Severity.ERROR, Code.UNKNOWN_FIELD, "\x1b[31mred\x1b[0m"
    )
    command = parse_command(github_command(problem))
    assert command is not None and command.name == "error"
    assert command.properties["file"] == "claims/\\u202eevil.yaml"
    assert command.message == "\\x1b[31mred\\x1b[0m"


@pytest.mark.parametrize("severity", list(Severity))
def test_each_severity_is_its_command(severity: Severity) -> None:
    problem = Problem("tracker.yaml", 1, 1, severity, Code.STALE, "m")
    (command,) = read_annotations(format_github([problem]))
    assert command.name == LEVEL[str(severity)]


def check(run_cli: Runner, root: Path, *extra: str) -> Result:
    return run_cli("check", "--root", root, "--today", REVIEW_DAY, *extra)


def test_check_annotates_every_problem_and_exits_as_text_does(run_cli: Runner) -> None:
    """The review fixture has warnings only: exit 0, and 1 under --strict, as in text."""
    listed = json.loads(check(run_cli, REVIEW, "--format", "json").out)
    assert {p["severity"] for p in listed} == {"warning"} and len(listed) == 3
    result = check(run_cli, REVIEW, "--format", "github")
    assert result.code == 0 and result.err == ""
    found = read_annotations(result.out)
    assert [where(c) for c in found] == [as_json(p) for p in listed]
    assert [c.message for c in found] == [said(p) for p in listed]
    assert {c.name for c in found} == {"warning"}
    strict = check(run_cli, REVIEW, "--format", "github", "--strict")
    assert (strict.code, strict.out) == (1, result.out)
    assert check(run_cli, REVIEW, "--strict").code == 1  # as text


def test_check_fails_on_an_error_annotated_as_one(run_cli: Runner, tmp_path: Path) -> None:
    root = tmp_path / "review"
    shutil.copytree(REVIEW, root)
    price = root / "claims" / "z1-price.yaml"
    price.write_text(price.read_text("utf-8") + "bogus: 1\n", "utf-8")
    result = check(run_cli, root, "--format", "github")
    assert result.code == 1
    found = read_annotations(result.out)
    errors = [c for c in found if c.name == "error"]
    assert [where(c)[::3] for c in errors] == [("claims/z1-price.yaml", "unknown-field")]
    assert {c.name for c in found} == {"error", "warning"}
    assert check(run_cli, root).code == 1  # as text


def test_a_clean_tracker_prints_nothing(run_cli: Runner, tracker: Callable[[str], Path]) -> None:
    root = tracker("minimal")
    for _ in range(2):  # the second a replay of the first (load/manifest.py)
        result = run_cli("check", "--root", root, "--today", "2026-11-30", "--format", "github")
        assert (result.code, result.out) == (0, "")


def test_a_replay_is_of_the_same_format(run_cli: Runner, tmp_path: Path) -> None:
    """The check's manifest replays an unchanged tracker's output: never another format's."""
    root = tmp_path / "review"
    shutil.copytree(REVIEW, root)
    text = check(run_cli, root).out
    github = check(run_cli, root, "--format", "github").out
    assert check(run_cli, root, "--format", "github").out == github
    assert check(run_cli, root).out == text
    assert text.endswith("0 errors, 3 warnings\n") and github.startswith("::warning file=")


def test_review_gives_each_item_as_a_notice_in_its_order(run_cli: Runner) -> None:
    items = json.loads(
        run_cli("review", "--root", REVIEW, "--today", REVIEW_DAY, "--format", "json").out
    )
    result = run_cli("review", "--root", REVIEW, "--today", REVIEW_DAY, "--format", "github")
    assert result.code == 0
    found = read_annotations(result.out)
    assert len(found) == len(items) == 15  # past GitHub's 10 of a kind: the summary has all
    assert [where(c) for c in found] == [as_json(i) for i in items]
    assert [c.message for c in found] == [said(i) for i in items]
    assert {c.name for c in found} == {"notice"}  # advice, even the check's errors


def test_review_with_nothing_to_do_prints_nothing(run_cli: Runner, tmp_path: Path) -> None:
    root = tmp_path / "empty"  # as test_review.py's test_nothing_to_do makes it
    shutil.copytree(FIXTURES / "minimal", root)
    for path in [*(root / "claims").iterdir(), *(root / "sources").iterdir()]:
        path.unlink()
    assert run_cli("review", "--root", root).out == "nothing needs an editor\n"
    result = run_cli("review", "--root", root, "--format", "github")
    assert (result.code, result.out) == (0, "")


def test_translations_annotate_stale_as_warnings_and_missing_as_notices(
    run_cli: Runner,
) -> None:
    data = json.loads(run_cli("translations", "--root", REVIEW, "--format", "json").out)
    gaps = [(lang["language"], g) for lang in data["languages"] for g in lang["gaps"]]
    assert {g["state"] for _, g in gaps} == {"missing", "stale"}
    result = run_cli("translations", "--root", REVIEW, "--format", "github")
    assert result.code == 0
    found = read_annotations(result.out)
    assert [(c.name, *where(c)) for c in found] == [
        (
            "warning" if g["state"] == "stale" else "notice",
            g["path"],
            g["line"],
            g["column"],
            "translation-stale" if g["state"] == "stale" else "review-translation",
        )
        for _, g in gaps
    ]
    text = run_cli("translations", "--root", REVIEW).out.splitlines()
    # The message is the text line after its place: "fr: statement is stale: ...".
    assert [
        f"{c.properties['file']}:{c.properties['line']}:{c.properties['col']}: {c.message}"
        for c in found
    ] == [line for line in text if line.startswith(("claims/", "sources/", "tracker.yaml:"))]
    complete = run_cli("translations", "--root", REVIEW, "--format", "github", "--complete")
    assert (complete.code, complete.out) == (1, result.out)


def test_translations_with_nothing_to_translate_print_nothing(
    run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    result = run_cli("translations", "--root", tracker("minimal"), "--format", "github")
    assert (result.code, result.out) == (0, "")


def test_github_is_offered_by_these_three_commands_only(run_cli: Runner) -> None:
    for command in ("coverage", "recheck"):
        result = run_cli(command, "--format", "github")
        assert result.code == 2 and "invalid choice: 'github'" in result.err
