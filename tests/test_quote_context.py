"""Quotes in context: sentence boundaries, the offset map from normalised text back to the
archive's own characters, the sentences around a quote, and the 300-character cut."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from claimtrack.check.text.quotecontext import (
    CONTEXT_LIMIT,
    ArchiveText,
    QuoteContext,
    _as_written,
    closest_passage,
    quote_context,
)
from claimtrack.check.text.sentences import sentence_starts, sentences
from claimtrack.check.text.textnorm import divergence, mapped, normalise


def context(quote: str, archive: str) -> QuoteContext | None:
    return quote_context(quote, ArchiveText(archive, normalise(archive)))


# Characters that normalising changes, drops, merges or combines, among plain ones.
_ODD = st.sampled_from(list("ab .«»“”「」 \u00a0\u202f\u3000ＡＢ８倍最高\u0301e:?\n"))


@settings(max_examples=400, deadline=None)
@given(st.lists(_ODD, max_size=40).map("".join), st.data())
@example("e\u0301 e", None)
@example("aaa«« «", None)
def test_quote_as_written_is_where_the_offset_map_puts_it(
    archive: str, data: st.DataObject
) -> None:
    """The fast path (the quote found as written) never disagrees with the offset map."""
    if data is None:
        quote = "e" if archive.startswith("e") else "« «"
    else:
        i = data.draw(st.integers(0, len(archive)))
        quote = archive[i : data.draw(st.integers(i, len(archive)))]
    text = mapped(archive)
    wanted = normalise(quote)
    if text is None or not wanted.strip() or not quote.strip():
        return
    at = text.text.find(wanted)
    if at < 0:
        return
    span = _as_written(quote.strip(), archive, wanted, text.text.count(wanted))
    if span is not None:
        assert span == text.original_span(at, at + len(wanted))


def test_a_quote_not_as_written_found_through_the_offset_map() -> None:
    archive = "Intro. He said «\u00a0vite\u00a0» today. End."
    found = context("He said « vite » today", archive)
    assert found is not None
    assert found.passage == "He said «\u00a0vite\u00a0» today"
    assert archive[found.start : found.end] == found.passage


def test_english_sentences() -> None:
    assert sentences("It is 3.5x faster. Really? Yes!  Done") == [
        "It is 3.5x faster.",
        "Really?",
        "Yes!",
        "Done",
    ]


def test_french_spacing_before_marks_and_inside_guillemets() -> None:
    text = "Prêt\u202f? Oui ! Il a dit : « Non. » Fin."
    assert sentences(text) == ["Prêt\u202f?", "Oui !", "Il a dit : « Non. »", "Fin."]


def test_chinese_sentences_need_no_space() -> None:
    assert sentences("速度很快。价格呢？没有说！「好。」完") == [
        "速度很快。",
        "价格呢？",
        "没有说！",
        "「好。」",
        "完",
    ]
    assert sentence_starts("一。二") == [0, 2]


def test_abbreviations_end_no_sentence() -> None:
    text = "Acme Corp. is based in San Jose, Calif. and sells rockets. Mr. Ito said so."
    assert sentences(text, "en") == [
        "Acme Corp. is based in San Jose, Calif. and sells rockets.",
        "Mr. Ito said so.",
    ]


def test_sentences_are_split_in_the_sources_language() -> None:
    """A segmenter's abbreviations are a language's: French "p. ex." is not English."""
    text = "Voir p. ex. le rapport. Fin."
    assert sentences(text, "fr") == ["Voir p. ex. le rapport.", "Fin."]
    assert sentences(text, "fr-CA") == sentences(text, "fr")
    assert sentences(text, "en") != sentences(text, "fr")


def test_a_full_width_stop_ends_a_sentence_before_a_lowercase_latin_word() -> None:
    assert sentences("價格未公布。xAI表示不會。iPhone也是「好。」eBay呢？", "zh-Hant") == [
        "價格未公布。",
        "xAI表示不會。",
        "iPhone也是「好。」",
        "eBay呢？",
    ]


def test_a_blank_line_is_no_sentence() -> None:
    """Nor is a line of spaces: the sentence before the second paragraph's is the first's."""
    assert sentence_starts("One.\n\n   \nTwo. Three") == [0, 10, 15]


@pytest.mark.parametrize(
    "archive",
    [
        "Ａｃｍｅ　ｓａｙｓ．\tIt runs ＦＡＳＴ, and “so” on.",
        "One.\n\n  Two “quoted”\r\n text here . Three ! « Quatre » 速 度 很 快。",
        "e\u0301 combining é. Ｆｕｌｌ ｗｉｄｔｈ",
    ],
)
def test_offset_map_gives_normalise_exactly(archive: str) -> None:
    text = mapped(archive)
    assert text is not None
    assert text.text == normalise(archive)
    assert len(text.starts) == len(text.ends) == len(text.text)


def test_full_width_characters_shown_as_the_archive_has_them() -> None:
    archive = "Acme spoke. The ＲＯＣＫＥＴ ２ is fast. Then nothing."
    found = context("The ROCKET 2 is fast.", archive)
    assert found == QuoteContext(
        "Acme spoke. ", "The ＲＯＣＫＥＴ ２ is fast.", " Then nothing.", 1, 12, 33
    )
    assert archive[found.start : found.end] == found.passage


def test_curly_quotes_and_a_line_break_inside_the_quote() -> None:
    archive = "Intro here. He said “it is\nfast” today. After that, silence."
    found = context('said "it is fast" today', archive)
    assert found is not None
    assert found.passage == "said “it is\nfast” today"
    assert found.before == "Intro here. He "
    assert found.after == ". After that, silence."


def test_cjk_spacing_removed_by_normalising_but_shown() -> None:
    archive = "第一句。火箭 2 的 速度 很快。最后一句。"
    found = context("火箭2的速度很快。", archive)
    assert found is not None
    assert found.passage == "火箭 2 的 速度 很快。"
    assert (found.before, found.after) == ("第一句。", "最后一句。")


def test_french_quote_with_narrow_spaces() -> None:
    archive = "Acme dit que Rocket 2 est «\u202fjusqu’à 3 fois plus rapide\u202f» que Rocket 1."
    found = context("« jusqu'à 3 fois plus rapide »", archive)
    assert found is not None
    assert found.passage == "«\u202fjusqu’à 3 fois plus rapide\u202f»"
    assert found.after == " que Rocket 1."


def test_context_is_the_sentence_before_and_the_sentence_after() -> None:
    archive = "Zero. One. Two and the quote here, then more. Three. Four."
    found = context("the quote here", archive)
    assert found is not None
    # The rest of the quote's own sentence, plus one whole sentence either side.
    assert found.before == "One. Two and "
    assert found.after == ", then more. Three."


def test_several_occurrences_first_shown_and_counted() -> None:
    archive = "Fast. Acme is fast. Then: Acme is fast. And Acme is fast!"
    found = context("Acme is fast", archive)
    assert found is not None
    assert found.occurrences == 3
    assert found.before == "Fast. "
    assert found.after == ". Then: Acme is fast."


def test_not_found_and_empty_quotes_have_no_context() -> None:
    assert context("absent words", "Some text.") is None
    assert context("  ", "Some text.") is None


def test_long_context_cut_at_a_word_with_an_ellipsis() -> None:
    long_before = " ".join(f"word{i}" for i in range(100)) + "."
    long_after = " ".join(f"next{i}" for i in range(100)) + "."
    found = context("QUOTE.", f"{long_before} QUOTE. {long_after}")
    assert found is not None
    assert found.before.startswith("…word") and found.before.endswith("word99. ")
    assert found.after.startswith(" next0") and found.after.endswith("…")
    assert len(found.before) <= CONTEXT_LIMIT and len(found.after) <= CONTEXT_LIMIT
    # Whole words only.
    assert found.before[1:].split()[0] in long_before.split()
    assert found.after[:-1].split()[-1] in long_after.split()


def test_long_context_without_spaces_cut_by_characters() -> None:
    found = context("引用。", "前" * 400 + "。引用。" + "后" * 400 + "。")
    assert found is not None
    assert found.before == "…" + "前" * 298 + "。"
    assert found.after == "后" * 299 + "…"


def test_the_closest_passage_of_a_quote_not_found() -> None:
    archive = "First sentence here. The engine runs up to 3x faster. It costs less.\nLast one."
    text = ArchiveText(archive, normalise(archive))
    closest = closest_passage("The engine runs up to 4x faster.", text)
    assert closest is not None
    assert archive[closest.start : closest.end] == "The engine runs up to 3x faster."
    assert closest.found_prefix == len("The engine runs up to ")
    # A quote over two sentences is matched with two.
    two = closest_passage("runs up to 3x faster. It costs less", text)
    assert two is not None
    assert archive[two.start : two.end] == "The engine runs up to 3x faster. It costs less."
    assert closest_passage(" \n", text) is None
    assert closest_passage("x", ArchiveText("", "")) is None


def test_a_quote_parts_from_the_passage_it_was_copied_from() -> None:
    """Of the places holding the quote's beginning, the one whose words go on most like the
    quote's is where the archive's side of the difference is read."""
    text = normalise(
        "The engine runs on petrol. The engine runs up to 3x faster on the new track. "
        "The engine runs very hot at full speed."
    )
    parted = divergence(normalise("The engine runs up to 4x faster on the new track"), text)
    assert (parted.matched, parted.archived, parted.quoted) == (
        len("The engine runs up to "),
        "3x faster on the new",
        "4x faster on the new",
    )
    # A beginning held in several places, each parting there: the likeliest is shown.
    parted = divergence(normalise("The engine runs really hot at full speed"), text)
    assert (parted.matched, parted.archived, parted.quoted) == (
        len("The engine runs "),
        "very hot at full spe",
        "really hot at full s",
    )
