"""Property: after any edits, an incremental rebuild equals a clean full build, byte for byte.

A tracker (a copy of tests/fixtures/minimal) is built once by a SiteBuilder.
Then sequences of 1 to 6 random edits are applied to it: claims, sources,
archives, tracker.yaml, template overrides and static files are added, changed,
broken and deleted.  After each sequence the same SiteBuilder builds again,
alternately finding the changes itself (``changed=None``) and being told the
exact paths touched (as the file watcher of ``serve`` would), and build_site
builds the same tracker into a fresh folder.  Either both fail the same way
(DataError with the same problems) and the incremental build left the previous
site exactly as it was, or both succeed with the same warnings and the two
folders hold the same files, folders, modes and bytes.

CLAIMTRACK_PROPERTY_EXAMPLES=300 runs more examples by hand (same seed).
"""

from __future__ import annotations

import datetime as dt
import difflib
import hashlib
import os
import shutil
import stat
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import partial
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from jinja2 import TemplateError

from claimtrack.errors import DataError
from claimtrack.load import Cache
from claimtrack.site import SiteBuilder, build_site

from .conftest import FIXTURES
from .site_support import FIXTURE_TODAY, minimal_copy

# The CI profile: fixed seed, nothing remembered between runs, no per-example deadline (one
# clean build compiles every template: about 0.3 s here), and no shrinking, which can take
# Hypothesis's full five minutes at a second per example; the failure message lists every
# edit anyway.  Runs by hand (CLAIMTRACK_PROPERTY_EXAMPLES=N) shrink to a minimal reproducer.
BY_HAND = os.environ.get("CLAIMTRACK_PROPERTY_EXAMPLES")
PROFILE = settings(
    max_examples=int(BY_HAND or 10),
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=list(Phase) if BY_HAND else [p for p in Phase if p is not Phase.shrink],
)

HEADERS = {
    "claims": "# yaml-language-server: $schema=../schema/claim.schema.json\n",
    "sources": "# yaml-language-server: $schema=../schema/source.schema.json\n",
    "tracker.yaml": "# yaml-language-server: $schema=schema/tracker.schema.json\n",
}


# -- the tracker being edited ------------------------------------------------------------------
@dataclass
class Tree:
    """The tracker folder; edits go through it so that it knows every path they touched."""

    root: Path
    touched: set[str] = field(default_factory=set)
    log: list[str] = field(default_factory=list)
    writes: int = 0

    def exists(self, rel: str) -> bool:
        return (self.root / rel).is_file()

    def ids(self, folder: str, ext: str = ".yaml") -> list[str]:
        base = self.root / folder
        return sorted(p.name[: -len(ext)] for p in base.glob(f"*{ext}")) if base.is_dir() else []

    def files(self, folder: str) -> list[str]:
        base = self.root / folder
        found = base.rglob("*") if base.is_dir() else ()
        return sorted(p.relative_to(self.root).as_posix() for p in found if p.is_file())

    def read(self, rel: str) -> str:
        return (self.root / rel).read_text(encoding="utf-8")

    def record(self, rel: str) -> dict[str, Any] | None:
        """The file's data when it is a readable YAML mapping (a broken file gives None)."""
        try:
            data = yaml.safe_load(self.read(rel))
        except (OSError, UnicodeDecodeError, yaml.YAMLError):
            return None
        return data if isinstance(data, dict) else None

    def write(self, rel: str, text: str) -> None:
        """Every other write is an atomic save (a new inode), as many editors do."""
        path = self.root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        self.writes += 1
        if self.writes % 2:
            path.write_text(text, encoding="utf-8")
        else:
            temporary = path.with_name(f".{path.name}.swp")
            temporary.write_text(text, encoding="utf-8")
            os.replace(temporary, path)
        self.touched.add(rel)
        self.log.append(f"write {rel}")

    def write_record(self, rel: str, data: dict[str, Any]) -> None:
        header = HEADERS[rel if rel == "tracker.yaml" else rel.partition("/")[0]]
        body = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=1000)
        self.write(rel, header + body)

    def delete(self, rel: str) -> None:
        (self.root / rel).unlink()
        self.touched.add(rel)
        self.log.append(f"delete {rel}")

    def skip(self, why: str) -> None:
        self.log.append(f"skipped: {why}")


def choose(items: list[str], pick: int) -> str | None:
    return items[pick % len(items)] if items else None


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def quote_from(t: Tree, source: str, variant: int) -> str:
    """A phrase that is in the source's archive (any words when it has none)."""
    rel = f"sources/{source}.txt"
    if not t.exists(rel):
        return "Rocket 2 is fast."
    words = t.read(rel).split()
    start = variant % max(1, len(words) - 4)
    return " ".join(words[start : start + 4]) or "Rocket 2"


def evidence(t: Tree, source: str, variant: int) -> dict[str, Any]:
    item: dict[str, Any] = {"source": source, "quote": quote_from(t, source, variant)}
    language = (t.record(f"sources/{source}.yaml") or {}).get("language", "en")
    if language != "en":
        item["translation"] = "A translation."
        item["translated_by"] = "machine"
    return item


# -- edits: claims -----------------------------------------------------------------------------
KINDS = ["figure", "omission", "fact", "quote", "assessment"]
FIRST_STATUS = {
    "figure": "unverified",
    "omission": "undisclosed",
    "fact": "verified",
    "quote": "retracted",
    "assessment": "misleading",
}


def add_claim(t: Tree, pick: int, variant: int) -> None:
    """A new valid claim of some kind, citing an existing source with a quote from its archive."""
    kind = KINDS[variant % len(KINDS)]
    source = choose(t.ids("sources"), pick) or "acme-post"
    claim: dict[str, Any] = {
        "statement": f"Acme says something about Rocket 2 ({kind} {pick}).",
        "claimant": {"name": "Acme"},
        "kind": kind,
        "topics": ["speed"],
        "evidence": [evidence(t, source, variant)],
        "status": FIRST_STATUS[kind],
        "history": [
            {
                "date": dt.date(2026, 10, 5),
                "status": FIRST_STATUS[kind],
                "note": "Recorded.",
                "evidence": [source],
            }
        ],
        "rationale": "Added by the property test.",
        "related": [],
        "review_by": dt.date(2027, 6, 30),
    }
    if kind == "figure":
        claim["quantity"] = {
            "value": 2 + variant,
            "unit": "x",
            "bound": "up-to",
            "metric": "speed",
            "baseline": "Rocket 1",
            "conditions": "",
        }
    t.write_record(f"claims/added-{pick % 3}.yaml", claim)


def _claim(t: Tree, pick: int) -> tuple[str, dict[str, Any]] | None:
    """An existing claim that can be read (a broken one is replaced by a fresh valid claim)."""
    cid = choose(t.ids("claims"), pick)
    if cid is None:
        t.skip("no claim")
        return None
    data = t.record(f"claims/{cid}.yaml")
    if data is None:
        t.skip(f"claims/{cid}.yaml is broken")
        return None
    return cid, data


STATEMENTS = [
    "Rocket 2 runs up to three times faster than Rocket 1.",
    'Acme\'s <b>"fastest"</b> engine & more.',
    "Rocket 2 は速い — « vraiment ».",
]


def change_statement(t: Tree, pick: int, variant: int) -> None:
    if (found := _claim(t, pick)) is not None:
        cid, data = found
        data["statement"] = STATEMENTS[variant % len(STATEMENTS)]
        t.write_record(f"claims/{cid}.yaml", data)


STATUSES = ["verified", "disputed", "false", "misleading", "retracted", "unverified"]


def change_status(t: Tree, pick: int, variant: int) -> None:
    """A new history entry and the status to match; 6: corroborated or disclosed (errors here),
    7: dated in the future."""
    if (found := _claim(t, pick)) is None:
        return
    cid, data = found
    if data.get("kind") == "omission":
        status = "disclosed" if variant == 6 else "undisclosed"
    else:
        status = "corroborated" if variant == 6 else STATUSES[variant % len(STATUSES)]
    history = data.get("history")
    history = history if isinstance(history, list) else []
    dates = [
        h["date"] for h in history if isinstance(h, dict) and isinstance(h.get("date"), dt.date)
    ]
    day = min(max(dates, default=dt.date(2026, 10, 2)) + dt.timedelta(days=1), FIXTURE_TODAY)
    if variant == 7:
        day = dt.date(2026, 12, 25)  # in the future: history-future
    cited = choose(t.ids("sources"), variant)
    entry = {"date": day, "status": status, "note": f"Now {status}.", "evidence": []}
    if cited is not None:
        entry["evidence"] = [cited]  # disclosed needs a source published after the omission
    history.append(entry)
    data["history"] = history
    data["status"] = status
    t.write_record(f"claims/{cid}.yaml", data)


def change_related(t: Tree, pick: int, variant: int) -> None:
    """Related: nothing, another claim, itself (a warning); 7: an unknown id (an error)."""
    if (found := _claim(t, pick)) is None:
        return
    cid, data = found
    others = [c for c in t.ids("claims") if c != cid]
    choices = [[], [choose(others, variant) or cid], [cid]]
    data["related"] = ["no-such-claim"] if variant == 7 else choices[variant % len(choices)]
    t.write_record(f"claims/{cid}.yaml", data)


def change_to_check(t: Tree, pick: int, variant: int) -> None:
    """Sources still to read (shown on their pages and in sources.json); 7: an unknown one."""
    if (found := _claim(t, pick)) is not None:
        cid, data = found
        source = choose(t.ids("sources"), variant)
        data["to_check"] = ["no-such-source"] if variant == 7 else [source][: variant % 2]
        t.write_record(f"claims/{cid}.yaml", data)


TOPICS = [[], ["speed"], ["pricing", "speed"], ["new-topic"]]


def change_topics(t: Tree, pick: int, variant: int) -> None:
    if (found := _claim(t, pick)) is not None:
        cid, data = found
        data["topics"] = ["Not A Topic"] if variant == 7 else TOPICS[variant % len(TOPICS)]
        t.write_record(f"claims/{cid}.yaml", data)


def change_review_by(t: Tree, pick: int, variant: int) -> None:
    """review_by passed (stale), in the future, or absent."""
    if (found := _claim(t, pick)) is not None:
        cid, data = found
        data.pop("review_by", None)
        if variant % 3 < 2:
            data["review_by"] = [dt.date(2026, 11, 1), dt.date(2027, 12, 31)][variant % 3]
        t.write_record(f"claims/{cid}.yaml", data)


def delete_claim(t: Tree, pick: int, variant: int) -> None:
    cid = choose(t.ids("claims"), pick)
    if cid is None:
        t.skip("no claim")
    else:
        t.delete(f"claims/{cid}.yaml")


def break_file(t: Tree, pick: int, variant: int) -> None:
    """An editor's mistake in a claim, a source or tracker.yaml."""
    files = [*t.files("claims"), *(f for f in t.files("sources") if f.endswith(".yaml"))]
    if t.exists("tracker.yaml"):
        files.append("tracker.yaml")
    rel = choose(sorted(files), pick)
    if rel is None:
        t.skip("no file")
        return
    text = t.read(rel)
    broken = [
        text + "key: [unclosed\n",  # yaml-syntax
        text + "\tindented: with a tab\n",  # tab-indent
        text + "statement: said twice\n",  # duplicate-key (claims), unknown-field (others)
        "",  # empty-file
        "\ufeff" + text,  # bom
    ]
    t.write(rel, broken[variant % len(broken)])


def rename_claim(t: Tree, pick: int, variant: int) -> None:
    """A claim file renamed (its id changes; claims relating to the old id now fail)."""
    cid = choose(t.ids("claims"), pick)
    if cid is None:
        t.skip("no claim")
        return
    new = f"renamed-{variant % 2}"
    os.replace(t.root / f"claims/{cid}.yaml", t.root / f"claims/{new}.yaml")
    t.touched |= {f"claims/{cid}.yaml", f"claims/{new}.yaml"}
    t.log.append(f"rename claims/{cid}.yaml claims/{new}.yaml")


def add_misnamed_record(t: Tree, pick: int, variant: int) -> None:
    """A copy of a claim as claims/x.yml (ignored, a warning) or claims/Bad_Id.yaml (an error)."""
    cid = choose(t.ids("claims"), pick)
    text = t.read(f"claims/{cid}.yaml") if cid else "statement: A claim.\n"
    t.write("claims/copied.yml" if variant % 2 == 0 else "claims/Bad_Id.yaml", text)


# -- edits: sources and archives -----------------------------------------------------------------
def _snapshot(text: str) -> dict[str, Any]:
    return {"retrieved": dt.date(2026, 11, 30), "sha256": sha256(text)}


def add_source(t: Tree, pick: int, variant: int) -> None:
    """A new source, with or without archived text, derived from nothing or from acme-post."""
    sid = f"extra-{pick % 2}"
    source: dict[str, Any] = {
        "title": f"Extra report {pick}",
        "publisher": "Bench Weekly",
        "authors": [],
        "language": ["en", "de"][variant % 2],
        "kind": "report",
        "derived_from": ["acme-post"]
        if variant % 4 >= 2 and t.exists("sources/acme-post.yaml")
        else [],
    }
    if variant % 3 != 2:
        text = f"Extra report {pick}: Rocket 2 runs up to 3x faster, says Acme.\n"
        t.write(f"sources/{sid}.txt", text)
        source["snapshot"] = _snapshot(text)
    t.write_record(f"sources/{sid}.yaml", source)


def _source(t: Tree, pick: int) -> tuple[str, dict[str, Any]] | None:
    sid = choose(t.ids("sources"), pick)
    if sid is None:
        t.skip("no source")
        return None
    data = t.record(f"sources/{sid}.yaml")
    if data is None:
        t.skip(f"sources/{sid}.yaml is broken")
        return None
    return sid, data


TITLES = ["Acme announces <Rocket 2> & more", "Rocket 2 : « le plus rapide »", "A plain title"]


def change_source_title(t: Tree, pick: int, variant: int) -> None:
    if (found := _source(t, pick)) is not None:
        sid, data = found
        data["title"] = TITLES[variant % len(TITLES)]
        t.write_record(f"sources/{sid}.yaml", data)


def change_source_facts(t: Tree, pick: int, variant: int) -> None:
    """Facts other records' rules read: the language (quotes need a translation when it is not
    English) and the publication date (disclosed omissions need a later source)."""
    if (found := _source(t, pick)) is not None:
        sid, data = found
        data["language"] = ["en", "fr", "de"][variant % 3]
        data.pop("published", None)
        if variant % 4:
            data["published"] = [dt.date(2026, 9, 1), dt.date(2026, 11, 15), dt.date(2026, 10, 3)][
                variant % 4 - 1
            ]
        t.write_record(f"sources/{sid}.yaml", data)


def _derivers(t: Tree, sid: str) -> set[str]:
    """Sources that derive from ``sid``, directly or not (itself included)."""
    parents = {
        s: set((t.record(f"sources/{s}.yaml") or {}).get("derived_from") or [])
        for s in t.ids("sources")
    }
    found, grew = {sid}, True
    while grew:
        more = {s for s, ps in parents.items() if ps & found} - found
        found |= more
        grew = bool(more)
    return found


def change_derived_from(t: Tree, pick: int, variant: int) -> None:
    """derived_from: nothing or a source that makes no cycle; 7: a two-source cycle on purpose."""
    if (found := _source(t, pick)) is None:
        return
    sid, data = found
    if variant == 7:
        other = choose([s for s in t.ids("sources") if s != sid], variant)
        other_data = t.record(f"sources/{other}.yaml") if other else None
        if other is not None and other_data is not None:
            data["derived_from"] = [other]
            other_data["derived_from"] = [sid]
            t.write_record(f"sources/{other}.yaml", other_data)
    else:
        safe = [s for s in t.ids("sources") if s not in _derivers(t, sid)]
        data["derived_from"] = [choose(safe, variant)] if variant % 2 and safe else []
    t.write_record(f"sources/{sid}.yaml", data)


def delete_source(t: Tree, pick: int, variant: int) -> None:
    """Its record (claims citing it now fail), and its archive too, or not (an orphan)."""
    sid = choose(t.ids("sources"), pick)
    if sid is None:
        t.skip("no source")
        return
    t.delete(f"sources/{sid}.yaml")
    if variant % 2 and t.exists(f"sources/{sid}.txt"):
        t.delete(f"sources/{sid}.txt")


def change_archive(t: Tree, pick: int, variant: int) -> None:
    """Text added, snapshot updated; 6: text replaced (quotes lost); 7: sha256 left stale."""
    if (found := _source(t, pick)) is None:
        return
    sid, data = found
    rel = f"sources/{sid}.txt"
    old = t.read(rel) if t.exists(rel) else ""
    if variant == 6:
        text = "This archive no longer says what the claims quote.\n"
    elif variant == 7:
        text = old + "An edit nobody recorded.\n"
    else:
        text = old + f"Acme later added footnote {variant}.\n"
    t.write(rel, text)
    if variant != 7:
        data["snapshot"] = _snapshot(text)
        t.write_record(f"sources/{sid}.yaml", data)


def delete_archive(t: Tree, pick: int, variant: int) -> None:
    """The .txt and its snapshot (quotes become unchecked); 7: the .txt alone (an error)."""
    sid = choose(t.ids("sources", ".txt"), pick)
    if sid is None:
        t.skip("no archive")
        return
    t.delete(f"sources/{sid}.txt")
    data = t.record(f"sources/{sid}.yaml") if t.exists(f"sources/{sid}.yaml") else None
    if variant != 7 and data is not None:
        data.pop("snapshot", None)
        t.write_record(f"sources/{sid}.yaml", data)


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
    "base.html": ("Skip to main content", "Skip to the content"),
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


# -- edits: undo ---------------------------------------------------------------------------------
FIXTURE = FIXTURES / "minimal"
FIXTURE_FILES = sorted(p.relative_to(FIXTURE).as_posix() for p in FIXTURE.rglob("*") if p.is_file())


def restore_file(t: Tree, pick: int, variant: int) -> None:
    """One file of the fixture back as it was (recreated when deleted): an editor's undo."""
    rel = FIXTURE_FILES[pick % len(FIXTURE_FILES)]
    t.write(rel, (FIXTURE / rel).read_text(encoding="utf-8"))


def revert_all(t: Tree, pick: int, variant: int) -> None:
    """Every record as in the fixture, added ones deleted (git checkout, git clean); the theme
    stays.  Unchanged files are not touched."""
    records = [*t.files("claims"), *t.files("sources")]
    for rel in sorted(set(records) - set(FIXTURE_FILES)):
        t.delete(rel)
    for rel in FIXTURE_FILES:
        original = (FIXTURE / rel).read_text(encoding="utf-8")
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
        change_topics,
        change_to_check,
        change_review_by,
        delete_claim,
        rename_claim,
        add_misnamed_record,
        break_file,
        add_source,
        change_source_title,
        change_source_facts,
        change_derived_from,
        delete_source,
        change_archive,
        delete_archive,
        change_site_title,
        change_base_url,
        change_description,
        delete_settings,
        set_template,
        break_template,
        delete_template,
        set_static,
        delete_static,
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


# -- the property --------------------------------------------------------------------------------
SiteFiles = dict[str, tuple[int, bytes | None]]  # path -> (mode, bytes; None for a folder)


def snapshot(folder: Path) -> SiteFiles:
    """Every file and folder under ``folder`` (hidden ones too), with its mode and bytes."""
    found: SiteFiles = {}
    for path in sorted(folder.rglob("*")):
        mode = path.lstat().st_mode
        rel = path.relative_to(folder).as_posix()
        found[rel] = (mode, None if stat.S_ISDIR(mode) else path.read_bytes())
    return found


@dataclass(frozen=True)
class Outcome:
    """What a build gave: the site and its warnings, or how it failed."""

    kind: str  # "built", "DataError", or the type of another exception
    problems: tuple[tuple[str, int, int, str, str], ...] = ()
    site: SiteFiles | None = None
    message: str = ""


def _problems(problems: Iterable[Any]) -> tuple[tuple[str, int, int, str, str], ...]:
    return tuple(sorted((p.path, p.line, p.column, p.code, p.message) for p in problems))


def outcome(build: Callable[[], Any], out: Path) -> Outcome:
    try:
        result = build()
    except DataError as exc:
        return Outcome("DataError", _problems(exc.problems))
    except TemplateError as exc:  # a broken override is an internal error today: compare it too
        return Outcome(type(exc).__name__, message=str(exc))
    return Outcome("built", _problems(result.warnings), snapshot(out))


def explain(incremental: Outcome, full: Outcome) -> str:
    """Where two outcomes differ, shortly: kinds, problems, or the first differing files."""
    if incremental.kind != full.kind:
        return (
            f"incremental: {incremental.kind} {incremental.message} {incremental.problems[:5]}\n"
            f"full: {full.kind} {full.message} {full.problems[:5]}"
        )
    lines = []
    if incremental.problems != full.problems:
        lines.append(
            f"problems differ:\n  incremental {incremental.problems}\n  full {full.problems}"
        )
    if incremental.message != full.message:
        lines.append(f"messages differ: {incremental.message!r} / {full.message!r}")
    a, b = incremental.site or {}, full.site or {}
    for path in sorted(a.keys() | b.keys()):
        if a.get(path) == b.get(path):
            continue
        if path not in a or path not in b:
            lines.append(f"{path}: only in the {'full' if path in b else 'incremental'} build")
        elif a[path][0] != b[path][0]:
            lines.append(f"{path}: mode {oct(a[path][0])} (incremental) != {oct(b[path][0])}")
        else:
            old = (a[path][1] or b"").decode("utf-8", "replace").splitlines()
            new = (b[path][1] or b"").decode("utf-8", "replace").splitlines()
            diff = difflib.unified_diff(old, new, "incremental", "full", n=1, lineterm="")
            lines.append(f"{path}: bytes differ\n" + "\n".join(list(diff)[:20]))
    return "\n".join(lines)


def check_sequences(sequences: list[list[Edit]], disk_cache: bool = False) -> None:
    """Apply each sequence, then compare the incremental build with a clean full build.

    ``disk_cache``: the builder keeps a Cache in the tracker's .claimtrack_cache, and is
    replaced by a new one before every third sequence (serve restarted: it knows only the
    disk cache)."""
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        root = minimal_copy(base)
        site = base / "site"

        def new_builder() -> SiteBuilder:
            cache = Cache.open(root) if disk_cache else None
            return SiteBuilder(root, site, FIXTURE_TODAY, cache)

        builder = new_builder()
        builder.build()
        history: list[str] = [f"disk_cache={disk_cache}"]
        for number, sequence in enumerate(sequences):
            before = snapshot(site)
            if disk_cache and number % 3 == 1:
                builder = new_builder()
                history.append("restart: a new SiteBuilder with the disk cache")
            tree = Tree(root)
            for edit in sequence:
                edit.apply(tree)
            changed = None if number % 2 == 0 else sorted(tree.touched)
            history += [*tree.log, f"build(changed={changed})"]
            incremental = outcome(partial(builder.build, changed=changed), site)
            fresh = base / f"fresh-{number}"
            full = outcome(partial(build_site, root, fresh, today=FIXTURE_TODAY), fresh)
            steps = "\n".join(history)
            assert incremental == full, f"after:\n{steps}\n{explain(incremental, full)}"
            if incremental.kind != "built":
                assert snapshot(site) == before, f"a failed build changed the site after:\n{steps}"
                assert not fresh.exists(), f"a failed full build left {fresh.name}"
            shutil.rmtree(fresh, ignore_errors=True)


# Undo edits twice as likely as others: errors pile up, and a build that fails on both sides
# only compares problem lists.
edits = st.builds(
    Edit,
    st.sampled_from([*EDITS, "restore_file", "revert_all"]),
    st.integers(0, 7),
    st.integers(0, 7),
)


@PROFILE
@given(st.lists(st.lists(edits, min_size=1, max_size=6), min_size=1, max_size=3), st.booleans())
def test_incremental_build_equals_full_build(sequences: list[list[Edit]], disk_cache: bool) -> None:
    check_sequences(sequences, disk_cache)


# Every kind of edit at least once, valid and broken, each breakage followed by its repair, so
# that the property is exercised whatever Hypothesis picks.  Sequences alternate between
# changed=None and changed=paths.  E: a sequence after which both builds fail.
FIXED = [
    [Edit("add_claim", 0, 0), Edit("add_claim", 1, 1), Edit("add_claim", 2, 2)],
    [Edit("change_statement", 0, 1), Edit("change_topics", 1, 2), Edit("change_review_by", 2, 0)],
    [Edit("change_status", 3, 0), Edit("change_related", 0, 1), Edit("add_claim", 1, 3)],
    [Edit("change_to_check", 3, 1), Edit("change_to_check", 4, 3)],
    [Edit("add_source", 0, 0), Edit("add_source", 1, 2), Edit("change_source_title", 0, 0)],
    [Edit("change_derived_from", 1, 1), Edit("change_archive", 0, 0)],
    [Edit("add_misnamed_record", 0, 0), Edit("rename_claim", 1, 0)],  # a .yml: a warning
    [Edit("add_misnamed_record", 0, 1)],  # E: invalid-id
    [Edit("delete_claim", 0, 0), Edit("break_file", 0, 4)],  # E: a byte-order mark
    [Edit("delete_claim", 0, 0)],
    [
        Edit("change_site_title", 0, 1),
        Edit("change_base_url", 0, 2),
        Edit("change_description", 0, 2),
    ],
    [Edit("set_template", 0, 1), Edit("set_template", 1, 2), Edit("set_template", 2, 0)],
    [Edit("set_static", 0, 1), Edit("set_static", 1, 0), Edit("set_static", 2, 0)],
    [Edit("change_base_url", 0, 1), Edit("delete_template", 1, 1), Edit("delete_static", 0, 0)],
    [Edit("break_file", 0, 0)],  # E: yaml-syntax
    [Edit("delete_claim", 0, 0)],  # the broken claim goes
    [Edit("change_status", 1, 6)],  # E: disclosed, citing a source without a later date
    [Edit("change_status", 1, 0)],  # E: still
    [Edit("change_source_facts", 0, 1), Edit("change_source_facts", 1, 2)],  # E: translations
    # English again, and the cited source now published after the omission was recorded.
    [
        Edit("change_source_facts", 0, 0),
        Edit("change_source_facts", 1, 0),
        Edit("change_source_facts", 2, 6),
    ],
    [Edit("change_derived_from", 0, 7)],  # E: a derivation cycle
    [Edit("revert_all", 0, 0)],
    [Edit("change_archive", 1, 6), Edit("change_related", 0, 7)],  # E
    [Edit("change_archive", 1, 7), Edit("change_related", 0, 0)],  # E: snapshot-mismatch
    [Edit("restore_file", 4, 0), Edit("restore_file", 5, 0)],
    [Edit("delete_archive", 0, 0)],
    [Edit("delete_archive", 0, 7), Edit("change_topics", 0, 7)],  # E: archive-missing, topic
    [Edit("restore_file", 4, 0), Edit("change_topics", 0, 0)],
    [Edit("break_template", 0, 0)],  # E: a template syntax error
    [Edit("break_template", 0, 1)],  # E: an unknown template variable
    [Edit("delete_template", 0, 0)],
    [Edit("delete_source", 0, 1), Edit("change_base_url", 0, 7)],  # E: unknown-source
    [Edit("revert_all", 0, 0), Edit("delete_settings", 0, 0), Edit("change_base_url", 0, 3)],
    [Edit("break_file", 6, 3)],  # E: empty tracker.yaml
    [Edit("restore_file", 6, 0), Edit("delete_claim", 0, 0), Edit("delete_claim", 0, 0)],
]


@pytest.mark.parametrize("disk_cache", [False, True], ids=["memory", "disk-cache"])
def test_every_kind_of_edit_in_a_fixed_sequence(disk_cache: bool) -> None:
    assert {e.name for sequence in FIXED for e in sequence} == set(EDITS)
    check_sequences(FIXED, disk_cache)
