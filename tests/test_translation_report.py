"""`claimtrack translations`: per language, what is current, missing and stale, and where;
`--complete` as a gate for CI."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from claimtrack.records.translations import fingerprint

from .conftest import Result

Runner = Callable[..., Result]
fp = fingerprint

# The minimal fixture's originals, as its files hold them.
TITLE, DESCRIPTION = "Rocket 2 claims", "A small tracker used by the tests."
PRICE = {
    "statement": "Acme did not announce the price of Rocket 2.",
    "note": "No price in the announcement.",
    "rationale": "The announcement gives no price.",
}
SPEED = {
    "statement": "Rocket 2 runs up to 3x faster than Rocket 1.",
    "note": "Recorded from the announcement.",
    "rationale": "The vendor's own figure; nobody has measured it.",
    "quote": "« jusqu'à 3 fois plus rapide »",
    "metric": "speed",
}
NOTES = {
    "acme-post": "The vendor's own announcement.",
    "fr-report": "A French report of the Acme post; its date is not given.",
}
PUBLISHERS = {"acme-post": "Acme", "fr-report": "Le Journal"}


def append(path: Path, text: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")


def claim_block(texts: dict[str, str], rationale_from: str | None = None) -> str:
    """A claim's French, every field current (the rationale made from ``rationale_from``);
    its claimant's name, and its quantity's metric and baseline when it has one."""
    quantity = "metric" in texts
    return (
        "translations:\n"
        "  fr:\n"
        "    translated_by: machine\n"
        f"    statement: «{texts['statement']}» en français\n"
        f"    history: {{2026-10-02: «{texts['note']}» en français}}\n"
        f"    rationale: «{texts['rationale']}» en français\n"
        "    claimant: {name: Acme}\n"
        + ("    quantity: {metric: vitesse, baseline: Rocket 1}\n" if quantity else "")
        + "    made_from:\n"
        f"      statement: {fp(texts['statement'])}\n"
        f"      history: {{2026-10-02: {fp(texts['note'])}}}\n"
        f"      rationale: {fp(rationale_from or texts['rationale'])}\n"
        f"      claimant: {{name: {fp('Acme')}}}\n"
        + (
            f"      quantity: {{metric: {fp('speed')}, baseline: {fp('Rocket 1')}}}\n"
            if quantity
            else ""
        )
    )


@pytest.fixture
def root(tracker: Callable[[str], Path]) -> Path:
    """The minimal fixture published in French (its title and description current) and in
    Chinese (nothing translated)."""
    path = tracker("minimal")
    append(
        path / "tracker.yaml",
        "translations:\n"  # line 5
        "  fr:\n"
        "    translated_by: person\n"
        "    title: Les affirmations sur Rocket 2\n"
        "    description: Un petit suivi pour les tests.\n"
        f"    made_from: {{title: {fp(TITLE)}, description: {fp(DESCRIPTION)}}}\n"
        "  zh-Hant: {translated_by: machine}\n",  # line 11
    )
    return path


def translations(run_cli: Runner, root: Path, *extra: str) -> Result:
    result = run_cli("translations", "--root", root, *extra)
    assert "Traceback" not in result.output
    return result


def test_each_missing_or_stale_field_is_listed_where_it_is_fixed(
    run_cli: Runner, root: Path
) -> None:
    # rocket-price: statement current, rationale stale, its history note missing.
    append(
        root / "claims/rocket-price.yaml",
        "translations:\n"
        "  fr:\n"  # line 19
        "    translated_by: machine\n"
        "    statement: Acme n'a pas annoncé le prix de Rocket 2.\n"
        "    rationale: L'annonce ne donne aucun prix.\n"  # line 22
        f"    made_from: {{statement: {fp(PRICE['statement'])}, rationale: {fp('Earlier.')}}}\n",
    )
    # rocket-speed: no French block; its French quote has a stale Chinese translation (a
    # quote is never missing one: quote translations are optional).
    speed = root / "claims/rocket-speed.yaml"
    text = speed.read_text(encoding="utf-8")
    speed.write_text(
        text.replace(
            "    translated_by: person\n",
            "    translated_by: person\n"
            "    translations:\n"
            "      zh-Hant:\n"
            "        text: 快三倍\n"  # line 23
            "        translated_by: machine\n"
            f"        made_from: {fp('an earlier quote')}\n",
        ),
        encoding="utf-8",
    )
    result = translations(run_cli, root, "--language", "fr")
    assert result.code == 0, result.output
    assert result.out == (
        "fr: 1 of 5 records current (claims 0 of 2, sources 0 of 2, tracker 1 of 1); "
        "fields: 3 current, 12 missing, 1 stale, 0 orphan\n"
        # Missing: at the record's French block when it has one, else at the top.
        "claims/rocket-price.yaml:19:3: fr: claimant/name is missing\n"
        "claims/rocket-price.yaml:19:3: fr: history/2026-10-02 is missing\n"
        "claims/rocket-price.yaml:22:16: fr: rationale is stale: the original changed since\n"
        "claims/rocket-speed.yaml:1:1: fr: statement is missing\n"
        "claims/rocket-speed.yaml:1:1: fr: claimant/name is missing\n"
        "claims/rocket-speed.yaml:1:1: fr: quantity/metric is missing\n"
        "claims/rocket-speed.yaml:1:1: fr: quantity/baseline is missing\n"
        "claims/rocket-speed.yaml:1:1: fr: history/2026-10-02 is missing\n"
        "claims/rocket-speed.yaml:1:1: fr: rationale is missing\n"
        "sources/acme-post.yaml:1:1: fr: publisher is missing\n"
        "sources/acme-post.yaml:1:1: fr: notes is missing\n"
        "sources/fr-report.yaml:1:1: fr: publisher is missing\n"
        "sources/fr-report.yaml:1:1: fr: notes is missing\n"
    )
    assert translations(run_cli, root, "--language", "fr", "--complete").code == 1
    both = translations(run_cli, root).out
    assert both.startswith(result.out + "\n" + "zh-Hant: 0 of 5 records current")
    assert (
        "claims/rocket-speed.yaml:23:15: zh-Hant: quote evidence/1 is stale: the original "
        "changed since\n"
    ) in both
    assert "tracker.yaml:11:3: zh-Hant: title is missing\n" in both


def test_the_json_holds_the_same_data(run_cli: Runner, root: Path) -> None:
    append(root / "claims/rocket-price.yaml", claim_block(PRICE, rationale_from="Earlier."))
    result = translations(run_cli, root, "--format", "json", "--language", "fr")
    assert result.code == 0
    data = json.loads(result.out)
    assert data["main_language"] == "en"
    (fr,) = data["languages"]
    assert fr["language"] == "fr" and fr["complete"] is False
    assert fr["records"] == {
        "claims": {"current": 0, "total": 2},
        "sources": {"current": 0, "total": 2},
        "tracker": {"current": 1, "total": 1},
    }
    assert fr["fields"] == {"current": 5, "missing": 10, "stale": 1, "orphan": 0}
    assert fr["gaps"][0] == {
        "path": "claims/rocket-price.yaml",
        "line": 23,
        "column": 16,
        "field": "rationale",
        "state": "stale",
        "change": "the original changed since",
    }
    assert len(fr["gaps"]) == 11
    assert {g["change"] for g in fr["gaps"][1:]} == {None}  # the missing ones


def test_complete_passes_once_every_field_is_current(run_cli: Runner, root: Path) -> None:
    append(root / "claims/rocket-price.yaml", claim_block(PRICE))
    append(root / "claims/rocket-speed.yaml", claim_block(SPEED))
    for sid, notes in NOTES.items():
        publisher = PUBLISHERS[sid]
        append(
            root / f"sources/{sid}.yaml",
            "translations:\n"
            f"  fr: {{translated_by: person, notes: «{notes}», publisher: {publisher},\n"
            f"    made_from: {{notes: {fp(notes)}, publisher: {fp(publisher)}}}}}\n",
        )
    result = translations(run_cli, root, "--language", "fr", "--complete")
    assert result.code == 0, result.output
    assert result.out == (
        "fr: 5 of 5 records current (claims 2 of 2, sources 2 of 2, tracker 1 of 1); "
        "fields: 16 current, 0 missing, 0 stale, 0 orphan\n"
    )
    # The gate looks at every further language unless told one: zh-Hant is not done.
    assert translations(run_cli, root, "--complete").code == 1
    assert run_cli("check", "--root", root, "--today", "2026-11-30", "--strict").code == 0


def test_an_unknown_language_is_a_usage_error(run_cli: Runner, root: Path) -> None:
    result = translations(run_cli, root, "--language", "fr-FR")
    assert result.code == 2 and result.out == ""
    assert result.err == (
        "claimtrack: --language: 'fr-FR' is not one of the site's languages; did you mean "
        "'fr'? the site's further languages are fr, zh-Hant (tracker.yaml's translations:)\n"
    )
    for main in ("en", "EN"):
        refused = translations(run_cli, root, "--language", main)
        assert refused.code == 2 and "the site's main language" in refused.err
    bad = translations(run_cli, root, "--language", "zh_Hant")
    assert bad.code == 2 and "'zh_Hant' is not a BCP 47 language tag" in bad.err
    # A tag in other capitals is the same language (BCP 47), written as the site writes it.
    shouted = translations(run_cli, root, "--language", "ZH-hant")
    assert shouted.code == 0 and shouted.out.startswith("zh-Hant: 0 of 5 records current")


def test_a_site_in_one_language_has_nothing_to_translate(
    run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    result = translations(run_cli, tracker("minimal"), "--complete")
    assert result.code == 0
    assert result.out.startswith("the site is published in en only: there is nothing to translate")


def test_records_that_fail_to_load_stop_the_report(run_cli: Runner, root: Path) -> None:
    """Left out, they would pass the gate unseen."""
    append(root / "claims/rocket-price.yaml", "translations:\n  fr: {statement: x}\n")
    result = translations(run_cli, root)
    assert result.code == 1 and result.out == ""
    assert "claims/rocket-price.yaml:19:7: error: missing required field" in result.err
    assert "claimtrack: records failed to load: fix them first" in result.err


def test_the_work_grows_with_the_languages_not_with_their_square(
    tracker: Callable[[str], Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 25 (defect 15): 10,000 languages took minutes.  tracker.yaml was read and
    parsed again for each language, and each lookup of a language's place in it scanned
    every language before it.  Counted here rather than timed: one reading of it, and
    one pass over its keys, however many languages."""
    from claimtrack.check.rules import language
    from claimtrack.check.translation_report import translation_report
    from claimtrack.load import load_tracker, nodes

    root = tracker("minimal")
    tags = [f"q{a}{b}" for a in "abcdefghij" for b in "abcdefghij"]  # 100 languages
    append(
        root / "tracker.yaml",
        "translations:\n"
        + "".join(
            f"  {tag}: {{title: T, translated_by: machine, made_from: {{title: {fp('Earlier')}}}}}\n"
            for tag in tags
        ),
    )
    reads, scans = [], []
    read = language._settings_text
    monkeypatch.setattr(language, "_settings_text", lambda r: reads.append(r) or read(r))

    class Pairs(list):  # type: ignore[type-arg]
        def __iter__(self):  # type: ignore[no-untyped-def]
            scans.append(len(self))
            return super().__iter__()

    compose = nodes.NodeLoader.get_single_node

    def counted(loader):  # type: ignore[no-untyped-def]
        node = compose(loader)
        for _, value in node.value if node is not None else ():
            if isinstance(value, nodes.MappingNode) and len(value.value) == len(tags):
                value.value = Pairs(value.value)
        return node

    loaded = load_tracker(root)
    monkeypatch.setattr(nodes.NodeLoader, "get_single_node", counted)  # once loaded
    reports = translation_report(loaded, tags)
    # Each language's title is stale and its description missing, at their places.
    own = [
        {(g.line, g.field, g.state) for g in r.gaps if g.path == "tracker.yaml"} for r in reports
    ]
    last = 5 + len(tags)
    assert own[-1] == {(last, "title", "stale"), (last, "description", "missing")}
    assert all(len(gaps) == 2 for gaps in own)
    assert len(reads) == 1
    assert scans == [len(tags)]
