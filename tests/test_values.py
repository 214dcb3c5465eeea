"""Values that look filled in but are not usable are refused, each at its position.

Records come from strangers' pull requests: a number that is not finite, a date
that is not a day, a text of white space, a character XML cannot carry.
"""

from __future__ import annotations

import datetime as dt
import json
import math
from collections.abc import Callable
from pathlib import Path

import jsonschema
import pytest

from claimtrack.check.analysis import Analysis, QuoteCheck
from claimtrack.load import Loaded, load_tracker
from claimtrack.records import Evidence

from .conftest import REPO, TODAY, Result

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


# --- quantity.value: a finite number -------------------------------------------------


@pytest.mark.parametrize(
    "value",
    ["nan", ".nan", "NaN", ".NAN", ".inf", "-.Inf", "inf", "Infinity", "-Infinity", "1e400",
     "-1e400", '"nan"'],
)  # fmt: skip
def test_quantity_value_that_is_not_finite_is_invalid(
    value: str, run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    where = put(root, SPEED, "  value: ", "3", value)
    problem = by_position(problems(run_cli, root), "invalid-value")[where]
    assert "quantity.value: must be a finite number" in str(problem["message"])


@pytest.mark.parametrize("value", ["true", "false", "1_000", "0x10", "3 apples", "[3]"])
def test_quantity_value_that_is_not_a_number_is_the_wrong_type(
    value: str, run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    where = put(root, SPEED, "  value: ", "3", value)
    assert where in by_position(problems(run_cli, root), "wrong-type")


@pytest.mark.parametrize("value", ["3", "2.5", "-1", ".5", "1e3", "+4", "0"])
def test_quantity_value_that_is_a_finite_number_is_accepted(
    value: str, run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    put(root, SPEED, "  value: ", "3", value)
    assert problems(run_cli, root) == []
    assert load_tracker(root).claims["rocket-speed"].record.quantity.value == float(value)  # type: ignore[union-attr]


def test_json_schema_refuses_an_infinite_value() -> None:
    schema = json.loads((REPO / "schema" / "claim.schema.json").read_text(encoding="utf-8"))
    quantity = {**schema["$defs"]["Quantity"], "$defs": schema["$defs"]}
    good = {"value": 8, "unit": "x", "bound": "up-to", "metric": "speed"}
    jsonschema.validate(good, quantity)
    for bad in (math.inf, -math.inf, True):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate({**good, "value": bad}, quantity)


# --- dates: exactly YYYY-MM-DD ---------------------------------------------------------

DATE_FIELDS = [
    (SPEED, "  - date: ", "2026-10-02"),
    ("claims/rocket-price.yaml", "review_by: ", "2027-06-30"),
    ("sources/acme-post.yaml", "published: ", "2026-10-01"),
    ("sources/acme-post.yaml", "retrieved: ", "2026-11-30"),
]


@pytest.mark.parametrize(
    "value",
    ["1764460800", "2026-11-30T00:00:00", "2026-11-30 00:00:00", "'2026-11-30T00:00'",
     "20261130", "2026-W48-1", "2026-1-05", "26-11-30", "true", "2026-02-30", "'2026-13-01'",
     "[2026-11-30]"],
)  # fmt: skip
def test_every_date_field_takes_only_yyyy_mm_dd(
    value: str, run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    wanted = {put(root, rel, before, old, value) for rel, before, old in DATE_FIELDS}
    found = by_position(problems(run_cli, root), "invalid-date")
    assert wanted <= set(found), found


def test_date_messages_say_what_is_wrong(run_cli: Runner, tracker: Callable[[str], Path]) -> None:
    root = tracker("minimal")
    unix = put(root, SPEED, "  - date: ", "2026-10-02", "1764460800")
    no_day = put(root, "claims/rocket-price.yaml", "review_by: ", "2027-06-30", "2027-02-29")
    found = by_position(problems(run_cli, root), "invalid-date")
    assert found[unix]["message"] == "history[0].date: expected a date written YYYY-MM-DD"
    assert found[no_day]["message"] == "review_by: no such day in the calendar"


@pytest.mark.parametrize("option", ["--today", "--date"])
@pytest.mark.parametrize("value", ["20261116", "2026-W47-1", "2026-11-16T00:00"])
def test_date_options_take_only_yyyy_mm_dd(
    option: str, value: str, run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    before = (root / SPEED).read_bytes()
    args = ["status", "rocket-speed", "disputed", "--note", "x", "--root", root]
    args += [option, value] + (["--today", TODAY] if option == "--date" else [])
    result = run_cli(*args)
    assert result.code == 2 and "YYYY-MM-DD" in result.err
    assert (root / SPEED).read_bytes() == before


# --- url: an address a browser could open ----------------------------------------------

PORT = (
    "url: the port must be a whole number from 1 to 65535",
    "leave the port out unless the address has one, as https://example.com/page",
)
NO_HOST = (
    "url: the address has no host",
    "write the host's name after //, as https://example.com/page",
)
IPV6 = (
    "url: the host in brackets is not an IPv6 address",
    "write an IPv6 address in brackets, as http://[2001:db8::1]/, or the host's name",
)


@pytest.mark.parametrize(
    ("url", "said"),
    [
        ("http://host:99999/", PORT),
        ("https://host:0/", PORT),
        ("https://host:65536/page", PORT),
        ("https://host:8o80/", PORT),
        ("https://host:1_0/", PORT),
        ("https://[::1]:70000/", PORT),
        ("http://[::1/", IPV6),
        ("http://[zz]/", IPV6),
        ("http://:80/", NO_HOST),
        ("https://user@/", NO_HOST),
        (
            "ftp://host/",
            (
                "url: must be an absolute http:// or https:// URL",
                "write the whole address, as https://example.com/page",
            ),
        ),
    ],
)
def test_an_address_urllib_cannot_read_is_an_error_at_the_value(
    url: str, said: tuple[str, str], run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    where = add(root, "sources/acme-post.yaml", "publisher: Acme\n", "url: ", url)
    problem = by_position(problems(run_cli, root), "invalid-value")[where]
    assert (problem["message"], problem["hint"]) == said


@pytest.mark.parametrize(
    "url", ["https://host:8443/page", "http://[2001:db8::1]:80/", "http://host:/", "HTTPS://host/"]
)
def test_an_address_with_a_port_or_an_ipv6_host_is_accepted(
    url: str, run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    add(root, "sources/acme-post.yaml", "publisher: Acme\n", "url: ", url)
    assert problems(run_cli, root) == []


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
