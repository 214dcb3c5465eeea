"""How a stale translation's original changed, as the comment translate wrote above it
holds the old one (issue 25, defect 8): what check's warning and the translations report
show."""

from __future__ import annotations

from claimtrack.records.originals import difference, noted, quote_note
from claimtrack.records.translations import fingerprint

RATIONALE = "The one measurement found 2x."


def test_the_comment_holding_the_original_is_found_below_a_translator_s_own() -> None:
    text = (
        "translations:\n"
        "  fr:\n"
        "    # checked by Marie\n"
        "    # The one measurement\n"
        "    # found 2x.\n"
        "    rationale: x\n"
        "evidence:\n"
        "  - quote: « jusqu'à 3 fois »\n"
        "    translations:\n"
        "      zh-Hant:\n"
        "        # « jusqu'à 3 fois »\n"
        "        # (English) up to 3 times\n"
        "        text: 三倍\n"
    )
    found = noted(text, 6, 5, fingerprint(RATIONALE))
    assert found is not None and found.text == RATIONALE  # the wrapped lines joined
    assert text[found.start : found.end] == "    # The one measurement\n    # found 2x.\n"
    quote = noted(text, 13, 9, fingerprint("« jusqu'à 3 fois »"))
    assert quote is not None and quote.text == "« jusqu'à 3 fois »"  # its English left out
    assert text[quote.start : quote.end].endswith("# (English) up to 3 times\n")  # all of it goes
    assert quote_note("« jusqu'à 3 fois »", "up to 3 times").splitlines()[1] == (
        "(English) up to 3 times"
    )
    assert noted(text, 6, 5, fingerprint("Something else.")) is None
    assert noted(text, 6, 5, None) is None


def test_the_difference_shows_what_changed_with_a_little_around_it() -> None:
    long = "On Acme's own benchmark suite, with the default settings and the {} model it ships."
    assert difference(long.format("largest"), long.format("smallest")) == (
        "…settings and the largest model it ships.",
        "…settings and the smallest model it ships.",
    )
    # Re-wrapped, nothing changed but where it did.
    assert difference("a  b\nc", "a b c d") == ("a b c", "a b c d")
    was, now = difference("Short.", "Short, then " + "very " * 40 + "long.")
    assert was == "Short." and now.endswith("very…") and len(now) < 80
