"""The one diff of claimtrack (check/text/worddiff.py, wordruns.py): the sentences a version
of a source removed and those that took their place, and within them the words that
changed; Chinese compared character by character; a change of white space, quotation marks
or typographic spaces is no change; hunks kept as plain data for the cache."""

from __future__ import annotations

from claimtrack.check.text.worddiff import (
    ADDED,
    REMOVED,
    SAME,
    Hunk,
    Piece,
    around,
    as_plain,
    from_plain,
    hunks,
    word_diff,
)


def changed(pieces: tuple[Piece, ...]) -> list[tuple[str, str]]:
    """The pieces that changed: (kind, its text on its side)."""
    return [(p.kind, p.old or p.new) for p in pieces if p.kind != SAME]


def test_a_figure_reworded_is_a_change_of_those_words_only() -> None:
    old = "Acme announces Photon X2. It is up to 3x faster. The price is unknown.\n"
    new = "Acme announces Photon X2. It is up to 2.5x faster on selected models. The price is unknown.\n"
    (hunk,) = hunks(old, new, "en")
    assert hunk.removed == ("It is up to 3x faster.",)
    assert hunk.added == ("It is up to 2.5x faster on selected models.",)
    assert changed(hunk.pieces) == [
        (REMOVED, "3x "),
        (ADDED, "2.5x "),
        (ADDED, "on selected models"),
    ]
    # Every character of both sentences is in the pieces, at the hunk's offsets.
    assert old[hunk.old_start : hunk.old_end] == hunk.before == "It is up to 3x faster."
    assert new[hunk.new_start : hunk.new_end] == hunk.after


def test_a_sentence_removed_with_nothing_in_its_place() -> None:
    old = "Rocket 2: questions and answers. Rocket 2 burns 20% less fuel.\nIt ships in December.\n"
    new = "Rocket 2: questions and answers.\nIt ships in December.\n"
    (hunk,) = hunks(old, new, "en")
    assert (hunk.removed, hunk.added) == (("Rocket 2 burns 20% less fuel.",), ())
    assert changed(hunk.pieces) == [(REMOVED, "Rocket 2 burns 20% less fuel.")]


def test_chinese_is_compared_character_by_character() -> None:
    old = "Acme 發表 Rocket 2。價格未公布。出貨日期為十二月。"
    new = "Acme 發表 Rocket 2。價格已公布。出貨日期為十二月。"
    (hunk,) = hunks(old, new, "zh-Hant")
    assert (hunk.removed, hunk.added) == (("價格未公布。",), ("價格已公布。",))
    # One character, not the whole run of characters between two spaces.
    assert changed(hunk.pieces) == [(REMOVED, "未"), (ADDED, "已")]


def test_a_change_of_spacing_or_quotation_marks_is_no_change() -> None:
    old = "Le Rocket 2 est « deux fois » plus rapide : c'est annoncé.\n"
    new = "Le  Rocket 2 est «\u202fdeux fois\u202f» plus rapide\u00a0: c’est annoncé.\n"
    assert hunks(old, new, "fr") == ()
    assert word_diff("up to 3x", "up to 3x") == (Piece(SAME, "up to 3x", "up to 3x"),)


def test_each_sentence_faces_the_one_it_became() -> None:
    old = "One. It was up to 3x faster. It costs 100 euros. Four.\n"
    new = "One. It was up to 2x faster. It costs 120 euros. Four.\n"
    found = hunks(old, new, "en")
    assert [(h.removed, h.added) for h in found] == [
        (("It was up to 3x faster.",), ("It was up to 2x faster.",)),
        (("It costs 100 euros.",), ("It costs 120 euros.",)),
    ]


def test_only_the_paragraphs_that_differ_are_compared() -> None:
    """A long page with one change far from both ends: one hunk, at the right place."""
    head = "".join(f"Paragraph {i} says nothing new.\n" for i in range(2000))
    old = head + "The engine ships in December.\n" + head
    new = head + "The engine ships in January.\n" + head
    (hunk,) = hunks(old, new, "en")
    assert hunk.old_start == len(head)
    assert changed(hunk.pieces) == [(REMOVED, "December"), (ADDED, "January")]


def test_the_change_around_a_passage_joins_the_hunks_it_overlaps() -> None:
    old = "A. It was up to 3x faster. It was cheap. B.\n"
    new = "A. It was faster. It was dear. B.\n"
    found = hunks(old, new, "en")
    start = old.index("up to 3x")
    end = old.index("cheap") + len("cheap")
    joined = around(found, start, end, old, new)
    assert joined is not None
    assert joined.removed == ("It was up to 3x faster.", "It was cheap.")
    assert joined.added == ("It was faster.", "It was dear.")
    assert joined.before == old[joined.old_start : joined.old_end]
    assert around(found, 0, 2, old, new) is None  # "A." did not change


def test_hunks_are_kept_as_plain_data() -> None:
    found = hunks("It is 3x faster. Fine.", "It is 2x faster. Fine.", "en")
    assert found and all(isinstance(h, Hunk) for h in found)
    assert from_plain(as_plain(found)) == found
