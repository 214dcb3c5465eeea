"""What a text value may hold: characters XML can carry, and something to read.

Every text ends up in the Atom feed and the sitemap, which are XML 1.0: one
character that XML cannot carry makes the whole file ill-formed for every
reader.  And a value made only of white space or invisible characters says
nothing, yet looks filled in to a check for "empty".
"""

from __future__ import annotations

import datetime as dt
import re

# Complement of XML 1.0's Char production:
# #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]
# less DEL and the C1 controls (U+007F-U+009F): XML carries them, but in an
# HTML page each is a parse error, and no text of a record needs one.
# Written as the characters left out, not as the negation of those allowed: the same set,
# but compiled in 0.5 ms, not 4 (every command imports it, a replay's too).
_XML_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")

# Unicode's Default_Ignorable_Code_Point: characters that render as nothing
# (zero-width spaces and joiners, byte-order mark, soft hyphen, bidi controls,
# variation selectors, Hangul fillers, tags).
_INVISIBLE = (
    "\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e"
    "\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8\U0001bca0-\U0001bca3"
    "\U0001d173-\U0001d17a\U000e0000-\U000e0fff"
)
# One character to read.  Also a pydantic pattern (Rust regex there, which
# reads \s as Unicode white space like Python does).
VISIBLE_PATTERN = rf"[^\s{_INVISIBLE}]"
_VISIBLE = re.compile(VISIBLE_PATTERN)


def first_illegal(text: str) -> int | None:
    """Offset of the first character XML 1.0 cannot carry, or None."""
    match = _XML_ILLEGAL.search(text)
    return None if match is None else match.start()


def describe_illegal(text: str, offset: int) -> str:
    """'U+0001 at offset 3': the character named by code point, never printed raw."""
    return f"U+{ord(text[offset]):04X} at offset {offset}"


def has_visible(text: str) -> bool:
    """True when ``text`` has a character other than white space and invisible ones."""
    return _VISIBLE.search(text) is not None


# The id rule and the date rule: records/values.py builds its pydantic types on them.
ID_PATTERN = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
ID_MAX = 120
ID_RULE = f"lowercase letters, digits and single hyphens, at most {ID_MAX} characters"
_ID = re.compile(ID_PATTERN)


def is_record_id(text: str) -> bool:
    """The one id rule: file names, references and command arguments all follow it."""
    return len(text) <= ID_MAX and _ID.fullmatch(text) is not None


# A number as YAML 1.2 writes one (its core schema's int and float, in decimal): what a
# plain scalar is read as by any YAML 1.2 reader.
DECIMAL = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?")

DATE_PATTERN = r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"
_DATE = re.compile(DATE_PATTERN)


def parse_date(text: str) -> dt.date:
    """A date written exactly YYYY-MM-DD; ValueError for anything else.

    ``date.fromisoformat`` alone would also take 20261130 and 2026-W48-1.
    """
    if not _DATE.fullmatch(text):
        raise ValueError(f"expected a date written YYYY-MM-DD, not {text!r}")
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise ValueError(f"{text}: no such day in the calendar") from None


def common_ends(a: str, b: str) -> tuple[int, int]:
    """How many characters two texts share at their start, and then at their end (never
    overlapping the start): what lies between is what changed."""
    shortest = min(len(a), len(b))
    start = 0
    while start < shortest and a[start] == b[start]:
        start += 1
    end = 0
    while end < shortest - start and a[-1 - end] == b[-1 - end]:
        end += 1
    return start, end


class Later:
    """A regular expression compiled when first used, not when its module is imported: a
    large Unicode class takes milliseconds to compile (re builds its bitmap one code point
    at a time: 3.1 ms for check/text's CJK class, 4.5 ms for its word class), which a run
    that never matches it (a `check` after a statement's edit) need not pay."""

    __slots__ = ("_compiled", "_source")

    def __init__(self, source: str) -> None:
        self._source = source
        self._compiled: re.Pattern[str] | None = None

    @property
    def pattern(self) -> re.Pattern[str]:
        found = self._compiled
        if found is None:
            found = self._compiled = re.compile(self._source)
        return found
