"""The benchmarks' generated tracker carries measurements on about 30% of its figures
(bench/make_tracker.py, bench/measured.py), and `check` accepts them: their quotes stand
in the archives, their units compare, their dates fit, and the statuses follow them."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from claimtrack.check import run_checks
from claimtrack.check.measurements import CONTRADICTS, SUPPORTS
from claimtrack.codes import Code
from claimtrack.load import load_tracker
from claimtrack.records import ClaimKind, Status

from .conftest import REPO
from .site_support import FIXTURE_TODAY

CLAIMS = 60


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    monkeypatch = pytest.MonkeyPatch()
    monkeypatch.syspath_prepend(str(REPO / "bench"))
    import make_tracker

    root = tmp_path_factory.mktemp("bench-measured") / "tracker"
    make_tracker.make(root, CLAIMS)
    monkeypatch.undo()
    return root


def test_a_tiny_tracker_checks_and_measures_about_30_percent_of_its_figures(made: Path) -> None:
    tracker = load_tracker(made)
    _, problems = run_checks(tracker, FIXTURE_TODAY)
    assert [p.format() for p in problems if p.is_error] == []
    assert set(Counter(p.code for p in problems)) <= {Code.QUOTE_UNCHECKED, Code.STALE}
    figures = [
        loaded for loaded in tracker.claims.values() if loaded.record.kind is ClaimKind.FIGURE
    ]
    measured = [loaded for loaded in figures if loaded.record.measurements]
    assert figures and 0.2 <= len(measured) / len(figures) <= 0.4
    assert {len(loaded.record.measurements) for loaded in measured} <= {1, 2}


def test_statuses_follow_the_independent_measurements(made: Path) -> None:
    tracker = load_tracker(made)
    analysis, _ = run_checks(tracker, FIXTURE_TODAY)
    seen: Counter[str] = Counter()
    for cid, loaded in tracker.claims.items():
        claim = loaded.record
        if not claim.measurements:
            continue
        facts = analysis.measured(cid)
        assert facts is not None
        judged = [v.agreement for v in facts.values if v.independent]
        if claim.status is Status.VERIFIED:
            assert judged and all(j in SUPPORTS for j in judged)
        elif claim.status is Status.FALSE:
            assert judged and all(j in CONTRADICTS for j in judged)
        elif claim.status is Status.UNVERIFIED:
            assert judged == []  # the vendor's own measurement
        for v in facts.values:
            seen["independent" if v.independent else "own"] += 1
            m = claim.measurements[v.index]
            assert m.measured_by != claim.claimant.name or not v.independent
    assert seen["independent"] and seen["own"]


def test_a_measurement_quote_stands_in_its_source_archive(made: Path) -> None:
    tracker = load_tracker(made)
    quotes = [
        (ev.source, ev.quote)
        for loaded in tracker.claims.values()
        for m in loaded.record.measurements
        for ev in m.evidence
    ]
    assert quotes
    for source, quote in quotes:
        assert quote in (made / "sources" / f"{source}.txt").read_text(encoding="utf-8")


def test_the_generator_stamp_names_the_measurements_module() -> None:
    text = (REPO / "bench" / "trackers.py").read_text(encoding="utf-8")
    assert '"measured.py"' in text
