"""Code actions (lsp/features/actions.py, lsp/features/fixes.py): each quick fix applied to a record's text
fixes its problem, leaves every other character alone, and loads back as intended.

Each test copies tests/fixtures/actions (clean records over archives in English, French
and Chinese typography), edits one record until check reports the problem, asks for the
fixes of that problem, applies their edits as an editor would, and checks again.
"""

from __future__ import annotations

import datetime as dt
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lsprotocol import types

from claimtrack.check.text.loose import loose_passage
from claimtrack.check.text.textnorm import normalise
from claimtrack.codes import Code
from claimtrack.edit.scalars import folded_block, literal_block
from claimtrack.edit.translation.fields import TRANSLATED_BY_NOTE
from claimtrack.layout import editor_offset
from claimtrack.load.yamlsource import parse_document
from claimtrack.lsp.features.actions import code_actions
from claimtrack.lsp.features.fixes import Document
from claimtrack.lsp.view import View, make_view
from claimtrack.records.translations import fingerprint

from .conftest import FIXTURES, TODAY, Result

DAY = dt.date.fromisoformat(TODAY)
SPEED = "claims/rocket-speed.yaml"
PRICE = "claims/rocket-price.yaml"


@pytest.fixture
def root(tmp_path: Path) -> Path:
    shutil.copytree(FIXTURES / "actions", tmp_path / "t")
    return tmp_path / "t"


def edited(root: Path, rel: str, old: str, new: str) -> str:
    """The record's text with ``old`` (which it holds once) replaced by ``new``, written."""
    path = root / rel
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")
    return text


def fixes(root: Path, rel: str, text: str, code: Code) -> tuple[View, list[types.CodeAction]]:
    """The view of the tracker as written, and the fixes for its problems of ``code``."""
    view = make_view(root, DAY)
    problems = [p for p in view.by_path.get(rel, ()) if p.code == code]
    assert problems, f"check reports no {code} in {rel}"
    return view, code_actions(view, rel, text, problems)


def offset(text: str, pos: types.Position) -> int:
    """Where an editor puts a position: its lines end at CR, LF or CRLF."""
    return editor_offset(text, pos.line, pos.character)


def applied(view: View, rel: str, text: str, action: types.CodeAction) -> str:
    """The text after the action's edits, applied as an editor does (code points)."""
    assert action.kind == types.CodeActionKind.QuickFix
    assert action.diagnostics is None
    assert action.edit is not None and action.edit.changes is not None
    assert list(action.edit.changes) == [view.uri(rel)]
    edits = action.edit.changes[view.uri(rel)]
    spans = [(offset(text, e.range.start), offset(text, e.range.end), e.new_text) for e in edits]
    for start, end, new in sorted(spans, reverse=True):
        text = text[:start] + new + text[end:]
    return text


def only_edit(action: types.CodeAction) -> types.TextEdit:
    assert action.edit is not None and action.edit.changes is not None
    [edits] = action.edit.changes.values()
    [edit] = edits
    return edit


def fixed(root: Path, rel: str, text: str) -> View:
    """The view once the fixed text is saved."""
    (root / rel).write_text(text, encoding="utf-8")
    return make_view(root, DAY)


def codes(view: View, rel: str) -> set[Code]:
    return {p.code for p in view.by_path.get(rel, ())}


def data(view: View, rel: str) -> object:
    return next(c for c in view.tracker.claims.values() if c.path == rel).record


def archive(root: Path, sid: str) -> str:
    return (root / "sources" / f"{sid}.txt").read_text(encoding="utf-8")


# quote-not-found

QUOTES = [
    # English: straight quotes for curly ones, a capital, a hyphen for an em dash.
    (
        "    quote: It runs up to 3x faster than Rocket 1.\n",
        "    quote: '\"It runs up to 3X faster than Rocket 1.\"'\n",
        "acme-post",
        "“It runs up to 3x faster than Rocket 1.”",
    ),
    (
        "    quote: It runs up to 3x faster than Rocket 1.\n",
        "    quote: the Rocket 2 engine - built in-house\n",
        "acme-post",
        "the Rocket 2 engine — built in-house",
    ),
    # French: guillemets without their non-breaking spaces, a straight apostrophe, a
    # capital, a hyphen for an en dash, a plain space for a non-breaking one.
    (
        "    quote: « jusqu’à 3 fois plus rapide »\n",
        '    quote: "«Jusqu\'à 3 fois plus rapide» que Rocket 1 - un chiffre"\n',
        "fr-report",
        "«\u00a0jusqu’à 3 fois plus rapide\u00a0» que Rocket\u00a01 – un chiffre",
    ),
    # Chinese: ASCII punctuation for the full stop, the colon and the corner brackets,
    # hyphens for the double dash, another case.
    (
        "    quote: 「Rocket 2 最高快 3 倍」——但未經測試\n",
        "    quote: '公布.Acme 表示:\"ROCKET 2 最高快 3 倍\"--但未經測試'\n",
        "zh-note",
        "公布。Acme 表示：「Rocket 2 最高快 3 倍」——但未經測試",
    ),
]


@pytest.mark.parametrize(("old", "new", "source", "passage"), QUOTES)
def test_a_quote_differing_by_typography_gets_the_archive_s_characters(
    root: Path, run_cli: Callable[..., Result], old: str, new: str, source: str, passage: str
) -> None:
    assert passage in archive(root, source)
    text = edited(root, SPEED, old, new)
    view, found = fixes(root, SPEED, text, Code.QUOTE_NOT_FOUND)
    [action] = found
    assert action.is_preferred
    assert f"sources/{source}.txt" in action.title
    after = applied(view, SPEED, text, action)
    # Only the quote's scalar changed: the edit covers exactly what was written there.
    edit = only_edit(action)
    start, end = offset(text, edit.range.start), offset(text, edit.range.end)
    assert text[start:end] == new.split("quote: ", 1)[1].rstrip("\n")
    assert after == text[:start] + edit.new_text + text[end:]
    view = fixed(root, SPEED, after)
    assert Code.QUOTE_NOT_FOUND not in codes(view, SPEED)
    assert passage in [ev.quote for _, ev in data(view, SPEED).quote_items()]  # type: ignore[attr-defined]
    assert view.by_path.get(SPEED, ()) == ()
    checked = run_cli("check", "--root", root, "--today", TODAY, "--no-cache")
    assert (checked.code, checked.output) == (0, "")


BLOCKS = [
    # A literal block keeps its style over two lines of the archive.
    (
        '    quote: |\n      RUNS up to 3x faster than Rocket 1."\n      the price\n',
        "    quote: |-\n      runs up to 3x faster than Rocket 1.”\n      The price\n",
    ),
    # A comment on the header line stays.
    (
        '    quote: |  # two lines\n      RUNS up to 3x faster than Rocket 1."\n      the price\n',
        "    quote: |-  # two lines\n      runs up to 3x faster than Rocket 1.”\n      The price\n",
    ),
    # A folded block keeps its style on one line.
    (
        "    quote: >-\n      the Rocket 2 engine -\n      built in-house\n",
        "    quote: >-\n      the Rocket 2 engine — built in-house\n",
    ),
    # A plain scalar cannot hold the archive's line break: double-quoted, escaped.
    (
        '    quote: RUNS up to 3x faster than Rocket 1." the price\n',
        '    quote: "runs up to 3x faster than Rocket 1.”\\nThe price"\n',
    ),
]


@pytest.mark.parametrize(("new", "written"), BLOCKS)
def test_a_block_scalar_keeps_its_style_when_it_can(root: Path, new: str, written: str) -> None:
    text = edited(root, SPEED, "    quote: It runs up to 3x faster than Rocket 1.\n", new)
    view, [action] = fixes(root, SPEED, text, Code.QUOTE_NOT_FOUND)
    after = applied(view, SPEED, text, action)
    assert after == text.replace(new, written)
    assert view.by_path.get(SPEED, ()) != ()
    assert fixed(root, SPEED, after).by_path.get(SPEED, ()) == ()


def test_other_words_get_no_fix(root: Path) -> None:
    text = edited(
        root,
        SPEED,
        "quote: It runs up to 3x faster than Rocket 1.",
        "quote: It runs up to 4x faster than Rocket 1.",
    )
    assert fixes(root, SPEED, text, Code.QUOTE_NOT_FOUND)[1] == []


def test_words_run_together_get_no_fix(root: Path) -> None:
    # A space between two words is not typography: "theprice" is not "the price".
    text = edited(root, PRICE, "quote: The price was", "quote: Theprice was")
    assert fixes(root, PRICE, text, Code.QUOTE_NOT_FOUND)[1] == []


# Text as archives hold it: letters, spaces, line breaks, dashes, quote marks, CJK.
_TEXT = st.text(st.sampled_from("ab AB\n-–—\"'“”«»\u00a0。、：「」價格#:"), max_size=30)


@settings(max_examples=300, deadline=None)
@given(_TEXT, st.integers(min_value=0, max_value=8))
def test_a_block_reads_back_as_its_value_or_is_not_written(value: str, indent: int) -> None:
    for block in (literal_block(value, indent + 1), folded_block(value, indent + 1, 20)):
        if block is not None:
            data = parse_document(f"k: {block}\n".encode(), "x.yaml").data
            assert data == {"k": value}


@settings(max_examples=300, deadline=None)
@given(_TEXT, _TEXT, _TEXT)
def test_a_loose_passage_is_in_the_archive_and_found_strictly(
    before: str, quote: str, after: str
) -> None:
    archive = before + quote + after
    passage = loose_passage(quote.swapcase().replace("–", "-"), archive)
    if passage is not None:
        assert passage in archive
        assert normalise(passage) in normalise(archive)


@settings(max_examples=300, deadline=None)
@given(st.text("ab \r\n", max_size=20), st.text("ab \r\n", max_size=20))
def test_the_edit_between_two_texts_makes_the_new_one_from_whole_lines(old: str, new: str) -> None:
    edit = Document(PRICE, old).changed_to(new)
    if edit is None:
        assert old == new
        return
    start, end = offset(old, edit.range.start), offset(old, edit.range.end)
    assert old[:start] + edit.new_text + old[end:] == new
    assert edit.range.start.character == 0
    assert end == len(old) or edit.range.end.character == 0


# unknown-source, unknown-claim


@pytest.mark.parametrize(
    ("rel", "old", "new", "code", "wanted", "written"),
    [
        (
            SPEED,
            "source: acme-post\n    quote: It",
            "source: acme-pots\n    quote: It",
            Code.UNKNOWN_SOURCE,
            "acme-post",
            None,
        ),
        (
            SPEED,
            "evidence: [acme-post]",
            "evidence: [acme-psot]",
            Code.UNKNOWN_SOURCE,
            "acme-post",
            None,
        ),
        (
            PRICE,
            "related: [rocket-speed]",
            "related: [rocket-sped]",
            Code.UNKNOWN_CLAIM,
            "rocket-speed",
            None,
        ),
        # The claim a claim revises (issue 26).
        (
            PRICE,
            "related: [rocket-speed]\n",
            "related: [rocket-speed]\nrevises: rocket-sped\n",
            Code.UNKNOWN_CLAIM,
            "rocket-speed",
            "related: [rocket-speed]\nrevises: rocket-speed\n",
        ),
        # A quoted id stays quoted.
        (
            "sources/zh-note.yaml",
            "from: [acme-post]",
            "from: ['acme-pst']",
            Code.UNKNOWN_SOURCE,
            "acme-post",
            "from: ['acme-post']",
        ),
    ],
)
def test_an_unknown_id_becomes_the_closest_known_one(
    root: Path, rel: str, old: str, new: str, code: Code, wanted: str, written: str | None
) -> None:
    text = edited(root, rel, old, new)
    view, found = fixes(root, rel, text, code)
    assert found[0].is_preferred and not any(a.is_preferred for a in found[1:])
    assert repr(wanted) in found[0].title
    after = applied(view, rel, text, found[0])
    assert after == text.replace(new, written or old)
    assert code not in codes(fixed(root, rel, after), rel)


def test_each_close_id_is_offered_closest_first_at_most_three(root: Path) -> None:
    for sid in ("acme-posts", "acme-pst", "acme-most", "acme-ghost"):
        shutil.copy(root / "sources/acme-post.yaml", root / f"sources/{sid}.yaml")
    text = edited(root, SPEED, "    evidence: [acme-post]", "    evidence: [acme-pos]")
    _view, found = fixes(root, SPEED, text, Code.UNKNOWN_SOURCE)
    titles = [a.title.split("'")[1] for a in found]
    assert len(titles) == 3 and titles[0] == "acme-post"
    assert "acme-ghost" not in titles
    assert [a.is_preferred for a in found] == [True, None, None]
    assert "Acme announces Rocket 2" in found[0].title  # the source's title


def test_a_source_is_not_offered_as_its_own_parent(root: Path) -> None:
    rel = "sources/zh-note.yaml"
    text = edited(root, rel, "derived_from: [acme-post]", "derived_from: [zh-nte]")
    assert fixes(root, rel, text, Code.UNKNOWN_SOURCE)[1] == []


# schema-header


@pytest.mark.parametrize(
    ("rel", "header"),
    [
        (SPEED, "# yaml-language-server: $schema=../schema/claim.schema.json"),
        ("sources/fr-report.yaml", "# yaml-language-server: $schema=../schema/source.schema.json"),
        ("tracker.yaml", "# yaml-language-server: $schema=schema/tracker.schema.json"),
    ],
)
def test_a_missing_schema_header_is_inserted(root: Path, rel: str, header: str) -> None:
    first = (root / rel).read_text(encoding="utf-8").split("\n", 1)[0] + "\n"
    text = edited(root, rel, first, "")
    view, [action] = fixes(root, rel, text, Code.SCHEMA_HEADER)
    assert action.is_preferred
    after = applied(view, rel, text, action)
    assert after == header + "\n" + text
    assert Code.SCHEMA_HEADER not in codes(fixed(root, rel, after), rel)


def test_a_header_naming_another_schema_is_replaced(root: Path) -> None:
    text = edited(root, SPEED, "schema/claim.schema.json\n", "schema/source.schema.json\n")
    view, [action] = fixes(root, SPEED, text, Code.SCHEMA_HEADER)
    after = applied(view, SPEED, text, action)
    assert after.split("\n", 1) == [
        "# yaml-language-server: $schema=../schema/claim.schema.json",
        text.split("\n", 1)[1],
    ]
    assert Code.SCHEMA_HEADER not in codes(fixed(root, SPEED, after), SPEED)


# translations


@pytest.mark.parametrize(
    ("rel", "old", "new", "args", "written"),
    [
        (
            PRICE,
            "    translated_by: person\n    statement:",
            "    statement:",
            ["rocket-price"],
            '    # The announcement gives no price.\n    rationale: ""\n',
        ),
        (
            "sources/zh-note.yaml",
            "notes: A Chinese report of the Acme post.\n",
            "notes: A Chinese report of the Acme post.\ntranslations:\n  fr:\n    notes: Un rapport.\n",
            ["zh-note"],
            "    translated_by:\n",
        ),
        (
            "tracker.yaml",
            "    translated_by: person\n",
            "",
            ["--tracker"],
            '    # A small tracker used by the tests.\n    description: ""\n',
        ),
    ],
)
def test_a_translation_block_is_completed_as_translate_does(
    root: Path,
    tmp_path: Path,
    run_cli: Callable[..., Result],
    rel: str,
    old: str,
    new: str,
    args: list[str],
    written: str,
) -> None:
    text = edited(root, rel, old, new)
    # What the command writes into the same text, in another copy of the tracker.
    other = tmp_path / "other"
    shutil.copytree(root, other)
    assert run_cli("translate", *args, "--language", "fr", "--root", other).code == 0
    wanted = (other / rel).read_text(encoding="utf-8")
    view, [action] = fixes(root, rel, text, Code.MISSING_FIELD)
    assert action.is_preferred and "translated_by" in action.title
    after = applied(view, rel, text, action)
    assert after == wanted != text
    assert written in after
    if rel == PRICE:  # a claim's names are among the fields the editor is offered
        assert "claimant/name" in action.title
        assert '    claimant:\n      # Acme\n      name: ""\n' in after


def test_a_crlf_file_keeps_its_line_ends(root: Path) -> None:
    path = root / PRICE
    lines = path.read_text(encoding="utf-8").split("\n")
    text = "\r\n".join(lines[1:]).replace("quote: The price", "quote: THE PRICE")
    path.write_bytes(text.encode("utf-8"))
    view = make_view(root, DAY)
    problems = view.by_path[PRICE]
    assert {p.code for p in problems} == {Code.SCHEMA_HEADER, Code.QUOTE_NOT_FOUND}
    [header] = [a for a in code_actions(view, PRICE, text, problems) if "header" in a.title]
    text = applied(view, PRICE, text, header)
    # The quote is one line down now: its fix is asked for again, as an editor would.
    view = fixed(root, PRICE, text)
    [quote] = code_actions(view, PRICE, text, view.by_path[PRICE])
    text = applied(view, PRICE, text, quote)
    assert "\n" not in text.replace("\r\n", "")
    assert text.startswith("# yaml-language-server: $schema=../schema/claim.schema.json\r\n")
    assert fixed(root, PRICE, text).by_path.get(PRICE, ()) == ()


def test_a_quote_translation_gets_its_text_skeleton(root: Path) -> None:
    quote = "「Rocket 2 最高快 3 倍」——但未經測試"
    text = edited(
        root,
        SPEED,
        "    translation: Rocket 2 is up to 3 times faster, but untested\n    translated_by: person\n",
        "    translation: Rocket 2 is up to 3 times faster, but untested\n    translated_by: person\n"
        "    translations:\n      fr:\n        translated_by: machine\n",
    )
    view, [action] = fixes(root, SPEED, text, Code.MISSING_FIELD)
    assert action.is_preferred and "text, made_from" in action.title
    after = applied(view, SPEED, text, action)
    assert after == text.replace(
        "      fr:\n        translated_by: machine\n",
        "      fr:\n"
        "        # 「Rocket 2 最高快 3 倍」——但未經測試\n"
        "        # (English) Rocket 2 is up to 3 times faster, but untested\n"
        '        text: ""\n'
        "        translated_by: machine\n"
        f"        made_from: {fingerprint(quote)}\n",
    )


def test_a_quote_without_english_gets_the_translation_skeleton(root: Path) -> None:
    text = edited(
        root,
        SPEED,
        "    translation: up to 3 times faster\n    translated_by: person\n",
        "",
    )
    view, [action] = fixes(root, SPEED, text, Code.TRANSLATION_MISSING)
    after = applied(view, SPEED, text, action)
    assert (
        "    quote: « jusqu’à 3 fois plus rapide »\n"
        "    # « jusqu’à 3 fois plus rapide »\n"
        '    translation: ""\n'
        f"    # {TRANSLATED_BY_NOTE}\n"
        "    translated_by:\n"
    ) in after
    assert Code.TRANSLATION_MISSING not in codes(fixed(root, SPEED, after), SPEED)


def test_a_translation_without_its_translator_gets_person_or_machine(root: Path) -> None:
    text = edited(
        root,
        SPEED,
        "    translation: up to 3 times faster\n    translated_by: person\n",
        "    translation: up to 3 times faster\n",
    )
    view, found = fixes(root, SPEED, text, Code.TRANSLATED_BY_MISSING)
    assert [a.is_preferred for a in found] == [None, None]  # neither is the obvious one
    for action, by in zip(found, ("person", "machine"), strict=True):
        after = applied(view, SPEED, text, action)
        assert after == text.replace(
            "    translation: up to 3 times faster\n",
            f"    translation: up to 3 times faster\n    translated_by: {by}\n",
        )
    assert fixed(root, SPEED, after).by_path.get(SPEED, ()) == ()


# robustness


def test_a_broken_text_or_another_file_s_problem_gets_no_fix(root: Path) -> None:
    text = edited(root, SPEED, "  - source: acme-post\n", "  - source: acme-pots\n")
    view = make_view(root, DAY)
    problems = list(view.by_path[SPEED])
    assert code_actions(view, SPEED, text[:-40] + ":\n  - [", problems) == []
    assert code_actions(view, PRICE, text, problems) == []
