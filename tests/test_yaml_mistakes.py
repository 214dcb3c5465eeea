"""The common YAML mistakes, each reported by `claimtrack check` where it starts, with a
hint (load/yamlmistakes.py), not at the place libyaml gave up in libyaml's words."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from .conftest import FIXTURES, TODAY, Result

Runner = Callable[..., Result]

CLAIM = (FIXTURES / "minimal" / "claims" / "rocket-speed.yaml").read_text(encoding="utf-8")


def only_problem(run_cli: Runner, root: Path, text: str) -> dict[str, object]:
    """The one problem of claims/bad.yaml holding ``text``, as `check` reports it."""
    (root / "claims" / "bad.yaml").write_text(text, encoding="utf-8")
    result = run_cli("check", "--root", root, "--today", TODAY, "--format", "json")
    assert result.code == 1 and "Traceback" not in result.output
    found = [p for p in json.loads(result.out) if p["path"] == "claims/bad.yaml"]
    assert len(found) == 1, found
    return dict(found[0])


CASES = [
    pytest.param(
        # The case: an unclosed quote that the next quote mark, lines below, closes.
        CLAIM.replace("statement: Rocket", 'statement: "Rocket'),
        (2, 12, "yaml-syntax"),
        "this quote is never closed",
        'end the value with " on its line; YAML read on to the " on line 13, taking the '
        "lines between into the value",
        id="quote-closed-lines-below",
    ),
    pytest.param(
        "statement: x\nrationale: 'Bench Weekly says\nkind: fact\n",
        (2, 12, "yaml-syntax"),
        "this quote is never closed",
        "end the value with '; YAML read to the end of the file looking for it",
        id="quote-to-the-end",
    ),
    pytest.param(
        "statement: 'it's fast'\nkind: fact\n",
        (1, 15, "yaml-syntax"),
        "text after the closing ' of a quoted value",
        "a ' inside '...' is written twice (''); or quote the whole value with \"...\"",
        id="apostrophe-in-single-quotes",
    ),
    pytest.param(
        "statement: x\nclaimant:\n\tname: Acme\n",
        (3, 1, "tab-indent"),
        "tab character in indentation",
        "indent with spaces",
        id="tab",
    ),
    pytest.param(
        "statement: Speed: 8x\nkind: fact\n",
        (1, 12, "yaml-syntax"),
        "a ': ' inside an unquoted value starts a mapping",
        'quote the value: statement: "Speed: 8x"',
        id="colon-in-value",
    ),
    pytest.param(
        'claimant:\n  name: Acme\n  role: CEO: "the boss"  # a comment\n',
        (3, 9, "yaml-syntax"),
        "a ': ' inside an unquoted value starts a mapping",
        "quote the value: role: 'CEO: \"the boss\"'",
        id="colon-in-value-with-quotes",
    ),
    pytest.param(
        "statement: x\nclaimant:\n  name: Acme\n   role: CEO\nkind: fact\n",
        (4, 4, "yaml-syntax"),
        "'role' is indented 3 spaces, more than 'name' on the line above (2)",
        "line it up with 'name'; if the line goes on with the value above, quote that value",
        id="key-indented-more",
    ),
    pytest.param(
        "statement: x\nclaimant:\n    name: Acme\n  role: CEO\nkind: fact\n",
        (4, 3, "yaml-syntax"),
        "'role' is indented 2 spaces, in line with no key above it",
        "line it up with 'name' (4 spaces) or 'claimant' (0 spaces)",
        id="key-indented-less",
    ),
    pytest.param(
        "evidence:\n  - source: a\n   quote: b\n",
        (3, 4, "yaml-syntax"),
        "'quote' is indented 3 spaces, in line with no key above it",
        "line it up with 'source' (4 spaces) or 'evidence' (0 spaces)",
        id="key-of-a-list-item",
    ),
    pytest.param(
        "evidence:\n  - source: a\n    quote: b\n - source: c\n   quote: d\nkind: fact\n",
        (4, 2, "yaml-syntax"),
        "this list item is indented 1 space, and the one on line 2 2 spaces",
        "line its '-' up with the other items of its list",
        id="list-item-at-the-wrong-level",
    ),
    pytest.param(
        "topics:\n- speed\nkind: fact\n- price\n",
        (4, 1, "yaml-syntax"),
        "a list item among the keys of a mapping",
        "put it under the key of its list, lined up with the list's other items",
        id="list-item-among-keys",
    ),
    pytest.param(
        "topics: - speed\n",
        (1, 9, "yaml-syntax"),
        "a list cannot begin on the line of its key",
        "put each '- ' item on a line of its own, indented under the key, or write the "
        "list as [a, b]; quote the value if the '-' is part of its text",
        id="list-on-the-key-line",
    ),
    pytest.param(
        "statement: x\ntopics: [speed, price\nkind: fact\n",
        (2, 9, "yaml-syntax"),
        "this '[' is never closed",
        "end the list with ']', or quote the value if the '[' is part of its text",
        id="bracket-never-closed",
    ),
    pytest.param(
        "statement: x\nclaimant: {name: Acme\nkind: fact\n",
        (2, 11, "yaml-syntax"),
        "this '{' is never closed",
        "end the mapping with '}', or quote the value if the '{' is part of its text",
        id="brace-never-closed",
    ),
    pytest.param(
        "statement: [Rocket 2] is fast\n",
        (1, 12, "yaml-syntax"),
        "a value that begins with '[' is a list, ending at column 21, and text follows it",
        "quote the value if the brackets are part of its text",
        id="text-after-brackets",
    ),
    pytest.param(
        "statement: x\nkind:fact\nstatus: unverified\n",
        (2, 5, "yaml-syntax"),
        "no space after the ':' of 'kind', so YAML reads the line as text, not a key and its value",
        "write kind: fact",
        id="key-glued-to-value",
    ),
    pytest.param(
        "claimant:\n  name:Acme\n  role: CEO\n",
        (2, 7, "yaml-syntax"),
        "no space after the ':' of 'name', so YAML reads the line as text, not a key and its value",
        "write name: Acme",
        id="key-glued-to-value-nested",
    ),
    pytest.param(
        "statement: x\nkind fact\nstatus: unverified\n",
        (2, 1, "yaml-syntax"),
        "this line has no ':' after its key",
        "write key: value; a line that goes on with the value above is indented more than "
        "that value's key",
        id="no-colon",
    ),
    pytest.param(
        "statement: |\nRocket 2 is fast\nkind: fact\n",
        (2, 1, "yaml-syntax"),
        "the text of the block that 'statement' opens is not indented under it",
        "indent its lines by more than 0 spaces",
        id="block-not-indented",
    ),
    pytest.param(
        "statement: x\nclaimant:\n  name: @acme\n",
        (3, 9, "yaml-syntax"),
        "a value cannot begin with '@' unquoted",
        "quote the value",
        id="reserved-character",
    ),
    pytest.param(
        "statement: *really* fast\n",
        (1, 12, "yaml-syntax"),
        "a value that begins with '*' is read as an alias",
        "quote the value",
        id="star",
    ),
]


@pytest.mark.parametrize(("text", "where", "message", "hint"), CASES)
def test_a_common_mistake_is_said_where_it_starts(
    run_cli: Runner,
    tracker: Callable[[str], Path],
    text: str,
    where: tuple[int, int, str],
    message: str,
    hint: str,
) -> None:
    problem = only_problem(run_cli, tracker("minimal"), text)
    assert (problem["line"], problem["column"], problem["code"]) == where
    assert (problem["message"], problem["hint"]) == (message, hint)


def test_a_mistake_not_recognised_keeps_the_parsers_words(
    run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    problem = only_problem(run_cli, tracker("minimal"), "statement: x\n%x: 1\n")
    assert (problem["line"], problem["column"], problem["code"]) == (2, 3, "yaml-syntax")
    assert problem["message"] == "YAML syntax error: found unexpected non-alphabetical character"
    assert problem["hint"] is None


def test_a_quoted_value_over_lines_is_not_taken_for_an_unclosed_quote(
    run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    """A quote that closes at the end of a later line is a value over lines, as YAML
    allows: the mistake after it is the one reported."""
    text = 'rationale: "It says:\n  speed: fast"\ntopics: [speed\nkind: fact\n'
    problem = only_problem(run_cli, tracker("minimal"), text)
    assert (problem["line"], problem["column"]) == (3, 9)
    assert problem["message"] == "this '[' is never closed"
