"""Translations for the synthetic tracker of bench/make_tracker.py: tracker.yaml's
`translations:`, and a `translations:` block per further site language on each claim,
source and evidence quote, in the shape of the records' contract (docs/records.md).

The texts are real translations: a sentence of bench/sentences.py exists in all three
languages by construction, and the records' English prose is translated in
bench/corpus_translated.py.  Fingerprints come from claimtrack's own `fingerprint`,
history keys from its own `entry_keys`, so that `claimtrack check` judges them as it
judges a translator's work.  Of the fields with an original, about 85% are current,
10% stale (made from an older text: one sentence fewer, or the text before a typo fix)
and 5% missing; about half the quotes not in a language carry a translation into it.

The draws use their own random generator: a tracker with translations has the same
records, byte for byte, as the one without (the one-language build it is compared with).
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Sequence

from corpus_translated import (
    NNB,
    OMISSIONS,
    PROSE,
    QUANTITY_WORDS,
    TRACKER_DESCRIPTION,
    TRACKER_TITLE,
)
from yamlemit import Writer

from claimtrack.records.translated import entry_keys
from claimtrack.records.translations import GROUPS, fingerprint

Piece = tuple[str, str, str]  # one text in (en, fr, zh-Hant): bench/make_tracker.LANGS
FURTHER = ("zh-Hant", "fr")  # the site languages a tracker can be given, besides English
INDEX = {"en": 0, "fr": 1, "zh-Hant": 2}
MISSING, STALE = 0.05, 0.10  # the share of fields missing, and stale
QUOTES = 0.5  # the share of quotes not in a language that are translated into it
MACHINE = 0.65  # the share of translations made by a machine


def piece(english: str) -> Piece:
    """An English text of the records' prose with its French and Chinese."""
    fr, zh = PROSE[english]
    return (english, fr, zh)


def same_name(name: str) -> Piece:
    """A name readers of every language write as it is (a person's, a company's)."""
    return (name, name, name)


def quantity_words(english: str) -> Piece:
    """A figure's metric or baseline with its French and Chinese."""
    fr, zh = QUANTITY_WORDS[english]
    return (english, fr, zh)


def omission(template: str, **slots: str) -> Piece:
    fr, zh = OMISSIONS[template]
    return (template.format(**slots), fr.format(**slots), zh.format(**slots))


def joined(pieces: Sequence[Piece], lang: int) -> str:
    """Sentences as one text: Chinese runs them together, the others put a space."""
    return ("" if lang == 2 else " ").join(p[lang] for p in pieces)


def edited(text: str) -> str:
    """The text before a typo fix (its final full stop missing, or one too many)."""
    return text[:-1] if text.endswith(".") else text + "."


def count(n: int, lang: int) -> str:
    return f"{n:,}".replace(",", NNB) if lang == 1 else f"{n:,}"


class Translator:
    """Writes the translation blocks of one tracker into its records' Writers."""

    def __init__(self, claims: int, languages: Sequence[str], stream: str = "") -> None:
        """``stream``: names a random stream of its own, for records drawn apart."""
        unknown = [tag for tag in languages if tag not in FURTHER]
        if unknown or len(set(languages)) != len(languages):
            raise ValueError(f"languages: each of {', '.join(FURTHER)} at most once")
        self.tags = tuple(languages)
        self.rng = random.Random(f"translations of {claims} claims{stream}")

    def by(self) -> str:
        return "machine" if self.rng.random() < MACHINE else "person"

    def field(self, pieces: Sequence[Piece], lang: int, origin: int = 0) -> tuple[str, str] | None:
        """A field's text in ``lang`` and the fingerprint of the original (in ``origin``) it
        was made from; None when missing."""
        draw = self.rng.random()
        if draw < MISSING:
            return None
        current = joined(pieces, origin)
        if draw >= MISSING + STALE:
            return joined(pieces, lang), fingerprint(current)
        if len(pieces) > 1:  # translated before its last sentence was added
            return joined(pieces[:-1], lang), fingerprint(joined(pieces[:-1], origin))
        return joined(pieces, lang), fingerprint(edited(current))

    def tracker(self, claims: int) -> str:
        """tracker.yaml's `translations:` (the title and description always current)."""
        w = Writer("")
        w.lines = []
        w.open(0, "translations")
        title = TRACKER_TITLE[0].format(count=count(claims, 0))
        for tag in self.tags:
            lang = INDEX[tag]
            w.open(1, tag)
            w.key(2, "translated_by", self.by())
            w.key(2, "title", TRACKER_TITLE[lang].format(count=count(claims, lang)))
            w.key(2, "description", TRACKER_DESCRIPTION[lang])
            w.open(2, "made_from")
            w.key(3, "title", fingerprint(title))
            w.key(3, "description", fingerprint(TRACKER_DESCRIPTION[0]))
        return w.text()

    def quote(self, w: Writer, indent: int, quote: Piece, lang: int) -> None:
        """An evidence quote's `translations:` (``lang``: the quote's own language)."""
        entries = []
        for tag in self.tags:
            if INDEX[tag] == lang or self.rng.random() >= QUOTES:
                continue
            original = quote[lang]
            made = edited(original) if self.rng.random() < STALE else original
            entries.append((tag, quote[INDEX[tag]], self.by(), fingerprint(made)))
        if not entries:
            return
        w.open(indent, "translations")
        for tag, text, by, made_from in entries:
            w.open(indent + 1, tag)
            w.key(indent + 2, "text", text)
            w.key(indent + 2, "translated_by", by)
            w.key(indent + 2, "made_from", made_from)

    def claim(
        self,
        w: Writer,
        statement: Sequence[Piece],
        conditions: Piece | None,
        history: Sequence[tuple[dt.date, Sequence[Piece]]],
        rationale: Sequence[Piece],
        measured: Sequence[tuple[dt.date, Piece | None]] = (),
        names: Sequence[tuple[tuple[str, str], Piece]] = (),
    ) -> None:
        """A claim's `translations:`, at the end of its file (``conditions``: None when the
        claim has no quantity or no conditions; ``measured``: each measurement's date and
        its conditions text, None when it has none; ``names``: its claimant's and its
        quantity's words, by their field path)."""
        keys = entry_keys(date for date, _ in history)
        measured_keys = entry_keys(date for date, _ in measured)
        blocks = []
        for tag in self.tags:
            lang = INDEX[tag]
            done: dict[str, tuple[str, str]] = {}
            notes: dict[str, tuple[str, str]] = {}
            if (made := self.field(statement, lang)) is not None:
                done["statement"] = made
            grouped: dict[str, dict[str, tuple[str, str]]] = {}
            for (group, member), words in names:
                if (made := self.field([words], lang)) is not None:
                    grouped.setdefault(group, {})[member] = made
            if conditions is not None and (made := self.field([conditions], lang)):
                done["conditions"] = made
            for key, (_, note) in zip(keys, history, strict=True):
                if (made := self.field(note, lang)) is not None:
                    notes[key] = made
            conditions_of: dict[str, tuple[str, str]] = {}
            for key, (_, text) in zip(measured_keys, measured, strict=True):
                if text is not None and (made := self.field([text], lang)) is not None:
                    conditions_of[key] = made
            if (made := self.field(rationale, lang)) is not None:
                done["rationale"] = made
            if done or notes or conditions_of or grouped:
                blocks.append((tag, self.by(), done, notes, conditions_of, grouped))
        if not blocks:
            return
        w.open(0, "translations")
        for tag, by, done, notes, conditions_of, grouped in blocks:
            w.open(1, tag)
            w.key(2, "translated_by", by)
            # The file's order: statement, claimant, quantity, conditions, history,
            # measurements, rationale; made_from alike.
            tail: list[str] = ["rationale"] if "rationale" in done else []
            for column, indent in ((0, 2), (1, 3)):  # the texts, then their fingerprints
                if column == 1:
                    w.open(2, "made_from")
                if "statement" in done:
                    w.key(indent, "statement", done["statement"][column])
                for group, members in GROUPS.items():
                    if group in grouped:
                        w.open(indent, group)
                        for member in members:
                            if member in grouped[group]:
                                w.key(indent + 1, member, grouped[group][member][column])
                if "conditions" in done:
                    w.key(indent, "conditions", done["conditions"][column])
                _entries(w, indent, "history", {key: both[column] for key, both in notes.items()})
                _entries(
                    w,
                    indent,
                    "measurements",
                    {key: both[column] for key, both in conditions_of.items()},
                )
                for name in tail:
                    w.key(indent, name, done[name][column])

    def source(
        self,
        w: Writer,
        notes: Piece | None,
        title: Piece | None,
        lang: int,
        publisher: Piece | None = None,
    ) -> None:
        """A source's `translations:`: its notes and publisher, and for about a third of the
        languages it is not written in, its title (``notes``, ``publisher``: None when it
        has none)."""
        blocks = []
        for tag in self.tags:
            target = INDEX[tag]
            done: dict[str, tuple[str, str]] = {}
            # Optional: a title drawn missing is one left in its own language.
            if (
                title is not None
                and target != lang
                and self.rng.random() < 0.3
                and (made := self.field([title], target, lang)) is not None
            ):
                done["title"] = made
            if publisher is not None and (made := self.field([publisher], target)) is not None:
                done["publisher"] = made
            if notes is not None and (made := self.field([notes], target)) is not None:
                done["notes"] = made
            if done:
                blocks.append((tag, self.by(), done))
        if not blocks:
            return
        w.open(0, "translations")
        for tag, by, done in blocks:
            w.open(1, tag)
            w.key(2, "translated_by", by)
            for name, (text, _) in done.items():
                w.key(2, name, text)
            w.open(2, "made_from")
            for name, (_, printed) in done.items():
                w.key(3, name, printed)


def _entries(w: Writer, indent: int, name: str, entries: dict[str, str]) -> None:
    if entries:
        w.open(indent, name)
        for key, text in entries.items():
            w.key(indent + 1, key, text)
