"""A claim revised by its claimant (issue 26): what `check` refuses of a `revises:`, each at
its value, and the facts the site is made from (tests/fixtures/revisions: rocket-thrust,
"up to 3x", revised by rocket-thrust-selected, "up to 2.5x on selected models")."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from claimtrack.check import Checker
from claimtrack.check.links import Links, Names
from claimtrack.load import Loader
from claimtrack.site.model.cache import build_model
from claimtrack.site.model.claim.chains import Dated
from claimtrack.site.model.views import SiteModel

from .conftest import TODAY, Result

Runner = Callable[..., Result]
NEW = "claims/rocket-thrust-selected.yaml"
OLD = "claims/rocket-thrust.yaml"


def problems(run_cli: Runner, root: Path) -> list[dict[str, object]]:
    result = run_cli("check", "--root", root, "--today", TODAY, "--format", "json")
    assert "Traceback" not in result.output
    found: list[dict[str, object]] = json.loads(result.out)
    return found


def where(found: list[dict[str, object]], code: str) -> list[tuple[object, ...]]:
    return [(p["path"], p["line"], p["column"], p["severity"]) for p in found if p["code"] == code]


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.fixture
def root(tracker: Callable[[str], Path]) -> Path:
    return tracker("revisions")


def test_the_fixture_revises_cleanly(run_cli: Runner, root: Path) -> None:
    assert problems(run_cli, root) == []
    assert run_cli("check", "--root", root, "--today", TODAY, "--strict").code == 0


def test_a_claim_that_revises_itself_is_refused_at_its_revises(run_cli: Runner, root: Path) -> None:
    edit(root / NEW, "revises: rocket-thrust\n", "revises: rocket-thrust-selected\n")
    found = problems(run_cli, root)
    assert where(found, "self-revision") == [(NEW, 25, 10, "error")]
    (problem,) = [p for p in found if p["code"] == "self-revision"]
    assert problem["hint"] == "name the earlier claim this one revises, or remove `revises`"
    assert where(found, "revision-cycle") == []  # one problem for one mistake


def test_an_unknown_revised_claim_is_refused_with_the_closest_ids(
    run_cli: Runner, root: Path
) -> None:
    edit(root / NEW, "revises: rocket-thrust\n", "revises: rocket-thrus\n")
    found = problems(run_cli, root)
    assert where(found, "unknown-claim") == [(NEW, 25, 10, "error")]
    (problem,) = [p for p in found if p["code"] == "unknown-claim"]
    assert problem["message"] == "unknown claim 'rocket-thrus'"
    # The claim itself is never offered: it cannot revise itself.
    assert problem["hint"] == "did you mean 'rocket-thrust'?"


def test_a_cycle_of_revisions_is_refused_at_each_revises(run_cli: Runner, root: Path) -> None:
    edit(
        root / OLD,
        "rationale: The vendor's own figure, which it has since revised.\n",
        "rationale: The vendor's own figure, which it has since revised.\n"
        "revises: rocket-thrust-selected\n",
    )
    found = problems(run_cli, root)
    assert sorted(where(found, "revision-cycle")) == [
        (NEW, 25, 10, "error"),
        (OLD, 25, 10, "error"),
    ]
    messages = {p["path"]: p["message"] for p in found if p["code"] == "revision-cycle"}
    assert messages == {
        OLD: "revisions form a cycle: rocket-thrust revises rocket-thrust-selected revises "
        "rocket-thrust",
        NEW: "revisions form a cycle: rocket-thrust-selected revises rocket-thrust revises "
        "rocket-thrust-selected",
    }
    assert run_cli("build", "--root", root, "--today", TODAY, "--out", root / "site").code == 1


def test_a_longer_cycle_is_found_and_a_chain_is_not_one(run_cli: Runner, root: Path) -> None:
    third = (
        (root / NEW)
        .read_text(encoding="utf-8")
        .replace("revises: rocket-thrust\n", "revises: rocket-thrust-selected\n")
    )
    (root / "claims/rocket-thrust-final.yaml").write_text(third, encoding="utf-8")
    assert where(problems(run_cli, root), "revision-cycle") == []  # a chain of three
    edit(
        root / OLD,
        "rationale: The vendor's own figure, which it has since revised.\n",
        "rationale: The vendor's own figure, which it has since revised.\n"
        "revises: rocket-thrust-final\n",
    )
    found = problems(run_cli, root)
    assert [p[0] for p in sorted(where(found, "revision-cycle"))] == [
        "claims/rocket-thrust-final.yaml",
        NEW,
        OLD,
    ]


def test_an_edit_that_closes_a_cycle_is_found_by_the_incremental_check(root: Path) -> None:
    """serve's and the language server's check: the cycle rule reads the links kept claim
    by claim, so an edit of one file finds a cycle through a file it did not read again."""
    loader, checker = Loader(root), Checker()
    day = dt.date.fromisoformat(TODAY)
    checker.run(loader.load(), day)
    edit(
        root / OLD,
        "rationale: The vendor's own figure, which it has since revised.\n",
        "rationale: The vendor's own figure, which it has since revised.\n"
        "revises: rocket-thrust-selected\n",
    )
    _, found = checker.run(loader.load([OLD]), day)
    assert sorted(p.path for p in found if p.code == "revision-cycle") == [NEW, OLD]
    edit(root / OLD, "revises: rocket-thrust-selected\n", "")
    _, found = checker.run(loader.load([OLD]), day)
    assert [p for p in found if p.code == "revision-cycle"] == []


def test_the_revised_claim_deleted_is_found_by_the_incremental_check(root: Path) -> None:
    """Told only of the deleted file, the check judges again the claim revising it."""
    loader, checker = Loader(root), Checker()
    day = dt.date.fromisoformat(TODAY)
    checker.run(loader.load(), day)
    (root / OLD).unlink()
    _, found = checker.run(loader.load([OLD]), day)
    assert [(p.path, p.code) for p in found if p.severity == "error"] == [(NEW, "unknown-claim")]


def test_a_chain_is_every_claim_linked_by_revises_either_way() -> None:
    links = Links()

    def names(revises: str | None = None) -> Names:
        empty: frozenset[str] = frozenset()
        return Names(empty, empty, empty, frozenset([revises] if revises else []))

    links.set("a", names())
    links.set("b", names("a"))
    links.set("c", names("b"))
    links.set("d", names("a"))  # a second revision of a: a fork
    links.set("e", names("nowhere"))
    assert links.chain("c") == links.chain("a") == ("a", "b", "c", "d")
    assert links.chain("e") == ("e",)
    assert links.revised_by("a") == ["b", "d"]
    links.set("b", None)  # b deleted: c revises an id that is gone
    assert links.chain("a") == ("a", "d") and links.chain("c") == ("c",)


def model(root: Path) -> SiteModel:
    tracker = Loader(root).load()
    analysis, _ = Checker().run(tracker, dt.date.fromisoformat(TODAY))
    return build_model(analysis)


def test_the_revision_is_dated_by_the_new_claims_sources_then_by_its_record(root: Path) -> None:
    views = {c.summary.id: c for c in model(root).claims}
    old, new = views["rocket-thrust"], views["rocket-thrust-selected"]
    # acme-specs-update was published on 20 October; the claim was recorded the next day.
    (revised,) = old.summary.revised_by
    assert (revised.by, revised.when) == (
        "rocket-thrust-selected",
        Dated(dt.date(2026, 10, 20), True),
    )
    assert new.summary.revised_by == ()
    edit(root / "sources/acme-specs-update.yaml", "published: 2026-10-20\n", "")
    (revised,) = {c.summary.id: c for c in model(root).claims}["rocket-thrust"].summary.revised_by
    assert revised.when == Dated(dt.date(2026, 10, 21), False)  # its first history entry


def test_both_claims_show_the_chain_in_date_order_whatever_their_ids(root: Path) -> None:
    # A third wording, "a-thrust-final", first by id and last by date; another source of it.
    text = (root / "sources/acme-specs-update.txt").read_text(encoding="utf-8")
    (root / "sources/acme-final.txt").write_text(text, encoding="utf-8")
    source = (root / "sources/acme-specs-update.yaml").read_text(encoding="utf-8")
    (root / "sources/acme-final.yaml").write_text(
        source.replace("published: 2026-10-20", "published: 2026-11-10").replace(
            "/specifications-updated", "/final"
        ),
        encoding="utf-8",
    )
    claim = (root / NEW).read_text(encoding="utf-8")
    (root / "claims/a-thrust-final.yaml").write_text(
        claim.replace("revises: rocket-thrust\n", "revises: rocket-thrust-selected\n").replace(
            "source: acme-specs-update", "source: acme-final"
        ),
        encoding="utf-8",
    )
    views = {c.summary.id: c for c in model(root).claims}
    order = ["rocket-thrust", "rocket-thrust-selected", "a-thrust-final"]
    for cid in order:
        chain = views[cid].chain
        assert chain is not None
        assert [e.id for e in chain.entries] == order
        assert [e.latest for e in chain.entries] == [False, False, True]
        assert [e.when.date for e in chain.entries] == [
            dt.date(2026, 9, 1),
            dt.date(2026, 10, 20),
            dt.date(2026, 11, 10),
        ]
    middle = views["rocket-thrust-selected"].chain
    assert middle is not None
    assert [e.id for e in middle.replaces] == ["rocket-thrust"]
    assert [e.id for e in middle.revised_by] == ["a-thrust-final"]
    assert views["rocket-speed"].chain is None


def test_two_revisions_of_one_claim_are_both_current(root: Path) -> None:
    claim = (root / NEW).read_text(encoding="utf-8")
    (root / "claims/rocket-thrust-other.yaml").write_text(claim, encoding="utf-8")
    m = model(root)
    views = {c.summary.id: c for c in m.claims}
    chain = views["rocket-thrust"].chain
    assert chain is not None
    assert [e.id for e in chain.revised_by] == ["rocket-thrust-other", "rocket-thrust-selected"]
    assert [e.id for e in chain.entries if e.latest] == [
        "rocket-thrust-other",
        "rocket-thrust-selected",
    ]
    every = next(v for v in m.listings if v.family == "claims")
    assert [s.id for s in every.claims][-1] == "rocket-thrust"  # the one earlier version
