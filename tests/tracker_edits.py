"""Edits an editor makes to a tracker, as small named functions, for the property test of
incremental builds (test_incremental_property).

Each edit is ``name(tree, pick, variant)``: ``pick`` chooses which existing record or file it
changes (modulo how many there are), ``variant`` how.  Variants 0 to 5 are valid edits where
the edit can be; 6 and 7 are the invalid ones (errors on purpose).  ``break_file`` and
``break_template`` always break something; ``restore_file`` and ``revert_all`` undo.  Edits
write through a Tree, which records every path they touched, as a file watcher would.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from typing import Any

from claimtrack.records.translations import fingerprint

from .edit_tree import Tree, choose
from .more_edits import (
    change_claimant,
    change_kind,
    change_quote,
    change_revises,
    change_source_notes,
    cite_revision,
    correct_claim,
    racy_rewrite,
    touch_file,
    translate_chinese,
)
from .record_edits import (
    add_claim,
    add_misnamed_record,
    add_source,
    break_file,
    change_archive,
    change_derived_from,
    change_related,
    change_review_by,
    change_source_facts,
    change_source_title,
    change_statement,
    change_status,
    change_to_check,
    change_topics,
    delete_archive,
    delete_claim,
    delete_source,
    recheck_source,
    rename_claim,
    set_archive_public,
)


# -- edits: tracker.yaml -------------------------------------------------------------------------
def _settings(t: Tree) -> dict[str, Any]:
    return (t.record("tracker.yaml") if t.exists("tracker.yaml") else None) or {}


def change_site_title(t: Tree, pick: int, variant: int) -> None:
    data = _settings(t)
    data["title"] = ["Rocket 2 claims", "Rocket <2> & friends", "Fusées"][variant % 3]
    t.write_record("tracker.yaml", data)


BASE_URLS = [
    None,
    "https://example.org/claims/",
    "https://example.org/c/?lang=en#top",
    "http://example.org",
]


def change_base_url(t: Tree, pick: int, variant: int) -> None:
    data = _settings(t)
    data.pop("base_url", None)
    url = "not a url" if variant == 7 else BASE_URLS[variant % len(BASE_URLS)]
    if url is not None:
        data["base_url"] = url
    t.write_record("tracker.yaml", data)


def change_description(t: Tree, pick: int, variant: int) -> None:
    data = _settings(t)
    data["description"] = ["", "What Acme said about Rocket 2.", 'A "quoted" <description>'][
        variant % 3
    ]
    t.write_record("tracker.yaml", data)


def delete_settings(t: Tree, pick: int, variant: int) -> None:
    if t.exists("tracker.yaml"):
        t.delete("tracker.yaml")
    else:
        t.skip("no tracker.yaml")


# -- edits: templates and static files ----------------------------------------------------------
# A packaged template with one phrase changed.
TEMPLATE_EDITS = {
    "404.html": ("Page not found", "Nothing here"),
    "base.html": ("</main>", "<p>Edited base</p></main>"),
    "claim.html": ("{% block main %}", "{% block main %}\n<p>Edited claim page</p>"),
}


def set_template(t: Tree, pick: int, variant: int) -> None:
    name = sorted(TEMPLATE_EDITS)[pick % len(TEMPLATE_EDITS)]
    old, new = TEMPLATE_EDITS[name]
    packaged = resources.files("claimtrack").joinpath("templates", name).read_text("utf-8")
    assert old in packaged, name
    t.write(f"templates/{name}", packaged.replace(old, f"{new} {variant}", 1))


def break_template(t: Tree, pick: int, variant: int) -> None:
    """A syntax error, or a variable that does not exist (templates are strict)."""
    body = ["<h1>{{ oops </h1>", "<h1>{{ no_such_variable }}</h1>"][variant % 2]
    t.write(
        "templates/404.html",
        '{% extends "base.html" %}\n{% block main %}\n' + body + "\n{% endblock %}\n",
    )


def delete_template(t: Tree, pick: int, variant: int) -> None:
    """An override removed; with the last one, the templates/ folder too (sometimes)."""
    rel = choose(t.files("templates"), pick)
    if rel is None:
        t.skip("no template")
        return
    t.delete(rel)
    folder = t.root / "templates"
    if variant % 2 and not any(folder.iterdir()):
        folder.rmdir()


STATIC_NAMES = ["style.css", "extra.txt", "fonts/readme.txt"]


def set_static(t: Tree, pick: int, variant: int) -> None:
    name = STATIC_NAMES[pick % len(STATIC_NAMES)]
    t.write(f"static/{name}", f"/* static file {name}, version {variant} */\n")


def delete_static(t: Tree, pick: int, variant: int) -> None:
    rel = choose(t.files("static"), pick)
    if rel is None:
        t.skip("no static file")
    else:
        t.delete(rel)


# -- edits: languages and translations ----------------------------------------------------------
SITE_LANGUAGES: list[dict[str, Any]] = [
    {},
    {"fr": {"title": "Les affirmations", "translated_by": "person"}},
    {"fr": {"translated_by": "machine"}, "zh-Hant": {"title": "說法", "translated_by": "machine"}},
]


def set_site_languages(t: Tree, pick: int, variant: int) -> None:
    """tracker.yaml's further languages: none, French, French and Chinese; 7: a language
    without a catalog (missing-catalog)."""
    data = _settings(t)
    further = {"de": {"translated_by": "person"}} if variant == 7 else SITE_LANGUAGES[variant % 3]
    data["translations"] = further
    t.write_record("tracker.yaml", data)


def translate_claim(t: Tree, pick: int, variant: int) -> None:
    """A claim's French translation: 0 the statement current, 1 stale, 2 the rationale alone,
    3 none, 4 a history note (no fingerprint: stale), 5 the statement in other words;
    6 without translated_by (missing-field), 7 a blank statement (empty-value)."""
    cid = choose(t.ids("claims"), pick)
    data = t.record(f"claims/{cid}.yaml") if cid is not None else None
    if cid is None or data is None:
        t.skip("no readable claim")
        return
    original = str(data.get("statement", "")) + (" (earlier)" if variant == 1 else "")
    fr: dict[str, Any] = {
        "translated_by": "machine",
        "statement": {5: "Autrement dit.", 7: "   "}.get(variant, "Une affirmation traduite."),
        "made_from": {"statement": fingerprint(original)},
    }
    if variant == 2:
        rationale = str(data.get("rationale", ""))
        fr = {**fr, "rationale": "Une raison.", "made_from": {"rationale": fingerprint(rationale)}}
        del fr["statement"]
    if variant == 4:
        day = str((data.get("history") or [{}])[0].get("date", "2026-10-02"))
        fr = {"translated_by": "person", "history": {day: "Une note."}}
    if variant == 6:
        del fr["translated_by"]
    data["translations"] = {} if variant == 3 else {"fr": fr}
    t.write_record(f"claims/{cid}.yaml", data)


def translate_source(t: Tree, pick: int, variant: int) -> None:
    """A source's French notes (and title on odd variants): current, stale, or none."""
    sid = choose(t.ids("sources"), pick)
    data = t.record(f"sources/{sid}.yaml") if sid is not None else None
    if sid is None or data is None:
        t.skip("no readable source")
        return
    notes = str(data.get("notes", ""))
    fr: dict[str, Any] = {"translated_by": "person", "notes": "Des notes."}
    fr["made_from"] = {"notes": fingerprint(notes if variant % 3 == 0 else notes + "!")}
    if variant % 2:
        fr["title"] = "Un titre"
    data["translations"] = {} if variant % 3 == 2 else {"fr": fr}
    t.write_record(f"sources/{sid}.yaml", data)


# -- edits: undo ---------------------------------------------------------------------------------
def _fixture_files(t: Tree) -> list[str]:
    return sorted(p.relative_to(t.fixture).as_posix() for p in t.fixture.rglob("*") if p.is_file())


def restore_file(t: Tree, pick: int, variant: int) -> None:
    """One file of the fixture back as it was (recreated when deleted): an editor's undo."""
    files = _fixture_files(t)
    rel = files[pick % len(files)]
    t.write(rel, (t.fixture / rel).read_text(encoding="utf-8"))


def revert_all(t: Tree, pick: int, variant: int) -> None:
    """Every record as in the fixture, added ones deleted (git checkout, git clean); the theme
    stays.  Unchanged files are not touched."""
    files = _fixture_files(t)
    records = [*t.files("claims"), *t.files("sources")]
    for rel in sorted(set(records) - set(files)):
        t.delete(rel)
    for rel in files:
        original = (t.fixture / rel).read_text(encoding="utf-8")
        if not t.exists(rel) or t.read(rel) != original:
            t.write(rel, original)


EditFunction = Callable[[Tree, int, int], None]
EDITS: dict[str, EditFunction] = {
    f.__name__: f
    for f in (
        add_claim,
        change_statement,
        change_status,
        change_related,
        change_revises,
        change_topics,
        change_to_check,
        change_review_by,
        change_kind,
        change_claimant,
        change_quote,
        correct_claim,
        delete_claim,
        rename_claim,
        add_misnamed_record,
        break_file,
        add_source,
        change_source_title,
        change_source_facts,
        change_source_notes,
        change_derived_from,
        delete_source,
        change_archive,
        delete_archive,
        recheck_source,
        cite_revision,
        set_archive_public,
        change_site_title,
        change_base_url,
        change_description,
        delete_settings,
        set_site_languages,
        translate_claim,
        translate_source,
        translate_chinese,
        set_template,
        break_template,
        delete_template,
        set_static,
        delete_static,
        touch_file,
        racy_rewrite,
        restore_file,
        revert_all,
    )
}


@dataclass(frozen=True)
class Edit:
    """One edit: which function, which file among those it may touch, and which variation."""

    name: str
    pick: int = 0
    variant: int = 0

    def __repr__(self) -> str:
        return f"Edit({self.name!r}, {self.pick}, {self.variant})"

    def apply(self, t: Tree) -> None:
        t.log.append(repr(self))
        EDITS[self.name](t, self.pick, self.variant)
