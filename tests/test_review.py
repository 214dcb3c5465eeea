"""`claimtrack review`: the editor's worklist, most urgent first; always exit 0.

tests/fixtures/review holds one item of each kind when judged on REVIEW_DAY.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path

from claimtrack.check import Checker, run_checks
from claimtrack.check.worklist import ORDER, urgency, worklist
from claimtrack.codes import Code, Severity
from claimtrack.load import Loader, load_tracker
from claimtrack.problems import Problem, fails, format_json, format_text

from .conftest import FIXTURES, Result

Runner = Callable[..., Result]
REVIEW = FIXTURES / "review"
REVIEW_DAY = "2027-01-15"

# Every item of the fixture on REVIEW_DAY, in the order the worklist gives them.
EXPECTED = [
    ("claims/z1-price.yaml:18:12", "stale"),
    ("claims/z1-speed.yaml:20:12", "quote-unchecked"),
    ("claims/z1-price.yaml:12:9", "review-undisclosed"),
    ("claims/z1-speed.yaml:21:9", "review-unverified"),
    ("claims/z1-speed.yaml:27:12", "review-to-check"),
    ("claims/z1-speed.yaml:31:16", "translation-stale"),
    ("claims/z1-price.yaml:1:1", "review-translation"),
    ("claims/z1-speed.yaml:29:3", "review-translation"),
    ("sources/lab-review.yaml:1:1", "review-translation"),
    ("sources/zephyr-blog.yaml:1:1", "review-translation"),
    ("sources/zephyr-launch.yaml:1:1", "review-translation"),
    ("tracker.yaml:8:3", "review-translation"),
    # Strongest first (four signals), then in the order of the text; three at most.
    ("sources/zephyr-launch.txt:4:24", "review-uncited"),
    ("sources/zephyr-launch.txt:2:1", "review-uncited"),
    ("sources/zephyr-launch.txt:2:37", "review-uncited"),
]

_LINE = re.compile(r"^(\S+:\d+:\d+): (.*) \[([a-z0-9-]+)\]$")


def items_of(out: str) -> list[tuple[str, str]]:
    found = []
    for text in out.splitlines()[:-1]:
        match = _LINE.match(text)
        assert match is not None, text
        found.append((match.group(1), match.group(3)))
    return found


def test_each_kind_of_item_most_urgent_first(run_cli: Runner) -> None:
    result = run_cli("review", "--root", REVIEW, "--today", REVIEW_DAY)
    assert result.code == 0, result.output
    assert items_of(result.out) == EXPECTED
    assert result.out.splitlines()[-1] == "15 items need an editor"
    lines = result.out.splitlines()
    # Each line says why and what to do, as a check's problem does (message; hint).
    assert lines[0] == (
        "claims/z1-price.yaml:18:12: review_by 2026-12-31 has passed: the claim is stale; "
        "look at it again and move review_by forward [stale]"
    )
    assert "undisclosed for 106 days (since 2026-10-01, more than 60)" in lines[2]
    assert "unverified for 106 days (since 2026-10-01, more than 90)" in lines[3]
    assert "source 'lab-review' is still to check and has no archived text yet" in lines[4]
    assert (
        "not translated into fr yet: statement, claimant/name, history/2026-10-01, rationale"
        in lines[6]
    )
    assert "`claimtrack translate --tracker --language fr`" in lines[11]
    assert "no claim cites: Zephyr expects up to 3x more orders than last year." in lines[12]


def test_the_uncited_sentences_are_the_strongest_few_with_a_signal(run_cli: Runner) -> None:
    out = run_cli("review", "--root", REVIEW, "--today", REVIEW_DAY).out
    uncited = [text for text in out.splitlines() if text.endswith("[review-uncited]")]
    assert len(uncited) == 3
    # The fourth with a signal, and the one without any, are left to `claimtrack coverage`.
    assert "96 GB" not in out and "Thank you for reading" not in out
    assert "96 GB" in run_cli("coverage", "--root", REVIEW).out


def test_items_wait_for_their_day(run_cli: Runner) -> None:
    """Before review_by, 60 days undisclosed and 90 unverified, those are no items."""
    out = run_cli("review", "--root", REVIEW, "--today", "2026-11-15").out
    codes = {code for _, code in items_of(out)}
    assert codes == {
        "quote-unchecked",
        "review-to-check",
        "translation-stale",
        "review-translation",
        "review-uncited",
    }
    # 61 days undisclosed is one too many; 61 unverified is not yet.
    codes = {
        code
        for _, code in items_of(run_cli("review", "--root", REVIEW, "--today", "2026-12-01").out)
    }
    assert "review-undisclosed" in codes and "review-unverified" not in codes


def test_json_gives_the_same_items_with_their_urgency(run_cli: Runner) -> None:
    result = run_cli("review", "--root", REVIEW, "--today", REVIEW_DAY, "--format", "json")
    assert result.code == 0
    data = json.loads(result.out)
    assert [(f"{d['path']}:{d['line']}:{d['column']}", d["code"]) for d in data] == EXPECTED
    assert set(data[0]) == {"path", "line", "column", "code", "message", "hint", "urgency"}
    assert data[0]["message"] == "review_by 2026-12-31 has passed: the claim is stale"
    ranks = [d["urgency"] for d in data]
    assert ranks == sorted(ranks) and ranks[0] == ORDER.index(Code.STALE) + 1
    assert data[-1]["urgency"] == len(ORDER)


def test_errors_come_first_and_the_exit_is_still_0(
    run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    root = tracker("review")
    claim = root / "claims" / "z1-speed.yaml"
    text = claim.read_text(encoding="utf-8")
    claim.write_text(
        text.replace("kind: figure", "kind: figur").replace(
            "to_check: [lab-review]", "to_check: [lab-review, lab-reveiw]"
        ),
        encoding="utf-8",
    )
    check = run_cli("check", "--root", root, "--today", REVIEW_DAY, "--no-cache")
    assert check.code == 1
    result = run_cli("review", "--root", root, "--today", REVIEW_DAY)
    assert result.code == 0, result.output
    found = items_of(result.out)
    assert found[0] == ("claims/z1-speed.yaml:7:7", "invalid-choice")
    data = json.loads(
        run_cli("review", "--root", root, "--today", REVIEW_DAY, "--format", "json").out
    )
    assert data[0]["urgency"] == 1 and data[0]["code"] == "invalid-choice"
    # A claim that fails validation is not loaded: its own items wait for the fix; an
    # unknown id in another claim's to_check is both the check's error and an item.
    other = root / "claims" / "z1-price.yaml"
    other.write_text(
        other.read_text(encoding="utf-8") + "to_check: [lab-reveiw]\n", encoding="utf-8"
    )
    out = run_cli("review", "--root", root, "--today", REVIEW_DAY).out
    assert "claims/z1-price.yaml:19:12: unknown source" in out.splitlines()[0]
    assert (
        "claims/z1-price.yaml:19:12: source 'lab-reveiw' is still to check and has no "
        "record yet; record it with `claimtrack new source lab-reveiw` and archive it "
        "[review-to-check]"
    ) in out.splitlines()


def test_nothing_to_do(run_cli: Runner, tmp_path: Path) -> None:
    root = tmp_path / "empty"
    shutil.copytree(FIXTURES / "minimal", root)
    for path in (root / "claims").iterdir():
        path.unlink()
    for path in (root / "sources").iterdir():
        path.unlink()
    result = run_cli("review", "--root", root, "--no-cache")
    assert (result.code, result.out) == (0, "nothing needs an editor\n")
    assert json.loads(run_cli("review", "--root", root, "--format", "json").out) == []


def test_a_usage_error_exits_2(run_cli: Runner) -> None:
    assert run_cli("review", "--root", REVIEW, "--format", "xml").code == 2
    assert run_cli("review", "--root", REVIEW, "--today", "2027-13-01").code == 2


def test_the_worklist_is_info_problems_from_one_check() -> None:
    """The function the language server calls: (analysis, problems, today) -> [Problem]."""
    today = dt.date.fromisoformat(REVIEW_DAY)
    analysis, problems = run_checks(load_tracker(REVIEW), today)
    items = worklist(analysis, problems, today)
    assert all(isinstance(i, Problem) and i.severity is Severity.INFO for i in items)
    assert [(f"{i.path}:{i.line}:{i.column}", str(i.code)) for i in items] == EXPECTED
    assert [urgency(i) for i in items] == sorted(urgency(i) for i in items)
    # The check's own problems are repeated, not judged again: same place, same words.
    repeated = [p for p in problems if p.code is Code.TRANSLATION_STALE]
    assert [(p.path, p.line, p.column, p.message, p.hint) for p in repeated] == [
        (i.path, i.line, i.column, i.message, i.hint)
        for i in items
        if i.code is Code.TRANSLATION_STALE
    ]


def test_info_items_never_count_or_fail_in_checks_output(run_cli: Runner) -> None:
    today = dt.date.fromisoformat(REVIEW_DAY)
    items = worklist(*run_checks(load_tracker(REVIEW), today), today)
    assert format_text(items).endswith("\n0 errors, 0 warnings")
    assert not fails(items, strict=True)
    assert {d["severity"] for d in json.loads(format_json(items))} == {"info"}
    check = run_cli("check", "--root", REVIEW, "--today", REVIEW_DAY, "--strict")
    assert check.code == 1  # its three warnings, under --strict
    assert check.out.splitlines()[-1] == "0 errors, 3 warnings"
    assert "info" not in check.out and "review-" not in check.out


def test_a_later_worklist_ranks_again_what_an_edit_changed(tracker: Callable[[str], Path]) -> None:
    """serve and the language server check again and again with one Checker: the store
    keeps each archive's strongest uncited sentences, never past an edit of its quotes."""
    root = tracker("review")
    today = dt.date.fromisoformat(REVIEW_DAY)
    loader, checker = Loader(root), Checker()
    first = worklist(*checker.run(loader.load(), today), today)
    assert ("sources/zephyr-launch.txt:2:1", "review-uncited") in places(first)
    claim = root / "claims" / "z1-price.yaml"
    claim.write_text(
        claim.read_text(encoding="utf-8").replace(
            "    quote: The price was not announced.\n",
            "    quote: The price was not announced.\n"
            "  - source: zephyr-launch\n"
            "    quote: The Z1 draws 40 watts at full load.\n",
        ),
        encoding="utf-8",
    )
    again = worklist(*checker.run(loader.load(["claims/z1-price.yaml"]), today), today)
    uncited = [p for p in places(again) if p[1] == "review-uncited"]
    # Now cited: the next strongest takes its place.
    assert uncited == [
        ("sources/zephyr-launch.txt:4:24", "review-uncited"),
        ("sources/zephyr-launch.txt:2:37", "review-uncited"),
        ("sources/zephyr-launch.txt:3:46", "review-uncited"),
    ]
    assert checker.store.strongest and len(checker.store.strongest) == 1


def places(items: list[Problem]) -> list[tuple[str, str]]:
    return [(f"{i.path}:{i.line}:{i.column}", str(i.code)) for i in items]


def test_a_later_worklist_judges_again_the_translations_of_an_edited_record(
    tracker: Callable[[str], Path],
) -> None:
    root = tracker("review")
    today = dt.date.fromisoformat(REVIEW_DAY)
    loader, checker = Loader(root), Checker()
    first = worklist(*checker.run(loader.load(), today), today)
    before = dict(checker.store.missing)
    price = [i.message for i in first if i.path == "claims/z1-price.yaml"]
    assert (
        "not translated into fr yet: statement, claimant/name, history/2026-10-01, rationale"
        in price
    )
    claim = root / "claims" / "z1-price.yaml"
    claim.write_text(
        claim.read_text(encoding="utf-8")
        + "translations:\n  fr:\n    translated_by: person\n"
        + "    statement: Zephyr n'a pas annoncé le prix du Z1.\n",
        encoding="utf-8",
    )
    again = worklist(*checker.run(loader.load(["claims/z1-price.yaml"]), today), today)
    price = [
        (i.line, i.column, i.message)
        for i in again
        if i.path == "claims/z1-price.yaml" and i.code is Code.REVIEW_TRANSLATION
    ]
    # Now at its fr: block, the statement no longer missing.
    assert price == [
        (20, 3, "not translated into fr yet: claimant/name, history/2026-10-01, rationale")
    ]
    # Every other record's gaps were kept, not judged again: the same list objects.
    after = checker.store.missing
    assert len(after) == 5  # the 2 claims and 3 sources, in fr
    same = [key for key, (_, gaps) in after.items() if key in before and before[key][1] is gaps]
    assert len(same) == 4


def test_a_quote_whose_passage_left_its_source_is_an_item(run_cli: Runner) -> None:
    """tests/fixtures/revisions: rocket-speed's first quote edited out of acme-post's second
    revision, rocket-fuel's deleted from acme-faq, rocket-tested's source taken down; at the
    quote, the earliest removal first, right after the quotes nobody could prove."""
    result = run_cli("review", "--root", FIXTURES / "revisions", "--today", "2026-11-30")
    assert result.code == 0, result.output
    gone = [item for item in items_of(result.out) if item[1] == "review-passage-gone"]
    assert gone == [
        ("claims/rocket-fuel.yaml:10:12", "review-passage-gone"),
        ("claims/rocket-speed.yaml:17:12", "review-passage-gone"),
        ("claims/rocket-tested.yaml:10:12", "review-passage-gone"),
    ]
    lines = result.out.splitlines()
    assert items_of(result.out)[:3] == gone  # nothing in the fixture is more urgent
    assert (
        "source 'acme-post' no longer has this quote: the passage was removed between "
        "2026-10-01 and 2026-11-15 (the archived copy of 2026-09-01 still has it)"
    ) in lines[1]
    assert "the page was taken down between 2026-09-01 and 2026-11-20" in lines[2]
    assert ORDER.index(Code.REVIEW_PASSAGE_GONE) == ORDER.index(Code.QUOTE_UNCHECKED) + 1
