"""locate: what the cursor is on in a record's text, read from its lines and their
indentation, however broken or half typed the text is."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claimtrack.lsp.features.fields import Role, choices, role
from claimtrack.lsp.features.locate import Spot, locate, record_kind, sibling
from claimtrack.records.vocabulary import Bound, ClaimKind, SourceKind, Status, TranslatedBy
from tests.feature_support import cursor

CLAIM = """\
# yaml-language-server: $schema=../schema/claim.schema.json
statement: Rocket 2 runs up to 3x faster.  # a comment
kind: figure
topics: [speed, pricing]
quantity:
  bound: up-to
evidence:
  - source: acme-post
    quote: It runs up to 3x faster than Rocket 1
  - source: fr-report
    quote: "« jusqu'à 3 fois plus rapide »"
    translations:
      fr: {text: "Il va jusqu'à 3 fois", translated_by: person}
measurements:
- value: 2
  evidence:
  - source: bench
    quote: 'It''s twice as fast'
history:
  - date: 2026-10-02
    status: unverified
    note: >-
      Recorded from the
      announcement.
    evidence: [acme-post, fr-report]
  - date: 2026-10-03
    status: disputed
    evidence:
      - acme-post
      - source: zh-analysis
        quote: Acme 表示 Rocket 2 最高快 3 倍。
related:
  - rocket-price
  - rocket-engine
"""


def spot(marked: str, rel: str = "claims/x.yaml") -> Spot | None:
    text, position = cursor(marked)
    return locate(rel, text, position.line, position.character)


def mark(needle: str, offset: int = 0, text: str = CLAIM) -> str:
    i = text.index(needle) + offset
    return text[:i] + "‸" + text[i:]


@pytest.mark.parametrize(
    ("needle", "offset", "path", "value"),
    [
        ("acme-post", 3, ("evidence", 0, "source"), "acme-post"),
        ("It runs", 0, ("evidence", 0, "quote"), "It runs up to 3x faster than Rocket 1"),
        ("fr-report\n", 9, ("evidence", 1, "source"), "fr-report"),
        ("« jusqu", 2, ("evidence", 1, "quote"), "« jusqu'à 3 fois plus rapide »"),
        ("Il va", 1, ("evidence", 1, "translations", "fr", "text"), "Il va jusqu'à 3 fois"),
        ("person}", 2, ("evidence", 1, "translations", "fr", "translated_by"), "person"),
        ("bench", 1, ("measurements", 0, "evidence", 0, "source"), "bench"),
        ("It''s", 1, ("measurements", 0, "evidence", 0, "quote"), "It's twice as fast"),
        ("unverified", 0, ("history", 0, "status"), "unverified"),
        ("[acme-post", 1, ("history", 0, "evidence", 0), "acme-post"),
        ("fr-report]", 4, ("history", 0, "evidence", 1), "fr-report"),
        ("- acme-post\n", 4, ("history", 1, "evidence", 0), "acme-post"),
        ("zh-analysis", 0, ("history", 1, "evidence", 1, "source"), "zh-analysis"),
        ("最高", 1, ("history", 1, "evidence", 1, "quote"), "Acme 表示 Rocket 2 最高快 3 倍。"),
        ("rocket-engine", 13, ("related", 1), "rocket-engine"),
        ("pricing", 2, ("topics", 1), "pricing"),
        ("up-to", 0, ("quantity", "bound"), "up-to"),
        ("figure", 6, ("kind",), "figure"),
    ],
)
def test_a_value_and_its_path(
    needle: str, offset: int, path: tuple[object, ...], value: str
) -> None:
    found = spot(mark(needle, offset))
    assert found is not None
    assert (found.path, found.on_key, found.text) == (path, False, value)
    assert found.record == "claim"


def test_the_range_is_the_value_with_its_quotes_in_code_points() -> None:
    found = spot(mark("« jusqu", 2))
    assert found is not None
    line = CLAIM.splitlines()[found.line]
    assert line[found.start : found.end] == '"« jusqu\'à 3 fois plus rapide »"'
    chinese = spot(mark("最高", 1))
    assert chinese is not None
    line = CLAIM.splitlines()[chinese.line]
    assert (chinese.start, chinese.end) == (15, 40)
    assert line[chinese.start : chinese.end] == "Acme 表示 Rocket 2 最高快 3 倍。"


def test_a_key() -> None:
    found = spot(mark("translated_by: person", 3))
    assert found is not None
    assert found.on_key and found.text == "translated_by"
    key = spot(mark("    status: disputed", 6))
    assert key is not None
    assert (key.path, key.on_key, key.start, key.end) == (("history", 1, "status"), True, 4, 10)


def test_a_block_scalar_is_the_value_of_its_key_on_each_of_its_lines() -> None:
    for needle in ("Recorded", "announcement.", ">-"):
        found = spot(mark(needle, 1))
        assert found is not None
        assert found.path == ("history", 0, "note") and not found.on_key
        assert found.text == "Recorded from the\nannouncement."


def test_a_blank_line_of_a_block_scalar() -> None:
    found = spot("note: |\n  first\n    ‸\n  last\n")
    assert found is not None
    assert (found.path, found.text, found.start, found.end) == (("note",), "first\n\nlast", 4, 4)


def test_a_comment_is_a_comment_and_not_part_of_the_value() -> None:
    value = spot(mark("Rocket 2 runs"))
    assert value is not None and value.text == "Rocket 2 runs up to 3x faster."
    comment = spot(mark("a comment", 1))
    assert comment is not None and comment.in_comment and comment.text == "a"
    header = spot(mark("yaml-language-server", 5))
    assert header is not None and header.in_comment and header.text == "yaml-language-server"
    assert role(header) is Role.OTHER


@pytest.mark.parametrize(
    ("marked", "path", "on_key", "value"),
    [
        ("evidence:\n  - source: acm‸\n", ("evidence", 0, "source"), False, "acm"),
        ("evidence:\n  - source: ‸\n", ("evidence", 0, "source"), False, ""),
        ("evidence:\n  - source:‸", ("evidence", 0, "source"), False, ""),
        ("evidence:\n- quote: x\n- source: a‸", ("evidence", 1, "source"), False, "a"),
        ('evidence:\n  - quote: "unclosed ‸', ("evidence", 0, "quote"), False, "unclosed"),
        ("related: [rocket-price, rock‸", ("related", 1), False, "rock"),
        ("related: [rocket-price, ‸", ("related", 1), False, ""),
        ("related:\n  - ‸", ("related", 0), False, ""),
        ("related:\n  - a\n  -‸", ("related", 1), False, ""),
        (
            "history:\n  - date: 2026-10-02\n    evidence:\n      - acme-post\n      - fr‸",
            ("history", 0, "evidence", 1),
            False,
            "fr",
        ),
        ("evidence:\n  - source: a\n    sour‸", ("evidence", 0, "sour"), True, "sour"),
        ("translations:\n  f‸", ("translations",), False, "f"),
        ("translations:\n  ‸", ("translations",), False, ""),
        (
            "translations:\n  fr: {translated_by: ma‸",
            ("translations", "fr", "translated_by"),
            False,
            "ma",
        ),
        ("translations:\n  fr: {transl‸", ("translations", "fr", "transl"), True, "transl"),
        ("kind: [unclosed, {deep: ‸", ("kind", 1, "deep"), False, ""),
        ("status:\n\tbroken: [\nkind: fi‸", ("kind",), False, "fi"),
        (
            "translations:\n  fr:\n    history:\n      2026-11-30#2: Enreg‸istré # n",
            ("translations", "fr", "history", "2026-11-30#2"),
            False,
            "Enregistré",
        ),
    ],
)
def test_half_typed_and_broken_texts(
    marked: str, path: tuple[object, ...], on_key: bool, value: str
) -> None:
    found = spot(marked)
    assert found is not None
    assert (found.path, found.on_key, found.text) == (path, on_key, value)


def test_a_flow_list_over_several_lines() -> None:
    text = (
        "history: [\n"
        "  # one entry per line\n"
        "  { date: 2026-10-02, note: 'a, b', evidence: [ acme-post ] },\n"
        "  { date: 2026-10-03, status: unverified, evidence: [fr-rep‸ },  # by phone\n"
        "]\n"
    )
    found = spot(text)
    assert found is not None
    assert (found.path, found.text, found.line) == (("history", 1, "evidence", 0), "fr-rep", 3)
    assert (found.start, found.end) == (53, 59)
    first = spot(text.replace("acme-post", "acme‸-post").replace("‸ }", " }"))
    assert first is not None and first.path == ("history", 0, "evidence", 0)
    assert first.text == "acme-post"
    # Past its closing bracket, a line is read as a line again.
    after = spot(text.replace("‸", "") + "status: dis‸")
    assert after is not None and after.path == ("status",)


def test_an_empty_value_is_at_the_cursor() -> None:
    found = spot("evidence:\n  - source:‸")
    assert found is not None and (found.line, found.start, found.end) == (1, 11, 11)


def test_crlf_lines_and_code_point_columns() -> None:
    text = "title: 科技觀察\r\npublisher: 科技‸觀察 # 註\r\nkind: report\r\n"
    found = spot(text, "sources/zh.yaml")
    assert found is not None
    assert (found.record, found.path, found.text) == ("source", ("publisher",), "科技觀察")
    assert (found.line, found.start, found.end) == (1, 11, 15)


def test_nothing_in_the_indentation_or_past_the_end() -> None:
    assert spot("evidence:\n ‸ - source: a") is None
    assert locate("claims/x.yaml", "kind: fact", 5, 0) is None


def test_the_source_beside_a_quote() -> None:
    for needle, source in [
        ("It runs", "acme-post"),
        ("« jusqu", "fr-report"),
        ("It''s", "bench"),
        ("最高", "zh-analysis"),
    ]:
        text, position = cursor(mark(needle, 1))
        found = locate("claims/x.yaml", text, position.line, position.character)
        assert found is not None
        assert sibling(text, found, "source") == source
    # In flow mappings, nested in flow lists: the source of the same item.
    flow = (
        "evidence: [{source: acme-post, quote: 'It runs'}, {quote: \"« x »\", source: fr-report}]\n"
        "measurements: [{value: 2, evidence: [{source: bench, quote: Bench measured}]}]\n"
    )
    for needle, path, source in [
        ("It runs", ("evidence", 0, "quote"), "acme-post"),
        ("« x", ("evidence", 1, "quote"), "fr-report"),
        ("Bench measured", ("measurements", 0, "evidence", 0, "quote"), "bench"),
    ]:
        text, position = cursor(mark(needle, 1, flow))
        found = locate("claims/x.yaml", text, position.line, position.character)
        assert found is not None and found.path == path
        assert sibling(text, found, "source") == source
    # A quote typed before its source.
    text, position = cursor("evidence:\n  - quote: a‸\n    source: later\n  - source: other\n")
    found = locate("claims/x.yaml", text, position.line, position.character)
    assert found is not None and sibling(text, found, "source") == "later"
    text, position = cursor("evidence:\n  - quote: a‸\n  - source: other\n")
    found = locate("claims/x.yaml", text, position.line, position.character)
    assert found is not None and sibling(text, found, "source") is None


@pytest.mark.parametrize(
    ("rel", "kind"),
    [
        ("claims/a.yaml", "claim"),
        ("sources/a.yaml", "source"),
        ("tracker.yaml", "settings"),
        ("sources/a.txt", None),
        ("claims/sub/a.yaml", None),
        ("notes/a.yaml", None),
    ],
)
def test_the_record_kind_is_read_from_the_path(rel: str, kind: str | None) -> None:
    assert record_kind(rel) == kind


@pytest.mark.parametrize(
    ("marked", "rel", "expected"),
    [
        (mark("acme-post", 1), "claims/x.yaml", Role.SOURCE_ID),
        (mark("[acme-post", 1), "claims/x.yaml", Role.SOURCE_ID),
        (mark("- acme-post\n", 3), "claims/x.yaml", Role.SOURCE_ID),
        (mark("bench", 1), "claims/x.yaml", Role.SOURCE_ID),
        ("to_check: [a‸]", "claims/x.yaml", Role.SOURCE_ID),
        ("derived_from:\n  - a‸", "sources/x.yaml", Role.SOURCE_ID),
        (mark("rocket-price", 1), "claims/x.yaml", Role.CLAIM_ID),
        (mark("It runs"), "claims/x.yaml", Role.QUOTE),
        (mark("最高"), "claims/x.yaml", Role.QUOTE),
        (mark("speed", 1), "claims/x.yaml", Role.TOPIC),
        ("language: f‸", "sources/x.yaml", Role.LANGUAGE),
        ("translations:\n  f‸: {}", "tracker.yaml", Role.LANGUAGE),
        (mark("Il va"), "claims/x.yaml", Role.OTHER),
        (mark("Rocket 2 runs"), "claims/x.yaml", Role.OTHER),
        ("related: [a‸]", "sources/x.yaml", Role.OTHER),
    ],
)
def test_what_a_place_holds(marked: str, rel: str, expected: Role) -> None:
    found = spot(marked, rel)
    assert found is not None
    assert role(found) is expected


def test_the_enumerations_are_the_models_own() -> None:
    assert choices("claim", ("status",)) == list(Status)
    assert choices("claim", ("history", 3, "status")) == list(Status)
    assert choices("claim", ("kind",)) == list(ClaimKind)
    assert choices("source", ("kind",)) == list(SourceKind)
    assert choices("claim", ("quantity", "bound")) == list(Bound)
    for path in [
        ("evidence", 0, "translated_by"),
        ("translations", "fr", "translated_by"),
        ("history", 0, "evidence", 1, "translated_by"),
        ("measurements", 0, "evidence", 0, "translations", "zh-Hant", "translated_by"),
    ]:
        assert choices("claim", path) == list(TranslatedBy), path
    assert choices("settings", ("translations", "fr", "translated_by")) == list(TranslatedBy)
    assert choices("claim", ("statement",)) == []
    assert choices("claim", ("no-such-field",)) == []
    assert choices(None, ("kind",)) == []


@settings(max_examples=300, deadline=None)
@given(st.text(st.sampled_from(list("ab -:#'\"[]{},|>\n\r\t 團«")), max_size=60), st.data())
def test_any_text_and_any_place(text: str, data: st.DataObject) -> None:
    """Whatever the text holds, locate answers (maybe None), with a range on its line."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    line = data.draw(st.integers(0, len(lines)))
    column = data.draw(st.integers(0, 70))
    found = locate("claims/x.yaml", text, line, column)
    if found is not None:
        assert found.line == line
        assert 0 <= found.start <= found.end <= len(lines[line])
        role(found)
