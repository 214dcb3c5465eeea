"""The cache between runs: same answers as without it, safe to delete, ignored when corrupt."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import shutil
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import orjson
import pytest

from claimtrack import check as check_module
from claimtrack.check.keys import ClaimKeys
from claimtrack.check.store import CheckStore, Contexts, Results
from claimtrack.check.units import pint_version
from claimtrack.errors import ClaimtrackError
from claimtrack.load import Cache, files
from claimtrack.load import tracker as tracker_module
from claimtrack.load.cache import CACHE_DIR, CACHE_DIR_VARIABLE, layout
from claimtrack.problems import Problem
from claimtrack.site import build_site

from .conftest import FIXTURES, TODAY, Result

Runner = Callable[..., Result]


@pytest.fixture(autouse=True)
def _cache_in_the_tracker(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(CACHE_DIR_VARIABLE)  # these tests look at the tracker's own cache


def check_json(run_cli: Runner, root: Path, *extra: str) -> list[dict[str, object]]:
    result = run_cli("check", "--root", root, "--today", TODAY, "--format", "json", *extra)
    assert result.code in (0, 1), result.output
    data: list[dict[str, object]] = json.loads(result.out)
    return data


def edit(path: Path, old: str, new: str) -> None:
    """Replace ``old`` (which must be there) by ``new`` in the file, as an editor would."""
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new), encoding="utf-8")


def broken_minimal(tracker: Callable[[str], Path]) -> Path:
    """The minimal fixture with a warning and an error whose positions need the file."""
    root = tracker("minimal")
    claim = root / "claims" / "rocket-speed.yaml"
    claim.write_text(claim.read_text().replace("kind: figure", "kind: figur"))
    return root


def test_a_warm_run_says_exactly_what_a_cold_one_says(
    run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    root = broken_minimal(tracker)
    cold = check_json(run_cli, root, "--no-cache")
    assert not (root / CACHE_DIR).exists()  # --no-cache writes nothing
    first = check_json(run_cli, root)
    assert list((root / CACHE_DIR).glob("v*.json"))
    warm = check_json(run_cli, root)
    assert cold == first == warm and cold


def test_the_cache_sees_an_edit(run_cli: Runner, tracker: Callable[[str], Path]) -> None:
    root = tracker("minimal")
    assert check_json(run_cli, root) == check_json(run_cli, root, "--no-cache")
    claim = root / "claims" / "rocket-speed.yaml"
    claim.write_text(claim.read_text().replace("kind: figure", "kind: figur"))
    codes = [p["code"] for p in check_json(run_cli, root)]
    assert "invalid-choice" in codes


def test_a_corrupt_cache_is_ignored_and_replaced(
    run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    root = broken_minimal(tracker)
    expected = check_json(run_cli, root)
    for path in (root / CACHE_DIR).glob("v*.json"):
        path.write_bytes(b'{"files": {"claims/x.yaml": [1, 2]}, "records": 7')
    assert check_json(run_cli, root) == expected
    for path in (root / CACHE_DIR).glob("v*.json"):
        path.write_text(json.dumps({"files": {}, "records": {"k": [5, []]}, "quotes": {}}))
    assert check_json(run_cli, root) == expected


def test_the_cache_can_live_elsewhere(
    run_cli: Runner, tracker: Callable[[str], Path], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    root = tracker("minimal")
    monkeypatch.setenv(CACHE_DIR_VARIABLE, str(tmp_path / "caches"))
    expected = check_json(run_cli, root)
    assert check_json(run_cli, root) == expected
    assert not (root / CACHE_DIR).exists()
    # The load stage's file and the check stage's two parts: results (the claims' problems
    # among them) and normalised archives.  No quote in context: a check shows none.
    cache = Cache.open(root)
    assert cache.path is not None and cache.path.is_relative_to(tmp_path / "caches")
    parts = [cache.path, *(cache.part_path(n) for n in ("check", "archives"))]
    assert sorted((tmp_path / "caches").glob("*/v*.json")) == sorted(parts)


def test_a_deleted_cache_is_made_again(run_cli: Runner, tracker: Callable[[str], Path]) -> None:
    root = broken_minimal(tracker)
    expected = check_json(run_cli, root)
    for path in (root / CACHE_DIR).iterdir():
        path.unlink()
    (root / CACHE_DIR).rmdir()
    assert check_json(run_cli, root) == expected
    assert (root / CACHE_DIR / ".gitignore").read_text().splitlines()[-1] == "*"


SHA = "0" * 64


def test_a_cache_of_another_version_is_not_read(tracker: Callable[[str], Path]) -> None:
    root = tracker("minimal")
    cache = Cache.open(root)
    assert cache.path is not None
    stale = cache.path.with_name("v0.0.1-0123456789abcdef.json")
    stale_part = stale.with_suffix(".check.json")
    stale.parent.mkdir(exist_ok=True)
    stale.write_text(json.dumps({"files": {}, "records": {}, "quotes": {}, "positions": {}}))
    stale_part.write_text(json.dumps({"quotes": {SHA: {"a quote": False}}}))
    CheckStore(cache).remember_quote(SHA, "a quote", True)
    cache.save()
    assert not stale.exists() and not stale_part.exists()  # replaced, never read
    assert CheckStore(Cache.open(root)).quote_result(SHA, "a quote") is True


def test_a_part_is_written_in_parts_as_orjson_writes_it_whole(tmp_path: Path) -> None:
    """Cache.save writes each part from layout.json_parts, never holding the whole text:
    the same bytes as orjson.dumps, for every part a build with a cache saves."""
    root = tmp_path / "tracker"
    shutil.copytree(FIXTURES / "revisions", root)
    cache = Cache.open(root)
    build_site(
        root, tmp_path / "site", today=dt.date.fromisoformat(TODAY), cache=cache, search=False
    )
    saved = [
        p for p in cache._parts.values() if (path := cache.part_path(p.name)) and path.exists()
    ]
    assert {part.name for part in saved} >= {"site", "check"}
    for part in saved:
        data = part.dump()
        assert b"".join(layout.json_parts(data)) == orjson.dumps(data), part.name
        path = cache.part_path(part.name)
        assert path is not None and path.read_bytes() == orjson.dumps(data), part.name
    for data in ([], [1, "a"], {}, {"a": []}, {"a": [1, [2]], "b": {"c": 1}, "d": None}, "x"):
        assert b"".join(layout.json_parts(data)) == orjson.dumps(data)


def test_a_part_of_another_layout_is_ignored_not_misread(tracker: Callable[[str], Path]) -> None:
    root = tracker("minimal")
    path = Cache.open(root).part_path(Results.name)
    assert path is not None
    path.parent.mkdir()

    def kept_after(data: dict[str, Any]) -> bool | None:
        path.write_text(json.dumps(data))
        return CheckStore(Cache.open(root)).quote_result(SHA, "a quote")

    empty: dict[str, Any] = {
        "quotes": {},
        "coverage": {},
        "diffs": {},
        "conversions": {"pint": pint_version(), "values": {}},
        "problems": {},
        "keys": ["", {}],
    }
    # The first layout: archive and quote in one key, every table flat.
    assert kept_after({**empty, "quotes": {f"{SHA}\0a quote": True}}) is None
    # A part is taken whole or not at all: a problem row too short spoils the quotes too.
    bad_problems = {"a key": [["claims/a.yaml", 1, 1, "error"]]}
    assert (
        kept_after({**empty, "quotes": {SHA: {"a quote": True}}, "problems": bad_problems}) is None
    )
    # The layout before the contexts had a part of their own (and the problems were apart).
    contexts = {SHA: {"a quote": None}}
    without_claims = {k: v for k, v in empty.items() if k != "problems"}
    assert (
        kept_after({**without_claims, "quotes": {SHA: {"a quote": True}}, "contexts": contexts})
        is None
    )
    # The layout before the sources' problems were kept: the claims' alone, named so.
    claims_only = {**without_claims, "claims": {}}
    assert kept_after({**claims_only, "quotes": {SHA: {"a quote": True}}}) is None
    # A diff between two versions without its pieces (issue 26) spoils them too.
    bad_diff = {f"{SHA} {SHA}": {"en": [[0, 0, ["Old."], ["New."]]]}}
    assert kept_after({**empty, "quotes": {SHA: {"a quote": True}}, "diffs": bad_diff}) is None
    # The layout before the last run's claim keys were kept, and a memo cut short.
    without_keys = {k: v for k, v in empty.items() if k != "keys"}
    assert kept_after({**without_keys, "quotes": {SHA: {"a quote": True}}}) is None
    short_key = {"keys": ["shared", {"a-claim": ["its digest"]}]}
    assert kept_after({**empty, "quotes": {SHA: {"a quote": True}}, **short_key}) is None
    assert kept_after({**empty, "quotes": {SHA: {"a quote": True}}}) is True
    # The quotes in context, a part of their own, likewise: a context cut short is never
    # taken for one.
    contexts = Cache.open(root).part_path(Contexts.name)
    assert contexts is not None
    contexts.write_text(json.dumps({SHA: {"a quote": ["before", "passage"]}}))
    assert CheckStore(Cache.open(root)).context(SHA, "en", "a quote") == (False, None)
    whole = ["before ", "passage", " after", 0, 7, 1]
    contexts.write_text(json.dumps({f"{SHA} en": {"a quote": whole}}))
    assert CheckStore(Cache.open(root)).context(SHA, "en", "a quote") == (True, tuple(whole))


def test_a_save_keeps_only_what_the_run_used(tracker: Callable[[str], Path]) -> None:
    root = tracker("minimal")
    cache = Cache.open(root)
    store = CheckStore(cache)
    store.remember_quote(SHA, "asked again", True)
    store.remember_quote(SHA, "never asked again", False)
    cache.save()
    cache = Cache.open(root)
    store = CheckStore(cache)
    assert store.quote_result(SHA, "asked again") is True
    store.remember_coverage((SHA, "quotes digest"), [3, 1, 1, 0])
    cache.save()
    store = CheckStore(Cache.open(root))
    assert store.quote_result(SHA, "asked again") is True
    assert store.quote_result(SHA, "never asked again") is None
    assert store.coverage_counts((SHA, "quotes digest")) == [3, 1, 1, 0]


def test_a_run_that_recalls_problems_keeps_what_it_did_not_ask_for(
    run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    claim = root / "claims" / "rocket-price.yaml"
    sha = hashlib.sha256((root / "sources" / "acme-post.txt").read_bytes()).hexdigest()
    speed, price = "It runs up to 3x faster than Rocket 1", "The price was not announced."

    def known(quote: str) -> bool | None:
        return CheckStore(Cache.open(root)).quote_result(sha, quote)

    check_json(run_cli, root)
    assert known(speed) is True and known(price) is True
    claim.write_text(claim.read_text().replace(price, "The price was never announced."))
    check_json(run_cli, root)
    # The other claim's problems were recalled, its quotes never asked for: still kept for
    # the next build, which shows them in context.  The edited quote's old text too, until
    # a run that recalls nothing.
    assert known("The price was never announced.") is False
    assert known(speed) is True and known(price) is True
    claim.write_text(claim.read_text().replace("never", "not yet"))
    check_json(run_cli, root, "--today", "2026-12-01")  # a new day: every claim checked
    assert known("The price was not yet announced.") is False
    assert known(speed) is True
    assert known(price) is None and known("The price was never announced.") is None


def count_store_calls(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Calls of CheckStore's methods that compute-and-keep (remember_*) or need the
    normalised archives (normalised_text), by name."""
    calls: Counter[str] = Counter()
    names = ("remember_quote", "remember_context", "remember_coverage", "remember_normalised")
    for name in (*names, "normalised_text"):
        real = getattr(CheckStore, name)

        def counted(self: CheckStore, *args: Any, _real: Any = real, _name: str = name) -> Any:
            calls[_name] += 1
            return _real(self, *args)

        monkeypatch.setattr(CheckStore, name, counted)
    return calls


def test_a_warm_run_finds_no_quote_and_counts_no_coverage_again(
    run_cli: Runner, tracker: Callable[[str], Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tracker("minimal")
    calls = count_store_calls(monkeypatch)
    check_json(run_cli, root)
    assert calls["remember_quote"] and calls["remember_normalised"]
    calls.clear()
    check_json(run_cli, root)
    # Every quote's result is known: the normalised archives are not even looked at.
    assert not calls
    build = ("build", "--root", root, "--today", TODAY, "--no-search")
    assert run_cli(*build).code == 0
    assert calls["remember_context"] and calls["remember_coverage"]
    calls.clear()
    assert run_cli(*build).code == 0
    assert not calls


def test_a_run_keys_again_only_the_claims_whose_file_or_shared_inputs_changed(
    run_cli: Runner, tracker: Callable[[str], Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tracker("minimal")
    made: list[str] = []
    real = ClaimKeys._made

    def counting(self: ClaimKeys, loaded: Any, digest: str) -> str:
        made.append(loaded.id)
        return real(self, loaded, digest)

    monkeypatch.setattr(ClaimKeys, "_made", counting)
    cold = check_json(run_cli, root, "--no-cache")
    assert made == []  # no cache, no keys
    check_json(run_cli, root)
    assert sorted(made) == ["rocket-price", "rocket-speed"]
    # One claim edited (a quote its source does not hold): only its key is made again, the
    # other's is the last run's, and the check says what a cold one says.
    edit(
        root / "claims" / "rocket-speed.yaml", "quote: It runs up to 3x", "quote: It runs up to 4x"
    )
    made.clear()
    warm = check_json(run_cli, root)
    assert made == ["rocket-speed"]
    assert warm == check_json(run_cli, root, "--no-cache") != cold
    # What every claim's key reads changed: a source's file, or the day.  Every claim is
    # keyed again.
    source = root / "sources" / "fr-report.yaml"
    source.write_text(source.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    made.clear()
    assert check_json(run_cli, root) == warm
    assert sorted(made) == ["rocket-price", "rocket-speed"]
    made.clear()
    next_day = run_cli("check", "--root", root, "--today", "2026-12-01", "--format", "json")
    assert next_day.code == 1 and sorted(made) == ["rocket-price", "rocket-speed"]


def test_a_sources_rules_run_again_only_when_what_they_read_changed(
    run_cli: Runner, tracker: Callable[[str], Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A source's problems are recalled by their key (check.keys.SourceKeys) in a new
    process; the claims citing it are among what its rules read (its coverage)."""
    root = tracker("minimal")
    source = root / "sources" / "acme-post.yaml"
    reviewed = "reviewed_uncited:\n  - sentence: Acme announces the Rocket 2 engine.\n"
    source.write_text(source.read_text(encoding="utf-8") + reviewed + "    reason: heading\n")
    ran: list[str] = []

    def counting(a: Any, loaded: Any) -> Iterator[Problem]:
        ran.append(loaded.id)
        return iter(())

    monkeypatch.setattr(check_module, "SOURCE_RULES", (*check_module.SOURCE_RULES, counting))
    first = check_json(run_cli, root)
    assert sorted(ran) == ["acme-post", "fr-report"]
    # rocket-price cites acme-post alone: only that source's rules run again.  It now quotes
    # the sentence acme-post names as reviewed: a warning there, as a cold check says.
    claim = root / "claims" / "rocket-price.yaml"
    edit(claim, "The price was not announced.", "Acme announces the Rocket 2 engine.")
    ran.clear()
    warm = check_json(run_cli, root)
    assert ran == ["acme-post"]
    assert warm == check_json(run_cli, root, "--no-cache") != first
    assert any(
        p["code"] == "reviewed-cited" and p["path"] == "sources/acme-post.yaml" for p in warm
    )
    # Another edit of a citing claim (its rationale) runs the source's rules again too: its
    # key holds the citing claims' files, not their quotes (which need their records).
    edit(claim, "gives no price", "has no price")
    ran.clear()
    assert check_json(run_cli, root) == warm and ran == ["acme-post"]
    # A source that names no reviewed sentence never reads the claims citing it: an edit of
    # rocket-speed, which cites both, runs acme-post's rules again, not fr-report's.
    edit(root / "claims" / "rocket-speed.yaml", "nobody has", "no one has")
    ran.clear()
    again = check_json(run_cli, root)
    assert ran == ["acme-post"]
    assert again == check_json(run_cli, root, "--no-cache")


def test_only_a_site_reads_the_quotes_in_context(
    run_cli: Runner, tracker: Callable[[str], Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tracker("minimal")
    read: list[str] = []
    real = Cache.part

    def part(self: Cache, kind: type[Any]) -> Any:
        read.append(kind.name)
        return real(self, kind)

    monkeypatch.setattr(Cache, "part", part)
    build = ("build", "--root", root, "--today", TODAY, "--no-search")
    assert run_cli(*build).code == 0
    contexts = Cache.open(root).part_path(Contexts.name)
    assert contexts is not None and json.loads(contexts.read_text(encoding="utf-8"))
    # A check (warm, then after an edit) never reads them, nor writes their file again.
    before = contexts.stat().st_mtime_ns
    read.clear()
    check_json(run_cli, root)
    claim = root / "claims" / "rocket-speed.yaml"
    claim.write_text(claim.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    check_json(run_cli, root)
    assert "check" in read and Contexts.name not in read
    assert contexts.stat().st_mtime_ns == before
    # A build after an edit does: the edited claim's page shows its quotes in context.
    claim.write_text(claim.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    read.clear()
    assert run_cli(*build).code == 0
    assert Contexts.name in read


def test_a_one_shot_build_keeps_every_record_though_it_drops_them_early(
    run_cli: Runner, tracker: Callable[[str], Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tracker("minimal")
    released = []
    real = Cache.release_records

    def release(self: Cache) -> None:
        real(self)
        released.append(len(self.records.kept()))

    monkeypatch.setattr(Cache, "release_records", release)
    build = ("build", "--root", root, "--today", TODAY, "--no-search")
    assert run_cli(*build).code == 0
    assert released == [0]  # gone from memory before the model was made
    # ... yet written: the next run finds every record file's parse result.
    cache = Cache.open(root)
    records = [d for rel, (_, d) in cache.files.items() if rel.endswith(".yaml")]
    assert records and all(cache.stored_record(d) for d in records)
    # A save after the release writes the parts only, never an emptied load file.
    loaded = cache.path.read_bytes() if cache.path else b""
    cache.release_records()
    CheckStore(cache).remember_quote(SHA, "new", True)
    cache._dirty = True  # as if a file's stamp had changed since: still not written
    cache.save()
    assert cache.path is not None and cache.path.read_bytes() == loaded
    assert CheckStore(Cache.open(root)).quote_result(SHA, "new") is True


def test_a_warm_run_reads_no_archive_whose_stamp_is_unchanged(
    run_cli: Runner, tracker: Callable[[str], Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """An archive's digest is trusted by its stamp as a record's is: a check or build
    after a claim's edit whose quotes' results are all known reads no archived text; one
    that needs a text reads it then, and an archive changed since is read anew."""
    root = tracker("minimal")
    archive = root / "sources" / "fr-report.txt"
    when = time.time_ns() - 3600 * 10**9  # a stamp within two seconds is never trusted
    for path in root.rglob("*"):
        os.utime(path, ns=(when, when))
    check = ("check", "--root", root, "--today", TODAY)
    assert run_cli(*check).code in (0, 1)
    read: list[str] = []
    real_load, real_read = tracker_module.load_archive, files._read_archive
    monkeypatch.setattr(
        tracker_module, "load_archive", lambda *a: read.append("loaded") or real_load(*a)
    )
    monkeypatch.setattr(files, "_read_archive", lambda *a: read.append(a[1]) or real_read(*a))
    claim = root / "claims" / "rocket-speed.yaml"
    claim.write_text(claim.read_text() + "# Read again by the desk.\n")
    os.utime(claim, ns=(when, when + 1))
    warm = run_cli(*check)
    assert warm.code in (0, 1) and read == []
    build = run_cli("build", "--root", root, "--today", TODAY, "--no-search")
    assert build.code == 0 and "loaded" not in read
    # Changed since: read, digested and checked again, as on a first run.
    archive.write_text(archive.read_text() + "\nAdded later.\n", encoding="utf-8")
    os.utime(archive, ns=(when, when + 2))
    assert run_cli(*check).code in (0, 1) and "loaded" in read
    assert (
        Cache.open(root).files["sources/fr-report.txt"][1]
        == hashlib.sha256(archive.read_bytes()).hexdigest()
    )


def test_an_archive_changed_while_it_is_read_is_an_error_not_a_wrong_text(
    tmp_path: Path,
) -> None:
    (tmp_path / "a.txt").write_text("the words digested", encoding="utf-8")
    digest = hashlib.sha256(b"the words digested").hexdigest()
    assert files.Archive.later(tmp_path, "a.txt", digest).text == "the words digested"
    later = files.Archive.later(tmp_path, "a.txt", digest)
    (tmp_path / "a.txt").write_text("other words", encoding="utf-8")
    for _ in range(2):  # asked again, the same error (not an internal one)
        with pytest.raises(ClaimtrackError, match=r"a\.txt changed while claimtrack"):
            _ = later.text
    assert later == files.Archive("a.txt", "the words digested", digest)


def _aged(root: Path) -> int:
    """Date every file of the tracker an hour back (a stamp within two seconds is never
    trusted); the time used."""
    when = time.time_ns() - 3600 * 10**9
    for path in root.rglob("*"):
        if CACHE_DIR not in path.parts:
            os.utime(path, ns=(when, when))
    return when


def test_a_save_after_an_edit_appends_what_it_added_to_the_journal(
    run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    """The load file is written whole once; a run after one claim's edit appends that
    claim's record and stamp to the journal beside it, and the next run reads both: the
    same answers as a cold run, the edited file trusted by its new stamp."""
    root = broken_minimal(tracker)
    when = _aged(root)
    first = check_json(run_cli, root)
    cache = Cache.open(root)
    assert cache.path is not None
    journal = layout.journal_path(cache.path)
    whole = cache.path.read_bytes()
    assert not journal.exists()
    claim = root / "claims" / "rocket-price.yaml"
    claim.write_text(claim.read_text() + "# Read again by the desk.\n")
    os.utime(claim, ns=(when, when + 1))
    assert check_json(run_cli, root) == first
    assert cache.path.read_bytes() == whole  # not written again
    added = journal.read_bytes()
    assert 0 < len(added) < len(whole)
    assert b"Read again by the desk" not in added  # the record's data, not its text
    known = Cache.open(root)
    digest = known.files["claims/rocket-price.yaml"][1]
    assert known.files["claims/rocket-price.yaml"][0][0] == when + 1
    assert known.stored_record(digest) is not None
    assert check_json(run_cli, root) == check_json(run_cli, root, "--no-cache")


def test_a_journal_cut_short_is_read_up_to_the_cut_then_written_anew(
    run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    root = broken_minimal(tracker)
    when = _aged(root)
    cold = check_json(run_cli, root, "--no-cache")
    check_json(run_cli, root)
    claims = sorted((root / "claims").glob("*.yaml"))
    for n, claim in enumerate(claims[:2]):
        claim.write_text(claim.read_text() + f"# Read again, {n}.\n")
        os.utime(claim, ns=(when, when + n + 1))
        check_json(run_cli, root)
    cache = Cache.open(root)
    assert cache.path is not None
    journal = layout.journal_path(cache.path)
    entries = journal.read_bytes()
    second = entries.index(b"\n", entries.index(b"\n") + 1)  # within the second entry
    journal.write_bytes(entries[: second - 5])  # a run killed while appending it
    cut = Cache.open(root)
    assert cut.files[relative(root, claims[0])][0][0] == when + 1  # the first entry read
    assert (
        relative(root, claims[1]) not in cut.files
        or cut.files[relative(root, claims[1])][0][0] != when + 2
    )
    # The next run that saves (here after the second claim is touched again) writes the
    # whole file anew: an entry appended after the cut would never be read.
    os.utime(claims[1], ns=(when, when + 3))
    assert check_json(run_cli, root) == cold
    assert not journal.exists()
    assert Cache.open(root).files[relative(root, claims[1])][0][0] == when + 3


def test_the_file_is_written_anew_once_the_journal_outgrows_a_quarter_of_it(
    run_cli: Runner, tracker: Callable[[str], Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(layout, "JOURNAL_MIN", 8192)  # a few entries, for a small file
    root = broken_minimal(tracker)
    when = _aged(root)
    check_json(run_cli, root)
    cache = Cache.open(root)
    assert cache.path is not None
    journal, size = layout.journal_path(cache.path), cache.path.stat().st_size
    claim = root / "claims" / "rocket-price.yaml"
    grown = []
    for n in range(40):
        claim.write_text(claim.read_text() + f"# Read again, {n}.\n")
        os.utime(claim, ns=(when, when + n + 1))
        check_json(run_cli, root)
        grown.append(journal.stat().st_size if journal.exists() else 0)
        if not grown[-1] and n:
            break
    # Written anew once it would outgrow its bound, the journal gone.
    assert 0 < max(grown) <= max(size // 4, 8192) and grown[-1] == 0
    assert cache.path.stat().st_size < size + max(grown)  # the old records left out


def relative(root: Path, path: Path) -> str:
    return path.relative_to(root).as_posix()
