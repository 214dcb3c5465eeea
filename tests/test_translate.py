"""`claimtrack translate`: a translation block added, completed and stamped in place,
through the one edit workflow (edit/apply.py), on the small tracker tests/fixtures/translate."""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from claimtrack.edit.proof import quotes_in
from claimtrack.edit.translation import Request, translate
from claimtrack.edit.translation import settings as tracker_settings
from claimtrack.edit.translation.merge import comment_lines
from claimtrack.load import load_tracker
from claimtrack.load.yamlsource import parse_document
from claimtrack.records import Claim
from claimtrack.records.translated import claim_fields, quote_state, tracker_fields
from claimtrack.records.translations import fingerprint

from .conftest import FIXTURES, TODAY, Result

Run = Callable[..., Result]
Tracker = Callable[[str], Path]

# What `translate comments --language fr` appends to claims/comments.yaml.
COMMENTS_FR = """\
translations:
  fr:
    # person or machine: who made this translation
    translated_by:
    # Rocket 2 runs up to 3x faster than Rocket 1.
    statement: ""
    claimant:
      # Acme
      name: ""
    quantity:
      # speed
      metric: ""
    # On Acme's own benchmark suite, with the default settings and the largest model it
    # ships.
    conditions: ""
    measurements:
      # Chat workload.
      2026-11-15: ""
    history:
      # Recorded from the announcement.
      2026-10-02: ""
      # Bench Weekly measured it.
      2026-11-15: ""
      # Bench Weekly measured 2x, not 3x.
      # Acme has not answered.
      2026-11-15#2: ""
    # The one measurement found 2x.
    rationale: ""
    made_from:
      statement: de32ac508966
      claimant:
        name: 37036cd8f974
      quantity:
        metric: bbccb9c002d5
      conditions: af7c5b7df28d
      measurements:
        2026-11-15: b935e1dc6aba
      history:
        2026-10-02: 327f7d42ebd2
        2026-11-15: b5c452441afc
        2026-11-15#2: 3b3025ea8ee0
      rationale: a138680fe82b
"""
FINGERPRINT_LINE = re.compile(r" +[A-Za-z0-9#-]+: [0-9a-f]{12}")


def _translate(run_cli: Run, root: Path, *args: str) -> Result:
    return run_cli("translate", *args, "--root", root, "--today", TODAY)


def _claim(root: Path, claim_id: str) -> Claim:
    return load_tracker(root).claims[claim_id].record


def _only_inserted(old: str, new: str) -> list[str]:
    """The lines ``new`` adds to ``old``; fails when it changes or drops any line of it."""
    matcher = difflib.SequenceMatcher(None, old.splitlines(True), new.splitlines(True))
    added: list[str] = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        assert op in ("equal", "insert"), (op, old.splitlines()[i1:i2])
        added += new.splitlines(True)[j1:j2] if op == "insert" else []
    return added


def _changed(old: str, new: str) -> list[tuple[str, str]]:
    """(old line, new line) of each line changed in place; fails on any line added or dropped."""
    a, b = old.splitlines(), new.splitlines()
    assert len(a) == len(b)
    return [(x, y) for x, y in zip(a, b, strict=True) if x != y]


def _fill(text: str, words: dict[str, str]) -> str:
    """The translator's part: each ``key: ""`` given its words."""
    for key, value in words.items():
        text = text.replace(f'{key}: ""', f"{key}: {value}", 1)
    return text


def test_a_new_block_goes_at_the_end_with_the_originals_and_every_other_byte_kept(
    run_cli: Run, tracker: Tracker
) -> None:
    root = tracker("translate")
    path = root / "claims" / "comments.yaml"
    old = path.read_text(encoding="utf-8")
    done = _translate(run_cli, root, "comments", "--language", "fr")
    assert done.code == 0, done.output
    assert done.out == (
        "claims/comments.yaml: fr: added statement, claimant/name, quantity/metric, "
        "conditions, measurements/2026-11-15, "
        "history/2026-10-02, history/2026-11-15, history/2026-11-15#2, rationale; fill them "
        "in, then run `claimtrack check`\n"
    )
    new = path.read_text(encoding="utf-8")
    assert new == old + COMMENTS_FR
    assert "".join(_only_inserted(old, new)) == COMMENTS_FR
    # Half done is not done: `check` names every field still empty, at its line.
    checked = run_cli("check", "--root", root, "--today", TODAY)
    assert checked.code == 1
    lines = new.splitlines()
    empty = [(p.split(":")[1], p.split()[-1]) for p in checked.out.splitlines() if "comments" in p]
    assert [code for _, code in empty] == ["[empty-value]"] * 10
    assert all(lines[int(line) - 1].endswith(('""', "translated_by:")) for line, _ in empty)
    assert "translations.fr.translated_by is empty: a value is required" in checked.out
    as_json = json.loads(run_cli("check", "--root", root, "--today", TODAY, "--format", "json").out)
    hints = {
        p["message"].split()[0]: p["hint"] for p in as_json if p["path"].endswith("comments.yaml")
    }
    assert hints["translations.fr.translated_by"] == "one of person, machine"
    # Run again: nothing is missing, nothing is written.
    again = _translate(run_cli, root, "comments", "--language", "fr")
    assert again.code == 0 and "nothing to add" in again.out
    assert path.read_text(encoding="utf-8") == new


def test_a_half_block_is_completed_in_the_order_of_the_fields(
    run_cli: Run, tracker: Tracker
) -> None:
    root = tracker("translate")
    path = root / "claims" / "half.yaml"
    old = path.read_text(encoding="utf-8")
    done = _translate(run_cli, root, "half", "--language", "fr")
    assert done.code == 0, done.output
    assert "fr: added statement, claimant/name, history/2026-10-02;" in done.out
    new = path.read_text(encoding="utf-8")
    assert (
        new[new.index("translations:") :]
        == """\
translations:
  fr:
    translated_by: person
    # Acme did not announce the price of Rocket 2.
    statement: ""
    claimant:
      # Acme
      name: ""
    history:
      # No price in the announcement.
      2026-10-02: ""
    # The announcement gives no price.
    rationale: L'annonce ne donne aucun prix.   # checked by Marie
    made_from:
      statement: 31ebe06762b0
      claimant:
        name: 37036cd8f974
      history:
        2026-10-02: fb2a955dbb37
      rationale: 2faaa3f2cac2
  # zh-Hant: to do
"""
    )
    assert len(_only_inserted(old, new)) == 13


def test_history_keys_count_entries_of_one_date_and_a_new_entry_shifts_none(
    run_cli: Run, tracker: Tracker
) -> None:
    root = tracker("translate")
    path = root / "claims" / "comments.yaml"
    _translate(run_cli, root, "comments", "--language", "fr")
    status = run_cli(
        "status", "comments", "disputed", "--note", "Acme answered.", "--date", "2026-11-15",
        "--root", root, "--today", TODAY,
    )  # fmt: skip
    assert status.code == 0, status.output
    old = path.read_text(encoding="utf-8")
    done = _translate(run_cli, root, "comments", "--language", "fr")
    assert "fr: added history/2026-11-15#3;" in done.out
    added = _only_inserted(old, path.read_text(encoding="utf-8"))
    assert added == [
        "      # Acme answered.\n",
        '      2026-11-15#3: ""\n',
        f"        2026-11-15#3: {fingerprint('Acme answered.')}\n",
    ]


def _translated_comments(run_cli: Run, root: Path) -> Path:
    """claims/comments.yaml translated into French and filled in by hand."""
    path = root / "claims" / "comments.yaml"
    _translate(run_cli, root, "comments", "--language", "fr", "--translated-by", "person")
    words = {
        "statement": "Rocket 2 tourne jusqu'à 3x plus vite que Rocket 1.",
        "name": "Acme",
        "metric": "vitesse",
        "conditions": "Sur la suite de tests d'Acme.",
        "2026-11-15": "Charge de conversation.",
        "2026-10-02": "Relevé dans l'annonce.",
        "2026-11-15#2": "Bench Weekly a mesuré 2x.",
        "rationale": "La seule mesure a trouvé 2x.",
    }
    text = _fill(path.read_text(encoding="utf-8"), words)
    text = _fill(text, {"2026-11-15": "Bench Weekly l'a mesuré."})
    path.write_text(text, encoding="utf-8")
    return path


def test_round_trip_translate_fill_in_edit_the_original_stamp(
    run_cli: Run, tracker: Tracker
) -> None:
    root = tracker("translate")
    path = _translated_comments(run_cli, root)
    checked = run_cli("check", "--root", root, "--today", TODAY, "--strict")
    assert checked.code == 0, checked.output
    assert {f.state for f in claim_fields(_claim(root, "comments"), "fr")} == {"current"}
    # A typo fixed in the original: the translation is stale until a translator stamps it.
    path.write_text(
        path.read_text(encoding="utf-8").replace(
            "rationale: The one measurement found 2x.", "rationale: The one measurement finds 2x."
        ),
        encoding="utf-8",
    )
    states = {f.path: f.state for f in claim_fields(_claim(root, "comments"), "fr")}
    assert states[("rationale",)] == "stale"
    assert {s for p, s in states.items() if p != ("rationale",)} == {"current"}
    warned = run_cli("check", "--root", root, "--today", TODAY, "--format", "json")
    assert warned.code == 0, warned.output
    rationale = (
        path.read_text(encoding="utf-8")
        .splitlines()
        .index("    rationale: La seule mesure a trouvé 2x.")
    )
    (warning,) = json.loads(warned.out)
    assert (warning["code"], warning["line"]) == ("translation-stale", rationale + 1)
    # What the translation was made from, from the comment translate wrote above it.
    assert warning["message"] == (
        "the French (fr) translation of rationale is stale: the original changed: "
        "was «The one measurement found 2x.», now «The one measurement finds 2x.»"
    )
    assert warning["hint"] == (
        "check it and run `claimtrack translate comments --language fr --stamp --field rationale`"
    )
    # --stamp alone stamps nothing: it names what is stale, for a translator to say what
    # they checked.
    text = path.read_bytes()
    unnamed = _translate(run_cli, root, "comments", "--language", "fr", "--stamp")
    assert unnamed.code == 2 and path.read_bytes() == text
    assert "with --field, or stamp them all with --all; stale in claims/comments.yaml: " in (
        unnamed.err
    )
    assert unnamed.err.endswith(": rationale\n")
    stamped = _translate(
        run_cli, root, "comments", "--language", "fr", "--stamp", "--field", "rationale"
    )
    assert stamped.code == 0, stamped.output
    assert stamped.out == "claims/comments.yaml: fr: stamped rationale\n"
    assert {f.state for f in claim_fields(_claim(root, "comments"), "fr")} == {"current"}
    checked = run_cli("check", "--root", root, "--today", TODAY, "--strict")
    assert checked.code == 0, checked.output
    complete = run_cli(
        "translations", "--root", root, "--today", TODAY, "--complete", "--language", "fr"
    )
    assert "comments.yaml" not in complete.out, complete.out
    again = _translate(run_cli, root, "comments", "--language", "fr", "--stamp")
    assert again.code == 0 and "nothing to stamp: every translated field is current" in again.out
    named = _translate(
        run_cli, root, "comments", "--language", "fr", "--stamp", "--field", "rationale"
    )
    assert named.out == "claims/comments.yaml: fr: rationale is current: nothing to stamp\n"


def test_stamp_changes_only_fingerprint_lines(run_cli: Run, tracker: Tracker) -> None:
    root = tracker("translate")
    path = _translated_comments(run_cli, root)
    text = path.read_text(encoding="utf-8")
    text = text.replace("note: Bench Weekly measured it.", "note: Bench Weekly measured it twice.")
    text = text.replace(
        "statement: Rocket 2 runs up to 3x", "statement: Rocket 2 runs up to three times"
    )
    path.write_text(text, encoding="utf-8")
    stamped = _translate(run_cli, root, "comments", "--language", "fr", "--stamp", "--all")
    assert stamped.out == (
        "claims/comments.yaml: fr: stamped statement\n"
        "claims/comments.yaml: fr: stamped history/2026-11-15\n"
    )
    changed = _changed(text, path.read_text(encoding="utf-8"))
    # Each fingerprint, and the comment above each translation that holds its original:
    # the original it is now made from.  Nothing else.
    fingerprints = [(a, b) for a, b in changed if FINGERPRINT_LINE.fullmatch(a)]
    assert len(fingerprints) == 2
    assert all(FINGERPRINT_LINE.fullmatch(b) for _, b in fingerprints)
    assert [pair for pair in changed if pair not in fingerprints] == [
        (
            "    # Rocket 2 runs up to 3x faster than Rocket 1.",
            "    # Rocket 2 runs up to three times faster than Rocket 1.",
        ),
        ("      # Bench Weekly measured it.", "      # Bench Weekly measured it twice."),
    ]
    # A fingerprint gone from made_from is written again: one line more, nothing else.
    text = path.read_text(encoding="utf-8")
    gone = text.replace(f"      rationale: {fingerprint('The one measurement found 2x.')}\n", "")
    path.write_text(gone, encoding="utf-8")
    _translate(run_cli, root, "comments", "--language", "fr", "--stamp", "--all")
    assert path.read_text(encoding="utf-8") == text


def test_quotes_get_a_translation_unless_in_that_language_and_are_stamped(
    run_cli: Run, tracker: Tracker
) -> None:
    root = tracker("translate")
    path = root / "claims" / "comments.yaml"
    old = path.read_text(encoding="utf-8")
    done = _translate(run_cli, root, "comments", "--language", "fr", "--quotes")
    assert done.code == 0, done.output
    assert "rationale, the quotes of lines 19, 32;" in done.out
    new = path.read_text(encoding="utf-8")
    added = _only_inserted(old, new)
    # The French report's quote is French already: it stands alone.
    assert "".join(added).startswith("""\
    translations:
      fr:
        # It runs up to 3x faster than Rocket 1
        text: ""
        # person or machine: who made this translation
        translated_by:
        made_from: 98fa6e3ddc28
""")
    assert new.count("translations:") == 3
    # Translated, then its quote shortened: the translation is stale until stamped.
    filled = new.replace('text: ""', "text: Il tourne jusqu'à 3x plus vite que Rocket 1", 1)
    shorter = "quote: It runs up to 3x faster\n"
    filled = filled.replace("quote: It runs up to 3x faster than Rocket 1\n", shorter)
    path.write_text(filled, encoding="utf-8")
    before = path.read_text(encoding="utf-8")
    stamped = _translate(
        run_cli, root, "comments", "--language", "fr", "--stamp", "--field", "quote evidence/0"
    )
    assert stamped.out == (
        "claims/comments.yaml: fr: stamped quote evidence/0 (the quote of line 19)\n"
    ), stamped.output
    comment, line = _changed(before, path.read_text(encoding="utf-8"))
    assert comment[1] == "        # It runs up to 3x faster"  # the quote it is made from
    assert line[1] == f"        made_from: {fingerprint('It runs up to 3x faster')}"


def test_a_source_s_publisher_and_notes(run_cli: Run, tracker: Tracker) -> None:
    root = tracker("translate")
    path = root / "sources" / "fr-report.yaml"
    old = path.read_text(encoding="utf-8")
    done = _translate(run_cli, root, "fr-report", "--language", "fr", "--translated-by", "machine")
    assert done.out.startswith(
        "sources/fr-report.yaml: fr: added publisher, notes; fill them in, then run "
        "`claimtrack check`"
    )
    assert (
        path.read_text(encoding="utf-8")
        == old
        + f"""\
translations:
  fr:
    translated_by: machine
    # Le Journal
    publisher: ""
    # A French report of the Acme post; its date is not given.
    notes: ""
    made_from:
      publisher: {fingerprint("Le Journal")}
      notes: {fingerprint("A French report of the Acme post; its date is not given.")}
"""
    )


def test_the_tracker_declares_a_language_by_its_translation(run_cli: Run, tracker: Tracker) -> None:
    root = tracker("translate")
    path = root / "tracker.yaml"
    old = path.read_text(encoding="utf-8")
    done = _translate(run_cli, root, "--tracker", "--language", "zh-Hant")
    assert done.out.startswith("tracker.yaml: zh-Hant: added title, description;"), done.output
    assert (
        path.read_text(encoding="utf-8")
        == old
        + """\
  zh-Hant:
    # person or machine: who made this translation
    translated_by:
    # Rocket 2 claims
    title: ""
    # A small tracker used by the tests.
    description: ""
    made_from:
      title: a1bb100394e0
      description: 5a2c71372dbb
"""
    )
    # Declared, though not filled in yet: its claims may be translated now.
    claim = _translate(run_cli, root, "half", "--language", "zh-Hant")
    assert claim.code == 0, claim.output
    # The French title's original edited, and stamped: inside its flow mapping only.
    retitled = path.read_text(encoding="utf-8").replace(
        "title: Rocket 2 claims", "title: Rocket claims"
    )
    path.write_text(retitled, encoding="utf-8")
    assert _translate(run_cli, root, "--tracker", "--language", "fr", "--stamp", "--all").code == 0
    assert _changed(retitled, path.read_text(encoding="utf-8")) == [
        (
            "    made_from: {title: a1bb100394e0, description: 5a2c71372dbb}",
            f"    made_from: {{title: {fingerprint('Rocket claims')}, description: 5a2c71372dbb}}",
        )
    ]
    # (tracker.yaml fails validation until zh-Hant is filled in: read it as translate does)
    settings = tracker_settings(root)
    assert [f.state for f in tracker_fields(settings, "fr")] == ["current", "current"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("comments", "--language", "de"),
            "the site's further languages are fr (tracker.yaml's translations:)",
        ),
        (
            ("comments", "--language", "zh-Hant"),
            "`claimtrack translate --tracker --language zh-Hant` declares it",
        ),
        (("comments", "--language", "fr-FR"), "did you mean 'fr'?"),
        (("comments", "--language", "EN"), "the tracker's own language"),
        (("comments", "--language", "fr_FR"), "'fr_FR' is not a BCP 47 language tag"),
        (("comments", "--language", "fr", "--field", "statement"), "add --stamp"),
        (("comments", "--language", "fr", "--stamp", "--all", "--field", "x"), "not both"),
        (("comments", "--language", "en"), "the tracker's own language"),
        (("--tracker", "--language", "de"), "no catalog for it (catalogs: en, fr, zh-Hant)"),
        (("comments", "--tracker", "--language", "fr"), "not both or neither"),
        (("fr-report", "--language", "fr", "--quotes"), "only a claim holds quotes"),
    ],
)
def test_a_language_that_is_not_a_site_language_is_refused(
    args: tuple[str, ...], message: str, run_cli: Run, tracker: Tracker
) -> None:
    root = tracker("translate")
    files = sorted(root.rglob("*.yaml"))
    before = [p.read_bytes() for p in files]
    refused = _translate(run_cli, root, *args)
    assert refused.code == 2
    assert message in refused.err
    assert [p.read_bytes() for p in files] == before


def test_a_complete_block_gets_only_who_translated_it(run_cli: Run, tracker: Tracker) -> None:
    root = tracker("translate")
    path = _translated_comments(run_cli, root)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("    translated_by: person\n", ""), encoding="utf-8")
    done = _translate(run_cli, root, "comments", "--language", "fr")
    assert "fr: added translated_by; say who made the translation" in done.out
    assert _only_inserted(text.replace("    translated_by: person\n", ""), path.read_text()) == [
        "    # person or machine: who made this translation\n",
        "    translated_by:\n",
    ]
    done = _translate(run_cli, root, "comments", "--language", "fr", "--translated-by", "machine")
    assert done.out.endswith("fr: recorded who translated it: machine\n")
    assert "    translated_by: machine\n" in path.read_text(encoding="utf-8")


def test_an_unknown_id_is_refused_with_a_suggestion(run_cli: Run, tracker: Tracker) -> None:
    refused = _translate(run_cli, tracker("translate"), "coments", "--language", "fr")
    assert refused.code == 1
    assert (
        "no claim or source 'coments'" in refused.err and "did you mean 'comments'" in refused.err
    )


def test_a_file_edited_meanwhile_is_left_as_the_other_editor_wrote_it(
    run_cli: Run, tracker: Tracker, monkeypatch: pytest.MonkeyPatch
) -> None:
    from claimtrack.commands.edits import translate as command

    root = tracker("translate")
    path = root / "claims" / "comments.yaml"
    theirs = path.read_bytes() + b"# theirs\n"

    def meanwhile(raw: bytes, relpath: str, request: Request) -> bytes:
        path.write_bytes(theirs)  # another editor saves while the command runs
        return translate(raw, relpath, request)

    monkeypatch.setattr(command, "translate", meanwhile)
    refused = _translate(run_cli, root, "comments", "--language", "fr")
    assert refused.code == 1 and "changed while this command ran" in refused.err
    assert path.read_bytes() == theirs


def test_given_texts_fill_the_fields_and_a_long_one_is_folded(tracker: Tracker) -> None:
    root = tracker("translate")
    raw = (root / "claims" / "comments.yaml").read_bytes()
    long = "Bench Weekly a mesuré 2x, pas 3x ; Acme n'a pas répondu. " * 3
    request = Request(
        "claim",
        "fr",
        texts={("statement",): "Rocket 2 : jusqu'à 3x.", ("history", "2026-11-15#2"): long.strip()},
        quote_texts={("evidence", 0): "Il tourne jusqu'à 3x plus vite"},
        translated_by="machine",
        quotes=True,
        languages={"acme-post": "en", "fr-report": "fr", "bench-weekly": "en"},
    )
    new = translate(raw, "claims/comments.yaml", request).decode("utf-8")
    assert '    statement: "Rocket 2 : jusqu\'à 3x."\n' in new  # quoted: ": " in it
    assert "# Rocket 2 runs up to 3x" not in new  # a filled field needs no original beside it
    assert '    # The one measurement found 2x.\n    rationale: ""\n' in new
    assert "      2026-11-15#2: >-\n        Bench Weekly a mesuré 2x" in new
    data = parse_document(new.encode(), "c").data
    assert data is not None
    fr = data["translations"]["fr"]
    assert fr["translated_by"] == "machine" and fr["history"]["2026-11-15#2"] == long.strip()
    first, measured = data["evidence"][0], data["measurements"][0]["evidence"][0]
    assert first["translations"]["fr"]["text"] == "Il tourne jusqu'à 3x plus vite"
    assert measured["translations"]["fr"]["text"] == ""
    # Filled in everywhere: the claim validates and its filled fields are current.
    done = new.replace('""', "x")
    claim = Claim.model_validate(parse_document(done.encode(), "c").data)
    assert {f.state for f in claim_fields(claim, "fr")} == {"current"}
    state = quote_state(claim.evidence[0], "fr")
    assert state is not None and state.state == "current"


def test_crlf_and_a_byte_order_mark_stay(tracker: Tracker) -> None:
    root = tracker("translate")
    raw = (root / "claims" / "half.yaml").read_bytes()
    crlf = b"\xef\xbb\xbf" + raw.replace(b"\n", b"\r\n")
    new = translate(crlf, "claims/half.yaml", Request("claim", "fr"))
    assert new.startswith(b"\xef\xbb\xbf") and b"\n" not in new.replace(b"\r\n", b"")
    assert new.replace(b"\r\n", b"\n")[3:] == translate(
        raw, "claims/half.yaml", Request("claim", "fr")
    )


HALF_FR = """\
  fr:
    translated_by: person
    # Acme did not announce the price of Rocket 2.
    statement: ""
    claimant:
      # Acme
      name: ""
    history:
      # No price in the announcement.
      2026-10-02: ""
    # The announcement gives no price.
    rationale: ""
    made_from:
      statement: 31ebe06762b0
      claimant:
        name: 37036cd8f974
      history:
        2026-10-02: fb2a955dbb37
      rationale: 2faaa3f2cac2
"""


@pytest.mark.parametrize(
    ("written", "kept"),
    [
        ("translations: {}   # none yet\n", "translations:      # none yet\n"),
        ("translations: ~\n", "translations:\n"),
        ("translations:\n", "translations:\n"),
        ("translations:", "translations:\n"),  # the file ends without a line break, and still does
    ],
)
def test_an_empty_translations_mapping_is_filled_in_block_style(
    written: str, kept: str, tracker: Tracker
) -> None:
    raw = (tracker("translate") / "claims" / "half.yaml").read_bytes()
    head = raw[: raw.index(b"translations:")]
    request = Request("claim", "fr", translated_by="person")
    new = translate(head + written.encode(), "claims/half.yaml", request)
    expected = head.decode() + kept + HALF_FR
    assert new.decode() == (expected if written.endswith("\n") else expected[:-1])


def test_a_quote_s_empty_translations_from_the_skeleton_are_filled_in(tracker: Tracker) -> None:
    raw = (tracker("translate") / "claims" / "half.yaml").read_bytes()
    quote = b"    quote: The price was not announced.\n"
    note = b"  # its meaning in the site's other languages: claimtrack translate --quotes\n"
    skeleton = raw.replace(quote, quote + b"    translations: {}" + note)
    request = Request("claim", "fr", quotes=True, languages={"acme-post": "en"})
    new = translate(skeleton, "claims/half.yaml", request).decode("utf-8")
    # The {} gives way to spaces: the comment after it keeps its column.
    assert new.startswith(
        raw.decode()[: raw.index(quote) + len(quote)]
        + """\
    translations:   """
        + note.decode()
        + """\
      fr:
        # The price was not announced.
        text: ""
        # person or machine: who made this translation
        translated_by:
        made_from: e908a3bf9431
status: undisclosed
"""
    )


def test_comments_hold_the_original_line_by_line_wrapped_never_reworded() -> None:
    text = ("word " * 30).strip() + "\nsecond line\n\n" + "x" * 100
    lines = comment_lines(text, 40)
    assert all(len(line) <= 40 for line in lines if " " in line)
    assert lines[-3:] == ["second line", "", "x" * 100]  # a long word stays whole
    assert " ".join(lines[:-3]) == ("word " * 30).strip()
    # A YAML line break of any kind ends a comment: each starts a comment line of its own.
    assert comment_lines("a\u2028b\x85c", 40) == ["a", "b", "c"]


@pytest.mark.parametrize(
    "name",
    sorted(p.stem for p in (FIXTURES / "status" / "claims").glob("*.yaml")),
)
def test_every_shape_of_claim_file_takes_a_translation_and_keeps_its_lines(name: str) -> None:
    """The status fixtures' layouts (flow lists, quoted keys, odd spacing, a block scalar
    last): each line of the file is kept, or gets the flow quote translation appended."""
    raw = (FIXTURES / "status" / "claims" / f"{name}.yaml").read_bytes()
    languages = {"acme-post": "en", "bench-weekly": "en", "fr-report": "fr", "old-note": "en"}
    request = Request("claim", "fr", quotes=True, languages=languages)
    new = translate(raw, f"claims/{name}.yaml", request).decode("utf-8")
    old_lines = raw.decode("utf-8").splitlines()
    kept = [line for line in old_lines if line in new.splitlines()]
    grown = [line for line in old_lines if line not in kept]
    assert all(line.lstrip().startswith(("evidence: [", "measurements: [")) for line in grown)
    data = parse_document(new.encode(), "c").data
    assert data is not None and "fr" in data["translations"]
    # Each quote but a French one has its French translation to fill in.
    for path, (source, _, _) in quotes_in(data):
        item: Any = data
        for step in path:
            item = item[step]
        assert ("translations" in item) == (languages[source] != "fr"), path


def test_a_claim_with_other_errors_is_refused(run_cli: Run, tracker: Tracker) -> None:
    root = tracker("translate")
    path = root / "claims" / "half.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("kind: omission", "kind: rumour"))
    before = path.read_bytes()
    refused = _translate(run_cli, root, "half", "--language", "fr")
    assert refused.code == 1 and "has errors besides empty translations" in refused.err
    assert path.read_bytes() == before


def test_a_claimant_s_role_and_organisation_and_a_baseline_are_added_in_the_record_s_order(
    tracker: Tracker,
) -> None:
    raw = (tracker("translate") / "claims" / "comments.yaml").read_bytes()
    person = raw.replace(
        b"  name: Acme   # the vendor\n",
        b"  name: Jane Doe\n  role: Head of inference\n  organisation: Acme\n",
    ).replace(b"  metric: speed\n", b"  metric: speed\n  baseline: Rocket 1\n")
    # A text given is written without its comment (an import); the rest is left to fill in.
    request = Request(
        "claim", "fr", translated_by="machine", texts={("claimant", "role"): "responsable"}
    )
    new = translate(person, "claims/comments.yaml", request).decode("utf-8")
    block = new[new.index("translations:") :]
    assert block.startswith(
        """\
translations:
  fr:
    translated_by: machine
    # Rocket 2 runs up to 3x faster than Rocket 1.
    statement: ""
    claimant:
      # Jane Doe
      name: ""
      role: responsable
      # Acme
      organisation: ""
    quantity:
      # speed
      metric: ""
      # Rocket 1
      baseline: ""
"""
    )
    assert (
        "    made_from:\n"
        "      statement: de32ac508966\n"
        "      claimant:\n"
        f"        name: {fingerprint('Jane Doe')}\n"
        f"        role: {fingerprint('Head of inference')}\n"
        f"        organisation: {fingerprint('Acme')}\n"
        "      quantity:\n"
        f"        metric: {fingerprint('speed')}\n"
        f"        baseline: {fingerprint('Rocket 1')}\n"
    ) in block
