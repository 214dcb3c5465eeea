"""The checks of translations: stale, orphan, not a site language, catalogs, required
fields; each at its line and column, on the minimal fixture published in en and fr."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path

import pytest

from claimtrack.check import Checker, run_checks
from claimtrack.load import Loader, load_tracker
from claimtrack.problems import Problem
from claimtrack.records.translations import fingerprint

from .conftest import TODAY

DAY = dt.date.fromisoformat(TODAY)
PRICE = "claims/rocket-price.yaml"
SPEED = "claims/rocket-speed.yaml"
# The minimal fixture's originals, as its files hold them.
STATEMENT = "Acme did not announce the price of Rocket 2."
RATIONALE = "The announcement gives no price."
NOTE = "No price in the announcement."


def append(path: Path, text: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")


def check(root: Path) -> list[Problem]:
    return run_checks(load_tracker(root), DAY)[1]


def found(root: Path, code: str) -> list[tuple[str, int, int, str, str | None]]:
    return [(p.path, p.line, p.column, p.message, p.hint) for p in check(root) if p.code == code]


@pytest.fixture
def root(tracker: Callable[[str], Path]) -> Path:
    """The minimal fixture, published in French too; the tracker's French is current."""
    path = tracker("minimal")
    title, description = "Rocket 2 claims", "A small tracker used by the tests."
    append(
        path / "tracker.yaml",
        "translations:\n"
        "  fr:\n"
        "    translated_by: person\n"
        "    title: Les affirmations sur Rocket 2\n"
        "    description: Un petit suivi pour les tests.\n"
        f"    made_from: {{title: {fingerprint(title)}, description: {fingerprint(description)}}}\n",
    )
    return path


def test_current_translations_and_missing_ones_are_no_problem(root: Path) -> None:
    """A language may be published before all of it is translated: `check` says nothing of
    what is missing (`translations --complete` does)."""
    append(
        root / PRICE,
        "translations:\n"
        "  fr:\n"
        "    translated_by: machine\n"
        "    statement: Acme n'a pas annoncé le prix de Rocket 2.\n"
        f"    made_from: {{statement: {fingerprint(STATEMENT)}}}\n",
    )
    assert check(root) == []


def test_a_stale_field_warns_at_its_translated_value_naming_the_language(root: Path) -> None:
    append(
        root / PRICE,
        "translations:\n"  # line 18
        "  fr:\n"
        "    translated_by: machine\n"
        "    statement: Acme n'a pas annoncé le prix de Rocket 2.\n"
        "    rationale: L'annonce ne donne aucun prix.\n"  # line 22
        "    history:\n"
        "      2026-10-02: Aucun prix dans l'annonce.\n"  # line 24
        "    made_from:\n"
        f"      statement: {fingerprint(STATEMENT)}\n"
        f"      rationale: {fingerprint('An earlier rationale.')}\n"
        f"      history: {{2026-10-02: {fingerprint(NOTE)}}}\n",
    )
    problems = [p for p in check(root) if p.code == "translation-stale"]
    assert [(p.path, p.line, p.column, p.severity) for p in problems] == [
        (PRICE, 22, 16, "warning")
    ]
    # No comment above it holds what it was made from: only that it changed is known.
    assert problems[0].message == (
        "the French (fr) translation of rationale is stale: the original changed since"
    )
    assert problems[0].hint == (
        "check it and run `claimtrack translate rocket-price --language fr --stamp "
        "--field rationale`"
    )
    # Under the comment translate writes (the original it was made from), the warning
    # shows how the original changed.
    path = root / PRICE
    text = path.read_text(encoding="utf-8")
    rationale = "    rationale: L'annonce ne donne aucun prix.\n"
    noted = text.replace(rationale, "    # An earlier rationale.\n" + rationale)
    path.write_text(noted, encoding="utf-8")
    (stale,) = found(root, "translation-stale")
    assert stale[:4] == (
        PRICE,
        23,
        16,
        "the French (fr) translation of rationale is stale: the original changed: "
        "was «An earlier rationale.», now «The announcement gives no price.»",
    )
    # A comment that is not what it was made from (edited since, a translator's own)
    # says nothing of it.
    path.write_text(noted.replace("# An earlier", "# A later"), encoding="utf-8")
    assert found(root, "translation-stale")[0][3].endswith("the original changed since")
    # Stamped again (what --stamp writes), it is current.
    path.write_text(
        text.replace(fingerprint("An earlier rationale."), fingerprint(RATIONALE)),
        encoding="utf-8",
    )
    assert check(root) == []


def test_a_field_without_a_fingerprint_is_stale_and_entries_are_keyed_by_date(
    root: Path,
) -> None:
    path = root / PRICE
    text = path.read_text(encoding="utf-8")
    second = "  - date: 2026-10-02\n    status: undisclosed\n    note: Asked again; no answer.\n"
    path.write_text(text.replace("rationale:", second + "rationale:"), encoding="utf-8")
    append(
        path,
        "translations:\n"  # line 21
        "  fr:\n"
        "    translated_by: machine\n"
        "    history:\n"
        "      2026-10-02: Aucun prix dans l'annonce.\n"
        "      2026-10-02#2: Redemandé ; pas de réponse.\n"  # line 26: no fingerprint
        f"    made_from: {{history: {{2026-10-02: {fingerprint(NOTE)}}}}}\n",
    )
    stale = found(root, "translation-stale")
    assert [(p, line, col) for p, line, col, *_ in stale] == [(PRICE, 26, 21)]
    assert stale[0][3] == (
        "the French (fr) translation of history/2026-10-02#2 is stale: no fingerprint of its "
        "original is recorded"
    )


def test_a_translation_with_no_original_is_an_orphan(root: Path) -> None:
    append(
        root / PRICE,
        "translations:\n"
        "  fr:\n"
        "    translated_by: machine\n"
        "    conditions: Sans conditions.\n"  # line 21: the claim has no quantity
        "    history:\n"
        "      2026-10-03: Aucun prix.\n"  # line 23: no entry of that date
        "    made_from:\n"
        f"      conditions: {fingerprint('')}\n"
        f"      history: {{2026-10-03: {fingerprint(NOTE)}}}\n",
    )
    orphans = found(root, "translation-orphan")
    assert [(p, line, col) for p, line, col, *_ in orphans] == [(PRICE, 21, 17), (PRICE, 23, 19)]
    message, hint = orphans[1][3], orphans[1][4]
    assert message == "the French (fr) translation of history/2026-10-03 has no original"
    assert hint is not None and "no history entry keyed 2026-10-03" in hint
    assert orphans[0][4] == "the claim's conditions is empty: remove the translation"
    assert all(p.severity == "warning" for p in check(root))


def test_a_stale_quote_translation_warns_at_its_text(root: Path) -> None:
    path = root / SPEED
    text = path.read_text(encoding="utf-8")
    quote = "    quote: It runs up to 3x faster than Rocket 1\n"

    def translated(made_from: str) -> str:
        return text.replace(
            quote,
            quote
            + "    translations:\n"
            + "      fr:\n"
            + "        text: Il va jusqu'à 3 fois plus vite que Rocket 1\n"  # line 19
            + "        translated_by: machine\n"
            + f"        made_from: {fingerprint(made_from)}\n",
        )

    path.write_text(translated("It runs up to 2x faster than Rocket 1"), encoding="utf-8")
    stale = found(root, "translation-stale")
    assert [(p, line, col) for p, line, col, *_ in stale] == [(SPEED, 19, 15)]
    assert "French (fr) translation of this quote" in stale[0][3]
    path.write_text(translated("It runs up to 3x faster than Rocket 1"), encoding="utf-8")
    assert check(root) == []


def test_the_tracker_s_own_translations_are_checked(root: Path) -> None:
    settings = root / "tracker.yaml"
    text = settings.read_text(encoding="utf-8")
    settings.write_text(
        text.replace("description: A small tracker used by the tests.", "description: ''"),
        encoding="utf-8",
    )
    # The description was translated, and has no original now; the title is current.
    assert [(p, line, col) for p, line, col, *_ in found(root, "translation-orphan")] == [
        ("tracker.yaml", 9, 18)
    ]
    settings.write_text(text.replace("title: Rocket 2 claims", "title: Rocket 3"), "utf-8")
    stale = found(root, "translation-stale")
    assert [(p, line, col) for p, line, col, *_ in stale] == [("tracker.yaml", 8, 12)]
    assert stale[0][4] == (
        "check it and run `claimtrack translate --tracker --language fr --stamp --field title`"
    )


def test_a_key_that_is_not_a_site_language_is_an_error_with_the_closest(root: Path) -> None:
    append(
        root / PRICE,
        "translations:\n"
        "  fr-fr:\n"  # line 19
        "    translated_by: machine\n"
        "  en:\n"  # line 21
        "    translated_by: machine\n",
    )
    append(
        root / "sources/acme-post.yaml",
        "translations:\n  FR:\n    translated_by: person\n    notes: L'annonce.\n",
    )
    problems = found(root, "translation-language")
    assert [(p, line, col) for p, line, col, *_ in problems] == [
        (PRICE, 19, 3),
        (PRICE, 21, 3),
        ("sources/acme-post.yaml", 14, 3),
    ]
    assert problems[0][3:] == (
        "'fr-fr' is not one of the site's languages",
        "did you mean 'fr'? the site's further languages are fr (tracker.yaml's translations:)",
    )
    assert problems[1][3:] == (
        "'en' is the site's main language: the record is written in it already",
        "remove this translation",
    )
    assert problems[2][4] is not None and problems[2][4].startswith("did you mean 'fr'?")
    assert all(p.is_error for p in check(root) if p.code == "translation-language")


def test_zh_hant_is_not_zh_Hant(root: Path) -> None:
    """Tags ignore case, the site's folders and pages do not: the hint names the tag the
    tracker publishes."""
    settings = root / "tracker.yaml"
    append(settings, "  zh-Hant: {translated_by: machine}\n")
    append(root / PRICE, "translations:\n  zh-hant: {translated_by: machine}\n")
    ((path, line, column, message, hint),) = found(root, "translation-language")
    assert (path, line, column) == (PRICE, 19, 3)  # at the key
    assert message == (
        "'zh-hant' is written 'zh-Hant' in tracker.yaml: the site's pages and folders go by "
        "that spelling"
    )
    assert hint == "did you mean 'zh-Hant'?"
    settings.write_text(settings.read_text(encoding="utf-8").split("translations:")[0], "utf-8")
    ((*_, hint),) = found(root, "translation-language")
    assert hint == (
        "the site is published in en only: add the language to tracker.yaml's translations: first"
    )


def test_quote_keys_are_site_languages_and_never_english(root: Path) -> None:
    path = root / SPEED
    text = path.read_text(encoding="utf-8")
    translation = "    translated_by: person\n"
    path.write_text(
        text.replace(
            translation,
            translation
            + "    translations:\n"  # line 21
            + "      en: {text: up to 3 times faster, translated_by: person}\n"
            + "      de: {text: bis zu dreimal schneller, translated_by: machine}\n",
        ),
        encoding="utf-8",
    )
    problems = found(root, "translation-language")
    assert [(p, line, col) for p, line, col, *_ in problems] == [(SPEED, 22, 7), (SPEED, 23, 7)]
    assert problems[0][3].startswith("'en': a quote's English translation is its translation:")


def test_tracker_keys_need_a_catalog_and_a_language_of_their_own(root: Path) -> None:
    append(
        root / "tracker.yaml",
        "  de: {translated_by: machine}\n"  # line 11
        "  en: {translated_by: machine}\n"
        "  Fr: {translated_by: machine}\n",
    )
    problems = check(root)
    assert [(p.line, p.column, p.code) for p in problems] == [
        (11, 3, "missing-catalog"),
        (12, 3, "translation-language"),
        (13, 3, "translation-language"),
    ]
    assert problems[0].message == "the site's interface is not translated into 'de'"
    assert (
        problems[2].message
        == "'Fr' is 'fr' in other capitals: both would be published in one folder"
    )


def test_translated_by_is_required_and_texts_are_never_blank(root: Path) -> None:
    """The models say so (missing-field, empty-value), at the line the editor must fix."""
    append(
        root / PRICE,
        "translations:\n"
        "  fr:\n"  # line 19
        "    statement: Acme n'a pas annoncé le prix.\n"
        '    rationale: " \\u200b "\n',  # line 21
    )
    path = root / SPEED
    text = path.read_text(encoding="utf-8")
    translation = "    translated_by: person\n"
    path.write_text(
        text.replace(translation, translation + "    translations:\n      fr: {text: ''}\n"),
        encoding="utf-8",
    )
    append(root / "tracker.yaml", "  zh-Hant: {title: 追蹤}\n")
    problems = [
        (p.path, p.line, p.column, p.code, p.message)
        for p in check(root)
        if p.code in ("missing-field", "empty-value")
    ]
    # A missing key is reported where its mapping starts, as for any required field.
    assert problems == [
        (PRICE, 20, 5, "missing-field", "missing required field 'translations.fr.translated_by'"),
        (
            PRICE,
            21,
            16,
            "empty-value",
            "translations.fr.rationale is empty: a value is required",
        ),
        (
            SPEED,
            22,
            11,
            "missing-field",
            "missing required field 'evidence[1].translations.fr.translated_by'",
        ),
        (
            SPEED,
            22,
            18,
            "empty-value",
            "evidence[1].translations.fr.text is empty: a value is required",
        ),
        (
            "tracker.yaml",
            11,
            12,
            "missing-field",
            "missing required field 'translations.zh-Hant.translated_by'",
        ),
    ]


def test_an_edit_of_the_tracker_s_languages_checks_every_claim_again(root: Path) -> None:
    """The claims' rule reads the site's languages: adding one to tracker.yaml must clear
    the error of a claim that nobody edited, as a fresh check would."""
    append(root / PRICE, "translations:\n  zh-Hant: {translated_by: machine}\n")
    loader, checker = Loader(root), Checker()
    _, problems = checker.run(loader.load(), DAY)
    assert [p.code for p in problems] == ["translation-language"]
    settings = root / "tracker.yaml"
    before = settings.read_text(encoding="utf-8")
    append(settings, "  zh-Hant: {translated_by: machine}\n")
    edited = loader.load(["tracker.yaml"])
    assert edited.changes is not None and edited.changes.claims == frozenset()
    _, problems = checker.run(edited, DAY)
    assert problems == [] == check(root)
    settings.write_text(before, encoding="utf-8")
    _, problems = checker.run(loader.load(["tracker.yaml"]), DAY)
    assert [p.code for p in problems] == ["translation-language"]
    # And an edit of the claim alone runs its rules again with the languages it has now.
    append(root / PRICE, "  fr: {translated_by: machine}\n")
    _, problems = checker.run(loader.load([PRICE]), DAY)
    assert problems == check(root) and [p.code for p in problems] == ["translation-language"]


def test_a_malformed_entry_key_fingerprint_or_language_says_what_is_expected(
    root: Path,
) -> None:
    """Each pattern's own words, for keys as for values: never "expected an id"."""
    append(
        root / PRICE,
        "translations:\n"
        "  fr:\n"
        "    translated_by: machine\n"
        "    history: {30 Nov: Rien.}\n"  # line 21
        "    made_from: {statement: abc}\n"  # line 22
        "  Fr!: {translated_by: machine}\n",  # line 23
    )
    problems = [(p.line, p.column, p.message) for p in check(root) if p.code == "invalid-format"]
    assert problems == [
        (
            21,
            15,
            "key '30 Nov' of translations.fr.history: expected the entry's date, YYYY-MM-DD, "
            "or DATE#2, DATE#3 for a later entry of the same date",
        ),
        (
            22,
            28,
            "translations.fr.made_from.statement: expected a fingerprint of 12 lowercase "
            "hexadecimal digits, as `claimtrack translate --stamp` writes it",
        ),
        (
            23,
            3,
            "key 'Fr!' of translations: expected a BCP 47 language tag such as en, zh-Hant or fr",
        ),
    ]


@pytest.mark.parametrize(
    ("value", "tag"),
    [
        ("!!map {translated_by: machine, statement: Le prix.}", "!!map"),
        ("!!str", "!!str"),
        ("!!int 5", "!!int"),
        ("{translated_by: machine, statement: !!str Le prix.}", "!!str"),
    ],
)
def test_a_tag_on_a_translation_is_an_error_at_it(root: Path, value: str, tag: str) -> None:
    """docs/records.md: tags are errors, those that name the type a value has anyway
    (!!map, !!str) too; before, a tagged translation passed with a stale warning."""
    append(root / PRICE, f"translations:\n  fr: {value}\n")  # line 19
    problems = check(root)
    assert [(p.path, p.line, p.code) for p in problems] == [(PRICE, 19, "yaml-tag")]
    assert problems[0].column == 7 + value.index(tag)
    assert (problems[0].message, problems[0].hint) == (
        f"YAML tag {tag!r} is not allowed",
        "remove the tag: a record holds plain text, numbers, lists and mappings",
    )


def test_a_tag_in_tracker_yaml_s_translations_is_an_error(root: Path) -> None:
    settings = root / "tracker.yaml"
    text = settings.read_text(encoding="utf-8")
    settings.write_text(text.replace("  fr:\n", "  fr: !!map\n"), encoding="utf-8")
    assert [(p.path, p.line, p.column, p.code) for p in check(root)] == [
        ("tracker.yaml", 6, 7, "yaml-tag")
    ]


def test_a_fingerprint_written_as_a_number_is_an_error_at_it(root: Path) -> None:
    """A fingerprint of decimal digits alone, unquoted, is a number to YAML: an error at
    the value (it passed as a stale translation); quoted, it is a fingerprint."""
    number = "123456789012"
    append(
        root / PRICE,
        "translations:\n"
        "  fr:\n"
        "    translated_by: machine\n"
        "    statement: Acme n'a pas annoncé le prix de Rocket 2.\n"
        "    history: {2026-10-02: Aucun prix.}\n"
        f"    made_from: {{statement: {number}, history: {{2026-10-02: 1234567e8901}}}}\n",
    )
    path = root / SPEED
    quote = "    quote: It runs up to 3x faster than Rocket 1\n"
    path.write_text(
        path.read_text(encoding="utf-8").replace(
            quote,
            quote + "    translations:\n"
            "      fr: {text: Jusqu'à 3 fois plus vite, translated_by: machine, "
            f"made_from: {number}}}\n",  # line 18
        ),
        encoding="utf-8",
    )
    wrong = [(p, line, col, message) for p, line, col, message, _ in found(root, "wrong-type")]
    assert wrong == [
        (
            PRICE,
            23,
            28,
            f"translations.fr.made_from.statement: expected a fingerprint, which is text: "
            f"unquoted, {number} is a number to YAML",
        ),
        (
            PRICE,
            23,
            64,
            "translations.fr.made_from.history.2026-10-02: expected a fingerprint, which is "
            "text: unquoted, 1234567e8901 is a number to YAML",
        ),
        (
            SPEED,
            18,
            79,
            f"evidence[0].translations.fr.made_from: expected a fingerprint, which is text: "
            f"unquoted, {number} is a number to YAML",
        ),
    ]
    hint = f'quote it, "{number}", as `claimtrack translate` writes it'
    assert found(root, "wrong-type")[0][4] == hint
    for changed in (root / PRICE, path):
        text = changed.read_text(encoding="utf-8")
        changed.write_text(
            text.replace(number, f'"{number}"').replace("1234567e8901", "'1234567e8901'"),
            encoding="utf-8",
        )
    assert found(root, "wrong-type") == []
    assert {p.code for p in check(root)} == {"translation-stale"}


def test_a_tracker_yaml_that_fails_to_load_still_declares_its_languages(root: Path) -> None:
    """A translation in tracker.yaml without translated_by fails its settings: the records'
    translations are judged by the languages it declares all the same (not "the site is
    published in en only"), and the hint names those."""
    settings = root / "tracker.yaml"
    append(settings, "  zh-Hant: {title: 聲明追蹤}\n")  # no translated_by: an error
    append(
        root / PRICE,
        "translations:\n"
        "  fr: {translated_by: machine}\n"
        "  zh-Hant: {translated_by: machine}\n"
        "  de: {translated_by: machine}\n",  # line 21
    )
    problems = check(root)
    assert [(p.path, p.code) for p in problems if p.is_error] == [
        (PRICE, "translation-language"),
        ("tracker.yaml", "missing-field"),
    ]
    ((_, line, column, message, hint),) = found(root, "translation-language")
    assert (line, column, message) == (21, 3, "'de' is not one of the site's languages")
    assert hint == (
        "the site's further languages are fr, zh-Hant (tracker.yaml's translations:); "
        "add it there to publish it too"
    )
    # A tracker.yaml that does not even parse declares nothing: no key is judged.
    settings.write_text("title: [Rocket 2\n", encoding="utf-8")
    assert {p.code for p in check(root) if p.is_error} == {"yaml-syntax"}


def test_a_claimant_s_and_a_quantity_s_translations_are_stale_or_orphans_at_their_text(
    root: Path,
) -> None:
    append(
        root / PRICE,
        "translations:\n"
        "  fr:\n"
        "    translated_by: person\n"
        "    claimant:\n"
        "      name: la société Acme\n"  # line 22: made from another name
        "      role: PDG\n"  # line 23: Acme has no role
        "    quantity: {metric: vitesse}\n"  # line 24: the claim has no quantity
        "    made_from:\n"
        f"      claimant: {{name: {fingerprint('Acme Corp')}}}\n",
    )
    stale = found(root, "translation-stale")
    assert [(p, line, col) for p, line, col, *_ in stale] == [(PRICE, 22, 13)]
    assert stale[0][3] == (
        "the French (fr) translation of claimant/name is stale: the original changed since"
    )
    assert stale[0][4] is not None and "--field claimant/name" in stale[0][4]
    orphans = found(root, "translation-orphan")
    assert [(p, line, col, hint) for p, line, col, _, hint in orphans] == [
        (PRICE, 23, 13, "the claim's claimant has no role: remove the translation"),
        (PRICE, 24, 24, "the claim's quantity has no metric: remove the translation"),
    ]


def test_a_title_translated_into_the_source_s_own_language_is_an_orphan(root: Path) -> None:
    title = "Rocket 2, trois fois plus rapide"
    append(
        root / "sources/fr-report.yaml",
        "translations:\n"
        "  fr:\n"
        "    translated_by: person\n"
        "    title: Rocket 2, 3 fois plus rapide\n"  # line 15: the source is in French
        f"    made_from: {{title: {fingerprint(title)}}}\n",
    )
    (orphan,) = found(root, "translation-orphan")
    assert orphan == (
        "sources/fr-report.yaml",
        15,
        12,
        "the French (fr) translation of title has no original",
        "the source is written in this language: its title stays as it is; remove the translation",
    )
