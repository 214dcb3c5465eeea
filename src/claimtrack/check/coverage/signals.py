"""Signals that a sentence states something checkable, in English, French and Chinese.

`claimtrack coverage` lists the sentences no claim cites, strongest first: a
sentence with a figure, a bound or an admission that something was not
disclosed is more likely a claim the tracker is missing than one that only
frames the text.  Each detector is a small rule with a name and a weight; a
sentence's score is the sum of the weights of the signals it raises (each at
most once), so two signals outrank one.

The weights say how likely the signal marks a claim this tracker wants:

- ``undisclosed`` 5: what a vendor did not disclose is an omission, the claims
  the tracker exists to record beside the figures;
- ``multiplier`` 4: "8x" is the headline figure of a performance announcement;
- ``number`` 3 and ``bound`` 3: a figure, and "up to", which decides what a
  figure means;
- ``date`` 2 and ``comparative`` 2: checkable, but often incidental;
- ``named`` 1: a named organisation or person; capitalised words are common, so
  alone it only breaks ties.

Chinese has no spaces and no capitals: numbers may be full-width (``８``) or
Chinese numerals (``八倍``), and names written in Latin letters (NVIDIA,
OpenAI) are found by the capitalised-word rule and by the names the tracker's
own records give (claimants, publishers, authors).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Signal:
    name: str
    weight: int


UNDISCLOSED = Signal("undisclosed", 5)
MULTIPLIER = Signal("multiplier", 4)
NUMBER = Signal("number", 3)
BOUND = Signal("bound", 3)
DATE = Signal("date", 2)
COMPARATIVE = Signal("comparative", 2)
NAMED = Signal("named", 1)

_I = re.IGNORECASE
# Chinese numerals that count something (not 一 as "a": 一個, 一種).
_ZH_NUMERAL = "[零〇一二三四五六七八九十百千萬万億亿兩两]"
# A number not glued to the letters of a name: GPT-6, v6.1 and H100 are names, not figures.
_LATIN = "A-Za-z\u00c0-\u024f"
_DIGITS = rf"(?<![{_LATIN}\d.,])(?<![{_LATIN}][-‑])\d+(?:[.,]\d+)*"
_MONTHS_EN = (
    r"(?:January|February|March|April|May|June|July|August|September|October|November"
    r"|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\.?"
)
_MONTHS_FR = (
    r"(?:janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre"
    r"|décembre)"
)
_APOS = "['’]"

_PATTERNS: dict[Signal, re.Pattern[str]] = {
    UNDISCLOSED: re.compile(
        r"\b(?:did|does|do|has|have|had|was|were|is|are)\s?n[o']t\s+(?:yet\s+|been\s+)?"
        r"(?:disclos|say|said|state|specif|reveal|give|given|provid|publish|mention|share|detail)"
        r"|\bnot\s+(?:been\s+)?(?:disclosed|stated|specified|revealed|published|given)\b"
        r"|\bundisclosed\b|\bno\s+(?:figures?|numbers?|details?|prices?|pricing)\b"
        r"|\bwithout\s+(?:saying|giving|disclosing|stating|specifying)\b"
        r"|\bdeclined\s+to\b"
        rf"|\bne\s+(?:\w+\s+)?(?:précis|di[st]|donn|communiqu|indiqu|révèl|mentionn|détaill"
        rf"|chiffr|publi)\w*\s+pas\b"
        rf"|\bn{_APOS}(?:a|ont|est|sont)\s+pas\s+(?:été\s+)?(?:communiqu|précis|donn|révél"
        rf"|indiqu|dévoil|publi|divulgu|chiffr|détaill)"
        r"|\baucune?\s+(?:chiffre|prix|tarif|détail|précision|donnée|information)"
        r"|\bsans\s+(?:préciser|donner|indiquer|chiffrer|communiquer)\b"
        r"|\bnon\s+(?:communiqué|précisé|divulgué)"
        r"|(?:未|沒有|没有|沒|没|並未|并未|尚未)(?:公[布佈開开]|披露|透露|給出|给出|說明|说明"
        r"|提供|提及|揭露|具體說明|具体说明)",
        _I,
    ),
    MULTIPLIER: re.compile(
        rf"{_DIGITS}\s?(?:[x×]|times|fois|倍|-fold)(?![{_LATIN}])"
        rf"|{_ZH_NUMERAL}+倍|[數数幾几]倍"
        r"|\b(?:twice|double[sd]?|triple[sd]?|tenfold|deux fois|trois fois|doublé|triplé)\b",
        _I,
    ),
    NUMBER: re.compile(
        rf"{_DIGITS}|百分之|{_ZH_NUMERAL}+(?:成|%|％)",
    ),
    BOUND: re.compile(
        r"\b(?:up to|at least|at most|as (?:much|many|fast|high) as|no (?:more|less) than"
        r"|more than|less than|fewer than|nearly|almost|approximately|roughly"
        r"|maximum|minimum|exceed(?:s|ed|ing)?)\b|\b(?:over|under|above|below)\s+\d"
        rf"|\bjusqu{_APOS}(?:à|au)|\bau (?:moins|plus|maximum|minimum)\b"
        r"|\b(?:plus|moins) de\s+\d|\benviron\b|\bprès de\b|\bpresque\b|\bdépass\w*"
        r"|最高|最多|最少|最低|高達|高达|超過|超过|至少|至多|多達|多达|大約|大约|約\s?\d"
        r"|\d\s?(?:以上|以內|以内|左右)|逾\s?\d",
        _I,
    ),
    DATE: re.compile(
        r"\b(?:19|20)\d\d-\d\d-\d\d\b|(?<!\d)(?:19|20)\d\d(?!\d)(?![-‑.,]\d)"
        rf"|\b{_MONTHS_EN}\s+\d{{1,2}}\b|\b\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTHS_EN}"
        rf"|\b\d{{1,2}}(?:er)?\s+{_MONTHS_FR}\b|\b{_MONTHS_FR}\s+\d{{4}}\b"
        rf"|[\d{_ZH_NUMERAL[1:-1]}]+\s?年|[\d{_ZH_NUMERAL[1:-1]}]+\s?月[\d{_ZH_NUMERAL[1:-1]}]+\s?[日號号]"
        r"|同日|當日|当日",
    ),
    COMPARATIVE: re.compile(
        r"\b(?:faster|slower|better|worse|higher|lower|cheaper|larger|smaller|greater|quicker"
        r"|fewer|most|least|best|worst|fastest|slowest|largest|highest|lowest|cheapest)\b"
        r"|\bmore\s+\w+|\bless\s+\w+\s+than\b|\b\w+er\s+than\b"
        r"|\b(?:plus|moins)\s+(?:\w+\s+){0,2}?que\b|\b(?:le|la|les)\s+(?:plus|moins)\b"
        r"|\bde plus en plus\b|\bmeilleur\w*|\bmieux\b|\bpire\b"
        r"|\bplus\s+(?:rapides?|vite|efficaces?|performant\w*|réactif\w*|réactives?|lent\w*)\b"
        r"|更(?![換换新改正])|最(?![高多少低]|佳化|近|後|后|終|终|初)|越來越|越来越|比\S{1,12}?[快慢高低多少好強强]",
        _I,
    ),
}

# A word that starts with a capital, in Latin letters (also inside Chinese text).
_CAPITALISED = re.compile(rf"(?<![{_LATIN}\d'’-])[A-Z\u00c0-\u00de][{_LATIN}\d'’-]*")
_FIRST_LETTER = re.compile(r"[^\W_]")
# Capitalised in English, yet not names.
_NOT_NAMES = re.compile(
    rf"{_MONTHS_EN}|(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|I|I['’]\w+", re.IGNORECASE
)


def _named(text: str, names: frozenset[str]) -> bool:
    """A name the records give, or a capitalised word that is not the sentence's first
    word; all-capital words of up to three letters are mostly terms (GPU, API, AI)."""
    if any(name in text for name in names):
        return True
    first = _FIRST_LETTER.search(text)
    for word in _CAPITALISED.finditer(text):
        if first is not None and word.start() == first.start():
            continue
        if _NOT_NAMES.fullmatch(word.group()):
            continue
        if not (word.group().isupper() and len(word.group()) <= 3):
            return True
    return False


Detector = Callable[[str, frozenset[str]], bool]


def _pattern(signal: Signal) -> Detector:
    pattern = _PATTERNS[signal]
    return lambda text, names: pattern.search(text) is not None


DETECTORS: tuple[tuple[Signal, Detector], ...] = (
    *((signal, _pattern(signal)) for signal in _PATTERNS),
    (NAMED, _named),
)


def signals(text: str, names: frozenset[str] = frozenset()) -> tuple[Signal, ...]:
    """The signals ``text`` raises, strongest first.  ``names``: organisations and people
    the tracker's records name, found wherever they stand (Chinese text has no capitals)."""
    found = [signal for signal, detect in DETECTORS if detect(text, names)]
    return tuple(sorted(found, key=lambda s: (-s.weight, s.name)))


def score(found: Iterable[Signal]) -> int:
    return sum(signal.weight for signal in found)
