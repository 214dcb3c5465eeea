"""hover: a quote in its archived copy (or the closest passage), a source's and a claim's
summary, a problem code's meaning from the registry."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from lsprotocol import types

from claimtrack.codes import CODES, Code
from claimtrack.lsp.features.define import quote_at
from claimtrack.lsp.features.hover import escape, hover
from claimtrack.lsp.features.locate import locate
from claimtrack.lsp.view import View
from tests.feature_support import at, claim_text, view_of

REPO = Path(__file__).resolve().parent.parent

VIEW = view_of("blocks")
SPEED = claim_text("blocks", "rocket-speed")
REL = "claims/rocket-speed.yaml"


def shown(view: View, text: str, needle: str, offset: int = 0, rel: str = REL) -> str | None:
    text, position = at(text, needle, offset)
    found = hover(view, rel, text, position)
    if found is None:
        return None
    assert isinstance(found.contents, types.MarkupContent)
    assert found.contents.kind == types.MarkupKind.Markdown
    return found.contents.value


def test_a_quote_found_between_its_sentences() -> None:
    value = shown(VIEW, SPEED, "It runs up to 3x", 4)
    assert value is not None
    assert value.startswith("**Found** in `sources/acme-post.txt`")
    assert (
        "> Acme announces the Rocket 2 engine. **It runs up to 3x faster than Rocket 1**, "
        "says Acme. The price was not announced." in value
    )


def test_a_quote_found_more_than_once(tracker: Callable[[str], Path]) -> None:
    root = tracker("blocks")
    saved = SPEED.replace("quote: It runs up to 3x faster than Rocket 1", "quote: says Acme")
    (root / "claims" / "rocket-speed.yaml").write_text(saved, encoding="utf-8")
    value = shown(view_of(root), saved, "quote: says Acme", 8)
    assert value is not None
    assert value.startswith("**Found** in `sources/acme-post.txt`\n")
    # "Acme" twice, "says Acme" once: the count is of the whole quote.
    saved = SPEED.replace("quote: It runs up to 3x faster than Rocket 1", "quote: Acme")
    (root / "claims" / "rocket-speed.yaml").write_text(saved, encoding="utf-8")
    value = shown(view_of(root), saved, "quote: Acme\n", 8)
    assert value is not None
    assert value.startswith("**Found** in `sources/acme-post.txt` 2 times; the first\n\n")
    assert "> **Acme** announces the Rocket 2 engine." in value


def test_a_chinese_quote_and_a_french_one() -> None:
    chinese = shown(VIEW, SPEED, "最高快")
    assert (
        chinese is not None
        and "> Rocket 2 的價格尚未公布。**Acme 表示 Rocket 2 最高快 3 倍。**" in chinese
    )
    french = shown(VIEW, SPEED, "jusqu'à 3 fois plus rapide", 3)
    assert french is not None
    assert "> Acme dit que Rocket 2 est **« jusqu'à 3 fois plus rapide »** que Rocket 1." in french


def test_a_quote_not_found_shows_the_closest_passage() -> None:
    # Unsaved: the editor's text says 4x, the archive 3x.
    edited = SPEED.replace("quote: It runs up to 3x", "quote: It runs up to 4x")
    value = shown(VIEW, edited, "It runs up to 4x", 2)
    assert value is not None
    assert value.startswith("**Not found** in `sources/acme-post.txt`.")
    assert (
        "The closest passage (84% alike):\n\n> **It runs up to 3x faster than Rocket 1, says Acme.**"
        in value
    )
    assert "first 14 of 37 characters; it departs after “It runs up to ”" in value


def test_the_quote_is_the_records_when_the_view_is_of_this_text(
    tracker: Callable[[str], Path],
) -> None:
    root = tracker("blocks")
    path = root / "claims" / "rocket-speed.yaml"
    # An escape only a YAML reader reads: \u0052 is R.
    saved = SPEED.replace(
        "quote: It runs up to 3x faster than Rocket 1",
        'quote: "It runs up to 3x faster than \\u0052ocket 1"',
    )
    path.write_text(saved, encoding="utf-8")
    view = view_of(root)
    text, position = at(saved, "It runs", 1)
    spot = locate(REL, text, position.line, position.character)
    assert spot is not None
    found = quote_at(view, REL, text, spot)
    assert found is not None and found.from_record
    assert (found.source, found.quote) == ("acme-post", "It runs up to 3x faster than Rocket 1")
    assert (shown(view, saved, "It runs") or "").startswith("**Found**")
    # The editor's text is not the view's: the words under the cursor, as written.
    unsaved = saved.replace("statement:", "# edited\nstatement:")
    text, position = at(unsaved, "It runs", 1)
    spot = locate(REL, text, position.line, position.character)
    assert spot is not None
    found = quote_at(view, REL, text, spot)
    assert found is not None and not found.from_record
    assert found.quote == "It runs up to 3x faster than \\u0052ocket 1"


def test_a_quote_of_a_source_without_archive_or_unknown(tracker: Callable[[str], Path]) -> None:
    root = tracker("blocks")
    (root / "sources" / "unarchived.yaml").write_text(
        "title: Not kept\nlanguage: en\nkind: report\n", encoding="utf-8"
    )
    view = view_of(root)
    text = SPEED.replace("  - source: fr-report", "  - source: unarchived")
    value = shown(view, text, "jusqu'à 3 fois plus rapide")
    assert value is not None and value.startswith("**Not checked**: source `unarchived` has no")
    on_id = shown(view, text, "unarchived")
    assert on_id is not None and "not archived: its quotes cannot be checked" in on_id
    unknown = SPEED.replace("  - source: fr-report", "  - source: fr-repot")
    assert shown(view, unknown, "« jusqu'à 3") == "The quote's source `fr-repot` does not exist."
    assert shown(view, unknown, "fr-repot") == "No source `fr-repot`. Did you mean 'fr-report'?"


def test_a_source_id_with_title_publisher_date_language_and_archive() -> None:
    value = shown(VIEW, SPEED, "acme-post", 2)
    assert value == (
        "**Acme announces Rocket 2** (source `acme-post`)\n\n"
        "publisher: Acme  \npublished: 2026-10-01  \nlanguage: en (English)  \n"
        "kind: primary  \narchived: `sources/acme-post.txt`, retrieved 2026-11-30"
    )
    chinese = shown(VIEW, SPEED, "zh-analysis")
    assert chinese is not None
    assert chinese.startswith("**Rocket 2 分析** (source `zh-analysis`)")
    assert "publisher: 科技觀察" in chinese and "published: date not known" in chinese
    assert "language: zh-Hant (繁體中文)" in chinese
    # In a history entry's flow list too.
    assert (shown(VIEW, SPEED, "evidence: [acme-post]", 12) or "").startswith(
        "**Acme announces Rocket 2**"
    )


def test_a_claim_id_with_statement_and_status() -> None:
    assert shown(VIEW, SPEED, "rocket-price", 3) == (
        "**Acme did not announce the price of Rocket 2.** (claim `rocket-price`)\n\n"
        "status: **undisclosed**: The information was not given by the sources."
    )
    assert shown(VIEW, SPEED, "[rocket-price]", 1, "claims/other.yaml") is not None
    assert (
        shown(VIEW, SPEED.replace("[rocket-price]", "[rocket-prices]"), "rocket-prices")
        == "No claim `rocket-prices`. Did you mean 'rocket-price'?"
    )


def test_a_problems_code_where_it_points(tracker: Callable[[str], Path]) -> None:
    root = tracker("blocks")
    saved = SPEED.replace("  - source: fr-report", "  - source: fr-repot")
    (root / "claims" / "rocket-speed.yaml").write_text(saved, encoding="utf-8")
    view = view_of(root)
    (problem,) = [p for p in view.by_path[REL] if p.code is Code.UNKNOWN_SOURCE]
    for offset in (0, 4, 8):
        value = shown(view, saved, "fr-repot", offset)
        assert value is not None
        summary = f"`unknown-source` (error): {escape(CODES[Code.UNKNOWN_SOURCE].summary)}"
        assert value.startswith(summary + "\n\n" + escape(problem.message))
        assert value.endswith("No source `fr-repot`. Did you mean 'fr-report'?")
    # Elsewhere on the line, or on another line: not that problem.
    assert "unknown-source" not in (shown(view, saved, "source: fr-repot", 2) or "")
    assert "unknown-source" not in (shown(view, saved, "Rocket 2 runs") or "")


def test_a_code_written_in_a_comment() -> None:
    text = SPEED.replace(
        "status: unverified\nhistory:", "status: unverified  # see quote-not-found\nhistory:"
    )
    value = shown(VIEW, text, "quote-not-found", 6)
    assert value == f"`quote-not-found` (error): {escape(CODES[Code.QUOTE_NOT_FOUND].summary)}"
    assert shown(VIEW, text, "see quote") is None


def test_a_status_and_its_meaning() -> None:
    assert shown(VIEW, SPEED, "status: unverified", 9) == (
        "**unverified**: Reported, not independently checked. A vendor's own figure starts here."
    )
    assert shown(VIEW, SPEED, "    status: unverified", 13) is not None
    assert shown(VIEW, SPEED, "kind: figure", 7) is None


def test_nothing_to_say() -> None:
    assert shown(VIEW, SPEED, "Rocket 2 runs") is None
    assert shown(VIEW, SPEED, "machine") is None
    assert shown(VIEW, "kind: [broken\n\t: {", "broken") is None


def test_markdown_is_escaped() -> None:
    assert escape("a*b_c [d](e) `f` <g> #h") == "a\\*b\\_c \\[d\\](e) \\`f\\` \\<g\\> \\#h"


def test_every_feature_answers_on_every_prefix_of_a_record() -> None:
    """Typing a record from its first character: at the cursor, after each character,
    completion, hover and definition answer (maybe with nothing) and never fail."""
    from claimtrack.lsp.features.complete import complete
    from claimtrack.lsp.features.define import definition

    text = SPEED + "\r\n  - \"unclosed: [ {\t'\n"
    answered = 0
    for end in range(0, len(text) + 1, 3):
        typed = text[:end]
        line = typed.count("\n")
        position = types.Position(line, len(typed) - (typed.rfind("\n") + 1))
        found = complete(VIEW, REL, typed, position)
        assert all(isinstance(item, types.CompletionItem) for item in found)
        answered += bool(found)
        hover(VIEW, REL, typed, position)
        definition(VIEW, REL, typed, position)
    assert answered > 10  # ids and enumerations completed along the way


@pytest.mark.parametrize(
    "root", ["minimal", "three-languages", "blocks", "status", "measured", "coverage", REPO]
)
def test_every_quote_of_every_record_is_found_where_check_finds_it(root: str | Path) -> None:
    """Over the fixtures and the repository's own claims: locate finds every quote the
    YAML holds at its data path (block lists, flow lists, quoted and folded values),
    reading lines alone, and hover says found exactly when the analysis does."""
    view = view_of(root)
    for cid, loaded in sorted(view.tracker.claims.items()):
        text = (view.root / loaded.path).read_text(encoding="utf-8")
        lines = text.split("\n")
        seen: dict[tuple[str | int, ...], str] = {}
        for number, line in enumerate(lines):
            # Where a quote's value begins: after each `quote:` of the line.
            for column in [m.end() for m in re.finditer(r"\bquote['\"]?:\s*", line)]:
                spot = locate(loaded.path, text, number, column)
                if spot is not None and spot.path[-1:] == ("quote",) and not spot.on_key:
                    seen.setdefault(spot.path, f"{number}:{column}")
        wanted = {(*path, "quote"): ev for path, ev in loaded.record.quote_items()}
        assert set(seen) == set(wanted), cid
        for path, ev in wanted.items():
            number, column = map(int, seen[path].split(":"))
            spot = locate(loaded.path, text, number, column)
            assert spot is not None
            found = quote_at(view, loaded.path, text, spot)
            assert found is not None and found.from_record
            assert (found.source, found.quote) == (ev.source, ev.quote)
            answer = hover(view, loaded.path, text, types.Position(number, column))
            assert answer is not None and isinstance(answer.contents, types.MarkupContent)
            result = view.analysis.quote_found(ev.source, ev.quote)
            expected = {True: "**Found**", False: "**Not found**", None: "**Not checked**"}
            if ev.source not in view.tracker.sources:
                expected[None] = "The quote's source"
            assert expected[result] in answer.contents.value, (cid, path)
