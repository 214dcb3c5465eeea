"""The benchmarks' translated tracker (bench/make_tracker.py with ``languages``) and Hugo's
equivalent of its site in three languages (bench/equivalent_languages.py), at a small size.

What issue 17's speed measurement rests on: the translated tracker passes `check` with
warnings only, has the same records as the one-language tracker it is compared with,
its translations are current, stale and missing in the stated shares, and Hugo gets each
page in each language with the words claimtrack's page in that language shows.  Hugo
itself is not run here (it is the bench extra, not the test one); bench/compare.py runs it.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from claimtrack.check import run_checks
from claimtrack.codes import Code
from claimtrack.load import load_tracker
from claimtrack.records.translated import claim_fields, quote_state, source_fields

from .conftest import REPO
from .site_support import FIXTURE_TODAY

CLAIMS = 200
LANGUAGES = ("zh-Hant", "fr")


@pytest.fixture(scope="module")
def bench() -> Any:
    """bench/ importable, as bench/compare.py imports its neighbours."""
    monkeypatch = pytest.MonkeyPatch()
    monkeypatch.syspath_prepend(str(REPO / "bench"))
    import equivalent_languages
    import make_tracker

    yield make_tracker, equivalent_languages
    monkeypatch.undo()


@pytest.fixture(scope="module")
def trackers(bench: Any, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The tracker in one language and the same in three."""
    make_tracker, _ = bench
    base = tmp_path_factory.mktemp("bench-languages")
    make_tracker.make(base / "one", CLAIMS)
    make_tracker.make(base / "three", CLAIMS, LANGUAGES)
    return base / "one", base / "three"


def _files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def test_the_translated_tracker_passes_check_with_warnings_only(
    trackers: tuple[Path, Path],
) -> None:
    tracker = load_tracker(trackers[1])
    assert tracker.settings.site_languages == ("en", *LANGUAGES)
    _, problems = run_checks(tracker, FIXTURE_TODAY)
    assert [p.format() for p in problems if p.is_error] == []
    codes = Counter(p.code for p in problems)
    assert set(codes) <= {Code.TRANSLATION_STALE, Code.QUOTE_UNCHECKED, Code.STALE}
    assert codes[Code.TRANSLATION_STALE] > 100
    # tracker.yaml's own translations are current.
    assert not [p for p in problems if p.path == "tracker.yaml"]


def test_the_generator_is_deterministic(bench: Any, tmp_path: Path) -> None:
    make_tracker, _ = bench
    make_tracker.make(tmp_path / "a", 40, LANGUAGES)
    make_tracker.make(tmp_path / "b", 40, LANGUAGES)
    assert _files(tmp_path / "a") == _files(tmp_path / "b")


def _without_translations(data: Any) -> Any:
    if isinstance(data, dict):
        return {k: _without_translations(v) for k, v in data.items() if k != "translations"}
    if isinstance(data, list):
        return [_without_translations(v) for v in data]
    return data


def test_translations_are_all_that_the_three_language_tracker_adds(
    trackers: tuple[Path, Path],
) -> None:
    """The one-language build it is compared with builds the same records."""
    one, three = (load_tracker(root) for root in trackers)
    assert one.settings.translations == {}
    for kind in ("claims", "sources"):
        a, b = getattr(one, kind), getattr(three, kind)
        assert a.keys() == b.keys()
        for rid, loaded in a.items():
            assert _without_translations(loaded.record.model_dump()) == _without_translations(
                b[rid].record.model_dump()
            )
    assert _files(one.root / "sources").keys() == _files(three.root / "sources").keys()
    archives = {k: v for k, v in _files(one.root / "sources").items() if k.endswith(".txt")}
    assert archives == {k: v for k, v in _files(three.root / "sources").items() if k in archives}


def test_shares_of_current_stale_and_missing_fields_and_translated_quotes(
    trackers: tuple[Path, Path],
) -> None:
    tracker = load_tracker(trackers[1])
    states: Counter[str] = Counter()
    families: dict[str, Counter[str]] = {}  # statement, history, notes, title, ...
    by: Counter[str] = Counter()
    quotes = translated = 0
    languages = {sid: loaded.record.language for sid, loaded in tracker.sources.items()}
    for tag in LANGUAGES:
        for loaded in tracker.claims.values():
            for f in claim_fields(loaded.record, tag):
                states[f.state] += 1
                families.setdefault(f.path[0], Counter())[f.state] += 1
                if f.translated_by is not None:
                    by[f.translated_by] += 1
            for ev in loaded.record.evidence:
                if languages[ev.source] != tag:
                    quotes += 1
                    translated += quote_state(ev, tag) is not None
        for source in tracker.sources.values():
            for f in source_fields(source.record, tag):
                states[f.state] += 1
                families.setdefault(f.path[0], Counter())[f.state] += 1
    total = sum(states.values())
    assert states["orphan"] == 0
    assert 0.80 < states["current"] / total < 0.90
    assert 0.07 < states["stale"] / total < 0.13
    assert 0.03 < states["missing"] / total < 0.08
    assert 0.4 < translated / quotes < 0.6
    assert by["machine"] > by["person"] > 0
    # Each kind of field, the sources' titles (in their own language) included.
    # The measurements' conditions texts included (bench/measured.py).
    assert families.keys() == {
        "statement",
        "conditions",
        "history",
        "measurements",
        "rationale",
        "notes",
        "title",
        "claimant",
        "quantity",
        "publisher",
    }
    for family, counts in families.items():
        assert counts["current"] > 0.7 * sum(counts.values()), family
        assert counts["stale"] > 0, (family, counts)


def test_hugo_gets_every_page_in_every_language_with_its_translation(
    bench: Any, trackers: tuple[Path, Path], tmp_path: Path
) -> None:
    _, equivalent_languages = bench
    root = trackers[1]
    pages = equivalent_languages.hugo_languages_site(root, tmp_path / "hugo")
    tracker = load_tracker(root)
    assert pages == 3 * (len(tracker.claims) + len(tracker.sources))
    config = (tmp_path / "hugo" / "hugo.toml").read_text(encoding="utf-8")
    for tag in ("en", *LANGUAGES):
        assert f'[languages.{tag}]\ncontentDir = "content/{tag}"' in config
        content = tmp_path / "hugo" / "content" / tag
        for kind in ("claims", "sources"):
            written = {p.stem for p in (content / kind).glob("*.md")}
            assert written == {"_index", *getattr(tracker, kind)}
    assert config.index('defaultContentLanguage = "en"') < config.index("[taxonomies]")
    seen: set[str] = set()
    for cid, loaded in tracker.claims.items():
        page = (tmp_path / "hugo" / "content" / "fr" / "claims" / f"{cid}.md").read_text(
            encoding="utf-8"
        )
        front = json.loads(page.partition("\n\n")[0])
        fields = {f.path: f for f in claim_fields(loaded.record, "fr")}
        statement, rationale = fields[("statement",)], fields[("rationale",)]
        if statement.text is None:
            assert front["title"] == loaded.record.statement
            assert front["translation"] == "missing" and front["untranslated"] is True
        else:
            assert front["title"] == statement.text
            assert front["translation"] == statement.state
        if rationale.text is None:
            seen.add("missing")
            assert 'lang="en" data-translation="missing"}' in page
            assert "*(pas encore traduit)*" in page
        elif rationale.state == "stale":
            seen.add("stale")
            assert "l’original a changé depuis" in page
            assert f'relref path="/claims/{cid}" lang="en"' in page
        # A missing field keeps its block's translated_by, but has no translation to mark.
        if rationale.text is not None and rationale.translated_by == "machine":
            seen.add("machine")
            assert "*(traduction automatique)*" in page
    assert seen == {"missing", "stale", "machine"}
