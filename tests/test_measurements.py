"""Measurements of a figure: their model, their quotes, their independence and agreement."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from .conftest import Result
from .measure_support import LAB_TEXT, add_source, measurement, set_measurements
from .test_checks import at, only, problems

Runner = Callable[..., Result]


@pytest.fixture
def root(tracker: Callable[[str], Path]) -> Path:
    found = tracker("minimal")
    add_source(found, "bench-lab", LAB_TEXT)
    return found


def test_a_measured_figure_with_its_quote_in_the_archive_is_clean(
    run_cli: Runner, root: Path
) -> None:
    set_measurements(root, measurement())
    assert problems(run_cli, root) == []


def test_a_measurement_quote_not_in_its_archive_is_reported_at_the_quote(
    run_cli: Runner, root: Path
) -> None:
    set_measurements(root, measurement(quote="measured Rocket 2 at 9.9 times"))
    found = only(problems(run_cli, root), "quote-not-found")
    assert at(found) == ("claims/rocket-speed.yaml", 31, 16)
    assert "sources/bench-lab.txt" in str(found["message"])


def test_a_history_quote_is_checked_against_its_archive(run_cli: Runner, root: Path) -> None:
    path = root / "claims" / "rocket-speed.yaml"
    text = path.read_text(encoding="utf-8")
    text = text.replace(
        "    evidence: [acme-post]\n",
        "    evidence:\n      - acme-post\n      - source: bench-lab\n"
        '        quote: "At 64 concurrent requests the speed-up fell to 1.5 times."\n',
    )
    path.write_text(text, encoding="utf-8")
    found = only(problems(run_cli, root), "quote-not-found")
    assert at(found) == ("claims/rocket-speed.yaml", 29, 16)
    path.write_text(text.replace("1.5 times", "1.2 times"), encoding="utf-8")
    assert problems(run_cli, root) == []


def test_a_history_quote_in_another_language_needs_a_translation(
    run_cli: Runner, root: Path
) -> None:
    path = root / "claims" / "rocket-speed.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text.replace(
            "    evidence: [acme-post]\n",
            "    evidence: [acme-post, {source: fr-report, quote: « jusqu'à 3 fois plus rapide »}]\n",
        ),
        encoding="utf-8",
    )
    assert only(problems(run_cli, root), "translation-missing")["line"] == 26


def test_a_measurement_without_its_required_fields_is_located(run_cli: Runner, root: Path) -> None:
    set_measurements(root, "  - value: lots\n    unit: x\n    conditions: {concurrency: 0}\n")
    found = [p for p in problems(run_cli, root) if p["code"] != "unused-source"]
    codes = sorted(str(p["code"]) for p in found)
    assert codes == [
        "invalid-value",
        "missing-field",
        "missing-field",
        "missing-field",
        "wrong-type",
    ]
    assert only(found, "wrong-type")["message"].startswith("measurements[0].value")
    assert only(found, "invalid-value")["message"].startswith(
        "measurements[0].conditions.concurrency"
    )
