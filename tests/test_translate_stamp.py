"""`translate --stamp`: a translator stamps the translations they checked, by name, and is
shown how each original changed (issue 25, defect 8): a stamp of everything at once let a
French rationale saying the opposite of the new English one pass as current."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from claimtrack.edit.translation import Request, plan
from claimtrack.edit.translation.fields import Renote
from claimtrack.load.yamlsource import parse_document
from claimtrack.records.originals import difference, noted, quote_note
from claimtrack.records.translations import fingerprint

from .conftest import TODAY, Result
from .test_translate import _changed, _translated_comments

Run = Callable[..., Result]
Tracker = Callable[[str], Path]

RATIONALE = "The one measurement found 2x."
STATEMENT = "Rocket 2 runs up to 3x faster than Rocket 1."


def _translate(run_cli: Run, root: Path, *args: str) -> Result:
    return run_cli(
        "translate", "comments", "--language", "fr", *args, "--root", root, "--today", TODAY
    )


def _two_originals_changed(run_cli: Run, root: Path) -> Path:
    """comments.yaml translated and filled in, then its statement and rationale rewritten:
    the rationale now says the opposite of what its translation says."""
    path = _translated_comments(run_cli, root)
    text = path.read_text(encoding="utf-8")
    text = text.replace(f"rationale: {RATIONALE}", "rationale: No measurement found 2x.")
    text = text.replace(f"statement: {STATEMENT}", "statement: Rocket 2 runs up to 3x faster.")
    path.write_text(text, encoding="utf-8")
    return path


def test_only_the_named_field_is_stamped(run_cli: Run, tracker: Tracker) -> None:
    root = tracker("translate")
    path = _two_originals_changed(run_cli, root)
    before = path.read_text(encoding="utf-8")
    done = _translate(run_cli, root, "--stamp", "--field", "statement")
    assert done.code == 0, done.output
    assert done.out == "claims/comments.yaml: fr: stamped statement\n"
    after = path.read_text(encoding="utf-8")
    comment, line = _changed(before, after)
    # The comment above the translation holds the original it is now made from.
    assert comment == (f"    # {STATEMENT}", "    # Rocket 2 runs up to 3x faster.")
    assert line[1] == f"      statement: {fingerprint('Rocket 2 runs up to 3x faster.')}"
    # The rationale is still stale, and the warning says how its original changed.
    checked = run_cli("check", "--root", root, "--today", TODAY, "--format", "json")
    (warning,) = json.loads(checked.out)
    assert warning["message"] == (
        "the French (fr) translation of rationale is stale: the original changed: "
        "was «The one measurement found 2x.», now «No measurement found 2x.»"
    )
    # So does the translations report, at the translated text.
    report = run_cli("translations", "--root", root, "--today", TODAY, "--language", "fr")
    assert (
        f"\nclaims/comments.yaml:{warning['line']}:{warning['column']}: fr: rationale is stale: "
        "the original changed: was «The one measurement found 2x.», now «No measurement "
        "found 2x.»\n"
    ) in report.out
    # The next change of the statement is told against the original stamped, not the first.
    path.write_text(
        path.read_text(encoding="utf-8").replace(
            "statement: Rocket 2 runs up to 3x faster.", "statement: Rocket 2 runs 2x faster."
        ),
        encoding="utf-8",
    )
    checked = run_cli("check", "--root", root, "--today", TODAY, "--format", "json")
    told = [w["message"] for w in json.loads(checked.out) if "statement" in w["message"]]
    assert told == [
        "the French (fr) translation of statement is stale: the original changed: "
        "was «Rocket 2 runs up to 3x faster.», now «Rocket 2 runs 2x faster.»"
    ]


def test_a_name_the_record_has_no_translation_of_is_refused_with_the_closest(
    run_cli: Run, tracker: Tracker
) -> None:
    root = tracker("translate")
    path = _two_originals_changed(run_cli, root)
    before = path.read_bytes()
    for name, hint in (
        ("history.2026-11-15", "did you mean 'history/2026-11-15'?"),
        ("rationle", "did you mean 'rationale'?"),
        ("notes", "its fr translations: statement, claimant/name, quantity/metric, conditions"),
    ):
        refused = _translate(run_cli, root, "--stamp", "--field", "statement", "--field", name)
        assert refused.code == 2, refused.output
        assert f"--field {name}: claims/comments.yaml has no fr translation of it; " in refused.err
        assert hint in refused.err
    assert path.read_bytes() == before  # the good name is not stamped either


def test_stamp_all_lists_each_field_and_names_what_was_current(
    run_cli: Run, tracker: Tracker
) -> None:
    root = tracker("translate")
    _two_originals_changed(run_cli, root)
    unnamed = _translate(run_cli, root, "--stamp")
    assert unnamed.code == 2
    assert unnamed.err.endswith("stale in claims/comments.yaml: statement, rationale\n")
    done = _translate(run_cli, root, "--stamp", "--all")
    assert done.out == (
        "claims/comments.yaml: fr: stamped statement\nclaims/comments.yaml: fr: stamped rationale\n"
    )
    again = _translate(run_cli, root, "--stamp", "--field", "statement", "--field", "conditions")
    assert again.out == (
        "claims/comments.yaml: fr: conditions is current: nothing to stamp\n"
        "claims/comments.yaml: fr: statement is current: nothing to stamp\n"
    )


def test_the_stamp_plans_the_comments_it_makes_out_of_date(run_cli: Run, tracker: Tracker) -> None:
    """What the splice needs to write each stamped field's comment again (Renote): the
    comment is the one records/originals.noted finds for the old fingerprint."""
    root = tracker("translate")
    path = _two_originals_changed(run_cli, root)
    raw = path.read_bytes()
    todo = plan(raw, "claims/comments.yaml", Request("claim", "fr", stamp=True))
    assert todo.renotes == (
        Renote(("translations", "fr", "statement"), fingerprint(STATEMENT), todo.renotes[0].note),
        Renote(
            ("translations", "fr", "rationale"),
            fingerprint(RATIONALE),
            "No measurement found 2x.",
        ),
    )
    text = raw.decode("utf-8")
    positions = parse_document(raw, "c").positions
    line, column = positions.key(todo.renotes[1].key)
    found = noted(text, line, column, todo.renotes[1].made_from)
    assert found is not None and text[found.start : found.end] == f"    # {RATIONALE}\n"
    assert text[found.end :].startswith("    rationale: La seule mesure a trouvé 2x.\n")


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


def test_a_claimant_s_name_is_stamped_by_its_name_and_its_comment_follows(
    run_cli: Run, tracker: Tracker
) -> None:
    root = tracker("translate")
    path = _translated_comments(run_cli, root)
    text = path.read_text(encoding="utf-8").replace(
        "  name: Acme   # the vendor", "  name: Acme Rockets   # the vendor"
    )
    path.write_text(text, encoding="utf-8")
    checked = run_cli("check", "--root", root, "--today", TODAY, "--format", "json")
    (warning,) = json.loads(checked.out)
    assert warning["message"] == (
        "the French (fr) translation of claimant/name is stale: the original changed: "
        "was «Acme», now «Acme Rockets»"
    )
    done = _translate(run_cli, root, "--stamp", "--field", "claimant/name")
    assert done.out == "claims/comments.yaml: fr: stamped claimant/name\n", done.output
    comment, line = _changed(text, path.read_text(encoding="utf-8"))
    assert comment == ("      # Acme", "      # Acme Rockets")
    assert line[1] == f"        name: {fingerprint('Acme Rockets')}"
    assert run_cli("check", "--root", root, "--today", TODAY, "--strict").code == 0
