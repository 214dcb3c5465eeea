"""The dependency index (site/inputs.py) is complete and small.

An output's key digest changes exactly when what it is made from changes; with the
dependency index a claim's view or summary is digested as the records it reads
(KeyDigests with Inputs), not walked.  For every kind of record edit, two cold builds,
before and after, are compared file by file:

- complete: every file whose bytes changed has another key digest (an incremental build,
  which makes only those, misses nothing: test_warm_property checks the same through the
  builds themselves);
- small: every other file whose key digest changed holds an edited record (names its id):
  a listing, a page showing it (a related claim's, a cited source's) or a data file;
  never the page of a record the edit does not touch.

A claim's outputs in a language are also recorded as a group (site/carried.py: a command's
build carries an unchanged group over without planning it): a group's digest changes
exactly when the key digest of one of its outputs does.

A build with the record of the one before takes the input digests of the claims the edits
since cannot touch as they were (inputs.LastViews, check.impact.views_touched): for every
kind of edit, each digest it takes or works out, and every output's key digest, is the one
a cold build works out; and it works out only the touched claims' (a claim's edit: the
claim and the claims related to it; a source's notes: none).
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from claimtrack.load import Cache
from claimtrack.site import build_site
from claimtrack.site.inputs import Inputs, LastViews
from claimtrack.site.last_build import LastBuild

from .site_support import FIXTURE_TODAY, benchmark_tracker, files_of
from .tracker_edits import Edit, Tree
from .warm_run import FIXTURE

# A data file of the site or of one language's folder: claims.json, feed.xml, sitemap.xml.
DATA_FILE = re.compile(r"^(?:[a-z]{2}(?:-[a-z]+)?/)?[a-z.]+\.(json|xml)$")


@dataclass(frozen=True)
class Site:
    keys: dict[str, str]  # each output's key digest
    files: dict[str, bytes]
    groups: dict[str, list[str]]  # each group's digest and paths (LastBuild.groups)
    views: LastViews  # each claim's summary and view input digests (LastBuild.views)
    cache: Path


def cold(root: Path, where: Path, cache: Path | None = None) -> Site:
    """A build of ``root`` into a new folder with a cache of its own (cold), or with a copy
    of the cache ``cache`` a build left (the claims' input digests it made taken where
    they still hold); its record gives the key digests."""
    folder = where / "cache"
    if cache is not None:
        shutil.copytree(cache, folder)
    built = Cache(folder)
    build_site(root, where / "site", today=FIXTURE_TODAY, cache=built, search=False)
    record = built.part(LastBuild)
    keys = {path: entry[0] for path, entry in record.files.items.items()}
    assert all(keys.values()), "every output has a key digest"
    assert record.groups and all(group[0] for group in record.groups.values())
    assert record.views is not None
    return Site(keys, files_of(where / "site"), dict(record.groups), record.views, folder)


def touched_ids(tree: Tree) -> set[str]:
    """The records an edit touched: each edited record, and each record an edited file names
    before or after the edit (whose reverse links change: "revised by", "cited by")."""
    known = {*tree.ids("claims"), *tree.ids("sources")}
    known |= {p.stem for folder in ("claims", "sources") for p in (FIXTURE / folder).glob("*.yaml")}
    ids = set()
    for rel in tree.touched:
        folder, _, name = rel.partition("/")
        if folder not in ("claims", "sources"):
            continue
        ids.add(name.split(".")[0])
        texts = [
            path.read_text(encoding="utf-8")
            for path in (FIXTURE / rel, tree.root / rel)
            if path.suffix == ".yaml" and path.is_file()
        ]
        ids |= {i for i in known if any(i in text for text in texts)}
    return ids


def selected_and_changed(before: Site, after: Site) -> tuple[set[str], set[str]]:
    paths = before.files.keys() | after.files.keys()
    changed = {p for p in paths if before.files.get(p) != after.files.get(p)}
    selected = {p for p in paths if before.keys.get(p) != after.keys.get(p)}
    return selected, changed


def assert_groups(before: Site, after: Site, selected: set[str]) -> None:
    """A group's digest (or its paths) changed exactly when one of its outputs' key did."""
    for name, (digest, *paths) in after.groups.items():
        old = before.groups.get(name)
        moved = old is None or old != [digest, *paths]
        assert moved == any(p in selected for p in paths), (name, moved)


def assert_small(extra: set[str], after: Site, ids: set[str]) -> None:
    """Each output selected whose bytes stayed the same holds an edited record: a listing
    or a page naming it (a related claim's, a cited source's), or a data file (claims.json,
    sources.json, the feeds and the sitemap hold every record)."""
    for path in sorted(extra):
        if DATA_FILE.match(path):
            continue
        body = after.files.get(path, b"")
        assert any(i.encode() in body for i in ids), f"{path} does not hold {sorted(ids)}"


# Every kind of edit of a record that leaves this tracker without errors (tracker.yaml,
# templates and static files feed every page; deleting or renaming a claim here leaves a
# claim naming it, and no source here has revisions to cite: test_warm_property's
# sequences build those, warm against cold).
RECORD_EDITS = [
    Edit("add_claim", 0, 0),
    Edit("change_statement", 0, 0),
    Edit("change_statement", 2, 1),
    Edit("change_status", 0, 1),
    Edit("change_related", 0, 1),
    Edit("change_revises", 0, 1),
    Edit("change_topics", 1, 3),
    Edit("change_to_check", 0, 1),
    Edit("change_review_by", 0, 0),
    Edit("change_kind", 0, 2),
    Edit("change_claimant", 2, 1),
    Edit("change_quote", 0, 0),
    Edit("add_source", 0, 0),
    Edit("change_source_title", 0, 0),
    Edit("change_source_facts", 0, 0),
    Edit("change_source_notes", 0, 1),
    Edit("change_source_notes", 1, 3),
    Edit("change_derived_from", 1, 0),
    Edit("change_archive", 0, 1),
    Edit("recheck_source", 0, 0),
    Edit("set_archive_public", 1, 0),
    Edit("translate_claim", 0, 0),
    Edit("translate_source", 0, 0),
    Edit("translate_chinese", 0, 0),
]


@pytest.fixture(scope="module")
def fixture_before(tmp_path_factory: pytest.TempPathFactory) -> Site:
    return cold(FIXTURE, tmp_path_factory.mktemp("before"))


@pytest.mark.parametrize("edit", RECORD_EDITS, ids=repr)
def test_an_edit_selects_every_changed_file_and_little_more(
    edit: Edit, fixture_before: Site, tmp_path: Path
) -> None:
    root = tmp_path / "tracker"
    shutil.copytree(FIXTURE, root)
    tree = Tree(root, fixture=FIXTURE)
    edit.apply(tree)
    assert tree.touched and not any(line.startswith("skipped") for line in tree.log), tree.log
    after = cold(root, tmp_path)
    selected, changed = selected_and_changed(fixture_before, after)
    assert changed, tree.log
    assert changed <= selected, f"changed, not selected: {sorted(changed - selected)}"
    assert_small(selected - changed, after, touched_ids(tree))
    assert_groups(fixture_before, after, selected)


@pytest.mark.parametrize("edit", RECORD_EDITS, ids=repr)
def test_a_build_after_an_edit_works_out_again_every_input_it_touched(
    edit: Edit, fixture_before: Site, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A build with the last build's record takes as they were the input digests of the
    claims the edits cannot touch (inputs.LastViews, check.impact.views_touched): each is
    the one a cold build works out, and so is every output's key digest; and after an edit
    of claims alone, only the touched claims' are worked out again."""
    root = tmp_path / "tracker"
    shutil.copytree(FIXTURE, root)
    tree = Tree(root, fixture=FIXTURE)
    edit.apply(tree)
    made = counting_views(monkeypatch)
    warm = cold(root, tmp_path / "warm", fixture_before.cache)
    views_made = len(made)
    after = cold(root, tmp_path / "cold")
    assert warm.views == after.views
    assert warm.keys == after.keys
    same_records = all((FIXTURE / rel).is_file() == (root / rel).is_file() for rel in tree.touched)
    if not same_records:  # which records exist changed: every view's inputs worked out
        assert views_made == len(after.views.ids)


def counting_views(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The claims whose view input digest (Inputs.claim) is worked out, not taken as the
    last build's, from now on."""
    made: list[str] = []
    make = Inputs._made

    def counted(self: Inputs, cid: str) -> str:
        made.append(cid)
        return make(self, cid)

    monkeypatch.setattr(Inputs, "_made", counted)
    return made


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Site]:
    """The benchmarks' tracker at 60 claims, in English and French, built cold."""
    root = benchmark_tracker(tmp_path_factory.mktemp("generated") / "tracker", 60)
    return root, cold(root, tmp_path_factory.mktemp("generated-before"))


def _replace_line(path: Path, start: str, new: str) -> None:
    """The line beginning ``start`` and its indented continuation lines become ``new``."""
    lines = path.read_text(encoding="utf-8").split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith(start))
    end = at + 1
    while end < len(lines) and lines[end].startswith("  "):
        end += 1
    lines[at:end] = [new]
    path.write_text("\n".join(lines), encoding="utf-8")


@pytest.mark.parametrize(
    ("folder", "field", "value", "most", "views"),
    [
        # Its pages in two languages, its cited sources' pages and listings; the input
        # digests of its view and of the views of the four claims related to it.
        ("claims", "statement:", "statement: Up to 9x, the vendor now says", 60, 5),
        # Its own pages only (the rationale is on its page and in claims.json).
        ("claims", "rationale:", "rationale: Read again by the desk.", 6, 5),
        # The source's own pages, and sources.json: no claim's page shows its notes.
        ("sources", "notes:", "notes: Fetched again by the desk.", 6, 0),
    ],
)
def test_in_the_benchmarks_tracker_an_edit_selects_few_outputs(
    generated: tuple[Path, Site],
    tmp_path: Path,
    folder: str,
    field: str,
    value: str,
    most: int,
    views: int,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    source, before = generated
    root = tmp_path / "tracker"
    shutil.copytree(source, root)
    path = next(p for p in sorted((root / folder).glob("*.yaml")) if field in p.read_text())
    _replace_line(path, field, value)
    after = cold(root, tmp_path)
    selected, changed = selected_and_changed(before, after)
    assert changed <= selected, f"changed, not selected: {sorted(changed - selected)}"
    assert_small(selected - changed, after, {path.stem})
    assert 0 < len(selected) <= most, sorted(selected)
    assert_groups(before, after, selected)
    # With the record of the build before the edit: the same digests, fewer worked out.
    made = counting_views(monkeypatch)
    warm = cold(root, tmp_path / "warm", before.cache)
    assert warm.views == after.views
    assert warm.keys == after.keys
    assert len(made) == views, sorted(made)
