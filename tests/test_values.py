"""Values that look filled in but are not usable are refused, each at its position.

Records come from strangers' pull requests: a text of white space, a character
XML cannot carry.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from claimtrack.analysis import Analysis, QuoteCheck
from claimtrack.loading import Loaded, load_tracker
from claimtrack.records import Evidence

from .conftest import TODAY, Result

Runner = Callable[..., Result]
Pos = tuple[str, int, int]


def put(root: Path, rel: str, before: str, old: str, new: str) -> Pos:
    """Replace ``before + old`` by ``before + new`` in a file; where ``new`` now starts."""
    path = root / rel
    text = path.read_text(encoding="utf-8")
    assert before + old in text, f"{before + old!r} not in {rel}"
    start = text.index(before + old) + len(before)
    path.write_text(text[:start] + new + text[start + len(old) :], encoding="utf-8")
    line = text.count("\n", 0, start) + 1
    return rel, line, start - (text.rfind("\n", 0, start) + 1) + 1


def add(root: Path, rel: str, after: str, key: str, value: str) -> Pos:
    """Insert the line ``key + value`` after the text ``after``; where ``value`` starts."""
    path, line, column = put(root, rel, after, "", f"{key}{value}\n")
    return path, line, column + len(key)


def problems(run_cli: Runner, root: Path) -> list[dict[str, object]]:
    result = run_cli("check", "--root", root, "--today", TODAY, "--format", "json")
    assert "Traceback" not in result.output
    found: list[dict[str, object]] = json.loads(result.out)
    assert result.code == (1 if any(p["severity"] == "error" for p in found) else 0)
    return found


def by_position(found: list[dict[str, object]], code: str) -> dict[Pos, dict[str, object]]:
    return {
        (str(p["path"]), int(str(p["line"])), int(str(p["column"]))): p
        for p in found
        if p["code"] == code
    }


SPEED = "claims/rocket-speed.yaml"


# --- text: something to read ------------------------------------------------------------

BLANKS = ['" "', '"\\u3000"', '"\\n\\n"', '"\\u200b"', '"\\ufeff \\u200d"', '""', "'  '",
          '"\\t"', '"\\u00a0"', '"\\u2028"', "|\n  \n"]  # fmt: skip


def test_blank_text_is_an_empty_value_in_every_text_field(
    run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    blanks = iter(BLANKS * 2)
    wanted = [
        put(root, SPEED, "statement: ", "Rocket 2 runs up to 3x faster than Rocket 1.", next(blanks)),
        put(root, SPEED, "  unit: ", "x", next(blanks)),
        put(root, SPEED, "  metric: ", "speed", next(blanks)),
        put(root, SPEED, "  baseline: ", "Rocket 1", next(blanks)),
        put(root, SPEED, "    quote: ", "It runs up to 3x faster than Rocket 1", next(blanks)),
        put(root, SPEED, "    translation: ", "'\"up to 3 times faster\"'", next(blanks)),
        put(root, SPEED, "    note: ", "Recorded from the announcement.", next(blanks)),
        put(root, SPEED, "  name: ", "Acme", next(blanks)),
        put(root, SPEED, "rationale: ", "The vendor's own figure; nobody has measured it.", next(blanks)),
        put(root, "sources/acme-post.yaml", "title: ", "Acme announces Rocket 2", next(blanks)),
        put(root, "sources/acme-post.yaml", "publisher: ", "Acme", next(blanks)),
        put(root, "sources/acme-post.yaml", "authors: [", "Jane Doe", next(blanks)),
        put(root, "tracker.yaml", "title: ", "Rocket 2 claims", next(blanks)),
        add(root, "claims/rocket-price.yaml", "  name: Acme\n", "  role: ", "' '"),
        add(root, "claims/rocket-price.yaml", "  role: ' '\n", "  organisation: ", '"\\u3000"'),
    ]  # fmt: skip
    found = by_position(problems(run_cli, root), "empty-value")
    assert set(wanted) <= set(found), sorted(set(wanted) - set(found))
    statement = found[wanted[0]]
    assert statement["message"] == "statement is empty: a value is required"
    assert statement["hint"] == "it holds only white space or invisible characters"


def test_optional_free_texts_may_stay_empty(
    run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    put(root, "sources/acme-post.yaml", "notes: ", "The vendor's own announcement.", '" "')
    put(root, "tracker.yaml", "description: ", "A small tracker used by the tests.", "''")
    assert problems(run_cli, root) == []


def test_a_quote_that_normalises_to_nothing_is_never_found(
    tracker: Callable[[str], Path],
) -> None:
    # The model refuses such a quote; the check must not vouch for one either way.
    tracked = load_tracker(tracker("minimal"))
    loaded = tracked.claims["rocket-speed"]
    for blank in (" ", "\u3000", "\n\n", "\u200b", "\ufeff"):
        quote = Evidence.model_construct(source="acme-post", quote=blank)
        record = loaded.record.model_copy(update={"evidence": [quote]})
        tracked.claims["rocket-speed"] = Loaded(loaded.id, loaded.path, record, loaded.positions)
        checks = Analysis(tracked, dt.date.fromisoformat(TODAY)).quote_checks
        assert checks["rocket-speed"] == [QuoteCheck.NOT_FOUND], repr(blank)


# --- characters XML 1.0 cannot carry ----------------------------------------------------


def test_characters_xml_cannot_carry_are_refused_in_every_text(
    run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    cases = [
        (put(root, SPEED, "statement: ", "Rocket 2 runs up to 3x faster than Rocket 1.", '"Rocket\\x012 runs"'), "U+0001 at offset 6"),
        (put(root, SPEED, "  conditions: ", '""', '"\\0"'), "U+0000 at offset 0"),
        (put(root, SPEED, "    note: ", "Recorded from the announcement.", '"Noted\\uFFFE"'), "U+FFFE at offset 5"),
        (put(root, SPEED, "    quote: ", "It runs up to 3x faster than Rocket 1", '"It runs\\uffff"'), "U+FFFF at offset 7"),
        (add(root, "sources/acme-post.yaml", "language: en\n", "url: ", '"https://acme.example/\\x1f"'), "U+001F at offset 21"),
        (put(root, "sources/acme-post.yaml", "notes: ", "The vendor's own announcement.", '"\\e[31m"'), "U+001B at offset 0"),
        (put(root, "tracker.yaml", "description: ", "A small tracker used by the tests.", '"\\v"'), "U+000B at offset 0"),
        (add(root, "tracker.yaml", "language: en\n", "base_url: ", '"https://claims.example.org/\\b"'), "U+0008 at offset 27"),
    ]  # fmt: skip
    found = by_position(problems(run_cli, root), "invalid-character")
    for where, named in cases:
        assert where in found, (where, sorted(found))
        assert f"character {named} of the value" in str(found[where]["message"])
        assert found[where]["severity"] == "error"


@pytest.mark.parametrize(
    ("char", "name"), [("\x01", "U+0001"), ("\x7f", "U+007F"), ("\ufffe", "U+FFFE")]
)
def test_a_character_yaml_refuses_is_reported_where_it_stands(
    char: str, name: str, run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    rel, line, column = put(root, SPEED, "statement: Rocket 2", "", char)
    problem = by_position(problems(run_cli, root), "invalid-character")[(rel, line, column)]
    assert problem["message"] == f"character {name} is not allowed in a YAML file"


def test_a_build_with_such_a_character_fails_and_writes_nothing(
    run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    put(root, SPEED, "    note: ", "Recorded from the announcement.", '"Recorded\\x01"')
    result = run_cli("build", "--root", root, "--today", TODAY)
    assert result.code == 1 and "[invalid-character]" in result.err
    assert not (root / "site" / "feed.xml").exists()
