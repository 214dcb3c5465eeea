"""`claimtrack coverage`: sentences cited fully, partly or not at all, and how they are shown."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from claimtrack.check.analysis import Analysis
from claimtrack.check.coverage.counts import Cited, CoverageCounts, counts, coverage
from claimtrack.check.store import CheckStore
from claimtrack.check.text.sentences import sentence_spans
from claimtrack.load import load_tracker

from .conftest import FIXTURES, TODAY, Result

Run = Callable[..., Result]
MIXED = FIXTURES / "coverage"


def _analysis(root: Path) -> Analysis:
    return Analysis(load_tracker(root), dt.date.fromisoformat(TODAY))


def test_sentences_end_at_line_breaks_but_not_inside_a_wrapped_sentence() -> None:
    text = "A heading\nIt runs fast. It is\nwrapped here.\n\nDone"
    assert [text[a:b] for a, b in sentence_spans(text)] == [
        "A heading",
        "It runs fast.",
        "It is\nwrapped here.",
        "Done",
    ]


def test_coverage_and_quotes_in_context_split_sentences_alike_in_the_sources_language(
    tracker: Callable[[str], Path],
) -> None:
    """ "Acme Corp." and "Calif." end no sentence, in the counts as in a quote's context."""
    root = tracker("minimal")
    archive = root / "sources" / "acme-post.txt"
    text = "Acme Corp. of San Jose, Calif. builds rockets. " + archive.read_text("utf-8")
    old = hashlib.sha256(archive.read_bytes()).hexdigest()
    archive.write_text(text, encoding="utf-8")
    record = root / "sources" / "acme-post.yaml"
    new = hashlib.sha256(text.encode()).hexdigest()
    record.write_text(record.read_text("utf-8").replace(old, new), encoding="utf-8")
    analysis = _analysis(root)
    found = coverage(analysis, "acme-post")
    assert found is not None
    assert [found.words(s) for s in found.sentences] == [
        "Acme Corp. of San Jose, Calif. builds rockets.",
        "Acme announces the Rocket 2 engine.",
        "It runs up to 3x faster than Rocket 1, says Acme.",
        "The price was not announced.",
    ]
    context = analysis.quote_context("acme-post", "Acme announces the Rocket 2 engine.")
    assert context is not None
    assert context.before == "Acme Corp. of San Jose, Calif. builds rockets. "


def test_what_is_kept_follows_a_change_of_the_sources_language(
    tracker: Callable[[str], Path],
) -> None:
    """The sentences are split in the source's language: the counts and contexts kept from
    a run in English are not those of the same archive once the record says French."""
    root = tracker("minimal")
    archive = root / "sources" / "acme-post.txt"
    text = "Acme Corp. of San Jose, Calif. builds rockets. " + archive.read_text("utf-8")
    record = root / "sources" / "acme-post.yaml"
    old = hashlib.sha256(archive.read_bytes()).hexdigest()
    archive.write_text(text, encoding="utf-8")
    new = hashlib.sha256(text.encode()).hexdigest()
    record.write_text(record.read_text("utf-8").replace(old, new), encoding="utf-8")
    store = CheckStore()
    quote = "Acme announces the Rocket 2 engine."
    seen = []
    for language in ("en", "fr", "en"):
        body = record.read_text("utf-8")
        record.write_text(re.sub(r"language: \w+", f"language: {language}", body))
        analysis = Analysis(load_tracker(root), dt.date.fromisoformat(TODAY), store)
        found, context = counts(analysis, "acme-post"), analysis.quote_context("acme-post", quote)
        assert found is not None and context is not None
        seen.append((found.sentences, context.before))
    assert seen == [
        (4, "Acme Corp. of San Jose, Calif. builds rockets. "),
        (6, "builds rockets. "),
        (4, "Acme Corp. of San Jose, Calif. builds rockets. "),
    ]


def test_each_sentence_is_cited_fully_partly_or_not() -> None:
    found = coverage(_analysis(MIXED), "mixed")
    assert found is not None
    cited = {found.words(s): s.cited for s in found.sentences}
    assert cited == {
        "Rapport de Le Journal": Cited.NO,
        "Acme dit que Rocket 2 est jusqu'à 3 fois plus rapide.": Cited.PARTLY,
        "Le prix n'a pas été communiqué !": Cited.NO,
        "Bonne lecture.": Cited.NO,
        # The quote leaves out the full stop: punctuation need not be quoted.
        "火箭二號的生成速度最高提升8倍。": Cited.FULLY,
        "價格未公布。": Cited.NO,
        "我們下次再見。": Cited.NO,
        # One quote, two occurrences: both sentences are cited.
        "It runs 3x faster.": Cited.FULLY,
    }
    c = found.counts
    assert (c.sentences, c.cited, c.fully_cited, c.partly_cited, c.reviewed) == (9, 4, 3, 1, 1)
    assert [found.words(r.sentence) for r in found.reviewed] == ["Rapport de Le Journal"]
    assert c.ratio == round(5 / 9, 4) and c.cited_ratio == round(4 / 9, 4)


def test_text_lists_uncited_sentences_strongest_first_at_line_and_column(run_cli: Run) -> None:
    result = run_cli("coverage", "--root", MIXED, "--today", TODAY)
    assert result.code == 0, result.output
    assert result.out.splitlines() == [
        "sources/mixed.txt: 4 of 9 sentences cited (3 fully, 1 partly), "
        "1 reviewed as stating no claim; coverage 56%, 4 uncited",
        "sources/mixed.txt:2:55: Le prix n'a pas été communiqué ! [undisclosed]",
        # Columns count characters, as check's do: a Chinese character is one.
        "sources/mixed.txt:3:17: 價格未公布。 [undisclosed]",
        "sources/mixed.txt:2:88: Bonne lecture. []",
        "sources/mixed.txt:3:23: 我們下次再見。 []",
        "",
        "sources/unarchived.yaml: no archived text (sources/unarchived.txt), no coverage",
    ]
    lines = (MIXED / "sources" / "mixed.txt").read_text(encoding="utf-8").splitlines()
    assert lines[1][54:].startswith("Le prix")
    assert lines[2][16:].startswith("價格")


def test_json_gives_counts_coverage_reviewed_and_uncited(run_cli: Run) -> None:
    result = run_cli("coverage", "--root", MIXED, "--format", "json", "--today", TODAY)
    assert result.code == 0, result.output
    mixed, unarchived = json.loads(result.out)
    assert mixed["id"] == "mixed" and mixed["archived"] is True
    assert (mixed["sentences"], mixed["cited"], mixed["coverage"]) == (9, 4, 0.5556)
    assert mixed["cited_coverage"] == 0.4444
    assert mixed["reviewed"] == [
        {"line": 1, "column": 1, "text": "Rapport de Le Journal", "reason": "heading"}
    ]
    assert mixed["uncited"][0] == {
        "line": 2,
        "column": 55,
        "text": "Le prix n'a pas été communiqué !",
        "signals": ["undisclosed"],
        "score": 5,
    }
    assert unarchived["archived"] is False
    assert unarchived["coverage"] is None and unarchived["uncited"] == []


def test_the_command_and_sources_json_count_coverage_alike(run_cli: Run, tmp_path: Path) -> None:
    """One CoverageCounts: the same numbers under the same keys in the command's JSON and on
    the site (which gives the reviewed sentences' count where the command lists them)."""
    report = run_cli("coverage", "--root", MIXED, "--format", "json", "--today", TODAY)
    out = tmp_path / "site"
    built = run_cli("build", "--root", MIXED, "--out", out, "--today", TODAY, "--no-search")
    assert report.code == 0 and built.code == 0, built.output
    data = json.loads((out / "sources.json").read_text(encoding="utf-8"))
    shown = {s["id"]: s["coverage"] for s in data["sources"]}
    for item in json.loads(report.out):
        site = shown[item["id"]]
        if site is None:
            assert item["archived"] is False and item["sentences"] is None
            continue
        assert {key: item[key] for key in site if key != "reviewed"} == {
            key: value for key, value in site.items() if key != "reviewed"
        }
        assert len(item["reviewed"]) == site["reviewed"] == 1
    assert shown["mixed"] is not None and shown["unarchived"] is None


def test_chosen_sources_only_and_min_fails_below(run_cli: Run) -> None:
    result = run_cli("coverage", "mixed", "--root", MIXED, "--min", "60%", "--today", TODAY)
    assert result.code == 1
    assert "unarchived" not in result.out
    assert "sources/mixed.txt: coverage 56% is below the minimum of 60%" in result.out
    assert run_cli("coverage", "mixed", "--root", MIXED, "--min", "0.5").code == 0


def test_a_min_rounded_up_to_by_the_whole_percent_says_the_coverage_more_closely(
    run_cli: Run,
) -> None:
    """5 of 9 shows as 56%; below --min 56%, it is said as 55.6%, not "56% below 56%"."""
    result = run_cli("coverage", "mixed", "--root", MIXED, "--min", "0.56", "--today", TODAY)
    assert result.code == 1
    assert result.out.endswith("sources/mixed.txt: coverage 55.6% is below the minimum of 56%\n")


@pytest.mark.parametrize(
    ("covered", "total", "shown"),
    [(1, 6, 17), (5, 6, 83), (1, 2, 50), (199, 200, 99), (1, 300, 1), (0, 6, 0), (6, 6, 100)],
)
def test_percentages_are_rounded_never_100_while_a_sentence_is_missing(
    covered: int, total: int, shown: int
) -> None:
    counts = CoverageCounts(total, covered, 0, 0)
    assert counts.percent == counts.cited_percent == shown
    reviewed = CoverageCounts(total, 0, 0, covered)  # reviewed sentences count as covered
    assert (reviewed.percent, reviewed.cited_percent) == (shown, 0)


def test_unknown_source_is_a_usage_error_with_a_hint(run_cli: Run) -> None:
    result = run_cli("coverage", "mixd", "--root", MIXED)
    assert result.code == 2
    assert "no source 'mixd'" in result.err and "did you mean 'mixed'?" in result.err


def test_min_out_of_range_is_a_usage_error(run_cli: Run) -> None:
    assert run_cli("coverage", "--root", MIXED, "--min", "150%").code == 2
    assert run_cli("coverage", "--root", MIXED, "--min", "most").code == 2


def _review(root: Path, source: str, entries: str) -> None:
    path = root / "sources" / f"{source}.yaml"
    text = path.read_text(encoding="utf-8").split("reviewed_uncited:")[0]
    path.write_text(text + "reviewed_uncited:\n" + entries, encoding="utf-8")


def test_reviewed_entries_must_name_one_uncited_sentence(
    run_cli: Run, tracker: Callable[[str], Path]
) -> None:
    root = tracker("coverage")
    _review(
        root,
        "mixed",
        "  - sentence: Rapport de\n    reason: heading\n"
        "  - sentence: Rapport du soir\n    reason: typo\n"
        "  - sentence: It runs\n    reason: several\n"
        "  - sentence: 火箭二號\n    reason: cited\n"
        '  - {sentence: "Bonne lecture.", reason: sign-off}\n',
    )
    result = run_cli("check", "--root", root, "--today", TODAY)
    assert result.code == 1
    assert result.out.splitlines() == [
        "claims/rocket-speed.yaml:27:12: warning: quote not checked against an archived "
        "copy: sources/unarchived.txt does not exist [quote-unchecked]",
        "sources/mixed.yaml:13:15: error: no sentence of sources/mixed.txt starts with this "
        "text; copy the sentence, or its beginning, exactly from the archived text "
        "[reviewed-not-found]",
        "sources/mixed.yaml:15:15: error: several sentences of sources/mixed.txt start with "
        "this text; copy more of the sentence, so that it names one [reviewed-ambiguous]",
        "sources/mixed.yaml:17:15: warning: a claim cites this sentence, so it needs no "
        "review; remove this entry from reviewed_uncited [reviewed-cited]",
        "2 errors, 2 warnings",
    ]
    # coverage shows the same problems under the source, and counts the valid entries
    # (a flow-style entry too): "Bonne lecture." is no longer listed as uncited.
    shown = run_cli("coverage", "mixed", "--root", root, "--today", TODAY)
    assert shown.code == 0
    lines = shown.out.splitlines()
    assert lines[0].endswith("2 reviewed as stating no claim; coverage 67%, 3 uncited")
    assert lines[1].startswith("sources/mixed.yaml:13:15: error: no sentence")
    assert not any("Bonne lecture" in line for line in lines)


def test_reviewed_entries_need_an_archived_text(
    run_cli: Run, tracker: Callable[[str], Path]
) -> None:
    root = tracker("coverage")
    _review(root, "unarchived", "  - sentence: Anything\n    reason: heading\n")
    result = run_cli("check", "--root", root, "--today", TODAY)
    assert result.code == 1
    assert (
        "sources/unarchived.yaml:6:1: error: reviewed_uncited names sentences, but the source "
        "has no archived text" in result.out
    )
    assert "[reviewed-not-found]" in result.out


def test_every_occurrence_counts_even_when_written_differently(
    tracker: Callable[[str], Path],
) -> None:
    """The quote has a straight apostrophe, the archive curly ones: the occurrences are
    found in the normalised text and mapped back to the archive's own characters."""
    root = tracker("coverage")
    archive = root / "sources" / "mixed.txt"
    old = archive.read_bytes()
    new = old + "Fin de l’essai. Fin de l’essai.\n".encode()
    archive.write_bytes(new)
    record = root / "sources" / "mixed.yaml"
    record.write_text(
        record.read_text(encoding="utf-8").replace(
            hashlib.sha256(old).hexdigest(), hashlib.sha256(new).hexdigest()
        ),
        encoding="utf-8",
    )
    claim = root / "claims" / "rocket-speed.yaml"
    claim.write_text(
        claim.read_text(encoding="utf-8").replace(
            "evidence:\n",
            "evidence:\n  - source: mixed\n    quote: Fin de l'essai\n"
            "    translation: End of the test\n    translated_by: person\n",
        ),
        encoding="utf-8",
    )
    found = coverage(_analysis(root), "mixed")
    assert found is not None
    last = [s for s in found.sentences if found.words(s) == "Fin de l’essai."]
    assert [s.cited for s in last] == [Cited.FULLY, Cited.FULLY]
    assert [found.position(s) for s in last] == [(5, 1), (5, 17)]
