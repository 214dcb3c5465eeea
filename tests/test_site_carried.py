"""A command's build in place makes only what an edit touched (site/carried.py).

After one claim's statement changed, `claimtrack build` in a new process (here: a new
SiteBuilder reading the disk cache, as a new process does) makes the page-only parts of a
claim's view (its quotes, its timeline) only for the claims whose pages it renders,
plans the outputs of only the claims whose group key moved, and makes claims.json's line
of only the edited claim; the rest it takes over from the last build's record and files.
The site is the cold build's, byte for byte, and a file edited or deleted by hand in the
site is not taken over.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson
import pytest

from claimtrack.check.store import CheckStore
from claimtrack.load import Cache
from claimtrack.site import BuildResult, build_site, inputs
from claimtrack.site import build as site_build
from claimtrack.site.data import jsonfiles
from claimtrack.site.last_build import LastBuild
from claimtrack.site.model import views
from claimtrack.site.plan import claim_pages
from claimtrack.site.plan.outputs import Output
from claimtrack.site.publish import commit

from .site_support import FIXTURE_TODAY, benchmark_tracker, files_of


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The benchmarks' tracker at 60 claims, in English and French."""
    return benchmark_tracker(tmp_path_factory.mktemp("generated") / "tracker", 60)


def _build(root: Path, out: Path, cache: Cache | None = None) -> BuildResult:
    return build_site(root, out, today=FIXTURE_TODAY, cache=cache or Cache.open(root), search=False)


def _cold(root: Path, where: Path) -> dict[str, bytes]:
    _build(root, where, Cache.disabled())
    return files_of(where)


def _edit_statement(root: Path) -> str:
    """Add words to the statement of the first claim with a plain one; returns its id."""
    for path in sorted((root / "claims").glob("*.yaml")):
        lines = path.read_text(encoding="utf-8").split("\n")
        at = next((i for i, line in enumerate(lines) if line.startswith("statement: ")), None)
        if at is not None and lines[at][len("statement: ") :][:1] not in ('"', "'", ">", "|"):
            lines[at] += " Edited by the desk."
            path.write_text("\n".join(lines), encoding="utf-8")
            return path.stem
    raise AssertionError("no claim with a plain statement")


def _counting(
    monkeypatch: pytest.MonkeyPatch, owner: Any, name: str, who: Callable[..., str]
) -> list[str]:
    """Wrap ``owner.name``; each call appends ``who(*args)`` to the list returned."""
    calls: list[str] = []
    original = getattr(owner, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(who(*args))
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return calls


def _watch(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[str]]:
    """Which claims had their page-only parts made, their outputs planned, their
    claims.json line made, and which records had what their views show digested
    (inputs.shown), in the next build."""
    later = views.ClaimView.__getattr__  # type: ignore[attr-defined]

    def made(view: views.ClaimView, name: str) -> Any:
        if "_page" in view.__dict__ and name in views.PAGE_ONLY:
            whole.append(view.summary.id)
        return later(view, name)

    whole: list[str] = []
    monkeypatch.setattr(views.ClaimView, "__getattr__", made)
    return {
        "whole": whole,
        "planned": _counting(monkeypatch, claim_pages, "claim_outputs", lambda *a: a[2].summary.id),
        "lines": _counting(monkeypatch, jsonfiles, "claim_line", lambda v, s: v.summary.id),
        "shown": _counting(
            monkeypatch, inputs, "shown", lambda r: getattr(r, "statement", "a source")
        ),
    }


def test_a_statement_edit_makes_only_the_claims_it_touches(
    generated: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root, out = tmp_path / "tracker", tmp_path / "site"
    shutil.copytree(generated, root)
    assert _build(root, out).full
    edited = _edit_statement(root)
    seen = _watch(monkeypatch)
    result = _build(root, out)
    monkeypatch.undo()
    assert not result.full
    assert files_of(out) == _cold(root, tmp_path / "cold")
    # Its outputs planned in both languages, and those of the claims whose pages show its
    # summary (related claims, its chain): far from all 60.
    planned = set(seen["planned"])
    assert edited in planned and len(seen["planned"]) <= 2 * len(planned) <= 2 * 12
    # claims.json: the lines of those claims made (once each), the others taken from the file.
    assert edited in seen["lines"] and len(set(seen["lines"])) == len(seen["lines"])
    assert set(seen["lines"]) <= planned
    # Page-only parts made only where a page is rendered: the claims planned again.
    assert edited in seen["whole"] and set(seen["whole"]) <= planned
    # What the views show of a record alone: digested again for the edited claim only, the
    # others' taken from the last build's record (a new process rebuilds no record for it).
    statement = next(
        line
        for line in (root / "claims" / f"{edited}.yaml").read_text(encoding="utf-8").split("\n")
        if line.startswith("statement: ")
    )
    assert seen["shown"] == [statement[len("statement: ") :]]
    # The record's groups and pieces describe the new site: a second build plans nothing.
    seen = _watch(monkeypatch)
    again = _build(root, out)
    made = (again.written, seen["planned"], seen["lines"], seen["whole"], seen["shown"])
    assert made == (0, [], [], [], [])


def test_the_lines_taken_over_are_written_from_the_old_file_without_a_copy(
    generated: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """claims.json's unchanged lines are views into the one read of the file the last
    build wrote, and the new file is written from its parts, never joined: at 10,000
    claims the file is 26 MB, and held four times it was the peak of a build in place."""
    root, out = tmp_path / "tracker", tmp_path / "site"
    shutil.copytree(generated, root)
    _build(root, out)
    old = (out / "claims.json").read_bytes()
    edited = _edit_statement(root)
    staged: dict[str, Any] = {}
    stage = commit._stage

    def watched(path: Path, data: Any) -> Any:
        staged[path.name] = data
        return stage(path, data)

    monkeypatch.setattr(commit, "_stage", watched)
    made = _watch(monkeypatch)["lines"]
    _build(root, out)
    monkeypatch.undo()
    assert files_of(out) == _cold(root, tmp_path / "cold")
    # claims.json's staged parts (another data file the edit changed may be staged too).
    now = (out / "claims.json").read_bytes()
    (parts,) = [d for d in staged.values() if not isinstance(d, bytes) and b"".join(d) == now]
    lines = [part for part in parts if isinstance(part, memoryview)]
    assert len({id(line.obj) for line in lines}) == 1  # one read of the old file
    # Every line but those made again (the edited claim's, and those showing its summary).
    claims = list((root / "claims").glob("*.yaml"))
    assert edited in made and len(lines) == len(claims) - len(made)
    assert not {orjson.loads(line)["id"] for line in lines} & set(made)
    assert now != old


def test_a_document_s_lines_are_views_into_it() -> None:
    whole = b'{"schema_version":1,"title":"T","claims":[\n{"id":"a"},\n{"id":"b,\\n"}\n]}\n'
    lines = jsonfiles.document_lines(whole)
    assert [bytes(line) for line in lines] == [b'{"id":"a"}', b'{"id":"b,\\n"}']
    assert all(line.obj is whole for line in lines)
    empty = b'{"schema_version":1,"title":"T","claims":[]}\n'
    assert jsonfiles.document_lines(empty) == [] == jsonfiles.document_lines(b"{}")


def test_what_was_changed_by_hand_in_the_site_is_not_taken_over(
    generated: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root, out = tmp_path / "tracker", tmp_path / "site"
    shutil.copytree(generated, root)
    _build(root, out)
    claims = sorted(p.stem for p in (root / "claims").glob("*.yaml"))
    # claims.json edited by hand: no line is taken from it; a claim's page deleted: its
    # group is planned and the page written again.
    (out / "claims.json").write_bytes(b'{"edited": "by hand"}\n')
    (out / "claims" / claims[3] / "index.html").unlink()
    edited = _edit_statement(root)
    seen = _watch(monkeypatch)
    _build(root, out)
    monkeypatch.undo()
    assert files_of(out) == _cold(root, tmp_path / "cold")
    assert sorted(seen["lines"]) == claims
    assert {edited, claims[3]} <= set(seen["planned"])


def test_a_write_forgets_what_a_settled_plan_carried(tmp_path: Path) -> None:
    """A build that fails after a commit settles no plan: the record keeps no group or
    piece that would describe files written since (the next build plans everything), nor
    a plan whose very outputs an update would take for unchanged (update.changed)."""
    record = LastBuild()
    record.groups = {"en x": ["digest", "claims/x/index.html"]}
    record.pieces = {"claims.json": [("x", "digest")]}
    record.current = [Output("claims/x/index.html", key="x")]
    (tmp_path / ".claimtrack-site").write_text("marker", encoding="utf-8")
    record.wrote(tmp_path, {}, {})
    assert (record.groups, record.pieces, record.current) == ({}, {}, ())
    again = LastBuild()
    again.restore(orjson.loads(orjson.dumps(record.dump())))
    assert (again.groups, again.pieces) == ({}, {})


def test_the_record_reads_back_what_it_wrote(tmp_path: Path) -> None:
    """Written column by column, read back by zip: the same entries, and data of another
    shape refused whole (the cache then starts the part anew), never half read."""
    record = LastBuild()
    (tmp_path / ".claimtrack-site").write_text("marker", encoding="utf-8")
    files = {"a/index.html": ("key a", "bytes a", (1, 2, 3)), "b.json": ("", "bytes b", (4, 5, 6))}
    record.wrote(tmp_path, files, {})
    record.groups = {"en a": ["digest", "a/index.html"]}
    # sources.json's pieces with no source: read back as none, not refused.
    record.pieces = {"claims.json": [("a", "digest a"), ("b", "")], "sources.json": []}
    record.records = {"file digest": ("shown", "named")}
    data = orjson.loads(orjson.dumps(record.dump()))
    again = LastBuild()
    again.restore(data)
    assert again.files.items == files and again.folder == record.folder
    assert (again.groups, again.pieces, again.records) == (
        record.groups,
        record.pieces,
        record.records,
    )
    data["files"][3].pop()  # a stamp cut short
    with pytest.raises(ValueError):
        LastBuild().restore(data)


def test_pint_is_asked_once_for_a_conversion(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check store keeps pint's answers: a later run converts without pint."""
    cache = Cache(tmp_path / "cache")
    assert CheckStore(cache).converted(120.0, "tokens/min", "tokens/s") == pytest.approx(2.0)
    assert CheckStore(cache).converted(1.0, "x", "tokens/s") is None
    cache.save()

    def no_pint(value: float, unit: str, target: str) -> float | None:
        raise AssertionError("pint asked again")

    monkeypatch.setattr("claimtrack.check.store.converted", no_pint)
    kept = CheckStore(Cache(tmp_path / "cache"))
    assert kept.converted(120.0, "tokens/min", "tokens/s") == pytest.approx(2.0)
    assert kept.converted(1.0, "x", "tokens/s") is None
    assert kept.converted(3.0, "ms", "ms") == 3.0  # the same unit: no conversion at all

    # Reading and saving the part asks nothing of pint: a run that converts nothing (most
    # runs with a cache) never looks its version up, and keeps the answers as they were.
    def no_version() -> str:
        raise AssertionError("pint's version looked up")

    monkeypatch.setattr("claimtrack.check.store.pint_version", no_version)
    again = Cache(tmp_path / "cache")
    CheckStore(again).remember_quote("0" * 64, "a quote", True)
    again.keep_unused()  # as a run that recalls claims' problems (Cache.keep_unused)
    again.save()
    monkeypatch.undo()
    monkeypatch.setattr("claimtrack.check.store.converted", no_pint)
    kept = CheckStore(Cache(tmp_path / "cache"))
    assert kept.converted(120.0, "tokens/min", "tokens/s") == pytest.approx(2.0)
    # Another version of pint may convert otherwise: its answers are not read.
    monkeypatch.setattr("claimtrack.check.store.pint_version", lambda: "0.0-other")
    with pytest.raises(AssertionError, match="pint asked again"):
        CheckStore(Cache(tmp_path / "cache")).converted(120.0, "tokens/min", "tokens/s")


def test_a_full_build_after_carrying_plans_everything(
    generated: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Too many pages changed for an update in place (here: any): the build that carried
    groups over writes a whole new folder all the same, the cold build's."""
    root, out = tmp_path / "tracker", tmp_path / "site"
    shutil.copytree(generated, root)
    _build(root, out)
    _edit_statement(root)
    monkeypatch.setattr(site_build, "FULL_REBUILD_MIN", 0)
    monkeypatch.setattr(site_build, "FULL_REBUILD_SHARE", 0.0)
    result = _build(root, out)
    monkeypatch.undo()
    assert result.full
    assert files_of(out) == _cold(root, tmp_path / "cold")
