"""A text offset as line and column: one function (problems.line_column) for the loader,
the templates' decoding and the coverage report, with CRLF files and CJK text."""

from __future__ import annotations

from collections.abc import Callable

from claimtrack.check.coverage.counts import match_reviewed, sentences_of
from claimtrack.codes import Code
from claimtrack.layout import line_column
from claimtrack.load.nodes import Positions
from claimtrack.load.yamlsource import parse_document


def test_lines_end_at_lf_and_columns_count_characters_or_bytes() -> None:
    text = "ab\ncd"
    assert [line_column(text, at) for at in range(len(text) + 1)] == [
        (1, 1),
        (1, 2),
        (1, 3),  # the LF ends its line
        (2, 1),
        (2, 2),
        (2, 3),  # the end of the text
    ]
    # CRLF: the CR is the last character of its line, the next line starts after the LF.
    crlf = "ab\r\ncd"
    assert line_column(crlf, crlf.index("\r")) == (1, 3)
    assert line_column(crlf, crlf.index("c")) == (2, 1)
    # CJK: a character is one column in text, three in its UTF-8 bytes.
    cjk = "火箭\r\n二號x"
    raw = cjk.encode("utf-8")
    assert line_column(cjk, cjk.index("x")) == (2, 3)
    assert line_column(raw, raw.index(b"x")) == (2, 7)


def test_the_loader_points_at_the_byte_and_the_tab_in_a_crlf_file() -> None:
    raw = "statement: x\r\nkind: 火".encode() + b"\xff\r\n"
    (problem,) = parse_document(raw, "claims/x.yaml").problems
    assert problem.code is Code.NOT_UTF8
    assert (problem.line, problem.column) == (2, 10)  # in bytes: the file is not text
    tabbed = "statement: 火箭\r\nclaimant:\r\n  \tname: x\r\n".encode()
    (problem,) = parse_document(tabbed, "claims/x.yaml").problems
    assert problem.code is Code.TAB_INDENT
    assert (problem.line, problem.column) == (3, 3)


def test_the_coverage_report_counts_columns_in_characters() -> None:
    text = "火箭二號。價格未公布。\r\nIt runs.\r\n"
    found = match_reviewed(text, sentences_of(text, [], "zh-Hant"), [])
    assert [(found.words(s), found.position(s)) for s in found.sentences] == [
        ("火箭二號。", (1, 1)),
        ("價格未公布。", (1, 6)),
        ("It runs.", (2, 1)),
    ]


def test_only_the_last_files_node_tree_is_kept_and_a_dropped_one_is_built_again() -> None:
    texts = {name: f"statement: {name}\nclaimant:\n  name: x{name}\n" for name in "abc"}
    reads: list[str] = []

    def reader(name: str) -> Callable[[], str]:
        return lambda: reads.append(name) or texts[name]

    table = {name: Positions(reader=reader(name), known={}) for name in texts}
    assert table["a"].value(("claimant", "name")) == (3, 9)
    assert table["a"].key(("statement",)) == (1, 1)  # the same tree serves the same file
    assert table["a"]._root is not None
    assert table["b"].value(("statement",)) == (1, 12)
    assert table["a"]._root is None and table["b"]._root is not None  # one tree at a time
    assert table["a"].value(("claimant",)) == (3, 3)  # from the text, parsed again
    assert table["b"]._root is None
    assert reads == ["a", "b"]
    # Released (a one-shot build, after its checks): the text goes too, read again if asked;
    # what was found stays known.
    table["a"].release()
    assert table["a"]._text is None and table["a"].value(("claimant", "name")) == (3, 9)
    assert reads == ["a", "b"]
    assert table["a"].key(("claimant", "name")) == (3, 3)
    assert reads == ["a", "b", "a"]
