"""definition: a source id to its record, a claim id to its record, a quote to its exact
place in the archived text."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path

from lsprotocol import types

from claimtrack.lsp.features.define import definition, position_of
from claimtrack.lsp.view import View
from tests.feature_support import at, claim_text, view_of

VIEW = view_of("blocks")
SPEED = claim_text("blocks", "rocket-speed")
REL = "claims/rocket-speed.yaml"
START = types.Range(types.Position(0, 0), types.Position(0, 0))


def went(view: View, text: str, needle: str, offset: int = 0) -> list[types.Location]:
    text, position = at(text, needle, offset)
    return definition(view, REL, text, position)


def place(view: View, location: types.Location) -> str:
    """The text a location's range covers, read from the file it names."""
    assert location.uri.startswith(view.root.as_uri() + "/")
    path = view.root / location.uri.removeprefix(view.root.as_uri() + "/")
    lines = path.read_text(encoding="utf-8").splitlines()
    start, end = location.range.start, location.range.end
    if start.line == end.line:
        return lines[start.line][start.character : end.character]
    return "\n".join(
        [
            lines[start.line][start.character :],
            *lines[start.line + 1 : end.line],
            lines[end.line][: end.character],
        ]
    )


def test_a_source_id_goes_to_its_record() -> None:
    uri = VIEW.uri("sources/acme-post.yaml")
    assert went(VIEW, SPEED, "acme-post", 3) == [types.Location(uri, START)]
    assert went(VIEW, SPEED, "[acme-post]", 1) == [types.Location(uri, START)]
    assert went(VIEW, SPEED, "zh-analysis") == [
        types.Location(VIEW.uri("sources/zh-analysis.yaml"), START)
    ]


def test_a_claim_id_goes_to_its_record() -> None:
    assert went(VIEW, SPEED, "rocket-price", 2) == [
        types.Location(VIEW.uri("claims/rocket-price.yaml"), START)
    ]


def test_the_claim_a_claim_revises_goes_to_its_record() -> None:
    text = SPEED.replace("related: [rocket-price]", "revises: rocket-price")
    assert "revises: rocket-price" in text
    assert went(VIEW, text, "rocket-price", 2) == [
        types.Location(VIEW.uri("claims/rocket-price.yaml"), START)
    ]


def test_nothing_for_an_unknown_id_or_a_plain_value() -> None:
    assert went(VIEW, SPEED.replace("[rocket-price]", "[rocket-prices]"), "rocket-prices") == []
    assert went(VIEW, SPEED.replace("source: acme-post", "source: acme-pots"), "acme-pots") == []
    assert went(VIEW, SPEED, "Rocket 2 runs") == []
    assert went(VIEW, SPEED, "figure") == []


def test_a_quote_goes_to_its_exact_place_in_the_archive() -> None:
    (location,) = went(VIEW, SPEED, "It runs")
    assert location.uri == VIEW.uri("sources/acme-post.txt")
    assert location.range == types.Range(types.Position(0, 36), types.Position(0, 73))
    assert place(VIEW, location) == "It runs up to 3x faster than Rocket 1"
    # Written with other spaces and quote marks: the archive's own characters.
    loose = SPEED.replace(
        'quote: "« jusqu\'à 3 fois plus rapide »"', "quote: '\"jusqu’à  3 fois plus rapide\"'"
    )
    (location,) = went(VIEW, loose, "jusqu’à")
    assert place(VIEW, location) == "« jusqu'à 3 fois plus rapide »"


def test_a_quote_on_a_later_line_after_chinese_text(tracker: Callable[[str], Path]) -> None:
    root = tracker("blocks")
    archive = (
        "Rocket 2 分析\r\n第二段：Rocket 2 的價格尚未公布。Acme  表示\nRocket 2 最高快 3 倍。\n"
    )
    (root / "sources" / "zh-analysis.txt").write_bytes(archive.encode("utf-8"))
    record = root / "sources" / "zh-analysis.yaml"
    digest = hashlib.sha256(archive.encode("utf-8")).hexdigest()
    text = record.read_text(encoding="utf-8")
    old = text.split("sha256: ")[1].split("\n")[0]
    record.write_text(text.replace(old, digest), encoding="utf-8")
    view = view_of(root)
    assert view.analysis.quote_found("zh-analysis", "Acme 表示 Rocket 2 最高快 3 倍。")
    (location,) = went(view, SPEED, "最高快")
    # Line 1 (the CRLF is one break), column 21 in code points; it ends on line 2.
    assert location.range == types.Range(types.Position(1, 21), types.Position(2, 17))
    assert place(view, location) == "Acme  表示\nRocket 2 最高快 3 倍。"


def test_a_quote_not_found_goes_to_the_closest_passage() -> None:
    edited = SPEED.replace("quote: It runs up to 3x", "quote: It runs up to 4x")
    (location,) = went(VIEW, edited, "It runs")
    assert place(VIEW, location) == "It runs up to 3x faster than Rocket 1, says Acme."


def test_offsets_as_positions() -> None:
    text = "ab\r\n𠮷c\rd\ne"
    assert [position_of(text, i) for i in (0, 2, 4, 5, 7, 8, 9, 10)] == [
        types.Position(0, 0),
        types.Position(0, 2),
        types.Position(1, 0),
        types.Position(1, 1),
        types.Position(2, 0),
        types.Position(2, 1),
        types.Position(3, 0),
        types.Position(3, 1),
    ]


def test_flow_mappings_in_flow_lists() -> None:
    view = view_of("status")
    text = claim_text("status", "flow-history")
    (location,) = definition(view, "claims/flow-history.yaml", *at(text, "Bench Weekly measured"))
    assert location.uri == view.uri("sources/bench-weekly.txt")
    assert place(view, location) == "Bench Weekly measured Rocket 2."
    (location,) = definition(view, "claims/flow-history.yaml", *at(text, "bench-weekly", 2))
    assert location == types.Location(view.uri("sources/bench-weekly.yaml"), START)
