"""complete: ids of sources and claims, enumerations, topics and language tags, each
item replacing the word under the cursor."""

from __future__ import annotations

from lsprotocol import types

from claimtrack.lsp.features.complete import complete
from claimtrack.records.vocabulary import (
    STATUS_MEANINGS,
    Bound,
    ClaimKind,
    SourceKind,
    Status,
    TranslatedBy,
)
from tests.feature_support import claim_text, cursor, view_of

VIEW = view_of("blocks")  # sources acme-post, fr-report, zh-analysis; claims rocket-*


def items(marked: str, rel: str = "claims/rocket-speed.yaml") -> list[types.CompletionItem]:
    text, position = cursor(marked)
    return complete(VIEW, rel, text, position)


def labels(marked: str, rel: str = "claims/rocket-speed.yaml") -> list[str]:
    return [item.label for item in items(marked, rel)]


def applied(marked: str, label: str, rel: str = "claims/rocket-speed.yaml") -> str:
    """The text once the item ``label`` is taken (its text edit applied)."""
    text, _ = cursor(marked)
    (item,) = [i for i in items(marked, rel) if i.label == label]
    edit = item.text_edit
    assert isinstance(edit, types.TextEdit)
    assert edit.range.start.line == edit.range.end.line
    lines = text.split("\n")
    line = lines[edit.range.start.line]
    lines[edit.range.start.line] = (
        line[: edit.range.start.character] + edit.new_text + line[edit.range.end.character :]
    )
    return "\n".join(lines)


SOURCES = ["acme-post", "fr-report", "zh-analysis"]


def test_source_ids_after_source_with_title_and_publisher() -> None:
    found = items("evidence:\n  - source: ‸\n")
    assert [i.label for i in found] == SOURCES
    assert found[2].detail == "Rocket 2 分析 — 科技觀察"
    assert found[1].detail == "Rocket 2, trois fois plus rapide — Le Journal"


def test_the_partial_word_is_replaced() -> None:
    marked = "evidence:\n  - source: acme-‸\n    quote: x\n"
    assert labels(marked) == ["acme-post"]
    assert applied(marked, "acme-post") == "evidence:\n  - source: acme-post\n    quote: x\n"
    # The cursor inside a word: the whole word goes.
    assert applied("evidence:\n  - source: ac‸me-pots\n", "acme-post") == (
        "evidence:\n  - source: acme-post\n"
    )
    # Inside quotes, only what is between them.
    assert applied('evidence:\n  - source: "fr-‸"\n', "fr-report") == (
        'evidence:\n  - source: "fr-report"\n'
    )


def test_a_space_is_put_after_a_bare_colon() -> None:
    assert applied("evidence:\n  - source:‸", "fr-report") == "evidence:\n  - source: fr-report"


def test_source_ids_in_history_evidence_to_check_and_derived_from() -> None:
    history = "history:\n  - date: 2026-10-02\n    evidence:\n      - acme-post\n      - ‸\n"
    assert labels(history) == SOURCES
    assert labels("history:\n  - date: 2026-10-02\n    evidence: [acme-post, z‸]") == [
        "zh-analysis"
    ]
    assert labels("history:\n- evidence:\n  - source: fr‸\n    quote: q\n") == ["fr-report"]
    assert labels("to_check: [‸]") == SOURCES
    assert labels("derived_from:\n  - ‸\n", "sources/zh-analysis.yaml") == SOURCES


def test_claim_ids_in_related_with_statement_and_status_and_not_itself() -> None:
    found = items("related: [rocket-‸]")
    assert [i.label for i in found] == ["rocket-price"]  # rocket-speed is this claim
    assert found[0].detail == "Acme did not announce the price of Rocket 2. (undisclosed)"
    assert labels("related:\n  - ‸", "claims/new.yaml") == ["rocket-price", "rocket-speed"]


def test_claim_ids_in_revises_with_statement_and_status_and_not_itself() -> None:
    found = items("revises: rocket-‸")
    assert [i.label for i in found] == ["rocket-price"]  # a claim does not revise itself
    assert found[0].detail == "Acme did not announce the price of Rocket 2. (undisclosed)"
    assert applied("revises: rocket-p‸\n", "rocket-price") == "revises: rocket-price\n"
    assert labels("revises: ‸", "claims/new.yaml") == ["rocket-price", "rocket-speed"]
    # Only the top-level field: a quote's words are no claim id.
    assert labels("evidence:\n  - revises: ‸\n") == []


def test_every_enumeration_from_the_models() -> None:
    assert labels("status: ‸") == [s.value for s in Status]
    assert labels("history:\n  - date: 2026-10-02\n    status: ‸") == [s.value for s in Status]
    assert labels("kind: ‸") == [k.value for k in ClaimKind]
    assert labels("kind: ‸", "sources/new.yaml") == [k.value for k in SourceKind]
    assert labels("quantity:\n  bound: ‸") == [b.value for b in Bound]
    by = [t.value for t in TranslatedBy]
    assert labels("evidence:\n  - source: fr-report\n    translated_by: ‸") == by
    assert labels("translations:\n  fr: {translated_by: ‸}") == by
    assert labels("translations:\n  fr:\n    translated_by: ‸", "tracker.yaml") == by
    status = items("status: dis‸")
    assert [i.label for i in status] == ["disputed", "undisclosed", "disclosed"]
    assert status[0].detail == STATUS_MEANINGS[Status.DISPUTED]


def test_topics_and_languages_already_used() -> None:
    assert labels("topics: [‸]") == ["pricing", "speed"]
    assert labels("topics:\n  - pr‸") == ["pricing"]
    # Where a translation is keyed: the site's further languages, then the tags in use.
    assert labels("translations:\n  ‸") == ["fr", "zh-Hant"]
    assert labels("translations:\n  ‸", "tracker.yaml") == ["fr", "zh-Hant"]
    assert labels("language: ‸", "sources/new.yaml") == ["en", "fr", "zh-Hant"]
    found = items("language: zh‸", "sources/new.yaml")
    assert [(i.label, i.detail) for i in found] == [("zh-Hant", "繁體中文 (used in the tracker)")]


def test_nothing_where_claimtrack_knows_no_values() -> None:
    for marked in [
        "statement: Rock‸",
        "evidence:\n  - source: acme-post\n    quote: It ru‸",
        "# a comment acme‸",
        "evidence:\n  - sour‸",
        "claimant:\n  name: Ac‸",
    ]:
        assert items(marked) == [], marked
    assert items("kind: ‸", "sources/acme-post.txt") == []


def test_a_broken_claim_still_completes() -> None:
    text = claim_text("blocks", "rocket-speed")
    broken = text.replace("related: [rocket-price]", "related: [rocket-price, rock‸\n  : [")
    broken = broken.replace("  - source: acme-post", "  - source: acme-post\n\t odd: [")
    assert labels(broken) == ["rocket-price"]


def test_code_point_columns_after_chinese_and_french_text() -> None:
    marked = '      zh-Hant: {text: "𠮷團隊, « répit »", translated_by: ma‸}'
    (item,) = items("evidence:\n  - source: zh-analysis\n    translations:\n" + marked)
    edit = item.text_edit
    assert isinstance(edit, types.TextEdit)
    # 𠮷 (two UTF-16 units, four bytes), 團 and « count one each: "ma" begins at code
    # point 55 (56 in UTF-16, which the server converts to at the edge).
    assert (edit.range.start.character, edit.range.end.character) == (55, 57)
    assert item.label == "machine"
