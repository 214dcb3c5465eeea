"""Property: after any edits, the check stage run again (one Loader and one Checker, told
the paths or finding them; now and then a new Loader and Checker on the same disk cache,
as a second `claimtrack check` is) gives exactly the problems a cold check gives: the
same Problem objects' fields, in the same order.

The edits are test_incremental_property's (tracker_edits): claims, sources, archives,
tracker.yaml, translations, added, changed, broken and deleted.  Cheaper than that test
(no site is built), so it runs more examples.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from claimtrack.check import Checker
from claimtrack.check.analysis import Analysis
from claimtrack.codes import Code, Severity
from claimtrack.load import Cache, Loaded, Loader
from claimtrack.problems import Problem, sort_problems, split_errors
from claimtrack.records import Claim, Source

from .site_support import FIXTURE_TODAY, minimal_copy
from .test_incremental_property import BY_HAND, edits
from .tracker_edits import Edit, Tree

PROFILE = settings(
    max_examples=int(BY_HAND or 40),
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=list(Phase) if BY_HAND else [p for p in Phase if p is not Phase.shrink],
)


def cold(root: Path, today: dt.date) -> list[Problem]:
    return Checker().run(Loader(root).load(), today)[1]


def check_sequences(sequences: list[list[Edit]], disk_cache: bool) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = minimal_copy(Path(tmp))

        def fresh() -> tuple[Loader, Checker]:
            cache = Cache.open(root) if disk_cache else None
            return Loader(root, cache), Checker(cache)

        loader, checker = fresh()
        checker.run(loader.load(), FIXTURE_TODAY)
        history = [f"disk_cache={disk_cache}"]
        for number, sequence in enumerate(sequences):
            if number % 3 == 1:
                loader.cache.save()
                loader, checker = fresh()
                history.append("restart: a new Loader and Checker on the cache")
            tree = Tree(root)
            for edit in sequence:
                edit.apply(tree)
            changed = None if number % 2 == 0 else sorted(tree.touched)
            # A day later now and then: staleness and dates in the future change with it.
            today = FIXTURE_TODAY + dt.timedelta(days=400 * (number % 4 == 3))
            history += [*tree.log, f"check(changed={changed}, today={today})"]
            # Now and then unsorted, as serve's build asks: the same problems once sorted.
            ordered = number % 3 != 2
            history += [] if ordered else ["(unsorted, then sort_problems)"]
            warm = checker.run(loader.load(changed), today, ordered=ordered)[1]
            warm = warm if ordered else sort_problems(warm)
            expected = cold(root, today)
            steps = "\n".join(history)
            assert [dataclasses.astuple(p) for p in warm] == [
                dataclasses.astuple(p) for p in expected
            ], f"after:\n{steps}"


@PROFILE
@given(st.lists(st.lists(edits, min_size=1, max_size=6), min_size=1, max_size=4), st.booleans())
def test_check_again_equals_a_cold_check(sequences: list[list[Edit]], disk_cache: bool) -> None:
    check_sequences(sequences, disk_cache)


FIXED = [
    [Edit("add_claim", 0, 0), Edit("change_related", 0, 1)],
    [Edit("add_source", 0, 0), Edit("change_derived_from", 1, 1)],
    [Edit("change_archive", 0, 0), Edit("delete_archive", 1, 0)],
    [Edit("delete_source", 0, 0)],
    [Edit("translate_claim", 0, 0), Edit("translate_source", 1, 1)],
    [Edit("set_site_languages", 0, 1), Edit("change_statement", 0, 2)],
    [Edit("delete_claim", 1, 0), Edit("change_to_check", 0, 1)],
    [Edit("delete_settings", 0, 0)],
    [Edit("revert_all", 0, 0)],
]


def test_every_kind_of_edit_checked_again_equals_a_cold_check() -> None:
    for disk_cache in (False, True):
        check_sequences(FIXED, disk_cache)


def test_problems_sort_as_their_fields_do() -> None:
    a = Problem("a.yaml", 2, 1, Severity.WARNING, Code.STALE, "m")
    b = Problem("a.yaml", 10, 1, Severity.ERROR, Code.STALE, "m")
    c = Problem("a.yaml", 2, 1, Severity.ERROR, Code.STALE, "m", "h")
    d = Problem("b.yaml", 1, 1, Severity.ERROR, Code.STALE, "m", "h")
    assert sort_problems([d, b, a, c, a]) == sorted({a, b, c, d}) == [c, a, b, d]


def test_a_builds_problems_split_into_errors_and_the_rest_each_in_order() -> None:
    note = Problem("a.yaml", 3, 1, Severity.INFO, Code.STALE, "m")
    warning = Problem("a.yaml", 2, 1, Severity.WARNING, Code.STALE, "m")
    error = Problem("a.yaml", 10, 1, Severity.ERROR, Code.STALE, "m")
    later = Problem("b.yaml", 1, 1, Severity.ERROR, Code.STALE, "m")
    assert split_errors([warning, error, note, later]) == ([error, later], [warning, note])
    rest = [warning, note]
    assert split_errors(rest) == ([], rest) and split_errors(rest)[1] is not rest


# -- a second run on the disk cache, input by input ----------------------------------------------
def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, (path, old)
    path.write_text(text.replace(old, new))


def _archive_rewritten(root: Path) -> None:  # the claims' quotes gone; the record untouched
    (root / "sources" / "acme-post.txt").write_text("Nothing of what the claims quote.\n")


def _unknown_source_named(root: Path) -> None:
    _replace(
        root / "claims" / "rocket-price.yaml", "  - source: acme-post", "  - source: acme-pots"
    )


def _near_name_added(root: Path) -> None:  # only the "did you mean" hint can change
    (root / "sources" / "acme-pots2.yaml").write_bytes(
        (root / "sources" / "acme-post.yaml").read_bytes().split(b"snapshot:")[0]
    )


def _related_broken(root: Path) -> None:
    (root / "claims" / "rocket-speed.yaml").write_text("statement: [unclosed\n")


def _related_gone(root: Path) -> None:
    (root / "claims" / "rocket-speed.yaml").unlink()


def _translated_claim(root: Path) -> None:  # into a language the site does not have yet
    with (root / "claims" / "rocket-price.yaml").open("a") as handle:
        handle.write("translations:\n  fr:\n    translated_by: person\n    statement: Non.\n")


def _languages_added(root: Path) -> None:
    with (root / "tracker.yaml").open("a") as handle:
        handle.write("translations:\n  fr:\n    title: Rocket\n    translated_by: person\n")


def _source_language(root: Path) -> None:  # a cited source no longer English: translations
    _replace(root / "sources" / "acme-post.yaml", "language: en", "language: de")


def _revises_unknown(root: Path) -> None:  # issue 26: a claim revising one not there yet
    with (root / "claims" / "rocket-price.yaml").open("a") as handle:
        handle.write("revises: rocket-speedy\n")


def _revised_added(root: Path) -> None:  # now there: its unknown-claim error goes
    (root / "claims" / "rocket-speedy.yaml").write_bytes(
        (root / "claims" / "rocket-speed.yaml").read_bytes()
    )


SCENARIOS = [
    (_archive_rewritten, None),
    (_unknown_source_named, _near_name_added),
    (_related_broken, _related_gone),
    (_translated_claim, _languages_added),
    (_source_language, None),
    (_revises_unknown, _revised_added),
]


def test_a_new_checker_on_the_disk_cache_sees_each_input_of_a_claim_change() -> None:
    for first, second in SCENARIOS:
        with tempfile.TemporaryDirectory() as tmp:
            root = minimal_copy(Path(tmp))
            steps = [first] if second is None else [first, second]
            for step in steps:
                cache = Cache.open(root)
                Checker(cache).run(Loader(root, cache).load(), FIXTURE_TODAY)
                cache.save()
                step(root)
                cache = Cache.open(root)
                warm = Checker(cache).run(Loader(root, cache).load(), FIXTURE_TODAY)[1]
                assert warm == cold(root, FIXTURE_TODAY), step.__name__
            # A day later, with no file changed: staleness and future dates move.
            later = FIXTURE_TODAY + dt.timedelta(days=400)
            cache = Cache.open(root)
            warm = Checker(cache).run(Loader(root, cache).load(), later)[1]
            assert warm == cold(root, later)


def test_a_second_run_checks_again_only_the_claims_whose_inputs_changed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import claimtrack.check as check

    ran: list[str] = []

    def counting(a: Analysis, loaded: Loaded[Claim]) -> Iterator[Problem]:
        ran.append(loaded.id)
        return iter(())

    monkeypatch.setattr(check, "CLAIM_RULES", (*check.CLAIM_RULES, counting))
    with tempfile.TemporaryDirectory() as tmp:
        root = minimal_copy(Path(tmp))
        cache = Cache.open(root)
        Checker(cache).run(Loader(root, cache).load(), FIXTURE_TODAY)
        cache.save()
        assert sorted(ran) == ["rocket-price", "rocket-speed"]
        ran.clear()
        _replace(root / "claims" / "rocket-speed.yaml", "topics: [speed]", "topics: [speed, x]")
        cache = Cache.open(root)
        Checker(cache).run(Loader(root, cache).load(), FIXTURE_TODAY)
        assert ran == ["rocket-speed"]
        ran.clear()
        Checker(Cache.disabled()).run(Loader(root).load(), FIXTURE_TODAY)  # no disk cache
        assert sorted(ran) == ["rocket-price", "rocket-speed"]


def test_a_claim_remembers_what_it_makes_but_compares_by_its_fields(tmp_path: Path) -> None:
    from claimtrack.load import load_tracker
    from claimtrack.records.translated import claim_originals

    root = minimal_copy(tmp_path)
    first, second = load_tracker(root), load_tracker(root)
    claim, same = first.claims["rocket-speed"].record, second.claims["rocket-speed"].record
    assert claim.quote_items() is claim.quote_items()
    assert claim_originals(claim) is claim_originals(claim)
    assert claim == same and hash(claim) == hash(same)  # one remembers, the other not yet
    shorter = claim.model_copy(update={"evidence": claim.evidence[:1]})
    assert [ev for _, ev in shorter.quote_items()] == claim.evidence[:1]
    assert len(claim.quote_items()) == 2


def test_after_an_edit_only_the_sources_it_touches_are_checked_again(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import claimtrack.check as check

    ran: list[str] = []

    def counting(a: Analysis, loaded: Loaded[Source]) -> Iterator[Problem]:
        ran.append(loaded.id)
        return iter(())

    monkeypatch.setattr(check, "SOURCE_RULES", (*check.SOURCE_RULES, counting))
    root = minimal_copy(tmp_path)
    loader, checker = Loader(root), Checker()
    checker.run(loader.load(), FIXTURE_TODAY)
    assert sorted(ran) == ["acme-post", "fr-report"]
    ran.clear()
    _replace(root / "sources" / "fr-report.yaml", "title: ", "title: New ")
    checker.run(loader.load(["sources/fr-report.yaml"]), FIXTURE_TODAY)
    # And the source it derives from: the impact names the pages that show its title, a
    # superset of the sources whose rules read it.
    assert sorted(ran) == ["acme-post", "fr-report"]
    ran.clear()
    _replace(root / "sources" / "acme-post.yaml", "notes: ", "notes: More. ")
    checker.run(loader.load(["sources/acme-post.yaml"]), FIXTURE_TODAY)
    assert sorted(ran) == ["acme-post", "fr-report"]  # fr-report derives from it
    ran.clear()
    (root / "claims" / "rocket-speed.yaml").write_text(
        (root / "claims" / "rocket-speed.yaml")
        .read_text()
        .replace("topics: [speed]", "topics: [x]")
    )
    checker.run(loader.load(["claims/rocket-speed.yaml"]), FIXTURE_TODAY)
    assert sorted(ran) == ["acme-post", "fr-report"]  # the two it cites
    ran.clear()
    _replace(root / "claims" / "rocket-price.yaml", "related: [rocket-speed]", "related: []")
    checker.run(loader.load(["claims/rocket-price.yaml"]), FIXTURE_TODAY)
    assert ran == ["acme-post"]  # the source it cites: its coverage reads the claim's quotes
    ran.clear()
    (root / "sources" / "extra.yaml").write_bytes(
        (root / "sources" / "fr-report.yaml").read_bytes()
    )
    checker.run(loader.load(["sources/extra.yaml"]), FIXTURE_TODAY)
    assert sorted(ran) == ["acme-post", "extra", "fr-report"]  # a new id: derived_from may resolve


def test_the_derivation_graph_is_walked_again_only_when_a_derived_from_changed(
    tmp_path: Path,
) -> None:
    """A source's notes edited keep the graph and its walk (an edit costs that source,
    not all of them); an edited derived_from, or a source that came, makes them again."""
    root = minimal_copy(tmp_path)
    loader, checker = Loader(root), Checker()
    a, _ = checker.run(loader.load(), FIXTURE_TODAY)
    first = a.derivation
    assert a.source_origins["fr-report"] == {"acme-post"}
    _replace(root / "sources" / "acme-post.yaml", "notes: ", "notes: More. ")
    b, _ = checker.run(loader.load(["sources/acme-post.yaml"]), FIXTURE_TODAY)
    assert b.tracker.sources is not a.tracker.sources
    assert b.derivation is first and b.parents is a.parents
    _replace(root / "sources" / "fr-report.yaml", "derived_from: [acme-post]", "derived_from: []")
    c, _ = checker.run(loader.load(["sources/fr-report.yaml"]), FIXTURE_TODAY)
    assert c.derivation is not first
    assert c.source_origins["fr-report"] == {"fr-report"}  # now its own origin
    assert c.parents["fr-report"] == ()
    (root / "sources" / "extra.yaml").write_bytes(
        (root / "sources" / "acme-post.yaml").read_bytes()
    )
    d, _ = checker.run(loader.load(["sources/extra.yaml"]), FIXTURE_TODAY)
    assert d.derivation is not c.derivation and "extra" in d.source_origins


def test_an_edit_of_the_sites_own_texts_checks_no_record_again(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """tracker.yaml's title and description are read by the pages that show them and by
    the tracker's rules, never by a claim's or a source's: editing them checks no record
    again, in this process or in the next one on the disk cache.  Its languages are read by
    every record's rules: editing them checks every record again."""
    import claimtrack.check as check
    from claimtrack.check.impact import NOTHING

    ran: list[str] = []

    def counting(a: Analysis, loaded: Loaded[Claim] | Loaded[Source]) -> Iterator[Problem]:
        ran.append(loaded.id)
        return iter(())

    monkeypatch.setattr(check, "CLAIM_RULES", (*check.CLAIM_RULES, counting))
    monkeypatch.setattr(check, "SOURCE_RULES", (*check.SOURCE_RULES, counting))
    root = minimal_copy(tmp_path)
    settings = root / "tracker.yaml"
    everything = ["acme-post", "fr-report", "rocket-price", "rocket-speed"]
    cache = Cache.open(root)
    loader, checker = Loader(root, cache), Checker(cache)
    checker.run(loader.load(), FIXTURE_TODAY)
    assert sorted(ran) == everything
    ran.clear()
    _replace(settings, "title: Rocket 2 claims", "title: Rockets")
    _replace(settings, "description: A small", "description: A tiny")
    warm = checker.run(loader.load(["tracker.yaml"]), FIXTURE_TODAY)[1]
    assert ran == [] and checker.impact == NOTHING
    assert warm == cold(root, FIXTURE_TODAY)
    # A run in a new process, then another after a title's edit: every claim's problems
    # recalled by their key (a new process runs the sources' rules again: their results
    # are not kept on disk).
    for title in ("Rockets again", "Rockets at last"):
        ran.clear()
        cache = Cache.open(root)
        warm = Checker(cache).run(Loader(root, cache).load(), FIXTURE_TODAY)[1]
        cache.save()
        checked = sorted(ran)
        assert warm == cold(root, FIXTURE_TODAY)
        _replace(settings, "title: Rockets", f"title: {title}")
    assert checked == ["acme-post", "fr-report"]
    _replace(settings, "language: en", "language: en\ntranslations:\n  fr: {translated_by: person}")
    ran.clear()
    warm = checker.run(loader.load(["tracker.yaml"]), FIXTURE_TODAY)[1]
    assert sorted(ran) == everything and checker.impact is None
    assert warm == cold(root, FIXTURE_TODAY)
