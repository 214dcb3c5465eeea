"""Bugs the fuzz suite (tests/fuzz) found, each pinned by a small regression test."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from .conftest import TODAY, Result

Runner = Callable[..., Result]


def problems(run_cli: Runner, root: Path) -> list[tuple[object, ...]]:
    result = run_cli("check", "--root", root, "--today", TODAY, "--format", "json")
    assert "Traceback" not in result.output
    return [(p["path"], p["line"], p["column"], p["code"]) for p in json.loads(result.out)]


@pytest.mark.parametrize("brk", ["\r", "\x85", "\u2028", "\u2029"])
def test_a_line_break_editors_do_not_count_is_refused_where_it_stands(
    run_cli: Runner, tracker: Callable[[str], Path], brk: str
) -> None:
    # libyaml counts these as new lines: every later problem would name a line that,
    # to the editor, does not exist.
    root = tracker("minimal")
    path = root / "sources" / "acme-post.yaml"
    lines = path.read_text(encoding="utf-8").split("\n")
    lines[1] = lines[1].replace(": ", f": a{brk}b ", 1)
    path.write_bytes("\n".join(lines).encode("utf-8") + b"bogus: 1\n")
    found = [p for p in problems(run_cli, root) if p[0] == "sources/acme-post.yaml"]
    assert found[0][1:3] == (2, lines[1].index(brk) + 1)
    assert found[0][3] == "invalid-character"
    assert all(p[1] <= len(lines) for p in found)


def test_crlf_line_ends_are_fine(run_cli: Runner, tracker: Callable[[str], Path]) -> None:
    root = tracker("minimal")
    path = root / "sources" / "acme-post.yaml"
    path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))
    assert [p for p in problems(run_cli, root) if p[0] == "sources/acme-post.yaml"] == []


def test_an_error_at_the_end_of_the_file_names_its_last_line(
    run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    (root / "sources" / "acme-post.yaml").write_text("title: x\nlanguage: '\n")
    [found] = [p for p in problems(run_cli, root) if p[0] == "sources/acme-post.yaml"]
    assert found[1] == 2 and found[3] == "yaml-syntax"


@pytest.mark.parametrize("escape", ["\\x85", "\\x9b", "\\x7f"])
def test_c1_controls_and_del_are_refused_in_text(
    run_cli: Runner, tracker: Callable[[str], Path], escape: str
) -> None:
    # Legal in XML, but each is a parse error in an HTML page.
    root = tracker("minimal")
    path = root / "claims" / "rocket-price.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text.replace(
            "statement: Acme did not announce", f'statement: "Acme{escape} did not announce', 1
        ).replace("price of Rocket 2.\n", 'price of Rocket 2."\n', 1),
        encoding="utf-8",
    )
    found = [p for p in problems(run_cli, root) if p[3] == "invalid-character"]
    assert [p[:2] for p in found] == [("claims/rocket-price.yaml", 2)]
