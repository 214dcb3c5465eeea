"""Measurements of a figure: their model, their quotes, their independence and agreement."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from claimtrack.check.measurements import Agreement, Measured, agreement, overall
from claimtrack.check.units import converted
from claimtrack.load import load_tracker
from claimtrack.records import Bound, MeasurementConditions

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


CONDITIONS = "    conditions:\n      text: chat workload\n      concurrency: 1\n"


def test_conditions_may_be_written_as_text(run_cli: Runner, root: Path) -> None:
    """`conditions: chat workload`, as `quantity.conditions` is written, is their text."""
    item = measurement()
    assert CONDITIONS in item
    set_measurements(root, item.replace(CONDITIONS, "    conditions: chat workload\n"))
    assert problems(run_cli, root) == []
    claim = load_tracker(root).claims["rocket-speed"].record
    assert claim is not None
    assert claim.measurements[0].conditions == MeasurementConditions(text="chat workload")


def test_conditions_neither_text_nor_a_mapping_are_a_wrong_type(
    run_cli: Runner, root: Path
) -> None:
    set_measurements(root, measurement().replace(CONDITIONS, "    conditions: [chat]\n"))
    found = only(problems(run_cli, root), "wrong-type")
    assert at(found) == ("claims/rocket-speed.yaml", 24, 17)
    assert found["message"] == (
        "measurements[0].conditions: expected text or a mapping of fields, not a list"
    )


# -- computed facts ---------------------------------------------------------------------------

AGREEMENT_CASES = [
    # bound, claimed, tolerance, measured, expected
    ("up-to", 3.0, 0.1, 2.9, "reached"),
    ("up-to", 3.0, 0.1, 2.7, "reached"),  # exactly at the tolerance
    ("up-to", 3.0, 0.1, 2.6, "not-reached"),
    ("up-to", 3.0, 0.1, 3.3, "reached"),
    ("up-to", 3.0, 0.1, 3.4, "exceeded"),
    ("up-to", 8.0, 0.1, 3.2, "not-reached"),
    ("up-to", 3.0, 0.0, 2.99, "not-reached"),
    ("at-least", 100.0, 0.1, 250.0, "consistent"),
    ("at-least", 100.0, 0.1, 91.0, "consistent"),
    ("at-least", 100.0, 0.1, 89.0, "contradicted"),
    ("exact", 50.0, 0.1, 54.0, "consistent"),
    ("exact", 50.0, 0.1, 56.0, "contradicted"),
    ("exact", 50.0, 0.1, 44.0, "contradicted"),
    ("about", 2.0, 0.25, 2.4, "consistent"),
    ("about", 2.0, 0.25, 1.4, "contradicted"),
]


@pytest.mark.parametrize(("bound", "claimed", "tolerance", "value", "expected"), AGREEMENT_CASES)
def test_agreement_of_one_measurement(
    bound: str, claimed: float, tolerance: float, value: float, expected: str
) -> None:
    assert agreement(Bound(bound), claimed, tolerance, value) == Agreement(expected)


OVERALL_CASES = [
    ("up-to", [], "none"),
    ("up-to", [(2.0, "not-reached"), (3.1, "reached")], "reached"),  # the best one decides
    ("up-to", [(2.0, "not-reached"), (1.0, "not-reached")], "not-reached"),
    ("at-least", [(120.0, "consistent"), (130.0, "consistent")], "consistent"),
    ("exact", [(50.0, "consistent"), (80.0, "contradicted")], "mixed"),
    ("about", [(1.0, "contradicted")], "contradicted"),
]


@pytest.mark.parametrize(("bound", "judged", "expected"), OVERALL_CASES)
def test_agreement_of_a_claim(bound: str, judged: list[tuple[float, str]], expected: str) -> None:
    items = [(value, Agreement(a)) for value, a in judged]
    assert overall(Bound(bound), items) == Agreement(expected)


UNIT_CASES = [
    (120.0, "tokens/min", "tokens/s", 2.0),
    (2.0, "tokens/s", "tokens/min", 120.0),
    (250.0, "ms", "s", 0.25),
    (3.0, "x", "x", 3.0),
    (3.0, " x", "x", 3.0),
    (3.0, "x", "%", None),  # a multiple converts only to itself
    (3.0, "%", "x", None),
    (3.0, "tokens/s", "ms", None),  # another dimension
    (3.0, "tokens/s", "s", None),  # a token is a dimension of its own
    (3.0, "furlongs of joy", "tokens/s", None),
    (3.0, "2**", "tokens/s", None),  # not even a unit's text
    (3.0, "s)", "s", None),
]


@pytest.mark.parametrize(("value", "unit", "target", "expected"), UNIT_CASES)
def test_unit_conversion(value: float, unit: str, target: str, expected: float | None) -> None:
    found = converted(value, unit, target)
    assert found == (pytest.approx(expected) if expected is not None else None)


def test_pint_is_not_imported_for_a_tracker_without_measurements(
    run_cli: Runner, root: Path
) -> None:
    import subprocess
    import sys

    code = (
        "import sys, datetime as dt\n"
        "from claimtrack.load import load_tracker\n"
        "from claimtrack.check import run_checks\n"
        f"run_checks(load_tracker(__import__('pathlib').Path({str(root)!r})), dt.date(2026, 11, 30))\n"
        "print('pint' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def _facts(root: Path, claim_id: str = "rocket-speed") -> object:
    import datetime as dt

    from claimtrack.check import run_checks
    from claimtrack.load import load_tracker

    a, _ = run_checks(load_tracker(root), dt.date(2026, 11, 30))
    return a.measured(claim_id)


def test_a_measurement_from_the_claims_own_origin_is_not_independent(root: Path) -> None:
    # A "measurement" reported by a source derived from the vendor's post is the vendor's.
    add_source(
        root, "echo", "Rocket 2 measured at 2.9 times Rocket 1.\n", derived_from=("acme-post",)
    )
    set_measurements(
        root,
        measurement(),
        measurement(source="echo", quote="Rocket 2 measured at 2.9 times Rocket 1."),
    )
    facts = _facts(root)
    assert isinstance(facts, Measured)
    assert [v.independent for v in facts.values] == [True, False]
    assert facts.independent == 1


def test_measured_values_are_converted_to_the_claims_unit(root: Path) -> None:
    path = root / "claims" / "rocket-speed.yaml"
    text = path.read_text(encoding="utf-8")
    text = text.replace(
        "  value: 3\n  unit: x\n  bound: up-to", "  value: 100\n  unit: tokens/s\n  bound: at-least"
    )
    path.write_text(text, encoding="utf-8")
    set_measurements(
        root, measurement("6600", unit="tokens/min"), measurement("5000", unit="tokens/min")
    )
    facts = _facts(root)
    assert isinstance(facts, Measured)
    assert [v.in_claim_unit for v in facts.values] == [
        pytest.approx(110.0),
        pytest.approx(83.333, rel=1e-3),
    ]
    assert [v.agreement for v in facts.values] == [Agreement.CONSISTENT, Agreement.CONTRADICTED]
    assert facts.agreement is Agreement.MIXED and facts.best == pytest.approx(110.0)


# -- rules ------------------------------------------------------------------------------------


def test_measurement_unit_that_cannot_be_compared(run_cli: Runner, root: Path) -> None:
    set_measurements(root, measurement(unit="tokens/s"))
    found = only(problems(run_cli, root), "measurement-unit")
    assert at(found) == ("claims/rocket-speed.yaml", 23, 11)
    assert found["hint"] == "x (a multiple) compares only with x"


def test_verified_needs_an_independent_measurement_that_agrees(run_cli: Runner, root: Path) -> None:
    set_measurements(root, measurement("1.2"), status="verified")
    found = only(problems(run_cli, root), "verification-evidence")
    assert at(found) == ("claims/rocket-speed.yaml", 32, 9)
    assert "1 independent measurement, none that does" in str(found["message"])


def test_verified_with_an_agreeing_independent_measurement_is_clean(
    run_cli: Runner, root: Path
) -> None:
    set_measurements(root, measurement("2.9"), status="verified")
    assert problems(run_cli, root) == []


def test_verified_by_a_dependent_measurement_is_refused(run_cli: Runner, root: Path) -> None:
    add_source(
        root, "echo", "Rocket 2 measured at 2.9 times Rocket 1.\n", derived_from=("fr-report",)
    )
    set_measurements(
        root,
        measurement(source="echo", quote="Rocket 2 measured at 2.9 times Rocket 1."),
        status="verified",
    )
    found = only(problems(run_cli, root), "verification-evidence")
    assert "found no independent measurement" in str(found["message"])


def test_false_needs_an_independent_contradicting_measurement(run_cli: Runner, root: Path) -> None:
    set_measurements(root, measurement("2.9"), status="false")
    codes = sorted(str(p["code"]) for p in problems(run_cli, root))
    # And the one measurement reaches the figure: the status says the opposite of it.
    assert codes == ["false-evidence", "status-vs-measurements"]


def test_false_with_a_contradicting_measurement_is_clean(run_cli: Runner, root: Path) -> None:
    set_measurements(
        root,
        measurement("1.2", quote="At 64 concurrent requests the speed-up fell to 1.2 times."),
        status="false",
    )
    assert problems(run_cli, root) == []


def test_status_vs_measurements_warns_when_every_measurement_falls_short(
    run_cli: Runner, root: Path
) -> None:
    set_measurements(
        root,
        measurement("1.2", quote="At 64 concurrent requests the speed-up fell to 1.2 times."),
        status="verified",
    )
    found = only(problems(run_cli, root), "status-vs-measurements")
    assert found["severity"] == "warning"
    assert "the best measured value is 40% of the claim" in str(found["message"])


def test_a_measurement_dated_before_the_claim_was_made(run_cli: Runner, root: Path) -> None:
    # acme-post, the claim's evidence, was published on 2026-10-01.
    set_measurements(root, measurement(date="2026-09-30"))
    found = only(problems(run_cli, root), "measurement-date")
    assert at(found) == ("claims/rocket-speed.yaml", 28, 11)
    assert "before the claim was made (2026-10-01" in str(found["message"])


def test_a_measurement_dated_in_the_future(run_cli: Runner, root: Path) -> None:
    set_measurements(root, measurement(date="2026-12-01"))
    found = only(problems(run_cli, root), "measurement-date")
    assert "in the future" in str(found["message"])


def test_measurements_on_a_claim_that_is_not_a_figure(run_cli: Runner, root: Path) -> None:
    path = root / "claims" / "rocket-price.yaml"
    text = path.read_text(encoding="utf-8")
    item = measurement()
    path.write_text(
        text.replace(
            "status: undisclosed\n", "measurements:\n" + item + "status: undisclosed\n", 1
        ),
        encoding="utf-8",
    )
    found = only(problems(run_cli, root), "quantity-unexpected")
    assert found["message"] == "only figures carry measurements, this claim is an omission"


def test_a_mistyped_key_of_a_history_quote_has_a_hint(run_cli: Runner, root: Path) -> None:
    path = root / "claims" / "rocket-speed.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text.replace(
            "    evidence: [acme-post]\n",
            "    evidence: [{source: acme-post, quot: It runs up to 3x faster than Rocket 1}]\n",
        ),
        encoding="utf-8",
    )
    found = [p for p in problems(run_cli, root) if p["code"] == "unknown-field"]
    assert len(found) == 1 and found[0]["hint"] == "did you mean 'quote'?"
    assert found[0]["message"] == "unknown field 'history[0].evidence[0].quot'"
