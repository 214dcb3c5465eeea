"""Links into a source's own page at the quoted passage: URL text fragments
(``#:~:text=``, WICG Text Fragments), which browsers scroll to and highlight."""

from __future__ import annotations

from urllib.parse import quote as percent

# Longer quotes are linked by their first and last words (textStart,textEnd), short
# enough for the URL, and robust to a change of spacing inside the passage.
LONG_QUOTE = 80
EDGE_WORDS = 4
CONTEXT_WORDS = 3
# Text without spaces (Chinese, Japanese): so many characters instead of words.
EDGE_CHARS = 12


def encode(term: str) -> str:
    """Percent-encode one term: everything but unreserved characters, and ``-`` too,
    since ``-``, ``,`` and ``&`` mean something in the fragment's syntax."""
    return percent(term, safe="").replace("-", "%2D")


def _head(words: list[str], text: str, count: int) -> str:
    return " ".join(words[:count]) if len(words) > 1 else text[:EDGE_CHARS]


def _tail(words: list[str], text: str, count: int) -> str:
    return " ".join(words[-count:]) if len(words) > 1 else text[-EDGE_CHARS:]


def text_fragment_url(url: str, passage: str, prefix: str = "", suffix: str = "") -> str:
    """``url`` with a text fragment for ``passage``; ``prefix``/``suffix`` (the text just
    before and after it) are added when given, to tell apart a passage that occurs twice."""
    text = " ".join(passage.split())
    words = text.split(" ")
    if len(text) > LONG_QUOTE:
        start = _head(words, text, EDGE_WORDS)
        end = _tail(words, text, EDGE_WORDS)
        terms = [encode(start), encode(end)]
    else:
        terms = [encode(text)]
    before = " ".join(prefix.split())
    after = " ".join(suffix.split())
    if before:
        terms.insert(0, encode(_tail(before.split(" "), before, CONTEXT_WORDS)) + "-")
    if after:
        terms.append("-" + encode(_head(after.split(" "), after, CONTEXT_WORDS)))
    return f"{url.split('#', 1)[0]}#:~:text={','.join(terms)}"
