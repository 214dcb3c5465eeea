"""Records kept as plain data and rebuilt without validation (records/plain.py), and the
loader's use of them: an unchanged record file is never parsed or validated again, and the
record it gets is the one validation made, to the last field set and type."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import orjson
import pytest
from pydantic import BaseModel, ValidationError

from claimtrack.errors import ClaimtrackError
from claimtrack.layout import classify
from claimtrack.load import Cache, Loader
from claimtrack.load import parse as parse_module
from claimtrack.load import tracker as tracker_module
from claimtrack.load.assembled import Tracker
from claimtrack.load.parse import finish_record, parse_bytes
from claimtrack.records import Claim, Source, TrackerSettings
from claimtrack.records.claim import Names
from claimtrack.records.plain import plain, rebuild

from .conftest import FIXTURES, REPO

MODELS: dict[str, type[BaseModel]] = {
    "claim": Claim,
    "source": Source,
    "settings": TrackerSettings,
}


def _unmemoised(model: BaseModel) -> dict[str, Any] | None:
    private = model.__pydantic_private__
    return None if private is None else {k: v for k, v in private.items() if k != "_memo"}


def same(a: Any, b: Any, where: str = "record") -> None:
    """``a`` and ``b`` are the same value all the way down: types (an int is no float, a
    list no tuple), every model's fields, the fields its file set, its private and extra
    attributes (Claim's == looks at its fields alone), but for the memo of what is worked
    out from them (Claim.remembered), which a record read earlier holds."""
    assert type(a) is type(b), f"{where}: {type(a).__name__} != {type(b).__name__}"
    if isinstance(a, BaseModel):
        assert a.model_fields_set == b.model_fields_set, where
        assert _unmemoised(a) == _unmemoised(b), where
        assert a.__pydantic_extra__ == b.__pydantic_extra__, where
        assert a.__dict__.keys() == b.__dict__.keys(), where
        for name, value in a.__dict__.items():
            same(value, b.__dict__[name], f"{where}.{name}")
    elif isinstance(a, list | tuple):
        assert len(a) == len(b), where
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            same(x, y, f"{where}[{i}]")
    elif isinstance(a, dict):
        assert list(a) == list(b), where
        for key, value in a.items():
            same(value, b[key], f"{where}[{key!r}]")
    else:
        assert a == b, where


def record_files(root: Path) -> Iterator[tuple[str, str, bytes]]:
    """(rel, kind, bytes) of each record file of a tracker: claims, sources, tracker.yaml."""
    for path in sorted(root.rglob("*.y*ml")):
        rel = path.relative_to(root).as_posix()
        found = classify(rel)
        if found is not None and found[0] in MODELS:
            yield rel, found[0], path.read_bytes()


def validated(rel: str, kind: str, raw: bytes) -> BaseModel | None:
    parsed = parse_bytes(rel, raw)
    positions = parse_module.Positions(reader=lambda: raw.decode(), known={}, marks=None)
    record, _ = finish_record(rel, parsed, MODELS[kind], positions)
    return record


@pytest.fixture(scope="module")
def bench_trackers(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """The benchmark's realistic trackers, in one language and in three."""
    monkeypatch = pytest.MonkeyPatch()
    monkeypatch.syspath_prepend(str(REPO / "bench"))
    import make_tracker

    base = tmp_path_factory.mktemp("bench-plain")
    make_tracker.make(base / "one", 300)
    make_tracker.make(base / "three", 120, ("zh-Hant", "fr"))
    monkeypatch.undo()
    return [base / "one", base / "three"]


def test_a_rebuilt_record_is_the_validated_record(bench_trackers: list[Path]) -> None:
    """Over every record of the repository's tracker, of every fixture and of the bench's."""
    roots = [REPO, *sorted(p for p in FIXTURES.iterdir() if p.is_dir()), *bench_trackers]
    counts = dict.fromkeys(MODELS, 0)
    for root in roots:
        for rel, kind, raw in record_files(root):
            record = validated(rel, kind, raw)
            if record is None:
                continue
            # Through JSON bytes and back, as the cache keeps it.
            data = orjson.loads(plain(record))
            rebuilt = rebuild(MODELS[kind], data)
            same(rebuilt, record, f"{root.name}/{rel}")
            assert rebuilt == record
            counts[kind] += 1
    assert counts["claim"] > 400 and counts["source"] > 80 and counts["settings"] > 10


def _fields_sets(value: Any) -> Iterator[set[str]]:
    """The fields set of each model instance in a record."""
    if isinstance(value, BaseModel):
        yield value.model_fields_set
        for item in value.__dict__.values():
            yield from _fields_sets(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _fields_sets(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _fields_sets(item)


def test_records_share_one_set_of_each_fields_set(bench_trackers: list[Path]) -> None:
    """Validated or rebuilt, the model instances whose files set the same fields hold one
    set of their names (records/plain.share_sets): 67,000 sets were 23 MiB at 10,000
    claims.  A copy with a field changed has a set of its own; the shared one is intact."""
    validated_records, rebuilt_records = [], []
    for rel, kind, raw in record_files(bench_trackers[1]):
        record = validated(rel, kind, raw)
        assert record is not None
        validated_records.append(record)
        rebuilt_records.append(rebuild(MODELS[kind], orjson.loads(plain(record))))
    for records in (validated_records, rebuilt_records):
        sets = [s for record in records for s in _fields_sets(record)]
        by_names: dict[frozenset[str], set[int]] = {}
        for found in sets:
            by_names.setdefault(frozenset(found), set()).add(id(found))
        assert len(sets) > 1000
        assert all(len(ids) == 1 for ids in by_names.values())
    claims = [r for r in validated_records if isinstance(r, Claim)]
    first = next(c for c in claims if "revises" not in c.model_fields_set)
    shared = set(first.model_fields_set)
    copy = first.model_copy(update={"revises": None})
    assert "revises" in copy.model_fields_set
    assert first.model_fields_set == shared
    with pytest.raises(ValidationError):
        first.status = first.status  # type: ignore[misc]  # frozen: never adds to the set
    assert first.model_fields_set == shared


def test_a_claims_empty_names_are_one_set(bench_trackers: list[Path]) -> None:
    """The ids a claim names, made from its record or read from the cache: every empty
    field is the one empty set (three of four are empty most often: 6 MiB of sets at
    10,000 claims), and the names are the same either way."""
    claims = [
        record
        for rel, kind, raw in record_files(bench_trackers[0])
        if kind == "claim" and isinstance(record := validated(rel, kind, raw), Claim)
    ]
    fields = [getattr(n, f) for c in claims for n in (c.names(),) for f in _NAME_FIELDS]
    empty = [found for found in fields if not found]
    assert len(empty) > len(claims) and len({id(found) for found in empty}) == 1
    for claim in claims:
        names = claim.names()
        again = Names.from_json(orjson.loads(orjson.dumps(names.to_json())))
        assert again == names
        assert all(
            getattr(again, f) is getattr(names, f) for f in _NAME_FIELDS if not getattr(names, f)
        )


_NAME_FIELDS = ("cites", "to_check", "related", "revises")


def test_data_of_another_shape_is_refused_not_rebuilt() -> None:
    claim = validated(*next(r for r in record_files(FIXTURES / "minimal") if r[1] == "claim"))
    assert claim is not None
    good = orjson.loads(plain(claim))
    for bad in (
        {**good, "unknown": 1},
        {k: v for k, v in good.items() if k != "statement"},
        {**good, "kind": "figur"},
        {**good, "history": [{**good["history"][0], "date": "2026-13-01"}]},
        {**good, "claimant": "a name"},
        [good],
    ):
        with pytest.raises((LookupError, TypeError, ValueError, AttributeError)):
            rebuild(Claim, bad)


def _load(root: Path) -> tuple[Tracker, Cache]:
    cache = Cache.open(root)
    loaded = Loader(root, cache).load()
    cache.save()
    return loaded, cache


def _settled(root: Path) -> None:
    """Every file's stamp out of the racy window (fsutil.is_recent), as an hour ago."""
    for path in root.rglob("*"):
        if path.is_file():
            os.utime(path, (path.stat().st_atime - 3600, path.stat().st_mtime - 3600))


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The paths of the record files the loader validates from now on."""
    validated_paths: list[str] = []
    real = parse_module.finish_record

    def counted(rel: str, *args: Any) -> Any:
        validated_paths.append(rel)
        return real(rel, *args)

    monkeypatch.setattr(parse_module, "finish_record", counted)
    return validated_paths


def test_an_unchanged_record_is_never_validated_again(
    tracker: Callable[[str], Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tracker("three-languages")
    _settled(root)
    cold, _ = _load(root)
    assert cold.claims and cold.sources
    validated_paths = _counting(monkeypatch)
    warm, _ = _load(root)
    assert validated_paths == []
    for name in ("claims", "sources"):
        for rid, loaded in getattr(cold, name).items():
            same(getattr(warm, name)[rid].record, loaded.record, f"{name}/{rid}")
    same(warm.settings, cold.settings, "settings")
    assert warm.problems == cold.problems and warm.digests == cold.digests
    # Every file touched (a checkout): read again, by its digest still not validated.
    _settled(root)
    _load(root)
    assert validated_paths == []
    # One claim edited: it alone is validated again.
    claim = root / "claims" / f"{next(iter(cold.claims))}.yaml"
    claim.write_text(claim.read_text().replace("statement: ", "statement: Edited. ", 1))
    os.utime(claim, (claim.stat().st_atime - 3600, claim.stat().st_mtime - 3600))
    edited, _ = _load(root)
    assert validated_paths == [claim.relative_to(root).as_posix()]
    assert edited.claims[claim.stem].record.statement.startswith("Edited.")


def test_a_file_that_failed_keeps_its_problems_without_a_parse(
    tracker: Callable[[str], Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tracker("minimal")
    claim = root / "claims" / "rocket-speed.yaml"
    claim.write_text(claim.read_text().replace("kind: figure", "kind: figur"))
    _settled(root)
    cold, _ = _load(root)
    assert "rocket-speed" in cold.broken_claims
    validated_paths = _counting(monkeypatch)
    monkeypatch.setattr(tracker_module, "parse_one", None)  # any parse would fail
    warm, _ = _load(root)
    assert validated_paths == [] and warm.problems == cold.problems
    assert "rocket-speed" in warm.broken_claims


def _rewrite_records(path: Path, change: Callable[[dict[str, Any]], None]) -> None:
    """The cache file at ``path`` with each record's data changed by ``change``: its first
    line, then each record's JSON one after the other (load/cache/layout.py)."""
    whole = path.read_bytes()
    end = whole.index(b"\n")
    line, blob = orjson.loads(whole[:end]), whole[end + 1 :]
    out, at = [], 0
    for entry in line["records"].values():
        if entry[0] is None:
            continue
        data = orjson.loads(blob[entry[0][0] : entry[0][1]])
        change(data)
        raw = orjson.dumps(data)
        out.append(raw)
        entry[0] = [at, at + len(raw)]
        at += len(raw)
    path.write_bytes(b"".join([orjson.dumps(line), b"\n", *out]))


def test_a_record_is_rebuilt_when_first_read_not_when_loaded(
    tracker: Callable[[str], Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tracker("three-languages")
    _settled(root)
    cold, _ = _load(root)
    rebuilt: list[str] = []
    real = parse_module.rebuild

    def counted(model: type[BaseModel], data: Any) -> Any:
        rebuilt.append(model.__name__)
        return real(model, data)

    monkeypatch.setattr(parse_module, "rebuild", counted)
    warm, _ = _load(root)
    assert rebuilt == ["TrackerSettings"]
    # Who names whom comes from the cache, the same as the record says.
    assert {cid: loaded.names for cid, loaded in warm.claims.items()} == {
        cid: loaded.record.names() for cid, loaded in cold.claims.items()
    }
    assert rebuilt == ["TrackerSettings"]
    cid = next(iter(warm.claims))
    assert warm.claims[cid].record == cold.claims[cid].record
    assert rebuilt == ["TrackerSettings", "Claim"]


def test_a_stored_record_of_another_shape_is_validated_again(
    tracker: Callable[[str], Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tracker("minimal")
    _settled(root)
    cold, cache = _load(root)
    assert cache.path is not None

    def unknown(data: dict[str, Any]) -> None:
        if "statement" in data:
            data["unknown"] = True  # as a record no model of this claimtrack has

    _rewrite_records(cache.path, unknown)
    validated_paths = _counting(monkeypatch)
    warm, warm_cache = _load(root)
    assert validated_paths == []  # not yet: when each is read
    for cid, loaded in cold.claims.items():
        same(warm.claims[cid].record, loaded.record, cid)
    assert sorted(validated_paths) == sorted(f"claims/{cid}.yaml" for cid in cold.claims)
    # ... and kept anew: the next load validates nothing, nor does reading its records.
    warm_cache.save()
    validated_paths.clear()
    again, _ = _load(root)
    for cid, loaded in cold.claims.items():
        same(again.claims[cid].record, loaded.record, cid)
    assert validated_paths == []


def test_a_stored_record_of_another_shape_whose_file_changed_since_says_what_to_do(
    tracker: Callable[[str], Path],
) -> None:
    """Read after its file changed (a run that loaded it, then an edit): the file cannot be
    validated in its stead, so the user is told to remove the cache, never a traceback."""
    root = tracker("minimal")
    _settled(root)
    _, cache = _load(root)
    assert cache.path is not None
    _rewrite_records(cache.path, lambda data: data.update(unknown=True))
    warm, _ = _load(root)
    loaded = next(iter(warm.claims.values()))
    file = root / loaded.path
    file.write_text(file.read_text(encoding="utf-8") + "# edited since\n", encoding="utf-8")
    with pytest.raises(ClaimtrackError) as raised:
        loaded.record  # noqa: B018 (made when read)
    assert str(raised.value) == (
        f"{loaded.path}: the cache holds a record of another shape and the file has changed "
        "since: remove the folder .claimtrack_cache and run again"
    )
